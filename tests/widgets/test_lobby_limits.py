"""The lobby's limits live in the store (issue #36 item 3): a reload, a second page or a
second server does not start a guesser afresh; rooms made from one device are capped;
each refusal is a sentence and changes nothing else. The page's pings are answered
(outage.js says within 3 s when they are not)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from cipherkit.rooms import open_store
from cipherkit.rooms.limits import RULES
from cipherkit.widgets.lobby import Lobby
from tests.rooms.conftest import pg_url, sqlite_url, store_url

__all__ = ["pg_url", "sqlite_url", "store_url"]

DEVICE = "5e" * 16
WRONG = "TIGER-00000-MOSS"


def send(widget: Any, content: Any) -> None:
    """A custom message as ipywidgets delivers the page's ``model.send``."""
    widget._handle_msg(
        {"content": {"data": {"method": "custom", "content": content}}, "buffers": []}
    )


@pytest.fixture
def lobbies() -> Iterator[list[Lobby]]:
    made: list[Lobby] = []
    yield made
    for lobby in made:
        lobby.close()


def page(store: Any, lobbies: list[Lobby], device: str | None = DEVICE) -> Lobby:
    """A Play together page as a browser opens it: the lobby, then its hello."""
    lobby = Lobby(store=store)
    lobbies.append(lobby)
    if device is not None:
        send(lobby, {"type": "hello", "device": device})
    return lobby


def test_a_reload_is_still_slowed(store_url: str, lobbies: list[Lobby]) -> None:
    with open_store(store_url) as store:
        room = store.create_room("decipher", bots=[1])
        first = page(store, lobbies)
        for _ in range(3):
            send(first, {"type": "join", "code": WRONG, "name": "Eve"})
        assert "(3 wrong codes: wait 2 s before the next try)" in first.message
        reloaded = page(store, lobbies)  # the same browser: the same device id
        send(reloaded, {"type": "join", "code": room.code, "name": "Eve"})
        assert reloaded.message == (
            "refused: too many wrong codes from this device: wait 2 seconds and try again"
        )
        assert reloaded.view["stage"] == "start" and reloaded.table is None
        assert [s["taken"] for s in room.info()["seats"]] == [False, True]  # nobody sat
        other = page(store, lobbies, device="77" * 16)  # another device is not slowed
        send(other, {"type": "join", "code": room.code, "name": "Ada"})
        assert other.message == "" and other.view["stage"] == "seated"


def test_two_servers_share_the_slow_down(store_url: str, lobbies: list[Lobby]) -> None:
    """Pages of one device on two servers of one store (two store handles)."""
    one, two = open_store(store_url), open_store(store_url)
    try:
        room = one.create_room("decipher", bots=[1])
        send(page(one, lobbies), {"type": "join", "code": WRONG, "name": "Eve"})
        send(page(two, lobbies), {"type": "join", "code": WRONG, "name": "Eve"})
        third = page(one, lobbies)
        send(third, {"type": "join", "code": WRONG, "name": "Eve"})
        assert "3 wrong codes: wait 2 s" in third.message
        on_two = page(two, lobbies)
        send(on_two, {"type": "watch", "code": room.code})
        assert on_two.message.startswith("refused: too many wrong codes from this device")
        assert on_two.table is None
    finally:
        for lobby in lobbies:
            lobby.close()
        one.close()
        two.close()


def test_a_page_without_a_device_id_is_still_counted(sqlite_url: str, lobbies: list[Lobby]) -> None:
    with open_store(sqlite_url) as store:
        lobby = page(store, lobbies, device=None)
        for _ in range(4):
            send(lobby, {"type": "join", "code": WRONG, "name": "Eve"})
        assert lobby.message.startswith("refused: too many wrong codes from this device")


def test_rooms_made_from_one_device_are_capped(sqlite_url: str, lobbies: list[Lobby]) -> None:
    with open_store(sqlite_url) as store:
        free = RULES["room"].free
        for _ in range(free):
            lobby = page(store, lobbies)  # a new page each time: a reload resets nothing
            send(lobby, {"type": "create", "game": "decipher", "bots": [1], "name": "Ada"})
            assert lobby.message == "" and lobby.view["stage"] == "seated"
        before = len(store.rooms())
        lobby = page(store, lobbies)
        send(lobby, {"type": "create", "game": "decipher", "bots": [1], "name": "Ada"})
        wait = int(RULES["room"].first_wait)
        assert lobby.message == (
            f"refused: too many rooms made from this device: wait {wait} seconds and try again"
        )
        assert len(store.rooms()) == before and lobby.view["stage"] == "start"
        other = page(store, lobbies, device="99" * 16)  # another device still may
        send(other, {"type": "create", "game": "decipher", "bots": [1], "name": "Bo"})
        assert other.message == "" and len(store.rooms()) == before + 1


def test_a_ping_is_answered_and_bad_hellos_refused(sqlite_url: str, lobbies: list[Lobby]) -> None:
    with open_store(sqlite_url) as store:
        lobby = page(store, lobbies)
        sent: list[Any] = []
        lobby.send = lambda content, buffers=None: sent.append(content)  # type: ignore[method-assign]
        send(lobby, {"type": "ping"})
        assert sent == [{"type": "pong"}] and lobby.message == ""
        for bad in (
            {"type": "hello", "device": "not-hex"},
            {"type": "hello", "device": DEVICE, "more": 1},
            {"type": "ping", "n": 1},
        ):
            send(lobby, bad)
            assert lobby.message.startswith("refused: a ")


def test_the_servers_client_id_is_counted_too(sqlite_url: str, lobbies: list[Lobby]) -> None:
    """A server that tells the kernel who the visitor is (its signed cookie): a page
    that invents a new device id every time is still slowed."""
    with open_store(sqlite_url) as store:
        for n in range(3):
            lobby = Lobby(store=store, client="c:visitor-1")
            lobbies.append(lobby)
            send(lobby, {"type": "hello", "device": f"{n:032x}"})
            send(lobby, {"type": "join", "code": WRONG, "name": "Eve"})
        again = Lobby(store=store, client="c:visitor-1")
        lobbies.append(again)
        send(again, {"type": "hello", "device": "ff" * 16})
        send(again, {"type": "join", "code": WRONG, "name": "Eve"})
        assert again.message.startswith("refused: too many wrong codes from this device")
