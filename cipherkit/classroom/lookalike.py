"""Names that look the same: "Ada" typed with a Cyrillic А is not a second student.

:func:`skeleton` folds a name to what a reader sees: letters from the Cyrillic and Greek
alphabets that are drawn like Latin ones become those Latin letters, case and width are
folded, spaces squeezed. Two names with one skeleton but different spellings are one
name to a teacher's eye, so the classroom refuses the second. The table is our own,
written from the letters' shapes (not a copied list).

>>> skeleton("Аda") == skeleton("Ada"), skeleton("Пётр") == skeleton("Петр")
(True, False)
>>> lookalikes("Аda", ["Bo", "Ada"])
'Ada'
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable

__all__ = ["lookalikes", "skeleton"]

_LATIN_TWINS = {
    # Cyrillic letters a reader takes for Latin ones
    "а": "a", "в": "b", "е": "e", "ё": "ë", "з": "3", "і": "i", "ї": "ï", "ј": "j",
    "к": "k", "м": "m", "н": "h", "о": "o", "р": "p", "с": "c", "т": "t", "у": "y",
    "х": "x", "ѕ": "s", "ԁ": "d", "ԛ": "q", "ԝ": "w", "һ": "h", "ӏ": "l", "ь": "b",
    # Greek
    "α": "a", "β": "b", "ε": "e", "ι": "i", "κ": "k", "ν": "v", "ο": "o", "ρ": "p",
    "τ": "t", "υ": "u", "χ": "x", "γ": "y", "ζ": "z", "η": "n", "μ": "u",
    # Latin letters and digits that pass for others
    "ı": "i", "ℓ": "l", "0": "o", "1": "l", "|": "l",
}  # fmt: skip


def skeleton(name: str) -> str:
    """What ``name`` looks like: compatibility forms and case folded, look-alike
    letters mapped to one of their twins, spaces squeezed (see the module docs)."""
    text = unicodedata.normalize("NFKC", name).casefold()
    text = "".join(_LATIN_TWINS.get(c, c) for c in text)
    return " ".join(text.split())


def lookalikes(name: str, others: Iterable[str]) -> str | None:
    """The first of ``others`` that looks like ``name`` but is spelled differently
    (``None`` if none): the name a new one would be mistaken for."""
    mine = skeleton(name)
    folded = unicodedata.normalize("NFC", name).casefold()
    for other in others:
        if skeleton(other) == mine and unicodedata.normalize("NFC", other).casefold() != folded:
            return other
    return None
