"""Which mission a published page plays, found on the server, never in the served folder.

Design notes: ``docs/deploy.md``, ``cipherkit.publish.registry``.

Examples
--------
>>> mission_path("signal-box").name
'02-signal-box.yaml'
>>> mission_path("../etc/passwd")
Traceback (most recent call last):
...
cipherkit.core.errors.CipherkitError: not a mission id: '../etc/passwd'
"""

from __future__ import annotations

import json
import os
import re
from pathlib import Path

from cipherkit.core.errors import CipherkitError
from cipherkit.core.resources import shipped_path


class UnpublishedError(CipherkitError):
    """A page's mission that the gallery cannot find; :attr:`remedy` says who can fix it
    (a page that cannot start shows it: :mod:`cipherkit.serve.failures`)."""

    remedy = (
        "Whoever runs this server can fix it (cipherkit publish puts missing pages' missions back)."
    )


__all__ = [
    "PROJECT_ROOT",
    "REGISTRY_ENV",
    "REGISTRY_NAME",
    "UnpublishedError",
    "check_id",
    "mission_path",
    "read_registry",
    "write_registry",
]

REGISTRY_ENV = "CIPHERKIT_PUBLISHED"
REGISTRY_NAME = Path(".cipherkit") / "published.json"
SHIPPED = shipped_path("missions", must_exist=False)
"""The shipped campaign's folder (the wheel's copy, or the checkout's ``missions/``)."""
PROJECT_ROOT = SHIPPED.parent
"""The folder holding ``missions/`` and ``puzzles/``: what format-1 paths are relative to."""
FORMAT = 2
SHIPPED_PREFIX = "@shipped/"
"""How a registry names a path inside the shipped folders (relative to their parent)."""
_ID = re.compile(r"[^\W_][\w-]{0,63}")
"""A mission id as the mission format allows it: letters of any script, digits, ``-``
and ``_`` (never a dot or a slash, so an id is always a plain file name)."""


def check_id(mission_id: str) -> str:
    """``mission_id`` if it is a valid mission id, else a one-line error.

    >>> check_id("harbour-clock")
    'harbour-clock'
    """
    if not isinstance(mission_id, str) or not _ID.fullmatch(mission_id):
        raise CipherkitError.say("not a mission id: {mission_id!r}", mission_id=mission_id)
    return mission_id


def read_registry(path: str | os.PathLike[str]) -> dict[str, Path]:
    """The ids and absolute mission paths of a registry file (empty if there is none)."""
    file = Path(path)
    if not file.is_file():
        return {}
    try:
        data = json.loads(file.read_text(encoding="utf-8"))
        entries = data["missions"]
        base = PROJECT_ROOT if data.get("format", 1) == 1 else _gallery(file)
        return {str(k): _absolute(str(v), base) for k, v in entries.items()}
    except (OSError, ValueError, KeyError, TypeError, AttributeError) as exc:
        raise CipherkitError.say(
            "{file}: not a registry of published missions ({exc})", file=file, exc=exc
        ) from None


def _gallery(registry: Path) -> Path:
    """The folder a registry's relative paths start from: the gallery holding its
    ``.cipherkit/`` folder, or the folder of a registry file kept elsewhere."""
    folder = registry.resolve().parent
    return folder.parent if folder.name == REGISTRY_NAME.parent.name else folder


def _absolute(text: str, base: Path) -> Path:
    if text.startswith(SHIPPED_PREFIX):
        return (PROJECT_ROOT / text.removeprefix(SHIPPED_PREFIX)).resolve()
    path = Path(text)
    return path if path.is_absolute() else (base / path).resolve()


def _stored(path: Path, base: Path) -> str:
    """``path`` as a registry stores it: in the shipped campaign, ``@shipped/...``; else
    relative to ``base`` (``..`` allowed), or absolute when it cannot be."""
    path = path.resolve()
    if path.is_relative_to(SHIPPED.resolve()):
        return SHIPPED_PREFIX + path.relative_to(PROJECT_ROOT.resolve()).as_posix()
    try:
        return Path(os.path.relpath(path, base)).as_posix()
    except ValueError:  # another drive (Windows)
        return str(path)


def write_registry(folder: str | os.PathLike[str], missions: dict[str, Path]) -> Path:
    """Add ``missions`` (id -> file) to the registry of the gallery in ``folder``; the
    paths are stored relative to ``folder``.

    >>> import tempfile
    >>> gallery = Path(tempfile.mkdtemp()) / "g"
    >>> mission = gallery.parent / "my.yaml"
    >>> file = write_registry(gallery, {"my-mission": mission})
    >>> json.loads(file.read_text())
    {'format': 2, 'missions': {'my-mission': '../my.yaml'}}
    >>> read_registry(file)["my-mission"] == mission.resolve()
    True
    >>> shipped = mission_path("signal-box", here=gallery)  # not in this gallery yet
    >>> json.loads(write_registry(gallery, {"signal-box": shipped}).read_text())["missions"]
    {'my-mission': '../my.yaml', 'signal-box': '@shipped/missions/02-signal-box.yaml'}
    >>> read_registry(file)["signal-box"] == shipped
    True
    """
    file = Path(folder) / REGISTRY_NAME
    base = Path(folder).resolve()
    entries = {k: _stored(v, base) for k, v in read_registry(file).items()}
    entries.update({check_id(k): _stored(Path(v), base) for k, v in missions.items()})
    file.parent.mkdir(parents=True, exist_ok=True)
    text = json.dumps({"format": FORMAT, "missions": dict(sorted(entries.items()))}, indent=1)
    file.write_text(text + "\n", encoding="utf-8")
    return file


def mission_path(mission_id: str, *, here: str | os.PathLike[str] | None = None) -> Path:
    """The mission file published as ``mission_id`` (see the module docstring).

    ``here`` is the page's folder (default: the working directory, which Voila sets to
    the notebook's folder).
    """
    check_id(mission_id)
    registries = []
    if os.environ.get(REGISTRY_ENV):
        registries.append(Path(os.environ[REGISTRY_ENV]))
    registries.append(Path(here if here is not None else os.getcwd()) / REGISTRY_NAME)
    for registry in registries:
        found = read_registry(registry).get(mission_id)
        if found is not None:
            if not found.is_file():
                raise UnpublishedError.say(
                    "published mission {mission_id!r}: no file {found}",
                    mission_id=mission_id,
                    found=found,
                )
            return found
    from cipherkit.games.mission.shipped import shipped_mission

    shipped = shipped_mission(mission_id)
    if shipped is None:
        raise UnpublishedError.say("no published mission {mission_id!r}", mission_id=mission_id)
    return shipped
