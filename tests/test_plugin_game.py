"""A game installed only by its ``.dist-info`` (tests/fixtures/toy_game) is offered by
every layer that offers games: the Play together lobby, the teacher's plans, presets and
room table, the rooms store's default bots and the command line's help. No file outside
the toy game's folder names it."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from tests.toy import toy_env


def test_the_lobby_offers_the_toy_game_from_its_spec(toy_registered: None) -> None:
    from cipherkit.widgets.lobby import check_message, game_choices, room_config

    toy = game_choices()["toy-nim"]
    assert toy["title"] == "Hidden Nim" and toy["players"] == [2] and toy["default"] == 2
    assert toy["teams"] is None and toy["options"] == []
    msg = check_message({"type": "create", "game": "toy-nim", "bots": [1], "name": "Ada"})
    assert msg["game"] == "toy-nim" and msg["players"] == 2
    assert room_config("toy-nim", 2) is None


def test_the_lobby_does_not_offer_it_when_it_is_not_installed() -> None:
    from cipherkit.widgets.guard import Refused
    from cipherkit.widgets.lobby import check_message, game_choices

    assert "toy-nim" not in game_choices()
    with pytest.raises(Refused, match="unknown game"):
        check_message({"type": "create", "game": "toy-nim", "name": "Ada"})


def test_the_teacher_plans_and_sums_up_rooms_of_the_toy_game(
    toy_registered: None, tmp_path: Path
) -> None:
    from cipherkit.classroom import RoomPlan, open_classroom
    from cipherkit.classroom.plans import game_seats, presets

    plan = RoomPlan.parse("2 toy-nim rooms")
    assert (plan.game, plan.rooms, plan.players, plan.people) == ("toy-nim", 2, 2, 2)
    assert game_seats()["toy-nim"] == (2,)
    assert {"label": "Hidden Nim pairs", "game": "toy-nim", "players": 2, "people": 2} in (
        presets()
    )
    desk = open_classroom(f"sqlite:///{tmp_path / 'class.db'}")
    try:
        session = desk.start_session("Nim club")
        codes = desk.make_rooms(session.id, RoomPlan("toy-nim", rooms=1, players=2, people=1))
        (summary,) = desk.summaries(session.id)
        assert summary.code == codes[0] and summary.game == "toy-nim"
        # seat 2 is the toy game's own default bot, and the progress is in its words
        assert summary.progress == "9 stones left" and summary.score == "taken 0 : 0"
        room = desk.store.room(summary.id)
        assert [s.get("bot") for s in room.info()["seats"]] == [None, "greedy"]
    finally:
        desk.close()


def test_rooms_create_help_lists_the_toy_game() -> None:
    env = toy_env()
    done = subprocess.run(
        [sys.executable, "-m", "cipherkit.cli", "rooms", "create", "--help"],
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert "toy-nim" in done.stdout and "decipher" in done.stdout
