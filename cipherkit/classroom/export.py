"""A class's results as CSV files a spreadsheet opens: students, rooms and attempts.

Design notes: ``docs/classroom.md``, ``cipherkit.classroom.export``.
"""

from __future__ import annotations

import csv
import io
import json
import os
from pathlib import Path
from typing import Any

from cipherkit.classroom.classroom import Classroom
from cipherkit.classroom.gradebook import cell, seat_results, students
from cipherkit.classroom.sessions import ClassSession, iso
from cipherkit.classroom.summaries import outcome_text
from cipherkit.core.errors import CipherkitError
from cipherkit.i18n import _

__all__ = [
    "ATTEMPT_COLUMNS",
    "ROOM_COLUMNS",
    "STUDENT_COLUMNS",
    "export_csv",
    "export_texts",
]

ATTEMPT_COLUMNS = [
    "class_code",
    "class",
    "student_id",
    "student",
    "lesson",
    "exercise",
    "exercise_id",
    "question",
    "correct",
    "late",
    "at",
]
ROOM_COLUMNS = [
    "class_code",
    "class",
    "room_code",
    "game",
    "players",
    "status",
    "finished",
    "actions",
    "result",
    "seat",
    "player",
    "team",
    "seat_result",
    "points",
]
STUDENT_COLUMNS = [
    "student_id",
    "email",
    "student",
    "class",
    "class_code",
    "rooms",
    "won",
    "lost",
    "drawn",
    "games_score",
    "games_max",
    "games_pct",
    "exercises_tried",
    "exercises_solved",
    "exercises_late",
    "last_seen",
]
"""students.csv's first columns; then each game's ``GAME_score``, ``GAME_max`` and
``GAME_pct``, and each exercise's ``LESSON · EXERCISE solved``, ``tries`` and ``late``."""
BOM = "\ufeff"


def _csv(columns: list[str], rows: list[list[Any]]) -> str:
    out = io.StringIO(newline="")
    writer = csv.writer(out)
    writer.writerow(columns)
    writer.writerows([[cell(v) for v in row] for row in rows])
    return BOM + out.getvalue()


def _rooms_rows(session: ClassSession, infos: list[dict[str, Any]]) -> list[list[Any]]:
    rows = []
    for info in infos:
        seats = seat_results(info)
        names = [s.name for s in seats]
        head = [
            session.code,
            session.title,
            info["code"],
            info["game"],
            " / ".join(names),
            info["status"],
            "yes" if info["over"] else "no",
            int(info["version"]),
            outcome_text(info["outcome"], names) or _("not finished"),
        ]
        for seat in seats:
            player = f"{seat.name} (bot)" if seat.bot else seat.name
            points = "" if seat.points is None else f"{seat.points:g}"
            rows.append([*head, seat.seat + 1, player, seat.team, seat.result, points])
    return rows


def _student_rows(
    classroom: Classroom, session: ClassSession, infos: list[dict[str, Any]], tries: list[Any]
) -> tuple[list[str], list[dict[str, Any]]]:
    """The session's extra columns and its students' rows (every roster student of its
    class, absent ones too)."""
    roster = classroom.groups.roster(session.group, removed=True) if session.group else []
    games = list(dict.fromkeys(str(i["game"]) for i in infos))
    exercises = list(dict.fromkeys(a.column for a in tries))
    extra = [f"{g}_{k}" for g in games for k in ("score", "max", "pct")]
    extra += [f"{e} {k}" for e in exercises for k in ("solved", "tries", "late")]
    shown = classroom.groups.name(session.group) if session.group else session.title
    rows = []
    for student in students(infos, tries, roster, classroom.departures(session.id)):
        row = student.row(games, exercises)
        rows.append({**row, "class": shown, "class_code": session.code})
    return extra, rows


def export_texts(classroom: Classroom, session_id: str | None = None) -> dict[str, str]:
    """The three CSV files as texts (file name -> text with BOM), for one class session
    or (``None``) every session of the store, oldest first."""
    if session_id is None:
        sessions = sorted(classroom.sessions(), key=lambda s: s.created)
    else:
        sessions = [classroom.session(session_id)]
    attempts: list[list[Any]] = []
    rooms: list[list[Any]] = []
    people: list[dict[str, Any]] = []
    extra: list[str] = []
    for session in sessions:
        tries = classroom.attempts(session.id)
        infos = classroom.room_infos(session.id)
        attempts += [
            [
                session.code,
                session.title,
                a.student_id,
                a.student,
                a.lesson,
                a.exercise,
                a.exercise_id,
                a.question,
                "yes" if a.correct else "no",
                "yes" if a.late else "no",
                iso(a.at),
            ]
            for a in tries
        ]
        rooms += _rooms_rows(session, infos)
        columns, rows = _student_rows(classroom, session, infos, tries)
        extra += [c for c in columns if c not in extra]
        people += rows
    header = STUDENT_COLUMNS + extra
    return {
        "attempts.csv": _csv(ATTEMPT_COLUMNS, attempts),
        "rooms.csv": _csv(ROOM_COLUMNS, rooms),
        "students.csv": _csv(header, [[row.get(c, "") for c in header] for row in people]),
    }


def _write_private(path: Path, text: str, newline: str | None = None) -> None:
    """Write ``text`` to ``path`` readable by its owner only (0600), as the store is:
    names and grades are no one else's business."""
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    os.fchmod(fd, 0o600)  # an existing file keeps its mode through O_CREAT
    with open(fd, "w", encoding="utf-8", newline=newline) as handle:
        handle.write(text)


def export_csv(
    classroom: Classroom, folder: str | Path, session_id: str | None = None
) -> list[Path]:
    """Write ``attempts.csv``, ``rooms.csv``, ``students.csv`` (and ``records/*.json``)
    into ``folder`` (made if missing); return the CSV paths.

    Examples
    --------
    >>> import tempfile, csv, pathlib
    >>> from cipherkit.classroom import open_classroom
    >>> folder = tempfile.TemporaryDirectory()
    >>> desk = open_classroom(f"sqlite:///{folder.name}/rooms.db")
    >>> s = desk.start_session("Year 9")
    >>> __ = desk.record_attempt(s.code, "Ada", "01-caesar", "q1", False)
    >>> written = export_csv(desk, pathlib.Path(folder.name) / "out")
    >>> [p.name for p in written]
    ['attempts.csv', 'rooms.csv', 'students.csv']
    >>> rows = list(csv.DictReader(written[0].open(encoding="utf-8-sig")))
    >>> rows[0]["student"], rows[0]["correct"]
    ('Ada', 'no')
    >>> desk.close(); folder.cleanup()
    """
    out = Path(folder)
    try:
        out.mkdir(parents=True, exist_ok=True, mode=0o700)
        written = []
        for name, text in export_texts(classroom, session_id).items():
            path = out / name
            _write_private(path, text, newline="")
            written.append(path)
        sessions = classroom.sessions() if session_id is None else [classroom.session(session_id)]
        for session in sessions:
            for r in classroom.results(session.id):
                if r["record_kept"]:
                    records = out / "records"
                    records.mkdir(exist_ok=True, mode=0o700)
                    _write_private(
                        records / f"{r['code']}.json",
                        json.dumps(classroom.record_json(r["room"]), indent=1) + "\n",
                    )
    except OSError as exc:
        raise CipherkitError.say(
            "cannot write to {out}: {strerror}", out=out, strerror=exc.strerror
        ) from None
    return written
