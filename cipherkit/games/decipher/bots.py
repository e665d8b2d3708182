"""Decipher bots. Each acts on an observation and the legal actions only.

``"random"`` picks uniformly among the legal actions; ``"solver"`` deduces the opponent's
code exactly and plays for information (``"solver:limited"`` uses only the top card of
each pile); see :mod:`cipherkit.games.decipher.solver`.

>>> from cipherkit.games.decipher import BOTS
>>> sorted(BOTS)
['random', 'solver']
"""

from __future__ import annotations

from collections.abc import Callable

from cipherkit.core.bots import Bot, RandomBot
from cipherkit.games.decipher.solver import make_solver

BOTS: dict[str, Callable[..., Bot]] = {
    "random": RandomBot,
    "solver": make_solver,
}
