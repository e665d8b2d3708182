"""Notebook views built from observations only (anywidget / ipywidgets).

* :class:`DecipherTable`: Decipher against a bot;
* :class:`MissionTable`: a mission for 1-4 players at one screen, bots filling seats;
* :class:`CampaignTable`: a campaign's missions in turn, as wins and losses lead;
* :class:`InterceptTable`: intercept with bot teammates against bot opponents;
* :class:`GenericTable`: any registered game without a table of its own
  (:func:`cipherkit.widgets.tables.make_table` picks a game's table);
* :class:`Replay`: step through a record of any game, from one viewer's side;
* :class:`Workbench`: the lessons' cipher workbench (encrypt, decrypt, frequency bars,
  a substitution board with live preview, solver hints);
* :class:`ExerciseBox`: a lesson's self-checking question (salted hash, checked in the
  kernel).

Each game's table lives in its own folder (``decipher/``, ``intercept/``, ``mission/``,
``generic/``: ``table.py``, ``view.py``, ``table.js``, ``table.css``); the table base and
the shared front end (``table_common.js``, ``table_common.css``) lie here.

Each syncs two traits (``view``, built from one observation, and ``message``) and
checks every message from the page. Importing this package is cheap; each widget class
imports anywidget when first used.

>>> from cipherkit.widgets import DecipherTable
>>> table = DecipherTable(bot="random", seed=1, human_first=True)
>>> table.view["status"]
'Your first turn: play one card on each column, starting with column 1.'
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from cipherkit.widgets.decipher.table import DecipherTable
    from cipherkit.widgets.exercises import ExerciseBox
    from cipherkit.widgets.generic.table import GenericTable
    from cipherkit.widgets.intercept.table import InterceptTable
    from cipherkit.widgets.mission.campaign import CampaignTable
    from cipherkit.widgets.mission.table import MissionTable
    from cipherkit.widgets.replay import Replay
    from cipherkit.widgets.workbench import Workbench

__all__ = [
    "CampaignTable",
    "DecipherTable",
    "ExerciseBox",
    "GenericTable",
    "InterceptTable",
    "MissionTable",
    "Replay",
    "Workbench",
]

_LAZY = {
    "CampaignTable": "cipherkit.widgets.mission.campaign",
    "DecipherTable": "cipherkit.widgets.decipher.table",
    "GenericTable": "cipherkit.widgets.generic.table",
    "InterceptTable": "cipherkit.widgets.intercept.table",
    "MissionTable": "cipherkit.widgets.mission.table",
    "Replay": "cipherkit.widgets.replay",
    "Workbench": "cipherkit.widgets.workbench",
    "ExerciseBox": "cipherkit.widgets.exercises",
    "TeacherPage": "cipherkit.widgets.teacher",
}


def __getattr__(name: str) -> Any:
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    import importlib

    return getattr(importlib.import_module(module), name)
