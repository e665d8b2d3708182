"""The board of a mission as a page shows it: the map and the console, drawn from one
observation, with the rooms' and face-up tokens' boxes so a page can lay clickable
areas over them.

Design notes: ``docs/design-notes.md``, ``cipherkit.games.mission.art.board``.

Examples
--------
>>> from cipherkit.games.mission import new_game
>>> state = new_game({"players": 2, "first_player": 0}, seed=1)
>>> art = remember(state.mission)
>>> drawn_map, drawn_console = art.board(state.observe(0))
>>> drawn_map["svg"].startswith("<svg"), [r["id"] for r in drawn_map["rooms"]][:2]
(True, ['foyer', 'gallery'])
>>> art_for(state.observe("spectator")["mission"]) is art
True
>>> glyph_of_token("sun[dot]"), glyph_of_token("camera")
('sun', None)
"""

from __future__ import annotations

import json
import math
from collections import OrderedDict
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from cipherkit.games.mission.art.data import from_state, mission_glyph_map, token_data
from cipherkit.glyphs.mapdraw import room_name_lines
from cipherkit.i18n import language

if TYPE_CHECKING:
    from cipherkit.games.mission.content.mission import Mission

__all__ = ["BoardArt", "art_for", "glyph_of_token", "remember"]

READABLE_PX = 12.0
"""The smallest room-name size, in CSS px, the map is shown at when enlarged (a page fits
the map to its width, and offers to enlarge it to ``readable_width`` where that draws the
names smaller)."""
KNOWN_MISSIONS = 32
"""How many missions' art :func:`remember` keeps (the most recently drawn)."""


def glyph_of_token(label: str) -> str | None:
    """The glyph id of a face-up token label, or ``None`` for a trap."""
    token = token_data(label)
    return None if token.is_trap else token.name


class BoardArt:
    """Draws the map and the console of one mission from observations.

    ``BoardArt(mission)`` draws with the mission's glyph set; ``BoardArt()`` with the
    default style, each glyph id getting the next free glyph the first time it shows.
    Each drawing is cached by the part of the observation it shows, so a click that
    changes neither redraws nothing.
    """

    def __init__(self, mission: Mission | None = None) -> None:
        self.fixed = mission is not None
        """Whether the drawings are the mission's own (else: the default style's)."""
        self.key: dict[str, Any] = mission_glyph_map(mission) if mission is not None else {}
        self._maps: dict[str, dict[str, Any]] = {}
        self._consoles: dict[str, dict[str, Any]] = {}
        self._icons: dict[str, str] = {}

    def _learn(self, obs: Mapping[str, Any]) -> None:
        """Without the mission: give the glyphs this observation shows a drawing."""
        ids = [c["glyph"] for c in obs["mission"]["cells"]]
        ids += [
            glyph
            for room in obs["rooms"].values()
            for label in room["face_up"]
            if (glyph := glyph_of_token(label)) is not None
        ]
        if all(g in self.key for g in ids):
            return
        from cipherkit.glyphs.spec import DEFAULT_STYLE, glyph_set_from_spec

        wanted = [*self.key, *(g for g in ids if g not in self.key)]
        self.key = glyph_set_from_spec({"style": DEFAULT_STYLE, "seed": 0}).assign(wanted)

    def board(self, obs: Mapping[str, Any]) -> tuple[dict[str, Any], dict[str, Any]]:
        """``(map, console)`` for an observation: SVG text, size and clickable boxes, with
        their words in the language in force."""
        if not self.fixed:
            self._learn(obs)
        rooms = obs["rooms"]
        chars = [(c["room"], c["seat"], c["name"]) for c in obs["characters"]]
        lang = language()
        map_key = json.dumps([lang, rooms, chars], sort_keys=True)
        cells = obs["console"]["cells"]
        console_key = json.dumps([lang, cells], sort_keys=True)
        drawn_map = self._maps.get(map_key)
        drawn_console = self._consoles.get(console_key)
        if drawn_map is None or drawn_console is None:
            drawn_map, drawn_console = self._draw(obs)
            if len(self._maps) > 32:
                self._maps.clear()
                self._consoles.clear()
            self._maps[map_key] = drawn_map
            self._consoles[console_key] = drawn_console
        return drawn_map, drawn_console

    def _draw(self, obs: Mapping[str, Any]) -> tuple[dict[str, Any], dict[str, Any]]:
        from cipherkit.glyphs.cards import console_drawing
        from cipherkit.glyphs.mapdraw import map_drawing

        _, console, map_data = from_state(obs)
        drawing = map_drawing(map_data, self.key, legend=False)
        name_units = min((room_name_lines(r.label)[0] for r in map_data.rooms), default=18.0)
        boxes = []
        for room in obs["mission"]["rooms"]:
            x, y, w, h = drawing.regions[f"room:{room['id']}"]
            boxes.append({"id": room["id"], "name": room["name"], "box": [x, y, w, h]})
        faceup = []
        for room_id, room in obs["rooms"].items():
            for i, label in enumerate(room["face_up"]):
                region = drawing.regions.get(f"faceup:{room_id}:{i}")
                if region is not None:
                    faceup.append(
                        {
                            "room": room_id,
                            "label": label,
                            "glyph": glyph_of_token(label),
                            "box": list(region),
                        }
                    )
        drawn_map = {
            "svg": drawing.svg(),
            "width": drawing.width,
            "height": drawing.height,
            # drawn at least this wide (CSS px), room names are READABLE_PX tall or more
            "readable_width": math.ceil(drawing.width * READABLE_PX / name_units),
            "rooms": boxes,
            "faceup": faceup,
        }
        board = console_drawing(console, self.key, width=max(720.0, drawing.width))
        drawn_console = {"svg": board.svg(), "width": board.width, "height": board.height}
        return drawn_map, drawn_console

    def icon(self, glyph: str) -> str:
        """A small SVG of one glyph (for the Collect buttons)."""
        svg = self._icons.get(glyph)
        if svg is None:
            from cipherkit.glyphs.drawing import Drawing

            d = Drawing(40, 40)
            d.glyph(self.key[glyph], 4, 4, 32, color="#1d2330")
            svg = d.svg()
            self._icons[glyph] = svg
        return svg


_KNOWN: OrderedDict[str, BoardArt] = OrderedDict()


def _public_key(public: Mapping[str, Any]) -> str:
    return json.dumps(public, sort_keys=True, default=str)


def remember(mission: Mission) -> BoardArt:
    """The art of ``mission`` (made once), kept so that :func:`art_for` finds it from
    an observation of the mission."""
    from cipherkit.games.mission.rules.tables import tables_for

    key = _public_key(tables_for(mission).public)
    art = _KNOWN.get(key)
    if art is None or not art.fixed:
        art = BoardArt(mission)
        _KNOWN[key] = art
        while len(_KNOWN) > KNOWN_MISSIONS:
            _KNOWN.popitem(last=False)
    _KNOWN.move_to_end(key)
    return art


def art_for(public: Mapping[str, Any]) -> BoardArt:
    """The art of the mission whose public data (an observation's ``"mission"``) is
    ``public``: the remembered one, else a default-style art for that mission."""
    key = _public_key(public)
    art = _KNOWN.get(key)
    if art is None:
        art = BoardArt()
        _KNOWN[key] = art
        while len(_KNOWN) > KNOWN_MISSIONS:
            _KNOWN.popitem(last=False)
    return art
