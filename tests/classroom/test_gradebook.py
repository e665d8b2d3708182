"""The gradebook export: one row per student and per seat, UTF-8 with a BOM, no cell a
spreadsheet would run as a formula (invisible and full-width forms included)."""

from __future__ import annotations

import csv
import io
from pathlib import Path

import pytest

from cipherkit.classroom import ClassError, RoomPlan, open_classroom
from cipherkit.classroom.export import STUDENT_COLUMNS, export_texts
from cipherkit.classroom.gradebook import cell
from tests.classroom.test_classroom import play_out


def read(text: str) -> list[dict[str, str]]:
    assert text.startswith("\ufeff"), "Excel needs the byte-order mark to read UTF-8"
    return list(csv.DictReader(io.StringIO(text[1:])))


def test_students_and_seats_for_a_gradebook(store_url: str) -> None:
    desk = open_classroom(store_url)
    session = desk.start_session("Année 9 · codes")
    other = desk.start_session("Another class")
    desk.record_attempt(session.code, "Zoë", "01-caesar", "q1", False)
    desk.record_attempt(session.code, "Zoë", "01-caesar", "q1", True)
    desk.record_attempt(session.code, "Zoë", "01-caesar", "q2", False)
    desk.record_attempt(other.code, "Nobody here", "01-caesar", "q1", True)
    codes = desk.make_rooms(session.id, RoomPlan.parse("2 decipher pairs"))
    play_out(store_url, codes[0], ["Zoë", "Ben"])
    texts = export_texts(desk, session.id)
    desk.close()

    people = {r["student"]: r for r in read(texts["students.csv"])}
    header = list(read(texts["students.csv"])[0])
    assert header[: len(STUDENT_COLUMNS)] == STUDENT_COLUMNS
    assert header[len(STUDENT_COLUMNS) :] == [
        "decipher_score",
        "decipher_max",
        "decipher_pct",
        "01-caesar · q1 solved",
        "01-caesar · q1 tries",
        "01-caesar · q1 late",
        "01-caesar · q2 solved",
        "01-caesar · q2 tries",
        "01-caesar · q2 late",
    ]
    assert set(people) == {"Zoë", "Ben"}  # the other session's student is not in it
    zoe, ben = people["Zoë"], people["Ben"]
    assert zoe["class"] == "Année 9 · codes"
    assert (zoe["exercises_tried"], zoe["exercises_solved"]) == ("2", "1")
    assert (ben["exercises_tried"], ben["exercises_solved"]) == ("0", "0")
    for row in (zoe, ben):
        assert row["rooms"] == "1"
        assert int(row["won"]) + int(row["lost"]) + int(row["drawn"]) == 1
        assert row["last_seen"].endswith("+00:00")
    assert {zoe["won"], ben["won"]} in ({"1", "0"}, {"0"})  # one winner, or a draw
    assert (zoe["01-caesar · q1 solved"], zoe["01-caesar · q1 tries"]) == ("1", "2")
    assert (zoe["01-caesar · q2 solved"], zoe["01-caesar · q2 tries"]) == ("0", "1")
    for row in (zoe, ben):  # a result as a share of its maximum: one a finished game
        assert row["decipher_max"] == "1"
        assert float(row["decipher_pct"]) == 100.0 * float(row["decipher_score"])

    seats = read(texts["rooms.csv"])
    played = [r for r in seats if r["room_code"] == codes[0]]
    assert [(r["seat"], r["player"]) for r in played] == [("1", "Zoë"), ("2", "Ben")]
    assert {r["seat_result"] for r in played} <= {"won", "lost", "drawn"}
    waiting = [r for r in seats if r["room_code"] == codes[1]]
    assert [r["seat_result"] for r in waiting] == ["playing", "playing"]
    assert all(r["players"] == "Zoë / Ben" for r in played)


def test_no_cell_runs_as_a_formula(store_url: str) -> None:
    desk = open_classroom(store_url)
    session = desk.start_session("=HYPERLINK(1)")
    for name in ("=1+1", "+A1", "@SUM(A1)", "-2"):
        desk.record_attempt(session.code, name, "01-caesar", "q1", True)
    with pytest.raises(ClassError, match=r"looks like '=1\+1'"):  # one name to the eye
        desk.record_attempt(session.code, "＝1+1", "01-caesar", "q1", True)
    wide = desk.start_session("=HYPERLINK(2)")
    desk.record_attempt(wide.code, "＝1+1", "01-caesar", "q1", True)
    texts = export_texts(desk)
    desk.close()
    for name, text in texts.items():
        for row in csv.reader(io.StringIO(text[1:])):
            for value in row:
                assert not value or value[0] not in "=+-@＝＋－＠", (name, value)
    students = [r["student"] for r in read(texts["students.csv"])]
    assert students == ["'=1+1", "'+A1", "'@SUM(A1)", "'-2", "'＝1+1"]
    # a name cannot hold a zero-width space any more, and a cell drops it before it looks
    assert cell("\u200b=1+1") == "'=1+1" and cell("\u2060@x") == "'@x"
    assert cell("2024-01-01") == "2024-01-01" and cell("Ada-Lou") == "Ada-Lou"
    # numbers are numbers: the formula guard is for text only (it made -2 the text '-2)
    assert (cell(-2), cell(66.7), cell(3.0), cell(True)) == ("-2", "66.7", "3", "True")


def test_attempts_keep_the_exercise_id_and_whole_text(tmp_path: Path) -> None:
    from cipherkit.ciphers.exercises import make_check
    from cipherkit.widgets.exercises import ExerciseBox

    question = (
        "Decrypt this rail fence and write the hidden sentence in capitals, with its "
        "spaces: SRLTDEOEPIOHIGNMSPETEREDUSB (three rails)"
    )
    assert len(question) > 80
    desk = open_classroom(f"sqlite:///{tmp_path / 'rooms.db'}")
    session = desk.start_session("Rails")
    box = ExerciseBox(question, *make_check("secret", salt="s"), lesson="05", classroom=desk)
    box.join_class(session.code, "Ada")
    box.check("wrong")
    (row,) = read(export_texts(desk, session.id)["attempts.csv"])
    desk.close()
    assert row["question"] == question
    assert row["exercise_id"] == "decrypt-this-rail-fence-and-write"
    assert row["exercise"] == question[:60].rstrip()
