"""The tables the gallery's pages show, to build once where many pages will run (the
server's kernel template): each game page's table, and each published mission's, with
no kernel and no room store, so their drawings, fonts and bots' data are shared.

>>> from cipherkit.publish.warm import page_tables
>>> len(page_tables("no/such/gallery")) >= 2
True
"""

from __future__ import annotations

import functools
import os
import sys
from collections.abc import Callable
from typing import Any

__all__ = ["page_tables"]


def page_tables(gallery: str | os.PathLike[str] = ".") -> list[Callable[[], Any]]:
    """Makers of the tables of the gallery in ``gallery``: the game pages' (as
    :mod:`cipherkit.publish.pages` writes them, without saving) and one per mission
    published there or in ``$CIPHERKIT_PUBLISHED``, as its page shows it
    (:data:`~cipherkit.publish.live.PAGE_PLAYERS`)."""
    makers: list[Callable[[], Any]] = []
    try:
        from cipherkit.widgets import DecipherTable, InterceptTable

        makers += [DecipherTable, lambda: InterceptTable(players=4)]
    except Exception:  # pragma: no cover - part of cipherkit
        pass
    try:
        from cipherkit.publish.live import PAGE_PLAYERS
        from cipherkit.publish.registry import REGISTRY_ENV, REGISTRY_NAME, read_registry
        from cipherkit.widgets.mission.table import MissionTable

        missions: dict[str, Any] = {}
        for registry in (os.environ.get(REGISTRY_ENV), os.path.join(gallery, REGISTRY_NAME)):
            if registry:
                missions = {**read_registry(registry), **missions}
        for path in missions.values():
            makers.append(functools.partial(MissionTable, path, **PAGE_PLAYERS))
    except Exception as exc:
        print(f"gallery: no missions to warm ({type(exc).__name__})", file=sys.stderr)
    return makers
