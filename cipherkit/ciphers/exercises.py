"""Self-checking exercises whose answers are not in the notebook or the page.

A lesson holds only a **salt** and ``sha256(salt + normalised answer)``; the student's
answer is normalised and hashed in the kernel and compared. Normalising keeps letters
and digits, upper case, so ``"Attack at dawn!"`` and ``"ATTACK AT DAWN"`` are the same
answer. :func:`make_check` is what a teacher runs (once, outside the lesson) to get the
two strings to paste.

>>> salt, digest = make_check("Attack at dawn", salt="s1")
>>> check_answer("attack at DAWN!", salt, digest)
True
>>> check_answer("attack at dusk", salt, digest)
False
>>> Exercise("q1", "Which word?", salt, digest).check("ATTACKATDAWN")
'✓ correct'
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from dataclasses import dataclass

__all__ = ["Exercise", "check_answer", "make_check", "normalise"]

MAX_ANSWER = 500


def normalise(answer: object) -> str:
    """Letters and digits only, upper case (``"It's 42!"`` -> ``"ITS42"``)."""
    text = str(answer)[:MAX_ANSWER]
    return "".join(ch for ch in text.upper() if ch.isascii() and ch.isalnum())


def _digest(salt: str, answer: object) -> str:
    return hashlib.sha256((salt + normalise(answer)).encode("utf-8")).hexdigest()


def make_check(answer: object, salt: str | None = None) -> tuple[str, str]:
    """``(salt, digest)`` for an answer; a random salt unless one is given."""
    salt = secrets.token_hex(8) if salt is None else salt
    return salt, _digest(salt, answer)


def check_answer(answer: object, salt: str, digest: str) -> bool:
    """Whether ``answer`` hashes (salted, normalised) to ``digest``."""
    if not normalise(answer):
        return False
    return hmac.compare_digest(_digest(salt, answer), digest)


@dataclass(frozen=True)
class Exercise:
    """One question with its salted answer hash (no answer anywhere)."""

    name: str
    question: str
    salt: str
    digest: str

    def check(self, answer: object) -> str:
        """``'✓ correct'`` or ``'✗ not yet'``."""
        return "✓ correct" if check_answer(answer, self.salt, self.digest) else "✗ not yet"
