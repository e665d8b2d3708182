"""The store's schema: versioned, migrated in one transaction, refused when too new."""

from __future__ import annotations

import json
import threading
import time
from pathlib import Path

import pytest

from cipherkit.core.session import Session
from cipherkit.rooms import SCHEMA_VERSION, StoreError, open_store
from cipherkit.rooms.db import Database
from cipherkit.rooms.schema import MIGRATIONS, migrate, schema_version


def test_a_new_store_is_at_the_newest_schema(store_url: str) -> None:
    with open_store(store_url) as store:
        assert store.schema == (0, SCHEMA_VERSION) == (0, len(MIGRATIONS))
        conn = store.db.connection()
        assert schema_version(conn) == SCHEMA_VERSION
        for table in ("meta", "rooms", "seats", "actions"):
            assert conn.has_table(table)
    with open_store(store_url) as again:
        assert again.schema == (SCHEMA_VERSION, SCHEMA_VERSION)


def test_an_old_store_is_migrated_and_its_rooms_play_on(store_url: str) -> None:
    """A store written at schema version 1 (no ``seats.seen``) with a room in it."""
    db = Database(store_url)
    conn = db.connection()
    assert migrate(conn, upto=1) == (0, 1)
    assert schema_version(conn) == 1
    session = Session("decipher", {"first_player": 0}, seed=77, bots={1: "random"})
    hand = session.view(0)["hand"]
    session.apply(0, f"play {hand[0]}")
    session.step_bots()
    now = time.time()
    rngs = {"1": session.to_json()["rngs"]["1"]}
    with conn.transaction(write=True):
        conn.execute(
            "INSERT INTO rooms (id, code, game, config, seed, version, rngs, status, outcome, "
            "created, updated) VALUES (?, ?, ?, ?, ?, ?, ?, 'open', NULL, ?, ?)",
            (
                "0123456789ab",
                "TIGER-48213-MOSS",
                "decipher",
                json.dumps({"first_player": 0}),
                77,
                session.version,
                json.dumps(rngs),
                now,
                now,
            ),
        )
        conn.execute("INSERT INTO seats (room_id, seat, bot) VALUES ('0123456789ab', 0, NULL)")
        conn.execute("INSERT INTO seats (room_id, seat, bot) VALUES ('0123456789ab', 1, 'random')")
        for number, (seat, text) in enumerate(session.record.actions, 1):
            conn.execute(
                "INSERT INTO actions (room_id, number, seat, notation, bot, created) "
                "VALUES ('0123456789ab', ?, ?, ?, ?, ?)",
                (number, seat, text, int(seat == 1), now),
            )
    with pytest.raises(Exception):  # noqa: B017 - no such column yet, on either database
        conn.execute("SELECT seen FROM seats").fetchall()
    db.close()

    with open_store(store_url) as store:
        assert store.schema == (1, SCHEMA_VERSION)
        room = store.room("tiger 48213 moss")
        assert room.session().state == session.state
        ada = store.join(room.code, "Ada")
        assert ada.observe() == session.view(0)
        ada.act(ada.legal_actions()[0])
        assert room.info()["seats"][0]["connected"]
        assert room.record().replay() == room.session().state


def test_a_newer_schema_is_refused(sqlite_url: str) -> None:
    with open_store(sqlite_url) as store:
        conn = store.db.connection()
        conn.execute("UPDATE meta SET value = ? WHERE key = 'schema_version'", ("99",))
    with pytest.raises(StoreError, match="schema version 99, newer than this cipherkit"):
        open_store(sqlite_url)


def test_a_failed_migration_changes_nothing(
    sqlite_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    broken = (*MIGRATIONS[:1], ("ALTER TABLE seats ADD COLUMN seen DOUBLE PRECISION", "NOT SQL"))
    db = Database(sqlite_url)
    conn = db.connection()
    migrate(conn, upto=1)
    monkeypatch.setattr("cipherkit.rooms.schema.MIGRATIONS", broken)
    with pytest.raises(Exception, match="syntax error"):
        migrate(conn, upto=2)
    assert schema_version(conn) == 1
    columns = [r[1] for r in conn.execute("PRAGMA table_info(seats)").fetchall()]
    assert "seen" not in columns
    db.close()


def test_servers_opening_a_new_store_at_once_migrate_it_once(store_url: str) -> None:
    results: list[tuple[int, int]] = []
    errors: list[BaseException] = []
    start = threading.Barrier(4)

    def open_one() -> None:
        try:
            start.wait()
            with open_store(store_url) as store:
                results.append(store.schema)
        except BaseException as exc:  # pragma: no cover - reported below
            errors.append(exc)

    threads = [threading.Thread(target=open_one) for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(60)
    assert not errors
    assert sorted(results) == [(0, SCHEMA_VERSION)] + [(SCHEMA_VERSION, SCHEMA_VERSION)] * 3


def test_switching_a_new_store_to_wal_waits_for_a_server_holding_it(tmp_path: Path) -> None:
    """SQLite refuses the WAL switch at once while another connection holds the file;
    the switch is retried until the other lets go (or the patience runs out)."""
    import sqlite3

    from cipherkit.rooms.db import _use_wal

    path = tmp_path / "rooms.db"
    holder = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
    holder.execute("CREATE TABLE t (x)")
    holder.execute("BEGIN EXCLUSIVE")
    other = sqlite3.connect(path, timeout=0, isolation_level=None)
    with pytest.raises(sqlite3.OperationalError, match="locked"):
        _use_wal(other, patience=0.2)
    release = threading.Timer(0.3, lambda: holder.execute("COMMIT"))
    release.start()
    _use_wal(other, patience=10)
    release.join()
    assert other.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    other.close()
    holder.close()
