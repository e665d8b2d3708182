"""The teacher key: a secret that opens the teacher page, kept only as its SHA-256.

``cipherkit serve`` makes one at start (or takes ``--teacher-key`` /
``$CIPHERKIT_TEACHER_KEY``), stores its hash in the store and prints the teacher link.
The teacher page hashes what the teacher types and compares the two hashes with
:func:`hmac.compare_digest` (constant time). A copy of the store opens nothing.

>>> key = new_key()
>>> len(key) >= 20, check_key(key, hash_key(key)), check_key("guess", hash_key(key))
(True, True, False)
>>> clean_key(" abc ")
Traceback (most recent call last):
...
cipherkit.core.errors.CipherkitError: a teacher key has 12 to 128 letters, digits, - or _
"""

from __future__ import annotations

import hashlib
import hmac
import re
import secrets

from cipherkit.core.errors import CipherkitError

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
        raise CipherkitError("a teacher key has 12 to 128 letters, digits, - or _")
    return key


def hash_key(key: str) -> str:
    """The key's SHA-256, hex."""
    return hashlib.sha256(key.encode("utf-8")).hexdigest()


def check_key(key: object, stored_hash: str | None) -> bool:
    """Whether ``key`` hashes to ``stored_hash``, compared in constant time."""
    if not isinstance(key, str) or not stored_hash or len(key) > 128:
        return False
    return hmac.compare_digest(hash_key(key), stored_hash)
