"""Mission bots. ``"random"`` picks uniformly among the legal actions (planner bots are a
later issue).

>>> from cipherkit.games.mission import BOTS
>>> sorted(BOTS)
['random']
"""

from __future__ import annotations

from collections.abc import Callable

from cipherkit.core.bots import Bot, RandomBot

BOTS: dict[str, Callable[..., Bot]] = {"random": RandomBot}
