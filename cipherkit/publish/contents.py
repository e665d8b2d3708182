"""What a class room may hold, as the teacher's page offers it: for a mission room, the
gallery's published missions (the author's own) and the shipped campaign's.

>>> found = room_contents()["mission"]
>>> found["signal-box"][0], found["signal-box"][1].name
('Night at the Signal Box', '02-signal-box.yaml')
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from cipherkit.core.errors import CipherkitError
from cipherkit.core.resources import shipped_path
from cipherkit.publish.registry import REGISTRY_ENV, REGISTRY_NAME, read_registry

__all__ = ["room_contents"]


def _missions(here: Path) -> dict[str, tuple[str, Path]]:
    from cipherkit.games.mission import load

    files: list[Path] = sorted(shipped_path("missions", must_exist=False).glob("*.y*ml"))
    registries = [Path(os.environ[REGISTRY_ENV])] if os.environ.get(REGISTRY_ENV) else []
    for registry in [*registries, here / REGISTRY_NAME]:
        try:
            files = [*read_registry(registry).values(), *files]  # the author's own first
        except CipherkitError:
            continue
    found: dict[str, tuple[str, Path]] = {}
    for file in files:
        try:
            mission = load(file)
        except (CipherkitError, OSError):
            continue
        found.setdefault(mission.id, (mission.title or mission.id, file))
    return found


def room_contents(here: str | os.PathLike[str] | None = None) -> dict[str, dict[str, Any]]:
    """By game, what its class rooms may hold: id -> (label, content for
    :meth:`~cipherkit.core.protocol.GameSpec.make_room_config`). ``here``: the
    gallery's folder (default: the working directory, the page's folder in Voila)."""
    return {"mission": dict(_missions(Path(here if here is not None else os.getcwd())))}
