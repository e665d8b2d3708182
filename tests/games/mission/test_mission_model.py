"""The mission model: loading, the builder, YAML round trips, the map, tokens, deck."""

from __future__ import annotations

import networkx as nx
import pytest
from mission_helpers import MISSIONS, hello_mission

from cipherkit.games.mission import (
    BUILTIN,
    Cell,
    DeckSpec,
    Mission,
    MissionBuilder,
    MissionError,
    answers_match,
    demo_mission,
    load,
)
from cipherkit.games.mission.content.tokens import Token, token_from_data
from cipherkit.games.mission.format.files import (
    mission_from_dict,
    mission_from_yaml,
    mission_to_yaml,
)
from cipherkit.games.mission.format.validate import validate_paths


def test_the_shipped_campaign_validates_cleanly() -> None:
    assert len(MISSIONS) >= 8
    assert validate_paths(MISSIONS) == []
    ids = [load(p).id for p in MISSIONS]
    assert ids[:3] == ["lantern-archive", "signal-box", "cold-ledger"]


def test_shipped_missions_cover_what_the_issue_asks() -> None:
    tutorial, traps, ledger = (load(p) for p in MISSIONS[:3])
    assert not any(t.is_trap for t in tutorial.all_tokens())
    assert tutorial.map.number_of_nodes() <= 5
    assert all(tutorial.is_open(a, b) for a, b in tutorial.map.edges)
    kinds = {t.name for t in traps.all_tokens() if t.is_trap}
    assert kinds == {"camera", "gas", "counter-intel"}
    tokens = {d.get("token") for _, _, d in traps.map.edges(data=True)}
    assert {"wall", "passage"} <= tokens
    assert any(d.get("wall") for _, _, d in traps.map.edges(data=True))
    assert ledger.has_answer_section
    assert any(len(c.content) > 1 for c in ledger.answer_cells)
    assert ledger.answer == "4017 52" and ledger.text == "SAFE DEAD 4017 52"


def test_mission_answer_and_cells_carry_content() -> None:
    m = load(MISSIONS[1])
    assert m.answer == "EAST TUNNEL"
    assert [c.content for c in m.cells][:4] == ["E", "A", "S", "T"]
    assert m.cells[-1].marks == ("red",)
    assert all(isinstance(c, Cell) for c in m.cells)


@pytest.mark.parametrize("path", MISSIONS, ids=lambda p: p.stem)
def test_to_yaml_round_trips(path) -> None:  # type: ignore[no-untyped-def]
    mission = load(path)
    again = mission_from_yaml(mission_to_yaml(mission))
    assert again == mission
    assert again.to_dict() == mission.to_dict()
    assert mission_from_dict(mission.to_dict()) == mission


def test_builder_and_yaml_give_the_same_mission() -> None:
    text = """
id: twin
title: Twins
question: Which word?
glyphs: {a: N, b: O, x: null}
card: {text: [[a, b]]}
solution: "no"
map:
  rooms:
    hall: {pos: [0, 0], tokens: [entrance], stack: [a, x]}
    den: {name: Den, pos: [1, 0], stack: [b, camera]}
    loft: {pos: [0, 1], stack_size: 1}
  passages:
    - [hall, den]
    - {rooms: [den, loft], wall: true, token: passage}
pool: [gas]
deck: {values: 10, suits: [red, blue], time: [1, 2], hand_size: 3}
campaign: {win: {next: m2, unlock: [clerks-note]}}
"""
    b = MissionBuilder("twin", title="Twins", question="Which word?")
    b.glyph("a", "N").glyph("b", "O").glyph("x").word("a", "b").solution("no")
    b.room("hall", pos=(0, 0), entrance=True, stack=["a", "x"])
    b.room("den", pos=(1, 0), name="Den", stack=["b", "camera"])
    b.room("loft", pos=(0, 1), stack_size=1)
    b.passage("hall", "den").wall("den", "loft", token="passage").pool("gas")
    b.deck(values=10, suits=["red", "blue"], time=[1, 2], hand_size=3)
    b.campaign(win={"next": "m2", "unlock": ["clerks-note"]})
    built = b.build()
    assert built == mission_from_yaml(text)
    assert built.stacks["loft"] == (Token.trap("gas"),)
    assert built.deck == DeckSpec(10, ("red", "blue"), (1, 2), 3)


def test_builder_errors_read_like_file_errors() -> None:
    b = MissionBuilder("bad", title="Bad", question="?").glyph("a", "A").word("a")
    b.room("hall", pos=(0, 0), entrance=True, stack=["a"]).passage("hall", "nowhere")
    with pytest.raises(MissionError, match=r"map\.passages\[0\]\[1\]: unknown room 'nowhere'"):
        b.build()


def test_map_is_a_networkx_graph_with_walls_and_tokens() -> None:
    m = hello_mission()
    assert isinstance(m.map, nx.Graph)
    assert m.map.nodes["hall"]["pos"] == (0, 0)
    assert m.is_open("hall", "archive")
    assert not m.is_open("hall", "vault")  # printed wall
    assert m.is_open("archive", "attic")  # printed wall opened by a passage token
    assert not m.is_open("cellar", "garden")  # passageway closed by a wall token
    assert not m.is_open("hall", "cellar")  # not adjacent
    assert sorted(m.open_neighbours("archive")) == ["attic", "cellar", "hall"]
    assert m.entrance == "hall"


def test_pool_is_dealt_by_the_missions_seed() -> None:
    ledger = load(MISSIONS[2])
    again = load(MISSIONS[2])
    assert ledger.stacks == again.stacks
    data = ledger.to_dict()
    data["seed"] = 6
    other = mission_from_dict(data)
    assert sorted(t.label for t in other.all_tokens()) == sorted(
        t.label for t in ledger.all_tokens()
    )
    assert other.stacks != ledger.stacks


def test_public_dict_has_no_hidden_content() -> None:
    m = load(MISSIONS[2])
    text = str(m.public_dict())
    assert "4017" not in text and "'52'" not in text
    assert "content" not in text and "stack" not in text and "fog" not in text
    assert "4017" in mission_to_yaml(m)


def test_tokens_read_short_and_long_forms() -> None:
    assert token_from_data("camera") == Token.trap("camera")
    assert token_from_data({"trap": "counter-intel", "action": "intel"}).label == (
        "counter-intel:intel"
    )
    assert token_from_data({"glyph": "sun", "marks": ["dot"]}).to_data() == {
        "glyph": "sun",
        "marks": ["dot"],
    }
    assert token_from_data("sun").to_data() == "sun"


def test_default_deck_is_36_numbered_cards_and_four_time_cards() -> None:
    table = DeckSpec().table()
    assert table.resource_count == 36
    assert sorted(table.value[:36]) == sorted(list(range(1, 13)) * 3)
    assert [table.icons[c] for c in table.time_ids] == [1, 1, 1, 2]
    assert {table.label(c) for c in table.time_ids} == {"T1", "T2"}


def test_answer_comparison_ignores_case_spaces_and_punctuation_only() -> None:
    assert answers_match("east tunnel", "EAST TUNNEL")
    assert answers_match("East-Tunnel!", "EAST TUNNEL")
    assert answers_match("EASTTUNNEL", "EAST TUNNEL")
    assert not answers_match("EAST TUNNELS", "EAST TUNNEL")
    assert not answers_match("WEST TUNNEL", "EAST TUNNEL")
    assert not answers_match("4017 53", "4017 52")
    assert not answers_match("É", "E")


def test_characters_are_data_with_distinct_abilities() -> None:
    abilities = [c.ability for c in BUILTIN.values()]
    assert len(set(abilities)) == len(abilities) >= 4
    assert all(c.ability_text and c.name for c in BUILTIN.values())


def test_custom_character_in_a_mission() -> None:
    b = MissionBuilder("c", title="C", question="?").glyph("a", "A").word("a")
    b.room("hall", pos=(0, 0), entrance=True, stack=["a"]).players(1, 2)
    b.characters("fixer", {"id": "owl", "name": "Owl", "ability": "peek"})
    m = b.build()
    assert [c.id for c in m.characters] == ["fixer", "owl"]
    assert m.characters[1].ability == "peek"
    assert mission_from_yaml(mission_to_yaml(m)) == m


def test_demo_mission_and_repr() -> None:
    m = demo_mission()
    assert repr(m) == "<Mission 'demo': 'The Owl Room'>"
    assert "OWL" not in m._repr_html_()
    assert "The Owl Room" in m._repr_html_()


def test_the_documented_example_is_valid_and_matches_its_python_twin() -> None:
    import re

    from mission_helpers import ROOT

    doc = (ROOT / "docs" / "mission-format.md").read_text()
    yaml_blocks = re.findall(r"```yaml\n(.*?)```", doc, re.S)
    example = next(b for b in yaml_blocks if b.startswith("# A complete mission"))
    from cipherkit.games.mission.format.validate import validate_text

    assert validate_text(example, "doc.yaml") == []
    mission = mission_from_yaml(example)
    python = next(b for b in re.findall(r"```python\n(.*?)```", doc, re.S) if "boathouse" in b)
    namespace: dict[str, object] = {}
    exec(python.replace("print(mission.answer)", "pass"), namespace)
    twin = namespace["mission"]
    assert isinstance(twin, Mission) and twin.answer == mission.answer == "DED NED"
    assert twin == mission
