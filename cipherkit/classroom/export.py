"""A class's results as CSV files a spreadsheet opens: attempts and room results.

:func:`export_csv` writes, into a folder, ``attempts.csv`` (class code, class, student,
lesson, exercise, correct, when) and ``rooms.csv`` (class code, class, room code, game,
players, status, finished, actions, result), every class session of the store, oldest
first, and ``records/ROOM.json`` for every kept room record (opens in ``Replay``).

>>> import tempfile, csv, pathlib
>>> from cipherkit.classroom import open_classroom
>>> folder = tempfile.TemporaryDirectory()
>>> desk = open_classroom(f"sqlite:///{folder.name}/rooms.db")
>>> s = desk.start_session("Year 9")
>>> _ = desk.record_attempt(s.code, "Ada", "01-caesar", "q1", False)
>>> written = export_csv(desk, pathlib.Path(folder.name) / "out")
>>> [p.name for p in written]
['attempts.csv', 'rooms.csv']
>>> rows = list(csv.DictReader(written[0].open()))
>>> rows[0]["student"], rows[0]["correct"]
('Ada', 'no')
>>> desk.close(); folder.cleanup()
"""

from __future__ import annotations

import csv
import json
from pathlib import Path

from cipherkit.classroom.classroom import Classroom
from cipherkit.classroom.sessions import iso
from cipherkit.core.errors import CipherkitError

__all__ = ["ATTEMPT_COLUMNS", "ROOM_COLUMNS", "export_csv"]

ATTEMPT_COLUMNS = ["class_code", "class", "student", "lesson", "exercise", "correct", "at"]
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
]


def _safe(value: object) -> str:
    """A cell a spreadsheet will not run as a formula."""
    text = str(value)
    return "'" + text if text[:1] in ("=", "+", "-", "@", "\t", "\r") else text


def export_csv(classroom: Classroom, folder: str | Path) -> list[Path]:
    """Write ``attempts.csv``, ``rooms.csv`` (and ``records/*.json``) into ``folder``
    (made if missing); return the CSV paths."""
    out = Path(folder)
    try:
        out.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise CipherkitError(f"cannot write to {out}: {exc.strerror}") from None
    sessions = sorted(classroom.sessions(), key=lambda s: s.created)
    attempts_path, rooms_path = out / "attempts.csv", out / "rooms.csv"
    with attempts_path.open("w", newline="", encoding="utf-8") as handle:
        writer = csv.writer(handle)
        writer.writerow(ATTEMPT_COLUMNS)
        for session in sessions:
            for a in classroom.attempts(session.id):
                writer.writerow(
                    [
                        session.code,
                        _safe(session.title),
                        _safe(a.student),
                        _safe(a.lesson),
                        _safe(a.exercise),
                        "yes" if a.correct else "no",
                        iso(a.at),
                    ]
                )
    with rooms_path.open("w", newline="", encoding="utf-8") as handle:
        writer = csv.writer(handle)
        writer.writerow(ROOM_COLUMNS)
        for session in sessions:
            for r in classroom.results(session.id):
                writer.writerow(
                    [
                        session.code,
                        _safe(session.title),
                        r["code"],
                        r["game"],
                        _safe(" / ".join(r["players"])),
                        r["status"],
                        "yes" if r["finished"] else "no",
                        r["actions"],
                        _safe(r["result"]),
                    ]
                )
                if r["record_kept"]:
                    records = out / "records"
                    records.mkdir(exist_ok=True)
                    (records / f"{r['code']}.json").write_text(
                        json.dumps(classroom.record_json(r["room"]), indent=1) + "\n",
                        encoding="utf-8",
                    )
    return [attempts_path, rooms_path]
