"""The toy game (tests/fixtures/toy_game): a package and a ``.dist-info`` folder, nothing
else, that registers Hidden Nim with cipherkit by entry point once it is on the path.
The ``toy_registered`` fixture (tests/conftest.py) puts it there for one test."""

from __future__ import annotations

import os
from collections.abc import Mapping
from pathlib import Path

TOY = Path(__file__).resolve().parent / "fixtures" / "toy_game"
"""The folder to put on ``sys.path`` (or ``PYTHONPATH``) to install the toy game."""


def toy_env(env: Mapping[str, str] | None = None) -> dict[str, str]:
    """``env`` (default: this process's) with the toy game first on ``PYTHONPATH``, for
    a command or a server that must see it."""
    base = dict(os.environ if env is None else env)
    base["PYTHONPATH"] = os.pathsep.join(p for p in (str(TOY), base.get("PYTHONPATH", "")) if p)
    return base
