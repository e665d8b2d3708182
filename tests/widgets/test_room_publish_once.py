"""A move made at a room seat is published once: the live thread is told the version
the table has drawn already, so the seat's own move is not drawn a second time; another
seat's move is still drawn at once."""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path

from cipherkit.rooms import open_store
from cipherkit.widgets.table_base import TableBase
from cipherkit.widgets.tables import make_table
from tests.widgets.page_messages import page_message


def counting(table: TableBase) -> list[int]:
    """The versions of the views ``table`` publishes from now on."""
    published: list[int] = []
    publish = table.publish

    def counted() -> None:
        publish()
        published.append(table._shown)

    table.publish = counted  # type: ignore[method-assign]
    return published


def within(seconds: float, check: Callable[[], bool]) -> bool:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if check():
            return True
        time.sleep(0.02)
    return check()


def test_one_move_in_a_room_is_published_once(tmp_path: Path) -> None:
    with open_store(f"sqlite:///{tmp_path / 'rooms.db'}") as store:
        room = store.create_room("decipher", {"first_player": 0}, seed=7)
        ada, bo = store.join(room.code, "Ada"), store.join(room.code, "Bo")
        table = make_table(ada)
        assert isinstance(table, TableBase)
        try:
            room_seat = table.room
            assert room_seat is not None and within(5.0, lambda: room_seat.live)
            published = counting(table)
            move = ada.legal_actions()[0]
            page_message(table, {"type": "action", "text": move})
            assert table.message == "" and published == [1]
            # the live thread wakes for version 1 (SQLite: a poll of 25 ms): not news
            time.sleep(1.0)
            assert published == [1]
            # another seat's move is news, drawn once
            while not bo.legal_actions():
                ada.act(ada.legal_actions()[0])
            version = bo.act(bo.legal_actions()[0])
            assert within(5.0, lambda: published[-1:] == [version])
            time.sleep(0.5)
            assert published.count(version) == 1
        finally:
            table.close()
