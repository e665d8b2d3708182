"""A mission and its observations as the plain data that :mod:`cipherkit.glyphs` draws.

Design notes: ``docs/design-notes.md``, ``cipherkit.games.mission.art.data``.

Examples
--------
>>> from cipherkit.games.mission import demo_mission, new_game
>>> from cipherkit.games.mission.art.data import from_mission, from_state, token_data
>>> card, console, map_data = from_mission(demo_mission())
>>> card.question, console.open_count, map_data.room("foyer").tokens
('What bird guards the vault?', 0, ('entrance',))
>>> token_data("counter-intel:run"), token_data("sun[dot]").marks
(TokenData(kind='trap', name='counter-intel', marks=(), action='run', colour='yellow'), ('dot',))
>>> state = new_game({"players": 2}, seed=1)
>>> _, _, seen = from_state(state.observe(0))
>>> sorted(s.name for r in seen.rooms for s in r.standees)
['Mara', 'Teo']
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from cipherkit.games.mission.content.tokens import TRAPS
from cipherkit.glyphs.data import (
    CardData,
    CellData,
    ConsoleData,
    MapData,
    PassageData,
    RoomData,
    StandeeData,
    TokenData,
)
from cipherkit.glyphs.spec import DEFAULT_STYLE, glyph_set_from_spec

if TYPE_CHECKING:
    from cipherkit.games.mission.content.mission import Mission

TRAP_COLOURS: dict[str, str] = {name: kind.colour for name, kind in TRAPS.items()}
"""The mission's traps as the drawings take them (:data:`cipherkit.glyphs.data.Traps`):
each trap name with its colour, read from :data:`~cipherkit.games.mission.content.tokens.TRAPS`."""


def token_data(token: Any) -> TokenData:
    """A mission token (:class:`~cipherkit.games.mission.content.tokens.Token`) or its face-up
    label (``sun``, ``sun[dot]``, ``camera``, ``counter-intel:run``) as drawing data."""
    return TokenData.from_any(token, TRAP_COLOURS)


def from_mission(mission: Mission) -> tuple[CardData, ConsoleData, MapData]:
    """The card, the console (all windows closed) and the map at setup of a
    :class:`cipherkit.games.mission.Mission` (face-down stacks, no standees)."""
    card = card_from_mission(mission)
    return card, ConsoleData.from_card(card), map_from_mission(mission)


def card_from_mission(mission: Mission) -> CardData:
    """The mission card's drawing data: question, cells, title and id."""
    cells = tuple(CellData(c.glyph, c.word, c.answer, tuple(c.marks)) for c in mission.cells)
    return CardData(mission.question, cells, mission.title, mission.id)


def map_from_mission(mission: Mission) -> MapData:
    """The map at setup: stack heights as dealt (``mission.stacks``)."""
    import networkx as nx

    graph: nx.Graph[str] = nx.Graph()
    stacks = mission.stacks
    for room, attrs in mission.map.nodes(data=True):
        graph.add_node(
            room,
            name=attrs.get("name") or "",
            pos=attrs.get("pos"),
            tokens=attrs.get("tokens") or (),
            stack=len(stacks.get(room, ())),
        )
    for a, b, attrs in mission.map.edges(data=True):
        graph.add_edge(a, b, **attrs)
    return MapData.from_graph(graph, title=mission.title, traps=TRAP_COLOURS)


def from_state(observation: Mapping[str, Any]) -> tuple[CardData, ConsoleData, MapData]:
    """The card, the console and the map as ``observation`` (``state.observe(viewer)``
    of a mission game) shows them: open windows with their content, stack heights,
    face-up tokens and standees. Only the observation is read."""
    public = observation["mission"]
    cells: list[CellData] = []
    observed = observation.get("console", {}).get("cells", [])
    for i, c in enumerate(public["cells"]):
        seen = observed[i] if i < len(observed) else {}
        content = seen.get("content")
        cells.append(
            CellData(
                str(c["glyph"]),
                int(c.get("word", 0)),
                bool(c.get("answer")),
                tuple(c.get("marks", ())),
                bool(seen.get("open")),
                None if content is None else str(content),
            )
        )
    card = CardData(
        public.get("question", ""),
        tuple(CellData(c.glyph, c.word, c.answer, c.marks) for c in cells),
        public.get("title", ""),
        public.get("id", ""),
    )
    console = ConsoleData(tuple(cells), public.get("title", ""))
    rooms_now = observation.get("rooms", {})
    characters = observation.get("characters", [])
    rooms = []
    for r in public["rooms"]:
        now = rooms_now.get(r["id"], {})
        here = [ch for ch in characters if ch.get("room") == r["id"]]
        pos = r.get("pos")
        rooms.append(
            RoomData(
                r["id"],
                r.get("name") or "",
                None if pos is None else (float(pos[0]), float(pos[1])),
                tuple(r.get("tokens", ())),
                int(now.get("stack", 0)),
                tuple(token_data(t) for t in now.get("face_up", ())),
                tuple(
                    StandeeData(
                        ch.get("name") or ch.get("id", "?"), ch.get("seat"), ch.get("id", "")
                    )
                    for ch in here
                ),
            )
        )
    passages = tuple(
        PassageData(p["rooms"][0], p["rooms"][1], bool(p.get("wall")), p.get("token"))
        for p in public.get("passages", [])
    )
    return card, console, MapData(tuple(rooms), passages, public.get("title", ""))


def mission_glyph_spec(mission: Mission) -> Any:
    """The glyph set a mission names (its ``glyph_set`` attribute, when the mission
    format has one), else the default style with the mission's seed."""
    spec = getattr(mission, "glyph_set", None)
    if spec:
        return spec
    return {"style": DEFAULT_STYLE, "seed": int(getattr(mission, "seed", 0) or 0)}


def mission_glyph_map(
    mission: Mission, glyph_set: Any = None, base_dir: Any = "."
) -> dict[str, Any]:
    """Each glyph id of the mission's key (in key order) with the glyph drawn for it."""
    spec = mission_glyph_spec(mission) if glyph_set is None else glyph_set
    return glyph_set_from_spec(spec, base_dir).assign(list(mission.glyphs))
