"""Class codes: one short code a whole class types, read aloud from the projector.

A class code is four letters and three digits, ``KVMT-482``: eight characters with the
dash. The letters are the 20 consonants left once the vowels (which spell words) and
``Y`` are taken out, so a code never reads as a word and no letter is a vowel or digit
look-alike (``O``/``0``, ``I``/``1``). Every part is drawn with :mod:`secrets`:

    4 * log2(20) + 3 * log2(10) = 17.29 + 9.97 = 27.25 bits.

A class code works only while its session is open, and wrong guesses are slowed down, so
fewer bits than a room's join code (32.6) are enough for a code that lives an hour.
Typing is forgiving: case, spaces, dashes and dots do not matter.

>>> round(CLASS_CODE_BITS, 2)
27.25
>>> normalize_class_code(" kvmt 482 ")
'KVMT-482'
>>> normalize_class_code("KAMT-482") is None  # a vowel: not a class code
True
>>> len(new_class_code())
8
"""

from __future__ import annotations

import math
import re
import secrets

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
    """The class code in canonical form, or ``None`` if ``text`` cannot be one."""
    if not isinstance(text, str) or len(text) > 32:
        return None
    match = _CODE.fullmatch(re.sub(r"[\s\-_.]+", "", text).upper())
    return None if match is None else f"{match[1]}-{match[2]}"
