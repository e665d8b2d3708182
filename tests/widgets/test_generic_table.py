"""The generic table and the table registry: a game with no table of its own (the toy
game of ``tests/fixtures/toy_game``, registered only by its ``.dist-info``) is played at
the generic table, locally against bots, saved, and in a room from two seats and a
spectator, live; the other seat's lucky number is never in a synced trait; the three
built-in games get their registered tables."""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from cipherkit.core.registry import get_game
from cipherkit.games.mission.rules.config import mission_from_config
from cipherkit.rooms import Store, open_store
from cipherkit.widgets.generic.table import GenericTable
from cipherkit.widgets.mission.table import table_config as mission_table_config
from cipherkit.widgets.tables import make_table, table_class
from tests.widgets.page_messages import page_message, page_update


@pytest.fixture
def store(tmp_path: Path) -> Iterator[Store]:
    with open_store(f"sqlite:///{tmp_path / 'rooms.db'}") as opened:
        yield opened


def synced(widget: Any) -> str:
    return json.dumps(widget.get_state(), sort_keys=True, default=str)


def wait_until(check: Any, seconds: float = 15.0) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if check():
            return
        time.sleep(0.05)
    raise AssertionError("the table was not updated in time")


# ---------------------------------------------------------------- the registry
def test_the_built_in_games_get_their_registered_tables(store: Store) -> None:
    assert [table_class(g).__name__ for g in ("decipher", "intercept", "mission")] == [
        "DecipherTable",
        "InterceptTable",
        "MissionTable",
    ]
    mission = mission_table_config(mission_from_config(None), 2)
    for game, config, name in (
        ("decipher", {"first_player": 0}, "DecipherTable"),
        ("intercept", {"players": 4, "timer": False}, "InterceptTable"),
        ("mission", mission, "MissionTable"),
    ):
        seats = get_game(game).seats(config)
        room = store.create_room(game, config, bots=range(1, seats), seed=3)
        for handle in (store.join(room.code, "Ada"), store.spectate(room.code)):
            table = make_table(handle)
            try:
                assert type(table).__name__ == name and not isinstance(table, GenericTable)
                assert table.room is not None and table.room.seat == handle.seat
            finally:
                table.close()


def test_a_game_without_a_table_gets_the_generic_one(toy_registered: None, store: Store) -> None:
    assert table_class("toy-nim") is GenericTable
    room = store.create_room("toy-nim", seed=2)
    seat = make_table(store.join(room.code, "Ada"))
    watcher = make_table(store.spectate(room.code))
    try:
        assert isinstance(seat, GenericTable) and isinstance(watcher, GenericTable)
        assert seat.view["title"] == "Hidden Nim" and seat.view["room"] == {"code": room.code}
        assert watcher.view["spectator"] and watcher.view["legal"] == []
    finally:
        seat.close()
        watcher.close()


# ---------------------------------------------------------------- local play
def test_a_local_game_against_a_bot_is_played_to_the_end(toy_registered: None) -> None:
    table = GenericTable("toy-nim", bots="greedy", seed=5)
    assert table.view["facts"][0] == ["pile", "9"]
    assert table.view["your_turn"] and table.view["legal"] == ["take 1", "take 2", "take 3"]
    while table.view["outcome"] is None:
        page_message(table, {"type": "action", "text": table.view["legal"][-1]})
        assert table.message == ""
    assert table.session.is_over and table.view["legal"] == []
    assert table.view["turn"] == "The game is over."
    assert " win" in table.view["outcome"] and "Scores:" in table.view["outcome"]
    assert any(line.startswith("P1 takes") for line in table.view["log"])
    page_message(table, {"type": "new_game"})
    assert table.message == "" and table.view["game_number"] == 2
    assert len(table.records) == 2 and table.records[1].seed == 6


def test_every_message_is_checked_in_the_kernel(toy_registered: None) -> None:
    table = GenericTable("toy-nim", bots="random", seed=5)
    page_message(table, {"type": "action", "text": "take 9"})
    assert table.message == "illegal: you may take 1 to 3"
    page_message(table, {"type": "action", "text": "take two"})
    assert table.message == "illegal: not a toy-nim action: 'take two' (write 'take 2')"
    page_message(table, {"type": "new_game"})
    assert table.message == "illegal: finish this game first"
    page_message(table, {"type": "action", "text": "take 1", "seat": 1})
    assert table.message == "refused: an action message has exactly the fields type and text"
    page_message(table, {"type": "act", "text": "take 1"})
    assert table.message == "refused: unknown message type"
    page_message(table, {"type": "action", "text": "take 1"}, buffers=[b"x"])
    assert table.message == "refused: unexpected binary data"
    view = dict(table.view)
    page_update(table, {"view": {**view, "legal": ["take 9"]}})
    assert table.view == view and table.message.startswith("refused: the page may not change")
    assert table.record.actions == []


def test_the_other_seats_secret_is_in_no_trait(toy_registered: None) -> None:
    """Whatever the bot's lucky number, every synced trait is the same until the end."""
    table = GenericTable("toy-nim", bots="random", seed=8, config={"stones": 15, "take": 4})
    state: Any = table.session.state
    mine = state.lucky[0]
    assert [str(k) for k, _ in table.view["facts"]] == ["pile", "turn", "taken", "lucky", "over"]
    assert dict(table.view["facts"])["lucky"] == f"0: {mine}"
    while not table.session.is_over:
        seen = set()
        for lucky in range(1, 5):
            state.lucky[1] = lucky
            table.publish()
            seen.add(synced(table).replace(f'"serial": {table._serial}', ""))
        assert len(seen) == 1
        page_message(table, {"type": "action", "text": table.view["legal"][0]})


def test_a_game_is_saved_and_resumed(toy_registered: None, store: Store) -> None:
    table = GenericTable("toy-nim", bots="greedy", seed=4, save=store)
    sent: list[Any] = []
    table.send = lambda content, buffers=None: sent.append(content)  # type: ignore[method-assign]
    page_message(table, {"type": "saved", "token": ""})
    assert sent == [{"type": "forget"}] and table.view["saved"]
    page_message(table, {"type": "action", "text": "take 1"})
    assert sent[-1]["type"] == "keep"
    token = sent[-1]["token"]
    again = GenericTable("toy-nim", bots="greedy", seed=99, save=store)
    again.send = lambda content, buffers=None: sent.append(content)  # type: ignore[method-assign]
    page_message(again, {"type": "saved", "token": token})
    assert again.record.actions == table.record.actions and again.record.seed == 4
    assert sent[-1] == {"type": "keep", "token": token}
    page_message(again, {"type": "saved", "token": "forged-token-0123456789"})
    assert again.message == "Your saved game could not be found, so this is a new game."


# ---------------------------------------------------------------- rooms
def test_a_room_is_played_from_two_seats_and_watched_live(
    toy_registered: None, store: Store
) -> None:
    room = store.create_room("toy-nim", seed=11)
    ada = GenericTable(room=store.join(room.code, "Ada"))
    bo = GenericTable(room=store.join(room.code, "Bo"))
    watcher = GenericTable(room=store.spectate(room.code))
    state: Any = room.session().state
    secrets = {0: state.lucky[0], 1: state.lucky[1]}
    try:
        assert ada.seat == 0 and bo.seat == 1 and watcher.seat is None
        assert ada.view["your_turn"] and not bo.view["your_turn"] and bo.view["legal"] == []
        page_message(bo, {"type": "action", "text": "take 1"})
        assert bo.message == "illegal: it is not your turn"
        page_message(watcher, {"type": "action", "text": "take 1"})
        assert watcher.message == "illegal: a spectator watches and cannot move"
        page_message(ada, {"type": "new_game"})
        assert ada.message.startswith("illegal: a room plays one game")
        tables = {0: ada, 1: bo}
        while not room.session().is_over:
            mover = tables[room.session().actors()[0]]
            version = room.session().version
            page_message(mover, {"type": "action", "text": mover.view["legal"][0]})
            assert mover.message == ""
            for table in (ada, bo, watcher):  # the live thread publishes the others' moves
                wait_until(lambda t=table, v=version + 1: t.view["version"] == v)
            for seat, table in tables.items():
                if not room.session().is_over:
                    assert dict(table.view["facts"])["lucky"] == f"{seat}: {secrets[seat]}"
                    assert dict(watcher.view["facts"])["lucky"] == "-"
        assert ada.view["outcome"] == watcher.view["outcome"] is not None
    finally:
        for table in (ada, bo, watcher):
            table.close()
