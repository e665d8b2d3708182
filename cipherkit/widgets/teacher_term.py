"""The teacher page's term: the class's roster, rounds, moves, homework, every session's
results and the exercises' item analysis (issue #46). :class:`~cipherkit.widgets.teacher.
TeacherDesk` checks each message with :func:`check_term` and acts with :func:`term_act`;
:func:`term_view` is what the page draws of it.

>>> check_term({"type": "next_round", "shuffle": "yes"})
Traceback (most recent call last):
...
cipherkit.widgets.guard.Refused: refused: shuffle must be true or false
>>> analysis({"students": ["Ada", "Bo"], "exercises": ["l · q1"],
...           "cells": {"Ada": {"l · q1": {"tries": 2, "solved": True}}}})
[{'exercise': 'l · q1', 'answered': 1, 'solved': 1, 'share': 50.0, 'tries': 2.0}]
"""

from __future__ import annotations

import pathlib
from typing import Any

from cipherkit.classroom import Classroom
from cipherkit.classroom.homework import assign, homework_list, parse_due, progress
from cipherkit.classroom.rounds import next_round
from cipherkit.classroom.sessions import ClassSession, iso
from cipherkit.i18n import _
from cipherkit.widgets.guard import Refused

__all__ = ["KEY_ONLY_TERM", "TERM_FIELDS", "analysis", "check_term", "term_act", "term_view"]

TERM_FIELDS: dict[str, set[str]] = {
    "roster_add": {"id", "name", "email"},
    "roster_import": {"text"},
    "roster_remove": {"id"},
    "bots_replace": {"on"},
    "next_round": {"shuffle"},
    "move": {"room", "seat", "to_room"},
    "rename": {"room", "seat", "name"},
    "assign": {"lesson", "due"},
    "past": {"session"},
}
"""The term's messages and their fields (``roster_import``'s text may be long)."""
KEY_ONLY_TERM = frozenset({"roster_add", "roster_import", "roster_remove", "assign", "past"})
"""What a page opened by a pass may not do: the class's roster and homework, and other
sessions' results, need the key (a pass acts on its own session only)."""
MAX_ROSTER_TEXT = 200_000
_BOOLS = {"on", "shuffle"}
_NUMBERS = {"seat"}


def check_term(msg: dict[str, Any]) -> dict[str, Any]:
    """Check one term message's field types (its field names were checked already)."""
    for key in TERM_FIELDS[msg["type"]]:
        value = msg[key]
        if key in _BOOLS:
            if not isinstance(value, bool):
                raise Refused("refused: " + _("{key} must be true or false", key=key))
        elif key in _NUMBERS:
            if isinstance(value, bool) or not isinstance(value, int):
                raise Refused("refused: " + _("{key} must be a whole number", key=key))
        elif not isinstance(value, str):
            raise Refused("refused: " + _("{key} must be text", key=key))
        elif len(value) > (MAX_ROSTER_TEXT if key == "text" else 200):
            raise Refused("refused: " + _("{key} is too long", key=key))
    return msg


def term_act(desk: Classroom, session: ClassSession, kind: str, msg: dict[str, Any]) -> str:
    """Do one term message for the open ``session``; returns a sentence for the page
    (``""``: nothing to say). A class-wide action needs the session to have a class."""
    group = session.group
    class_wide = ("roster_add", "roster_import", "roster_remove", "bots_replace", "assign")
    if kind in class_wide and not group:
        raise Refused("refused: " + _("this session has no class: start one with a class name"))
    if kind == "roster_add":
        desk.groups.add(group, msg["id"], msg["name"], msg["email"])
        return ""
    if kind == "roster_import":
        report = desk.groups.import_text(group, msg["text"])
        said = f"{report.added} added, {report.updated} updated"
        if report.problems:
            return f"{said}; {len(report.problems)} rows left out: " + "; ".join(
                report.problems[:5]
            )
        return said
    if kind == "roster_remove":
        gone = desk.groups.remove(group, msg["id"])
        return f"{gone.name} is off the roster; their results stay"
    if kind == "bots_replace":
        desk.groups.set_bots_replace(group, msg["on"])
        return ""
    if kind == "next_round":
        kept = next_round(desk, session.id, shuffle=msg["shuffle"])
        return f"next round: seats kept for {len(kept)} students; their pages follow"
    if kind == "move":
        code, seat = desk.move_student(session.id, msg["room"], msg["seat"], msg["to_room"])
        return f"moved to room {code}, seat {seat + 1}: their page follows"
    if kind == "rename":
        desk.rename_student(session.id, msg["room"], msg["seat"], msg["name"])
        return ""
    if kind == "assign":
        if msg["lesson"] not in lessons():
            raise Refused("refused: " + _("choose one of this gallery's lessons"))
        work = assign(desk, group, msg["lesson"], due=parse_due(msg["due"]))
        return f"{work.title}: due {iso(work.due)}, class code {work.code}"
    raise Refused("refused: " + _("unknown message type"))  # pragma: no cover - checked before


def lessons(folder: pathlib.Path | None = None) -> list[str]:
    """The lesson pages homework may be set from: the gallery's ``lessons/`` beside the
    teacher page (the kernel's folder), else the shipped lessons."""
    here = folder or pathlib.Path("lessons")
    if not here.is_dir():
        here = pathlib.Path(__file__).resolve().parents[2] / "puzzles" / "lessons"
    return sorted(p.stem for p in here.glob("*.ipynb")) if here.is_dir() else []


def analysis(grid: dict[str, Any]) -> list[dict[str, Any]]:
    """Each exercise of a grid: students who answered, who solved it, the share solved
    (of every student in the grid) and the mean tries of those who solved it; the most
    missed first (see the module's example)."""
    students = grid.get("students") or []
    out = []
    for exercise in grid.get("exercises") or []:
        cells = [c[exercise] for c in (grid.get("cells") or {}).values() if exercise in c]
        solved = [c for c in cells if c["solved"]]
        share = round(100.0 * len(solved) / len(students), 1) if students else 0.0
        tries = round(sum(c["tries"] for c in solved) / len(solved), 1) if solved else None
        out.append(
            {
                "exercise": exercise,
                "answered": len(cells),
                "solved": len(solved),
                "share": share,
                "tries": tries,
            }
        )
    return sorted(out, key=lambda r: (r["share"], -(r["tries"] or 0.0)))


def _sessions(desk: Classroom) -> list[dict[str, Any]]:
    """The newest 60 sessions with their counts, in three grouped reads (the page is
    redrawn often: no session's rooms are opened here)."""
    conn = desk.db.connection()
    rooms = dict(conn.execute("SELECT session_id, COUNT(*) FROM class_rooms GROUP BY session_id"))
    finished = dict(
        conn.execute(
            "SELECT c.session_id, COUNT(*) FROM class_rooms c JOIN rooms r ON r.id = c.room_id "
            "WHERE r.outcome IS NOT NULL GROUP BY c.session_id"
        )
    )
    answers = dict(
        conn.execute("SELECT session_id, COUNT(*) FROM class_attempts GROUP BY session_id")
    )
    return [
        {
            **s.to_json(),
            "class": desk.groups.name(s.group) if s.group else "",
            "rooms": int(rooms.get(s.id, 0)),
            "finished": int(finished.get(s.id, 0)),
            "answers": int(answers.get(s.id, 0)),
        }
        for s in desk.sessions()[:60]
    ]


def past_view(desk: Classroom, session_id: str) -> dict[str, Any]:
    """What the page shows of any session, open or ended: its results and grid."""
    session = desk.session(session_id)
    grid = desk.grid(session.id)
    return {
        "session": session.to_json(),
        "results": desk.results(session.id),
        "grid": grid,
        "analysis": analysis(grid),
    }


def term_view(desk: Classroom, session: ClassSession | None, by_pass: bool) -> dict[str, Any]:
    """The term's part of the page's view: the open session's class (roster, homework),
    the item analysis, and (opened with the key) every session with its results."""
    view: dict[str, Any] = {"class": None, "analysis": [], "sessions": [], "lessons": []}
    if not by_pass:
        view["sessions"] = _sessions(desk)
        view["lessons"] = lessons()
    if session is None:
        return view
    view["analysis"] = analysis(desk.grid(session.id))
    if session.group:
        homework = []
        for work in homework_list(desk, session.group):
            rows = progress(desk, work.session_id)
            homework.append(
                {
                    **work.to_json(),
                    "done": sum(1 for r in rows if r["solved"] or r["late"]),
                    "of": len(rows),
                    "progress": rows,
                }
            )
        view["class"] = {
            "name": desk.groups.name(session.group),
            "roster": [s.to_json() for s in desk.groups.roster(session.group)],
            "bots_replace": desk.groups.bots_replace(session.group),
            "homework": [] if by_pass else homework,
        }
    return view
