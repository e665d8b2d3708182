"""Mission bots. Each acts on an observation and the legal actions only.

``"random"`` picks uniformly among the legal actions; ``"planner"`` is a co-operative
team that plans routes, spends its cards with care and reads partial answers against a
word list (``"planner:weak"``, ``"planner:strong"``; see
:mod:`cipherkit.games.mission.planner`).

>>> from cipherkit.games.mission import BOTS
>>> sorted(BOTS)
['planner', 'random']
"""

from __future__ import annotations

from collections.abc import Callable

from cipherkit.core.bots import Bot, RandomBot
from cipherkit.games.mission.planner import make_planner

BOTS: dict[str, Callable[..., Bot]] = {"random": RandomBot, "planner": make_planner}
