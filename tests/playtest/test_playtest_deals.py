"""`cipherkit playtest` compares the two deals and prints the window analysis
(issue #35 items 1 and 3)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from cipherkit.playtest.deals import DealComparison, compare_deals
from cipherkit.playtest.windows import window_analysis

ROOT = Path(__file__).resolve().parents[2]
CIPHERKIT = str(Path(sys.executable).with_name("cipherkit"))
THEATRE = "missions/07-paper-theatre.yaml"  # 60 two-player games: ~60% shuffled, ~83% fixed
LANTERN = "missions/01-lantern-archive.yaml"

HIVE = {
    "id": "hive",
    "title": "Hive",
    "question": "What do bees make?",
    "glyphs": {"nectar": "HONEY", "wax": "X"},
    "card": {"text": [["wax"]], "answer": [["nectar"]]},
    "map": {"rooms": {"hall": {"pos": [0, 0], "tokens": ["entrance"], "stack": ["nectar", "wax"]}}},
}


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [CIPHERKIT, "playtest", *args], capture_output=True, text=True, timeout=600, cwd=ROOT
    )


def test_playtest_warns_when_the_deals_win_rates_differ_by_over_10_points() -> None:
    done = run(THEATRE, "--games", "60", "--players", "2", "--workers", "2", "--json")
    assert done.returncode == 0, done.stderr
    data = json.loads(done.stdout)
    deals = data["deals"]
    assert deals["deal"] == "shuffled" and deals["win_rate"]["shuffled"] == data["win_rate"]
    assert deals["points_apart"] > 10
    assert "the deal changes this mission" in deals["warning"]
    assert "cipherkit: warning: the deal changes this mission" in done.stderr
    assert "windows" in data and data["windows"]["minimum_glyphs"] >= 1


def test_no_warning_when_the_deals_agree_and_the_text_names_both() -> None:
    done = run(LANTERN, "--games", "12", "--players", "2", "--workers", "1")
    assert done.returncode == 0, done.stderr
    assert "warning" not in done.stderr
    assert "deals: shuffled (this file) 100.0%" in done.stdout and "fixed" in done.stdout
    assert "windows: at least 3 glyphs (3 windows) must open" in done.stdout
    quick = run(LANTERN, "--games", "4", "--workers", "1", "--no-deal-check", "--no-windows")
    assert quick.returncode == 0 and "deals:" not in quick.stdout
    assert "windows:" not in quick.stdout


def test_help_says_95_percent_once() -> None:
    done = run("--help")
    assert done.returncode == 0
    text = " ".join(done.stdout.split())
    assert "95% interval" in text and "%%" not in text
    assert "more than 10 points" in text


def test_compare_deals_reuses_a_played_result_and_the_threshold_is_10_points() -> None:
    cmp = compare_deals(LANTERN, 4, workers=1, players=2)
    assert set(cmp.win_rates) == {"shuffled", "fixed"} and cmp.games == 4
    near = DealComparison("m", "fixed", {"shuffled": 0.5, "fixed": 0.6}, cmp.intervals, 9)
    far = DealComparison("m", "fixed", {"shuffled": 0.5, "fixed": 0.61}, cmp.intervals, 9)
    assert near.warning is None and not near.differs
    assert far.differs and "61% with deal: fixed (this file's deal)" in far.warning


def test_the_window_verdict_names_a_glyph_that_alone_settles_the_answer() -> None:
    analysis = window_analysis(HIVE)
    assert analysis.minimum == 1
    assert analysis.verdict_text().startswith("opening nectar alone settles the answer")
    assert "HONEY" not in analysis.verdict_text()  # the verdict does not give the answer
