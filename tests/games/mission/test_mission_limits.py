"""validate refuses what render and publish cannot draw, as file:line: field: message
(red-team findings: a 4.5 MB title, a lone surrogate, a 3,000-room map and a 5,000-digit
seed passed validate and then crashed render or publish with tracebacks)."""

from __future__ import annotations

import copy
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
import yaml

from cipherkit.games.mission import validate_paths

BASE = Path(__file__).resolve().parents[3] / "missions" / "01-lantern-archive.yaml"
CLI = [str(Path(sys.executable).with_name("cipherkit"))]


def _title(m: dict[str, Any]) -> str:
    m["title"] = "T" * 4_500_000
    return yaml.safe_dump(m)


def _surrogate(m: dict[str, Any]) -> str:
    m["title"] = "Bad SURROGATE title"
    return (
        yaml.safe_dump(m)
        .replace("SURROGATE", "\\ud800")
        .replace("title: Bad", 'title: "Bad')
        .replace("\\ud800 title", '\\ud800 title"')
    )


def _rooms(m: dict[str, Any]) -> str:
    m["map"]["rooms"].update({f"r{i}": {"pos": [i % 60, i // 60]} for i in range(3000)})
    return yaml.safe_dump(m)


def _seed(m: dict[str, Any]) -> str:
    return yaml.safe_dump(m).replace("seed: 11", "seed: " + "7" * 5000, 1)


def _style_seed(m: dict[str, Any]) -> str:
    m["glyph_set"] = "runes:" + "7" * 5000
    return yaml.safe_dump(m)


def _nan_pos(m: dict[str, Any]) -> str:
    m["map"]["rooms"]["lobby"]["pos"] = [float("nan"), 0]
    return yaml.safe_dump(m)


CASES = {
    "title": (_title, "title", "is 4,500,000 characters long: at most 120"),
    "surrogate": (_surrogate, "title", "unpaired surrogate (U+D800)"),
    "rooms": (_rooms, "map.rooms", "a map has at most 60 rooms, not 3,004"),
    "seed": (_seed, "glyph_set.seed", "a number of 5000 digits is far too large"),
    "style-seed": (_style_seed, "glyph_set.seed", "must be a whole number"),
    "nan-pos": (_nan_pos, "map.rooms.lobby.pos", "pos numbers must lie from -1000 to 1000"),
}


@pytest.mark.parametrize("case", CASES)
def test_validate_names_the_field_and_render_refuses_in_one_line(case: str, tmp_path: Path) -> None:
    make, field, message = CASES[case]
    path = tmp_path / f"{case}.yaml"
    path.write_text(make(copy.deepcopy(yaml.safe_load(BASE.read_text()))), encoding="utf-8")
    errors = [p for p in validate_paths([path]) if p.is_error]
    assert errors, f"{case}: validate found nothing"
    first = errors[0]
    assert (first.path, first.file) == (field, str(path)) and message in first.message, errors
    assert first.line is not None
    line = f"{path}:{first.line}: {field}: "
    done = subprocess.run(
        [*CLI, "render", str(path), "--out", str(tmp_path / "out")],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 1 and "Traceback" not in done.stderr, done.stderr[-2000:]
    assert line in done.stderr and len(done.stderr.strip().splitlines()) == 1, done.stderr
