"""`cipherkit playtest` from the command line: the same JSON whatever the worker count,
one-line errors with exit code 1."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
CIPHERKIT = str(Path(sys.executable).with_name("cipherkit"))
LANTERN = "missions/01-lantern-archive.yaml"


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [CIPHERKIT, "playtest", *args], capture_output=True, text=True, timeout=300, cwd=ROOT
    )


def without_timing(stdout: str) -> str:
    lines = [line for line in stdout.splitlines() if '"games_per_second"' not in line]
    return "\n".join(lines)


def test_json_is_identical_for_two_and_one_workers() -> None:
    two = run(LANTERN, "--games", "20", "--workers", "2", "--json")
    one = run(LANTERN, "--games", "20", "--workers", "1", "--json")
    assert two.returncode == 0 and one.returncode == 0, two.stderr + one.stderr
    assert without_timing(two.stdout) == without_timing(one.stdout)  # byte for byte
    data = json.loads(two.stdout)
    for key in ("mission", "games", "win_rate", "win_rate_ci", "mean_turns", "loss_causes",
                "games_per_second"):  # fmt: skip
        assert key in data
    assert data["games"] == 20 and data["mission"] == "lantern-archive"
    assert "Traceback" not in two.stderr and two.stderr == ""  # no progress bar with --json


def test_text_summary_with_seed_bots_and_players() -> None:
    done = run(LANTERN, "--games", "4", "--workers", "1", "--seed", "3", "--bots",
               "planner:strong", "--players", "2")  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert "win rate" in done.stdout and "planner:strong" in done.stdout
    assert "2 players: 4 games" in done.stdout


def test_a_bad_mission_is_one_line_and_exit_1(tmp_path: Path) -> None:
    bad = tmp_path / "bad.yaml"
    bad.write_text("id: [oops\n", encoding="utf-8")
    for path in (str(bad), str(tmp_path / "missing.yaml")):
        done = run(path, "--games", "2", "--workers", "1")
        assert done.returncode == 1
        assert "Traceback" not in done.stderr
        assert done.stderr.strip().count("\n") == 0
        assert done.stderr.startswith("cipherkit: error: ") and Path(path).name in done.stderr


def test_an_unknown_bot_is_exit_1() -> None:
    done = run(LANTERN, "--games", "2", "--bots", "wizard", "--json")
    assert done.returncode == 1 and done.stdout == ""
    assert "unknown mission bot 'wizard'" in done.stderr
    assert done.stderr.strip().count("\n") == 0 and "Traceback" not in done.stderr
