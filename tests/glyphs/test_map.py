"""The map: positions, passages, walls and tokens, stacks, face-up tokens, standees."""

from __future__ import annotations

import itertools

import networkx as nx
import pytest

from cipherkit.core.errors import CipherkitError
from cipherkit.core.rng import Rng
from cipherkit.games.mission.art.data import TRAP_COLOURS as MISSION_TRAPS
from cipherkit.games.mission.art.data import from_state, map_from_mission, token_data
from cipherkit.glyphs import MapData, StandeeData, TokenData, generate, map_drawing
from cipherkit.glyphs.data import PassageData, RoomData
from cipherkit.glyphs.mapdraw import room_positions
from cipherkit.glyphs.theme import (
    BRICK,
    CORRIDOR,
    ENTRANCE,
    INK,
    PASSAGE,
    SEAT_COLOURS,
    TOKEN_BACK,
    TRAP_COLOURS,
)
from tests.glyphs.helpers import region_share

GLYPHS = generate("circuit", seed=4)


def centre(box) -> tuple[float, float]:
    return (box[0] + box[2] / 2, box[1] + box[3] / 2)


@pytest.fixture(scope="module")
def graph() -> nx.Graph:
    g = nx.Graph()
    g.add_node(
        "hall",
        name="Great Hall",
        pos=(0, 0),
        tokens=["entrance"],
        stack=["A", "camera", "B"],
        standees=[StandeeData("Mara", 0), "Teo"],
    )
    g.add_node("loft", pos=(1, 0), stack=0, face_up=["A", "camera", "counter-intel:run"])
    g.add_node("den", pos=(1, 1), stack_size=1)
    g.add_node("cellar", pos=(0, 1), stack=[])
    g.add_node("attic", pos=(2, 0))
    g.add_edge("hall", "loft")
    g.add_edge("loft", "den", wall=True)
    g.add_edge("den", "cellar", token="wall")
    g.add_edge("cellar", "hall", wall=True, token="passage")
    g.add_edge("loft", "attic")
    return g


@pytest.fixture(scope="module")
def drawn(graph):
    traps = {"camera": "brown", "counter-intel": "yellow"}
    d = map_drawing(MapData.from_graph(graph, title="Test map", traps=traps), GLYPHS)
    return d, d.image()


def test_rooms_sit_at_the_authors_positions(drawn) -> None:
    d, _ = drawn
    c = {r: centre(d.regions[f"room:{r}"]) for r in ("hall", "loft", "den", "cellar", "attic")}
    assert c["hall"][1] == c["loft"][1] == c["attic"][1] < c["den"][1] == c["cellar"][1]
    assert c["hall"][0] == c["cellar"][0] < c["loft"][0] == c["den"][0] < c["attic"][0]
    step = c["loft"][0] - c["hall"][0]
    assert c["attic"][0] - c["loft"][0] == pytest.approx(step)
    assert c["den"][1] - c["loft"][1] == pytest.approx(step)


def test_passages_walls_and_tokens(drawn) -> None:
    d, image = drawn
    at = lambda name, colour, tol=20: region_share(d, image, name, colour, tol)  # noqa: E731
    assert at("passage:hall|loft", CORRIDOR) > 0.6  # an open corridor
    assert at("passage:den|loft", INK) > 0.3  # a printed wall across it
    assert at("passage:cellar|den", BRICK) > 0.4  # a wall token
    assert at("passage:cellar|hall", PASSAGE) > 0.4  # a passage token on a printed wall
    assert at("passage:attic|loft", BRICK) == at("passage:attic|loft", PASSAGE) == 0.0


def test_stacks_face_up_tokens_standees_and_specials(drawn) -> None:
    d, image = drawn
    at = lambda name, colour, tol=25: region_share(d, image, name, colour, tol)  # noqa: E731
    assert at("stack:hall", TOKEN_BACK) > 0.2 and at("stack:den", TOKEN_BACK) > 0.2
    assert at("stack:loft", TOKEN_BACK) == at("stack:cellar", TOKEN_BACK) == 0.0
    texts = d.svg()
    assert ">×3<" in texts and ">×1<" in texts and texts.count(">empty<") == 3
    assert at("faceup:loft:0", INK, 60) > 0.05  # a glyph token
    assert at("faceup:loft:1", TRAP_COLOURS["brown"]) > 0.3  # the camera
    assert at("faceup:loft:2", TRAP_COLOURS["yellow"]) > 0.2  # counter-intel
    assert at("standee:hall:0", SEAT_COLOURS[0]) > 0.1
    assert at("standee:hall:1", SEAT_COLOURS[1]) > 0.1
    assert "standee:loft:0" not in d.regions
    assert at("special:hall:entrance", ENTRANCE) > 0.4
    assert ">ENTRANCE<" in texts and ">Great Hall<" in texts


def test_rooms_without_positions_are_laid_out_apart() -> None:
    g = nx.petersen_graph()
    m = MapData.from_graph(nx.relabel_nodes(g, str))
    pos = room_positions(m, seed=3)
    assert pos == room_positions(m, seed=3)
    assert min(pos.values()) >= (0.0, 0.0)
    closest = min(
        ((a[0] - b[0]) ** 2 + (a[1] - b[1]) ** 2) ** 0.5
        for a, b in itertools.combinations(pos.values(), 2)
    )
    assert closest == pytest.approx(1.0)
    d = map_drawing(m, GLYPHS, legend=False)
    rooms = [v for k, v in d.regions.items() if k.startswith("room:")]
    assert len(rooms) == 10
    for a, b in itertools.combinations(rooms, 2):
        assert not (
            a[0] < b[0] + b[2] and b[0] < a[0] + a[2] and a[1] < b[1] + b[3] and b[1] < a[1] + a[3]
        )


def test_partial_positions_keep_the_given_ones() -> None:
    g = nx.path_graph(["a", "b", "c"])
    g.nodes["a"]["pos"] = (0, 0)
    g.nodes["b"]["pos"] = (4, 0)
    pos = room_positions(MapData.from_graph(g))
    assert pos["a"][1] == pytest.approx(pos["b"][1])
    assert pos["b"][0] - pos["a"][0] > 0


def test_map_data_checks_its_passages() -> None:
    with pytest.raises(CipherkitError, match="unknown room 'x'"):
        MapData((RoomData("a"),), (PassageData("a", "x"),))
    with pytest.raises(CipherkitError, match="share an id"):
        MapData((RoomData("a"), RoomData("a")))
    assert PassageData("a", "b", wall=True).is_open is False
    assert PassageData("a", "b", token="wall").is_open is False
    assert PassageData("a", "b", wall=True, token="passage").is_open is True
    assert TokenData.from_label("sun[dot,red]") == TokenData("glyph", "sun", ("dot", "red"))


def test_which_labels_are_traps_comes_from_the_game() -> None:
    # the drawings know no trap names of their own: the caller's table says
    assert TokenData.from_label("camera") == TokenData("glyph", "camera")
    assert TokenData.from_label("gas", ["gas"]) == TokenData("trap", "gas")
    assert TokenData.from_label("gas:run", {"gas": "#123456"}).colour == "#123456"
    # the mission's adapters read the mission's own token table
    from cipherkit.games.mission.content.tokens import TRAPS

    assert {name: kind.colour for name, kind in TRAPS.items()} == MISSION_TRAPS
    assert token_data("camera") == TokenData("trap", "camera", colour=TRAPS["camera"].colour)
    assert token_data("counter-intel:run").action == "run"
    assert token_data("sun[dot]") == TokenData("glyph", "sun", ("dot",))


def test_shipped_missions_at_setup(missions) -> None:
    for mission in missions:
        m = map_from_mission(mission)
        assert {r.id for r in m.rooms} == set(mission.map.nodes)
        for room in m.rooms:
            assert room.stack == len(mission.stacks[room.id])
            assert room.pos == tuple(float(v) for v in mission.map.nodes[room.id]["pos"])
        d = map_drawing(m, GLYPHS.assign(list(mission.glyphs)))
        assert f"special:{mission.entrance}:entrance" in d.regions


def test_a_game_state_from_its_observation_only() -> None:
    from cipherkit.games.mission import new_game

    state = new_game({"players": 3}, seed=8)
    rng = Rng(2)
    for _ in range(40):
        seat = state.actors()[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    obs = state.observe(1)
    _, console, m = from_state(obs)
    for room in m.rooms:
        assert room.stack == obs["rooms"][room.id]["stack"]
        assert [t.label for t in room.face_up] == obs["rooms"][room.id]["face_up"]
        here = [c["name"] for c in obs["characters"] if c["room"] == room.id]
        assert [s.name for s in room.standees] == here
    assert [c.open for c in console.cells] == [c["open"] for c in obs["console"]["cells"]]
    d = map_drawing(m, GLYPHS.assign(list(state.mission.glyphs)))
    image = d.image()
    for ch in obs["characters"]:
        room = ch["room"]
        index = [c["index"] for c in obs["characters"] if c["room"] == room].index(ch["index"])
        colour = SEAT_COLOURS[ch["seat"] % len(SEAT_COLOURS)]
        assert region_share(d, image, f"standee:{room}:{index}", colour, 25) > 0.1
