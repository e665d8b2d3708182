"""The decoder: which code do three clues give for four keywords?

Design notes: ``docs/intercept.md``, ``cipherkit.games.intercept.decode``.

>>> from cipherkit.games.intercept.decode import decode_clues
>>> result = decode_clues(["black", "dragonfly", "cocktail", "sombrero"],
...                       ["Mexico", "insect", "horror film"])
>>> result.code_text
'4.2.1'
>>> decode_clues(["a", "b", "c"], ["x", "y", "z"])
Traceback (most recent call last):
...
cipherkit.core.errors.CipherkitError: give exactly 4 keywords (got 3)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from cipherkit.core.errors import CipherkitError
from cipherkit.games.intercept.actions import CODES, Code, code_text
from cipherkit.games.intercept.vectors import Vectors, default_vectors
from cipherkit.i18n import N_

CODE_COLUMNS = np.array([[d - 1 for d in code] for code in CODES], dtype=np.intp)
"""The 24 codes as zero-based keyword columns, in the order of :data:`CODES`."""


def code_scores(similarity: np.ndarray) -> np.ndarray:
    """Total score of each of the 24 codes for a 3 x 4 clue-keyword score matrix.

    >>> import numpy as np
    >>> s = np.zeros((3, 4)); s[0, 3] = s[1, 1] = s[2, 0] = 1.0
    >>> int(np.argmax(code_scores(s))), CODES[int(np.argmax(code_scores(s)))]
    (20, (4, 2, 1))
    """
    rows = np.arange(3)
    return similarity[rows, CODE_COLUMNS].sum(axis=1)


def similarity_matrix(
    vectors: Vectors, keywords: Sequence[str], clues: Sequence[str | None]
) -> np.ndarray:
    """3 x 4 similarities of (centred) clues to keyword senses; 0 for a missing or
    unknown clue."""
    keyword_rows, _ = vectors.keyword_matrix(keywords)
    texts = ["" if c is None else c for c in clues]
    clue_rows, known = vectors.matrix_of(texts)
    scores = vectors.centered(clue_rows) @ keyword_rows.T
    scores[~known] = 0.0
    return scores


@dataclass(frozen=True, slots=True)
class DecodeResult:
    """The decoded code, the similarity matrix, and the best codes with their scores."""

    keywords: tuple[str, ...]
    clues: tuple[str, ...]
    code: Code
    similarity: tuple[tuple[float, ...], ...]
    ranking: tuple[tuple[Code, float], ...]
    unknown: tuple[str, ...]

    @property
    def code_text(self) -> str:
        """The decoded code as text, digits joined by dots (``1.3.4``)."""
        return code_text(self.code)

    def to_json(self) -> dict[str, Any]:
        """The result as a JSON-safe dict (what ``cipherkit decode --json`` prints)."""
        return {
            "code": self.code_text,
            "keywords": list(self.keywords),
            "clues": list(self.clues),
            "similarity": [[round(x, 4) for x in row] for row in self.similarity],
            "ranking": [{"code": code_text(c), "score": round(s, 4)} for c, s in self.ranking],
            "unknown_clues": list(self.unknown),
        }


def _validate(keywords: Sequence[str], clues: Sequence[str]) -> None:
    if len(keywords) != 4:
        raise CipherkitError.say("give exactly 4 keywords (got {n})", n=len(keywords))
    if len(clues) != 3:
        raise CipherkitError.say("give exactly 3 clues separated by ';' (got {n})", n=len(clues))
    _check_words(
        keywords, N_("keyword {number} is empty"), N_("keyword {number} ({text!r}) has no letters")
    )
    _check_words(clues, N_("clue {number} is empty"), N_("clue {number} ({text!r}) has no letters"))


def _check_words(items: Sequence[str], empty: str, no_letters: str) -> None:
    """Refuse an item that is empty (message ``empty``) or has no letters (``no_letters``),
    each said with the item's ``number`` from 1 (and its ``text``)."""
    for number, item in enumerate(items, start=1):
        if not isinstance(item, str) or not item.strip():
            raise CipherkitError.say(empty, number=number)
        if not any(ch.isalpha() for ch in item):
            raise CipherkitError.say(no_letters, number=number, text=item.strip())


def decode_clues(
    keywords: Sequence[str], clues: Sequence[str], *, vectors: Vectors | None = None
) -> DecodeResult:
    """Decode three clues against four keywords.

    Parameters
    ----------
    keywords:
        The team's four keywords, in order (keyword 1 first). Words or short phrases.
    clues:
        The three clues, in the order they were given. Words or phrases.
    vectors:
        A word-vector table (default: the shipped one).

    Raises
    ------
    CipherkitError
        Not 4 keywords, not 3 clues, or an empty one.
    """
    _validate(keywords, clues)
    table = vectors or default_vectors()
    if table is None:
        raise CipherkitError.say("the intercept word vectors are missing: reinstall cipherkit")
    keywords = [k.strip() for k in keywords]
    clues = [c.strip() for c in clues]
    similarity = similarity_matrix(table, keywords, clues)
    scores = code_scores(similarity)
    order = np.argsort(-scores, kind="stable")
    ranking = tuple((CODES[i], float(scores[i])) for i in order[:5])
    unknown = tuple(c for c in clues if table.phrase(c) is None)
    return DecodeResult(
        keywords=tuple(keywords),
        clues=tuple(clues),
        code=CODES[int(order[0])],
        similarity=tuple(tuple(float(x) for x in row) for row in similarity),
        ranking=ranking,
        unknown=unknown,
    )
