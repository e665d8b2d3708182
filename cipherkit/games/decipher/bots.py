"""Decipher bots. Each acts on an observation and the legal actions only.

>>> from cipherkit.games.decipher import BOTS
>>> sorted(BOTS)
['random']
"""

from __future__ import annotations

from collections.abc import Callable

from cipherkit.core.bots import Bot, RandomBot

BOTS: dict[str, Callable[..., Bot]] = {
    "random": RandomBot,
}
