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
from dataclasses import dataclass
from typing import Any

from cipherkit.core.errors import CipherkitError
from cipherkit.i18n import Message, nsay, pgettext, say, text

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


@dataclass(frozen=True, slots=True, init=False)
class Problem:
    """One thing wrong (``severity="error"``) or doubtful (``"warning"``) in a mission.

    ``said`` is the structured message (an id and its parameters, no language);
    :attr:`message` is its words in the language in force where it is read. The file
    and the field path are as written.

    >>> from cipherkit.i18n import say, speaking
    >>> p = Problem("m.yaml", 2, "seed", say("must be a whole number, not {kind}", kind="text"))
    >>> p.said.id, p.message
    ('must be a whole number, not {kind}', 'must be a whole number, not text')
    """

    file: str
    line: int | None
    path: str
    said: Message
    severity: str

    def __init__(
        self,
        file: str,
        line: int | None,
        path: str,
        message: str | Message,
        severity: str = ERROR,
    ) -> None:
        object.__setattr__(self, "file", file)
        object.__setattr__(self, "line", line)
        object.__setattr__(self, "path", path)
        object.__setattr__(self, "said", text(message))
        object.__setattr__(self, "severity", severity)

    def __hash__(self) -> int:
        return hash((self.file, self.line, self.path, self.said.id, self.severity))

    @property
    def message(self) -> str:
        """What is wrong, in the language in force."""
        return self.said.words()

    @property
    def where(self) -> str:
        """``file:line`` (``file`` when the line is unknown)."""
        return self.file if self.line is None else f"{self.file}:{self.line}"

    def __str__(self) -> str:
        return f"{self.where}: {self.path}: {self.message}"

    def labelled(self) -> str:
        """The problem with its severity, as ``cipherkit validate`` prints it:
        ``file:line: error: field.path: message`` (or ``warning:``; the label is in the
        language in force).

        >>> Problem("m.yaml", 4, "deck.time", "few icons", WARNING).labelled()
        'm.yaml:4: warning: deck.time: few icons'
        """
        label = pgettext("severity", "error") if self.is_error else pgettext("severity", "warning")
        return f"{self.where}: {label}: {self.path}: {self.message}"

    def words(self) -> Message:
        """The whole problem as a message (``file:line: field.path: message``) whose
        words are chosen where it is shown."""
        params = {"where": self.where, "path": self.path, "message": self.said}
        return Message("{where}: {path}: {message}", params)

    @property
    def is_error(self) -> bool:
        """Whether the problem is an error (it stops the mission loading), not a warning."""
        return self.severity == ERROR

    def to_json(self) -> dict[str, Any]:
        """The problem as a JSON-safe dict (what ``cipherkit validate --json`` prints);
        ``message`` is in the language in force."""
        return {
            "file": self.file,
            "line": self.line,
            "path": self.path,
            "message": self.message,
            "severity": self.severity,
        }


class MissionError(CipherkitError):
    """A mission that cannot be loaded; ``problems`` lists every problem found.

    Its words (the first error, and how many more) are chosen where it is shown.

    >>> err = MissionError([Problem("a.yaml", 3, "id", "missing field 'id'")])
    >>> str(err)
    "a.yaml:3: id: missing field 'id'"
    """

    def __init__(self, problems: Iterable[Problem]) -> None:
        self.problems = list(problems)
        errors = [p for p in self.problems if p.is_error] or self.problems
        if not errors:
            super().__init__(say("invalid mission"))
            return
        more: Message | str = ""
        if len(errors) > 1:
            more = nsay(" (and {n} more error)", " (and {n} more errors)", len(errors) - 1)
        super().__init__(Message("{problem}{more}", {"problem": errors[0].words(), "more": more}))
