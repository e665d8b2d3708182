"""Problems found in a mission file, and the error raised when a mission cannot be used.

A :class:`Problem` names the file, the line (when known), the field path and what is
wrong; ``str(problem)`` is ``file:line: field.path: message`` (``file: field.path:
message`` when the line is unknown), the form ``cipherkit validate`` prints.

Examples
--------
>>> from cipherkit.games.mission.format.problems import Problem, format_path
>>> format_path(("map", "rooms", "hall", "stack", 2))
'map.rooms.hall.stack[2]'
>>> str(Problem("m.yaml", 7, "map.rooms.hall", "unknown field 'stak' (did you mean 'stack'?)"))
"m.yaml:7: map.rooms.hall: unknown field 'stak' (did you mean 'stack'?)"
>>> Problem("m.yaml", None, "deck", "too few cards", "warning").to_json()["severity"]
'warning'
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import asdict, dataclass
from typing import Any

from cipherkit.core.errors import CipherkitError

PathKey = str | int
Path = tuple[PathKey, ...]

ERROR = "error"
WARNING = "warning"


def format_path(path: Sequence[PathKey]) -> str:
    """Dotted field names with ``[i]`` for list items; ``mission`` for the whole file."""
    text = ""
    for key in path:
        if isinstance(key, int):
            text += f"[{key}]"
        else:
            text += ("." if text else "") + str(key)
    return text or "mission"


@dataclass(frozen=True, slots=True)
class Problem:
    """One thing wrong (``severity="error"``) or doubtful (``"warning"``) in a mission."""

    file: str
    line: int | None
    path: str
    message: str
    severity: str = ERROR

    def __str__(self) -> str:
        where = self.file if self.line is None else f"{self.file}:{self.line}"
        return f"{where}: {self.path}: {self.message}"

    def labelled(self) -> str:
        """The problem with its severity, as ``cipherkit validate`` prints it:
        ``file:line: error: field.path: message`` (or ``warning:``).

        >>> Problem("m.yaml", 4, "deck.time", "few icons", WARNING).labelled()
        'm.yaml:4: warning: deck.time: few icons'
        """
        where = self.file if self.line is None else f"{self.file}:{self.line}"
        return f"{where}: {self.severity}: {self.path}: {self.message}"

    @property
    def is_error(self) -> bool:
        """Whether the problem is an error (it stops the mission loading), not a warning."""
        return self.severity == ERROR

    def to_json(self) -> dict[str, Any]:
        """The problem as a JSON-safe dict (what ``cipherkit validate --json`` prints)."""
        return asdict(self)


class MissionError(CipherkitError):
    """A mission that cannot be loaded; ``problems`` lists every problem found.

    >>> err = MissionError([Problem("a.yaml", 3, "id", "missing field 'id'")])
    >>> str(err)
    "a.yaml:3: id: missing field 'id'"
    """

    def __init__(self, problems: Iterable[Problem]) -> None:
        self.problems = list(problems)
        errors = [p for p in self.problems if p.is_error] or self.problems
        text = str(errors[0]) if errors else "invalid mission"
        if len(errors) > 1:
            text += f" (and {len(errors) - 1} more error{'s' * (len(errors) > 2)})"
        super().__init__(text)
