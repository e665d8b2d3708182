"""Glyph names that give nothing away: does a mission's glyph key line its names up with
the letters they hide?

Design notes: ``docs/mission-format.md``, ``cipherkit.games.mission.format.glyph_names``.

>>> report = name_report({"kettle": "L", "anchor": "A", "mitten": "M", "pine": "P"})
>>> report.initials, round(report.expected, 2), report.suspicious
(('anchor', 'mitten', 'pine'), 0.21, True)
>>> name_report({"kettle": "A", "anchor": "M", "mitten": "P", "pine": "L"}).suspicious
False
>>> name_report({"sea": "C", "gull": None}).spelled
('sea',)
>>> name_report({"эль": "Л", "пять": "5", "сова": "К"}).spelled
('эль', 'пять')
"""

from __future__ import annotations

import unicodedata
from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING

from cipherkit.games.mission.format.problems import WARNING, Problem
from cipherkit.i18n import say

if TYPE_CHECKING:
    from cipherkit.games.mission.content.mission import Mission
    from cipherkit.games.mission.format.yamlio import Source

__all__ = ["ALPHA", "GlyphNameReport", "glyph_name_problems", "name_report"]

ALPHA = 0.05
"""Initials are reported when that many or more would happen by chance less often."""

INITIAL_SHARE: dict[str, float] = {
    "a": 0.037, "b": 0.095, "c": 0.128, "d": 0.032, "e": 0.018, "f": 0.044, "g": 0.034,
    "h": 0.046, "i": 0.007, "j": 0.016, "k": 0.017, "l": 0.037, "m": 0.059, "n": 0.015,
    "o": 0.02, "p": 0.077, "q": 0.001, "r": 0.038, "s": 0.134, "t": 0.067, "u": 0.006,
    "v": 0.015, "w": 0.049, "x": 0.001, "y": 0.002, "z": 0.004,
}  # fmt: skip
"""The chance that a name starts with a letter: the share of the 818 concrete nouns of
cipherkit's shipped keyword list (``cipherkit/data/intercept_keywords.txt``) with each
initial, as glyph names are concrete nouns too."""

OTHER_SHARE = 1 / 30
"""The chance of an initial for a letter outside a-z (a typical alphabet's share)."""

_LETTER_NAMES = {
    "a": "a ay alfa alpha",
    "b": "bee be bravo beta",
    "c": "cee sea see charlie",
    "d": "dee delta",
    "e": "ee echo",
    "f": "ef eff foxtrot",
    "g": "gee golf",
    "h": "aitch haitch hotel",
    "i": "eye aye india",
    "j": "jay juliet juliett",
    "k": "kay kilo",
    "l": "el ell lima",
    "m": "em mike",
    "n": "en november",
    "o": "oh owe oscar",
    "p": "pea pee papa",
    "q": "cue queue kew quebec",
    "r": "ar are romeo",
    "s": "ess sierra",
    "t": "tea tee tango",
    "u": "you ewe yew uniform",
    "v": "vee victor",
    "w": "doubleu doubleyou whiskey whisky",
    "x": "ex xray",
    "y": "why wye yankee",
    "z": "zed zee zulu",
}
_NUMBER_WORDS = str.split(
    "zero one two three four five six seven eight nine ten eleven twelve thirteen "
    "fourteen fifteen sixteen seventeen eighteen nineteen twenty"
)
_TENS = {"30": "thirty", "40": "forty", "50": "fifty", "60": "sixty", "70": "seventy"}
_RUSSIAN_LETTER_NAMES = {
    "а": "а", "б": "бэ бе", "в": "вэ ве", "г": "гэ ге", "д": "дэ де", "е": "е йо",
    "ж": "жэ же", "з": "зэ зе", "и": "и икраткое", "к": "ка", "л": "эль эл", "м": "эм",
    "н": "эн", "о": "о", "п": "пэ пе", "р": "эр", "с": "эс", "т": "тэ те", "у": "у",
    "ф": "эф", "х": "ха", "ц": "цэ це", "ч": "че", "ш": "ша", "щ": "ща",
    "ъ": "твердыизнак ер", "ы": "ы еры", "ь": "мягкиизнак ерь", "э": "э", "ю": "ю", "я": "я",
}  # fmt: skip
"""Russian letters said aloud, accents dropped as :func:`_plain` drops them (й is и, ё is е)."""
_RUSSIAN_NUMBER_WORDS = str.split(
    "ноль один два три четыре пять шесть семь восемь девять десять одиннадцать двенадцать "
    "тринадцать четырнадцать пятнадцать шестнадцать семнадцать восемнадцать девятнадцать "
    "двадцать"
)
_RUSSIAN_TENS = {
    "30": "тридцать", "40": "сорок", "50": "пятьдесят", "60": "шестьдесят",
    "70": "семьдесят", "80": "восемьдесят", "90": "девяносто",
}  # fmt: skip
SPOKEN: dict[str, frozenset[str]] = {
    **{letter: frozenset(names.split()) for letter, names in _LETTER_NAMES.items()},
    **{letter: frozenset(names.split()) for letter, names in _RUSSIAN_LETTER_NAMES.items()},
    **{
        str(n): frozenset({word, _RUSSIAN_NUMBER_WORDS[n]} | ({"нуль"} if n == 0 else set()))
        for n, word in enumerate(_NUMBER_WORDS)
    },
    **{
        n: frozenset({word, _RUSSIAN_TENS[n]})
        for n, word in {**_TENS, "80": "eighty", "90": "ninety"}.items()
    },
}
"""What a letter or a number is called aloud, in English and in Russian (its name, its
radio-alphabet word)."""


def _plain(text: str) -> str:
    """Case-folded letters and digits without accents (``Émeraude`` -> ``emeraude``)."""
    decomposed = unicodedata.normalize("NFD", text.casefold())
    return "".join(ch for ch in decomposed if ch.isalnum() and not unicodedata.combining(ch))


@dataclass(frozen=True, slots=True)
class GlyphNameReport:
    """How a glyph key's names line up with what the glyphs hide.

    ``initials``: names starting with their one-letter content; ``spelled``: names that
    are their content said aloud; ``letters``: how many glyphs hide one letter;
    ``expected``: the initials chance gives; ``tail``: the chance of as many or more.
    """

    initials: tuple[str, ...]
    spelled: tuple[str, ...]
    letters: int
    expected: float
    tail: float

    @property
    def suspicious(self) -> bool:
        """More initials than chance allows (at :data:`ALPHA`), or any spelled name."""
        return bool(self.spelled) or (bool(self.initials) and self.tail < ALPHA)


def _tail(shares: list[float], observed: int) -> float:
    """P(at least ``observed`` successes) of independent trials with these chances."""
    dist = [1.0]
    for p in shares:
        dist = [
            (dist[k] if k < len(dist) else 0.0) * (1 - p) + (dist[k - 1] * p if k else 0.0)
            for k in range(len(dist) + 1)
        ]
    return sum(dist[observed:])


def name_report(key: Mapping[str, str | None]) -> GlyphNameReport:
    """Check a glyph key (glyph name -> content, ``None`` for decoys).

    >>> name_report({"tango": "T", "drum": "2", "two": "2"}).spelled
    ('tango', 'two')
    """
    initials: list[str] = []
    spelled: list[str] = []
    shares: list[float] = []
    for name, content in key.items():
        if content is None:
            continue
        plain_name, plain_content = _plain(name), _plain(content)
        if not plain_name or not plain_content:
            continue
        if plain_name == plain_content or plain_name in SPOKEN.get(plain_content, ()):
            spelled.append(name)
            continue
        if len(plain_content) == 1 and plain_content.isalpha():
            shares.append(INITIAL_SHARE.get(plain_content, OTHER_SHARE))
            if plain_name[0] == plain_content:
                initials.append(name)
    return GlyphNameReport(
        tuple(initials), tuple(spelled), len(shares), sum(shares), _tail(shares, len(initials))
    )


def glyph_name_problems(mission: Mission, source: Source) -> list[Problem]:
    """The validator's warnings about a mission's glyph names (none when they are fine)."""
    report = name_report({g.id: g.content for g in mission.glyphs.values()})
    problems = []
    contents = {g.id: g.content for g in mission.glyphs.values()}
    if report.initials and report.tail < ALPHA:
        named = ", ".join(f"{g} ({contents[g]})" for g in report.initials)
        problems.append(
            source.problem(
                ("glyphs",),
                say(
                    "glyph names start with the letter they hide more often than chance: "
                    "{named}; {n} of {letters} where chance gives about {expected:.1f} "
                    "(rename them so a name gives nothing away)",
                    n=len(report.initials),
                    named=named,
                    letters=report.letters,
                    expected=report.expected,
                ),
                WARNING,
            )
        )
    for glyph in report.spelled:
        problems.append(
            source.problem(
                ("glyphs", glyph),
                say(
                    "glyph {glyph!r} names what it hides ({content}) aloud; "
                    "rename it so the name gives nothing away",
                    glyph=glyph,
                    content=contents[glyph],
                ),
                WARNING,
            )
        )
    return problems
