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
from cipherkit.classroom.lookalike import skeleton
from cipherkit.classroom.sessions import iso

__all__ = ["SeatResult", "StudentResult", "cell", "seat_results", "students"]

_FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r", "\n")


def cell(value: object) -> str:
    """A value as a spreadsheet cell that is never run as a formula.

    Numbers stay numbers (``-2`` is minus two). In text, invisible format characters
    (zero-width space, direction marks, BOM...) are dropped, and a text that starts like
    a formula, in any width (``＝1+1``), gets a leading apostrophe.

    >>> cell("=1+1"), cell("\\u200b=1+1"), cell("＝SUM(A1)"), cell("Ada"), cell(3), cell(-2.5)
    ("'=1+1", "'=1+1", "'＝SUM(A1)", 'Ada', '3', '-2.5')
    >>> cell("-2")
    "'-2"
    """
    if isinstance(value, int | float) and not isinstance(value, bool):
        return str(int(value)) if float(value).is_integer() else str(value)
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


GAME_POINTS = {"won": 1.0, "drawn": 0.5, "lost": 0.0}
"""A finished game's points toward a student's game percentage (the maximum is one a
game): Decipher, Intercept and mission scores cannot be compared, results can."""


@dataclass
class StudentResult:
    """One student of a class session: games and exercises, for a gradebook."""

    student: str
    student_id: str = ""
    email: str = ""
    rooms: int = 0
    won: int = 0
    lost: int = 0
    drawn: int = 0
    games: dict[str, list[float]] = field(default_factory=dict)
    """Each game's points, one a finished game (:data:`GAME_POINTS`)."""
    tries: dict[str, int] = field(default_factory=dict)
    solved: dict[str, bool] = field(default_factory=dict)
    late: dict[str, bool] = field(default_factory=dict)
    last_seen: str = ""

    def seen(self, when: str | None) -> None:
        """Note a time (ISO 8601 UTC) the student was active; keeps the latest."""
        if when and when > self.last_seen:
            self.last_seen = when

    def played(self, game: str, result: str) -> None:
        """Count one seat's result in ``game``."""
        self.rooms += 1
        self.won += result == "won"
        self.lost += result == "lost"
        self.drawn += result == "drawn"
        if result in GAME_POINTS:
            self.games.setdefault(game, []).append(GAME_POINTS[result])

    def answered(self, exercise: str, correct: bool, late: bool) -> None:
        """Count one answer to ``exercise`` (tries up to the first right one)."""
        if self.solved.get(exercise):
            return
        self.tries[exercise] = self.tries.get(exercise, 0) + 1
        self.solved[exercise] = correct
        self.late[exercise] = correct and late

    def row(self, games: list[str], exercises: list[str]) -> dict[str, Any]:
        """The student's row: numbers as numbers; each game's score, maximum and
        percentage; each exercise's solved (1/0), tries and late (1/0)."""
        score = sum(sum(v) for v in self.games.values())
        most = sum(len(v) for v in self.games.values())
        row: dict[str, Any] = {
            "student_id": self.student_id,
            "email": self.email,
            "student": self.student,
            "rooms": self.rooms,
            "won": self.won,
            "lost": self.lost,
            "drawn": self.drawn,
            "games_score": score,
            "games_max": most,
            "games_pct": _pct(score, most),
            "exercises_tried": len(self.tries),
            "exercises_solved": sum(self.solved.values()),
            "exercises_late": sum(self.late.values()),
            "last_seen": self.last_seen,
        }
        for game in games:
            points = self.games.get(game, [])
            row |= {
                f"{game}_score": sum(points),
                f"{game}_max": len(points),
                f"{game}_pct": _pct(sum(points), len(points)),
            }
        for exercise in exercises:
            row |= {
                f"{exercise} solved": int(self.solved.get(exercise, False)),
                f"{exercise} tries": self.tries.get(exercise, 0),
                f"{exercise} late": int(self.late.get(exercise, False)),
            }
        return row


def _pct(score: float, most: int) -> float | str:
    """``score`` of ``most`` as a percentage to one decimal; ``""`` with nothing played."""
    return round(100.0 * score / most, 1) if most else ""


def students(
    rooms: Iterable[Mapping[str, Any]],
    attempts: Sequence[Attempt],
    roster: Sequence[Any] = (),
    departures: Sequence[Mapping[str, Any]] = (),
) -> list[StudentResult]:
    """One result per student, from the session's rooms' infos and its attempts:
    every ``roster`` student first (absent ones too; :class:`RosterStudent` values), then
    people not on it by name, in the order they first appear. A student who left a room
    mid-game (``departures``: moved or removed) keeps it among their rooms, as ``left``.

    >>> a = [Attempt("s", "Ada", "l1", "q1", False, 0.0),
    ...      Attempt("s", "Ada", "l1", "q1", True, 60.0)]
    >>> (ada,) = students([], a)
    >>> row = ada.row([], ["l1 · q1"])
    >>> row["exercises_tried"], row["l1 · q1 tries"], row["l1 · q1 solved"], ada.last_seen
    (1, 2, 1, '1970-01-01T00:01:00+00:00')
    """
    found: dict[str, StudentResult] = {}
    by_look: dict[str, str] = {}
    for entry in roster:
        found[entry.name] = StudentResult(entry.name, entry.student_id, entry.email)
        by_look[skeleton(entry.name)] = entry.name

    def one(name: str) -> StudentResult:
        name = by_look.get(skeleton(name), name)
        return found.setdefault(name, StudentResult(name))

    for info in rooms:
        for seat in seat_results(info):
            taken = next(s for s in info["seats"] if int(s["seat"]) == seat.seat)
            if seat.bot or not taken.get("taken") or not taken.get("name"):
                continue
            student = one(seat.name)
            student.played(str(info.get("game", "")), seat.result)
            student.seen(info.get("updated"))
    for left in departures:
        student = one(str(left["name"]))
        student.played("", "left")
        student.seen(iso(float(left["at"])))
    for attempt in attempts:
        student = one(attempt.student)
        student.answered(attempt.column, attempt.correct, attempt.late)
        student.seen(iso(attempt.at))
    return list(found.values())
