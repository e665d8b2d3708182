"""Glyph names that give nothing away (issue #34 item 3): the validator's warning, the
shipped missions free of it, and a page's glyph labels independent of the letters."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from cipherkit.games.mission import new_game
from cipherkit.games.mission.art.board import BoardArt
from cipherkit.games.mission.format.files import load
from cipherkit.games.mission.format.glyph_names import ALPHA, name_report
from cipherkit.games.mission.format.validate import validate_paths, validate_text
from cipherkit.widgets.mission.view import SeatInfo, build_view

ROOT = Path(__file__).resolve().parents[3]
MISSIONS = sorted((ROOT / "missions").glob("*.yaml"))
LANTERN = ROOT / "missions" / "01-lantern-archive.yaml"
OLD_LANTERN_NAMES = {"teacup": "anchor", "scarf": "mitten", "acorn": "pine"}
"""The shipped names of lantern-archive before issue #34 (A, M and P by their initials)."""


def _with_names(text: str, names: dict[str, str]) -> str:
    for new, old in names.items():
        text = re.sub(rf"(?<![\w-]){new}(?![\w-])", old, text)
    return text


def glyph_warnings(problems: list) -> list:
    return [
        p for p in problems if p.path.startswith("glyphs") and "gives nothing away" in p.message
    ]


def test_the_shipped_missions_raise_no_glyph_name_warning() -> None:
    problems = validate_paths(MISSIONS)
    assert glyph_warnings(problems) == []
    initials = spelled = 0
    for path in MISSIONS:
        report = name_report({g.id: g.content for g in load(path).glyphs.values()})
        initials, spelled = initials + len(report.initials), spelled + len(report.spelled)
    assert (initials, spelled) == (0, 0)


def test_the_old_lantern_names_are_warned_naming_the_glyphs(tmp_path: Path) -> None:
    path = tmp_path / "lantern.yaml"
    path.write_text(_with_names(LANTERN.read_text(encoding="utf-8"), OLD_LANTERN_NAMES))
    warned = glyph_warnings(validate_paths([path]))
    assert len(warned) == 1 and warned[0].severity == "warning"
    for named in ("anchor (A)", "mitten (M)", "pine (P)", "3 of 4"):
        assert named in warned[0].message
    assert "kettle" not in warned[0].message
    assert str(warned[0]).startswith(f"{path}:15: glyphs: ")


def test_cli_validate_prints_the_warning_and_succeeds(tmp_path: Path) -> None:
    from cipherkit.cli import main

    path = tmp_path / "lantern.yaml"
    path.write_text(_with_names(LANTERN.read_text(encoding="utf-8"), OLD_LANTERN_NAMES))
    assert main(["validate", str(path)]) == 0


@pytest.mark.parametrize(
    ("key", "initials"),
    [
        ({"anchor": "A", "kettle": "L", "moss": "Q", "fern": "Z"}, 1),  # one: chance
        ({"salt": "S", "reef": "T", "wave": "U", "gull": "V", "kelp": "W", "eel": "X"}, 1),
        ({"kettle": "A", "anchor": "M", "mitten": "P", "pine": "L"}, 0),
    ],
)
def test_what_chance_gives_is_not_warned(key: dict[str, str | None], initials: int) -> None:
    report = name_report(key)
    assert len(report.initials) == initials and not report.suspicious
    assert report.tail >= ALPHA


def test_a_rare_letters_initial_and_two_initials_are_warned() -> None:
    assert name_report({"xylophone": "X", "kettle": "L"}).suspicious
    assert name_report({"anchor": "A", "bell": "B"}).suspicious


@pytest.mark.parametrize(
    ("name", "content"),
    [
        ("bee", "B"),
        ("sea", "C"),
        ("tango", "T"),
        ("why", "Y"),
        ("two", "2"),
        ("forty", "40"),
        ("Queue", "q"),
        ("x", "X"),
    ],
)
def test_a_name_that_says_its_content_is_always_warned(name: str, content: str) -> None:
    report = name_report({name: content, "kettle": "L", "gull": None})
    assert report.spelled == (name,) and report.suspicious


def test_any_script_and_accents_count_as_initials() -> None:
    cyrillic = name_report({"сова": "С", "лиса": "Л", "ёж": "Е"})
    assert cyrillic.initials == ("сова", "лиса", "ёж") and cyrillic.suspicious
    accented = name_report({"Émeraude": "E", "Ölkrug": "O", "café": "C"})
    assert accented.initials == ("Émeraude", "Ölkrug", "café") and accented.suspicious


def test_validate_text_reports_a_spelled_name_at_its_glyph() -> None:
    text = LANTERN.read_text(encoding="utf-8").replace("kettle", "ell")
    warned = glyph_warnings(validate_text(text, "m.yaml"))
    assert [p.path for p in warned] == ["glyphs.ell"]
    assert "'ell'" in warned[0].message and "(L)" in warned[0].message


def _rotated(text: str) -> str:
    """lantern-archive with its letters moved one glyph on (LAMP -> AMPL)."""
    for old, new in (("kettle: L", "kettle: A"), ("teacup: A", "teacup: M"),
                     ("scarf: M", "scarf: P"), ("acorn: P", "acorn: L")):  # fmt: skip
        assert old in text
        text = text.replace(old, new)
    return text.replace("solution: LAMP", "solution: AMPL")


def _views(path: Path) -> tuple[dict, list[str], list[dict]]:
    """The icons, 12 moves (collecting where it can) and the page's view before and
    after them, for the lantern-archive mission at ``path``."""
    seats = [SeatInfo(0, "Ana", True), SeatInfo(1, "Ben", True)]
    state = new_game({"mission": str(path), "players": 2, "first_player": 0}, seed=5)
    art = BoardArt(state.mission)
    icons = {g: art.icon(g) for g in state.mission.glyphs}
    views, played = [], []

    def view() -> dict:
        seat = state.actors()[0]
        legal = [str(a) for a in state.legal_actions(seat)]
        return build_view(state.observe(seat), seats=seats, art=art, legal=legal)

    views.append(view())
    for _ in range(12):
        seat = state.actors()[0]
        legal = [str(a) for a in state.legal_actions(seat)]
        move = next((a for a in legal if a.startswith("collect")), legal[0])
        played.append(move)
        state.apply(seat, state.legal_actions(seat)[legal.index(move)])
        if state.outcome is not None:
            break
    views.append(view())
    return icons, played, views


def test_what_a_page_shows_for_a_glyph_never_depends_on_its_letter(tmp_path: Path) -> None:
    """The glyph's picture (the Collect buttons' icons), its name wherever the log and
    the status show it, and the whole page before any window opens: the same for the
    same mission whatever letters the glyphs hide (an open window shows its letter, as
    it should)."""
    rotated = tmp_path / "rotated.yaml"
    rotated.write_text(_rotated(LANTERN.read_text(encoding="utf-8")), encoding="utf-8")
    assert not [p for p in validate_paths([rotated]) if p.is_error]
    icons_a, played_a, (start_a, later_a) = _views(LANTERN)
    icons_b, played_b, (start_b, later_b) = _views(rotated)
    assert icons_a == icons_b and played_a == played_b
    for svg in icons_a.values():
        assert "<title" not in svg and "aria-label" not in svg and "<text" not in svg
    assert start_a == start_b
    assert later_a["glyph_icons"] == later_b["glyph_icons"]
    assert later_a["collectable"] == later_b["collectable"]

    def labels(view: dict) -> list[list[str]]:
        parts = [*view["log_parts"], view["status_parts"]]
        return [[p["g"] for p in line or () if "g" in p] for line in parts]

    assert labels(later_a) == labels(later_b)
    assert any(labels(later_a)), "the moves played should name a glyph in the log"
