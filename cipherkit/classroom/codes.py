"""Class codes: one short code a whole class types, read aloud from the projector.

Design notes: ``docs/classroom.md``, ``cipherkit.classroom.codes``.
"""

from __future__ import annotations

import math
import re
import secrets

from cipherkit.i18n.keyboard import as_qwerty

__all__ = ["CLASS_CODE_BITS", "LETTERS", "new_class_code", "normalize_class_code"]

LETTERS = "BCDFGHJKLMNPQRSTVWXZ"
"""The letters of class codes: consonants only."""

CLASS_CODE_BITS = 4 * math.log2(len(LETTERS)) + 3 * math.log2(10)
"""How many bits of chance a class code carries (27.25)."""

_CODE = re.compile(rf"([{LETTERS}]{{4}})([0-9]{{3}})")


def new_class_code() -> str:
    """A fresh random class code, ``LLLL-DDD``."""
    letters = "".join(secrets.choice(LETTERS) for _ in range(4))
    return f"{letters}-{secrets.randbelow(1000):03d}"


def normalize_class_code(text: object) -> str | None:
    """The class code in canonical form, or ``None`` if ``text`` cannot be one. Case,
    spaces, dashes and dots do not matter; Russian (ЙЦУКЕН) letters count as the QWERTY
    keys they sit on (a code typed in the wrong layout is read as meant).

    Examples
    --------
    >>> round(CLASS_CODE_BITS, 2)
    27.25
    >>> normalize_class_code(" kvmt 482 ")
    'KVMT-482'
    >>> normalize_class_code("KAMT-482") is None  # a vowel: not a class code
    True
    >>> len(new_class_code())
    8
    >>> normalize_class_code("ЙИРК-154")  # QBHR-154 on a Russian keyboard
    'QBHR-154'
    """
    if not isinstance(text, str) or len(text) > 32:
        return None
    match = _CODE.fullmatch(re.sub(r"[\s\-_.]+", "", as_qwerty(text)).upper())
    return None if match is None else f"{match[1]}-{match[2]}"
