"""Teacher passes: what keeps the teacher page unlocked across a reload without the key
(issue #31 item 7). Three kinds, each kept in the store as the SHA-256 of a random value
with the class session it is bound to and when it expires:

* ``stay``: a one-time token a kernel unlocked **with the key** mints for its session; the
  page hands it to the server, which redeems it for a cookie;
* ``cookie``: what the teacher's httponly cookie names (signed by the server);
* ``resume``: a one-time token the server mints for a page showing a valid cookie; the
  page's kernel redeems it and reopens **that session only** (issue #44 point 2: a pass
  never starts, continues or lists sessions, exports, or mints a stay token).

Each pass also keeps its *lineage*: the sessions it was minted in or from (a cookie
inherits its stay token's, a resume token its cookie's). :func:`forget_session` (End)
forgets every pass bound to the session or descended from one of its passes.

Design notes: ``docs/classroom.md``, ``cipherkit.classroom.passes``.
"""

from __future__ import annotations

import hashlib
import json
import secrets
import time
from typing import Any, NamedTuple

__all__ = [
    "COOKIE_SECONDS",
    "KINDS",
    "TOKEN_SECONDS",
    "Pass",
    "forget_session",
    "grant",
    "lineage_of",
    "redeem",
    "redeem_pass",
    "session_of",
]

KINDS = frozenset({"stay", "cookie", "resume"})
TOKEN_SECONDS = 120.0
"""How long a one-time token (``stay``, ``resume``) may wait to be redeemed."""
COOKIE_SECONDS = 12 * 3600.0
"""How long the teacher's cookie keeps the page unlocked (a school day)."""
_PREFIX = "pass:"


class Pass(NamedTuple):
    """A live pass: the session it opens and the sessions it was minted in or from."""

    session: str
    lineage: tuple[str, ...]


def _key(kind: str, token: str) -> str:
    if kind not in KINDS:
        raise ValueError(f"no such pass: {kind!r}")
    return f"{_PREFIX}{kind}:" + hashlib.sha256(token.encode("utf-8")).hexdigest()


def grant(
    desk: Any,
    session_id: str,
    kind: str,
    seconds: float | None = None,
    lineage: tuple[str, ...] | list[str] = (),
) -> str:
    """A new random token of ``kind`` bound to the class session ``session_id`` of the
    :class:`~cipherkit.classroom.Classroom` ``desk``; only its hash is stored, with its
    lineage (``session_id`` and the sessions of the passes it was minted from).

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
    >>> other = desk.start_session("Class 4C").id
    >>> heir = grant(desk, other, "cookie", lineage=lineage_of(desk, cookie))
    >>> forget_session(desk, sid); session_of(desk, cookie), session_of(desk, heir)
    (None, None)
    """
    if seconds is None:
        seconds = COOKIE_SECONDS if kind == "cookie" else TOKEN_SECONDS
    token = secrets.token_urlsafe(24)
    origins = list(dict.fromkeys([str(session_id), *map(str, lineage)]))
    value = json.dumps(
        {"session": str(session_id), "expires": time.time() + seconds, "from": origins}
    )
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


def _lineage(value: str) -> tuple[str, ...]:
    """Every session a stored pass was minted in or from (its own first)."""
    try:
        found = json.loads(value)
        own = [str(found["session"])] if found.get("session") is not None else []
        origins = found.get("from") or []
    except (ValueError, KeyError, TypeError, AttributeError):
        return ()
    if not isinstance(origins, list):
        origins = []
    return tuple(dict.fromkeys([*own, *map(str, origins)]))


def _pass(value: str) -> Pass | None:
    try:
        found = json.loads(value)["session"]
    except (ValueError, KeyError, TypeError):
        return None
    if found is None or _expires(value) <= time.time():
        return None
    return Pass(str(found), _lineage(value))


def redeem(desk: Any, token: object, kind: str) -> str | None:
    """The session a one-time token of ``kind`` was bound to, once (it is forgotten);
    ``None`` for anything else: unknown, expired, used, or another kind."""
    found = redeem_pass(desk, token, kind)
    return None if found is None else found.session


def redeem_pass(desk: Any, token: object, kind: str) -> Pass | None:
    """:func:`redeem`, with the pass's lineage (what a pass minted from it inherits)."""
    if not isinstance(token, str) or not 8 <= len(token) <= 128:
        return None
    key = _key(kind, token)
    conn = desk.db.connection()
    with conn.transaction(write=True):
        row = conn.execute("SELECT value FROM class_settings WHERE key = ?", (key,)).fetchone()
        if row is None:
            return None
        conn.execute("DELETE FROM class_settings WHERE key = ?", (key,))
    return _pass(str(row[0]))


def _cookie(desk: Any, cookie: object) -> Pass | None:
    if not isinstance(cookie, str) or not 8 <= len(cookie) <= 128:
        return None
    row = (
        desk.db.connection()
        .execute("SELECT value FROM class_settings WHERE key = ?", (_key("cookie", cookie),))
        .fetchone()
    )
    return None if row is None else _pass(str(row[0]))


def session_of(desk: Any, cookie: object) -> str | None:
    """The session a teacher cookie's pass is bound to, while it lasts (else ``None``)."""
    found = _cookie(desk, cookie)
    return None if found is None else found.session


def lineage_of(desk: Any, cookie: object) -> tuple[str, ...]:
    """The sessions a teacher cookie's pass was minted in or from (``()``: no such pass)."""
    found = _cookie(desk, cookie)
    return () if found is None else found.lineage


def forget_session(desk: Any, session_id: str) -> None:
    """Forget every pass bound to ``session_id`` or minted from one of its passes (the
    session has ended)."""
    conn = desk.db.connection()
    with conn.transaction(write=True):
        rows = conn.execute(
            "SELECT key, value FROM class_settings WHERE key LIKE ?", (f"{_PREFIX}%",)
        ).fetchall()
        for key, value in rows:
            lineage = _lineage(value)
            if not lineage or str(session_id) in lineage:
                conn.execute("DELETE FROM class_settings WHERE key = ?", (key,))
