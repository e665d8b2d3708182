"""The one-time pad: Vernam's cipher over an alphabet, XOR on bytes, and why a pad used
twice breaks (the combined ciphertexts and crib-dragging).

Design notes: ``docs/ciphers.md``, ``cipherkit.ciphers.pad``.

Examples
--------
>>> vernam_encrypt("Attack at dawn", "XMCKLZPQRTUV")
'Xfvknj pj utqi'
>>> vernam_decrypt("Xfvknj pj utqi", "XMCKLZPQRTUV")
'Attack at dawn'
>>> key_for("Xfvknj pj utqi", "hold the hills")  # perfect secrecy: any message fits
'QRKHUCLCMIFQ'
>>> vernam_decrypt("Xfvknj pj utqi", "QRKHUCLCMIFQ")
'Holdth eh ills'
>>> xor_bytes(b"HI", bytes([1, 2]))
b'IK'
"""

from __future__ import annotations

import random
import secrets
from typing import NamedTuple

import numpy as np

from cipherkit.ciphers.alphabet import LATIN, Alphabet, detect_alphabet
from cipherkit.ciphers.text import MAX_TEXT, check_text
from cipherkit.core.errors import CipherkitError
from cipherkit.i18n import N_

__all__ = [
    "MAX_BYTES",
    "CribReading",
    "combine",
    "crib_drag",
    "key_for",
    "random_pad",
    "vernam_decrypt",
    "vernam_encrypt",
    "xor_bytes",
]

MAX_BYTES = MAX_TEXT
"""The most bytes :func:`xor_bytes` combines (as many as the characters of a text)."""

_OUTSIDE = {
    "message": N_(
        "the message has the letter {letter}, which is not in the alphabet {first}-{last}"
    ),
    "ciphertext": N_(
        "the ciphertext has the letter {letter}, which is not in the alphabet {first}-{last}"
    ),
    "pad": N_("the pad has the letter {letter}, which is not in the alphabet {first}-{last}"),
    "first": N_(
        "the first ciphertext has the letter {letter}, which is not in the alphabet {first}-{last}"
    ),
    "second": N_(
        "the second ciphertext has the letter {letter}, which is not in the alphabet {first}-{last}"
    ),
    "combined": N_(
        "the combined text has the letter {letter}, which is not in the alphabet {first}-{last}"
    ),
    "crib": N_("the crib has the letter {letter}, which is not in the alphabet {first}-{last}"),
}
"""What a pad refuses in each of its texts: a letter of another alphabet (a pad shifts
every letter, so a letter it cannot shift would be sent in clear)."""
_NOT_BYTES = {
    "data": N_("the data must be bytes, not {kind}"),
    "key": N_("the key must be bytes, not {kind}"),
}
_TOO_MANY_BYTES = {
    "data": N_("the data is too long: {length} bytes (at most {limit})"),
    "key": N_("the key is too long: {length} bytes (at most {limit})"),
}


class CribReading(NamedTuple):
    """What a crib gives at one offset: the other message's letters there, if the crib
    is in the first message at that offset."""

    offset: int
    """Where the crib is laid (0: under the first letter)."""
    reading: str
    """The other message's letters under the crib (upper case)."""


def _alphabet(letters: Alphabet | str | None, *texts: str) -> Alphabet:
    """The alphabet given, or else the one most of the texts' letters are in."""
    if letters is not None:
        return Alphabet.of(letters)
    return detect_alphabet("".join(check_text(text) for text in texts))


def _letters(text: object, abc: Alphabet, what: str) -> np.ndarray:
    """The letter codes of ``text`` (``what``: a key of :data:`_OUTSIDE`); a letter of
    another alphabet is refused."""
    checked = check_text(text)
    for ch in checked:
        if ch.isalpha() and not abc.is_letter(ch):
            raise CipherkitError.say(
                _OUTSIDE[what], letter=repr(ch), first=abc.letters[0], last=abc.letters[-1]
            )
    return abc.codes(checked)


def _pad_codes(key: object, abc: Alphabet, need: int) -> np.ndarray:
    """The pad's letters, exactly as many as the message has."""
    codes = _letters(key, abc, "pad")
    if not len(codes):
        raise CipherkitError.say("the pad has no letters: a one-time pad is a random letter key")
    if len(codes) != need:
        raise CipherkitError.say(
            "the pad has {pad} letters and the message {message}: a one-time pad has "
            "exactly one key letter for every letter of the message",
            pad=len(codes),
            message=need,
        )
    return codes


def vernam_encrypt(text: str, key: str, *, letters: Alphabet | str | None = None) -> str:
    """Add the pad ``key`` to ``text`` letter by letter (A=0, modulo the alphabet's
    size): a Caesar shift with a new shift for every letter. Spaces, punctuation and case
    are kept; the key's own spaces are ignored. ``letters``: the alphabet (default: the
    one the text and key are written in).

    >>> vernam_encrypt("Шифр", "ключ")
    'Гфтз'
    >>> vernam_encrypt("abc", "ABCD")
    Traceback (most recent call last):
    ...
    cipherkit.core.errors.CipherkitError: the pad has 4 letters and the message 3: a one-time \
pad has exactly one key letter for every letter of the message
    """
    abc = _alphabet(letters, text, key)
    codes = _letters(text, abc, "message")
    out = (codes + _pad_codes(key, abc, len(codes))) % abc.size
    return abc.reshape_like(text, out)


def vernam_decrypt(text: str, key: str, *, letters: Alphabet | str | None = None) -> str:
    """Take the pad ``key`` off ``text`` letter by letter (the inverse of
    :func:`vernam_encrypt`).

    >>> vernam_decrypt("Гфтз", "ключ")
    'Шифр'
    >>> vernam_decrypt("Hello", "")
    Traceback (most recent call last):
    ...
    cipherkit.core.errors.CipherkitError: the pad has no letters: a one-time pad is a \
random letter key
    """
    abc = _alphabet(letters, text, key)
    codes = _letters(text, abc, "ciphertext")
    out = (codes - _pad_codes(key, abc, len(codes))) % abc.size
    return abc.reshape_like(text, out)


def _same_length(first: np.ndarray, second: np.ndarray) -> None:
    if len(first) != len(second):
        raise CipherkitError.say(
            "the two texts have {first} and {second} letters: give two texts of the "
            "same number of letters",
            first=len(first),
            second=len(second),
        )
    if not len(first):
        raise CipherkitError.say("the texts have no letters")


def key_for(ciphertext: str, plaintext: str, *, letters: Alphabet | str | None = None) -> str:
    """The pad that turns ``ciphertext`` into ``plaintext`` (upper-case letters): for a
    one-time pad every message of the same length has one. That is perfect secrecy.

    >>> key_for("XFVKNY", "PEACE!")
    Traceback (most recent call last):
    ...
    cipherkit.core.errors.CipherkitError: the two texts have 6 and 5 letters: give two \
texts of the same number of letters
    """
    abc = _alphabet(letters, ciphertext, plaintext)
    cipher = _letters(ciphertext, abc, "ciphertext")
    plain = _letters(plaintext, abc, "message")
    _same_length(cipher, plain)
    return abc.text((cipher - plain) % abc.size)


def combine(first: str, second: str, *, letters: Alphabet | str | None = None) -> str:
    """Two ciphertexts under the same pad, combined: the first minus the second, letter
    by letter. The pad cancels out: the result is the first *message* minus the second.

    >>> pad = "QWERTYUIOPAS"
    >>> c1, c2 = vernam_encrypt("ATTACKATDAWN", pad), vernam_encrypt("HOLDTHEHILLS", pad)
    >>> combine(c1, c2) == combine("ATTACKATDAWN", "HOLDTHEHILLS")
    True
    """
    abc = _alphabet(letters, first, second)
    one = _letters(first, abc, "first")
    two = _letters(second, abc, "second")
    _same_length(one, two)
    return abc.text((one - two) % abc.size)


def crib_drag(
    combined: str, crib: str, *, letters: Alphabet | str | None = None
) -> list[CribReading]:
    """Slide a guessed word ``crib`` along ``combined`` (from :func:`combine`): at each
    offset, the other message's letters there if the crib is in the first message at
    that offset. Where the guess is right, the reading is readable. To look for the crib
    in the second message, drag it over ``combine(second, first)``.

    >>> combined = combine("ATTACKATDAWN", "HOLDTHEHILLS")
    >>> crib_drag(combined, "attack")[:2]
    [CribReading(offset=0, reading='HOLDTH'), CribReading(offset=1, reading='VLWRZO')]
    >>> crib_drag(combined, "at dawn")[-1]
    CribReading(offset=6, reading='EHILLS')
    >>> crib_drag("ABC", "LONGER")
    Traceback (most recent call last):
    ...
    cipherkit.core.errors.CipherkitError: the crib has 6 letters, more than the 3 of the \
combined text
    """
    abc = _alphabet(letters, combined, crib)
    joint = _letters(combined, abc, "combined")
    word = _letters(crib, abc, "crib")
    if not len(word):
        raise CipherkitError.say("the crib has no letters: give a word you guess is there")
    if len(word) > len(joint):
        raise CipherkitError.say(
            "the crib has {crib} letters, more than the {combined} of the combined text",
            crib=len(word),
            combined=len(joint),
        )
    return [
        CribReading(i, abc.text((word - joint[i : i + len(word)]) % abc.size))
        for i in range(len(joint) - len(word) + 1)
    ]


def random_pad(n: int, *, letters: Alphabet | str = LATIN, seed: int | None = None) -> str:
    """``n`` random letters: a pad for an ``n``-letter message. Without a ``seed`` they
    come from the operating system's secure source; a seed repeats them (for a lesson,
    never for a secret).

    >>> random_pad(12, seed=9) == random_pad(12, seed=9), len(random_pad(5, letters="ru"))
    (True, 5)
    >>> random_pad(0)
    Traceback (most recent call last):
    ...
    cipherkit.core.errors.CipherkitError: a pad has 1 to 200000 letters, not 0
    """
    abc = Alphabet.of(letters)
    if isinstance(n, bool) or not isinstance(n, int) or not 0 < n <= MAX_TEXT:
        raise CipherkitError.say(
            "a pad has 1 to {limit} letters, not {n}", limit=MAX_TEXT, n=repr(n)[:20]
        )
    choose = secrets.choice if seed is None else random.Random(seed).choice
    return "".join(choose(abc.letters) for _unused in range(n))


def _as_bytes(data: object, what: str) -> bytes:
    if not isinstance(data, bytes | bytearray | memoryview):
        raise CipherkitError.say(_NOT_BYTES[what], kind=type(data).__name__)
    raw = bytes(data)
    if len(raw) > MAX_BYTES:
        raise CipherkitError.say(_TOO_MANY_BYTES[what], length=len(raw), limit=MAX_BYTES)
    return raw


def xor_bytes(data: bytes, key: bytes) -> bytes:
    """``data`` XOR ``key``, byte by byte: the one-time pad of computers (XOR twice with
    the same key gives the data back). The key has exactly as many bytes as the data.

    >>> secret = xor_bytes(b"Attack", bytes([7, 200, 13, 99, 0, 42]))
    >>> secret, xor_bytes(secret, bytes([7, 200, 13, 99, 0, 42]))
    (b'F\\xbcy\\x02cA', b'Attack')
    >>> xor_bytes(b"abc", b"")
    Traceback (most recent call last):
    ...
    cipherkit.core.errors.CipherkitError: the key has no bytes
    """
    raw = _as_bytes(data, "data")
    pad = _as_bytes(key, "key")
    if not pad:
        raise CipherkitError.say("the key has no bytes")
    if len(pad) != len(raw):
        raise CipherkitError.say(
            "the key has {key} bytes and the data {data}: XOR them byte by byte, one "
            "key byte for every byte",
            key=len(pad),
            data=len(raw),
        )
    joined = np.frombuffer(raw, dtype=np.uint8) ^ np.frombuffer(pad, dtype=np.uint8)
    return joined.tobytes()
