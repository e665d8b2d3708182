"""A class across a term (issue #46): the roster, rounds, homework and the gradebook.

Every test runs the real classroom on a real store (SQLite here; the PostgreSQL runs
are in test_gradebook and test_classroom), and the commands as a teacher types them.
"""

from __future__ import annotations

import csv
import io
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

from cipherkit.classroom import ClassError, Classroom, RoomPlan
from cipherkit.classroom.export import export_texts
from cipherkit.classroom.groups import NotOnRoster
from cipherkit.classroom.homework import assign
from cipherkit.classroom.roster import read_roster
from cipherkit.classroom.rounds import next_round
from cipherkit.classroom.seating import seat_student
from tests.servers import wait_for

GOOD = "student id,name,email\n1001,Ada Lovelace,ada@school.example\n1002,Пётр Иванов,\n"


def cli(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "cipherkit.cli", "class", *args],
        capture_output=True,
        text=True,
        check=False,
    )


def rows(text: str) -> list[dict[str, str]]:
    return list(csv.DictReader(io.StringIO(text.removeprefix("\ufeff"))))


@pytest.mark.parametrize(
    ("text", "problems"),
    [
        ("id,name\n1,Ada\n,Bo\n", ["row 3: no student id"]),
        ("id,name\n1,Ada\n1,Bo\n", ["row 3: student id 1 is also on row 2"]),
        ("id,name\n1,Ada\n2,\n", ["row 3: no name"]),
        ("id,name\n1,Ada\n2,Аda\n",
         ["row 3: 'Аda' looks like 'Ada' (a letter from another alphabet?)"]),
        ("id,name,email\n1,Ada,not-an-address\n",
         ["row 2: 'not-an-address' is not an email address"]),
        ("name,email\nAda,a@b.example\n",
         ["row 1: no column of student ids (id, student id, sis user id)"]),
        ("", ["the file holds no rows"]),
    ],
)  # fmt: skip
def test_a_bad_roster_row_gets_one_sentence_and_the_good_rows_stay(
    text: str, problems: list[str]
) -> None:
    found = read_roster(text)
    assert found.problems == problems
    kept = [s.name for s in found.students]  # the good rows stay
    assert kept == (["Ada"] if text.startswith("id,name\n1,Ada") else [])


@pytest.mark.parametrize(
    "text",
    [
        "\ufeffid;name;email\n1001;Ada Lovelace;ada@school.example\n1002;Пётр Иванов;\n",
        "id\tname\temail\n1001\tAda Lovelace\tada@school.example\n1002\tПётр Иванов\t\n",
        "1001,Ada Lovelace,ada@school.example\n1002,Пётр Иванов,\n",  # no header
        GOOD,
    ],
)
def test_a_bom_semicolons_tabs_or_no_header_read_the_same(text: str) -> None:
    found = read_roster(text)
    assert found.problems == []
    assert [s.to_json() for s in found.students] == [
        {"student_id": "1001", "name": "Ada Lovelace", "email": "ada@school.example"},
        {"student_id": "1002", "name": "Пётр Иванов", "email": ""},
    ]


def test_roster_import_from_the_terminal_loses_nothing(tmp_path: Path) -> None:
    store = f"sqlite:///{tmp_path / 'rooms.db'}"
    first = tmp_path / "roster.csv"
    first.write_text(GOOD, encoding="utf-8")
    done = cli("roster", "import", str(first), "--class", "Year 9", "--store", store)
    assert done.returncode == 0, done.stderr
    assert "Year 9: 2 added, 0 updated, 0 rows refused" in done.stdout
    fixed = tmp_path / "fixed.csv"  # a second file: one update, one new, two bad rows
    fixed.write_text(
        "id,name,email\n1001,Ada King,ada@school.example\n1003,Bo,\n1004,Bo,\n,Cy,\n",
        encoding="utf-8",
    )
    done = cli("roster", "import", str(fixed), "--class", "year 9", "--store", store)
    assert done.returncode == 1
    assert f"{fixed}: row 5: no student id" in done.stdout
    assert "'Bo' is already on the roster of Year 9" in done.stdout
    assert "1 added, 1 updated, 2 rows refused" in done.stdout
    listed = cli("roster", "list", "--class", "Year 9", "--store", store, "--json")
    names = [(s["student_id"], s["name"]) for s in __import__("json").loads(listed.stdout)]
    assert names == [("1001", "Ada King"), ("1002", "Пётр Иванов"), ("1003", "Bo")]
    gone = cli("roster", "remove", "1003", "--class", "Year 9", "--store", store)
    assert gone.returncode == 0 and "took Bo (1003) off the roster" in gone.stdout
    missing = cli("roster", "import", str(tmp_path / "nope.csv"), "--class", "Y", "--store", store)
    assert missing.returncode == 1 and missing.stderr.strip().endswith("no such roster file")
    assert "Traceback" not in missing.stderr
    latin1 = tmp_path / "latin1.csv"
    latin1.write_bytes("id,name\n1,Zoë\n".encode("latin-1"))
    done = cli("roster", "import", str(latin1), "--class", "Y", "--store", store)
    assert done.returncode == 1 and "not UTF-8 text" in done.stderr


def test_a_roster_class_names_its_students_and_refuses_others(desk: Classroom) -> None:
    desk.groups.import_text("Year 9", GOOD)
    session = desk.start_session("Monday", class_name="Year 9")
    with pytest.raises(NotOnRoster, match="Mallory is not on the roster of Year 9"):
        desk.record_attempt(session.code, "Mallory", "01", "q1", True)
    # "Аda Lovelace" typed with a Cyrillic А is Ada, not a second student
    attempt = desk.record_attempt(session.code, "Аda lovelace", "01", "q1", True)
    assert (attempt.student, attempt.student_id) == ("Ada Lovelace", "1001")
    with pytest.raises(ClassError, match="looks like 'Ada Lovelace'"):
        desk.groups.add("Year 9", "1009", "Ada Lovеlace")  # a Cyrillic е
    texts = export_texts(desk, session.id)
    people = rows(texts["students.csv"])
    assert [(p["student_id"], p["email"], p["student"]) for p in people] == [
        ("1001", "ada@school.example", "Ada Lovelace"),
        ("1002", "", "Пётр Иванов"),  # absent, still a row
    ]
    assert people[1]["exercises_tried"] == "0" and people[1]["01 · q1 solved"] == "0"


def test_without_a_roster_a_look_alike_name_is_refused(desk: Classroom) -> None:
    session = desk.start_session("Drop-in")
    desk.record_attempt(session.code, "Ada", "01", "q1", True)
    with pytest.raises(ClassError, match="'Аda' looks like 'Ada'"):
        desk.record_attempt(session.code, "Аda", "01", "q1", True)
    assert [a.student for a in desk.attempts(session.id)] == ["Ada"]


def test_two_rounds_with_one_class_code(desk: Classroom) -> None:
    session = desk.start_session("Rounds")
    first = desk.make_rooms(session.id, RoomPlan("decipher", rooms=2, players=2, people=2))
    names = ["Ada", "Bo", "Cy", "Di"]
    seated = {n: seat_student(desk, session.code, n) for n in names}
    with pytest.raises(ClassError, match="already has a seat"):
        seat_student(desk, session.code, "Ada")
    kept = next_round(desk, session.id)  # same tables, same seats
    assert set(kept) == set(names)
    assert all(kept[n][1] == seated[n].seat for n in names)
    assert len({kept[n][0] for n in names}) == 2 and not {kept[n][0] for n in names} & set(first)
    again = {n: seat_student(desk, session.code, n) for n in names}
    assert {n: (h.code, h.seat) for n, h in again.items()} == kept
    old = [r for r in desk.results(session.id) if r["code"] in first]
    assert [r["status"] for r in old] == ["closed", "closed"] and all(r["record_kept"] for r in old)
    shuffled = next_round(desk, session.id, shuffle=True, seed=1)
    assert set(shuffled) == set(names) and shuffled != kept
    desk.end_session(session.id)
    with pytest.raises(ClassError, match="has ended"):
        next_round(desk, session.id)


def test_a_removed_student_is_replaced_by_a_bot_unless_turned_off(desk: Classroom) -> None:
    session = desk.start_session("Bots", class_name="Year 9")
    desk.make_rooms(session.id, RoomPlan("decipher", rooms=2, players=2, people=2))
    ada = seat_student(desk, session.code, "Ada")
    bo = seat_student(desk, session.code, "Bo")
    assert ada.code == bo.code
    desk.remove_student(session.id, desk.store.room(ada.code).id, bo.seat)
    seats = desk.store.room(ada.code).info()["seats"]
    assert seats[bo.seat]["bot"] and seats[bo.seat]["name"] != "Bo"
    desk.groups.set_bots_replace("Year 9", False)
    cy = seat_student(desk, session.code, "Cy")
    di = seat_student(desk, session.code, "Di")
    desk.remove_student(session.id, desk.store.room(cy.code).id, di.seat)
    seats = desk.store.room(cy.code).info()["seats"]
    assert not seats[di.seat]["bot"] and not seats[di.seat]["taken"]


def test_homework_counts_until_due_then_late_and_only_with_its_link(desk: Classroom) -> None:
    desk.groups.import_text("Year 9", GOOD)
    # due in 10 s: the checks before it take seconds on a busy machine
    work = assign(desk, "Year 9", "lessons/01-caesar-and-brute-force.ipynb", due=time.time() + 10)
    assert work.lesson == "01-caesar-and-brute-force" and len(work.token) >= 24
    on_time = desk.record_attempt(work.code, "Ada Lovelace", work.lesson, "q1", True,
                                  homework=work.token)  # fmt: skip
    assert not on_time.late
    for forged in ("", work.token[:-1] + "x", None):
        with pytest.raises(ClassError, match="homework link is not right"):
            desk.record_attempt(work.code, "Ada Lovelace", work.lesson, "q2", True,
                                homework=forged)  # type: ignore[arg-type]  # fmt: skip
    with pytest.raises(NotOnRoster):
        desk.record_attempt(work.code, "Mallory", work.lesson, "q1", True, homework=work.token)
    time.sleep(max(0.0, work.due - time.time()) + 0.1)
    late = desk.record_attempt(work.code, "Пётр Иванов", work.lesson, "q1", True,
                               homework=work.token)  # fmt: skip
    assert late.late
    people = {p["student"]: p for p in rows(export_texts(desk, work.session_id)["students.csv"])}
    assert people["Ada Lovelace"]["exercises_late"] == "0"
    assert people["Пётр Иванов"]["exercises_late"] == "1"
    assert people["Пётр Иванов"]["01-caesar-and-brute-force · q1 late"] == "1"
    with pytest.raises(ClassError, match="has passed already"):
        assign(desk, "Year 9", "01-caesar-and-brute-force", due=time.time() - 1)


def test_assign_and_sessions_from_the_terminal(tmp_path: Path) -> None:
    store = f"sqlite:///{tmp_path / 'rooms.db'}"
    done = cli("assign", "02-substitution-and-frequency", "--class", "Year 9", "--due", "2d",
               "--store", store, "--base", "https://class.example")  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert "https://class.example/voila/render/lessons/02-substitution-and-frequency.ipynb" \
        "#homework=" in done.stdout  # fmt: skip
    listed = cli("sessions", "--store", store)
    assert listed.returncode == 0 and "Homework: 02-substitution-and-frequency" in listed.stdout
    assert "1 class sessions" in listed.stdout
    bad = cli("assign", "x", "--class", "Year 9", "--due", "soon", "--store", store)
    assert bad.returncode == 1 and "a due time is a date and time" in bad.stderr
    bad = cli("assign", "../../etc/passwd", "--class", "Year 9", "--due", "2d", "--store", store)
    assert bad.returncode == 1 and "is not a lesson page's name" in bad.stderr


def test_a_lesson_box_counts_homework_only_from_its_link(desk: Classroom) -> None:
    from cipherkit.ciphers.exercises import make_check
    from cipherkit.widgets.exercises import ExerciseBox

    desk.groups.import_text("Year 9", GOOD)
    work = assign(desk, "Year 9", "01-caesar-and-brute-force", due=time.time() + 60)
    box = ExerciseBox("Decrypt KHOOR", *make_check("hello", salt="s"), classroom=desk)
    page = "/voila/render/lessons/01-caesar-and-brute-force.ipynb"
    join = {"type": "class", "code": work.code, "name": "ada LOVELACE", "page": page}
    box.handle_message({**join, "homework": "not-the-token"})
    assert box.view["class"] is None and "homework link is not right" in box.message
    box.handle_message(join)  # no token at all: the class code alone is not enough
    assert box.view["class"] is None and "homework link is not right" in box.message
    box.handle_message({**join, "name": "Mallory", "homework": work.token})
    assert box.view["class"] is None and "not on the roster of Year 9" in box.message
    box.handle_message({**join, "homework": work.token})
    assert box.view["class"]["name"] == "Ada Lovelace" and not box.view["class"]["late"]
    box.check("hello")
    (attempt,) = desk.attempts(work.session_id)
    assert (attempt.student_id, attempt.correct, attempt.late) == ("1001", True, False)
    box.close()


def test_play_together_pages_follow_the_class_to_the_next_round_and_a_move(
    desk: Classroom,
) -> None:
    from cipherkit.widgets.lobby import Lobby

    session = desk.start_session("Follow")
    desk.make_rooms(session.id, RoomPlan("decipher", rooms=2, players=2, people=2))
    pages = {name: Lobby(store=desk.store) for name in ("Ada", "Bo", "Cy")}
    try:
        for name, page in pages.items():
            page.handle_message({"type": "join", "code": session.code, "name": name})
            assert page.view["stage"] == "seated", page.message
        ada = pages["Ada"]
        first = ada.view["code"]
        kept = next_round(desk, session.id)  # the teacher's one click
        for name, page in pages.items():
            assert wait_for(lambda p=page, n=name: p.view.get("code") == kept[n][0]), name
            assert page.view["seat"]["seat"] == kept[name][1]
        assert ada.message == f"Your teacher seated you in room {kept['Ada'][0]}: play on there."
        assert ada.view["code"] != first
        # moved mid-round to the room with a free seat: the page follows, Bo gets a bot
        cy_room = desk.store.room(kept["Cy"][0]).id
        code, seat = desk.move_student(session.id, desk.store.room(kept["Bo"][0]).id,
                                       kept["Bo"][1], cy_room)  # fmt: skip
        assert wait_for(lambda: pages["Bo"].view.get("code") == code)
        assert pages["Bo"].view["seat"]["seat"] == seat
        old = desk.store.room(kept["Ada"][0]).info()["seats"]
        assert old[kept["Bo"][1]]["bot"]
        renamed = desk.rename_student(session.id, cy_room, seat, "Bo B.")
        assert renamed == "Bo B."
        assert [s["name"] for s in desk.store.room(cy_room).info()["seats"]][seat] == "Bo B."
        # a removed student's page does not follow anywhere
        desk.remove_student(session.id, cy_room, kept["Cy"][1])
        assert wait_for(lambda: "took you out" in pages["Cy"].table.message)  # type: ignore[union-attr]
        assert pages["Cy"].view["code"] == kept["Cy"][0]
    finally:
        for page in pages.values():
            page.close()


def test_a_rename_that_looks_like_another_student_is_refused(desk: Classroom) -> None:
    desk.groups.import_text("Year 9", "id,name\n1,Ada\n2,Bo\n3,Cy\n4,Di\n")
    session = desk.start_session("Names", class_name="Year 9")
    desk.make_rooms(session.id, RoomPlan("decipher", rooms=2, players=2, people=2))
    seated = {n: seat_student(desk, session.code, n) for n in ("Ada", "Bo", "Cy")}
    bo = seated["Bo"]
    room = desk.store.room(bo.code).id
    for name in ("Аda", "Di", "ada"):  # a Cyrillic А; another roster student; Ada
        with pytest.raises(ClassError):
            desk.rename_student(session.id, room, bo.seat, name)
    names = [s["name"] for s in desk.store.room(bo.code).info()["seats"]]
    assert names[bo.seat] == "Bo" and [s.name for s in desk.groups.roster("Year 9")][1] == "Bo"
    desk.rename_student(session.id, room, bo.seat, "Bo B.")
    assert [s.name for s in desk.groups.roster("Year 9")][1] == "Bo B."


def test_a_canvas_gradebook_export_reads_as_a_roster() -> None:
    text = (
        "Student,ID,SIS User ID,SIS Login ID,Section\n"
        "    Points Possible,,,,\n"
        '"Lovelace, Ada",4711,S-001,alovelace,Year 9\n'
        '"Dubois, Chloé",4712,S-002,chloe@school.example,Year 9\n'
    )
    found = read_roster(text)
    assert found.problems == []
    assert [(s.student_id, s.name) for s in found.students] == [
        ("S-001", "Lovelace, Ada"),
        ("S-002", "Dubois, Chloé"),
    ]


def test_a_removed_or_moved_students_game_stays_in_their_results(desk: Classroom) -> None:
    desk.groups.import_text("Year 9", "id,name\n1,Ada\n2,Bo\n3,Cy\n")
    session = desk.start_session("Stays", class_name="Year 9")
    desk.make_rooms(session.id, RoomPlan("decipher", rooms=2, players=2, people=2))
    ada = seat_student(desk, session.code, "Ada")
    bo = seat_student(desk, session.code, "Bo")
    cy = seat_student(desk, session.code, "Cy")
    desk.remove_student(session.id, desk.store.room(bo.code).id, bo.seat)
    desk.move_student(session.id, desk.store.room(ada.code).id, ada.seat,
                      desk.store.room(cy.code).id)  # fmt: skip
    assert [(d["name"], d["reason"]) for d in desk.departures(session.id)] == [
        ("Bo", "removed"),
        ("Ada", "moved"),
    ]
    people = {p["student"]: p for p in rows(export_texts(desk, session.id)["students.csv"])}
    assert people["Bo"]["rooms"] == "1"  # the game he was taken out of
    assert people["Ada"]["rooms"] == "1"  # left one room (her new seat waits for her)


def test_a_seat_given_to_a_new_device_is_not_followed_by_the_old_page(desk: Classroom) -> None:
    from cipherkit.widgets.lobby import Lobby

    session = desk.start_session("Devices")
    desk.make_rooms(session.id, RoomPlan("decipher", rooms=1, players=2, people=2))
    old = Lobby(store=desk.store)
    try:
        old.handle_message({"type": "join", "code": session.code, "name": "Ada"})
        room = desk.store.room(old.view["code"])
        desk.give_seat(session.id, room.id, old.view["seat"]["seat"])
        assert wait_for(lambda: "another device" in old.table.message)  # type: ignore[union-attr]
        time.sleep(0.5)  # the old page stays out: the seat waits for the new device
        assert room.info()["seats"][0].get("reserved") == "Ada"
        new = seat_student(desk, session.code, "Ada")
        assert new.seat == 0
    finally:
        old.close()


def test_pages_offer_the_roster_of_a_class_code_and_count_wrong_codes(desk: Classroom) -> None:
    from cipherkit.ciphers.exercises import make_check
    from cipherkit.widgets.exercises import ExerciseBox
    from cipherkit.widgets.lobby import Lobby

    desk.groups.import_text("Year 9", GOOD)
    session = desk.start_session("Pick", class_name="Year 9")
    bare = desk.start_session("No roster")
    lobby = Lobby(store=desk.store)
    box = ExerciseBox("Decrypt KHOOR", *make_check("hello", salt="s"), classroom=desk)
    sent: list[Any] = []
    lobby.send = sent.append  # type: ignore[method-assign]
    box.send = sent.append  # type: ignore[method-assign]
    try:
        lobby.handle_message({"type": "roster", "code": session.code.lower()})
        box.handle_message({"type": "roster", "code": session.code})
        assert [m["names"] for m in sent] == [["Ada Lovelace", "Пётр Иванов"]] * 2
        lobby.handle_message({"type": "roster", "code": bare.code})
        assert sent[-1]["names"] == []
        lobby.handle_message({"type": "roster", "code": "TIGER-00000-MOSS"})  # a room's
        assert sent[-1]["names"] == []
        before = len(sent)
        lobby.handle_message({"type": "roster", "code": "ZZZZ-000"})
        assert lobby.message.startswith("refused: no open class with code ZZZZ-000")
        assert len(sent) == before
        assert desk.store.limits.count("code", lobby.clients)[0] == 2  # counted, as a guess
    finally:
        lobby.close(), box.close()
