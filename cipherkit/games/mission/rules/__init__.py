"""The mission rules (docs/rules/mission.md), one concern per module.

:mod:`.state` (:class:`~.state.MissionState`, the one value a game is), :mod:`.rulebook`
(the table that finds each action kind's check and effect: :mod:`.legality`,
:mod:`.effects`, :mod:`.turn_end`, :mod:`.vote`), :mod:`.engine` (:func:`~.engine.new_game`),
:mod:`.actions`, :mod:`.config`, :mod:`.phases`, :mod:`.tables` (lookups built once per
mission), :mod:`.observe` and :mod:`.observation`, and :mod:`.variants`.
"""
