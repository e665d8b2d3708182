"""Issue 46, point 7: a student's page says one thing per state. Once the room is closed
or waits for the teacher's start, no "Your turn" line and no moves are offered; once the
teacher moved or removed the student, the page shows what a spectator sees (their hand
is no longer on it)."""

from __future__ import annotations

from pathlib import Path

from cipherkit.rooms import open_store
from cipherkit.widgets.tables import make_table
from tests.servers import wait_for


def test_a_closed_or_held_room_offers_no_turn(tmp_path: Path) -> None:
    store = open_store(f"sqlite:///{tmp_path}/rooms.db")
    room = store.create_room("decipher", {"first_player": 0}, held=True)
    ada = make_table(store.join(room.code, "Ada"))
    bo = make_table(store.join(room.code, "Bo"))
    try:
        view = ada.view
        assert "teacher says so" in ada.message
        assert view["turn_line"] == "" and view["legal"] == [] and view["status"] == ""
        room.start()
        assert wait_for(lambda: ada.view["legal"] and ada.message == "")
        assert ada.view["turn_line"].startswith("Your turn")
        room.close()
        assert wait_for(lambda: "has been closed" in ada.message)
        assert ada.view["turn_line"] == "" and ada.view["legal"] == []
        assert ada.view["announce"] == ada.message
    finally:
        ada.close(), bo.close(), store.close()


def test_a_removed_students_page_keeps_no_hidden_hand(tmp_path: Path) -> None:
    store = open_store(f"sqlite:///{tmp_path}/rooms.db")
    room = store.create_room("decipher", {"first_player": 0})
    ada = make_table(store.join(room.code, "Ada"))
    bo_seat = store.join(room.code, "Bo")
    bo = make_table(bo_seat)
    watcher = make_table(store.spectate(room.code))
    try:
        assert wait_for(lambda: bo.view.get("hand"))
        hand = list(bo.view["hand"])
        room.remove(bo_seat.seat)
        assert wait_for(lambda: "took you out" in bo.message)
        assert bo.view["turn_line"] == "" and bo.view["legal"] == []
        assert bo.view.get("hand") == watcher.view.get("hand") != hand
    finally:
        ada.close(), bo.close(), watcher.close(), store.close()
