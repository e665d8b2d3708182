"""Seats a browser keeps on the server: after a reload, the Play together page finds its
seats (and the rooms it watched) again from the server's httpOnly client cookie alone, so
no seat token waits in the browser's storage for a script to collect (issue #44).

A row is keyed by a digest of the client (the signed ``ck_client`` id the gallery server
stamps on each message: :func:`cipherkit.widgets.guard.stamped_client`) and holds the
room's code and the seat's token sealed with a key made from that client: the database
alone gives neither the clients nor the tokens.

>>> import tempfile
>>> from cipherkit.rooms import open_store
>>> folder = tempfile.TemporaryDirectory()
>>> store = open_store(f"sqlite:///{folder.name}/rooms.db")
>>> kept = KeptSeats(store.db)
>>> kept.keep("c:ada", "TIGER-48213-MOSS", "t0k3n", now=10.0)
>>> kept.keep("c:ada", "OTTER-11111-FERN", None, now=20.0)  # watched, no seat
>>> [(k.code, k.token) for k in kept.list("c:ada")]
[('OTTER-11111-FERN', None), ('TIGER-48213-MOSS', 't0k3n')]
>>> kept.list("c:bo")
[]
>>> kept.forget("c:ada", "TIGER-48213-MOSS")
>>> [k.code for k in kept.list("c:ada")]
['OTTER-11111-FERN']
>>> store.close(); folder.cleanup()
"""

from __future__ import annotations

import base64
import hashlib
import time
from collections.abc import Callable
from dataclasses import dataclass

from cipherkit.rooms.db import Database

__all__ = ["MAX_KEPT", "Kept", "KeptSeats", "kept_client"]

MAX_KEPT = 12
"""Most rooms one client keeps (the oldest goes when a new one comes)."""

FORGET_AFTER = 14 * 24 * 3600.0
"""Seconds after which a kept room is forgotten (a room lasts a lesson, not a term)."""


def kept_client(visitor: str | None) -> str | None:
    """The client a page may keep seats for: a signed cookie's (``c:...``), never an
    address (every browser behind one proxy shares it) nor nothing (a notebook).

    >>> kept_client("c:abc"), kept_client("a:10.0.0.7"), kept_client(None)
    ('c:abc', None, None)
    """
    return visitor if visitor and visitor.startswith("c:") and len(visitor) > 2 else None


@dataclass(frozen=True)
class Kept:
    """A room a client keeps: its code, the seat's token (``None``: watched) and when."""

    code: str
    token: str | None
    at: float


def _key(client: str) -> str:
    return hashlib.sha256(b"cipherkit kept seats:" + client.encode()).hexdigest()[:32]


def _pad(client: str, code: str, size: int) -> bytes:
    return hashlib.shake_256(f"cipherkit seat seal:{client}:{code}".encode()).digest(size)


def _seal(client: str, code: str, token: str) -> str:
    raw = token.encode()
    sealed = bytes(a ^ b for a, b in zip(raw, _pad(client, code, len(raw)), strict=True))
    return base64.urlsafe_b64encode(sealed).decode()


def _unseal(client: str, code: str, sealed: str) -> str | None:
    try:
        raw = base64.urlsafe_b64decode(sealed.encode())
        pad = _pad(client, code, len(raw))
        return bytes(a ^ b for a, b in zip(raw, pad, strict=True)).decode()
    except (ValueError, UnicodeDecodeError):
        return None


class KeptSeats:
    """The store's kept seats (table ``kept_seats``): :meth:`keep`, :meth:`list`,
    :meth:`forget`. ``clock``: the default ``now`` (wall time)."""

    def __init__(self, db: Database, clock: Callable[[], float] = time.time) -> None:
        self.db = db
        self.clock = clock

    def keep(self, client: str, code: str, token: str | None, *, now: float | None = None) -> None:
        """Keep room ``code`` for ``client``: its seat ``token``, or ``None`` when the
        client watches it. The newest :data:`MAX_KEPT` rooms are kept."""
        now = self.clock() if now is None else now
        key = _key(client)
        sealed = None if token is None else _seal(client, code, token)
        conn = self.db.connection()
        with conn.transaction(write=True):
            conn.execute("DELETE FROM kept_seats WHERE client = ? AND code = ?", (key, code))
            conn.execute(
                "INSERT INTO kept_seats (client, code, sealed, at) VALUES (?, ?, ?, ?)",
                (key, code, sealed, now),
            )
            old = conn.execute(
                "SELECT code FROM kept_seats WHERE client = ? ORDER BY at DESC, code",
                (key,),
            ).fetchall()
            for (gone,) in old[MAX_KEPT:]:
                conn.execute("DELETE FROM kept_seats WHERE client = ? AND code = ?", (key, gone))
            conn.execute("DELETE FROM kept_seats WHERE at < ?", (now - FORGET_AFTER,))

    def list(self, client: str) -> list[Kept]:
        """The rooms ``client`` keeps, newest first."""
        rows = (
            self.db.connection()
            .execute(
                "SELECT code, sealed, at FROM kept_seats WHERE client = ? ORDER BY at DESC, code",
                (_key(client),),
            )
            .fetchall()
        )
        kept = []
        for code, sealed, at in rows:
            token = None if sealed is None else _unseal(client, str(code), str(sealed))
            if sealed is None or token is not None:
                kept.append(Kept(str(code), token, float(at)))
        return kept

    def forget(self, client: str, code: str) -> None:
        """Forget room ``code`` for ``client`` (it closed, or the seat was given away)."""
        conn = self.db.connection()
        with conn.transaction(write=True):
            conn.execute(
                "DELETE FROM kept_seats WHERE client = ? AND code = ?", (_key(client), code)
            )
