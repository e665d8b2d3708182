"""Turning text into letter codes (A=0 .. Z=25) and back, keeping its shape if asked.

Other alphabets (Russian) are in :mod:`cipherkit.ciphers.alphabet`.

Design notes: ``docs/ciphers.md``, ``cipherkit.ciphers.text``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence

import numpy as np

from cipherkit.core.errors import CipherkitError

__all__ = [
    "ALPHABET",
    "MAX_TEXT",
    "codes_to_text",
    "letter_codes",
    "letters_only",
    "reshape_like",
    "reshape_with",
    "words_of",
]

ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
MAX_TEXT = 200_000
"""Longest text (characters) any cipher, statistic or solver accepts."""

_CODE = np.full(128, -1, dtype=np.int16)
for _i, _c in enumerate(ALPHABET):
    _CODE[ord(_c)] = _i
    _CODE[ord(_c.lower())] = _i


def check_text(text: object) -> str:
    if not isinstance(text, str):
        raise CipherkitError.say("expected text, not {kind}", kind=type(text).__name__)
    if len(text) > MAX_TEXT:
        raise CipherkitError.say(
            "text too long: {length} characters (at most {limit})", length=len(text), limit=MAX_TEXT
        )
    return text


def letter_codes(text: str) -> np.ndarray:
    """The letters of ``text`` as an int array (A=0 .. Z=25); everything else dropped."""
    raw = np.frombuffer(check_text(text).encode("ascii", "replace"), dtype=np.uint8)
    codes = _CODE[raw & 127]
    codes[raw > 127] = -1
    return codes[codes >= 0].astype(np.int64)


def codes_to_text(codes: Iterable[int]) -> str:
    """Upper-case letters from codes: ``codes_to_text([7, 8]) == "HI"``."""
    arr = np.asarray(list(codes) if not isinstance(codes, np.ndarray) else codes, dtype=np.int64)
    return (arr % 26 + 65).astype(np.uint8).tobytes().decode("ascii")


def letters_only(text: str) -> str:
    """The letters of ``text``, upper case, nothing else."""
    return codes_to_text(letter_codes(text))


def words_of(text: str) -> list[str]:
    """The words of ``text``: runs of letters, upper case (apostrophes join words)."""
    out: list[str] = []
    current: list[str] = []
    for ch in check_text(text):
        if ch.isascii() and ch.isalpha():
            current.append(ch.upper())
        elif ch == "'" and current:
            continue
        elif current:
            out.append("".join(current))
            current = []
    if current:
        out.append("".join(current))
    return out


def reshape_like(
    template: str,
    codes: Sequence[int] | np.ndarray,
    *,
    keep_case: bool = True,
    keep_spaces: bool = True,
    keep_punctuation: bool = True,
) -> str:
    """Put the letters ``codes`` into the shape of ``template`` (its non-letters, case).

    Examples
    --------
    >>> from cipherkit.ciphers.text import letter_codes, reshape_like
    >>> letter_codes("Hi, Bob!").tolist()
    [7, 8, 1, 14, 1]
    >>> reshape_like("Hi, Bob!", [22, 14, 17, 11, 3])
    'Wo, Rld!'
    >>> reshape_like("Hi, Bob!", [22, 14, 17, 11, 3], keep_case=False, keep_punctuation=False)
    'WO RLD'
    >>> letters_only("Attack at dawn!")
    'ATTACKATDAWN'
    """
    return reshape_with(
        template,
        codes_to_text(codes),
        _is_latin,
        keep_case=keep_case,
        keep_spaces=keep_spaces,
        keep_punctuation=keep_punctuation,
    )


def _is_latin(ch: str) -> bool:
    return ch.isascii() and ch.isalpha()


def reshape_with(
    template: str,
    letters: str,
    is_letter: Callable[[str], bool],
    *,
    keep_case: bool = True,
    keep_spaces: bool = True,
    keep_punctuation: bool = True,
) -> str:
    """Put ``letters`` (upper case) where ``template`` has a letter (``is_letter``); the
    rest of the template kept or dropped by the options (any alphabet's reshape)."""
    out: list[str] = []
    k = 0
    for ch in template:
        if is_letter(ch):
            if k < len(letters):
                new = letters[k]
                out.append(new.lower() if keep_case and ch.islower() else new)
                k += 1
        elif ch.isspace():
            if keep_spaces:
                out.append(ch)
        elif keep_punctuation:
            out.append(ch)
    out.append(letters[k:])
    return "".join(out)
