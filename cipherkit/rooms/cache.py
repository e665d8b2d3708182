"""The replay cache: a room's :class:`~cipherkit.core.session.Session`, rebuilt from its
stored record and kept per process, caught up with the actions stored since.

One lock per room keeps a cached session from changing while it is read.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable
from typing import TypeVar

from cipherkit.core.errors import CipherkitError
from cipherkit.core.protocol import Seat, State
from cipherkit.core.session import Session
from cipherkit.rooms.db import Connection
from cipherkit.rooms.errors import StoreError, UnknownRoom
from cipherkit.rooms.storage import RoomRow, Storage

__all__ = ["CACHE_ROOMS", "SessionCache", "teams"]

CACHE_ROOMS = 256
"""Sessions kept in memory per store (least recently used dropped first)."""

T = TypeVar("T")


def teams(state: State) -> list[str] | None:
    """Each seat's team name, for games with teams (``state.sides()`` and
    ``state.team_names``), else ``None``."""
    sides = getattr(state, "sides", None)
    names = getattr(state, "team_names", None)
    if not callable(sides) or names is None:
        return None
    return [str(names[side]) for side in sides()]


class SessionCache:
    """Rooms' sessions, least recently used dropped past :data:`CACHE_ROOMS`."""

    def __init__(self, storage: Storage) -> None:
        self.storage = storage
        self._sessions: OrderedDict[str, Session] = OrderedDict()
        self._room_locks: dict[str, threading.RLock] = {}
        self._lock = threading.Lock()

    def lock(self, room_id: str) -> threading.RLock:
        """The room's lock in this process: hold it while a session is read or changed."""
        with self._lock:
            lock = self._room_locks.get(room_id)
            if lock is None:
                lock = self._room_locks[room_id] = threading.RLock()
            return lock

    def keep(self, room_id: str, session: Session) -> None:
        """Cache ``session`` as the room's (at its version)."""
        with self._lock:
            self._sessions[room_id] = session
            self._sessions.move_to_end(room_id)
            while len(self._sessions) > CACHE_ROOMS:
                self._sessions.popitem(last=False)

    def forget(self, room_id: str) -> None:
        """Drop the room's session (it changed in a way the store did not keep)."""
        with self._lock:
            self._sessions.pop(room_id, None)

    def session(self, conn: Connection, row: RoomRow) -> Session:
        """The room's session at ``row.version`` (hold the room lock; inside a transaction).

        The cached session is caught up with the actions stored since it was cached;
        without one (a new process) the session is rebuilt by replaying the record.
        """
        with self._lock:
            session = self._sessions.get(row.id)
        if session is not None and session.version > row.version:
            session = None  # cannot happen unless the store was rewound: rebuild
        if session is not None and {int(k) for k in row.rngs} != set(session.bot_seats):
            session = None  # bots took free seats (another server): rebuild with them
        if session is None:
            session = Session(
                row.game,
                row.config,
                seed=row.seed,
                bots=self.storage.bots(conn, row.id),
                people_decide=True,
            )
        if session.version < row.version:
            actions = self.storage.actions(conn, row.id, session.version, row.version)
            if len(actions) != row.version - session.version:
                self.forget(row.id)
                raise StoreError.say("room {code}: stored actions are missing", code=row.code)
            try:
                session.replay(actions)
            except CipherkitError:
                self.forget(row.id)
                raise
        session.set_bot_states({int(k): v for k, v in row.rngs.items()})
        self.keep(row.id, session)
        return session

    def read(
        self,
        room_id: str,
        use: Callable[[Connection, RoomRow, Session], T],
        *,
        holder: tuple[Seat, str] | None = None,
    ) -> T:
        """``use(conn, row, session)`` at one version, under the room's lock and in one
        read transaction. ``holder``: (seat, token digest) that must hold the seat
        (:class:`~cipherkit.rooms.errors.UnknownToken` otherwise)."""
        with self.lock(room_id):
            conn = self.storage.conn()
            with conn.transaction():
                row = self.storage.row(conn, room_id)
                if row is None:
                    raise UnknownRoom.say("no room {room_id!r}", room_id=room_id)
                if holder is not None:
                    self.storage.check_token(conn, room_id, int(holder[0]), holder[1])
                return use(conn, row, self.session(conn, row))
