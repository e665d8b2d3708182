"""The mission studio: a mission draft edited by intents checked in Python, with undo,
live validation and round-trip YAML (over :mod:`cipherkit.games.mission.format`), and
:class:`MissionEditor`, the widget that edits one by pointer and keyboard (imported on
first use: the draft needs no widget library).

>>> from cipherkit.studio import Draft
>>> Draft.new().graph.number_of_nodes()
1
"""

from cipherkit.studio.draft import Draft
from cipherkit.studio.intents import Intent, StudioRefused, parse_intent

__all__ = ["Draft", "Intent", "MissionEditor", "StudioRefused", "parse_intent"]


def __getattr__(name: str) -> object:
    if name == "MissionEditor":
        from cipherkit.studio.editor import MissionEditor

        return MissionEditor
    raise AttributeError(f"module 'cipherkit.studio' has no attribute {name!r}")
