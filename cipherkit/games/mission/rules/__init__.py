"""The mission rules (docs/rules/mission.md), one concern per module.

:mod:`.config` (a game's options and the mission they name), :mod:`.actions` (the
actions and their notation), :mod:`.tables` (lookups built once per mission),
:mod:`.state` (the true state's data and its JSON), :mod:`.legality`, :mod:`.vote`
(the answer vote and the outcome), :mod:`.turn_end`, :mod:`.effects`, :mod:`.engine`
(:class:`~.engine.MissionState` and :func:`~.engine.new_game`), :mod:`.observation`
(what a viewer's observation holds) built by :mod:`.observe`, and :mod:`.variants`
(states a viewer cannot tell apart from the true one).
"""
