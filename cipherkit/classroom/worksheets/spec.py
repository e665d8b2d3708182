"""A lesson's worksheet spec: its exercises with their material, answer and hint.

Each lesson has one spec, ``cipherkit/data/worksheets/<lesson>.yaml`` (package data). A
notebook exercise's ``question`` is its ``ExerciseBox`` question word for word, so the
``lessons`` catalog translates it as on the lesson's page; an exercise marked ``extra``
is for pencil and paper only, and says its own words in each language (``ru:``).

Examples
--------
>>> from cipherkit.classroom.worksheets.spec import find_lessons, load_worksheet
>>> find_lessons("01")
['01-caesar-and-brute-force']
>>> sheet = load_worksheet("01-caesar-and-brute-force")
>>> sheet.exercises[0].question, sheet.exercises[0].answer
('What does the message say?', 'You can read this message')
>>> from cipherkit.i18n import speaking
>>> with speaking("ru"):
...     said = sheet.said()
>>> said.title, said.exercises[0].question
('Урок 1. Шифр Цезаря и полный перебор', 'Что говорится в сообщении?')
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

from cipherkit.core.errors import CipherkitError
from cipherkit.core.resources import package_root
from cipherkit.i18n import language
from cipherkit.i18n.lessons import question_words

if TYPE_CHECKING:
    from cipherkit.glyphs.glyph import Glyph

__all__ = [
    "GlyphLine",
    "SheetExercise",
    "Worksheet",
    "find_lessons",
    "lesson_ids",
    "load_worksheet",
    "parse_worksheet",
    "spec_folder",
]

MOST_LINES = 20
"""The most ruled lines an exercise may ask for (a page holds about 25)."""
_TEXTS = ("question", "material", "answer", "hint")
_OWN_WORDS = ("title", *_TEXTS)


@dataclass(frozen=True, slots=True)
class GlyphLine:
    """A message drawn in a lesson's glyph alphabet: the glyph set (``style``, ``seed``)
    and the key (``key_seed``), as ``GlyphSubstitution.random`` makes them.

    >>> line = GlyphLine("runes", 7, 4, "open door")
    >>> [g is None for g in line.glyphs()][3:6]
    [False, True, False]
    """

    style: str
    seed: int
    key_seed: int
    text: str

    def glyphs(self) -> list[Glyph | None]:
        """The message's glyphs in order (``None`` for a space: a gap, not a glyph)."""
        from cipherkit.ciphers import GlyphSubstitution

        cipher = GlyphSubstitution.random({"style": self.style, "seed": self.seed}, self.key_seed)
        alphabet = cipher.glyph_set()
        return [None if gid == " " else alphabet[gid] for gid in cipher.encrypt(self.text)]


@dataclass(frozen=True, slots=True)
class SheetExercise:
    """One exercise of a worksheet: what the student reads and works on (``question``,
    ``material``, ``glyphs``, ``lines`` to write on) and what the teacher reads
    (``answer``, ``hint``). ``words`` holds its own words in other languages."""

    question: str
    material: str
    lines: int
    answer: str
    hint: str
    extra: bool = False
    glyphs: GlyphLine | None = None
    words: Mapping[str, Mapping[str, str]] = field(default_factory=dict)

    def said(self) -> SheetExercise:
        """The exercise in the language in force: a notebook question from the
        ``lessons`` catalog (as the lesson's page shows it), the rest from ``words``
        (English where a language has none)."""
        own = self.words.get(language(), {})
        question = own.get("question")
        if question is None:
            question = self.question if self.extra else _lesson_question(self.question)
        return replace(
            self,
            question=question,
            material=own.get("material", self.material),
            answer=own.get("answer", self.answer),
            hint=own.get("hint", self.hint),
        )


@dataclass(frozen=True, slots=True)
class Worksheet:
    """A lesson's worksheet: its id, title and exercises (``words``: the title in
    other languages)."""

    lesson: str
    title: str
    exercises: tuple[SheetExercise, ...]
    words: Mapping[str, Mapping[str, str]] = field(default_factory=dict)

    def said(self) -> Worksheet:
        """The worksheet in the language in force (see :meth:`SheetExercise.said`)."""
        title = self.words.get(language(), {}).get("title", self.title)
        return replace(self, title=title, exercises=tuple(e.said() for e in self.exercises))


def _lesson_question(question: str) -> str:
    return question_words(question)


def spec_folder() -> Path:
    """Where the worksheet specs are (``cipherkit/data/worksheets``)."""
    return package_root() / "data" / "worksheets"


def lesson_ids() -> list[str]:
    """Every lesson with a worksheet, in order.

    >>> lesson_ids()[:2]
    ['01-caesar-and-brute-force', '02-substitution-and-frequency']
    """
    return sorted(path.stem for path in spec_folder().glob("*.yaml"))


def find_lessons(name: str) -> list[str]:
    """The lessons ``name`` means: ``all``, a lesson id (a notebook's file name or path
    too) or a prefix of exactly one id.

    >>> find_lessons("notebooks/lessons/05-transposition.ipynb")
    ['05-transposition']
    >>> find_lessons("0")
    Traceback (most recent call last):
    ...
    cipherkit.core.errors.CipherkitError: '0' could be several lessons: 01-caesar-and-...
    """
    ids = lesson_ids()
    if name == "all":
        return ids
    stem = Path(name).name.removesuffix(".ipynb")
    if stem in ids:
        return [stem]
    found = [lesson for lesson in ids if stem and lesson.startswith(stem)]
    if len(found) == 1:
        return found
    if found:
        raise CipherkitError.say(
            "{name!r} could be several lessons: {ids}", name=name, ids=", ".join(found)
        )
    raise CipherkitError.say(
        "unknown lesson {name!r}: choose one of {ids}, or all", name=name, ids=", ".join(ids)
    )


@cache
def load_worksheet(lesson: str) -> Worksheet:
    """The worksheet spec of ``lesson`` (an id of :func:`lesson_ids`)."""
    import yaml

    path = spec_folder() / f"{lesson}.yaml"
    try:
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
    except (OSError, yaml.YAMLError) as exc:
        raise CipherkitError.say(
            "worksheet {name}: cannot read its spec ({reason})", name=lesson, reason=exc
        ) from None
    return parse_worksheet(data, lesson)


def parse_worksheet(data: Any, name: str) -> Worksheet:
    """A :class:`Worksheet` from a spec's YAML ``data`` (``name`` says which in errors).

    >>> parse_worksheet({"lesson": "x", "title": "X", "exercises": [{"question": "Q?"}]}, "x")
    Traceback (most recent call last):
    ...
    cipherkit.core.errors.CipherkitError: worksheet x, exercise 1: material is missing or not text
    """
    if not isinstance(data, dict) or not isinstance(data.get("exercises"), list):
        raise CipherkitError.say("worksheet {name}: no list of exercises", name=name)
    title = data.get("title")
    if not isinstance(title, str) or data.get("lesson") != name:
        raise CipherkitError.say("worksheet {name}: give its lesson id and title", name=name)
    exercises = tuple(_exercise(e, name, n) for n, e in enumerate(data["exercises"], start=1))
    if not exercises:
        raise CipherkitError.say("worksheet {name}: no list of exercises", name=name)
    return Worksheet(name, title, exercises, _words(data, name, 0))


def _exercise(data: Any, name: str, number: int) -> SheetExercise:
    if not isinstance(data, dict):
        data = {}
    texts = {}
    for key in _TEXTS:
        value = data.get(key)
        if isinstance(value, (int, float)) and not isinstance(value, bool):
            value = str(value)
        if not isinstance(value, str):
            raise CipherkitError.say(
                "worksheet {name}, exercise {number}: {key} is missing or not text",
                name=name,
                number=number,
                key=key,
            )
        texts[key] = value.strip()
    lines = data.get("lines")
    if not isinstance(lines, int) or isinstance(lines, bool) or not 1 <= lines <= MOST_LINES:
        raise CipherkitError.say(
            "worksheet {name}, exercise {number}: lines must be a whole number from 1 to {most}",
            name=name,
            number=number,
            most=MOST_LINES,
        )
    return SheetExercise(
        lines=lines,
        extra=bool(data.get("extra", False)),
        glyphs=_glyph_line(data.get("glyphs"), name, number),
        words=_words(data, name, number),
        **texts,
    )


def _glyph_line(data: Any, name: str, number: int) -> GlyphLine | None:
    if data is None:
        return None
    try:
        return GlyphLine(
            str(data["style"]), int(data["seed"]), int(data["key_seed"]), str(data["text"])
        )
    except (KeyError, TypeError, ValueError):
        raise CipherkitError.say(
            "worksheet {name}, exercise {number}: glyphs needs style, seed, key_seed and text",
            name=name,
            number=number,
        ) from None


def _words(data: dict[str, Any], name: str, number: int) -> dict[str, dict[str, str]]:
    """The spec's own words in other languages: ``{lang: {field: text}}``."""
    from cipherkit.i18n import LANGUAGES, SOURCE

    found = {}
    for lang in LANGUAGES:
        own = data.get(lang)
        if lang == SOURCE or own is None:
            continue
        if not isinstance(own, dict) or not all(
            key in _OWN_WORDS and isinstance(text, str) for key, text in own.items()
        ):
            raise CipherkitError.say(
                "worksheet {name}, exercise {number}: {lang} gives words for "
                "{fields} only, as text",
                name=name,
                number=number,
                lang=lang,
                fields=", ".join(_OWN_WORDS),
            )
        found[lang] = {key: text.strip() for key, text in own.items()}
    return found
