"""The command line: ``cipherkit decode`` and ``cipherkit match intercept``."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

from cipherkit.core.match import play_match


def cipherkit() -> str:
    path = Path(sys.executable).with_name("cipherkit")
    assert path.exists(), "the cipherkit script must be installed beside this Python"
    return str(path)


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [cipherkit(), *args], capture_output=True, text=True, timeout=120, check=False
    )


def test_decode_prints_the_code() -> None:
    done = run(
        "decode", "--keywords", "black,dragonfly,cocktail,sombrero",
        "--clues", "Mexico;insect;horror film",
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert re.fullmatch(r"[1-4]\.[1-4]\.[1-4]\n", done.stdout)
    assert done.stdout.strip() == "4.2.1"


def test_decode_json_has_code_and_scores() -> None:
    done = run(
        "decode", "--keywords", "antiquity, bone, morning, nightmare",
        "--clues", "skeleton; rise; Freddy Krueger", "--json",
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    data = json.loads(done.stdout)
    assert data["code"] == "2.3.4"
    assert len(data["similarity"]) == 3 and all(len(r) == 4 for r in data["similarity"])
    assert data["ranking"][0]["code"] == data["code"]


@pytest.mark.parametrize(
    ("keywords", "clues", "message"),
    [
        ("a,b,c", "x;y;z", "exactly 4 keywords"),
        ("a,b,c,d", "x;y", "exactly 3 clues"),
        ("a,b,,d", "x;y;z", "keyword 3 is empty"),
        ("a,b,c,d", "x; ;z", "clue 2 is empty"),
    ],
)
def test_decode_bad_input_exits_1_with_one_line(keywords: str, clues: str, message: str) -> None:
    done = run("decode", "--keywords", keywords, "--clues", clues)
    assert done.returncode == 1
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and message in lines[0]
    assert "Traceback" not in done.stderr and done.stdout == ""


def test_match_json_has_wins_draws_and_per_team_rates() -> None:
    done = run("match", "intercept", "--bots", "ck,baseline", "--games", "4", "--seed", "2",
               "--json")  # fmt: skip
    assert done.returncode == 0, done.stderr
    summary = json.loads(done.stdout)
    assert {"games", "bots", "wins", "draws", "team_stats"} <= set(summary)
    assert summary["games"] == 4 and summary["bots"] == ["ck", "baseline"]
    assert sum(summary["wins"].values()) + summary["draws"] == 4
    for bot in ("ck", "baseline"):
        rates = summary["team_stats"][bot]["per_round"]
        assert 0 <= rates["miscommunications"] <= 1 and 0 <= rates["interceptions"] <= 1
    same = play_match("intercept", ["ck", "baseline"], games=4, seed=2)
    assert same["wins"] == summary["wins"] and same["team_stats"] == summary["team_stats"]


def test_match_needs_one_bot_per_team() -> None:
    done = run("match", "intercept", "--bots", "ck,baseline,ck,baseline", "--games", "1")
    assert done.returncode == 1 and "needs 2 bots (one per side)" in done.stderr
