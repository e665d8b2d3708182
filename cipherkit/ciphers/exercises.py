"""Self-checking exercises whose answers are not in the notebook or the page.

Design notes: ``docs/ciphers.md``, ``cipherkit.ciphers.exercises``.
"""

from __future__ import annotations

import hashlib
import hmac
import re
import secrets
import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass

from cipherkit.i18n import _
from cipherkit.i18n.letters import fold_lookalikes

__all__ = ["Exercise", "check_answer", "make_check", "make_checks", "normalise", "typed_forms"]

MAX_ANSWER = 500


def normalise(answer: object) -> str:
    """Latin and Cyrillic letters and digits only, upper case (``"It's 42!"`` ->
    ``"ITS42"``; ``"Ёжик!"`` -> ``"ЁЖИК"``, its ``ё`` typed as one letter or as ``е`` and
    a combining diaeresis). Letters of other alphabets are left out.

    >>> normalise("Ёжик, 1 шт.") == normalise("Е\u0308жик 1шт") == "ЁЖИК1ШТ"
    True
    >>> normalise("Café")
    'CAF'
    """
    text = _CYRILLIC_MARKED.sub(_compose, str(answer)[:MAX_ANSWER]).upper()
    return "".join(ch for ch in text if ch.isalnum() and (ch.isascii() or _cyrillic(ch)))


_CYRILLIC_MARKED = re.compile("[\u0400-\u04ff][\u0300-\u036f]+")


def _compose(match: re.Match[str]) -> str:
    return unicodedata.normalize("NFC", match[0])


def _cyrillic(ch: str) -> bool:
    return "\u0400" <= ch <= "\u04ff"


def typed_forms(answer: object) -> list[str]:
    """The normalised forms a typed answer is compared in: as typed, with Cyrillic
    look-alike letters read as Latin ones, and with Latin ones read as Cyrillic (the
    expected answer is hashed, so its alphabet is not known: the form in its alphabet
    is the one that can match). Empty forms are left out.

    >>> [form.isascii() for form in typed_forms("\u0415")]  # as typed, then read as Latin
    [False, True]
    >>> typed_forms("42"), typed_forms("?!")
    (['42'], [])
    """
    text = str(answer)[:MAX_ANSWER]
    forms = (normalise(fold_lookalikes(text, script)) for script in (None, "latin", "cyrillic"))
    return [form for form in dict.fromkeys(forms) if form]


def _digest(salt: str, answer: object) -> str:
    return hashlib.sha256((salt + normalise(answer)).encode("utf-8")).hexdigest()


def make_check(answer: object, salt: str | None = None) -> tuple[str, str]:
    """``(salt, digest)`` for an answer; a random salt unless one is given."""
    salt = secrets.token_hex(8) if salt is None else salt
    return salt, _digest(salt, answer)


def make_checks(answers: Sequence[object], salt: str | None = None) -> tuple[str, list[str]]:
    """``(salt, digests)`` for an answer and its alternatives: one digest per form, the
    same salt for all (a random one unless given); forms that normalise alike count once.

    >>> salt, digests = make_checks(["10", "ten", "10 bits", "10 BITS!"], salt="d")
    >>> len(digests)
    3
    >>> make_checks([])
    Traceback (most recent call last):
    ...
    ValueError: give at least one answer
    """
    forms = list(dict.fromkeys(normalise(a) for a in answers))
    if not forms or not all(forms):
        raise ValueError("give at least one answer" if not forms else "an answer is empty")
    salt = secrets.token_hex(8) if salt is None else salt
    return salt, [_digest(salt, form) for form in forms]


def check_answer(answer: object, salt: str, digest: str | Sequence[str]) -> bool:
    """Whether ``answer`` hashes (salted, normalised) to ``digest``, or to any of the
    digests of a list (the exercise's declared alternatives).

    >>> salt, digests = make_checks(["E", "the letter E"], salt="x")
    >>> check_answer("Letter e", salt, digests), check_answer("the letter E", salt, digests)
    (False, True)
    >>> check_answer("", salt, digests)
    False

    Latin and Cyrillic look-alike letters count as the expected answer's own
    (:func:`typed_forms`):

    >>> check_answer("the letter \u0415", salt, digests)
    True
    """
    digests = [digest] if isinstance(digest, str) else list(digest)
    found = False
    for form in typed_forms(answer):
        mine = _digest(salt, form)
        for known in digests:  # every one compared: the time does not tell which matched
            found |= hmac.compare_digest(mine, str(known))
    return found


@dataclass(frozen=True)
class Exercise:
    """One question with its salted answer hash, or the hashes of its declared
    alternatives (no answer anywhere).

    Examples
    --------
    >>> salt, digest = make_check("Attack at dawn", salt="s1")
    >>> check_answer("attack at DAWN!", salt, digest)
    True
    >>> check_answer("attack at dusk", salt, digest)
    False
    >>> Exercise("q1", "Which word?", salt, digest).check("ATTACKATDAWN")
    '✓ correct'
    >>> salt, digests = make_checks(["Tuesday", "Tuesdays", "on Tuesdays"], salt="s2")
    >>> [check_answer(a, salt, digests) for a in ("tuesday.", "On Tuesdays!", "Monday")]
    [True, True, False]
    """

    name: str
    question: str
    salt: str
    digest: str | tuple[str, ...]

    def check(self, answer: object) -> str:
        """``'✓ correct'`` or ``'✗ not yet'``."""
        return _("✓ correct") if check_answer(answer, self.salt, self.digest) else _("✗ not yet")
