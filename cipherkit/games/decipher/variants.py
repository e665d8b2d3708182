"""States a viewer cannot tell apart from the true one (used by no-leak checks and bots).

A variant keeps everything the viewer has seen (its own code and hand, every pile, every
hit) and re-deals what it has not: the opponent's code (among codes consistent with all
hits so far), the opponent's hand, the deck order, unrevealed guesses and the RNG.

>>> from cipherkit.games.decipher import new_game
>>> from cipherkit.core.rng import Rng
>>> state = new_game({"first_player": 0}, seed=2)
>>> twin = hidden_variant(state, 0, Rng(9))
>>> twin.observe(0) == state.observe(0), twin.hidden[1] == state.hidden[1]
(True, False)
"""

from __future__ import annotations

from typing import cast

from cipherkit.core.protocol import Viewer
from cipherkit.core.rng import Rng
from cipherkit.games.decipher.cards import CARDS, Card
from cipherkit.games.decipher.knowledge import fits
from cipherkit.games.decipher.rules import COLUMNS, OVER
from cipherkit.games.decipher.state import DecipherState


def _evidence(state: DecipherState, target: int) -> list[list[tuple[Card, bool]]]:
    return [
        [(card, hit) for card, hit in column if hit is not None]
        for column in state.piles[1 - target]
    ]


def _draw_codes(
    state: DecipherState, unknown: list[int], pool: list[Card], rng: Rng
) -> dict[int, list[Card]] | None:
    free = set(pool)
    codes: dict[int, list[Card]] = {}
    for seat in unknown:
        clues = _evidence(state, seat)
        code: list[Card | None] = [None] * COLUMNS
        order = list(range(COLUMNS))
        rng.shuffle(order)
        for column in order:
            options = [c for c in CARDS if c in free and fits(c, clues[column])]
            if not options:
                return None
            pick = rng.choice(options)
            free.discard(pick)
            code[column] = pick
        codes[seat] = cast("list[Card]", code)  # every column picked
    return codes


def hidden_variant(state: DecipherState, viewer: Viewer, rng: Rng) -> DecipherState:
    """A copy of ``state`` that ``viewer`` cannot distinguish from it."""
    twin = state.copy()
    if state.phase == OVER:
        return twin
    unknown = [1 - viewer] if viewer in (0, 1) else [0, 1]
    pool = list(state.deck)
    for seat in unknown:
        pool += state.hidden[seat] + state.hands[seat]
    codes = None
    for _ in range(50):
        codes = _draw_codes(state, unknown, pool, rng)
        if codes is not None:
            break
    if codes is None:  # the true codes are always consistent
        codes = {seat: list(state.hidden[seat]) for seat in unknown}
    chosen = {card for code in codes.values() for card in code}
    rest = [c for c in pool if c not in chosen]
    rng.shuffle(rest)
    for seat in unknown:
        twin.hidden[seat] = codes[seat]
        size = len(state.hands[seat])
        twin.hands[seat], rest = rest[:size], rest[size:]
        twin.guesses[seat] = [rng.choice(CARDS) for _ in state.guesses[seat]]
    twin.deck = rest
    twin.rng = rng.spawn()
    return twin


def viewers(state: DecipherState) -> list[Viewer]:
    """Who may look at a decipher game: both seats and a spectator."""
    return [0, 1, "spectator"]
