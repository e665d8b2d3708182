"""States a viewer cannot tell apart from the true one (used by no-leak checks and bots).

Design notes: ``docs/intercept.md``, ``cipherkit.games.intercept.variants``.

>>> from cipherkit.core.rng import Rng
>>> from cipherkit.games.intercept import new_game
>>> state = new_game(seed=2)
>>> twin = hidden_variant(state, 0, Rng(9))
>>> twin.observe(0) == state.observe(0), twin.keywords[1] != state.keywords[1]
(True, True)
"""

from __future__ import annotations

from typing import cast

from cipherkit.core.protocol import Viewer
from cipherkit.core.rng import Rng
from cipherkit.games.intercept.actions import BLANK, CODES, Code
from cipherkit.games.intercept.config import OVER, stock_clues
from cipherkit.games.intercept.state import InterceptState
from cipherkit.games.intercept.words import keywords as keyword_list


def _code_known(state: InterceptState, team: int, viewer: Viewer) -> bool:
    """Whether ``viewer`` knows team ``team``'s current code (revealed, or its Encryptor)."""
    revealed = any(
        r["team"] == team and r["round"] == state.round and r["code"] is not None
        for r in state.history
    )
    return revealed or viewer == state.encryptors[team]


def _current_code(state: InterceptState, team: int) -> Code:
    """The team's code this round: every coding team draws one when a round starts."""
    return cast(Code, state.codes[team])


def _clues_read(state: InterceptState, team: int) -> bool:
    return any(r["team"] == team and r["round"] == state.round for r in state.history)


def hidden_variant(state: InterceptState, viewer: Viewer, rng: Rng) -> InterceptState:
    """A copy of ``state`` that ``viewer`` cannot distinguish from it."""
    twin = state.copy()
    if state.phase == OVER:
        return twin
    team = state.viewer_team(viewer)
    stock = stock_clues(state.config)
    in_play = {w for words in state.keywords for w in words}
    pool = [w for w in keyword_list(state.config["language"]) if w not in in_play]
    for t in range(state.coding_teams):
        if t == team:
            continue
        twin.keywords[t] = rng.sample(pool, 4)
        pool = [w for w in pool if w not in twin.keywords[t]]
        if not _code_known(state, t, viewer):
            deck = [*state.decks[t], _current_code(state, t)]
            if not state.config["no_repeat_codes"]:
                deck = list(CODES)
            rng.shuffle(deck)
            twin.codes[t] = deck.pop()
            twin.decks[t] = deck
        else:
            deck = list(state.decks[t])
            rng.shuffle(deck)
            twin.decks[t] = deck
        if not _clues_read(state, t) and viewer != state.encryptors[t]:
            twin.written[t] = [rng.choice(stock) for _ in state.written[t]]
            twin.written_warnings[t] = [[] for _ in state.written[t]]
    if team is not None and team < state.coding_teams:
        deck = list(state.decks[team])
        rng.shuffle(deck)
        twin.decks[team] = deck
        if not _code_known(state, team, viewer):
            if state.config["no_repeat_codes"]:
                deck = [*state.decks[team], _current_code(state, team)]
                rng.shuffle(deck)
                twin.codes[team] = deck.pop()
                twin.decks[team] = deck
            else:
                twin.codes[team] = rng.choice(CODES)
        if not _clues_read(state, team) and viewer != state.encryptors[team]:
            twin.written[team] = [rng.choice(stock) for _ in state.written[team]]
            twin.written_warnings[team] = [[] for _ in state.written[team]]
    active = state.active_team
    if active is not None:
        if state.decrypt is not None and team != active:
            twin.decrypt = rng.choice(CODES)
        if state.intercept is not None and (team is None or team == active):
            twin.intercept = rng.choice(CODES)
    for t in range(2):
        if state.keyword_guesses[t] is not None and team != t:
            twin.keyword_guesses[t] = [rng.choice([*pool[:20], BLANK]) for _ in range(4)]
    twin.rng = rng.spawn()
    return twin


def viewers(state: InterceptState) -> list[Viewer]:
    """Every seat, each team, and a spectator."""
    return [
        *range(state.players),
        *(f"team:{name}" for name in state.team_names),
        "spectator",
    ]
