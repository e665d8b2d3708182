"""A class session: one lesson's worth of rooms and exercise attempts, under a class code.

Students type the class code (``WORD-DDDDD-WORD``, like a room's join code, 32 bits)
into a lesson page to have their answers counted; the teacher page shows the session.
"""

from __future__ import annotations

import datetime as _dt
from dataclasses import asdict, dataclass
from typing import Any

__all__ = ["ClassSession", "iso"]

MAX_TITLE = 80


def iso(seconds: float | None) -> str | None:
    """Unix seconds as an ISO 8601 UTC time (``None`` stays ``None``).

    >>> iso(0)
    '1970-01-01T00:00:00+00:00'
    """
    if seconds is None:
        return None
    return _dt.datetime.fromtimestamp(seconds, _dt.UTC).isoformat(timespec="seconds")


@dataclass(frozen=True)
class ClassSession:
    """One class session as stored.

    Examples
    --------
    >>> s = ClassSession("a1b2", "TIGER-48213-MOSS", "Year 9 codes", "open", 0.0, None)
    >>> s.is_open, s.to_json()["code"]
    (True, 'TIGER-48213-MOSS')
    """

    id: str
    code: str
    title: str
    status: str
    created: float
    ended: float | None
    group: str = ""
    """The key of the class (term) it belongs to; ``""``: a session on its own."""
    kind: str = "live"
    """``live`` (a lesson in class) or ``homework`` (a lesson at home, with a due time)."""

    @property
    def is_open(self) -> bool:
        """Whether the class session is still open."""
        return self.status == "open"

    @classmethod
    def of(cls, row: tuple[Any, ...]) -> ClassSession:
        """The class session read from a database row."""
        return cls(
            str(row[0]),
            str(row[1]),
            str(row[2]),
            str(row[3]),
            float(row[4]),
            None if row[5] is None else float(row[5]),
            *(str(v or "") for v in row[6:8]),
        )

    def to_json(self) -> dict[str, Any]:
        """The class session as a JSON-safe dict (times in ISO 8601)."""
        return {**asdict(self), "created": iso(self.created), "ended": iso(self.ended)}
