"""Teacher passes: what keeps the teacher page unlocked across a reload without the key
(issue #31 item 7). Three kinds, each kept in the store as the SHA-256 of a random value
with the class session it is bound to and when it expires:

Design notes: ``docs/classroom.md``, ``cipherkit.classroom.passes``.
"""

from __future__ import annotations

import hashlib
import json
import secrets
import time
from typing import Any

__all__ = [
    "COOKIE_SECONDS",
    "KINDS",
    "TOKEN_SECONDS",
    "forget_session",
    "grant",
    "redeem",
    "session_of",
]

KINDS = frozenset({"stay", "cookie", "resume"})
TOKEN_SECONDS = 120.0
"""How long a one-time token (``stay``, ``resume``) may wait to be redeemed."""
COOKIE_SECONDS = 12 * 3600.0
"""How long the teacher's cookie keeps the page unlocked (a school day)."""
_PREFIX = "pass:"


def _key(kind: str, token: str) -> str:
    if kind not in KINDS:
        raise ValueError(f"no such pass: {kind!r}")
    return f"{_PREFIX}{kind}:" + hashlib.sha256(token.encode("utf-8")).hexdigest()


def grant(desk: Any, session_id: str, kind: str, seconds: float | None = None) -> str:
    """A new random token of ``kind`` bound to the class session ``session_id`` of the
    :class:`~cipherkit.classroom.Classroom` ``desk``; only its hash is stored.

    >>> from cipherkit.classroom import open_classroom
    >>> import tempfile
    >>> desk = open_classroom(f"sqlite:///{tempfile.mkdtemp()}/c.db")
    >>> sid = desk.start_session("Class 4B").id
    >>> token = grant(desk, sid, "stay")
    >>> redeem(desk, token, "stay") == sid, redeem(desk, token, "stay")
    (True, None)
    >>> cookie = grant(desk, sid, "cookie")
    >>> session_of(desk, cookie) == sid, redeem(desk, cookie, "resume")
    (True, None)
    >>> forget_session(desk, sid); session_of(desk, cookie) is None
    True
    """
    if seconds is None:
        seconds = COOKIE_SECONDS if kind == "cookie" else TOKEN_SECONDS
    token = secrets.token_urlsafe(24)
    value = json.dumps({"session": str(session_id), "expires": time.time() + seconds})
    conn = desk.db.connection()
    with conn.transaction(write=True):
        _drop_expired(conn)
        conn.execute(
            "INSERT INTO class_settings (key, value) VALUES (?, ?)", (_key(kind, token), value)
        )
    return token


def _drop_expired(conn: Any) -> None:
    rows = conn.execute(
        "SELECT key, value FROM class_settings WHERE key LIKE ?", (f"{_PREFIX}%",)
    ).fetchall()
    now = time.time()
    for key, value in rows:
        if _expires(value) <= now:
            conn.execute("DELETE FROM class_settings WHERE key = ?", (key,))


def _expires(value: str) -> float:
    try:
        return float(json.loads(value)["expires"])
    except (ValueError, KeyError, TypeError):
        return 0.0


def _session(value: str) -> str | None:
    try:
        found = json.loads(value)["session"]
    except (ValueError, KeyError, TypeError):
        return None
    return str(found) if _expires(value) > time.time() else None


def redeem(desk: Any, token: object, kind: str) -> str | None:
    """The session a one-time token of ``kind`` was bound to, once (it is forgotten);
    ``None`` for anything else: unknown, expired, used, or another kind."""
    if not isinstance(token, str) or not 8 <= len(token) <= 128:
        return None
    key = _key(kind, token)
    conn = desk.db.connection()
    with conn.transaction(write=True):
        row = conn.execute("SELECT value FROM class_settings WHERE key = ?", (key,)).fetchone()
        if row is None:
            return None
        conn.execute("DELETE FROM class_settings WHERE key = ?", (key,))
    return _session(str(row[0]))


def session_of(desk: Any, cookie: object) -> str | None:
    """The session a teacher cookie's pass is bound to, while it lasts (else ``None``)."""
    if not isinstance(cookie, str) or not 8 <= len(cookie) <= 128:
        return None
    row = (
        desk.db.connection()
        .execute("SELECT value FROM class_settings WHERE key = ?", (_key("cookie", cookie),))
        .fetchone()
    )
    return None if row is None else _session(str(row[0]))


def forget_session(desk: Any, session_id: str) -> None:
    """Forget every pass bound to ``session_id`` (the session has ended)."""
    conn = desk.db.connection()
    with conn.transaction(write=True):
        rows = conn.execute(
            "SELECT key, value FROM class_settings WHERE key LIKE ?", (f"{_PREFIX}%",)
        ).fetchall()
        for key, value in rows:
            try:
                bound = json.loads(value).get("session")
            except (ValueError, AttributeError):
                bound = None
            if bound in (None, str(session_id)):
                conn.execute("DELETE FROM class_settings WHERE key = ?", (key,))
