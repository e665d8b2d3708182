"""Codes typed in the wrong keyboard layout (issue 47 item 6): a room code, a class code or
the teacher key typed with the Russian layout on is read as meant (a real SQLite store):
by the store, the classroom, the lobby and the teacher page. Wrong codes stay wrong, with
the refusals as before."""

from __future__ import annotations

from pathlib import Path

import pytest

from cipherkit.classroom import RoomPlan, open_classroom
from cipherkit.classroom.codes import normalize_class_code
from cipherkit.classroom.errors import UnknownClass
from cipherkit.classroom.seating import seat_student
from cipherkit.i18n.keyboard import RUSSIAN_TO_QWERTY
from cipherkit.rooms import UnknownCode, normalize_code, open_store
from cipherkit.widgets.lobby import Lobby
from cipherkit.widgets.teacher import TeacherDesk

_RUSSIAN_KEYS = {qwerty: russian for russian, qwerty in RUSSIAN_TO_QWERTY.items()}


def on_russian_layout(text: str) -> str:
    """What typing ``text``'s keys gives with the Russian layout on."""
    return "".join(_RUSSIAN_KEYS.get(ch, ch) for ch in text)


def test_the_example_of_the_issue() -> None:
    assert on_russian_layout("QBHR-154") == "ЙИРК-154"
    assert normalize_class_code("ЙИРК-154") == "QBHR-154"
    assert normalize_class_code("йирк 154") == "QBHR-154"
    assert normalize_code("ЕШПУК-48213-ЬЩЫЫ") == "TIGER-48213-MOSS"
    assert normalize_code("ЕШПУЛ-48213-ЬЩЫЫ") is None  # TIGEK: not a word of the list


def test_a_room_code_typed_on_a_russian_keyboard_joins_the_room(tmp_path: Path) -> None:
    with open_store(f"sqlite:///{tmp_path / 'rooms.db'}") as store:
        room = store.create_room("decipher", seed=3)
        typed = on_russian_layout(room.code.lower())
        assert typed != room.code.lower() and not typed.replace("-", "").isascii()
        seat = store.join(typed, "Ada")
        assert seat.room_id == room.id and seat.code == room.code
        watching = store.spectate(on_russian_layout(room.code))
        assert watching.code == room.code
        with pytest.raises(UnknownCode, match="no open room with code 'ЯЯЯ'"):
            store.join("ЯЯЯ", "Bo")  # still nothing to join: the refusal as before


def test_a_class_code_typed_on_a_russian_keyboard_seats_the_student(tmp_path: Path) -> None:
    desk = open_classroom(f"sqlite:///{tmp_path / 'rooms.db'}")
    try:
        session = desk.start_session("Year 9")
        plan = RoomPlan("decipher", rooms=1, players=2, people=2)
        (code,) = desk.make_rooms(session.id, plan)
        typed = on_russian_layout(session.code)
        assert typed != session.code and desk.session(typed).id == session.id
        assert seat_student(desk, typed, "Ada").code == code
        with pytest.raises(UnknownClass):
            desk.session(on_russian_layout("BCDF-000"))
    finally:
        desk.close()


def test_the_lobby_takes_a_class_code_typed_on_a_russian_keyboard(tmp_path: Path) -> None:
    desk = open_classroom(f"sqlite:///{tmp_path / 'rooms.db'}")
    session = desk.start_session("Year 9")
    (code,) = desk.make_rooms(session.id, RoomPlan("decipher", rooms=1, players=2, people=2))
    lobby = Lobby(store=desk.store, clock=lambda: 0.0)
    try:
        lobby.handle_message({"type": "join", "code": on_russian_layout("BCDF-000"), "name": "A"})
        assert lobby.message.startswith("refused: no class with code")  # as before
        typed = on_russian_layout(session.code.lower())
        lobby.handle_message({"type": "join", "code": typed, "name": "Ada"})
        assert lobby.message == "" and lobby.view["stage"] == "seated"
        assert lobby.view["code"] == code
    finally:
        lobby.close()
        desk.close()


def test_the_teacher_key_typed_on_a_russian_keyboard_unlocks(tmp_path: Path) -> None:
    desk = open_classroom(f"sqlite:///{tmp_path / 'rooms.db'}")
    desk.set_teacher_key("Teacher-Key_42x")
    page = TeacherDesk(classroom=desk, refresh=0)
    try:
        assert desk.check_key(on_russian_layout("Teacher-Key_42x"))
        assert not desk.check_key(on_russian_layout("Teacher-Key_43x"))
        assert not desk.check_key(on_russian_layout("teacher-key_42x"))  # Shift matters
        page.handle_message({"type": "unlock", "key": on_russian_layout("Teacher-Key_42x")})
        assert page.message == "" and page.view["locked"] is False
    finally:
        page.close()
        desk.close()
