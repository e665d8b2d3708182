"""Worksheets from the teacher's page: a lesson's printable worksheet
(:mod:`cipherkit.classroom.worksheets`, what ``cipherkit worksheet`` writes) sent to the
unlocked teacher's page alone to save, on A4 or Letter, with or without the pages of
answers. The page offers the lessons that have a worksheet; the kernel checks every
field and draws the PDF.

>>> check_sheet({"type": "worksheet", "lesson": "05-transposition", "paper": "a4",
...              "answers": False})["lesson"]
'05-transposition'
>>> check_sheet({"type": "worksheet", "lesson": "99-nothing", "paper": "a4", "answers": True})
Traceback (most recent call last):
...
cipherkit.widgets.guard.Refused: refused: choose one of the lessons with a worksheet
>>> name, pdf = worksheet_file("05-transposition", "letter", answers=False)
>>> name, pdf[:5]
('05-transposition-student-sheet-letter.pdf', b'%PDF-')
"""

from __future__ import annotations

from functools import cache
from typing import Any

from cipherkit.i18n import N_, _, language, speaking
from cipherkit.widgets.guard import Refused

__all__ = [
    "PAPERS",
    "SHEET_FIELDS",
    "SHEET_WORDS",
    "check_sheet",
    "sheet_lessons",
    "worksheet_file",
]

SHEET_FIELDS: dict[str, set[str]] = {"worksheet": {"lesson", "paper", "answers"}}
"""The page's one worksheet message: which lesson, on which paper, with the answers?"""
PAPERS = ("a4", "letter")
SHEET_WORDS = {
    "sheets_title": N_("Worksheets to print"),
    "sheets_hint": N_(
        "A lesson's exercises on paper, with the material and room to write; the answers "
        "and hints come on pages of their own at the end."
    ),
    "sheet_lesson": N_("lesson"),
    "sheet_paper": N_("paper"),
    "paper_a4": N_("A4"),
    "paper_letter": N_("Letter"),
    "sheet_answers": N_("with the answer pages"),
    "sheet_download": N_("Download the worksheet (PDF)"),
}
"""The worksheet card's words (teacher.js holds no English), part of the teacher desk's
:attr:`~cipherkit.widgets.teacher.TeacherDesk.WORDS`."""


def sheet_lessons() -> list[dict[str, str]]:
    """The lessons with a worksheet, each its id and its title in the language in force."""
    return [dict(lesson) for lesson in _sheet_lessons(language())]


@cache
def _sheet_lessons(lang: str) -> tuple[dict[str, str], ...]:
    from cipherkit.classroom.worksheets import lesson_ids, load_worksheet

    with speaking(lang):
        return tuple({"id": i, "title": load_worksheet(i).said().title} for i in lesson_ids())


def check_sheet(msg: dict[str, Any]) -> dict[str, Any]:
    """Check a worksheet message's fields (their names were checked already)."""
    from cipherkit.classroom.worksheets import lesson_ids

    if not isinstance(msg["lesson"], str) or msg["lesson"] not in lesson_ids():
        raise Refused("refused: " + _("choose one of the lessons with a worksheet"))
    if msg["paper"] not in PAPERS:
        raise Refused("refused: " + _("choose A4 or Letter paper"))
    if not isinstance(msg["answers"], bool):
        raise Refused("refused: " + _("{key} must be true or false", key="answers"))
    return msg


def worksheet_file(lesson: str, paper: str, *, answers: bool) -> tuple[str, bytes]:
    """The file name and PDF of ``lesson``'s worksheet (a checked message's fields)."""
    from cipherkit.classroom.worksheets import worksheet_pdf

    kind = "worksheet" if answers else "student-sheet"
    return f"{lesson}-{kind}-{paper}.pdf", worksheet_pdf(lesson, paper, answers=answers)
