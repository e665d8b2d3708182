"""What a published mission page runs: the table, built in the kernel from an id.

A page's only code is::

    from cipherkit.publish.live import mission_table

    mission_table("signal-box")

The kernel finds the mission file with :func:`cipherkit.publish.registry.mission_path`
(outside the served folder) and builds a :class:`~cipherkit.widgets.MissionTable` from
it; the page notebook never holds the mission, its answer or its stacks.
"""

from __future__ import annotations

from typing import Any

from cipherkit.publish.registry import mission_path

__all__ = ["PAGE_PLAYERS", "mission_table"]

PAGE_PLAYERS: dict[str, Any] = {"players": 2, "humans": 1, "bots": "planner:normal,propose=off"}
"""A gallery page: one student with a planner bot as team-mate. The bot plays cards,
opens windows and votes on the student's proposal, but never proposes an answer itself
(``propose=off``): the answer is the student's to read and give (issue #21)."""


def mission_table(mission_id: str, **options: Any) -> Any:
    """A :class:`~cipherkit.widgets.MissionTable` for the published mission ``mission_id``.

    ``options`` override :data:`PAGE_PLAYERS` and go to ``MissionTable``. The game is
    saved in the page's room store, so a reload resumes it (``save=False`` to not).
    """
    from cipherkit.widgets.mission.table import MissionTable

    return MissionTable(mission_path(mission_id), **{**PAGE_PLAYERS, "save": True, **options})
