"""The mission draft: byte-identical round trips, undoable edits on every shipped
mission, saved edits that validate and load to the map shown (issue 45)."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import networkx as nx
import pytest

from cipherkit.cli import main
from cipherkit.games.mission.format.files import load
from cipherkit.games.mission.format.validate import validate_paths, validate_text
from cipherkit.studio import Draft, StudioRefused

ROOT = Path(__file__).resolve().parents[2]
MISSIONS = sorted((ROOT / "missions").glob("*.yaml"))
IDS = [p.stem for p in MISSIONS]


def test_there_are_shipped_missions() -> None:
    assert len(MISSIONS) >= 9


@pytest.mark.parametrize("path", MISSIONS, ids=IDS)
def test_open_then_save_gives_the_same_bytes(path: Path, tmp_path: Path) -> None:
    draft = Draft.open(path)
    assert draft.problems == validate_paths([path])  # what `cipherkit validate` says
    assert draft.mission == load(path)
    out = draft.save(tmp_path / path.name)
    assert out.read_bytes() == path.read_bytes()
    # the writing path itself keeps every byte too: an edit undone by another edit
    draft.edit({"op": "set_glyph_style", "style": "runes", "seed": 1})
    draft.undo()
    assert draft.text.encode("utf-8") == path.read_bytes()


def _room_pairs(draft: Draft) -> tuple[str, str, str, tuple[str, str]]:
    graph = draft.graph
    rooms = list(graph.nodes)
    joined = next(iter(graph.edges))
    a = rooms[0]
    c = next(r for r in rooms if r != a and not graph.has_edge(a, r))
    entrance = next(r for r, t in graph.nodes(data="tokens") if "entrance" in (t or ()))
    other = next(r for r in rooms if r != entrance)
    return a, c, other, (str(joined[0]), str(joined[1]))


def _intents(draft: Draft) -> list[dict[str, Any]]:
    a, c, other, (j1, j2) = _room_pairs(draft)
    size = draft.graph.nodes[a]["stack_size"]
    mission = load(draft.path) if draft.path else None
    assert mission is not None
    words = [[cell.glyph] for cell in mission.cells[:2]]
    spelled = " ".join(cell.content for cell in mission.cells[:2])
    return [
        {"op": "add_room", "room": "studio-room", "pos": [9, 9], "name": "New", "stack_size": 0},
        {"op": "move_room", "rooms": [a, c], "delta": [1, -1]},
        {"op": "move_room", "room": a, "to": [5.5, 5]},
        {"op": "delete_room", "room": c},
        {"op": "set_room", "room": a, "name": "Renamed Room"},
        {"op": "set_room", "room": a, "stack_size": (size or 0) + 1},
        {"op": "connect", "a": a, "b": c, "kind": "wall", "token": "passage"},
        {"op": "connect", "a": a, "b": c},
        {"op": "connect", "a": j1, "b": j2, "kind": "wall"},
        {"op": "disconnect", "a": j2, "b": j1},
        {"op": "set_entrance", "room": other},
        {"op": "set_answer", "solution": spelled, "card": words},
        {"op": "set_answer", "solution": "QUIZ"},
        {"op": "set_glyph_style", "style": "pigpen", "seed": 12},
        {"op": "set_pool", "pool": [cell.glyph for cell in mission.cells[:3]] + ["camera"]},
        {"op": "set_pool", "pool": ["gas", "gas"]},
        {"op": "set_room", "room": a, "stack": [cell.glyph for cell in mission.cells[:2]]},
        {"op": "set_field", "field": "title", "value": "A Studio Title"},
        {"op": "set_field", "field": "story", "value": "One line.\nAnother line."},
        {"op": "set_field", "field": "players", "value": {"min": 1, "max": 2}},
        {"op": "set_field", "field": "characters", "value": ["lookout", "fixer"]},
        {"op": "set_field", "field": "deck", "value": {"values": 7}},
        {"op": "set_field", "field": "campaign.win", "value": {"next": "x", "text": "Won."}},
        {"op": "set_field", "field": "seed", "value": 99},
    ]


@pytest.mark.parametrize("path", MISSIONS, ids=IDS)
def test_every_intent_undoes_and_redoes_to_the_exact_text(path: Path) -> None:
    draft = Draft.open(path)
    original = draft.text
    for message in _intents(draft):
        before = draft.text
        draft.edit(message)
        after = draft.text
        assert after != before, message
        assert draft.problems == validate_text(after, str(path))
        assert draft.undo()
        assert draft.text == before, message
        assert draft.redo()
        assert draft.text == after, message
        assert draft.undo() and draft.text == before
    assert draft.text == original
    assert not draft.can_undo and draft.can_redo
    assert draft.redo() and draft.undo() and not draft.undo()


def _around_map(text: str) -> tuple[list[str], list[str]]:
    """The lines before the map: section and from the next top-level field on."""
    lines = text.splitlines(keepends=True)
    first = next(i for i, line in enumerate(lines) if line.startswith("map:"))
    tops = [i for i, line in enumerate(lines) if i > first and re.match(r"[a-z_]+:", line)]
    return lines[:first], lines[tops[0] :] if tops else []


@pytest.mark.parametrize("path", MISSIONS, ids=IDS)
def test_a_map_edit_keeps_the_rest_of_the_file_byte_for_byte(path: Path) -> None:
    draft = Draft.open(path)
    text = draft.text
    a, c, _, _ = _room_pairs(draft)
    draft.edit({"op": "move_room", "rooms": [a], "delta": [0, 1]})
    draft.edit({"op": "connect", "a": a, "b": c, "kind": "wall"})
    assert _around_map(draft.text) == _around_map(text)
    comments = [line.split("#", 1)[1] for line in text.splitlines() if "  # " in line]
    assert all(comment in draft.text for comment in comments)


def test_the_steps_are_one_intent_each_and_a_new_edit_clears_redo() -> None:
    draft = Draft.open(ROOT / "missions" / "08-last-light.yaml")
    first = draft.text
    draft.edit({"op": "move_room", "rooms": ["lamp", "watch", "service"], "delta": [1, 1]})
    assert [draft.graph.nodes[r]["pos"] for r in ("lamp", "watch", "service")] == [
        (3, 4),
        (3, 3),
        (2, 4),
    ]
    draft.undo()
    assert draft.text == first
    draft.edit({"op": "set_room", "room": "lamp", "name": "The Lamp"})
    assert not draft.can_redo
    assert not draft.redo()


def test_a_saved_edited_file_validates_and_loads_to_the_drafts_map(tmp_path: Path) -> None:
    draft = Draft.open(ROOT / "missions" / "08-last-light.yaml")
    draft.edit({"op": "add_room", "room": "jetty", "pos": [-1, 0], "name": "Jetty"})
    draft.edit({"op": "connect", "a": "jetty", "b": "causeway"})
    draft.edit({"op": "connect", "a": "jetty", "b": "boathouse", "kind": "wall"})
    draft.edit({"op": "move_room", "rooms": ["lamp", "watch"], "delta": [1, 0]})
    draft.edit({"op": "set_entrance", "room": "jetty"})
    draft.edit({"op": "set_room", "room": "cottage", "name": "The Keeper's Cottage"})
    draft.edit({"op": "disconnect", "a": "stair", "b": "gallery"})
    draft.edit({"op": "connect", "a": "gallery", "b": "base"})
    draft.edit({"op": "set_glyph_style", "style": "runes", "seed": 5})
    assert draft.errors == []
    out = tmp_path / "08-last-light.yaml"
    draft.save(out)
    assert [p for p in validate_paths([out]) if p.is_error] == []
    assert main(["validate", str(out)]) == 0
    mission = load(out)
    assert draft.mission is not None and draft.mission.map.nodes == mission.map.nodes
    graph = draft.graph
    assert set(graph.nodes) == set(mission.map.nodes)
    assert {frozenset(e) for e in graph.edges} == {frozenset(e) for e in mission.map.edges}
    for room, attrs in mission.map.nodes(data=True):
        assert graph.nodes[room]["pos"] == attrs["pos"]
        assert graph.nodes[room]["name"] == attrs["name"]
    assert graph.edges["jetty", "boathouse"]["wall"] is True
    assert mission.glyph_set == {"style": "runes", "seed": 5}
    assert "# the tower door is bolted" in out.read_text(encoding="utf-8")


def test_new_validates_after_the_entrance_and_answer_are_set() -> None:
    draft = Draft.new()
    assert draft.errors and draft.mission is None
    draft.edit({"op": "add_room", "room": "vault", "pos": [1, 0], "name": "Vault"})
    draft.edit({"op": "connect", "a": "start", "b": "vault"})
    draft.edit({"op": "set_entrance", "room": "start"})
    draft.edit({"op": "set_answer", "solution": "OPEN SESAME"})
    assert draft.errors == []
    assert draft.mission is not None and draft.mission.answer == "OPEN SESAME"
    assert set(draft.mission.map.edges) == {("start", "vault")}


def test_from_graph_keeps_positions_and_names_and_validates_when_finished() -> None:
    g = nx.relabel_nodes(nx.grid_2d_graph(3, 2), lambda n: f"r{n[0]}{n[1]}")
    for node in g.nodes:
        g.nodes[node]["pos"] = (int(node[1]), int(node[2]))
    g.nodes["r00"]["name"] = "Gate"
    g.edges["r00", "r10"]["wall"] = True
    draft = Draft.from_graph(g)
    assert set(draft.graph.nodes) == set(g.nodes)
    assert {frozenset(e) for e in draft.graph.edges} == {frozenset(e) for e in g.edges}
    assert draft.graph.nodes["r21"]["pos"] == (2, 1)
    assert draft.graph.nodes["r00"]["name"] == "Gate"
    assert draft.graph.edges["r00", "r10"]["wall"] is True
    draft.edit({"op": "set_entrance", "room": "r00"})
    draft.edit({"op": "set_answer", "solution": "GRID"})
    assert draft.errors == [] and draft.mission is not None
    assert draft.mission.map.number_of_nodes() == 6


def test_from_graph_without_positions_places_the_rooms() -> None:
    draft = Draft.from_graph(nx.cycle_graph(["a", "b", "c"]))
    assert len({draft.graph.nodes[n]["pos"] for n in "abc"}) == 3


def test_from_graph_refuses_nodes_that_are_no_room_ids() -> None:
    with pytest.raises(StudioRefused, match="must be letters"):
        Draft.from_graph(nx.Graph([((0, 0), (0, 1))]))


def test_a_draft_whose_text_is_broken_refuses_map_edits_but_reports_problems() -> None:
    draft = Draft.from_text("id: [1, 2\n", name="broken.yaml")
    assert draft.mission is None and draft.errors
    with pytest.raises(StudioRefused, match="not valid YAML"):
        draft.edit({"op": "set_entrance", "room": "hall"})
    assert draft.text == "id: [1, 2\n" and not draft.can_undo


def test_save_without_a_path_needs_one(tmp_path: Path) -> None:
    draft = Draft.new()
    with pytest.raises(StudioRefused, match="give a path"):
        draft.save()
    draft.save(tmp_path / "m.yaml")
    assert draft.save() == tmp_path / "m.yaml"


def test_a_file_whose_sections_cannot_be_told_apart_is_edited_whole() -> None:
    text = (ROOT / "missions" / "08-last-light.yaml").read_text(encoding="utf-8")
    quoted = text.replace("\nmap:\n", '\n"map":\n')  # a quoted key: no section split
    draft = Draft.from_text(quoted, name="quoted.yaml")
    draft.edit({"op": "move_room", "rooms": ["lamp"], "delta": [0, 1]})
    assert draft.graph.nodes["lamp"]["pos"] == (2, 4)
    assert draft.errors == [] and "# the tower door is bolted" in draft.text
    assert draft.undo() and draft.text == quoted


@pytest.mark.parametrize("path", MISSIONS, ids=IDS)
def test_edits_from_kept_documents_write_what_a_fresh_parse_writes(path: Path) -> None:
    from cipherkit.studio.draft import _edited
    from cipherkit.studio.intents import parse_intent

    draft = Draft.open(path)
    a, c, other, _ = _room_pairs(draft)
    steps: list[dict[str, Any]] = [
        {"op": "move_room", "rooms": [a, c], "delta": [1, 0]},
        {"op": "set_room", "room": a, "name": "First"},
        {"op": "connect", "a": a, "b": c, "kind": "wall"},
        {"op": "move_room", "rooms": [c], "to": [7, 7]},
        {"op": "set_entrance", "room": other},
        {"op": "connect", "a": a, "b": c},
        {"op": "delete_room", "room": c},
        {"op": "set_answer", "solution": "NEW WORD"},
        {"op": "set_answer", "solution": "OTHER"},
        {"op": "set_glyph_style", "style": "runes", "seed": 3},
        {"op": "set_glyph_style", "style": "pigpen", "seed": 4},
    ]
    for message in steps:
        before = draft.text
        draft.edit(message)
        fresh = _edited(before, parse_intent(message))
        assert draft.text == fresh, message
        draft.undo()  # the same edit again, from the kept document of the text before
        draft.edit(message)
        assert draft.text == fresh, message
    assert draft.errors == []
