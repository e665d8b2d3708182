"""A class roster read from a CSV file: one student a row, with id, name and email.

:func:`read_roster` takes the text a school system or a spreadsheet writes: UTF-8 (with
or without a BOM, any script), commas, semicolons or tabs, a header row naming the
columns (``id``/``student id``/``sis user id``, ``name``/``student``, ``email``) or no
header (then id, name, email in that order). Each bad row gets one sentence naming it
and is left out; the good rows are kept, so nothing is lost: fix the rows and import
the file again (a student id already on the roster is updated, not added twice).

>>> file = read_roster("\\ufeffid;name;email\\n1;Ada;ada@school.example\\n2;;\\n1;Bo;\\n")
>>> [s.name for s in file.students]
['Ada']
>>> file.problems
['row 3: no name', 'row 4: student id 1 is also on row 2']
"""

from __future__ import annotations

import csv
import io
import re
from dataclasses import dataclass, field

from cipherkit.classroom.lookalike import lookalikes
from cipherkit.i18n import _
from cipherkit.rooms import RoomError, clean_name

__all__ = ["MAX_ROSTER", "RosterFile", "RosterStudent", "clean_student_id", "read_roster"]

MAX_ROSTER = 400
"""The most students one class's roster may hold (a large course with room to spare)."""
MAX_ID = 64
_EMAIL = re.compile(r"^[^@\s,;<>\"']+@[^@\s,;<>\"']+\.[^@\s,;<>\"']+$")
_HEADERS = {
    # in order of preference: a Canvas export's own ID is not the school's student id
    "id": ("student id", "sis user id", "id", "number", "no"),
    "name": ("name", "student", "student name", "full name", "display name"),
    "email": ("email", "e-mail", "mail", "email address"),
}
_SKIPPED = ("points possible",)
"""Rows a gradebook export carries that are no student (Canvas's maxima row)."""


@dataclass(frozen=True)
class RosterStudent:
    """One student on a class's roster.

    >>> RosterStudent("S-01", "Ada", "ada@school.example").to_json()["name"]
    'Ada'
    """

    student_id: str
    name: str
    email: str = ""

    def to_json(self) -> dict[str, str]:
        """The student as a JSON-safe dict."""
        return {"student_id": self.student_id, "name": self.name, "email": self.email}


@dataclass
class RosterFile:
    """What a roster file holds: the good rows, and one sentence per bad row."""

    students: list[RosterStudent] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)


def clean_student_id(value: object) -> str:
    """A student id made safe: printable, trimmed, 1-64 characters.

    >>> clean_student_id(" 0042 ")
    '0042'
    """
    text = " ".join(str(value).split())
    if not text:
        raise ValueError(_("no student id"))
    if len(text) > MAX_ID or not text.isprintable():
        raise ValueError(_("the student id is not 1-{most} printable characters", most=MAX_ID))
    return text


def clean_email(value: object) -> str:
    """An email address, or ``""``; a malformed one is a ``ValueError``.

    >>> clean_email(" Ada@School.example ")
    'Ada@School.example'
    """
    text = str(value or "").strip()
    if text and not _EMAIL.match(text):
        raise ValueError(_("{text!r} is not an email address", text=text))
    return text


def _columns(header: list[str]) -> dict[str, int] | None:
    """Which column holds each field, from a header row (``None``: no header).

    >>> _columns(["Student", "ID", "SIS User ID", "SIS Login ID", "Section"])
    {'id': 2, 'name': 0}
    """
    names = [" ".join(h.strip().lower().replace("_", " ").split()) for h in header]
    found: dict[str, int] = {}
    for key, words in _HEADERS.items():
        for word in words:
            if word in names:
                found[key] = names.index(word)
                break
    return found if "name" in found or "id" in found else None


def _dialect(text: str) -> str:
    first = text.splitlines()[0] if text.strip() else ""
    return max((";", "\t", ","), key=first.count) if first else ","


def read_roster(text: str) -> RosterFile:
    """The students in a roster file's ``text`` (see the module docs)."""
    text = text.removeprefix("\ufeff")
    rows = list(csv.reader(io.StringIO(text), delimiter=_dialect(text)))
    out = RosterFile()
    if not rows:
        out.problems.append(_("the file holds no rows"))
        return out
    columns = _columns(rows[0])
    start = 1 if columns else 0
    columns = columns or {"id": 0, "name": 1, "email": 2}
    if "id" not in columns:
        out.problems.append(_("row 1: no column of student ids (id, student id, sis user id)"))
        return out
    seen: dict[str, int] = {}
    for number, row in enumerate(rows[start:], start=start + 1):
        if not any(c.strip() for c in row) or any(c.strip().lower() in _SKIPPED for c in row):
            continue
        problem = _read_row(row, columns, number, seen, out)
        if problem:
            out.problems.append(_("row {number}: {problem}", number=number, problem=problem))
    return out


def _read_row(
    row: list[str], columns: dict[str, int], number: int, seen: dict[str, int], out: RosterFile
) -> str | None:
    """Add one row's student to ``out``; the problem with it, if any."""

    def value(key: str) -> str:
        i = columns.get(key)
        return row[i] if i is not None and i < len(row) else ""

    try:
        student_id = clean_student_id(value("id"))
    except ValueError as exc:
        return str(exc)
    if student_id in seen:
        return _("student id {id} is also on row {row}", id=student_id, row=seen[student_id])
    try:
        name = clean_name(value("name"))
    except RoomError as exc:
        return _("no name") if not value("name").strip() else str(exc)
    try:
        email = clean_email(value("email"))
    except ValueError as exc:
        return str(exc)
    twin = lookalikes(name, (s.name for s in out.students))
    if twin is not None:
        return _(
            "{name!r} looks like {twin!r} (a letter from another alphabet?)", name=name, twin=twin
        )
    if len(out.students) >= MAX_ROSTER:
        return _("a roster holds at most {most} students", most=MAX_ROSTER)
    seen[student_id] = number
    out.students.append(RosterStudent(student_id, name, email))
    return None
