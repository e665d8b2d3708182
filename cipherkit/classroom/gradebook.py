"""A class session's results as rows a gradebook takes: one per seat, one per student.

:func:`seat_results` reads one room's public facts (:meth:`cipherkit.rooms.Room.info`):
each seat's player, team, result (won, lost, drawn or playing) and points.
:func:`students` folds a session's rooms and exercise attempts into one
:class:`StudentResult` per student. :func:`cell` makes any value safe for a spreadsheet.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from cipherkit.classroom.attempts import Attempt
from cipherkit.classroom.sessions import iso

__all__ = ["SeatResult", "StudentResult", "cell", "seat_results", "students"]

_FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r", "\n")


def cell(value: object) -> str:
    """A value as a spreadsheet cell that is never run as a formula.

    Invisible format characters (zero-width space, direction marks, BOM...) are dropped,
    and a text that starts like a formula, in any width (``＝1+1``), gets a leading
    apostrophe.

    >>> cell("=1+1"), cell("\\u200b=1+1"), cell("＝SUM(A1)"), cell("Ada"), cell(3)
    ("'=1+1", "'=1+1", "'＝SUM(A1)", 'Ada', '3')
    """
    text = "".join(c for c in str(value) if unicodedata.category(c) != "Cf")
    start = unicodedata.normalize("NFKC", text[:1])
    return "'" + text if start[:1] in _FORMULA_STARTS else text


@dataclass(frozen=True)
class SeatResult:
    """One seat of one room: who sat there and how it ended for them."""

    seat: int
    name: str
    team: str
    bot: bool
    result: str
    points: float | None


def seat_results(info: Mapping[str, Any]) -> list[SeatResult]:
    """Each seat of a room (from its ``info``) with its result: ``won``, ``lost``,
    ``drawn``, or ``playing`` while the game goes on (``closed`` for a room closed
    before the end).

    Examples
    --------
    >>> info = {"over": True, "outcome": {"winners": [0], "reason": "code broken",
    ...         "scores": {"0": 2, "1": 0}, "draw": False}, "updated": "2026-01-01T10:00:00+00:00",
    ...         "seats": [{"seat": 0, "name": "Ada", "bot": None, "taken": True},
    ...                   {"seat": 1, "name": "Bo", "bot": None, "taken": True, "team": "black"}]}
    >>> [(s.name, s.result, s.points) for s in seat_results(info)]
    [('Ada', 'won', 2.0), ('Bo', 'lost', 0.0)]
    """
    outcome = info.get("outcome") if info.get("over") else None
    winners = set(outcome.get("winners", [])) if outcome else set()
    scores = (outcome or {}).get("scores") or {}
    out = []
    for seat in info["seats"]:
        number = int(seat["seat"])
        if outcome is None:
            result = "closed" if info.get("status") == "closed" else "playing"
        elif outcome.get("draw"):
            result = "drawn"
        else:
            result = "won" if number in winners else "lost"
        points = scores.get(str(number))
        out.append(
            SeatResult(
                seat=number,
                name=str(seat.get("name") or f"seat {number + 1}"),
                team=str(seat.get("team") or ""),
                bot=bool(seat.get("bot")),
                result=result,
                points=None if points is None else float(points),
            )
        )
    return out


@dataclass
class StudentResult:
    """One student of a class session: games and exercises, for a gradebook."""

    student: str
    rooms: int = 0
    won: int = 0
    lost: int = 0
    drawn: int = 0
    points: float = 0.0
    tried: set[str] = field(default_factory=set)
    solved: set[str] = field(default_factory=set)
    last_seen: str = ""

    def seen(self, when: str | None) -> None:
        """Note a time (ISO 8601 UTC) the student was active; keeps the latest."""
        if when and when > self.last_seen:
            self.last_seen = when

    def row(self) -> dict[str, Any]:
        """The student's row: rooms played, won, lost, drawn, points, exercises tried
        and solved, last seen."""
        return {
            "student": self.student,
            "rooms": self.rooms,
            "won": self.won,
            "lost": self.lost,
            "drawn": self.drawn,
            "points": f"{self.points:g}",
            "exercises_tried": len(self.tried),
            "exercises_solved": len(self.solved),
            "last_seen": self.last_seen,
        }


def students(
    rooms: Iterable[Mapping[str, Any]], attempts: Sequence[Attempt]
) -> list[StudentResult]:
    """One result per student (people only, by name), from the session's rooms' infos
    and its attempts, in the order students first appear.

    >>> a = [Attempt("s", "Ada", "l1", "q1", False, 0.0),
    ...      Attempt("s", "Ada", "l1", "q1", True, 60.0)]
    >>> (ada,) = students([], a)
    >>> ada.row()["exercises_tried"], ada.row()["exercises_solved"], ada.last_seen
    (1, 1, '1970-01-01T00:01:00+00:00')
    """
    found: dict[str, StudentResult] = {}

    def one(name: str) -> StudentResult:
        return found.setdefault(name, StudentResult(name))

    for info in rooms:
        for seat in seat_results(info):
            taken = next(s for s in info["seats"] if int(s["seat"]) == seat.seat)
            if seat.bot or not taken.get("taken") or not taken.get("name"):
                continue
            student = one(seat.name)
            student.rooms += 1
            student.won += seat.result == "won"
            student.lost += seat.result == "lost"
            student.drawn += seat.result == "drawn"
            student.points += seat.points or 0.0
            student.seen(info.get("updated"))
    for attempt in attempts:
        student = one(attempt.student)
        exercise = f"{attempt.lesson} · {attempt.exercise}"
        student.tried.add(exercise)
        if attempt.correct:
            student.solved.add(exercise)
        student.seen(iso(attempt.at))
    return list(found.values())
