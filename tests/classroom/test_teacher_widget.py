"""The teacher desk and the exercise box in a class, driven by the page's messages."""

from __future__ import annotations

import json
import threading
from pathlib import Path
from typing import Any

import pytest

from cipherkit.ciphers.exercises import make_check
from cipherkit.classroom import Classroom, RoomPlan
from cipherkit.widgets.exercises import ExerciseBox
from cipherkit.widgets.teacher import TeacherDesk
from tests.classroom.conftest import KEY


def test_locked_desk_shows_nothing_and_slows_wrong_keys(desk: Classroom) -> None:
    session = desk.start_session("Secret class name")
    desk.make_rooms(session.id, RoomPlan.parse("1 decipher pair"))
    now = [100.0]
    page = TeacherDesk(classroom=desk, refresh=0, clock=lambda: now[0])
    for message in (
        {"type": "continue", "session": session.code},
        {"type": "watch", "room": desk.room_ids(session.id)[0]},
        {"type": "start", "title": "x"},
        {"type": "end"},
    ):
        page.handle_message(message)
        assert page.message == "refused: enter the teacher key first"
    page.set_state({"view": {"locked": False, "session": {"code": "X"}}})
    assert page.view == {"locked": True}
    for _ in range(3):
        page.handle_message({"type": "unlock", "key": "not-the-key-at-all"})
    assert "wait 2 s" in page.message
    page.handle_message({"type": "unlock", "key": KEY})  # even the right key waits
    assert page.message.startswith("refused: too many wrong keys")
    state = json.dumps({"view": page.view, "message": page.message})
    assert "Secret class name" not in state and session.code not in state
    now[0] += 3
    page.handle_message({"type": "unlock", "key": KEY})
    assert page.message == "" and page.view["locked"] is False
    page.handle_message({"type": "continue", "session": session.code})
    assert page.view["session"]["title"] == "Secret class name"
    assert len(page.view["rooms"]) == 1
    page.close()


def test_desk_makes_watches_closes_and_ends(desk: Classroom) -> None:
    page = TeacherDesk(classroom=desk, refresh=0)
    page.handle_message({"type": "unlock", "key": KEY})
    page.handle_message({"type": "make", "game": "decipher", "rooms": 1, "players": 2, "people": 2})
    assert page.message == "refused: start a class session first"
    page.handle_message({"type": "start", "title": "Year 9"})
    page.handle_message(
        {"type": "make", "game": "intercept", "rooms": 2, "players": 4, "people": 2}
    )
    page.handle_message(
        {"type": "make", "game": "intercept", "rooms": 99, "players": 4, "people": 2}
    )
    assert page.message == "refused: make 1 to 40 rooms at a time, not 99"
    rooms = page.view["rooms"]
    assert [r["free_seats"] for r in rooms] == [2, 2] and rooms[0]["progress"] == "round 1"
    watched: list[str | None] = []
    page.on_watch(watched.append)
    page.handle_message({"type": "watch", "room": rooms[0]["id"]})
    assert watched == [rooms[0]["code"]] and page.view["watching"] == rooms[0]["code"]
    other = desk.start_session("Other class")
    elsewhere = desk.make_rooms(other.id, RoomPlan.parse("decipher pair"))
    page.handle_message({"type": "watch", "room": elsewhere[0]})
    assert page.message == "refused: that room is not one of this class's rooms"
    page.handle_message({"type": "close_room", "room": rooms[0]["id"]})
    assert watched[-1] is None and page.view["rooms"][0]["status"] == "closed"
    page.handle_message({"type": "end"})
    assert page.view["session"] is None
    assert [r["status"] for r in desk.results(desk.sessions()[-1].id)] == ["closed", "closed"]
    page.close()


def test_exercise_box_counts_attempts_in_a_class(desk: Classroom) -> None:
    session = desk.start_session("Lesson day")
    salt, digest = make_check("hello", salt="salt-9f3e1")
    box = ExerciseBox("Decrypt KHOOR", salt, digest, classroom=desk)
    box.check("nope")  # not in a class: not counted
    box.join_class("TIGER-00000-MOSS", "Ada", "/voila/render/lessons/01-caesar.ipynb")
    assert box.message.startswith("not in a class: no class with code")
    box.join_class(session.code.lower(), "Ada", "/voila/render/lessons/01-caesar.ipynb")
    assert box.view["class"] == {
        "code": session.code,
        "title": "Lesson day",
        "name": "Ada",
        "late": False,  # a live lesson is never late (homework may be)
    }
    box.check("help")
    box.check("hello")
    attempts = desk.attempts(session.id)
    assert [(a.student, a.lesson, a.exercise, a.correct) for a in attempts] == [
        ("Ada", "01-caesar", "Decrypt KHOOR", False),
        ("Ada", "01-caesar", "Decrypt KHOOR", True),
    ]
    assert salt not in json.dumps(box.view) and digest not in json.dumps(box.view)
    desk.end_session(session.id)
    box.check("hello")
    assert box.message == "not counted in the class: the class Lesson day has ended"
    assert box.view["class"] is None
    box.handle_message({"type": "class", "code": "X", "name": "Ada", "page": "p", "more": 1})
    assert box.message == "refused: the page may only send an answer to check"
    box.close()


def test_teacher_page_watches_a_room_as_a_spectator(desk: Classroom) -> None:
    from cipherkit.widgets.teacher import TeacherPage

    page = TeacherPage(classroom=desk)
    page.desk._refresh = 0  # no live thread in this test
    page.desk.handle_message({"type": "unlock", "key": KEY})
    page.desk.handle_message({"type": "start", "title": "Watching"})
    for game, players in (("decipher", 2), ("intercept", 4)):
        page.desk.handle_message(
            {"type": "make", "game": game, "rooms": 1, "players": players, "people": players}
        )
    decipher, intercept = page.desk.view["rooms"]
    page.desk.handle_message({"type": "watch", "room": decipher["id"]})
    assert type(page.table).__name__ == "DecipherTable" and len(page.children) == 2
    page.desk.handle_message({"type": "watch", "room": intercept["id"]})
    assert page.desk.message == "" and type(page.table).__name__ == "InterceptTable"
    assert page.table.view["you"]["spectator"] and len(page.children) == 2
    assert all(team["keywords"] is None for team in page.table.view["teams"])
    page.desk.handle_message({"type": "watch", "room": decipher["id"]})
    page.close()
    assert page.table is None
    for thread in threading.enumerate():  # the tables' live threads end before the store
        if thread.name.startswith("cipherkit-room-"):
            thread.join(10)


def test_exercise_box_without_a_class_store_names_no_server_file(tmp_path: Path) -> None:
    import cipherkit.widgets.exercises as exercises

    salt, digest = make_check("hello", salt="salt-77")
    box = ExerciseBox("Decrypt KHOOR", salt, digest)
    before = exercises._classroom
    exercises._classroom = None
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("CIPHERKIT_STORE", f"sqlite:///{tmp_path}/missing/none.db")
        box.join_class("TIGER-00000-MOSS", "Ada", "/voila/render/lessons/x.ipynb")
    exercises._classroom = before
    assert box.message == "not in a class: the class store cannot be reached"
    assert str(tmp_path) not in json.dumps(box.view)
    assert box.check("hello") == "✓ correct"
    box.close()


def test_desk_exports_the_open_session_to_this_page_only(
    desk: Classroom, monkeypatch: pytest.MonkeyPatch
) -> None:
    import csv
    import io

    session = desk.start_session("Year 9")
    desk.record_attempt(session.code, "Ada", "01-caesar", "q1", True)
    page = TeacherDesk(classroom=desk, refresh=0)
    sent: list[dict[str, object]] = []
    monkeypatch.setattr(page, "send", lambda content, buffers=None: sent.append(content))
    page.handle_message({"type": "export", "what": "students"})
    assert page.message == "refused: enter the teacher key first" and sent == []
    page.handle_message({"type": "unlock", "key": KEY})
    page.handle_message({"type": "export", "what": "students"})
    assert page.message == "refused: start a class session first" and sent == []
    page.handle_message({"type": "continue", "session": session.code})
    # (reopening a session sends the page its one-time stay token: issue #31 item 7)
    (stay,) = sent
    assert stay["type"] == "stay" and KEY not in str(stay)
    sent.clear()
    page.handle_message({"type": "export", "what": "../../etc/passwd"})
    assert page.message == "refused: export one of students, rooms, attempts, records"
    assert sent == []
    page.handle_message({"type": "export", "what": "students"})
    assert page.message == ""
    (download,) = sent
    assert download["type"] == "download" and download["name"] == f"{session.code}-students.csv"
    text = str(download["text"])
    (row,) = csv.DictReader(io.StringIO(text.removeprefix("\ufeff")))
    assert (row["student"], row["exercises_solved"]) == ("Ada", "1")
    page.close()


def test_desk_starts_rooms_and_manages_seats(desk: Classroom) -> None:
    from cipherkit.classroom.seating import seat_student
    from cipherkit.rooms import SeatGone

    page = TeacherDesk(classroom=desk, refresh=0)
    page.handle_message({"type": "unlock", "key": KEY})
    page.handle_message({"type": "start", "title": "Year 9"})
    # one person and three bots a room: Black's encryptor is a bot, who writes at once
    page.handle_message(
        {"type": "make", "game": "intercept", "rooms": 2, "players": 4, "people": 1}
    )
    session = page.view["session"]
    rooms = page.view["rooms"]
    assert [r["held"] for r in rooms] == [True, True]
    assert rooms[0]["free_by_team"] == {"white": 1, "black": 0}
    ada = seat_student(desk, session["code"], "Ada")
    bo = seat_student(desk, session["code"], "Bo")
    ids = [r["id"] for r in rooms]
    assert [desk.store.room(i).version for i in ids] == [0, 0]  # the bots wait too
    page.handle_message({"type": "start_rooms"})
    assert page.message == "" and [r["held"] for r in page.view["rooms"]] == [False, False]
    assert all(desk.store.room(i).version > 0 for i in ids)  # Black's bots wrote clues
    first = next(r for r in page.view["rooms"] if r["code"] == ada.code)
    assert [p["name"] for p in first["seated"]] == ["Ada"]
    page.handle_message({"type": "give_seat", "room": first["id"], "seat": ada.seat})
    first = next(r for r in page.view["rooms"] if r["code"] == ada.code)
    assert page.message == "" and first["reserved"] == ["Ada"] and first["seated"] == []
    with pytest.raises(SeatGone):
        desk.store.resume(ada.token)
    again = seat_student(desk, session["code"], "Ada")  # the new device
    assert (again.code, again.seat) == (ada.code, ada.seat)
    second = next(r for r in page.view["rooms"] if r["code"] == bo.code)
    page.handle_message({"type": "remove", "room": second["id"], "seat": bo.seat})
    second = next(r for r in page.view["rooms"] if r["code"] == bo.code)
    assert page.message == "" and second["seated"] == []
    page.handle_message({"type": "remove", "room": second["id"], "seat": bo.seat})
    assert page.message == "refused: nobody sits there"
    page.handle_message({"type": "remove", "room": second["id"], "seat": "1"})
    assert page.message == "refused: seat must be a whole number"
    page.close()


def test_a_live_desk_shows_changes_without_waiting_for_its_refresh(desk: Classroom) -> None:
    """With a full redraw only every minute, a student sitting down and a move still
    reach the teacher's view: the desk looks at a cheap fingerprint of the class."""
    import time

    from cipherkit.classroom.seating import seat_student

    page = TeacherDesk(classroom=desk, refresh=60)
    try:
        page.handle_message({"type": "unlock", "key": KEY})
        page.handle_message({"type": "start", "title": "Live"})
        page.handle_message(
            {"type": "make", "game": "decipher", "rooms": 1, "players": 2, "people": 2}
        )
        page.handle_message({"type": "start_rooms"})
        code = page.view["session"]["code"]

        def shown(test: Any) -> bool:
            deadline = time.monotonic() + 10
            while time.monotonic() < deadline:
                if test(page.view["rooms"][0]):
                    return True
                time.sleep(0.05)
            return False

        ada = seat_student(desk, code, "Ada")
        assert shown(lambda r: [p["name"] for p in r["seated"]] == ["Ada"])
        bo = seat_student(desk, code, "Bo")
        assert shown(lambda r: len(r["seated"]) == 2)
        mover = next(s for s in (ada, bo) if s.legal_actions())
        mover.act(mover.legal_actions()[0])
        assert shown(lambda r: r["version"] == 1)
    finally:
        page.close()
