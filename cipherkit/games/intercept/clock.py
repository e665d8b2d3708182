"""Intercept's sand timer as a real-time :class:`~cipherkit.core.protocol.Clock`.

With the ``timer`` option, once one Encryptor has written three clues the other has
thirty seconds (docs/rules/intercept.md §2.2); any other player may call ``timeout``.
A room keeps that time on the server and calls it itself.

>>> from cipherkit.games.intercept import new_game, parse_action
>>> keywords = {"white": ["black", "dragonfly", "cocktail", "sombrero"],
...             "black": ["antiquity", "bone", "morning", "nightmare"]}
>>> state = new_game({"keywords": keywords, "timer": True}, seed=1)
>>> clock(state) is None
True
>>> for word in ("bar", "insect", "hat"):
...     _ = state.apply(0, parse_action(f"clue {word}"))
>>> clock(state)
Clock(seconds=30.0, seats=(0, 2, 3), action='timeout', key='round 1')
"""

from __future__ import annotations

from cipherkit.core.protocol import Clock
from cipherkit.games.intercept.rules import InterceptState

__all__ = ["SAND_TIMER_SECONDS", "clock"]

SAND_TIMER_SECONDS = 30.0


def clock(state: InterceptState) -> Clock | None:
    """The sand timer once it runs (``None`` before one Encryptor is done, after the
    other is, and without the ``timer`` option)."""
    claimers = state.timer_claimers()
    if not claimers:
        return None
    return Clock(SAND_TIMER_SECONDS, tuple(claimers), "timeout", f"round {state.round}")
