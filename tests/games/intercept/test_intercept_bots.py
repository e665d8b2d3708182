"""Bots: legal play from observations only, side rotation in matches, decoder quality."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

import cipherkit.core.match as match_module
from cipherkit.core.match import play_match
from cipherkit.core.registry import bot_names, make_bot
from cipherkit.games.intercept.decode import decode_clues

BENCH = Path(__file__).resolve().parents[3] / "bench"


def test_bots_are_registered() -> None:
    assert {"ck", "baseline", "random"} <= set(bot_names("intercept"))


@pytest.mark.parametrize("config", [{"players": 3}, {"players": 6, "no_repeat_codes": True}])
def test_bots_play_whole_games_in_every_role(config: dict[str, Any]) -> None:
    summary = play_match("intercept", ["ck", "baseline"], games=4, seed=1, config=config)
    assert sum(summary["wins"].values()) + summary["draws"] == 4


def test_a_bot_name_plays_a_whole_side_and_sides_rotate(monkeypatch: pytest.MonkeyPatch) -> None:
    seen: list[tuple[str, str, str]] = []

    class Spy:
        def __init__(self, spec: str) -> None:
            self.inner = make_bot("intercept", spec)
            self.name = spec

        def act(self, observation: dict[str, Any], legal: list[Any], rng: Any) -> Any:
            seen.append((self.name, observation["team"], observation["role"]))
            assert observation["seat"] is not None  # a seat's own view only
            return self.inner.act(observation, legal, rng)

    monkeypatch.setattr(match_module, "make_bot", lambda game, spec: Spy(spec))
    play_match("intercept", ["ck", "random"], games=2, seed=0)
    roles = {role for _, _, role in seen}
    assert {"encryptor", "decryptor", "interceptor"} <= roles
    teams = {(name, team) for name, team, _ in seen}
    assert teams == {("ck", "white"), ("random", "black"), ("ck", "black"), ("random", "white")}


def test_ck_beats_random() -> None:
    summary = play_match("intercept", ["ck", "random"], games=6, seed=4)
    assert summary["wins"]["ck"] >= 5


def test_ck_decoder_reads_its_own_encryptor() -> None:
    summary = play_match("intercept", ["ck", "ck"], games=4, seed=9)
    stats = summary["team_stats"]
    misses = sum(s["miscommunications"] for s in stats.values())
    codes = sum(s["codes"] for s in stats.values())
    assert codes > 0 and misses / codes <= 0.1


def test_decoder_reads_most_hand_written_clues() -> None:
    items = json.loads((BENCH / "intercept_human_clues.json").read_text())["items"]
    assert len(items) >= 40
    right = sum(decode_clues(i["keywords"], i["clues"]).code_text == i["code"] for i in items)
    assert right / len(items) >= 0.75
