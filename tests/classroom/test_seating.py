"""One class code seats a class: rooms fill one at a time, teams even, names unique in
the class, wrong codes slowed down as room codes are; SQLite and PostgreSQL."""

from __future__ import annotations

import pytest

from cipherkit.classroom import RoomPlan, open_classroom
from cipherkit.classroom.codes import new_class_code, normalize_class_code
from cipherkit.classroom.errors import ClassError
from cipherkit.classroom.seating import seat_student
from cipherkit.widgets.lobby import Lobby


def test_class_codes_are_short_and_forgiving() -> None:
    codes = {new_class_code() for _ in range(200)}
    assert len(codes) > 190 and all(len(c) == 8 and normalize_class_code(c) == c for c in codes)
    assert normalize_class_code("kvmt 482") == "KVMT-482"
    assert normalize_class_code("TIGER-48213-MOSS") is None


def test_the_class_code_seats_a_class_in_its_rooms(store_url: str) -> None:
    desk = open_classroom(store_url)
    session = desk.start_session("Year 9")
    assert normalize_class_code(session.code) == session.code
    codes = desk.make_rooms(session.id, RoomPlan("intercept", rooms=2, players=4, people=4))
    names = ["Ada", "Bo", "Cy", "Di", "Ed", "Flo", "Gus", "Hal"]
    seats = [seat_student(desk, session.code.lower(), name) for name in names]
    assert [h.code for h in seats] == [codes[0]] * 4 + [codes[1]] * 4
    for code in codes:
        teams = [s["team"] for s in desk.store.room(code).info()["seats"] if s["taken"]]
        assert sorted(teams) == ["black", "black", "white", "white"]
    with pytest.raises(ClassError, match="every room of this class is full"):
        seat_student(desk, session.code, "Ivy")
    with pytest.raises(ClassError, match="already has a seat in this class"):
        seat_student(desk, session.code, "ada")
    desk.end_session(session.id)
    with pytest.raises(ClassError, match="has ended"):
        seat_student(desk, session.code, "Jo")
    desk.close()


def test_the_lobby_takes_a_class_code(store_url: str) -> None:
    desk = open_classroom(store_url)
    session = desk.start_session("Year 9")
    (code,) = desk.make_rooms(session.id, RoomPlan("decipher", rooms=1, players=2, people=2))
    now = [0.0]
    ada, bo, guesser = (Lobby(store=desk.store, clock=lambda: now[0]) for _ in range(3))
    try:
        ada.handle_message({"type": "join", "code": session.code, "name": "Ada"})
        assert ada.message == "" and ada.view["stage"] == "seated" and ada.view["code"] == code
        bo.handle_message({"type": "join", "code": session.code, "name": "Ada"})
        assert bo.message.startswith("refused: Ada already has a seat in this class")
        for _ in range(3):
            guesser.handle_message({"type": "join", "code": "BCDF-000", "name": "Eve"})
        assert "3 wrong codes: wait 2 s" in guesser.message
        guesser.handle_message({"type": "join", "code": session.code, "name": "Eve"})
        assert guesser.message.startswith("refused: too many wrong codes")  # even the right one
        now[0] += 3
        desk.end_session(session.id)
        bo.handle_message({"type": "join", "code": session.code, "name": "Bo"})
        assert bo.message == f"refused: no open class with code {session.code}"
    finally:
        for lobby in (ada, bo, guesser):
            lobby.close()
        desk.close()
