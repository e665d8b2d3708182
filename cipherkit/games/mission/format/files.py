"""Missions in and out of their files: :func:`load` a file, read a dict or YAML text,
write YAML, and :func:`load_campaign` a folder of mission files.

Every reader goes through the schema and the whole-mission checks
(:func:`~cipherkit.games.mission.format.validate.check_data`) and raises
:class:`~cipherkit.games.mission.format.problems.MissionError` listing every error.

Examples
--------
>>> from cipherkit.games.mission.samples import demo_mission
>>> mission = demo_mission()
>>> mission_from_yaml(mission_to_yaml(mission)) == mission_from_dict(mission.to_dict()) == mission
True
>>> load("missions/01-lantern-archive.yaml").campaign.win.next_title
'Night at the Signal Box'
>>> load_campaign("missions").start
'lantern-archive'
"""

from __future__ import annotations

import dataclasses
import os
import re
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from cipherkit.core.errors import CipherkitError
from cipherkit.games.mission.content.campaign import CampaignMap
from cipherkit.games.mission.content.mission import CampaignLinks, Mission
from cipherkit.games.mission.format.problems import MissionError, Problem
from cipherkit.games.mission.format.validate import check_data
from cipherkit.games.mission.format.yamlio import Source, dump_yaml, read_file, read_yaml
from cipherkit.i18n import Message

__all__ = [
    "load",
    "load_campaign",
    "mission_from_dict",
    "mission_from_yaml",
    "mission_to_yaml",
    "titles_beside",
    "with_next_titles",
]


def _require(mission: Mission | None, problems: list[Problem]) -> Mission:
    if mission is None or any(p.is_error for p in problems):
        raise MissionError(problems)
    return mission


def mission_from_dict(data: Any, *, file: str = "<mission>") -> Mission:
    """The mission from the mission-file structure; :class:`MissionError` on any error."""
    return _require(*check_data(data, Source(file)))


def mission_from_yaml(text: str, *, file: str = "<mission>") -> Mission:
    """The mission read from YAML text; :class:`MissionError` lists every problem."""
    data, source, problems = read_yaml(text, file)
    if problems:
        raise MissionError(problems)
    return _require(*check_data(data, source))


def mission_to_yaml(mission: Mission) -> str:
    """The mission as a mission file's YAML text (:meth:`Mission.to_dict` written out)."""
    return dump_yaml(mission.to_dict())


def load(path: str | Path) -> Mission:
    """Read a mission file, with the titles of the campaign's next missions filled in from
    the files beside it; :class:`MissionError` lists every error, with lines."""
    data, source, problems = read_file(path)
    if problems:
        raise MissionError(problems)
    return with_next_titles(_require(*check_data(data, source)), path)


def load_campaign(
    folder: str | os.PathLike[str] | Iterable[str | os.PathLike[str]],
) -> CampaignMap:
    """Join the missions in ``folder`` (every ``*.yaml`` file) or in the given files.

    A mission file that does not load raises :class:`CipherkitError` naming it; a
    campaign that does not hold together (two starts, a loop, a link to an unknown
    mission) raises one that lists every problem.
    """
    if isinstance(folder, str | os.PathLike):
        base = Path(folder)
        if not base.is_dir():
            raise CipherkitError.say("{folder}: not a folder of mission files", folder=str(base))
        paths = sorted(base.glob("*.yaml"))
        if not paths:
            raise CipherkitError.say(
                "{folder}: no mission files (*.yaml) in this folder", folder=str(base)
            )
    else:
        paths = [Path(p) for p in folder]
    missions: dict[str, Mission] = {}
    files: dict[str, Path] = {}
    for path in paths:
        try:
            mission = load(path)
        except MissionError as exc:
            raise CipherkitError(" ".join(str(exc).split())) from None
        if mission.id in missions:
            raise CipherkitError.say(
                "{file}: id: mission id {mission!r} is also used by {other}",
                file=str(path),
                mission=mission.id,
                other=str(files[mission.id]),
            )
        missions[mission.id] = mission
        files[mission.id] = path
    campaign = CampaignMap.from_missions(missions.values(), files)
    if campaign.problems:
        listed = {f"problem{i}": said for i, said in enumerate(campaign.problems)}
        lines = Message("\n  ".join(f"{{{key}}}" for key in listed), listed)
        raise CipherkitError.say(
            "the campaign does not hold together:\n  {problems}", problems=lines
        )
    return campaign


def with_next_titles(mission: Mission, path: str | Path) -> Mission:
    """The mission with its campaign links' ``next_title`` read from the mission files
    beside it (players read titles, not ids)."""
    links = (mission.campaign.win, mission.campaign.loss)
    titles = titles_beside(path, [link.next for link in links if link.next and not link.next_title])
    if not titles:
        return mission
    win, loss = (
        dataclasses.replace(link, next_title=link.next_title or titles.get(link.next or "", ""))
        for link in links
    )
    return dataclasses.replace(mission, campaign=CampaignLinks(win, loss))


_ID = re.compile(r"^id:\s*['\"]?([^'\"#\s]+)", re.M)
_TITLE = re.compile(r"^title:\s*(.+?)\s*$", re.M)


def titles_beside(path: str | Path, ids: Iterable[str]) -> dict[str, str]:
    """The titles of the missions ``ids`` among the mission files in ``path``'s folder
    (read by their top-level ``id:`` and ``title:`` lines; a missing one is left out)."""
    wanted = set(ids)
    found: dict[str, str] = {}
    if not wanted:
        return found
    for file in sorted(Path(path).parent.glob("*.y*ml")):
        try:
            text = file.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError):
            continue
        m, t = _ID.search(text), _TITLE.search(text)
        if m and t and m.group(1) in wanted:
            found[m.group(1)] = t.group(1).strip("'\"")
    return found
