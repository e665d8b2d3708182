"""How generic tools (the :class:`~cipherkit.widgets.Replay` widget) show a Decipher game.

The presentation hooks of :data:`cipherkit.games.decipher.GAME`: pure functions of a
state or of one observation, with no notebook library. Their words are in the language
in force where they are called (a widget calls them inside its ``speaking()`` block).

>>> from cipherkit.games.decipher import new_game
>>> state = new_game({"first_player": 0}, seed=2)
>>> title(state)
'Decipher'
>>> drawn = board(state.observe(0), None)
>>> drawn["facts"][:2], drawn["tables"][0]["columns"][:2]
([['Turn', 1], ['Phase', 'play']], ['player', 'hidden code'])
>>> drawn["tables"][0]["rows"][1][1]   # the other player's code is hidden
'hidden'
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from cipherkit.core.protocol import SPECTATOR, JsonDict, State
from cipherkit.games.decipher.cards import Card
from cipherkit.games.decipher.rules import player_name
from cipherkit.i18n import _, ngettext, pgettext

__all__ = ["board", "omniscient", "progress", "seat_names", "title"]


def title(state: State) -> str:
    """The game's title."""
    return "Decipher"


def seat_names(state: State) -> list[str]:
    """The players' names, a default name (``"Player 1"``) in the reader's language.

    >>> from cipherkit.games.decipher import new_game
    >>> seat_names(new_game(seed=1))
    ['Player 1', 'Player 2']
    """
    names = list(getattr(state, "config", {}).get("names") or [])
    return [str(player_name(names, seat)) for seat in range(len(names))]


def omniscient(state: Any) -> tuple[JsonDict, JsonDict]:
    """The author's view after the fact: the spectator's observation with both codes,
    both hands and the guesses filled in, and what no player sees (the deck).

    >>> from cipherkit.games.decipher import new_game
    >>> obs, truth = omniscient(new_game(seed=1))
    >>> all(obs["hidden"]) and all(obs["hands"]), len(truth["deck"])
    (True, 34)
    """
    obs: JsonDict = dict(state.observe(SPECTATOR))
    obs["hidden"] = [[str(c) for c in code] for code in state.hidden]
    obs["hands"] = [[str(c) for c in hand] for hand in state.hands]
    obs["guesses"] = [[str(c) for c in guesses] for guesses in state.guesses]
    return obs, {"deck": [str(c) for c in state.deck]}


def phase_words(phase: str) -> str:
    """The phase of the game in words (``"play"``, ``"guess"``, ``"over"``).

    >>> phase_words("guess")
    'guess'
    """
    if phase == "play":
        return pgettext("decipher phase", "play")
    if phase == "guess":
        return pgettext("decipher phase", "guess")
    if phase == "over":
        return pgettext("decipher phase", "over")
    return phase


def _pretty(cards: Any) -> str:
    if cards is None:
        return _("hidden")
    return " ".join(Card.parse(c).pretty for c in cards) or "—"


def board(obs: Mapping[str, Any], truth: Mapping[str, Any] | None = None) -> JsonDict:
    """One observation as facts and a table: each player's hidden code (as far as the
    viewer knows it), the tops of the piles played on it, the hand and the hits."""
    rows = []
    names = list(obs["names"])
    for seat in range(len(names)):
        tops = []
        for pile in obs["piles"][seat]:
            if not pile:
                tops.append("—")
                continue
            tops.append(f"{Card.parse(pile[-1]['card']).pretty} ({len(pile)})")
        hand = obs["hands"][seat]
        size = obs["hand_sizes"][seat]
        rows.append(
            [
                str(player_name(names, seat)),
                _pretty(obs["hidden"][seat]),
                " · ".join(tops),
                _pretty(hand) if hand is not None else ngettext("{n} card", "{n} cards", size),
                " ".join("●" if h else "○" for h in obs["hits"][seat]),
            ]
        )
    facts: list[list[Any]] = [
        [_("Turn"), obs["turn_number"]],
        [_("Phase"), phase_words(obs["phase"])],
        [_("Deck"), obs["deck_size"]],
    ]
    if obs.get("scores") is not None:
        facts.append([_("Scores"), " : ".join(str(s) for s in obs["scores"])])
    tables: list[JsonDict] = [_players_table(obs, rows)]
    if truth is not None:
        deck = " ".join(Card.parse(c).pretty for c in truth.get("deck", [])) or "—"
        tables.append(
            {
                "title": _("The true state (omniscient)"),
                "columns": [_("what"), _("value")],
                "rows": [[_("the deck (its top card last)"), deck]],
                "truth": True,
            }
        )
    return {"svg": None, "facts": facts, "tables": tables}


def _players_table(obs: Mapping[str, Any], rows: list[list[str]]) -> JsonDict:
    """The table of the players: codes, piles, hands and hits, a row each."""
    return {
        "title": _("The table"),
        "columns": [
            _("player"),
            _("hidden code"),
            _("piles played on the other's code (top, cards)"),
            _("hand"),
            _("hits (pennies)"),
        ],
        "rows": rows,
    }


def progress(view: Mapping[str, Any]) -> tuple[str, str]:
    """How far a game is and the hits each player has scored, from a spectator's view.

    >>> progress({"turn_number": 2, "hits": [[True, False], [False, False]]})
    ('turn 2', 'hits 1 : 0')
    """
    hits = view.get("hits") or []
    counts = " : ".join(str(sum(bool(h) for h in row)) for row in hits)
    score = _("hits {counts}", counts=counts) if hits else ""
    turn = view.get("turn_number")
    return (_("turn {n}", n=turn) if turn else ""), score
