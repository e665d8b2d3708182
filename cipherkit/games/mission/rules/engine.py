"""Mission rules (docs/rules/mission.md): :func:`new_game` and :class:`MissionState`.

The state is one value (:mod:`.state`); each action kind's check and effect are plain
functions (:mod:`.legality`, :mod:`.effects`, :mod:`.turn_end`, :mod:`.vote`) found in
:mod:`.rulebook`'s table. Decisions where the rulebooks are silent: ``docs/mission-format.md``.

Examples
--------
>>> from cipherkit.games.mission import new_game, parse_action
>>> state = new_game({"players": 1, "first_player": 0}, seed=13)
>>> state.actors(), state.phase
([0], 'act')
>>> [str(a) for a in state.legal_actions(0)][:4]
['play 1 run', 'play 1 gather', 'play 1 intel', 'play 1 regroup']
>>> events = state.apply(0, parse_action("play 1 intel"))
>>> events[0].text
'Mara plays 1 yellow on Intel.'
>>> [e.text for e in state.apply(0, parse_action("intel foyer"))]
['Mara reveals moth in the Foyer: it is not on the card and is removed.']
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from cipherkit.games.mission.rules.phases import OVER
from cipherkit.games.mission.rules.state import MissionState

__all__ = ["OVER", "MissionState", "new_game"]


def new_game(config: Mapping[str, Any] | None = None, *, seed: int) -> MissionState:
    """Set up a mission: shuffle, deal 4 cards to each character, time cards discarded."""
    return MissionState.new(config, seed=seed)
