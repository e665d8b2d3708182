"""Matches between bots: the summary, its determinism, errors and the CLI."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

import cipherkit.core.match as match_module
from cipherkit.cli import main
from cipherkit.core.errors import CipherkitError
from cipherkit.core.match import bot_keys, format_summary, play_match
from cipherkit.core.registry import make_bot

KEYS = {
    "game",
    "games",
    "seed",
    "bots",
    "wins",
    "draws",
    "mean_scores",
    "mean_turns",
    "first_seat_wins",
    "first_seat_win_rate",
    "seconds",
}


def without_seconds(summary: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in summary.items() if k != "seconds"}


def test_summary_has_the_keys_and_adds_up() -> None:
    summary = play_match("decipher", ["solver", "random"], games=12, seed=5)
    assert set(summary) >= KEYS
    assert json.loads(json.dumps(summary, allow_nan=False)) == summary
    assert summary["game"] == "decipher" and summary["games"] == 12 and summary["seed"] == 5
    assert summary["bots"] == ["solver", "random"]
    assert set(summary["wins"]) == set(summary["mean_scores"]) == {"solver", "random"}
    assert sum(summary["wins"].values()) + summary["draws"] == 12
    assert summary["no_winner"] == 0
    assert 0 <= summary["first_seat_wins"] <= 12 - summary["draws"]
    assert summary["first_seat_win_rate"] == round(summary["first_seat_wins"] / 12, 4)
    assert all(0 <= s <= 9 for s in summary["mean_scores"].values())
    assert summary["mean_turns"] >= 1


def test_same_arguments_give_the_same_summary() -> None:
    first = play_match("decipher", ["solver", "random"], games=8, seed=11)
    second = play_match("decipher", ["solver", "random"], games=8, seed=11)
    other = play_match("decipher", ["solver", "random"], games=8, seed=12)
    assert json.dumps(without_seconds(first)) == json.dumps(without_seconds(second))
    assert without_seconds(first) != without_seconds(other)


def test_game_i_uses_seed_plus_i() -> None:
    """Game 3 of a match from seed 0 is game 0 of a match from seed 3 (seats rotated)."""
    tail = play_match("decipher", ["random", "solver"], games=1, seed=3)
    whole = play_match("decipher", ["solver", "random"], games=4, seed=0)
    single = play_match("decipher", ["solver", "random"], games=3, seed=0)
    assert {k: whole["wins"][k] - single["wins"][k] for k in whole["wins"]} == tail["wins"]


def test_same_bot_twice_is_reported_under_two_names() -> None:
    summary = play_match("decipher", ["solver", "solver"], games=6, seed=2)
    assert summary["bots"] == ["solver#1", "solver#2"]
    assert set(summary["wins"]) == {"solver#1", "solver#2"}
    assert sum(summary["wins"].values()) + summary["draws"] == 6
    assert bot_keys(["a", "b", "a"]) == ["a#1", "b", "a#2"]


def test_seats_rotate_so_each_bot_moves_first_equally(monkeypatch: pytest.MonkeyPatch) -> None:
    firsts: list[str] = []

    class Spy:
        def __init__(self, spec: str) -> None:
            self.inner = make_bot("decipher", spec)
            self.name = spec

        def act(self, observation: dict[str, Any], legal: list[Any], rng: Any) -> Any:
            first_move = observation["turn_number"] == 1 and observation["played_this_turn"] == 0
            if first_move and observation["phase"] == "play":
                firsts.append(self.name)
            return self.inner.act(observation, legal, rng)

    monkeypatch.setattr(match_module, "make_bot", lambda game, spec: Spy(spec))
    play_match("decipher", ["solver", "random"], games=10, seed=0)
    assert firsts.count("solver") == firsts.count("random") == 5


def test_unknown_bot_game_and_wrong_count_are_cipherkit_errors() -> None:
    with pytest.raises(CipherkitError, match="unknown decipher bot 'oracle'"):
        play_match("decipher", ["solver", "oracle"], games=2)
    with pytest.raises(CipherkitError, match="unknown game 'chess'"):
        play_match("chess", ["a", "b"], games=2)
    with pytest.raises(CipherkitError, match="needs 2 bots"):
        play_match("decipher", ["solver"], games=2)


def test_a_bot_playing_an_illegal_action_is_named(monkeypatch: pytest.MonkeyPatch) -> None:
    from cipherkit.games.decipher.actions import GUESSES

    class Cheat:
        name = "cheat"

        def act(self, observation: dict[str, Any], legal: list[Any], rng: Any) -> Any:
            return GUESSES[0]

    real = match_module.make_bot
    monkeypatch.setattr(
        match_module,
        "make_bot",
        lambda game, spec: Cheat() if spec == "cheat" else real(game, spec),
    )
    with pytest.raises(CipherkitError, match="bot 'cheat' chose an illegal action guess AC"):
        play_match("decipher", ["cheat", "random"], games=1)


def test_format_summary_is_a_readable_table() -> None:
    text = format_summary(play_match("decipher", ["solver", "random"], games=4, seed=1))
    assert text.splitlines()[0].startswith("decipher: 4 games, seed 1")
    assert any(line.startswith("solver ") for line in text.splitlines())
    assert "draws" in text and "first seat won" in text


def test_cli_match_json(capsys: pytest.CaptureFixture[str]) -> None:
    code = main(
        ["match", "decipher", "--bots", "solver,random", "--games", "20", "--seed", "3", "--json"]
    )
    assert code == 0
    summary = json.loads(capsys.readouterr().out)
    assert set(summary) >= KEYS
    assert summary["games"] == 20 and summary["seed"] == 3
    assert sum(summary["wins"].values()) + summary["draws"] == 20
    assert without_seconds(summary) == without_seconds(
        play_match("decipher", ["solver", "random"], games=20, seed=3)
    )


def _cipherkit() -> str:
    path = Path(sys.executable).with_name("cipherkit")
    assert path.exists(), f"the cipherkit console script is not installed at {path}"
    return str(path)


def test_cli_match_json_in_a_subprocess() -> None:
    done = subprocess.run(
        [_cipherkit(), "match", "decipher", "--bots", "solver,random", "--games", "20",
         "--seed", "3", "--json"],
        capture_output=True, text=True, timeout=120, check=False,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    summary = json.loads(done.stdout)
    assert set(summary) >= KEYS
    assert summary["bots"] == ["solver", "random"]


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["match", "chess", "--bots", "a,b", "--games", "2"], "unknown game 'chess'"),
        (["match", "decipher", "--bots", "solver,oracle", "--games", "2"], "unknown decipher bot"),
    ],
)
def test_cli_user_errors_exit_1_with_one_line(args: list[str], message: str) -> None:
    done = subprocess.run(
        [_cipherkit(), *args], capture_output=True, text=True, timeout=60, check=False
    )
    assert done.returncode == 1
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and message in lines[0]
    assert "Traceback" not in done.stderr and done.stdout == ""
