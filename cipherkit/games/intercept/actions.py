"""The intercept game's codes, actions and their text notation.

Design notes: ``docs/intercept.md``, ``cipherkit.games.intercept.actions``.

>>> from cipherkit.games.intercept.actions import parse_action
>>> parse_action("guess 3-1-4")
Guess(code=(3, 1, 4))
>>> str(parse_action("  Clue   Evening with  friends "))
'clue Evening with friends'
>>> str(parse_action("keywords Sun,dog , -, tree"))
'keywords sun, dog, -, tree'
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from itertools import permutations

from cipherkit.core.errors import NotationError
from cipherkit.core.protocol import Action
from cipherkit.i18n import nsay

Code = tuple[int, int, int]
"""Three distinct digits from 1-4, in the order the clues are given."""

CODES: tuple[Code, ...] = tuple(permutations((1, 2, 3, 4), 3))
"""The 24 codes of a code deck, in lexicographic order."""

MAX_CLUE_LENGTH = 80
"""The longest clue text accepted, in characters."""

BLANK = "-"
"""A keyword guess left empty."""


def code_text(code: Code | None) -> str:
    """A code as ``d.d.d`` (``?.?.?`` when unknown).

    >>> code_text((3, 1, 4)), code_text(None)
    ('3.1.4', '?.?.?')
    """
    if code is None:
        return "?.?.?"
    return ".".join(str(d) for d in code)


def parse_code(text: str) -> Code:
    """Read ``3.1.4``, ``3-1-4``, ``3 1 4`` or ``314`` as a code.

    >>> parse_code("4.2.1")
    (4, 2, 1)
    >>> parse_code("1.1.2")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    cipherkit.core.errors.NotationError: '1.1.2' is not a code: use three different digits...
    """
    digits = re.sub(r"[\s.,\-/]", "", str(text))
    if len(digits) == 3 and all(d in "1234" for d in digits) and len(set(digits)) == 3:
        return (int(digits[0]), int(digits[1]), int(digits[2]))
    raise NotationError.say(
        "{text!r} is not a code: use three different digits from 1-4, like 3.1.4",
        text=str(text)[:20],
    )


def clean_text(text: str) -> str:
    """Clue text in NFC, surrounding space removed and inner runs of space made single.

    >>> clean_text("  big   red\\tbus "), clean_text("cafe\\u0301") == "caf\\u00e9"
    ('big red bus', True)
    """
    return " ".join(unicodedata.normalize("NFC", str(text)).split())


@dataclass(frozen=True, slots=True)
class Clue(Action):
    """The Encryptor's next clue (for the next digit of their code)."""

    text: str

    def __str__(self) -> str:
        return f"clue {self.text}"


@dataclass(frozen=True, slots=True)
class Timeout(Action):
    """Claim that the sand timer ran out (only with the timer option, once one
    Encryptor is done and the other is not)."""

    def __str__(self) -> str:
        return "timeout"


@dataclass(frozen=True, slots=True)
class Guess(Action):
    """A team's guess of the code being read: a decrypt for the Encryptor's team, an
    interception for the other side."""

    code: Code

    def __str__(self) -> str:
        return f"guess {code_text(self.code)}"


@dataclass(frozen=True, slots=True)
class KeywordGuess(Action):
    """Tiebreaker: a team's guess of the opponents' keywords 1-4 (``-`` for none)."""

    words: tuple[str, str, str, str]

    def __str__(self) -> str:
        return "keywords " + ", ".join(self.words)


TIMEOUT = Timeout()
GUESSES: dict[Code, Guess] = {code: Guess(code) for code in CODES}
NO_KEYWORD_GUESS = KeywordGuess((BLANK, BLANK, BLANK, BLANK))


def make_clue(text: str) -> Clue:
    """A clue action from text; :class:`NotationError` if empty, too long or multi-line.

    >>> make_clue(" parasol ")
    Clue(text='parasol')
    """
    if "\n" in str(text) or "\r" in str(text):
        raise NotationError.say("a clue is one line of text")
    cleaned = clean_text(text)
    if not cleaned:
        raise NotationError.say("a clue needs some text: clue WORDS")
    if len(cleaned) > MAX_CLUE_LENGTH:
        raise NotationError(
            nsay(
                "a clue is at most {n} character",
                "a clue is at most {n} characters",
                MAX_CLUE_LENGTH,
            )
        )
    return Clue(cleaned)


def make_keyword_guess(words: list[str] | tuple[str, ...]) -> KeywordGuess:
    """A keyword guess from four words (empty ones become ``-``).

    >>> make_keyword_guess(["Sun", "", "dog", "tree"])
    KeywordGuess(words=('sun', '-', 'dog', 'tree'))
    """
    if len(words) != 4:
        raise NotationError.say("guess four keywords separated by commas, not {n}", n=len(words))
    cleaned = []
    for word in words:
        text = clean_text(word).lower()
        if "," in text or len(text) > 40:
            raise NotationError.say("{text!r} is not a keyword guess", text=text[:20])
        cleaned.append(text or BLANK)
    return KeywordGuess((cleaned[0], cleaned[1], cleaned[2], cleaned[3]))


def parse_action(text: str) -> Action:
    """Read an action's notation; raise :class:`NotationError` with a hint otherwise."""
    if not isinstance(text, str):
        raise NotationError.say("an action must be text")
    stripped = text.strip()
    head, _, rest = stripped.partition(" ")
    verb = head.lower()
    if verb == "timeout" and not rest.strip():
        return TIMEOUT
    if verb == "guess" and rest.strip():
        return GUESSES[parse_code(rest)]
    if verb == "clue" and rest.strip():
        return make_clue(rest)
    if verb == "keywords" and rest.strip():
        return make_keyword_guess(rest.split(","))
    raise NotationError.say(
        "{text!r} is not an intercept action "
        "(try 'clue WORDS', 'guess 3.1.4', 'timeout', 'keywords a, b, c, d')",
        text=text[:40],
    )
