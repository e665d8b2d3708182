"""The teacher key: a secret that opens the teacher page, kept only as a salted scrypt
hash.

Design notes: ``docs/classroom.md``, ``cipherkit.classroom.keys``.
"""

from __future__ import annotations

import hashlib
import hmac
import re
import secrets

from cipherkit.core.errors import CipherkitError
from cipherkit.i18n.keyboard import as_qwerty

__all__ = ["KEY_ENV", "check_key", "clean_key", "hash_key", "new_key"]

KEY_ENV = "CIPHERKIT_TEACHER_KEY"
"""Environment variable giving ``cipherkit serve`` the teacher key."""

_KEY = re.compile(r"[A-Za-z0-9_-]{12,128}")


def new_key() -> str:
    """A fresh key: 128 random bits, URL-safe (``secrets.token_urlsafe(16)``)."""
    return secrets.token_urlsafe(16)


def clean_key(key: str) -> str:
    """``key`` if it is a usable teacher key (12-128 URL-safe characters), else a
    one-line :class:`~cipherkit.core.errors.CipherkitError`."""
    if not isinstance(key, str) or not _KEY.fullmatch(key):
        raise CipherkitError.say("a teacher key has 12 to 128 letters, digits, - or _")
    return key


SCRYPT_N, SCRYPT_R, SCRYPT_P = 2**14, 8, 1
"""scrypt's cost settings (RFC 7914's interactive ones: 16 MB of memory a hash)."""


def _scrypt(key: str, salt: bytes, n: int, r: int, p: int) -> bytes:
    return hashlib.scrypt(
        key.encode("utf-8"), salt=salt, n=n, r=r, p=p, maxmem=256 * 1024 * 1024, dklen=32
    )


def hash_key(key: str, *, salt: bytes | None = None) -> str:
    """The key's salted scrypt hash, as ``scrypt$N$r$p$SALT$HASH`` (hex), with a fresh
    random salt unless one is given.

    >>> hash_key("teacher-key-123", salt=b"0" * 16)[:36]
    'scrypt$16384$8$1$3030303030303030303'
    >>> hash_key("same-key-twice") != hash_key("same-key-twice")
    True
    """
    salt = secrets.token_bytes(16) if salt is None else salt
    digest = _scrypt(key, salt, SCRYPT_N, SCRYPT_R, SCRYPT_P)
    return f"scrypt${SCRYPT_N}${SCRYPT_R}${SCRYPT_P}${salt.hex()}${digest.hex()}"


def check_key(key: object, stored_hash: str | None) -> bool:
    """Whether ``key`` matches ``stored_hash`` (what :func:`hash_key` made, or an older
    plain SHA-256), compared in constant time. A key is Latin letters, digits, ``-`` and
    ``_``: one typed with the Russian keyboard layout on is also tried as the QWERTY keys
    pressed (:func:`~cipherkit.i18n.keyboard.as_qwerty`).

    Examples
    --------
    >>> key = new_key()
    >>> len(key) >= 20, check_key(key, hash_key(key)), check_key("guess", hash_key(key))
    (True, True, False)
    >>> check_key("еуфсрук-лун-123", hash_key("teacher-key-123"))  # the Russian layout
    True
    >>> clean_key(" abc ")
    Traceback (most recent call last):
    ...
    cipherkit.core.errors.CipherkitError: a teacher key has 12 to 128 letters, digits, - or _
    """
    if not isinstance(key, str) or not stored_hash or len(key) > 128:
        return False
    if _matches(key, stored_hash):
        return True
    typed = as_qwerty(key)
    return typed != key and _matches(typed, stored_hash)


def _matches(key: str, stored_hash: str) -> bool:
    parts = stored_hash.split("$")
    if len(parts) == 6 and parts[0] == "scrypt":
        try:
            n, r, p = (int(x) for x in parts[1:4])
            salt, want = bytes.fromhex(parts[4]), bytes.fromhex(parts[5])
        except ValueError:
            return False
        if not (2 <= n <= 2**20 and 1 <= r <= 32 and 1 <= p <= 16):
            return False
        return hmac.compare_digest(_scrypt(key, salt, n, r, p), want)
    legacy = hashlib.sha256(key.encode("utf-8")).hexdigest()  # before scrypt
    return hmac.compare_digest(legacy, stored_hash)
