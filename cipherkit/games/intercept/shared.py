"""Which seats share a decision in intercept: a team's one guess.

Design notes: ``docs/intercept.md``, ``cipherkit.games.intercept.shared``.

>>> from cipherkit.games.intercept import new_game, parse_action
>>> keywords = {"white": ["black", "dragonfly", "cocktail", "sombrero"],
...             "black": ["antiquity", "bone", "morning", "nightmare"]}
>>> state = new_game({"keywords": keywords, "players": 6}, seed=1)
>>> state.encryptors, shared_with(state, 0)
([0, 1], [0])
>>> for seat, word in [(0, "bar"), (0, "insect"), (0, "hat"),
...                    (1, "old"), (1, "skull"), (1, "dawn")]:
...     _ = state.apply(seat, parse_action(f"clue {word}"))
>>> state.decryptors(), shared_with(state, 2), shared_with(state, 1)
([2, 4], [2, 4], [1])
"""

from __future__ import annotations

from cipherkit.core.protocol import Seat
from cipherkit.games.intercept.state import InterceptState

__all__ = ["shared_with"]


def shared_with(state: InterceptState, seat: Seat) -> list[Seat]:
    """The seats whose one action decides for ``seat`` now: the team's other eligible
    guessers when ``seat`` may guess, else ``seat`` alone."""
    for eligible in (state.decryptors(), state.interceptors(), state.keyword_guessers()):
        if seat in eligible:
            team = state.team_of(seat)
            return [s for s in eligible if state.team_of(s) == team]
    return [seat]
