"""Where a mission comes from: a :data:`MissionSource`, read into a :class:`Mission` once.

Design notes: ``docs/design-notes.md``, ``cipherkit.games.mission.source``.

>>> from cipherkit.games.mission.samples import demo_mission
>>> mission = mission_from_config(None)
>>> mission is demo_mission() and mission_from_config(mission) is mission
True
>>> mission_from_config(mission_dict(mission)) is mission  # the config's dict: no parsing
True
>>> mission_from_config(dict(mission_dict(mission))) == mission  # another dict: read once
True
>>> mission_from_config(3)
Traceback (most recent call last):
...
cipherkit.core.errors.ConfigError: mission: give a path, a mission dict, a Mission or None
"""

from __future__ import annotations

import json
import os
from collections.abc import Mapping
from pathlib import Path
from typing import Any, TypeAlias

from cipherkit.core.errors import ConfigError, message_of
from cipherkit.games.mission.content.mission import Mission
from cipherkit.games.mission.format.files import load, mission_from_dict
from cipherkit.games.mission.format.problems import MissionError
from cipherkit.games.mission.samples import demo_mission

__all__ = ["MissionSource", "mission_dict", "mission_from_config"]

MissionSource: TypeAlias = Mission | str | os.PathLike[str] | Mapping[str, Any] | None
"""A mission as it enters: ``None`` (the demo), a file's path, a mission dict or a
:class:`Mission`."""

_LIMIT = 64
"""Missions remembered (files by their stamp, canonical dicts by identity)."""

_FILES: dict[str, Mission] = {}
_TEXTS: dict[str, Mission] = {}  # a dict's JSON text, in its own key order -> its mission
_DICTS: dict[int, tuple[Mission, dict[str, Any]]] = {}  # id(mission) -> its dict
_BACK: dict[int, tuple[dict[str, Any], Mission]] = {}  # id(its dict) -> the mission


def mission_from_config(source: MissionSource) -> Mission:
    """The mission ``source`` names (a bad one is a :class:`ConfigError`)."""
    if source is None:
        return demo_mission()
    if isinstance(source, Mission):
        return source
    try:
        if isinstance(source, str | os.PathLike):
            return _load_cached(Path(source))
        if isinstance(source, Mapping):
            known = _BACK.get(id(source))
            if known is not None and known[0] is source:  # a config's own dict
                return known[1]
            # keyed in the dict's own order: mission_from_dict lays rooms out in that
            # order, so a dict in file order and the same dict sorted are two missions
            text = json.dumps(source)
            mission = _TEXTS.get(text)
            if mission is None:
                mission = mission_from_dict(dict(source))
                _remember(_TEXTS, text, mission)
            return mission
    except MissionError as exc:
        raise ConfigError.say("mission: {problem}", problem=message_of(exc)) from None
    raise ConfigError.say("mission: give a path, a mission dict, a Mission or None")


def mission_dict(mission: Mission) -> dict[str, Any]:
    """``mission.to_dict()``, made once per mission object (a playtest starts thousands
    of games of one mission), and read back as ``mission`` by
    :func:`mission_from_config`. The dict is shared: configs never change it."""
    known = _DICTS.get(id(mission))
    if known is not None and known[0] is mission:
        return known[1]
    data = mission.to_dict()
    _remember(_DICTS, id(mission), (mission, data))
    _remember(_BACK, id(data), (data, mission))
    _TEXTS.setdefault(json.dumps(data), mission)  # the same dict back from JSON
    return data


def _load_cached(path: Path) -> Mission:
    """Load a mission file, reusing the last result while the file is unchanged."""
    try:
        info = path.stat()
        stamp = f"{path.resolve()}:{info.st_mtime_ns}:{info.st_size}"
    except OSError:
        return load(path)  # reports the problem as a MissionError
    mission = _FILES.get(stamp)
    if mission is None:
        mission = load(path)
        _remember(_FILES, stamp, mission)
    return mission


def _remember(cache: dict[Any, Any], key: Any, value: Any) -> None:
    if len(cache) >= _LIMIT:
        cache.pop(next(iter(cache)))
    cache[key] = value
