"""Homework: a lesson set for a class with a due time, done at home from a link.

:func:`assign` makes a homework session of the class (kind ``homework``) with its own
class code and an unguessable link token. A lesson page opened with the link
(``…/lessons/LESSON.ipynb#homework=TOKEN``) and the class code counts the answers of
students on the class's roster; answers after the due time are counted and marked late.
:func:`progress` is what the teacher sees before the deadline: who has done what.

>>> import tempfile, time
>>> from cipherkit.classroom import open_classroom
>>> desk = open_classroom(f"sqlite:///{tempfile.mkdtemp()}/rooms.db")
>>> __ = desk.groups.import_text("Year 9", "id,name\\n1,Ada\\n2,Bo\\n")
>>> work = assign(desk, "Year 9", "01-caesar-and-brute-force", due=time.time() + 3600)
>>> work.link("http://class.example").startswith(
...     "http://class.example/voila/render/lessons/01-caesar-and-brute-force.ipynb#homework=")
True
>>> a = desk.record_attempt(work.code, "Ada", work.lesson, "q1", True, homework=work.token)
>>> a.late, [(p["name"], p["solved"]) for p in progress(desk, work.session_id)]
(False, [('Ada', 1), ('Bo', 0)])
>>> desk.record_attempt(work.code, "Ada", work.lesson, "q2", True,
...                     homework="forged")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
cipherkit.classroom.errors.ClassError: this homework link is not right: ...
>>> desk.close()
"""

from __future__ import annotations

import datetime as dt
import hmac
import re
import secrets
import time
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from cipherkit.classroom.errors import ClassError
from cipherkit.classroom.sessions import ClassSession, iso
from cipherkit.i18n import _

if TYPE_CHECKING:
    from cipherkit.classroom.classroom import Classroom

__all__ = ["Homework", "assign", "check_link", "homework_list", "parse_due", "progress"]

LESSON_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9._-]{0,79}")
_RELATIVE = re.compile(r"^\+?\s*(\d{1,3})\s*(d|days?|h|hours?)$")


@dataclass(frozen=True)
class Homework:
    """A homework: its session (and class code), lesson, due time and link token."""

    session_id: str
    code: str
    title: str
    lesson: str
    due: float
    token: str

    def link(self, base: str = "") -> str:
        """The link students open (``base``: the server's address, e.g.
        ``http://class.example``)."""
        page = f"/voila/render/lessons/{self.lesson}.ipynb#homework={self.token}"
        return base.rstrip("/") + page

    def to_json(self) -> dict[str, Any]:
        """The homework as a JSON-safe dict (the due time in ISO 8601)."""
        return {
            "session": self.session_id,
            "code": self.code,
            "title": self.title,
            "lesson": self.lesson,
            "due": iso(self.due),
            "link": self.link(),
        }


def parse_due(text: str, now: float | None = None) -> float:
    """A due time as Unix seconds: ISO 8601 (``2026-12-09 18:00``, local time unless
    it names its zone, a date alone meaning its end) or from now (``3d``, ``48h``).

    >>> parse_due("2d", now=0.0), parse_due("1970-01-02T00:00+00:00")
    (172800.0, 86400.0)
    >>> parse_due("next week")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    cipherkit.classroom.errors.ClassError: a due time is a date and time ... not 'next week'
    """
    now = time.time() if now is None else now
    text = " ".join(str(text).split())
    relative = _RELATIVE.match(text.lower())
    if relative:
        hours = int(relative.group(1)) * (24 if relative.group(2).startswith("d") else 1)
        return now + hours * 3600.0
    try:
        when = dt.datetime.fromisoformat(text)
    except ValueError:
        raise ClassError.say(
            "a due time is a date and time (2026-12-09 18:00) or a "
            "time from now (3d, 48h), not {text!r}",
            text=text,
        ) from None
    if len(text) == 10:  # a date alone: the end of that day
        when += dt.timedelta(days=1, seconds=-1)
    return when.timestamp()


def assign(
    classroom: Classroom, class_name: str, lesson: str, *, due: float, title: str = ""
) -> Homework:
    """Set ``lesson`` (a lesson page's name, or its path) as homework for the class,
    due at ``due`` (Unix seconds; :func:`parse_due` reads a typed one). Its session's
    title, unless given, is said in the language in force (the teacher's)."""
    parts = lesson.strip().removesuffix(".ipynb").split("/")
    lesson = parts[-1]
    if ".." in parts or not LESSON_NAME.fullmatch(lesson):
        raise ClassError.say("{lesson!r} is not a lesson page's name", lesson=lesson)
    if due <= time.time():
        raise ClassError.say("the due time has passed already: give a later one")
    shown = classroom.groups.name(classroom.groups.ensure(class_name))
    session = classroom.start_session(
        title or _("Homework: {lesson} ({shown})", lesson=lesson, shown=shown),
        class_name=class_name,
        kind="homework",
    )
    token = secrets.token_urlsafe(18)
    conn = classroom.db.connection()
    with conn.transaction(write=True):
        conn.execute(
            "INSERT INTO class_homework (session_id, token, lesson, due) VALUES (?, ?, ?, ?)",
            (session.id, token, lesson, float(due)),
        )
    return Homework(session.id, session.code, session.title, lesson, float(due), token)


def _of(classroom: Classroom, row: Any) -> Homework:
    session = classroom.session(str(row[0]))
    lesson, due, token = str(row[2]), float(row[3]), str(row[1])
    return Homework(session.id, session.code, session.title, lesson, due, token)


def homework_list(classroom: Classroom, class_name: str | None = None) -> list[Homework]:
    """Every homework (of one class), soonest due first."""
    rows = classroom.db.connection().execute(
        "SELECT h.session_id, h.token, h.lesson, h.due, s.class_key FROM class_homework h "
        "JOIN class_sessions s ON s.id = h.session_id ORDER BY h.due, h.session_id"
    )
    key = None if class_name is None else classroom.groups.ensure(class_name)
    return [_of(classroom, r) for r in rows if key is None or r[4] == key]


def check_link(classroom: Classroom, session: ClassSession, token: object) -> bool:
    """Whether an answer to the homework ``session`` sent now is late; a wrong or
    missing link token is refused (:class:`ClassError`)."""
    row = (
        classroom.db.connection()
        .execute("SELECT token, due FROM class_homework WHERE session_id = ?", (session.id,))
        .fetchone()
    )
    if (
        row is None
        or not isinstance(token, str)
        or not hmac.compare_digest(token.encode(), str(row[0]).encode())
    ):
        raise ClassError.say("this homework link is not right: open the link your teacher gave")
    return time.time() > float(row[1])


def progress(classroom: Classroom, session_id: str) -> list[dict[str, Any]]:
    """One row per roster student of the homework's class: exercises tried and solved
    (in time), solved late, last answer; students who have done nothing included."""
    session = classroom.session(session_id)
    rows: dict[str, dict[str, Any]] = {
        s.student_id: {
            "student_id": s.student_id,
            "name": s.name,
            "tried": 0,
            "solved": 0,
            "late": 0,
            "last": None,
        }
        for s in classroom.groups.roster(session.group)
    }
    seen: dict[str, dict[str, bool]] = {}
    for attempt in classroom.attempts(session.id):
        row = rows.get(attempt.student_id)
        if row is None:
            continue
        done = seen.setdefault(attempt.student_id, {})
        if attempt.exercise not in done:
            row["tried"] += 1
            done[attempt.exercise] = False
        if attempt.correct and not done[attempt.exercise]:
            done[attempt.exercise] = True
            row["late" if attempt.late else "solved"] += 1
        row["last"] = iso(attempt.at)
    return list(rows.values())
