"""The sand timer of a room: when a game's real-time limit (``GameSpec.clock``) runs out,
and taking its action exactly once, however many servers wait on the room.

The design (stored start times, a ring checked against the version) is in docs/rooms.md.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from dataclasses import dataclass

from cipherkit.core.errors import IllegalAction
from cipherkit.core.protocol import Clock
from cipherkit.core.session import Session
from cipherkit.rooms.cache import SessionCache
from cipherkit.rooms.db import Connection
from cipherkit.rooms.errors import RoomClosed, StaleVersion
from cipherkit.rooms.storage import RoomRow, Storage

__all__ = ["ClockReading", "Clocks", "clock_start", "ring"]


@dataclass(frozen=True)
class ClockReading:
    """A running clock: when it runs out (epoch seconds), the room's version then, and
    the game's :class:`~cipherkit.core.protocol.Clock` (its action and seats)."""

    ends: float
    version: int
    clock: Clock


def clock_start(session: Session, key: str) -> int:
    """The number of the action that started the clock named ``key`` (replayed from the
    record: a clock is rare and its game short); 0 if none did."""
    replay = Session(session.spec, session.config, seed=session.seed, keep_log=False)
    clock = session.spec.clock
    assert clock is not None
    for number, (seat, text) in enumerate(session.record.actions, 1):
        replay.apply(seat, text)
        started = clock(replay.state)
        if started is not None and started.key == key:
            return number
    return 0


class Clocks:
    """The rooms' running clocks, their start times remembered per process."""

    def __init__(self, storage: Storage, cache: SessionCache) -> None:
        self.storage = storage
        self.cache = cache
        self._starts: dict[tuple[str, str], float] = {}

    def at(self, conn: Connection, row: RoomRow, session: Session) -> ClockReading | None:
        """The room's running clock, for a room read at one version (inside its
        transaction), timed from the stored time of the action that started it, so
        every server agrees and a restart changes nothing."""
        if not row.open or session.spec.clock is None:
            return None
        clock = session.spec.clock(session.state)
        if clock is None:
            return None
        key = (row.id, clock.key)
        if key not in self._starts:
            started = self.storage.action_time(conn, row.id, clock_start(session, clock.key))
            self._starts[key] = row.updated if started is None else started
        return ClockReading(self._starts[key] + clock.seconds, row.version, clock)

    def ends(self, room_id: str) -> ClockReading | None:
        """:meth:`at` for the room as it is stored now."""
        return self.cache.read(room_id, self.at)


def ring(act: Callable[..., int], room_id: str, reading: ClockReading) -> None:
    """Take the clock's action, once: ``act(room_id, seat, text, version=...)`` checked
    against the version the clock was read at, so of several servers ringing at once
    exactly one action is stored, and nobody rings if someone acted in between."""
    clock = reading.clock
    with contextlib.suppress(StaleVersion, IllegalAction, RoomClosed):
        act(room_id, clock.seats[0], clock.action, version=reading.version)
