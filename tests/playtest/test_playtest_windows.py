"""The analysis without simulation: which windows settle the answer, critical glyphs,
misleading sets, the table and the console drawing."""

from __future__ import annotations

import importlib.util
from pathlib import Path

from cipherkit.games.mission import MissionBuilder
from cipherkit.games.mission.answers import AnswerModel, WordList
from cipherkit.playtest import window_analysis

ROOT = Path(__file__).resolve().parents[2]


def small_mission(answer_glyphs: list[str]):  # type: ignore[no-untyped-def]
    b = MissionBuilder("cat", title="Cat", question="Which animal?")
    b.glyph("c", "C").glyph("a", "A").glyph("t", "T").glyph("x", "X")
    b.word("x").answer_word(*answer_glyphs)
    b.room("hall", pos=(0, 0), entrance=True, stack=["c", "a", "t", "x"])
    return b.build()


def test_lantern_needs_three_windows_and_all_three_are_critical() -> None:
    a = window_analysis(ROOT / "missions" / "01-lantern-archive.yaml")
    assert a.minimum == 3 and a.minimum_windows == 3
    assert a.minimal_sets == (("kettle", "teacup", "acorn"),)
    assert set(a.critical) == {"kettle", "teacup", "acorn"} and a.listed
    assert a.order[-1] == ("acorn", 1) and a.exhaustive
    rows = {row["glyph"]: row for row in a.table()}
    assert rows["scarf"]["critical"] is False and rows["acorn"]["in_minimal_sets"] == 1


def test_with_a_small_word_list_the_distinguishing_glyph_is_critical() -> None:
    model = AnswerModel(WordList.of(["cat", "cot", "cut"]))
    a = window_analysis(small_mission(["c", "a", "t"]), model=model)
    assert a.minimum == 1 and a.minimal_sets == (("a",),) and a.critical == ("a",)
    # the text glyph x is above the Answer section: it never settles the answer
    assert "x" in a.openable and "x" not in a.critical
    assert a.to_json()["minimum_glyphs"] == 1


def test_a_list_without_the_answer_is_misleading() -> None:
    model = AnswerModel(WordList.of(["cot"]))  # the answer CAT is not listed
    a = window_analysis(small_mission(["c", "a", "t"]), model=model)
    assert ("c",) in a.misleading and () in a.misleading and not a.listed
    assert a.minimum == 3  # only the full reading settles it


def test_table_and_console_drawing() -> None:
    a = window_analysis(ROOT / "missions" / "02-signal-box.yaml")
    assert a.minimum == 3 and {"fork", "semaphore"} <= set(a.critical)
    html = a._repr_html_()
    assert "<table>" in html and "critical" in html
    # the console with the minimal set's windows open, when cipherkit.glyphs is there
    drawn = importlib.util.find_spec("cipherkit.glyphs") is not None
    assert ("<svg" in html) == drawn
    assert "fork" in a.summary_text()
