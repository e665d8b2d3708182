"""Latin and Cyrillic letters that look alike, folded into the alphabet of an answer.

A Cyrillic ``Е`` typed for the answer ``E`` looks right and is meant right; so is a Latin
``C`` typed into the Cyrillic answer ``СОК``. :func:`script_of` tells which of the two
alphabets an answer is written in, and :func:`fold_lookalikes` maps the other alphabet's
look-alike letters into it; every other character is kept, so a comparison stays exact in
everything else. Pairs are letters whose capitals are drawn alike (А/A, В/B, Е/E, К/K,
М/M, Н/H, О/O, Р/P, С/C, Т/T, У/Y, Х/X), in both cases, as answers are compared without
case. The table is our own, written from the letters' shapes.

>>> from cipherkit.i18n.letters import fold_like, fold_lookalikes
>>> fold_lookalikes("\u0415", "latin"), fold_lookalikes("COK", "cyrillic") == "СОК"
('E', True)
>>> fold_like("\u0421AT", "cat"), fold_like("ЖУК", "Bye")  # only look-alikes move
('CAT', 'ЖYK')
"""

from __future__ import annotations

import unicodedata
from typing import Literal

__all__ = ["Script", "fold_like", "fold_lookalikes", "script_of"]

Script = Literal["latin", "cyrillic"]
"""The two alphabets whose look-alike letters are folded."""

_CYRILLIC = "АВЕКМНОРСТУХавекмнорстух"
_LATIN = "ABEKMHOPCTYXabekmhopctyx"

_TO_LATIN = str.maketrans(_CYRILLIC, _LATIN)
_TO_CYRILLIC = str.maketrans(_LATIN, _CYRILLIC)


def _is_latin(ch: str) -> bool:
    base = unicodedata.normalize("NFD", ch)[0]
    return "a" <= base.lower() <= "z"


def _is_cyrillic(ch: str) -> bool:
    return "\u0400" <= ch <= "\u052f"


def script_of(text: str) -> Script | None:
    """The alphabet ``text``'s letters are written in: ``"latin"`` when its Latin and
    Cyrillic letters are all Latin, ``"cyrillic"`` when they are all Cyrillic, ``None``
    when it has neither or both (letters of other alphabets, digits and signs do not count).

    >>> script_of("Café 42"), script_of("Ёжик"), script_of("4017 52"), script_of("USB-кабель")
    ('latin', 'cyrillic', None, None)
    """
    latin = cyrillic = False
    for ch in text:
        if ch.isalpha():
            latin = latin or _is_latin(ch)
            cyrillic = cyrillic or _is_cyrillic(ch)
    if latin == cyrillic:
        return None
    return "latin" if latin else "cyrillic"


def fold_lookalikes(text: str, script: Script | None) -> str:
    """``text`` with the look-alike letters of the other alphabet written in ``script``
    (``text`` unchanged when ``script`` is ``None``).

    >>> fold_lookalikes("\u0410\u0412\u0421 xyz", "latin"), fold_lookalikes("ABC", None)
    ('ABC xyz', 'ABC')
    >>> [ord(ch) > 0x400 for ch in fold_lookalikes("HOT", "cyrillic")]
    [True, True, True]
    """
    if script == "latin":
        return text.translate(_TO_LATIN)
    if script == "cyrillic":
        return text.translate(_TO_CYRILLIC)
    return text


def fold_like(text: str, answer: str) -> str:
    """``text`` with look-alike letters folded into the alphabet ``answer`` is written in
    (:func:`script_of`; unchanged when that is neither or both).

    >>> fold_like("\u0415AST", "east tunnel"), fold_like("\u0415AST", "4017")
    ('EAST', '\u0415AST')
    """
    return fold_lookalikes(text, script_of(answer))
