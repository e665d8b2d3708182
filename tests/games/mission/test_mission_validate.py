"""The mission validator: each kind of problem with its message, field path and line;
and ``cipherkit validate`` end to end (exit codes, no traceback)."""

from __future__ import annotations

import json
import subprocess

import pytest
import yaml
from hypothesis import given, settings
from hypothesis import strategies as st
from mission_helpers import CIPHERKIT, MISSIONS

from cipherkit.games.mission import MissionError, Problem, load
from cipherkit.games.mission.format.validate import validate_paths, validate_text

GOOD = """\
id: tiny
title: Tiny
question: Which word?
glyphs:
  sun: H
  moon: I
  fog: null
card:
  text:
    - [sun, moon]
solution: HI
map:
  rooms:
    hall:
      pos: [0, 0]
      tokens: [entrance]
      stack: [sun, fog]
    den:
      pos: [1, 0]
      stack: [moon, camera]
  passages:
    - [hall, den]
"""


def problems(text: str) -> list[str]:
    return [str(p) for p in validate_text(text, "m.yaml")]


def edit(old: str, new: str) -> str:
    assert old in GOOD, old
    return GOOD.replace(old, new, 1)


def test_the_base_file_is_clean() -> None:
    assert problems(GOOD) == []


def test_yaml_syntax_error_has_its_line() -> None:
    found = problems(edit("    - [sun, moon]", "    - [sun, moon"))
    assert len(found) == 1
    assert found[0].startswith("m.yaml:11: yaml: YAML syntax error:")


def test_unknown_field_with_did_you_mean() -> None:
    found = problems(edit("      stack: [moon, camera]", "      stak: [moon, camera]"))
    assert "m.yaml:20: map.rooms.den.stak: unknown field 'stak' (did you mean 'stack'?)" in found


def test_unknown_field_without_a_close_match_lists_the_fields() -> None:
    found = problems(GOOD + "colour: blue\n")
    assert found == [
        "m.yaml:23: colour: unknown field 'colour' (known fields: format, id, "
        "title, question, story, seed, deal, players, characters, glyph_set, glyphs, card, "
        "solution, map, pool, deck, campaign)"
    ]


def test_missing_field_names_the_parent_and_its_line() -> None:
    found = problems(edit("      pos: [1, 0]\n", ""))
    assert found == ["m.yaml:18: map.rooms.den: missing field 'pos'"]
    assert problems(GOOD.replace("title: Tiny\n", "")) == [
        "m.yaml:1: mission: missing field 'title'"
    ]


def test_wrong_types() -> None:
    assert problems(edit("pos: [0, 0]", "pos: left")) == [
        "m.yaml:15: map.rooms.hall.pos: pos must be a list of two numbers [x, y], not text"
    ]
    assert problems(edit("title: Tiny", "title: [1, 2]")) == [
        "m.yaml:2: title: must be text, not a list"
    ]
    assert problems(GOOD + "seed: lots\n") == ["m.yaml:23: seed: must be a whole number, not text"]
    assert problems(GOOD + "players: {max: 9}\n") == [
        "m.yaml:23: players.max: must be from 1 to 4, not 9"
    ]


def test_reference_to_a_room_that_does_not_exist() -> None:
    found = problems(edit("    - [hall, den]", "    - [hall, dne]"))
    assert found == ["m.yaml:22: map.passages[0][1]: unknown room 'dne' (did you mean 'den'?)"]


def test_reference_to_a_glyph_that_does_not_exist() -> None:
    assert problems(edit("    - [sun, moon]", "    - [sun, mon]")) == [
        "m.yaml:10: card.text[0][1]: unknown glyph 'mon' (did you mean 'moon'?)"
    ]
    assert problems(edit("stack: [sun, fog]", "stack: [sun, frog]")) == [
        "m.yaml:17: map.rooms.hall.stack[1]: unknown glyph 'frog' (did you mean 'fog'?)"
    ]


def test_a_misspelled_trap_gets_the_trap_suggested() -> None:
    for typed in ("camra", "Camera", "security-camera"):
        assert problems(edit("stack: [sun, fog]", f"stack: [sun, fog, {typed}]")) == [
            f"m.yaml:17: map.rooms.hall.stack[2]: unknown glyph {typed!r} (did you mean 'camera'?)"
        ]


def test_reference_to_a_character_that_does_not_exist() -> None:
    found = problems(GOOD + "characters: [locksmith, lookot, fixer, archivist]\n")
    assert found == [
        "m.yaml:23: characters[1]: unknown character 'lookot' (did you mean 'lookout'?)"
    ]


def test_unknown_trap_action_and_bare_counter_intel() -> None:
    found = problems(edit("stack: [moon, camera]", "stack: [moon, counter-intel:rnu]"))
    assert found == [
        "m.yaml:20: map.rooms.den.stack[1]: unknown action 'rnu' on a counter-intel token "
        "(did you mean 'run'?)"
    ]


def test_unreachable_room_is_an_error_and_behind_a_wall_a_warning() -> None:
    text = edit("  passages:\n", "    attic: {pos: [2, 0], stack: [fog]}\n  passages:\n")
    assert problems(text) == [
        "m.yaml:21: map.rooms.attic: room 'attic' cannot be reached from the entrance"
    ]
    walled = text + "    - {rooms: [den, attic], wall: true}\n"
    found = validate_text(walled, "m.yaml")
    assert [(p.severity, p.line, p.path) for p in found] == [("warning", 21, "map.rooms.attic")]
    assert "only through a wall" in found[0].message
    opened = text + "    - {rooms: [den, attic], wall: true, token: passage}\n"
    assert problems(opened) == []


def test_card_glyph_without_a_token_is_a_warning_unless_deliberate() -> None:
    text = edit("stack: [moon, camera]", "stack: [camera]")
    found = validate_text(text, "m.yaml")
    assert [(p.severity, p.line, p.path) for p in found] == [("warning", 6, "glyphs.moon")]
    assert "no clue token carries it" in found[0].message
    deliberate = text.replace("  moon: I", "  moon: {content: I, no_token: true}")
    assert problems(deliberate) == []


def test_answer_the_cells_cannot_spell() -> None:
    assert problems(edit("solution: HI", "solution: HO")) == [
        "m.yaml:11: solution: the answer cells spell 'HI', not 'HO'"
    ]
    assert problems(edit("solution: HI", "solution: h-i")) == []


def test_answer_section_is_what_the_solution_must_match() -> None:
    text = edit("    - [sun, moon]\n", "    - [sun, moon]\n  answer:\n    - [moon]\n")
    text = text.replace("solution: HI", "solution: I")
    assert problems(text) == []
    assert problems(text.replace("solution: I", "solution: HI")) == [
        "m.yaml:13: solution: the Answer section cells spell 'I', not 'HI'"
    ]


def test_deck_too_small_to_play() -> None:
    found = problems(GOOD + "deck: {values: 4, suits: [red, blue]}\n")
    assert found == [
        "m.yaml:23: deck: the deck is too small to play: 4 player(s) need 16 cards for their "
        "first hands but it has 8 resource cards"
    ]
    assert problems(GOOD + "deck: {values: 4, suits: [red, blue]}\nplayers: 2\n") == []


def test_entrance_and_duplicate_keys_and_pool() -> None:
    assert problems(edit("      tokens: [entrance]\n", "")) == [
        "m.yaml:13: map.rooms: no room has the entrance token (add tokens: [entrance] to the "
        "room where the characters start)"
    ]
    dup = edit("  moon: I\n", "  moon: I\n  sun: J\n")
    assert problems(dup) == ["m.yaml:7: glyphs.sun: duplicate key 'sun' (the first is on line 5)"]
    pooled = edit("      stack: [moon, camera]", "      stack_size: 2") + "pool: [moon]\n"
    assert problems(pooled) == [
        "m.yaml:23: pool: rooms ask for 2 pooled tokens (stack_size) but the pool has 1"
    ]


def test_empty_binary_directory_and_missing_files(tmp_path) -> None:  # type: ignore[no-untyped-def]
    empty = tmp_path / "empty.yaml"
    empty.write_text("")
    binary = tmp_path / "blob.yaml"
    binary.write_bytes(bytes(range(256)))
    latin = tmp_path / "latin.yaml"
    latin.write_bytes("id: caf\xe9\n".encode("latin-1"))
    listing = tmp_path / "list.yaml"
    listing.write_text("- 1\n- 2\n")
    found = [
        str(p)
        for p in validate_paths([empty, binary, tmp_path, tmp_path / "no.yaml", latin, listing])
    ]
    assert found == [
        f"{empty}: mission: the file is empty",
        f"{binary}: file: not a text file",
        f"{tmp_path}: file: is a directory",
        f"{tmp_path / 'no.yaml'}: file: no such file",
        f"{latin}: file: not UTF-8 text (bad byte at offset 7)",
        f"{listing}:1: mission: a mission file must be a mapping, not a list",
    ]


def test_problem_format_and_json() -> None:
    p = Problem("a.yaml", 3, "map.rooms", "no entrance")
    assert str(p) == "a.yaml:3: map.rooms: no entrance"
    assert str(Problem("a.yaml", None, "file", "is a directory")) == "a.yaml: file: is a directory"
    assert p.to_json() == {
        "file": "a.yaml",
        "line": 3,
        "path": "map.rooms",
        "message": "no entrance",
        "severity": "error",
    }


def test_load_raises_with_every_error(tmp_path) -> None:  # type: ignore[no-untyped-def]
    path = tmp_path / "m.yaml"
    path.write_text(edit("pos: [0, 0]", "pos: left").replace("title: Tiny\n", ""))
    with pytest.raises(MissionError) as info:
        load(path)
    assert str(info.value).startswith(f"{path}:1: mission: missing field 'title' (and 1 more")
    assert len(info.value.problems) == 2


def test_campaign_link_to_a_mission_not_checked_is_a_warning() -> None:
    assert validate_paths(MISSIONS[1:]) == []
    found = [str(p) for p in validate_paths([MISSIONS[0], MISSIONS[2]])]
    found = [f for f in found if f.startswith(str(MISSIONS[0]))]
    text = MISSIONS[0].read_text().splitlines()
    win, loss = [n + 1 for n, line in enumerate(text) if "next: signal-box" in line]
    assert found == [
        f"{MISSIONS[0]}:{win}: campaign.win.next: mission 'signal-box' is not among the files "
        "checked",
        f"{MISSIONS[0]}:{loss}: campaign.loss.next: mission 'signal-box' is not among the "
        "files checked",
    ]


# ---------------------------------------------------------------- the command line
def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([str(CIPHERKIT), *args], capture_output=True, text=True, timeout=60)


def test_cli_validate_ok_exits_zero() -> None:
    done = run("validate", *map(str, MISSIONS))
    assert done.returncode == 0, done.stderr
    assert f"{len(MISSIONS)} mission file(s) OK" in done.stdout


def test_cli_validate_errors_exit_one_without_traceback(tmp_path) -> None:  # type: ignore[no-untyped-def]
    bad = tmp_path / "bad.yaml"
    bad.write_text(edit("    - [hall, den]", "    - [hall, dne]"))
    blob = tmp_path / "blob.yaml"
    blob.write_bytes(b"\x89PNG\r\n\x1a\n\x00\x00")
    done = run("validate", str(bad), str(blob), str(tmp_path), str(MISSIONS[0]))
    assert done.returncode == 1
    assert "Traceback" not in done.stderr + done.stdout
    lines = done.stderr.strip().splitlines()
    assert f"{bad}:22: error: map.passages[0][1]: unknown room 'dne' (did you mean 'den'?)" in lines
    assert f"{blob}: error: file: not a text file" in lines
    assert f"{tmp_path}: error: file: is a directory" in lines


def test_cli_validate_json(tmp_path) -> None:  # type: ignore[no-untyped-def]
    warn = tmp_path / "warn.yaml"
    warn.write_text(edit("stack: [moon, camera]", "stack: [camera]"))
    done = run("validate", "--json", str(warn))
    assert done.returncode == 0
    report = json.loads(done.stdout)
    assert report["ok"] is True
    assert report["problems"] == [
        {
            "file": str(warn),
            "line": 6,
            "path": "glyphs.moon",
            "message": report["problems"][0]["message"],
            "severity": "warning",
        }
    ]
    empty = tmp_path / "empty.yaml"
    empty.write_text("   \n")
    done = run("validate", "--json", str(empty))
    assert done.returncode == 1 and json.loads(done.stdout)["ok"] is False


# ---------------------------------------------------------------- never a traceback
SCALARS = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-5, 99),
    st.text(max_size=8),
    st.lists(st.integers(0, 3), max_size=3),
    st.dictionaries(st.text(max_size=4), st.none(), max_size=2),
)


def _paths(value: object, prefix: tuple = ()) -> list[tuple]:
    found = [prefix]
    if isinstance(value, dict):
        for key, item in value.items():
            found += _paths(item, (*prefix, key))
    elif isinstance(value, list):
        for i, item in enumerate(value):
            found += _paths(item, (*prefix, i))
    return found


@settings(max_examples=200, deadline=None)
@given(data=st.data())
def test_mutated_missions_give_problems_never_exceptions(data) -> None:  # type: ignore[no-untyped-def]
    mission = yaml.safe_load(MISSIONS[data.draw(st.integers(0, 2))].read_text())
    for _ in range(data.draw(st.integers(1, 3))):
        paths = [p for p in _paths(mission) if p]
        path = data.draw(st.sampled_from(paths))
        parent = mission
        for key in path[:-1]:
            parent = parent[key]
        if data.draw(st.booleans()) and isinstance(parent, dict):
            del parent[path[-1]]
        else:
            parent[path[-1]] = data.draw(SCALARS)
    text = yaml.safe_dump(mission, allow_unicode=True)
    found = validate_text(text, "m.yaml")
    assert all(isinstance(p, Problem) and str(p).startswith("m.yaml") for p in found)


@settings(max_examples=200, deadline=None)
@given(text=st.text(max_size=300))
def test_any_text_gives_problems_never_exceptions(text: str) -> None:
    found = validate_text(text, "m.yaml")
    assert found and all(isinstance(p, Problem) for p in found)


def test_yaml_aliases_and_bombs_are_refused_politely() -> None:
    bomb = "a: &a [x, x, x, x, x, x, x, x, x, x]\n" + "".join(
        f"{c}: &{c} [*{p}, *{p}, *{p}, *{p}, *{p}, *{p}, *{p}, *{p}, *{p}, *{p}]\n"
        for p, c in zip("abcdefg", "bcdefgh", strict=True)
    )
    found = problems(bomb)
    assert found == ["m.yaml: yaml: the document is too large (over 200000 values)"]
    deep = "x: " + "[" * 3000 + "]" * 3000 + "\n"
    assert len(problems(deep)) >= 1
