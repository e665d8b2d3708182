"""Typed reading of plain mission data that records problems (with a did-you-mean)
instead of raising; :mod:`.schema` reads each section of a mission with it."""

from __future__ import annotations

import difflib
import re
import unicodedata
from collections.abc import Iterable, Mapping
from typing import Any

from cipherkit.games.mission.format.problems import ERROR, WARNING, Path, Problem
from cipherkit.games.mission.format.yamlio import Source

MAX_TEXT_CHARS = 2_000
"""The longest text field (a question, a card's text, a name); see the narrower ones."""
MAX_ID_CHARS = 64
ID_PATTERN = re.compile(r"^[^\W_][\w-]*$")
"""Ids: letters (of any script) or digits, then also ``-`` and ``_``."""


def kind_of(value: Any) -> str:
    """How a value's type reads in a message.

    >>> kind_of("x"), kind_of(3), kind_of([1]), kind_of({}), kind_of(None), kind_of(True)
    ('text', 'a number', 'a list', 'a mapping', 'empty (null)', 'true/false')
    """
    if value is None:
        return "empty (null)"
    if isinstance(value, bool):
        return "true/false"
    if isinstance(value, int | float):
        return "a number"
    if isinstance(value, str):
        return "text"
    if isinstance(value, list):
        return "a list"
    if isinstance(value, dict):
        return "a mapping"
    return type(value).__name__


def did_you_mean(word: str, choices: Iterable[str]) -> str:
    """`` (did you mean 'x'?)`` for a close match, else ``''``.

    >>> did_you_mean("stak", ["stack", "name"])
    " (did you mean 'stack'?)"
    """
    match = difflib.get_close_matches(str(word), list(choices), n=1, cutoff=0.6)
    return f" (did you mean {match[0]!r}?)" if match else ""


class Reader:
    """Typed field access that records problems instead of raising."""

    def __init__(self, source: Source) -> None:
        self.source = source
        self.problems: list[Problem] = []

    def report(self, path: Path, message: str, severity: str = ERROR) -> None:
        """Record a problem at ``path`` (an error unless ``severity`` says otherwise)."""
        self.problems.append(self.source.problem(path, message, severity))

    def warn(self, path: Path, message: str) -> None:
        """Record a warning at ``path``."""
        self.report(path, message, WARNING)

    @property
    def failed(self) -> bool:
        """Whether an error has been recorded."""
        return any(p.is_error for p in self.problems)

    def mapping(
        self,
        value: Any,
        path: Path,
        fields: Mapping[str, bool],
        what: str,
        hints: Mapping[str, str] | None = None,
    ) -> dict[str, Any] | None:
        """The ``value`` if it is a mapping, else None; unknown and missing ``fields`` are
        recorded as problems. ``hints`` says what a common slip (an unknown field name)
        should have been, in place of a did-you-mean.
        """
        if not isinstance(value, dict):
            self.report(path, f"{what} must be a mapping, not {kind_of(value)}")
            return None
        for key in value:
            if key not in fields:
                hint = f" (hint: {hints[key]})" if hints and key in hints else ""
                hint = hint or did_you_mean(key, fields)
                if not hint:
                    hint = f" (known fields: {', '.join(fields)})"
                self.report((*path, key), f"unknown field {key!r}{hint}")
        for name, required in fields.items():
            if required and name not in value:
                self.report(path, f"missing field {name!r}")
        return value

    def text(
        self,
        value: Any,
        path: Path,
        *,
        allow_empty: bool = False,
        max_chars: int = MAX_TEXT_CHARS,
    ) -> str | None:
        """The ``value`` if it is acceptable text, else None (and the problem recorded)."""
        if isinstance(value, bool) or value is None or isinstance(value, list | dict):
            self.report(path, f"must be text, not {kind_of(value)}")
            return None
        if isinstance(value, int | float):
            value = self.source.raw.get(path, str(value))
        value = unicodedata.normalize("NFC", str(value))
        if not allow_empty and not value.strip():
            self.report(path, "must not be empty")
            return None
        if len(str(value)) > max_chars:
            self.report(path, f"is {len(str(value)):,} characters long: at most {max_chars:,}")
            return None
        return str(value)

    def ident(self, value: Any, path: Path, what: str) -> str | None:
        """The ``value`` if it is a valid id, else None (and the problem recorded)."""
        if isinstance(value, int) and not isinstance(value, bool):
            value = self.source.raw.get(path, str(value))
        if not isinstance(value, str):
            self.report(path, f"{what} must be text, not {kind_of(value)}")
            return None
        value = unicodedata.normalize("NFC", value)
        if len(value) > MAX_ID_CHARS:
            self.report(path, f"{what} is {len(value):,} characters long: at most {MAX_ID_CHARS}")
            return None
        if not ID_PATTERN.match(value):
            self.report(
                path,
                f"{what} {value!r} must be letters, digits, '-' or '_' "
                "(no spaces), starting with a letter or digit",
            )
            return None
        return value

    def integer(self, value: Any, path: Path, lo: int, hi: int) -> int | None:
        """The ``value`` if it is a whole number from ``lo`` to ``hi``, else None (and the
        problem recorded).
        """
        if isinstance(value, bool) or not isinstance(value, int):
            self.report(path, f"must be a whole number, not {kind_of(value)}")
            return None
        if not lo <= value <= hi:
            self.report(path, f"must be from {lo} to {hi}, not {value}")
            return None
        return value

    def boolean(self, value: Any, path: Path) -> bool | None:
        """The ``value`` if it is true or false, else None (and the problem recorded)."""
        if not isinstance(value, bool):
            self.report(path, f"must be true or false, not {kind_of(value)}")
            return None
        return value

    def listing(self, value: Any, path: Path, what: str) -> list[Any] | None:
        """The ``value`` if it is a list, else None (and the problem recorded)."""
        if not isinstance(value, list):
            self.report(path, f"{what} must be a list, not {kind_of(value)}")
            return None
        return value

    def ref(self, value: Any, path: Path, known: Iterable[str], what: str) -> str | None:
        """The ``value`` if it names one of the ``known`` ids, else None (and the problem
        recorded, with a suggestion).
        """
        name = self.ident(value, path, what)
        if name is None:
            return None
        known = list(known)
        if name not in known:
            self.report(path, f"unknown {what} {name!r}{did_you_mean(name, known)}")
            return None
        return name
