"""A validator that keeps going (issue #35 item 3): labelled problems, whole-mission checks
after a schema error where they can run, hints for the common slips, checks as functions."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from cipherkit.games.mission.format.problems import WARNING
from cipherkit.games.mission.format.validate import CHECKS, mission_check, validate_text

CIPHERKIT = Path(sys.executable).with_name("cipherkit")

BASE = """\
id: tiny
title: Tiny
question: Which word?
glyphs: {sun: A, moon: B, star: null}  # star: a decoy
card: {text: [[sun, moon]]}
solution: AB
map:
  rooms:
    hall: {pos: [0, 0], tokens: [entrance], stack: [sun, moon]}
    den: {pos: [1, 0], stack: [star]}
  passages:
    - [hall, den]
"""


def messages(text: str) -> list[str]:
    return [f"{p.severity}: {p.path}: {p.message}" for p in validate_text(text, "t.yaml")]


def test_the_base_file_is_clean() -> None:
    assert messages(BASE) == []


def test_checks_run_after_a_schema_error_on_the_parts_it_leaves_sound() -> None:
    text = BASE.replace("solution: AB", "solution: BA").replace(
        "question: Which word?", "question: Which word?\ndeck: {values: many}"
    )
    found = messages(text)
    assert any(m.startswith("error: deck.values:") for m in found)  # the schema error
    # and the whole-mission check of the card's answer still ran
    assert "error: solution: the answer cells spell 'AB', not 'BA'" in found


def test_a_broken_part_skips_only_the_checks_that_read_it() -> None:
    text = BASE.replace("stack: [sun, moon]", "stack: [sun, mon]").replace(
        "    - [hall, den]\n", ""
    )
    found = messages(text)
    assert any("unknown glyph 'mon' (did you mean 'moon'?)" in m for m in found)
    # the stacks have an error, so no guess that 'moon' has no token ...
    assert not any("glyph 'moon' is on the card but no clue token" in m for m in found)
    # ... but the map's checks still run
    assert "error: map.rooms.den: room 'den' cannot be reached from the entrance" in found


def test_entrance_true_gets_the_tokens_hint_and_the_missing_entrance() -> None:
    text = BASE.replace("tokens: [entrance]", "entrance: true")
    found = messages(text)
    assert any(
        m.startswith("error: map.rooms.hall.entrance: unknown field 'entrance' (hint: write "
                     "tokens: [entrance] in the room where the characters start)")
        for m in found
    ), found  # fmt: skip
    assert any(m.startswith("error: map.rooms: no room has the entrance token") for m in found)


def test_pool_under_map_is_told_it_belongs_at_the_top_level() -> None:
    text = BASE.replace("    - [hall, den]\n", "    - [hall, den]\n  pool: [star]\n")
    found = messages(text)
    assert any(
        "map.pool: unknown field 'pool' (hint: pool belongs at the top level of the file" in m
        for m in found
    ), found


def test_rooms_at_the_top_level_get_a_hint_too() -> None:
    text = BASE + "rooms: {}\n"
    assert any("(hint: rooms belong under map:" in m for m in messages(text))


def test_a_check_is_a_function_returning_problems_registered_by_a_hook() -> None:
    @mission_check("glyphs")
    def check_one_letter_ids(mission, source):  # type: ignore[no-untyped-def]
        return [
            source.problem(("glyphs", g), "a glyph id of one letter", WARNING)
            for g in mission.glyphs
            if len(g) == 1
        ]

    try:
        text = BASE.replace("star: null", "x: null").replace("stack: [star]", "stack: [x]")
        assert "warning: glyphs.x: a glyph id of one letter" in messages(text)
        # after a schema error elsewhere (the map), the glyph check still runs
        broken = text.replace("pos: [1, 0]", "pos: [1]")
        found = messages(broken)
        assert any(m.startswith("error: map.rooms.den.pos:") for m in found)
        assert "warning: glyphs.x: a glyph id of one letter" in found
    finally:
        CHECKS.remove(next(c for c in CHECKS if c.name == "check_one_letter_ids"))


def test_the_command_labels_each_problem_error_or_warning(tmp_path: Path) -> None:
    path = tmp_path / "tiny.yaml"
    path.write_text(
        BASE.replace("solution: AB", "solution: BA").replace("stack: [star]", "stack: []"),
        encoding="utf-8",
    )
    done = subprocess.run(
        [str(CIPHERKIT), "validate", str(path)], capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 1
    assert f"{path}:6: error: solution: the answer cells spell 'AB', not 'BA'" in (
        done.stderr.splitlines()
    )
    warnings = [line for line in done.stdout.splitlines() if ": warning: " in line]
    assert warnings and all(line.startswith(f"{path}:") for line in warnings)
    assert (
        done.stdout.splitlines()[-1]
        == f"1 error, {len(warnings)} warning" + "s" * (len(warnings) != 1) + " in 1 file(s)"
    )
