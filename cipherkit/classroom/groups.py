"""Classes that last a term, and their rosters, in the classroom's store.

A class (``Year 9 codes``) has a roster of students (id, name, email) and many sessions:
live lessons and homework. A student picks their name from the roster; a typed name is
matched to the roster by how it looks (:mod:`cipherkit.classroom.lookalike`), so "Аda"
with a Cyrillic А is Ada, and a name not on the roster is refused. Removing a student
keeps their row (marked removed), so their games and answers stay in the results.

>>> import tempfile
>>> from cipherkit.classroom import open_classroom
>>> desk = open_classroom(f"sqlite:///{tempfile.mkdtemp()}/rooms.db")
>>> groups = desk.groups
>>> report = groups.import_text("Year 9", "id,name,email\\n1,Ada,ada@x.example\\n2,Bo,\\n")
>>> report.added, report.problems
(2, [])
>>> [s.name for s in groups.roster("year 9")]
['Ada', 'Bo']
>>> groups.resolve("Year 9", "аda").student_id     # a Cyrillic а: still Ada
'1'
>>> groups.add("Year 9", "3", "Аda")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
cipherkit.classroom.errors.ClassError: 'Аda' looks like 'Ada' on the roster of Year 9 (a letter ...
>>> desk.close()
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from cipherkit.classroom.errors import ClassError
from cipherkit.classroom.lookalike import lookalikes, skeleton
from cipherkit.classroom.roster import (
    MAX_ROSTER,
    RosterStudent,
    clean_email,
    clean_student_id,
    read_roster,
)
from cipherkit.i18n import _
from cipherkit.rooms import RoomError, clean_name

if TYPE_CHECKING:
    from cipherkit.rooms.db import Database

__all__ = ["ClassGroups", "ImportReport", "NotOnRoster", "group_key"]

MAX_ROSTER_BYTES = 2_000_000
"""The largest roster file read (a few thousand rows)."""


class NotOnRoster(ClassError):
    """A name that is not on the class's roster."""


def group_key(name: str) -> str:
    """The key a class is stored under: its name with case and spaces folded.

    >>> group_key("  Year 9   Codes ")
    'year 9 codes'
    """
    key = " ".join(str(name).split()).casefold()
    if not key:
        raise ClassError.say("a class needs a name")
    if len(key) > 80:
        raise ClassError.say("a class's name has at most 80 characters")
    return key


@dataclass
class ImportReport:
    """What an import did: students added, updated, and one sentence per refused row."""

    added: int = 0
    updated: int = 0
    problems: list[str] = field(default_factory=list)


class ClassGroups:
    """The store's classes and rosters (see the module docs)."""

    def __init__(self, db: Database) -> None:
        self.db = db

    # ------------------------------------------------------------ classes
    def ensure(self, name: str) -> str:
        """The class named ``name`` (made now if new); returns its key."""
        key = group_key(name)
        conn = self.db.connection()
        with conn.transaction(write=True):
            conn.execute(
                "INSERT INTO class_groups (key, name, created) VALUES (?, ?, ?) "
                "ON CONFLICT (key) DO NOTHING",
                (key, " ".join(str(name).split()), time.time()),
            )
        return key

    def name(self, name_or_key: str) -> str:
        """The class's name as the teacher wrote it; an unknown class is an error."""
        row = (
            self.db.connection()
            .execute("SELECT name FROM class_groups WHERE key = ?", (group_key(name_or_key),))
            .fetchone()
        )
        if row is None:
            raise ClassError.say("no class named {name_or_key}", name_or_key=name_or_key)
        return str(row[0])

    def names(self) -> list[str]:
        """Every class's name, in alphabetical order."""
        rows = self.db.connection().execute("SELECT name FROM class_groups ORDER BY key")
        return [str(r[0]) for r in rows]

    def bots_replace(self, name: str) -> bool:
        """Whether a bot takes a removed student's seat at once (the default; also for
        a session of no class, ``name`` empty)."""
        if not name.strip():
            return True
        row = (
            self.db.connection()
            .execute("SELECT bots_replace FROM class_groups WHERE key = ?", (group_key(name),))
            .fetchone()
        )
        return True if row is None else bool(row[0])

    def set_bots_replace(self, name: str, on: bool) -> None:
        """Turn on or off a bot taking a removed student's seat at once."""
        key = self.ensure(name)
        conn = self.db.connection()
        with conn.transaction(write=True):
            conn.execute(
                "UPDATE class_groups SET bots_replace = ? WHERE key = ?", (int(bool(on)), key)
            )

    # ------------------------------------------------------------ the roster
    def roster(self, name: str, *, removed: bool = False) -> list[RosterStudent]:
        """The class's students in the order they were added (``removed``: those taken
        off the roster too)."""
        where = "" if removed else " AND removed IS NULL"
        rows = self.db.connection().execute(
            "SELECT student_id, name, email FROM class_roster WHERE class_key = ?"
            f"{where} ORDER BY added, student_id",
            (group_key(name),),
        )
        return [RosterStudent(str(r[0]), str(r[1]), str(r[2])) for r in rows]

    def add(self, name: str, student_id: object, student: object, email: object = "") -> None:
        """Add one student (or update the one with this id): a name that looks like
        another student's is refused."""
        try:
            one = RosterStudent(
                clean_student_id(student_id), clean_name(student), clean_email(email)
            )
        except (ValueError, RoomError) as exc:
            raise ClassError(str(exc)) from None
        report = self._upsert(name, [one])
        if report.problems:
            raise ClassError(report.problems[0])

    def import_text(self, name: str, text: str) -> ImportReport:
        """Add or update every good row of a roster file's text; one sentence per bad row
        (nothing already on the roster is lost)."""
        read = read_roster(text)
        report = self._upsert(name, read.students)
        report.problems[:0] = read.problems
        return report

    def import_file(self, name: str, path: str | Path) -> ImportReport:
        """:meth:`import_text` of the file at ``path`` (UTF-8, any script)."""
        path = Path(path)
        try:
            if not path.is_file():
                raise ClassError.say("{path}: no such roster file", path=path)
            if path.stat().st_size > MAX_ROSTER_BYTES:
                raise ClassError.say(
                    "{path}: larger than {max_roster_bytes} bytes, not a roster",
                    path=path,
                    max_roster_bytes=MAX_ROSTER_BYTES,
                )
            text = path.read_bytes().decode("utf-8")
        except UnicodeDecodeError:
            raise ClassError.say(
                "{path}: not UTF-8 text (save it from the spreadsheet as CSV UTF-8)", path=path
            ) from None
        except OSError as exc:
            raise ClassError.say("{path}: {strerror}", path=path, strerror=exc.strerror) from None
        report = self.import_text(name, text)
        report.problems = [f"{path}: {p}" for p in report.problems]
        return report

    def _upsert(self, name: str, students: list[RosterStudent]) -> ImportReport:
        key = self.ensure(name)
        shown = self.name(key)
        report = ImportReport()
        conn = self.db.connection()
        with conn.transaction(write=True):
            rows = conn.execute(
                "SELECT student_id, name FROM class_roster WHERE class_key = ? AND removed IS NULL",
                (key,),
            ).fetchall()
            on_roster = {str(r[0]): str(r[1]) for r in rows}
            for one in students:
                others = [n for i, n in on_roster.items() if i != one.student_id]
                twin = lookalikes(one.name, others)
                same = [n for n in others if n.casefold() == one.name.casefold()]
                if twin is not None or same:
                    report.problems.append(
                        _(
                            "{name!r} looks like {twin!r} on the roster of {shown} "
                            "(a letter from another alphabet?)",
                            name=one.name,
                            twin=twin,
                            shown=shown,
                        )
                        if twin
                        else _(
                            "{name!r} is already on the roster of {shown}: add a surname or "
                            "an initial",
                            name=one.name,
                            shown=shown,
                        )
                    )
                    continue
                if one.student_id not in on_roster and len(on_roster) >= MAX_ROSTER:
                    most = MAX_ROSTER
                    report.problems.append(_("a roster holds at most {most} students", most=most))
                    continue
                known = conn.execute(
                    "SELECT 1 FROM class_roster WHERE class_key = ? AND student_id = ?",
                    (key, one.student_id),
                ).fetchone()
                if known is None:
                    conn.execute(
                        "INSERT INTO class_roster (class_key, student_id, name, email, "
                        "added) VALUES (?, ?, ?, ?, ?)",
                        (key, one.student_id, one.name, one.email, time.time()),
                    )
                    report.added += 1
                else:
                    conn.execute(
                        "UPDATE class_roster SET name = ?, email = ?, removed = NULL "
                        "WHERE class_key = ? AND student_id = ?",
                        (one.name, one.email, key, one.student_id),
                    )
                    report.updated += 1
                on_roster[one.student_id] = one.name
        return report

    def remove(self, name: str, student_id: str) -> RosterStudent:
        """Take a student off the roster (their results stay); returns who it was."""
        key = group_key(name)
        found = self._with_id(name, student_id)
        conn = self.db.connection()
        with conn.transaction(write=True):
            conn.execute(
                "UPDATE class_roster SET removed = ? WHERE class_key = ? AND student_id = ?",
                (time.time(), key, found.student_id),
            )
        return found

    def rename(self, name: str, student_id: str, new_name: str) -> RosterStudent:
        """Give a roster student another name (their id and email stay)."""
        found = self._with_id(name, student_id)
        self.add(name, found.student_id, new_name, found.email)
        return self.resolve(name, new_name)

    def _with_id(self, name: str, student_id: str) -> RosterStudent:
        """The roster student with ``student_id`` (a :class:`ClassError` if none)."""
        found = [s for s in self.roster(name) if s.student_id == str(student_id).strip()]
        if not found:
            raise ClassError.say(
                "no student with id {student_id} on the roster of {name}",
                student_id=student_id,
                name=name,
            )
        return found[0]

    def resolve(self, name: str, typed: str) -> RosterStudent:
        """The roster student a typed or picked name is (by how it looks); a name not on
        the roster is :class:`NotOnRoster`."""
        mine = skeleton(typed)
        for student in self.roster(name):
            if skeleton(student.name) == mine:
                return student
        raise NotOnRoster.say(
            "{join} is not on the roster of {name}: pick your name from "
            "the list, or ask your teacher to add it",
            join=" ".join(str(typed).split()),
            name=self.name(name),
        )
