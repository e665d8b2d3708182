"""The mission studio: a mission draft edited by intents checked in Python, with undo,
live validation and round-trip YAML (over :mod:`cipherkit.games.mission.format`).

>>> from cipherkit.studio import Draft
>>> Draft.new().graph.number_of_nodes()
1
"""

from cipherkit.studio.draft import Draft
from cipherkit.studio.intents import Intent, StudioRefused, parse_intent

__all__ = ["Draft", "Intent", "StudioRefused", "parse_intent"]
