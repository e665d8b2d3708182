"""Live updates: waiting for a room's version to pass a number.

A version poll on SQLite, ``LISTEN``/``NOTIFY`` on PostgreSQL; waiters ring a room's
sand timer when it runs out, and stop when the store closes (docs/rooms.md).
"""

from __future__ import annotations

import contextlib
import threading
import time
from collections.abc import Callable, Iterator

from cipherkit.rooms.clock import Clocks, ring
from cipherkit.rooms.db import Database, Listener
from cipherkit.rooms.errors import StoreError
from cipherkit.rooms.storage import Storage

__all__ = ["CLOSE_WAIT", "POSTGRES_POLL", "SQLITE_POLL", "Waiting"]

SQLITE_POLL = 0.025
"""Seconds between two looks at a room's version while waiting, on SQLite."""

POSTGRES_POLL = 2.0
"""On PostgreSQL waiters are woken by notifications; this is only the safety net."""

CLOSE_WAIT = 10.0
"""Seconds :meth:`Waiting.close` waits for the waiters' looks under way to finish."""


class Waiting:
    """The waiters of one store.

    ``act(room_id, seat, text, version=...)`` is how a waiter rings a clock; ``poll``
    the seconds between looks (default :data:`SQLITE_POLL` or :data:`POSTGRES_POLL`).
    """

    def __init__(
        self,
        db: Database,
        storage: Storage,
        clocks: Clocks,
        act: Callable[..., int],
        poll: float | None = None,
    ) -> None:
        self.db = db
        self.storage = storage
        self.clocks = clocks
        self.act = act
        default_poll = SQLITE_POLL if db.dialect == "sqlite" else POSTGRES_POLL
        self.poll = float(default_poll if poll is None else poll)
        self._changed = threading.Condition()
        self._known: dict[str, int] = {}
        self._lock = threading.Lock()
        self._listener: Listener | None = None
        self._users = threading.Condition()
        self._looking = 0
        self._closing = False

    # ------------------------------------------------------------ news
    def changed(self, room_id: str, version: int) -> None:
        """The room reached ``version`` (this process committed it, or a notification
        said so): wake its waiters."""
        with self._changed:
            if version > self._known.get(room_id, -1):
                self._known[room_id] = version
            self._changed.notify_all()

    def wake_all(self) -> None:
        """Wake every waiter to look at the database again."""
        with self._changed:
            self._changed.notify_all()

    def _listen(self) -> None:
        if self.db.dialect != "postgresql":
            return
        with self._lock:
            if self._listener is None:
                self._listener = Listener(self.db, self.changed, self.wake_all)
            listener = self._listener
        listener.ready.wait(timeout=5.0)

    # ------------------------------------------------------------ looking
    @contextlib.contextmanager
    def looking(self) -> Iterator[None]:
        """One look of a waiter at the store: refused once the store closes, and the
        store closes its connections only after the looks under way (a live page's
        thread must not read a connection being closed)."""
        with self._users:
            if self._closing:
                raise StoreError.say("the room store is closed")
            self._looking += 1
        try:
            yield
        finally:
            with self._users:
                self._looking -= 1
                self._users.notify_all()

    def wait(
        self, room_id: str, after: int, timeout: float, *, after_stamp: int | None = None
    ) -> int:
        """Block until the room's version is above ``after`` (or its stamp moves: the room
        closed or started, a seat was given away) and return the version, or return it
        after ``timeout`` seconds; ring the room's clock on time."""
        deadline = time.monotonic() + max(0.0, float(timeout))
        self._listen()
        clock_version, ends = -1, None
        stamp_at_start = after_stamp
        while True:
            with self.looking():
                version, stamp = self.storage.version_and_stamp(room_id)
                if stamp_at_start is None:
                    stamp_at_start = stamp
                if version > after or stamp != stamp_at_start:  # closed, started, a seat...
                    return version
                if version != clock_version:  # a new version may start or stop a clock
                    clock_version, ends = version, self.clocks.ends(room_id)
                if ends is not None and time.time() >= ends.ends:
                    ring(self.act, room_id, ends)
                    ends = None  # rung, or someone else did: the version tells
                    continue
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                return version
            step = min(remaining, self.poll)
            if ends is not None:
                step = min(step, max(0.0, ends.ends - time.time()))
            with self._changed:
                if self._known.get(room_id, -1) <= after:
                    self._changed.wait(step)

    # ------------------------------------------------------------ closing
    def close(self) -> None:
        """Stop the waiters at their next look, let the looks under way finish (at most
        :data:`CLOSE_WAIT` seconds) and stop the PostgreSQL listener."""
        with self._users:
            self._closing = True
            with self._changed:
                self._changed.notify_all()
            self._users.wait_for(lambda: self._looking == 0, timeout=CLOSE_WAIT)
        with self._lock:
            listener, self._listener = self._listener, None
        if listener is not None:
            listener.stop()
