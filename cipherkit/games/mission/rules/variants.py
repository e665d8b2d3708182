"""States a viewer cannot tell apart from the true one (no-leak checks, search bots).

Design notes: ``docs/design-notes.md``, ``cipherkit.games.mission.rules.variants``.

>>> from cipherkit.core.rng import Rng
>>> from cipherkit.games.mission import new_game
>>> state = new_game({"players": 2, "first_player": 0}, seed=2)
>>> twin = hidden_variant(state, 0, Rng(5))
>>> twin.observe(0) == state.observe(0), twin.to_json() == state.to_json()
(True, False)
"""

from __future__ import annotations

from cipherkit.core.protocol import SPECTATOR, Viewer
from cipherkit.core.rng import Rng
from cipherkit.games.mission.rules.phases import OVER
from cipherkit.games.mission.rules.state import MissionState

LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
"""The Latin alphabet (a variant draws from its mission's :attr:`Mission.alphabet`)."""


def hidden_variant(state: MissionState, viewer: Viewer, rng: Rng) -> MissionState:
    """A copy of ``state`` that ``viewer`` cannot distinguish from it."""
    twin = state.copy()
    if state.phase == OVER:
        return twin
    seat = viewer if isinstance(viewer, int) and not isinstance(viewer, bool) else None
    # cards: deck order and the hands the viewer does not hold
    hidden = [c for c, s in enumerate(state.seat_of) if s != seat]
    pool = list(state.deck)
    for c in hidden:
        pool += state.hands[c]
    rng.shuffle(pool)
    for c in hidden:
        size = len(state.hands[c])
        twin.hands[c], pool = pool[:size], pool[size:]
    twin.deck = pool
    # face-down tokens
    known = state.peeks[seat] if seat is not None else set()
    slots = [
        (r, i)
        for r, stack in enumerate(state.stacks)
        for i, token in enumerate(stack)
        if token not in known
    ]
    old = [state.stacks[r][i] for r, i in slots]
    new = old[:]
    rng.shuffle(new)
    for (r, i), token in zip(slots, new, strict=True):
        twin.stacks[r][i] = token
    moved = dict(zip(old, new, strict=True))
    for s in range(state.players):
        if s != seat:
            twin.peeks[s] = {moved.get(x, x) for x in state.peeks[s]}
    # unopened window contents
    t = state.t
    closed = [g for g in range(len(t.glyphs)) if t.on_card[g] and not state.opened[g]]
    contents = [state.key[g] for g in closed]
    rng.shuffle(contents)
    if contents and rng.randbelow(2):
        contents[rng.randbelow(len(contents))] = rng.choice(state.mission.alphabet)
    for g, content in zip(closed, contents, strict=True):
        twin.key[g] = content
    twin.rng = rng.spawn()
    return twin


def viewers(state: MissionState) -> list[Viewer]:
    """Who may look at a mission game: every seat and a spectator."""
    return [*range(state.players), SPECTATOR]
