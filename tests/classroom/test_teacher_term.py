"""The teacher page's term messages (issue #46) in the kernel: the roster, the next
round, moves and renames, homework, every session's results; forged messages are
refused with a reason and change nothing."""

from __future__ import annotations

import json
from typing import Any

from cipherkit.classroom import Classroom
from cipherkit.classroom.seating import seat_student
from cipherkit.core.record import Record
from cipherkit.widgets.teacher import TeacherDesk
from tests.classroom.conftest import KEY

ROSTER = "id,name,email\n1,Ada,ada@x.example\n2,Bo,\n3,Cy,\n4,Di,\n"


def page_with_class(desk: Classroom) -> TeacherDesk:
    page = TeacherDesk(classroom=desk, refresh=0)
    page.handle_message({"type": "unlock", "key": KEY})
    page.handle_message({"type": "start", "title": "Monday", "class": "Year 9"})
    assert page.message == "" and page.view["class"]["name"] == "Year 9"
    return page


def seen(desk: Classroom) -> Any:
    """Everything a forged message must leave as it was."""
    rooms = [
        (r["id"], r["status"], [s["name"] for s in r["seats"]]) for r in desk.store.rooms(False)
    ]
    return rooms, [s.to_json() for s in desk.groups.roster("Year 9", removed=True)]


def test_roster_rounds_moves_and_results_from_the_page(desk: Classroom) -> None:
    page = page_with_class(desk)
    try:
        page.handle_message({"type": "roster_import", "text": ROSTER + "5,Аda,\n,Eve,\n"})
        assert page.message.startswith("4 added, 0 updated; 2 rows left out: row 6: 'Аda'")
        assert [s["name"] for s in page.view["class"]["roster"]] == ["Ada", "Bo", "Cy", "Di"]
        page.handle_message({"type": "make", "game": "decipher", "rooms": 3, "players": 2,
                             "people": 2})  # fmt: skip
        code = page.view["session"]["code"]
        seated = {n: seat_student(desk, code, n) for n in ("Ada", "Bo", "Cy", "Di")}
        page.handle_message({"type": "start_rooms"})
        rooms = {r["code"]: r["id"] for r in page.view["rooms"]}
        empty = next(i for c, i in rooms.items() if c not in {h.code for h in seated.values()})
        before = seen(desk)
        for forged in (
            {"type": "next_round", "shuffle": "yes"},
            {"type": "move", "room": rooms[seated["Ada"].code], "seat": "0", "to_room": empty},
            {"type": "move", "room": rooms[seated["Ada"].code], "seat": 7, "to_room": empty},
            {"type": "move", "room": "no-such-room", "seat": 0, "to_room": empty},
            {"type": "rename", "room": rooms[seated["Bo"].code], "seat": seated["Bo"].seat,
             "name": "Аda"},
            {"type": "roster_remove", "id": "99"},
            {"type": "bots_replace", "on": 1},
            {"type": "assign", "lesson": "../../etc/passwd", "due": "3d"},
            {"type": "assign", "lesson": "no-such-lesson", "due": "3d"},
            {"type": "assign", "lesson": "01-caesar-and-brute-force", "due": "yesterday"},
            {"type": "past", "session": "nope"},
            {"type": "roster_import", "text": "x" * 300_000},
        ):  # fmt: skip
            page.handle_message(forged)
            assert page.message.startswith("refused:"), (forged, page.message)
            assert seen(desk) == before, forged
        page.handle_message({"type": "move", "room": rooms[seated["Ada"].code],
                             "seat": seated["Ada"].seat, "to_room": empty})  # fmt: skip
        assert page.message.startswith("moved to room")
        page.handle_message({"type": "assign", "lesson": "01-caesar-and-brute-force",
                             "due": "3d"})  # fmt: skip
        (work,) = page.view["class"]["homework"]
        assert work["of"] == 4 and work["done"] == 0 and "#homework=" in work["link"]
        page.handle_message({"type": "next_round", "shuffle": True})
        assert page.message.startswith("next round: seats kept for 4 students")
        ended = page.view["session"]["id"]
        page.handle_message({"type": "end"})
        assert page.view["session"] is None and page.view["past"]["session"]["id"] == ended
        assert len(page.view["past"]["results"]) == 6  # both rounds' rooms
        assert [s["status"] for s in page.view["sessions"] if s["id"] == ended] == ["ended"]
        sent: list[Any] = []
        page.send = sent.append  # type: ignore[method-assign]
        page.handle_message({"type": "export", "what": "students", "session": ended})
        assert sent[-1]["type"] == "download" and "student_id" in sent[-1]["text"]
        page.handle_message({"type": "export", "what": "records", "session": ended})
        records = json.loads(sent[-1]["text"])  # the page's export has the records too
        assert sent[-1]["name"].endswith("-records.json") and len(records) == 6
        assert all(Record.from_json(r).game == "decipher" for r in records.values())
    finally:
        page.close()


def test_a_pass_cannot_touch_the_roster_homework_or_other_sessions(desk: Classroom) -> None:
    from cipherkit.classroom import passes

    page = page_with_class(desk)
    session = page.view["session"]["id"]
    token = passes.grant(desk, session, "resume")
    reopened = TeacherDesk(classroom=desk, refresh=0)
    try:
        reopened.handle_message({"type": "resume", "token": token})
        assert reopened.view["session"]["id"] == session and reopened.view["sessions"] == []
        for kind in (
            {"type": "roster_import", "text": ROSTER},
            {"type": "roster_add", "id": "9", "name": "Mallory", "email": ""},
            {"type": "assign", "lesson": "01-caesar-and-brute-force", "due": "3d"},
            {"type": "past", "session": session},
        ):
            reopened.handle_message(kind)
            assert reopened.message.startswith("refused: this page was reopened"), kind
        assert desk.groups.roster("Year 9") == []
    finally:
        reopened.close()
        page.close()


def test_a_mission_room_plays_the_mission_chosen_from_the_gallery(desk: Classroom) -> None:
    from cipherkit.publish.contents import room_contents

    page = TeacherDesk(classroom=desk, refresh=0, contents=room_contents())
    try:
        page.handle_message({"type": "unlock", "key": KEY})
        page.handle_message({"type": "start", "title": "Missions"})
        offered = {c["id"]: c["label"] for c in page.view["contents"]["mission"]}
        assert offered["signal-box"] == "Night at the Signal Box" and len(offered) >= 9
        make = {"type": "make", "game": "mission", "rooms": 1, "players": 2, "people": 2}
        before = seen(desk)
        for forged in ("../../etc/passwd", "no-such-mission", 7):
            page.handle_message({**make, "content": forged})
            assert page.message.startswith("refused:") and seen(desk) == before, forged
        page.handle_message({**make, "game": "decipher", "content": "signal-box"})
        assert page.message.startswith("refused: this gallery offers no") and seen(desk) == before
        page.handle_message({**make, "content": "signal-box"})
        assert page.message == ""
        (room,) = desk.store.rooms()
        assert desk.store.row(room["id"]).config["mission"]["id"] == "signal-box"
        page.handle_message(make)  # without a choice: the usual (demo) mission
        ids = sorted(desk.store.row(r["id"]).config["mission"]["id"] for r in desk.store.rooms())
        assert ids == ["demo", "signal-box"]
    finally:
        page.close()
