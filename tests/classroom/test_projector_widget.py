"""The projector's page in the kernel (issue #46 point 6): opened by the teacher's pass
on its own session only; the address it is told checked; its view holds the class
code, the address and its QR code, and each open room's code and label, and nothing of
any single student."""

from __future__ import annotations

import base64
import json
from collections.abc import Iterator
from pathlib import Path

import pytest

from cipherkit.classroom import Classroom, RoomPlan, open_classroom, passes
from cipherkit.publish.gallery import gallery_entries
from cipherkit.publish.teacher_page import PROJECTOR_PAGE, write_projector_page
from cipherkit.widgets.projector import WORDS, Projector, play_address, qr_data_uri
from cipherkit.widgets.teacher import TeacherDesk

ROOT = Path(__file__).resolve().parents[2]
PAGE = "http://192.168.1.20:8866/voila/render/projector.ipynb"


@pytest.fixture
def desk(tmp_path: Path) -> Iterator[Classroom]:
    found = open_classroom(f"sqlite:///{tmp_path}/rooms.db")
    yield found
    found.close()


def opened(desk: Classroom, session_id: str) -> Projector:
    screen = Projector(classroom=desk, refresh=0)
    screen.handle_message({"type": "page", "url": PAGE})
    screen.handle_message({"type": "resume", "token": passes.grant(desk, session_id, "resume")})
    return screen


def test_a_pass_opens_its_own_session_and_nothing_per_student(desk: Classroom) -> None:
    session = desk.start_session("Year 9")
    codes = desk.make_rooms(session.id, RoomPlan("decipher", 2, 2, 2), held=True)
    other = desk.start_session("Year 10")
    desk.make_rooms(other.id, RoomPlan("decipher", 1, 2, 2))
    desk.store.join(codes[0], "Marigold Vex")
    desk.record_attempt(session.code, "Octavia Plume", "01-caesar", "What does it say?", True)
    screen = opened(desk, session.id)
    view = screen.view
    assert view["locked"] is False and view["class_code"] == session.code
    assert view["address"] == "http://192.168.1.20:8866/voila/render/play-together.ipynb"
    assert [r["code"] for r in view["rooms"]] == codes
    assert [r["label"] for r in view["rooms"]] == ["Decipher · room 1", "Decipher · room 2"]
    assert {r["state"] for r in view["rooms"]} == {WORDS["waiting"]}
    text = json.dumps(view)
    for absent in ("Marigold", "Octavia", "Year 10", other.code, "seat", "tries", "people"):
        assert absent not in text, absent
    assert set(view) == {"locked", "words", "address", "qr", "class_code", "rooms", "no_rooms"}
    screen.close()


def test_without_a_pass_one_sentence_and_forgeries_change_nothing(desk: Classroom) -> None:
    session = desk.start_session("Year 9")
    screen = Projector(classroom=desk, refresh=0)
    for forged in (
        {"type": "resume", "token": "x" * 32},
        {"type": "resume", "token": passes.grant(desk, session.id, "cookie")},  # not resume
        {"type": "unlock", "key": "guess-the-key"},
        {"type": "start", "title": "mine"},
        {"type": "page", "url": "javascript:alert(1)//projector.ipynb"},
        {"type": "page", "url": "http://user:pw@evil.example/voila/render/projector.ipynb"},
        {"type": "page", "url": "http://evil.example/other.ipynb"},
        {"type": "page", "url": PAGE, "extra": 1},
        ["not", "a", "dict"],
    ):
        screen.handle_message(forged)
        assert screen.view == {"locked": True, "text": WORDS["locked"]}, forged
    assert screen.message.startswith("refused")
    screen.close()


def test_a_used_token_or_an_ended_session_shows_nothing(desk: Classroom) -> None:
    session = desk.start_session("Year 9")
    token = passes.grant(desk, session.id, "resume")
    first = Projector(classroom=desk, refresh=0)
    first.handle_message({"type": "resume", "token": token})
    assert first.view["locked"] is False
    second = Projector(classroom=desk, refresh=0)
    second.handle_message({"type": "resume", "token": token})  # one time only
    assert second.view["locked"] is True
    desk.end_session(session.id)
    first._show()
    assert first.view == {"locked": True, "text": WORDS["ended"]}
    ended = Projector(classroom=desk, refresh=0)
    ended.handle_message({"type": "resume", "token": passes.grant(desk, session.id, "resume")})
    assert ended.view["locked"] is True
    for screen in (first, second, ended):
        screen.close()


def test_rooms_closed_or_over_leave_the_projector(desk: Classroom) -> None:
    session = desk.start_session("Year 9")
    codes = desk.make_rooms(session.id, RoomPlan("decipher", 3, 2, 2))
    screen = opened(desk, session.id)
    desk.close_room(session.id, codes[1])
    screen._show()
    assert [r["code"] for r in screen.view["rooms"]] == [codes[0], codes[2]]
    assert [r["label"] for r in screen.view["rooms"]][1].endswith("room 3")  # numbers stay
    screen.close()


def test_the_address_and_its_qr_code() -> None:
    assert play_address("http://[::1]:8866/base/voila/render/projector.ipynb") == (
        "http://[::1]:8866/base/voila/render/play-together.ipynb"
    )
    svg = base64.b64decode(qr_data_uri(PAGE).split(",", 1)[1]).decode("utf-8")
    assert svg.startswith("<svg") and "<script" not in svg and "href" not in svg


def test_the_teacher_desk_names_the_projector_once_a_session_is_open(desk: Classroom) -> None:
    desk.set_teacher_key("teacher-key-123")
    page = TeacherDesk(classroom=desk, refresh=0)
    page.handle_message({"type": "unlock", "key": "teacher-key-123"})
    assert page.view["projector"] is None
    page.handle_message({"type": "start", "title": "Year 9"})
    assert page.view["projector"] == PROJECTOR_PAGE
    page.close()


def test_the_committed_projector_page_is_what_the_builder_writes(tmp_path: Path) -> None:
    made = write_projector_page(tmp_path)
    assert made.read_text() == (ROOT / "puzzles" / PROJECTOR_PAGE).read_text()
    assert PROJECTOR_PAGE not in [e.name for e in gallery_entries(ROOT / "puzzles")]
    assert (ROOT / "puzzles" / "play-together.ipynb").is_file()  # what its address opens
