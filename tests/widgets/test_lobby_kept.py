"""The Play together lobby keeps a browser's seats on the server (:mod:`cipherkit.rooms.kept`):
a reload puts the seat (or the room watched) back by the browser's signed client, which
the gallery server stamps on each message (``Lobby.visitor``); no seat token is sent to
the page unless a click asks for the seat's link (issue #44, point 2)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from cipherkit.rooms import Store, open_store
from cipherkit.widgets.lobby import Lobby


@pytest.fixture
def store(tmp_path: Path) -> Iterator[Store]:
    with open_store(f"sqlite:///{tmp_path}/rooms.db") as store:
        yield store


class Page:
    """A Play together page (a new kernel's lobby) in one browser: every message it
    sends carries the browser's client, as the server stamps it; what the kernel sends
    to the page is recorded."""

    def __init__(self, store: Store, client: str | None) -> None:
        self.lobby = Lobby(store=store)
        self.client = client
        self.sent: list[Any] = []
        self.lobby.send = self.sent.append  # type: ignore[method-assign]

    def say(self, **content: Any) -> None:
        self.lobby.visitor = self.client
        try:
            self.lobby.handle_message(content)
        finally:
            self.lobby.visitor = None

    def load(self) -> Page:
        self.say(type="hello", device="0f" * 16)
        self.say(type="return")
        return self

    @property
    def view(self) -> dict[str, Any]:
        return self.lobby.view


def test_a_reload_puts_the_seat_back_with_no_token_sent_to_the_page(store: Store) -> None:
    room = store.create_room("decipher", {"first_player": 0}, bots=[1])
    first = Page(store, "c:ada-browser").load()
    first.say(type="join", code=room.code, name="Ada")
    assert first.view["stage"] == "seated"
    token = first.lobby.handle.token  # type: ignore[union-attr]
    again = Page(store, "c:ada-browser").load()  # the reload: a new kernel
    assert again.view["stage"] == "seated" and again.view["seat"]["name"] == "Ada"
    assert again.lobby.handle.token == token  # type: ignore[union-attr]
    assert token not in repr(first.sent + again.sent) and token not in repr(again.view)


def test_another_browser_gets_nothing_back(store: Store) -> None:
    room = store.create_room("decipher", {"first_player": 0}, bots=[1])
    Page(store, "c:ada-browser").load().say(type="join", code=room.code, name="Ada")
    eve = Page(store, "c:eve-browser").load()
    assert eve.view["stage"] == "start" and eve.view["kept"] == []
    eve.say(type="return", code=room.code)
    assert eve.view["stage"] == "start" and "keeps no seat" in eve.lobby.message
    nobody = Page(store, "a:127.0.0.1").load()  # an address, no signed cookie
    assert nobody.view["stage"] == "start" and nobody.view["kept"] == []


def test_a_spectator_is_put_back_after_a_reload(store: Store) -> None:
    room = store.create_room("decipher", {"first_player": 0}, bots=[1])
    bo = Page(store, "c:bo-browser").load()
    bo.say(type="watch", code=room.code)
    assert bo.view["stage"] == "watching"
    again = Page(store, "c:bo-browser").load()
    assert again.view["stage"] == "watching" and again.view["code"] == room.code


def test_the_start_view_lists_kept_rooms_by_code_and_resumes_one(store: Store) -> None:
    rooms = [store.create_room("decipher", {"first_player": 0}, bots=[1]) for _ in range(2)]
    page = Page(store, "c:ada-browser").load()
    page.say(type="join", code=rooms[0].code, name="Ada")
    page.say(type="leave")
    page.say(type="watch", code=rooms[1].code)
    page.say(type="leave")
    assert page.view["kept"] == [
        {"code": rooms[1].code, "watching": True},
        {"code": rooms[0].code, "watching": False},
    ]
    page.say(type="return", code=rooms[0].code)
    assert page.view["stage"] == "seated" and page.view["code"] == rooms[0].code


def test_a_closed_room_is_forgotten(store: Store) -> None:
    room = store.create_room("decipher", {"first_player": 0}, bots=[1])
    Page(store, "c:ada-browser").load().say(type="join", code=room.code, name="Ada")
    store.close_room(room.code)
    again = Page(store, "c:ada-browser").load()
    assert again.view["stage"] == "start" and again.view["kept"] == []


def test_the_seat_link_is_sent_only_when_asked_for_and_only_to_a_seat(store: Store) -> None:
    room = store.create_room("decipher", {"first_player": 0}, bots=[1])
    page = Page(store, "c:ada-browser").load()
    page.say(type="link")
    assert page.sent == [] and "not seated" in page.lobby.message
    page.say(type="join", code=room.code, name="Ada")
    page.say(type="link")
    assert page.sent == [{"type": "link", "token": page.lobby.handle.token}]  # type: ignore[union-attr]
    page.say(type="link", token="x")
    assert "only the field type" in page.lobby.message
