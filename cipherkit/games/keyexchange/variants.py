"""States a viewer cannot tell apart from the true one (the no-leak check's twins).

A secret number once chosen is fixed by the public number it sent (g^secret mod p has one
exponent below p − 1 when g generates), so a variant keeps it; it re-deals what the
viewer has not seen: the other seat's unchosen offers and, before it is sent, the code
(for everyone but the seat that sends it).

>>> from cipherkit.core.rng import Rng
>>> from cipherkit.games.keyexchange.rules import new_game
>>> state = new_game(seed=3)
>>> twin = hidden_variant(state, 0, Rng(9))
>>> twin.observe(0) == state.observe(0), twin.offers[1] != state.offers[1]
(True, True)
"""

from __future__ import annotations

from cipherkit.core.protocol import SPECTATOR, Viewer
from cipherkit.core.rng import Rng
from cipherkit.games.keyexchange.rules import KeyExchangeState

__all__ = ["hidden_variant", "viewers"]


def viewers(state: KeyExchangeState) -> list[Viewer]:
    """Both seats and the eavesdropper."""
    return [0, 1, SPECTATOR]


def hidden_variant(state: KeyExchangeState, viewer: Viewer, rng: Rng) -> KeyExchangeState:
    """A copy of ``state`` that ``viewer`` cannot distinguish from it."""
    twin = state.copy()
    if state.sent:
        return twin
    pool = range(2, state.config["p"] - 1)
    for seat in (0, 1):
        if seat == viewer:
            continue
        chosen = state.secrets[seat]
        size = state.config["offers"]
        others = [n for n in pool if n != chosen]
        drawn = rng.sample(others, size - (chosen is not None))
        twin.offers[seat] = sorted([*drawn, *([] if chosen is None else [chosen])])
    if viewer != 0:
        twin.code = rng.randint(1000, 9999)
    return twin
