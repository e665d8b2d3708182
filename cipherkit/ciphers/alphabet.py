"""The alphabets a cipher works over: Latin (A-Z, 26 letters) and Russian (А-Я, 33).

Design notes: ``docs/ciphers.md``, ``cipherkit.ciphers.alphabet``.

Examples
--------
>>> RUSSIAN.size, RUSSIAN.letters[:8]
(33, 'АБВГДЕЁЖ')
>>> RUSSIAN.codes("Ёж, ещё!").tolist()
[6, 7, 5, 26, 6]
>>> RUSSIAN.reshape_like("Ёж, ещё!", [7, 6, 6, 27, 8])
'Жё, ёъз!'
>>> detect_alphabet("Привет, world"), detect_alphabet("Hello"), Alphabet.of("ru")
(RUSSIAN, LATIN, RUSSIAN)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

import numpy as np

from cipherkit.ciphers.text import (
    ALPHABET,
    check_text,
    codes_to_text,
    letter_codes,
    reshape_like,
    reshape_with,
)
from cipherkit.core.errors import CipherkitError

__all__ = ["ALPHABETS", "LATIN", "RUSSIAN", "Alphabet", "detect_alphabet"]

RUSSIAN_LETTERS = "АБВГДЕЁЖЗИЙКЛМНОПРСТУФХЦЧШЩЪЫЬЭЮЯ"
"""The Russian alphabet in its order: 33 letters, Ё its own letter after Е."""


@dataclass(frozen=True, eq=False)
class Alphabet:
    """The letters a cipher shifts and swaps, in order (code 0 is the first letter).

    Every other character (digits, spaces, punctuation, letters of other alphabets) is
    kept as it is, or dropped, by the shape options, exactly as for the Latin alphabet.
    There are two values, :data:`LATIN` and :data:`RUSSIAN`; :meth:`of` finds one by
    its name ("en"/"latin", "ru"/"russian").
    """

    name: str
    """The alphabet's short name: its language tag ("en", "ru")."""
    letters: str
    """The upper-case letters, in alphabetical order."""
    constant: str = field(repr=False)
    """The name of the module constant (what :func:`repr` shows)."""

    @property
    def size(self) -> int:
        """How many letters (26, 33)."""
        return len(self.letters)

    def __repr__(self) -> str:
        return self.constant

    def __reduce__(self) -> str:  # a pickled alphabet is the module's constant again
        return self.constant

    @classmethod
    def of(cls, value: Alphabet | str | None) -> Alphabet:
        """The alphabet ``value`` names (an :class:`Alphabet` is itself; None is Latin).

        >>> Alphabet.of("Russian"), Alphabet.of(None)
        (RUSSIAN, LATIN)
        >>> Alphabet.of("greek")
        Traceback (most recent call last):
        ...
        cipherkit.core.errors.CipherkitError: unknown alphabet 'greek' (known: en, ru)
        """
        if isinstance(value, Alphabet):
            return value
        if value is None:
            return LATIN
        found = _NAMES.get(str(value).strip().lower()) if isinstance(value, str) else None
        if found is None:
            raise CipherkitError.say(
                "unknown alphabet {name} (known: {known})",
                name=repr(value)[:30],
                known=", ".join(ALPHABETS),
            )
        return found

    def codes(self, text: str) -> np.ndarray:
        """The letters of ``text`` as an int array (0 .. size-1); everything else dropped."""
        if self is LATIN:
            return letter_codes(text)
        raw = np.frombuffer(check_text(text).encode("utf-32-le"), dtype=np.uint32)
        table = _table(self)
        inside = raw < len(table)
        codes = table[np.where(inside, raw, 0)]
        return codes[inside & (codes >= 0)].astype(np.int64)

    def text(self, codes: Sequence[int] | np.ndarray) -> str:
        """Upper-case letters from codes (taken modulo the size).

        >>> RUSSIAN.text([16, 17, 9, 2, 5, 19])
        'ПРИВЕТ'
        """
        if self is LATIN:
            return codes_to_text(codes)
        arr = np.asarray(codes, dtype=np.int64) % self.size
        return "".join(self.letters[i] for i in arr.tolist())

    def letters_only(self, text: str) -> str:
        """The letters of ``text``, upper case, nothing else."""
        return self.text(self.codes(text))

    def is_letter(self, ch: str) -> bool:
        """Whether the character ``ch`` is a letter of this alphabet (either case)."""
        if self is LATIN:
            return ch.isascii() and ch.isalpha()
        return len(ch) == 1 and ch.upper() in _index(self)

    def index(self, letter: str) -> int:
        """The code of one letter (either case); -1 if it is not in the alphabet.

        >>> RUSSIAN.index("ё"), LATIN.index("Z"), LATIN.index("Я")
        (6, 25, -1)
        """
        return _index(self).get(letter.upper(), -1) if len(letter) == 1 else -1

    def count_in(self, text: str) -> int:
        """How many letters of this alphabet ``text`` has."""
        return len(self.codes(text))

    def reshape_like(
        self,
        template: str,
        codes: Sequence[int] | np.ndarray,
        *,
        keep_case: bool = True,
        keep_spaces: bool = True,
        keep_punctuation: bool = True,
    ) -> str:
        """Put the letters ``codes`` into the shape of ``template`` (its non-letters, its
        case): :func:`~cipherkit.ciphers.text.reshape_like` over this alphabet."""
        options = {
            "keep_case": keep_case,
            "keep_spaces": keep_spaces,
            "keep_punctuation": keep_punctuation,
        }
        if self is LATIN:
            return reshape_like(template, codes, **options)
        is_letter: Callable[[str], bool] = self.is_letter
        return reshape_with(template, self.text(codes), is_letter, **options)


LATIN = Alphabet("en", ALPHABET, "LATIN")
"""A-Z: the alphabet of every cipher unless it is given another."""
RUSSIAN = Alphabet("ru", RUSSIAN_LETTERS, "RUSSIAN")
"""А-Я with Ё (33 letters): a Ё in a text is its own letter, never read as Е."""
ALPHABETS: dict[str, Alphabet] = {"en": LATIN, "ru": RUSSIAN}
"""The alphabets by short name."""
_NAMES = {"en": LATIN, "latin": LATIN, "ru": RUSSIAN, "russian": RUSSIAN}


def _index(alphabet: Alphabet) -> dict[str, int]:
    return _INDEX[alphabet.name]


def _table(alphabet: Alphabet) -> np.ndarray:
    return _TABLES[alphabet.name]


def _build_table(letters: str) -> np.ndarray:
    top = max(ord(ch) for ch in letters.lower() + letters) + 1
    table = np.full(top, -1, dtype=np.int16)
    for i, ch in enumerate(letters):
        table[ord(ch)] = i
        table[ord(ch.lower())] = i
    return table


_INDEX = {a.name: {ch: i for i, ch in enumerate(a.letters)} for a in ALPHABETS.values()}
_TABLES = {a.name: _build_table(a.letters) for a in ALPHABETS.values()}


def detect_alphabet(text: str, default: Alphabet = LATIN) -> Alphabet:
    """The alphabet most of the letters of ``text`` are in (``default`` on a tie).

    >>> detect_alphabet("Съешь же ещё этих мягких французских булок"), detect_alphabet("")
    (RUSSIAN, LATIN)
    """
    latin = LATIN.count_in(text)
    russian = RUSSIAN.count_in(text)
    if russian > latin:
        return RUSSIAN
    if latin > russian:
        return LATIN
    return default
