"""Intercept's sand timer as a real-time :class:`~cipherkit.core.protocol.Clock`.

With the ``timer`` option, once one Encryptor has written three clues the other has
thirty seconds, or the seconds the config gives (docs/rules/intercept.md §2.2); any other
player may call ``timeout``. A room keeps that time on the server and calls it itself.

>>> from cipherkit.games.intercept import new_game, parse_action
>>> keywords = {"white": ["black", "dragonfly", "cocktail", "sombrero"],
...             "black": ["antiquity", "bone", "morning", "nightmare"]}
>>> state = new_game({"keywords": keywords, "timer": True}, seed=1)
>>> clock(state) is None
True
>>> for word in ("bar", "insect", "hat"):
...     _ = state.apply(0, parse_action(f"clue {word}"))
>>> clock(state)
Clock(seconds=30.0, seats=(0, 2, 3), action='timeout', key='round 1', waits_on=(1,))
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from cipherkit.core.protocol import Clock
from cipherkit.games.intercept.state import InterceptState

__all__ = [
    "SAND_TIMER_SECONDS",
    "TIMER_CHOICES",
    "WARNING_SECONDS",
    "clock",
    "timer_seconds",
    "warning_due",
]

SAND_TIMER_SECONDS = 30.0
"""The sand timer of ``timer: true``."""

TIMER_CHOICES = (30, 60, 90, 120, 300)
"""The lengths a page offers for the sand timer (seconds: up to ten times the usual)."""

WARNING_SECONDS = 10.0
"""The sand timer warns the players this many seconds before it runs out."""


def timer_seconds(config: Mapping[str, Any]) -> float | None:
    """The sand timer's seconds in a config (``None``: no timer).

    >>> timer_seconds({"timer": True}), timer_seconds({"timer": 90})
    (30.0, 90.0)
    >>> timer_seconds({"timer": False}) is None
    True
    """
    timer = config.get("timer", False)
    if timer is False or timer is None:
        return None
    return SAND_TIMER_SECONDS if timer is True else float(timer)


def warning_due(seconds_left: float) -> bool:
    """Whether a sand timer with ``seconds_left`` warns now (at :data:`WARNING_SECONDS`).

    >>> warning_due(10.0), warning_due(10.5), warning_due(0.0)
    (True, False, True)
    """
    return seconds_left <= WARNING_SECONDS


def clock(state: InterceptState) -> Clock | None:
    """The sand timer once it runs (``None`` before one Encryptor is done, after the
    other is, and without the ``timer`` option): it waits on the Encryptor still
    writing (in a room, it starts once that Encryptor can act: docs/rules/intercept.md
    §2.4)."""
    claimers = state.timer_claimers()
    seconds = timer_seconds(state.config)
    if not claimers or seconds is None:
        return None
    writers = tuple(state.writers())
    return Clock(seconds, tuple(claimers), "timeout", f"round {state.round}", waits_on=writers)
