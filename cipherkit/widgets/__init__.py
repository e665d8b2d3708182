"""Notebook views built from observations only (anywidget / ipywidgets).

Design notes: ``docs/design-notes.md``, ``cipherkit.widgets``.

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
