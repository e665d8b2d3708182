"""What missions and mission states show in a notebook.

Design notes: ``docs/design-notes.md``, ``cipherkit.games.mission.art.notebook``.

Examples
--------
>>> from cipherkit.games.mission import new_game
>>> from cipherkit.games.mission.art.notebook import mission_svg, state_svg
>>> state = new_game({"players": 2}, seed=1)
>>> mission_svg(state.mission).startswith("<svg")
True
>>> svg = state_svg(state.observe(0), state.mission)
>>> "CONSOLE" in svg and "OWL" not in svg
True
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from cipherkit.games.mission.art.data import from_state, map_from_mission, mission_glyph_map
from cipherkit.glyphs.cards import console_drawing
from cipherkit.glyphs.drawing import Drawing
from cipherkit.glyphs.mapdraw import map_drawing
from cipherkit.glyphs.theme import MAP_BACK

if TYPE_CHECKING:
    from cipherkit.games.mission.content.mission import Mission

GAP = 24.0


def mission_drawing(mission: Mission) -> Drawing:
    """The mission's map at setup."""
    return map_drawing(map_from_mission(mission), mission_glyph_map(mission))


def state_drawing(observation: Mapping[str, Any], mission: Mission | None = None) -> Drawing:
    """A viewer's board: the map as the observation shows it, the console below."""
    _, console, map_data = from_state(observation)
    if mission is not None:
        key = mission_glyph_map(mission)
    else:  # without the mission, glyphs are assigned in order of first appearance
        from cipherkit.glyphs.spec import DEFAULT_STYLE, glyph_set_from_spec

        ids = [c.glyph for c in console.cells]
        ids += [t.name for r in map_data.rooms for t in r.face_up if not t.is_trap]
        key = glyph_set_from_spec({"style": DEFAULT_STYLE, "seed": 0}).assign(ids)
    top = map_drawing(map_data, key, legend=False)
    bottom = console_drawing(console, key, width=max(720.0, min(top.width - 2 * GAP, 1100.0)))
    width = max(top.width, bottom.width + 2 * GAP)
    board = Drawing(width, top.height + bottom.height + GAP, background=MAP_BACK, title=top.title)
    board.place(top, (width - top.width) / 2, 0)
    board.place(bottom, (width - bottom.width) / 2, top.height)
    return board


def mission_svg(mission: Mission) -> str:
    """The mission's map at setup, as SVG text."""
    return mission_drawing(mission).svg()


def mission_png(mission: Mission) -> bytes:
    """The mission's map at setup, as PNG bytes."""
    return mission_drawing(mission).png()


def state_svg(observation: Mapping[str, Any], mission: Mission | None = None) -> str:
    """A viewer's board (from the observation only), as SVG text."""
    return state_drawing(observation, mission).svg()


def state_png(observation: Mapping[str, Any], mission: Mission | None = None) -> bytes:
    """A viewer's board (from the observation only), as PNG bytes."""
    return state_drawing(observation, mission).png()
