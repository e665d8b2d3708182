"""The server's stamp counts (issue 44, point 3): the gallery server writes the client of
each page's websocket into every message's metadata (``cipherkit_client``); the lobby,
the exercise boxes' class line and the teacher desk count wrong codes and keys against
it, so fresh pages with fresh device ids from one browser start nothing afresh, while
another browser is not slowed. (The server's side: ``tests/serve/test_wsfilter.py`` and
``tests/serve/test_flood_limits.py``.)"""

from __future__ import annotations

import secrets
from typing import Any

import pytest

import cipherkit.widgets.exercises as exercises
from cipherkit.ciphers.exercises import make_check
from cipherkit.classroom import open_classroom
from cipherkit.rooms import open_store
from cipherkit.rooms.limits import STAMP
from cipherkit.widgets.exercises import ExerciseBox
from cipherkit.widgets.lobby import Lobby
from cipherkit.widgets.teacher import TeacherDesk
from tests.rooms.conftest import pg_url, sqlite_url, store_url

__all__ = ["pg_url", "sqlite_url", "store_url"]

JAR = "c:one-cookie-jar"
KEY = "the-teacher-key-42"
PAGE = "/voila/render/lessons/01-caesar.ipynb"


def send(widget: Any, content: Any, client: str | None) -> None:
    """A custom message as ipywidgets delivers it, stamped by the server with ``client``."""
    widget._handle_msg(
        {
            "content": {"data": {"method": "custom", "content": content}},
            "buffers": [],
            "metadata": {} if client is None else {STAMP: client},
        }
    )


def fresh_device() -> str:
    return secrets.token_hex(16)


def test_fresh_lobby_pages_of_one_browser_share_its_count(store_url: str) -> None:
    with open_store(store_url) as store:
        room = store.create_room("decipher", bots=[1])
        made = []
        try:
            for n in range(3):  # three fresh pages, each a fresh device id, one wrong code
                lobby = Lobby(store=store)
                made.append(lobby)
                send(lobby, {"type": "hello", "device": fresh_device()}, JAR)
                send(lobby, {"type": "join", "code": f"TIGER-0000{n}-MOSS", "name": "Eve"}, JAR)
                assert "no open room" in lobby.message
            late = Lobby(store=store)
            made.append(late)
            send(late, {"type": "hello", "device": fresh_device()}, JAR)
            send(late, {"type": "join", "code": room.code, "name": "Eve"}, JAR)
            assert late.message == (
                "refused: too many wrong codes from this device: wait 2 seconds and try again"
            )
            classmate = Lobby(store=store)  # another browser: not slowed
            made.append(classmate)
            send(classmate, {"type": "join", "code": room.code, "name": "Ada"}, "c:classmate")
            assert classmate.message == "" and classmate.view["stage"] == "seated"
            assert late.visitor is None  # the stamp is the message's, not the page's
        finally:
            for lobby in made:
                lobby.close()


def test_fresh_lesson_pages_of_one_browser_share_its_count(
    sqlite_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    desk = open_classroom(sqlite_url)
    session = desk.start_session("Lesson day")
    salt, digest = make_check("hello", salt="salt-stamped")
    boxes = []
    try:
        for n in range(4):
            monkeypatch.setattr(exercises, "_PAGE_CLIENT", f"page:kernel{n}")  # a fresh kernel
            box = ExerciseBox("Decrypt KHOOR", salt, digest, classroom=desk)
            boxes.append(box)
            code = session.code if n == 3 else f"BCDF-00{n}"
            line = {"type": "class", "code": code, "name": "Eve", "page": PAGE}
            send(box, {**line, "device": fresh_device()}, JAR)
        assert boxes[3].message == (
            "not in a class: too many wrong codes from this device: wait 2 seconds and try again"
        )
        monkeypatch.setattr(exercises, "_PAGE_CLIENT", "page:classmate")
        other = ExerciseBox("Decrypt KHOOR", salt, digest, classroom=desk)
        boxes.append(other)
        line = {"type": "class", "code": session.code, "name": "Ada", "page": PAGE}
        send(other, line, "c:classmate")
        assert other.message == "" and other.view["class"]["code"] == session.code
    finally:
        for box in boxes:
            box.close()
        desk.close()


def test_fresh_teacher_pages_of_one_browser_share_its_count(sqlite_url: str) -> None:
    desk = open_classroom(sqlite_url)
    desk.set_teacher_key(KEY)
    pages = [TeacherDesk(classroom=desk, refresh=0) for _ in range(5)]
    try:
        for page in pages[:3]:
            wrong = {"type": "unlock", "key": "not-the-key-at-all", "device": fresh_device()}
            send(page, wrong, "c:student")
        send(pages[3], {"type": "unlock", "key": KEY, "device": fresh_device()}, "c:student")
        assert pages[3].message.startswith("refused: too many wrong keys from this device")
        send(pages[4], {"type": "unlock", "key": KEY, "device": fresh_device()}, "c:teacher")
        assert pages[4].message == "" and pages[4].view["locked"] is False
    finally:
        for page in pages:
            page.close()
        desk.close()
