"""Typed reading of plain mission data that records problems (with a did-you-mean)
instead of raising; :mod:`.schema` reads each section of a mission with it.

Problems are structured messages (:func:`~cipherkit.i18n.say`): their words are chosen
where they are shown.

>>> from cipherkit.i18n import speaking
>>> from cipherkit.games.mission.format.yamlio import Source
>>> r = Reader(Source("m.yaml"))
>>> r.integer("x", ("seed",), 0, 9) is None, str(r.problems[0])
(True, 'm.yaml: seed: must be a whole number, not text')
>>> with speaking("ru"):
...     print(r.problems[0])
m.yaml: seed: нужно целое число, а не текст
"""

from __future__ import annotations

import difflib
import re
import unicodedata
from collections.abc import Iterable, Mapping
from typing import Any

from cipherkit.games.mission.format.problems import ERROR, WARNING, Path, Problem
from cipherkit.games.mission.format.yamlio import Source
from cipherkit.i18n import N_, Message, nsay, say

MAX_TEXT_CHARS = 2_000
"""The longest text field (a question, a card's text, a name); see the narrower ones."""
MAX_ID_CHARS = 64
ID_PATTERN = re.compile(r"^[^\W_][\w-]*$")
"""Ids: letters (of any script) or digits, then also ``-`` and ``_``."""


Hint = Message | str
"""A suggestion appended to a message (`` (did you mean 'x'?)``), or ``""`` for none."""


def kind_of(value: Any) -> str:
    """How a value's type reads in a message, in English (:func:`kind` is the message).

    >>> kind_of("x"), kind_of(3), kind_of([1]), kind_of({}), kind_of(None), kind_of(True)
    ('text', 'a number', 'a list', 'a mapping', 'empty (null)', 'true/false')
    """
    if value is None:
        return N_("empty (null)")
    if isinstance(value, bool):
        return N_("true/false")
    if isinstance(value, int | float):
        return N_("a number")
    if isinstance(value, str):
        return N_("text")
    if isinstance(value, list):
        return N_("a list")
    if isinstance(value, dict):
        return N_("a mapping")
    return type(value).__name__


def kind(value: Any) -> Message:
    """How a value's type reads, as a message (words chosen where it is shown).

    >>> str(kind([1]))
    'a list'
    """
    return say(kind_of(value))


def did_you_mean(word: str, choices: Iterable[str]) -> str:
    """`` (did you mean 'x'?)`` for a close match, else ``''``.

    >>> did_you_mean("stak", ["stack", "name"])
    " (did you mean 'stack'?)"
    """
    return str(suggest(word, choices))


def suggest(word: str, choices: Iterable[str]) -> Hint:
    """:func:`did_you_mean` as a message (``""`` when nothing is close).

    >>> from cipherkit.i18n import speaking
    >>> with speaking("ru"):
    ...     str(suggest("stak", ["stack", "name"]))
    " (может быть, 'stack'?)"
    """
    match = difflib.get_close_matches(str(word), list(choices), n=1, cutoff=0.6)
    return say(" (did you mean {name!r}?)", name=match[0]) if match else ""


class Reader:
    """Typed field access that records problems instead of raising."""

    def __init__(self, source: Source) -> None:
        self.source = source
        self.problems: list[Problem] = []

    def report(self, path: Path, message: str | Message, severity: str = ERROR) -> None:
        """Record a problem at ``path`` (an error unless ``severity`` says otherwise)."""
        self.problems.append(self.source.problem(path, message, severity))

    def warn(self, path: Path, message: str | Message) -> None:
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
        what: Message,
        hints: Mapping[str, str] | None = None,
    ) -> dict[str, Any] | None:
        """The ``value`` if it is a mapping, else None; unknown and missing ``fields`` are
        recorded as problems. ``hints`` says what a common slip (an unknown field name)
        should have been, in place of a did-you-mean (``N_``-marked English).
        """
        if not isinstance(value, dict):
            self.report(
                path, say("{what} must be a mapping, not {kind}", what=what, kind=kind(value))
            )
            return None
        for key in value:
            if key not in fields:
                hint: Hint = ""
                if hints and key in hints:
                    hint = say(" (hint: {hint})", hint=say(hints[key]))
                hint = hint or suggest(key, fields)
                if not hint:
                    hint = say(" (known fields: {fields})", fields=", ".join(fields))
                self.report((*path, key), say("unknown field {key!r}{hint}", key=key, hint=hint))
        for name, required in fields.items():
            if required and name not in value:
                self.report(path, say("missing field {name!r}", name=name))
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
            self.report(path, say("must be text, not {kind}", kind=kind(value)))
            return None
        if isinstance(value, int | float):
            value = self.source.raw.get(path, str(value))
        value = unicodedata.normalize("NFC", str(value))
        if not allow_empty and not value.strip():
            self.report(path, say("must not be empty"))
            return None
        if len(str(value)) > max_chars:
            self.report(
                path,
                nsay(
                    "is {n:,} character long: at most {most:,}",
                    "is {n:,} characters long: at most {most:,}",
                    len(str(value)),
                    most=max_chars,
                ),
            )
            return None
        return str(value)

    def ident(self, value: Any, path: Path, what: Message) -> str | None:
        """The ``value`` if it is a valid id, else None (and the problem recorded)."""
        if isinstance(value, int) and not isinstance(value, bool):
            value = self.source.raw.get(path, str(value))
        if not isinstance(value, str):
            self.report(path, say("{what} must be text, not {kind}", what=what, kind=kind(value)))
            return None
        value = unicodedata.normalize("NFC", value)
        if len(value) > MAX_ID_CHARS:
            self.report(
                path,
                nsay(
                    "{what} is {n:,} character long: at most {most}",
                    "{what} is {n:,} characters long: at most {most}",
                    len(value),
                    what=what,
                    most=MAX_ID_CHARS,
                ),
            )
            return None
        if not ID_PATTERN.match(value):
            self.report(
                path,
                say(
                    "{what} {value!r} must be letters, digits, '-' or '_' "
                    "(no spaces), starting with a letter or digit",
                    what=what,
                    value=value,
                ),
            )
            return None
        return value

    def integer(self, value: Any, path: Path, lo: int, hi: int) -> int | None:
        """The ``value`` if it is a whole number from ``lo`` to ``hi``, else None (and the
        problem recorded).
        """
        if isinstance(value, bool) or not isinstance(value, int):
            self.report(path, say("must be a whole number, not {kind}", kind=kind(value)))
            return None
        if not lo <= value <= hi:
            self.report(
                path, say("must be from {lo} to {hi}, not {value}", lo=lo, hi=hi, value=value)
            )
            return None
        return value

    def boolean(self, value: Any, path: Path) -> bool | None:
        """The ``value`` if it is true or false, else None (and the problem recorded)."""
        if not isinstance(value, bool):
            self.report(path, say("must be true or false, not {kind}", kind=kind(value)))
            return None
        return value

    def listing(self, value: Any, path: Path, what: Message) -> list[Any] | None:
        """The ``value`` if it is a list, else None (and the problem recorded)."""
        if not isinstance(value, list):
            self.report(path, say("{what} must be a list, not {kind}", what=what, kind=kind(value)))
            return None
        return value

    def ref(self, value: Any, path: Path, known: Iterable[str], what: str) -> str | None:
        """The ``value`` if it names one of the ``known`` ids, else None (and the problem
        recorded, with a suggestion). ``what`` is a key of :data:`UNKNOWN`.
        """
        name = self.ident(value, path, say(what))
        if name is None:
            return None
        known = list(known)
        if name not in known:
            self.report(path, say(UNKNOWN[what], name=name, hint=suggest(name, known)))
            return None
        return name


UNKNOWN: dict[str, str] = {
    N_("glyph"): N_("unknown glyph {name!r}{hint}"),
    N_("room"): N_("unknown room {name!r}{hint}"),
    N_("trap"): N_("unknown trap {name!r}{hint}"),
    N_("action"): N_("unknown action {name!r}{hint}"),
    N_("character"): N_("unknown character {name!r}{hint}"),
    N_("ability"): N_("unknown ability {name!r}{hint}"),
    N_("token"): N_("unknown token {name!r}{hint}"),
}
"""What :meth:`Reader.ref` says of a name it does not know, by what the name should be
(one whole sentence each, so that a translation can agree with the noun)."""
