"""Tuning in win rates (issue #35 item 2): a target win rate for a player count, sizes
that cannot be dealt skipped (no traceback), each step's interval, and a finer knob."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from cipherkit.core.errors import CipherkitError
from cipherkit.games.mission import load
from cipherkit.playtest.tune import Trial, _easier_step, tune_deck, with_extra_traps

ROOT = Path(__file__).resolve().parents[2]
CIPHERKIT = str(Path(sys.executable).with_name("cipherkit"))
LANTERN = ROOT / "missions" / "01-lantern-archive.yaml"


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [CIPHERKIT, "tune", *args], capture_output=True, text=True, timeout=600, cwd=ROOT
    )


def test_sizes_too_small_are_skipped_and_a_small_deck_lowers_the_most_players() -> None:
    # values=range(4, 12) once crashed: "4 player(s) need 16 cards" even with players=2
    tuned = tune_deck(LANTERN, win_rate=0.6, values=[1, 4, 12], players=2, games=6, workers=1)
    skipped = [t for t in tuned.trials if t.skipped]
    assert [t.values for t in skipped] == [1]
    assert "2 player(s) need 8" in skipped[0].skipped
    four = next(t for t in tuned.trials if t.values == 4 and not t.traps)
    assert four.played and four.interval[0] <= four.win_rate <= four.interval[1]
    assert tuned.aim == "win_rate" and tuned.target == 0.6
    assert tuned.best.played
    if tuned.best_values == 4:
        assert tuned.mission.players[1] == 3  # 12 cards deal at most 3 hands of 4


def test_nothing_dealable_is_a_one_line_error() -> None:
    with pytest.raises(CipherkitError, match="no deck size could be dealt"):
        tune_deck(LANTERN, win_rate=0.5, values=[1, 2], games=2, workers=1)
    done = run(str(LANTERN), "--win-rate", "50%", "--values", "1-2", "--games", "2")
    assert done.returncode == 1 and "no deck size could be dealt" in done.stderr
    assert "Traceback" not in done.stderr


def test_the_finer_knob_adds_cameras_at_the_easier_step() -> None:
    trials = [Trial(8, 0.40, 0.6, "hard"), Trial(9, 0.80, 0.2, "medium")]
    assert _easier_step(trials, 0.6, 0.05) == 9  # 40 points apart around the target
    near = [Trial(8, 0.58, 0.4, "hard"), Trial(9, 0.61, 0.4, "hard")]
    assert _easier_step(near, 0.6, 0.05) is None  # 9 is already within 2.5 points
    mission = load(LANTERN)
    more = with_extra_traps(mission, 3)
    count = sum(t.name == "camera" for t in more.all_tokens())
    assert count == sum(t.name == "camera" for t in mission.all_tokens()) + 3


def test_the_finer_knob_runs_when_a_deck_step_is_too_coarse() -> None:
    tuned = tune_deck(
        LANTERN, win_rate=0.6, values=[3, 5], players=2, games=20, workers=1, max_traps=2
    )
    with_traps = [t for t in tuned.trials if t.traps]
    plain = [t for t in tuned.trials if not t.traps]
    easier = _easier_step(plain, 0.6, 0.05)
    assert easier is not None  # 20 games: the 3-card deck wins ~75%, the 5-card ~100%
    assert with_traps and {t.values for t in with_traps} == {easier}
    assert [t.traps for t in with_traps] == list(range(1, len(with_traps) + 1))
    for trial in with_traps[:-1]:
        assert trial.win_rate > 0.6  # it stops once the target is reached
    if tuned.best.traps:
        assert "camera token" in tuned.advice
        assert tuned.mission.deck.values == tuned.best.values


def test_cli_tune_on_a_win_rate_with_intervals_and_json(tmp_path: Path) -> None:
    out = tmp_path / "tuned.yaml"
    done = run(str(LANTERN), "--win-rate", "60%", "--values", "2-4", "--games", "8",
               "--workers", "1", "--json", "--write", str(out))  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert "Traceback" not in done.stderr
    data = json.loads(done.stdout)
    assert data["aim"] == "win_rate" and data["target"] == 0.6 and data["players"] == 2
    first = data["trials"][0]
    assert first["values"] == 2 and first["skipped"]
    for trial in data["trials"][1:]:
        lo, hi = trial["win_rate_ci"]
        assert lo <= trial["win_rate"] <= hi
    assert data["advice"].startswith(f"Set deck.values: {data['best']['values']}")
    assert load(out).deck.values == data["best"]["values"]


def test_cli_tune_help_and_errors() -> None:
    done = run("--help")
    assert done.returncode == 0 and "--win-rate" in done.stdout and "60%" in done.stdout
    for args in (["--win-rate", "60%", "--rating", "easy"], []):
        bad = run(str(LANTERN), *args, "--games", "2")
        assert bad.returncode == 1 and bad.stderr.startswith("cipherkit: error: ")
        assert bad.stderr.count("\n") == 1
    assert run(str(LANTERN), "--win-rate", "150%").returncode == 2  # a usage error
