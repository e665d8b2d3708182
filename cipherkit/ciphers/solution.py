"""What every solver returns, and the quadgram scoring they share."""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import numpy as np

from cipherkit.ciphers.classical import Cipher
from cipherkit.ciphers.stats import english, fitness
from cipherkit.ciphers.text import codes_to_text, letter_codes
from cipherkit.core.errors import CipherkitError

__all__ = ["Solution", "batch_scores", "make_solution", "solver_codes"]


@dataclass(frozen=True)
class Solution:
    """A solver's answer: the cipher (with its key), the plaintext letters and scores."""

    cipher: Cipher
    plaintext: str
    score: float
    fitness: float

    def to_json(self) -> dict[str, Any]:
        """The solution as a JSON-safe dict (cipher, key, plaintext and scores)."""
        return {
            **self.cipher.to_json(),
            "plaintext": self.plaintext,
            "score": round(self.score, 3),
            "fitness": round(self.fitness, 3) if math.isfinite(self.fitness) else None,
        }


def solver_codes(
    text: str | np.ndarray,
    minimum: int = 4,
    codes_of: Callable[[str], np.ndarray] = letter_codes,
) -> np.ndarray:
    """Letter codes of a ciphertext (``codes_of``: the Latin alphabet's by default) or
    the codes themselves, at least ``minimum`` of them."""
    codes = codes_of(text) if isinstance(text, str) else np.asarray(text, dtype=np.int64)
    if len(codes) < minimum:
        raise CipherkitError.say(
            "need at least {minimum} letters to solve, got {count}",
            minimum=minimum,
            count=len(codes),
        )
    return codes


def batch_scores(plain: np.ndarray) -> np.ndarray:
    """Quadgram scores of many candidate plaintexts at once (rows of ``plain``)."""
    q = english().quadgrams
    p = plain
    idx = ((p[..., :-3] * 26 + p[..., 1:-2]) * 26 + p[..., 2:-1]) * 26 + p[..., 3:]
    return q[idx].sum(axis=-1, dtype=np.float64)


def make_solution(cipher: Cipher, plain: np.ndarray, score: float | None = None) -> Solution:
    """A :class:`Solution` for ``plain`` (letter codes); ``score`` defaults to quadgrams.

    Examples
    --------
    >>> from cipherkit.ciphers.classical import Caesar
    >>> from cipherkit.ciphers.text import letter_codes
    >>> plain = letter_codes("attack at dawn")
    >>> make_solution(Caesar(3), plain).plaintext
    'ATTACKATDAWN'
    >>> int(np.argmax(batch_scores(np.stack([(plain + 7) % 26, plain]))))  # English wins
    1
    """
    s = float(batch_scores(plain)) if score is None else float(score)
    return Solution(cipher, codes_to_text(plain), s, fitness(plain))
