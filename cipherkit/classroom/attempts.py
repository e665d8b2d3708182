"""Exercise attempts and the student × exercise grid the teacher sees.

An :class:`Attempt` is one answer checked in a lesson page: who (the name the student
typed), the lesson, the exercise, right or wrong, when. :func:`grid` folds a session's
attempts into one cell per student and exercise: solved (and after how many tries) or
not yet.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import asdict, dataclass
from typing import Any

from cipherkit.classroom.errors import ClassError
from cipherkit.classroom.sessions import iso
from cipherkit.i18n import say

__all__ = ["MAX_QUESTION", "Attempt", "clean_label", "clean_question", "grid"]

MAX_LABEL = 80
MAX_QUESTION = 2000
"""The longest exercise text kept with an attempt (the whole question, for the export)."""


def clean_label(text: object, what: str) -> str:
    """A lesson or exercise name made safe: printable, trimmed, 1-80 characters.

    >>> clean_label(" 01-caesar ", "lesson")
    '01-caesar'
    >>> clean_label("", "exercise")
    Traceback (most recent call last):
    ...
    cipherkit.classroom.errors.ClassError: an exercise needs a name
    """
    lesson = what == "lesson"
    if not isinstance(text, str):
        raise ClassError(
            say("a lesson name is text") if lesson else say("an exercise name is text")
        )
    text = "".join(c for c in unicodedata.normalize("NFC", text) if c.isprintable())
    text = re.sub(r"\s+", " ", text).strip()
    if not text:
        raise ClassError(
            say("a lesson needs a name") if lesson else say("an exercise needs a name")
        )
    return text[:MAX_LABEL]


def clean_question(text: object) -> str:
    """An exercise's whole text, kept with its attempts: printable, spaces squeezed.

    >>> clean_question("Decrypt\\n  KHOOR  WRUOG")
    'Decrypt KHOOR WRUOG'
    """
    if not isinstance(text, str):
        return ""
    text = "".join(c for c in unicodedata.normalize("NFC", text) if c.isprintable() or c.isspace())
    return " ".join(text.split())[:MAX_QUESTION]


@dataclass(frozen=True)
class Attempt:
    """One checked answer."""

    session_id: str
    student: str
    lesson: str
    exercise: str
    correct: bool
    at: float
    exercise_id: str = ""
    question: str = ""
    late: bool = False
    """Sent after the homework's due time (still counted, marked late)."""
    student_id: str = ""
    """The student's id on the class's roster (``""``: a class without one)."""

    @property
    def column(self) -> str:
        """The grid's column: lesson and exercise."""
        return f"{self.lesson} · {self.exercise}"

    def to_json(self) -> dict[str, Any]:
        """The attempt as a JSON-safe dict (its time in ISO 8601), without its session."""
        data = asdict(self)
        del data["session_id"]
        return {**data, "at": iso(self.at)}


def grid(attempts: list[Attempt]) -> dict[str, Any]:
    """``{"students", "exercises", "cells": {student: {exercise: {tries, solved}}}}``,
    students and exercises in the order first seen.

    Examples
    --------
    >>> a = [Attempt("s", "Ada", "lesson-1", "q1", False, 1.0),
    ...      Attempt("s", "Ada", "lesson-1", "q1", True, 2.0),
    ...      Attempt("s", "Bo", "lesson-1", "q2", False, 3.0)]
    >>> g = grid(a)
    >>> g["students"], g["exercises"]
    (['Ada', 'Bo'], ['lesson-1 · q1', 'lesson-1 · q2'])
    >>> g["cells"]["Ada"]["lesson-1 · q1"], g["cells"]["Bo"]["lesson-1 · q2"]
    ({'tries': 2, 'solved': True}, {'tries': 1, 'solved': False})
    """
    students: dict[str, None] = {}
    exercises: dict[str, None] = {}
    cells: dict[str, dict[str, dict[str, Any]]] = {}
    for attempt in sorted(attempts, key=lambda a: a.at):
        students.setdefault(attempt.student)
        exercises.setdefault(attempt.column)
        cell = cells.setdefault(attempt.student, {}).setdefault(
            attempt.column, {"tries": 0, "solved": False}
        )
        if not cell["solved"]:
            cell["tries"] += 1
            cell["solved"] = attempt.correct
    return {"students": list(students), "exercises": list(exercises), "cells": cells}
