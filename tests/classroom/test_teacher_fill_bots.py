"""Bots take the empty seats of a class's rooms, from the teacher page: one room or all,
only once the teacher key is given, only the class's own rooms."""

from __future__ import annotations

from cipherkit.classroom import Classroom, RoomPlan
from cipherkit.widgets.teacher import TeacherDesk
from tests.classroom.conftest import KEY


def test_bots_take_the_empty_seats_of_one_room_or_all(desk: Classroom) -> None:
    session = desk.start_session("Year 9")
    codes = desk.make_rooms(session.id, RoomPlan("intercept", 3, 4, 4))
    page = TeacherDesk(classroom=desk, refresh=0)
    first = desk.store.room(codes[0]).id
    page.handle_message({"type": "fill_bots", "room": first})
    assert page.message == "refused: enter the teacher key first"
    assert [s["bot"] for s in desk.store.room(first).info()["seats"]] == [None] * 4
    page.handle_message({"type": "unlock", "key": KEY})
    page.handle_message({"type": "continue", "session": session.code})
    desk.store.join(codes[0], "Ada", team="white")
    desk.store.join(codes[0], "Bo", team="black")
    page.handle_message({"type": "fill_bots", "room": first})
    assert page.message == ""
    rooms = page.view["rooms"]
    assert [r["free_seats"] for r in rooms] == [0, 4, 4]
    assert [p["name"] for p in rooms[0]["people"]] == ["Ada", "Bo"]
    seats = desk.store.room(first).info()["seats"]
    assert sorted(s["bot"] is None for s in seats) == [False, False, True, True]
    people = {s["seat"] for s in seats if s["bot"] is None}
    assert set(desk.store.room(first).info()["actors"]) <= people  # no bot left to move
    other = desk.start_session("Other class")
    elsewhere = desk.make_rooms(other.id, RoomPlan.parse("decipher pair"))
    page.handle_message({"type": "fill_bots", "room": elsewhere[0]})
    assert page.message.startswith("refused: room") and "not one of this class's rooms" in (
        page.message
    )
    page.handle_message({"type": "close_room", "room": rooms[2]["id"]})
    page.handle_message({"type": "fill_bots_all"})
    assert [r["free_seats"] for r in page.view["rooms"]] == [0, 0, 4]  # closed: untouched
    assert desk.store.room(elsewhere[0]).info()["seats"][0]["bot"] is None
    page.handle_message({"type": "fill_bots_all", "room": first})
    assert page.message == "refused: a fill_bots_all message has the fields type"
    page.close()
