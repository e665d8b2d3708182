"""A class's limits (issue #36 item 3): wrong class codes from an exercise box and wrong
teacher keys are slowed down in the store (a reload, another page or another server
does not start afresh); a class session takes at most so many students and so many
answers from each; every refusal is a sentence and records nothing."""

from __future__ import annotations

import pytest

import cipherkit.classroom.classroom as classroom_module
import cipherkit.widgets.exercises as exercises
from cipherkit.ciphers.exercises import make_check
from cipherkit.classroom import open_classroom
from cipherkit.classroom.errors import TooManyAnswers, TooManyStudents
from cipherkit.widgets.exercises import ExerciseBox
from cipherkit.widgets.teacher import TeacherDesk
from tests.classroom.conftest import pg_url, sqlite_url, store_url

__all__ = ["pg_url", "sqlite_url", "store_url"]

KEY = "the-teacher-key-42"
DEVICE = "ab" * 16
PAGE = "/voila/render/lessons/01-caesar.ipynb"


def box(desk: object) -> ExerciseBox:
    salt, digest = make_check("hello", salt="salt-limits")
    return ExerciseBox("Decrypt KHOOR", salt, digest, classroom=desk)


def test_class_code_guesses_from_exercise_boxes_are_slowed_across_pages(
    store_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    one, two = open_classroom(store_url), open_classroom(store_url)  # two servers
    session = one.start_session("Lesson day")
    boxes = [box(one), box(two), box(one), box(two)]
    try:
        for n, guesser in enumerate(boxes[:3]):
            guesser.join_class(f"BCDF-00{n}", "Eve", PAGE, device=DEVICE)
            assert guesser.message.startswith("not in a class: no class with code")
        last = boxes[3]  # another page (another server) of the same device, the right code
        last.join_class(session.code, "Eve", PAGE, device=DEVICE)
        assert last.message == (
            "not in a class: too many wrong codes from this device: wait 2 seconds and try again"
        )
        assert last.view["class"] is None
        last.check("hello")
        assert one.attempts(session.id) == []  # nothing was counted
        monkeypatch.setattr(exercises, "_PAGE_CLIENT", "page:elsewhere")  # another kernel
        other = box(two)  # on another device: not slowed
        other.join_class(session.code, "Ada", PAGE, device="cd" * 16)
        assert other.message == "" and other.view["class"]["code"] == session.code
        other.close()
    finally:
        for b in boxes:
            b.close()
        one.close()
        two.close()


def test_one_wrong_code_counts_once_however_many_boxes_send_it(sqlite_url: str) -> None:
    desk = open_classroom(sqlite_url)
    boxes = [box(desk) for _ in range(6)]  # one lesson page: every box sends the line
    try:
        for b in boxes:
            b.join_class("BCDF-999", "Eve", PAGE, device=DEVICE)
            assert b.message.startswith("not in a class: no class with code")
        rows = desk.db.connection().execute("SELECT count FROM limits WHERE client <> '*'")
        assert max(int(r[0]) for r in rows) == 1
    finally:
        for b in boxes:
            b.close()
        desk.close()


def test_a_class_takes_so_many_students(store_url: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(classroom_module, "MAX_STUDENTS", 3)
    desk = open_classroom(store_url)
    session = desk.start_session("Year 9")
    for name in ("Ada", "Bo", "Cy"):
        desk.record_attempt(session.code, name, "l1", "q1", False)
    with pytest.raises(TooManyStudents) as caught:
        desk.record_attempt(session.code, "Fake 4", "l1", "q1", False)
    assert str(caught.value) == (
        "this class already counts the answers of 3 students, the most it may: ask your teacher"
    )
    desk.record_attempt(session.code, "Ada", "l1", "q1", True)  # those in it go on
    assert [a.student for a in desk.attempts(session.id)] == ["Ada", "Bo", "Cy", "Ada"]
    desk.close()


def test_a_student_sends_so_many_answers(store_url: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(classroom_module, "MAX_ATTEMPTS", 4)
    desk = open_classroom(store_url)
    session = desk.start_session("Year 9")
    page = box(desk)
    page.join_class(session.code, "Ada", PAGE)
    for _ in range(4):
        page.check("nope")
        assert page.message == ""
    assert page.check("hello") == "✓ correct"  # the box still checks
    assert page.message == (
        "not counted in the class: Ada has sent 4 answers in this class, the most one "
        "student may: the next ones are not counted"
    )
    assert page.view["class"] is not None  # still in the class
    with pytest.raises(TooManyAnswers):
        desk.record_attempt(session.code, "Ada", "l1", "q2", True)
    assert len(desk.attempts(session.id)) == 4
    desk.record_attempt(session.code, "Bo", "l1", "q1", True)  # the others go on
    page.close()
    desk.close()


def test_wrong_teacher_keys_are_slowed_after_a_reload(store_url: str) -> None:
    desk = open_classroom(store_url)
    desk.set_teacher_key(KEY)
    first = TeacherDesk(classroom=desk, refresh=0)
    for _ in range(3):
        first.handle_message({"type": "unlock", "key": "not-the-key-at-all", "device": DEVICE})
    assert "(3 wrong keys: wait 2 s before the next try)" in first.message
    first.close()
    again = TeacherDesk(classroom=desk, refresh=0)  # the page reloaded
    again.handle_message({"type": "unlock", "key": KEY, "device": DEVICE})
    assert again.message == (
        "refused: too many wrong keys from this device: wait 2 seconds and try again"
    )
    assert again.view == {"locked": True}
    elsewhere = TeacherDesk(classroom=desk, refresh=0)  # the teacher's own laptop
    elsewhere.handle_message({"type": "unlock", "key": KEY, "device": "ef" * 16})
    assert elsewhere.message == "" and elsewhere.view["locked"] is False
    again.close()
    elsewhere.close()
    desk.close()
