"""Worksheets from the teacher's page (:mod:`cipherkit.widgets.teacher_sheets`): the
unlocked page alone gets a lesson's PDF, as ``cipherkit worksheet`` draws it, on the
paper asked for and with or without the answer pages; a locked page, a lesson without
a worksheet or a forged field gets a refusal and nothing is sent."""

from __future__ import annotations

from typing import Any

import pytest

from cipherkit.classroom import Classroom
from cipherkit.classroom.worksheets import lesson_ids, load_worksheet
from cipherkit.i18n import speaking
from cipherkit.widgets.teacher import TeacherDesk
from tests.classroom.conftest import KEY
from tests.classroom.test_worksheets import LETTER_POINTS, TEACHER, split, text_of
from tests.games.mission.art.art_helpers import Pdf


def page_sending(desk: Classroom, monkeypatch: pytest.MonkeyPatch) -> tuple[TeacherDesk, list[Any]]:
    page = TeacherDesk(classroom=desk, refresh=0)
    sent: list[Any] = []
    monkeypatch.setattr(page, "send", lambda content, buffers=None: sent.append((content, buffers)))
    return page, sent


def ask(lesson: str = "04-vigenere-and-kasiski", **fields: Any) -> dict[str, Any]:
    return {"type": "worksheet", "lesson": lesson, "paper": "a4", "answers": True, **fields}


def test_the_unlocked_page_lists_the_lessons_and_gets_a_worksheet(
    desk: Classroom, monkeypatch: pytest.MonkeyPatch
) -> None:
    page, sent = page_sending(desk, monkeypatch)
    page.handle_message(ask())
    assert page.message == "refused: enter the teacher key first" and sent == []
    page.handle_message({"type": "unlock", "key": KEY})
    listed = page.view["worksheets"]
    assert [w["id"] for w in listed] == lesson_ids()
    assert listed[3]["title"] == load_worksheet("04-vigenere-and-kasiski").title
    # no class session is needed: a worksheet is for any lesson, any day
    page.handle_message(ask(paper="letter"))
    assert page.message == ""
    ((download, buffers),) = sent
    assert download == {
        "type": "download",
        "name": "04-vigenere-and-kasiski-worksheet-letter.pdf",
        "mime": "application/pdf",
    }
    pages = Pdf(bytes(buffers[0])).pages()
    assert all(p.size == LETTER_POINTS for p in pages)
    student, teacher = split(pages)
    sheet = load_worksheet("04-vigenere-and-kasiski")
    assert teacher and sheet.exercises[0].question in text_of(student)
    assert f"Answer: {sheet.exercises[0].answer}" in text_of(teacher)
    page.close()


def test_without_the_answer_pages_no_answer_is_sent(
    desk: Classroom, monkeypatch: pytest.MonkeyPatch
) -> None:
    page, sent = page_sending(desk, monkeypatch)
    page.handle_message({"type": "unlock", "key": KEY})
    page.handle_message(ask(answers=False))
    ((download, buffers),) = sent
    assert download["name"] == "04-vigenere-and-kasiski-student-sheet-a4.pdf"
    said = text_of(Pdf(bytes(buffers[0])).pages())
    sheet = load_worksheet("04-vigenere-and-kasiski")
    assert TEACHER not in said and "Answer:" not in said
    assert sheet.exercises[0].question in said and "ORCHARD" not in said
    page.close()


@pytest.mark.parametrize(
    ("fields", "reason"),
    [
        ({"lesson": "../../etc/passwd"}, "choose one of the lessons with a worksheet"),
        ({"lesson": "99-no-such-lesson"}, "choose one of the lessons with a worksheet"),
        ({"lesson": 4}, "choose one of the lessons with a worksheet"),
        ({"paper": "legal"}, "choose A4 or Letter paper"),
        ({"answers": "yes"}, "answers must be true or false"),
        ({"extra": 1}, "a worksheet message has the fields type, answers, lesson, paper"),
    ],
)
def test_a_forged_worksheet_message_is_refused_and_sends_nothing(
    desk: Classroom, monkeypatch: pytest.MonkeyPatch, fields: dict[str, Any], reason: str
) -> None:
    page, sent = page_sending(desk, monkeypatch)
    page.handle_message({"type": "unlock", "key": KEY})
    before = dict(page.view)
    page.handle_message(ask(**fields))
    assert page.message == f"refused: {reason}"
    assert sent == [] and page.view == before
    page.close()


def test_the_card_speaks_the_pages_language(desk: Classroom) -> None:
    page = TeacherDesk(classroom=desk, refresh=0, lang="ru")
    page.handle_message({"type": "unlock", "key": KEY})
    words = page.front_words()
    assert words["sheets_title"] == "Рабочие листы для печати"
    sheet = load_worksheet("01-caesar-and-brute-force")
    with speaking("ru"):
        title = sheet.said().title
    assert page.view["worksheets"][0]["title"] == title != sheet.title
    page.close()
