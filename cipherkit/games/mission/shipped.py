"""The shipped campaign's missions by id, and a mission named on the command line.

>>> mission_argument("signal-box").name
'02-signal-box.yaml'
>>> shipped_mission("ru-signal-post").relative_to(shipped_path("missions")).as_posix()
'ru/02-signal-post.yaml'
>>> str(mission_argument("nowhere/my.yaml"))
'nowhere/my.yaml'
"""

from __future__ import annotations

import argparse
import os
from pathlib import Path

from cipherkit.core.errors import CipherkitError
from cipherkit.core.resources import shipped_path

__all__ = ["add_mission", "mission_argument", "shipped_mission"]


def shipped_mission(mission_id: str) -> Path | None:
    """The shipped file of the mission ``mission_id`` (its ``id:`` field), if any: the
    campaign's (``missions/``), then those in another language (``missions/ru/``)."""
    from cipherkit.games.mission import load

    folder = shipped_path("missions", must_exist=False)
    for file in [*sorted(folder.glob("*.y*ml")), *sorted(folder.glob("*/*.y*ml"))]:
        try:
            if load(file).id == mission_id:
                return file
        except CipherkitError:
            continue
    return None


def mission_argument(text: str | os.PathLike[str]) -> Path:
    """A mission named on the command line: a file, else a shipped mission's id.

    Anything else comes back as a path, for the command to report as missing (an id
    holds no dot and no slash).
    """
    path = Path(text)
    if path.exists() or path.suffix or len(path.parts) != 1:
        return path
    return shipped_mission(str(text)) or path


def add_mission(parser: argparse.ArgumentParser) -> None:
    """``MISSION``: a mission file or a shipped mission's id (see :func:`mission_argument`)."""
    parser.add_argument(
        "mission", metavar="MISSION", help="a mission YAML file, or a shipped mission's id"
    )
