"""Clue checks: what a machine can check of the clue rules, with reasons.

:func:`check_clue` returns a :class:`ClueCheck`: a list of :class:`Problem`, each an
``"error"`` (the engine refuses the clue) or a ``"warning"`` (shown, not enforced),
against the Encryptor's own team's keywords and earlier clues. The kinds and the
decisions behind them: docs/intercept.md (*Clue checks*) and docs/rules/intercept.md §2.9.

Examples
--------
>>> from cipherkit.games.intercept.clues import check_clue
>>> result = check_clue("Dragonflies", ["black", "dragonfly", "cocktail", "sombrero"])
>>> result.ok, result.reason
(False, "uses the keyword 'dragonfly' (as 'dragonflies')")
>>> check_clue("Mexico", ["black", "dragonfly", "cocktail", "sombrero"]).ok
True
>>> [p.kind for p in check_clue("8 letters", ["scorpion"]).errors]
['digits', 'letter-count']
>>> night = check_clue("Night", ["nightmare", "sun", "car", "ant"])  # the rulebook's own
>>> night.ok, night.clean, [p.message for p in night.warnings]
(True, False, ["'night' is part of the keyword 'nightmare': legal, but it may help the other team"])
>>> check_clue("the insect", ["cat"], earlier=["Insects"]).reason
"repeats the earlier clue 'Insects'"
>>> check_clue("Theatres", ["theater"]).reason
"uses the keyword 'theater' (as 'theatres', another spelling of it)"
>>> check_clue("Кошки", ["кошка"]).ok, check_clue("number two", ["cat"]).reason
(False, 'is only a number (number words and roman numerals read out the code as digits do)')
>>> [p.kind for p in check_clue("second", ["clock"]).warnings]
['ordinal']

A keyword translated is the keyword (cipherkit's bilingual table, English and Russian):

>>> check_clue("frogs", ["лягушка", "кот", "мост", "лес"]).reason
"uses the keyword 'лягушка' (as 'frogs', a translation of it)"
>>> check_clue("Лягушки", ["frog", "cat", "bridge", "forest"]).reason
"uses the keyword 'frog' (as 'лягушки', a translation of it)"

The reason is words in the language in force; :attr:`ClueCheck.said` is the message:

>>> from cipherkit.i18n import speaking
>>> said = check_clue("dragonfly", ["dragonfly"]).said
>>> said.id, dict(said.params)
('uses the keyword {keyword!r}', {'keyword': 'dragonfly'})
>>> with speaking("ru"):
...     check_clue("dragonfly", ["dragonfly"]).reason
'использует ключевое слово «dragonfly»'
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from cipherkit.games.intercept.words import (
    STOPWORDS,
    fold,
    forms,
    is_cyrillic,
    lemma,
    same_russian,
    tokens,
    translations,
    variants,
)
from cipherkit.i18n import Message, say

if TYPE_CHECKING:
    from cipherkit.games.intercept.vectors import Vectors

NEAR_REPEAT_THRESHOLD = 0.8
"""Cosine similarity from which two clues count as the same idea (a warning)."""

CARDINALS = frozenset(
    str.split(
        """
    zero one two three four five six seven eight nine ten eleven twelve thirteen
    fourteen fifteen sixteen seventeen eighteen nineteen twenty once twice thrice
    ноль один одна одно одного одной два две двух три трёх трех четыре четырёх четырех
    пять пяти шесть шести семь семи восемь восьми девять девяти десять десяти
    """
    )
)
"""Number words that read out a number (English and Russian, folded)."""

ORDINALS = frozenset(
    str.split(
        """
    first second third fourth fifth sixth seventh eighth ninth tenth
    первый первая первое первого первой первую второй вторая второе второго вторую
    третий третья третье третьего третьей третью четвёртый четвертый четвёртая
    четвертая четвёртое четвертое четвёртого четвертого
    """
    )
)
"""Ordinals: alone they are a warning (``second`` is also a unit of time)."""

NUMBER_WORDS = CARDINALS | ORDINALS
"""Every number word the checks know."""

NUMBER_FILLERS = frozenset(
    str.split(
        """
    the a an and then number numbers numeral numerals digit digits code dash dot point
    comma hyphen номер номера код цифра цифры число и потом точка тире
    """
    )
)
"""Words that may go with numbers in a code read out in disguise (``number two``)."""

_ROMAN = re.compile(r"^(x{0,3})(ix|iv|v?i{0,3})$")
_NUMBER_ALTERNATIVES = "|".join(sorted(NUMBER_WORDS, key=len, reverse=True))
_SPELLING = re.compile(
    r"\b(starts? with|begins? with|ends? with|rhymes? with|sounds? like|spelled|spelt|"
    r"spelling|first letter|last letter|initials?|anagram|acronym|abbreviation|"
    r"начинается (?:с|со|на)|заканчивается на|оканчивается на|рифмуется с|звучит как|"
    r"по буквам|первая буква|последняя буква|анаграмма|аббревиатура)\b"
)
_POSITION = re.compile(
    r"\b(first|second|third|fourth|last|1st|2nd|3rd|4th|top|bottom|left|right)"
    r"[\s-]+(word|keyword|card|slot|one|position|place|row|column)\b|\b(top|bottom)[\s-]+"
    r"(left|right)\b|\bposition\b|"
    r"\b(перв|втор|трет|четв[её]рт|последн)\w*\s+(слов|карт|мест|позици)\w*|"
    r"\b(слева|справа|сверху|снизу|позиция)\b"
)
_LETTER_COUNT = re.compile(
    r"\b(\d+|" + _NUMBER_ALTERNATIVES + r")[\s-]*(letters?|букв\w*)(?!\w)|\bletters? long\b|"
    r"\b(одно|дву|тр[её]х|четыр[её]х|пяти|шести|семи|восьми|девяти|десяти)буквенн"
)
_SPELLED = re.compile(r"\b([^\W\d_])[\s.-]+([^\W\d_])[\s.-]+([^\W\d_])\b")


def is_number_word(word: str) -> bool:
    """A number word (English or Russian, cardinal or ordinal) or a roman numeral up to 39.

    >>> [is_number_word(w) for w in ("two", "iv", "iii", "xiv", "mix", "second", "два")]
    [True, True, True, True, False, True, True]
    """
    return word in NUMBER_WORDS or bool(word and _ROMAN.match(word))


@dataclass(frozen=True, slots=True)
class Problem:
    """One finding about a clue: ``kind``, ``severity`` (error or warning), and what it
    says (``said``, a message: :attr:`message` is its words in the language in force)."""

    kind: str
    severity: str
    said: Message

    @property
    def message(self) -> str:
        """What the problem says, in the language in force."""
        return self.said.words()

    def to_json(self) -> dict[str, Any]:
        """The problem as a JSON-safe dict (kind, severity, the message's words, and the
        message itself as ``said``)."""
        return {
            "kind": self.kind,
            "severity": self.severity,
            "message": self.message,
            "said": self.said.to_json(),
        }


@dataclass(frozen=True, slots=True)
class ClueCheck:
    """The result of checking one clue: ``ok`` when there is no error."""

    text: str
    problems: tuple[Problem, ...] = field(default_factory=tuple)

    @property
    def errors(self) -> tuple[Problem, ...]:
        """The problems that make the clue illegal."""
        return tuple(p for p in self.problems if p.severity == "error")

    @property
    def warnings(self) -> tuple[Problem, ...]:
        """The problems that allow the clue but are worth a second look."""
        return tuple(p for p in self.problems if p.severity == "warning")

    @property
    def ok(self) -> bool:
        """No error: the rules allow the clue."""
        return not self.errors

    @property
    def clean(self) -> bool:
        """Neither an error nor a warning (what bots give)."""
        return not self.problems

    @property
    def said(self) -> Message | None:
        """The first error's message (``None`` when the clue is fine)."""
        return self.errors[0].said if self.errors else None

    @property
    def reason(self) -> str:
        """The first error's words in the language in force ('' when the clue is fine)."""
        return self.errors[0].message if self.errors else ""

    def to_json(self) -> dict[str, Any]:
        """The check as a JSON-safe dict (text, ok, problems)."""
        return {
            "text": self.text,
            "ok": self.ok,
            "problems": [p.to_json() for p in self.problems],
        }


def clue_key(text: str) -> str:
    """What two clues must share to be the same clue: lemmas of the meaningful words.

    >>> clue_key("The Insects!") == clue_key("insect")
    True
    """
    words = [lemma(t) for t in tokens(text)]
    meaningful = [w for w in words if w not in STOPWORDS]
    return " ".join(meaningful or words)


def _uses(words: list[str], joined: str, key: str) -> str | None:
    """How the clue uses ``key`` or a form of it (the word, or the words spaced), or None.

    An English key: its plural, possessive and verb forms. A Russian key: its other
    cases and numbers (:func:`~cipherkit.games.intercept.words.same_russian`).
    """
    if is_cyrillic(key):
        for word in words:
            if same_russian(word, key):
                return word
        if len(words) > 1 and same_russian(joined, key):
            return " ".join(words)
        return None
    base = lemma(key)
    inflected = forms(key) | forms(base)
    for word in words:
        if word in inflected or lemma(word) == base:
            return word
    if len(words) > 1 and (joined in inflected or lemma(joined) == base):
        return " ".join(words)
    return None


def _near(words: list[str], joined: str, key: str, keyword: str) -> Problem | None:
    """A warning when a word of the clue contains ``key`` or is a part of it."""
    base = lemma(key)
    for word in words:
        for stem in {key, base}:
            if (len(stem) >= 4 and stem in word) or (
                len(stem) == 3 and (word.startswith(stem) or word.endswith(stem))
            ):
                message = say(
                    "{word!r} contains the keyword {keyword!r}: legal, but it may help the "
                    "other team",
                    word=word,
                    keyword=keyword,
                )
                return Problem("contains-keyword", "warning", message)
    if len(words) > 1:
        for stem in {key, base}:
            if len(stem) >= 4 and stem in joined:
                message = say(
                    "the words run together contain the keyword {keyword!r}: legal, but it "
                    "may help the other team",
                    keyword=keyword,
                )
                return Problem("contains-keyword", "warning", message)
    for word in words:
        if word in STOPWORDS or len(word) < 3 or len(word) >= len(key):
            continue
        rest = len(key) - len(word)
        truncation = key.startswith(word)
        compound_part = key.endswith(word) and rest >= 3
        if truncation or compound_part or (len(word) >= 5 and word in key):
            message = say(
                "{word!r} is part of the keyword {keyword!r}: legal, but it may help the "
                "other team",
                word=word,
                keyword=keyword,
            )
            return Problem("part-of-keyword", "warning", message)
    return None


@lru_cache(maxsize=1024)
def _spellings(keyword: str) -> tuple[str, ...]:
    """The keyword as one folded word, then its other spellings (empty: no letters)."""
    key = "".join(tokens(keyword))
    return (key, *sorted(variants(key))) if key else ()


def _keyword_problems(words: list[str], joined: str, keyword: str) -> list[Problem]:
    spellings = _spellings(keyword)
    if not spellings:
        return []
    key = spellings[0]
    for spelling in spellings:
        used = _uses(words, joined, spelling)
        if used is None:
            continue
        if spelling != key:
            message = say(
                "uses the keyword {keyword!r} (as {used!r}, another spelling of it)",
                keyword=keyword,
                used=used,
            )
        elif used == key:
            message = say("uses the keyword {keyword!r}", keyword=keyword)
        else:
            message = say("uses the keyword {keyword!r} (as {used!r})", keyword=keyword, used=used)
        return [Problem("keyword", "error", message)]
    for translation in _translations(keyword):
        used = _uses(words, joined, translation)
        if used is not None:
            message = say(
                "uses the keyword {keyword!r} (as {used!r}, a translation of it)",
                keyword=keyword,
                used=used,
            )
            return [Problem("translation", "error", message)]
    for spelling in spellings:
        warning = _near(words, joined, spelling, keyword)
        if warning is not None:
            return [warning]
    return []


@lru_cache(maxsize=1024)
def _translations(keyword: str) -> tuple[str, ...]:
    """The keyword's translations, each as one folded word, with their other spellings."""
    found: set[str] = set()
    for translation in translations(keyword):
        key = "".join(tokens(translation))
        if key:
            found |= {key, *variants(key)}
    return tuple(sorted(found))


def _number_problems(words: list[str]) -> list[Problem]:
    numbers = [w for w in words if is_number_word(w)]
    if not numbers or any(w not in NUMBER_FILLERS and not is_number_word(w) for w in words):
        return []
    if len(numbers) == 1 and numbers[0] in ORDINALS:
        message = say(
            "{word!r} is an ordinal: legal for its other meanings, but it must not "
            "read out a digit of the code",
            word=numbers[0],
        )
        return [Problem("ordinal", "warning", message)]
    return [
        Problem(
            "number",
            "error",
            say(
                "is only a number (number words and roman numerals read out the code as digits do)"
            ),
        )
    ]


def _form_problems(text: str, words: list[str]) -> list[Problem]:
    problems = []
    lowered = fold(text)
    if any(ch.isdigit() for ch in text):
        problems.append(Problem("digits", "error", say("reads out digits")))
    problems += _number_problems(words)
    if _LETTER_COUNT.search(lowered):
        problems.append(Problem("letter-count", "error", say("gives a number of letters")))
    raw = lowered.replace("-", " ").split()
    singles = [w.strip(".,;:!?\"'()") for w in raw]
    letters = [w for w in singles if len(w) == 1 and w.isalpha()]
    spelled = _SPELLED.search(lowered)
    named = bool(letters) and any(w.startswith(("letter", "букв")) for w in words)
    if (len(singles) == 1 and len(letters) == 1) or named or (spelled and len(letters) >= 3):
        problems.append(Problem("single-letter", "error", say("reads out single letters")))
    if _SPELLING.search(lowered):
        problems.append(
            Problem(
                "spelling", "warning", say("refers to spelling or sound: the rules ask for meaning")
            )
        )
    if _POSITION.search(lowered):
        problems.append(
            Problem("position", "warning", say("refers to a keyword's place on the screen"))
        )
    return problems


def check_clue(
    text: str,
    keywords: Sequence[str],
    earlier: Sequence[str] = (),
    *,
    vectors: Vectors | None = None,
    threshold: float = NEAR_REPEAT_THRESHOLD,
) -> ClueCheck:
    """Check ``text`` as a clue for a team with ``keywords`` that gave ``earlier`` clues.

    Parameters
    ----------
    text:
        The clue (a word or a phrase).
    keywords:
        The keywords in play for this Encryptor (their team's four).
    earlier:
        The team's earlier clues of this game (this round's included).
    vectors:
        Word vectors for the near-repeat warning (none: no warning is computed).
    threshold:
        Similarity from which a near repeat is reported.
    """
    words = tokens(text)
    problems = _form_problems(text, words)
    if not words:
        problems = problems or [Problem("empty", "error", say("has no words"))]
        return ClueCheck(text, tuple(problems))
    joined = "".join(words)
    for keyword in keywords:
        problems += _keyword_problems(words, joined, keyword)
    key = clue_key(text)
    repeated = next((e for e in earlier if clue_key(e) == key), None)
    if repeated is not None:
        problems.append(
            Problem("repeat", "error", say("repeats the earlier clue {clue!r}", clue=repeated))
        )
    if vectors is not None:
        problems += _vector_warnings(text, earlier, vectors, threshold, repeated)
    return ClueCheck(text, tuple(problems))


def _vector_warnings(
    text: str,
    earlier: Sequence[str],
    vectors: Vectors,
    threshold: float,
    repeated: str | None,
) -> list[Problem]:
    vector = vectors.phrase(text)
    if vector is None:
        return [
            Problem("unknown-words", "warning", say("no word of this clue is in the vocabulary"))
        ]
    best, best_sim = None, threshold
    for other in earlier:
        if other == repeated:
            continue
        other_vector = vectors.phrase(other)
        if other_vector is None:
            continue
        similarity = float(vector @ other_vector)
        if similarity >= best_sim:
            best, best_sim = other, similarity
    if best is None:
        return []
    return [
        Problem(
            "near-repeat",
            "warning",
            say(
                "is close in meaning to the earlier clue {clue!r} (similarity {similarity:.2f})",
                clue=best,
                similarity=best_sim,
            ),
        )
    ]
