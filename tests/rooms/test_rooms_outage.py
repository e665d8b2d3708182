"""A PostgreSQL store that stops and comes back (issue #44, finding 6): the first move
after the outage goes through, on every thread's connection, and no move is applied
twice.

The server is this module's own throwaway cluster (cipherkit.rooms.pgtest), stopped
with ``pg_ctl stop -m fast`` (every connection is ended) and started again on the same
socket and data. Before the fix, the first use of each connection made before the
outage raised "the room store cannot be reached just now".
"""

from __future__ import annotations

import threading
from collections.abc import Iterator

import pytest

from cipherkit.rooms import ENV_STORE, StoreError, StoreUnreachable, open_store
from cipherkit.rooms.db import BAD_URL, REFUSED, UNREACHABLE
from cipherkit.rooms.pgtest import TempPostgres
from cipherkit.widgets.lobby import Lobby
from tests.rooms.conftest import fresh_pg_url
from tests.widgets.page_messages import page_message


@pytest.fixture(scope="module")
def server() -> Iterator[TempPostgres]:
    """A PostgreSQL server of this module's own: its tests stop and start it."""
    own = TempPostgres().start()
    try:
        yield own
    finally:
        own.stop()


def outage(server: TempPostgres) -> None:
    """The store's server stops (ending every connection) and comes back."""
    server.pause()
    server.resume()


def play(handle: object) -> str:
    legal = handle.legal_actions()  # type: ignore[attr-defined]
    return str(next(a for a in legal if a.startswith("play")))


def test_the_first_move_after_the_store_comes_back_goes_through(server: TempPostgres) -> None:
    with open_store(fresh_pg_url(server)) as store:
        room = store.create_room("decipher", {"first_player": 0}, bots=[1], seed=7)
        ada = store.join(room.code, "Ada")
        first = play(ada)
        one = ada.act(first)
        outage(server)
        second = play(ada)  # the first read after the outage
        two = ada.act(second)  # and the first move: neither refused
        assert two > one
        outage(server)
        third = play(ada)
        three = ada.act(third, version=two)  # a versioned move, right after an outage
        record = room.record()
        assert len(record.actions) == three > two  # every move once: none lost, none doubled
        assert [t for s, t in record.actions if s == 0] == [first, second, third]


def test_each_threads_connection_comes_back(server: TempPostgres) -> None:
    """A kernel's page thread and its live thread each hold a connection: after the
    outage each one's first use works."""
    with open_store(fresh_pg_url(server)) as store:
        room = store.create_room("decipher", {"first_player": 0}, bots=[1], seed=3)
        ada = store.join(room.code, "Ada")
        results: dict[str, object] = {}

        def in_thread(name: str, work: object) -> None:
            def run() -> None:
                try:
                    results[name] = work()  # type: ignore[operator]
                except Exception as exc:  # what the thread's page would be told
                    results[name] = exc

            thread = threading.Thread(target=run)
            thread.start()
            thread.join(60)

        in_thread("before", lambda: room.version)
        outage(server)
        in_thread("after", lambda: room.version)
        in_thread("wait", lambda: room.wait(after_version=-1, timeout=1))
        assert ada.act(play(ada)) >= 1
        assert results == {"before": 0, "after": 0, "wait": 0}


def test_work_that_reached_the_server_is_not_sent_again(server: TempPostgres) -> None:
    """Only a BEGIN or a read is sent again on a new connection; a write outside a
    transaction on a connection the outage broke is refused (it might have been
    applied), and the connection after it works."""
    with open_store(fresh_pg_url(server)) as store:
        room = store.create_room("decipher", {"first_player": 0}, seed=5)
        conn = store.db.connection()  # held across the outage, as a transaction's caller does
        outage(server)
        with conn.transaction(write=True):  # BEGIN fails, and is sent again: nothing ran
            held = conn.execute("SELECT held FROM rooms WHERE id = ?", (room.id,)).fetchone()
        assert held is not None
        outage(server)
        assert conn.execute("SELECT version FROM rooms WHERE id = ?", (room.id,)).fetchone()[0] == 0
        outage(server)
        with pytest.raises(StoreUnreachable):
            conn.execute("UPDATE rooms SET updated = updated + 1 WHERE id = ?", (room.id,))
        assert store.version(room.id) == 0


def test_a_server_that_is_down_is_told_from_a_wrong_url(server: TempPostgres) -> None:
    """A stopped server "is not answering just now"; a URL the server refuses (an
    unknown user or database) or that is no URL at all says the URL is wrong."""
    url = fresh_pg_url(server)
    server.pause()
    try:
        with pytest.raises(StoreUnreachable) as down:
            open_store(url)
    finally:
        server.resume()
    assert str(down.value) == UNREACHABLE
    assert "not answering just now" in UNREACHABLE and "URL" not in UNREACHABLE
    wrong = {
        "user": url.replace("postgres@", "nobody@"),
        "database": server.url("no_such_database"),
        "option": url + "&no_such_option=1",
    }
    said = {}
    for what, bad in wrong.items():
        with pytest.raises(StoreError) as caught:
            open_store(bad)
        assert not isinstance(caught.value, StoreUnreachable), what
        said[what] = str(caught.value)
        assert "nobody" not in said[what] and "no_such" not in said[what]
    assert said == {"user": REFUSED, "database": REFUSED, "option": BAD_URL}


def test_a_patient_store_opens_while_the_server_is_down(server: TempPostgres) -> None:
    """A page opened during the outage: its store is made, says the database is not
    answering, and works (its schema made) once the server is back."""
    url = fresh_pg_url(server)
    server.pause()
    try:
        store = open_store(url, patient=True)
        assert store.waiting_for_server and store.schema is None
        with pytest.raises(StoreUnreachable) as caught:
            store.create_room("decipher", {"first_player": 0})
        assert str(caught.value) == UNREACHABLE
    finally:
        server.resume()
    with store:
        room = store.create_room("decipher", {"first_player": 0}, bots=[1])
        ada = store.join(room.code, "Ada")
        assert ada.act(play(ada)) >= 1
        assert not store.waiting_for_server and store.schema is not None
    with pytest.raises(StoreError) as refused:  # patient with an outage, not a wrong URL
        open_store(url.replace("postgres@", "nobody@"), patient=True)
    assert str(refused.value) == REFUSED


def test_the_play_together_page_opens_while_the_store_is_down(
    server: TempPostgres, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The lobby opened during the outage says the database is not answering (it
    could not start before, its failure saying --store must name a reachable store),
    refuses to make a room with the same words, and makes one once the server is back."""
    monkeypatch.setenv(ENV_STORE, fresh_pg_url(server))
    create = {"type": "create", "game": "decipher", "bots": [1], "name": "Ada"}
    server.pause()
    try:
        lobby = Lobby()
        assert lobby.message == UNREACHABLE
        page_message(lobby, create)
        assert lobby.message == f"refused: {UNREACHABLE}"
    finally:
        server.resume()
    try:
        page_message(lobby, create)
        assert lobby.message == "" and lobby.view["stage"] == "seated"
    finally:
        lobby.close()
        lobby.store.close()
