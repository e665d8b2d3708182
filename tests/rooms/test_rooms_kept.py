"""Seats a browser keeps on the server (:mod:`cipherkit.rooms.kept`), on SQLite and on a
real PostgreSQL: what the database holds gives neither the client nor the token."""

from __future__ import annotations

from cipherkit.rooms import open_store
from cipherkit.rooms.kept import FORGET_AFTER, MAX_KEPT, KeptSeats, kept_client


def test_a_kept_seat_comes_back_for_its_client_only(store_url: str) -> None:
    with open_store(store_url) as store:
        room = store.create_room("decipher", {"first_player": 0}, bots=[1])
        ada = store.join(room.code, "Ada")
        kept = KeptSeats(store.db)
        kept.keep("c:ada-cookie", room.code, ada.token)
        (found,) = kept.list("c:ada-cookie")
        assert (found.code, found.token) == (room.code, ada.token)
        assert store.resume(found.token).seat == ada.seat
        assert kept.list("c:someone-else") == []


def test_the_database_holds_neither_client_nor_token(store_url: str) -> None:
    with open_store(store_url) as store:
        kept = KeptSeats(store.db)
        token = "Zq7-secret-seat-token-0123456789"
        kept.keep("c:ada-cookie-ident", "TIGER-48213-MOSS", token)
        rows = store.db.connection().execute("SELECT client, code, sealed FROM kept_seats")
        text = repr(rows.fetchall())
        assert "ada-cookie-ident" not in text and token not in text
        assert "TIGER-48213-MOSS" in text


def test_newest_rooms_are_kept_and_old_ones_forgotten(store_url: str) -> None:
    with open_store(store_url) as store:
        kept = KeptSeats(store.db)
        for n in range(MAX_KEPT + 3):
            kept.keep("c:x", f"ROOM-{n:05d}", None if n % 2 else f"token-{n}", now=100.0 + n)
        codes = [k.code for k in kept.list("c:x")]
        assert codes == [f"ROOM-{n:05d}" for n in range(MAX_KEPT + 2, 2, -1)]
        kept.keep("c:y", "ROOM-LATE", "t", now=100.0 + FORGET_AFTER + 50)
        assert kept.list("c:x") == []  # two weeks quiet: forgotten
        kept.forget("c:y", "ROOM-LATE")
        assert kept.list("c:y") == []


def test_only_a_signed_cookie_keeps_seats() -> None:
    assert kept_client("c:0123abcd") == "c:0123abcd"
    assert kept_client("a:127.0.0.1") is None  # one address is many browsers behind a proxy
    assert kept_client("c:") is None and kept_client(None) is None
