"""The sand timer of a room: when a game's real-time limit (``GameSpec.clock``) runs out,
and taking its action exactly once, however many servers wait on the room; a teacher
may set its length, extend it or turn it off (a :class:`ClockSetting`, stored).

The design (stored start times, a ring checked against the version) is in docs/rooms.md.
"""

from __future__ import annotations

import contextlib
import json
from collections.abc import Callable
from dataclasses import asdict, dataclass, replace

from cipherkit.core.errors import CipherkitError, IllegalAction
from cipherkit.core.protocol import Clock
from cipherkit.core.session import Session
from cipherkit.rooms.cache import SessionCache
from cipherkit.rooms.db import Connection
from cipherkit.rooms.errors import RoomClosed, StaleVersion
from cipherkit.rooms.storage import RoomRow, Storage

__all__ = [
    "EXTEND_SECONDS",
    "ClockReading",
    "ClockSetting",
    "Clocks",
    "NoClock",
    "clock_start",
    "ring",
]

EXTEND_SECONDS = 30.0
"""Seconds one *extend* gives the running clock."""

_SETTING_KEY = "clock:"  # the store's meta table keeps a room's setting under this + id


class NoClock(CipherkitError):
    """The room has no running clock to extend, or no clock at all."""


@dataclass(frozen=True)
class ClockSetting:
    """A room's timer as the teacher set it: ``seconds``, the length of every clock from
    now on (``None``: the game's own); ``off``, no clock runs out; ``extra`` seconds given
    to the clock named ``key`` (the one running when it was extended).

    >>> setting = ClockSetting().extended("round 2", 30.0).extended("round 2", 30.0)
    >>> setting.extra_for("round 2"), setting.extra_for("round 3")
    (60.0, 0.0)
    >>> ClockSetting.of(setting.to_text()) == setting
    True
    """

    seconds: float | None = None
    off: bool = False
    extra: float = 0.0
    key: str = ""

    def extended(self, key: str, seconds: float) -> ClockSetting:
        """This setting with ``seconds`` more for the clock named ``key``."""
        return replace(self, key=key, extra=self.extra_for(key) + float(seconds))

    def extra_for(self, key: str) -> float:
        """The seconds given to the clock named ``key`` by extending it."""
        return self.extra if key == self.key else 0.0

    def to_text(self) -> str:
        """As stored (JSON)."""
        return json.dumps(asdict(self), sort_keys=True)

    @classmethod
    def of(cls, text: str | None) -> ClockSetting:
        """Read back from :meth:`to_text` (``None``: the game's own timer)."""
        if not text:
            return cls()
        data = json.loads(text)
        seconds = data.get("seconds")
        return cls(
            seconds=None if seconds is None else float(seconds),
            off=bool(data.get("off", False)),
            extra=float(data.get("extra", 0.0)),
            key=str(data.get("key", "")),
        )


@dataclass(frozen=True)
class ClockReading:
    """A running clock: when it runs out (epoch seconds), the room's version then, and
    the game's :class:`~cipherkit.core.protocol.Clock` (its action and seats);
    ``seconds``, its whole length (the teacher's, with what extending it gave)."""

    ends: float
    version: int
    clock: Clock
    seconds: float = 0.0


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
    """The rooms' running clocks, their start times remembered per process.

    A clock that waits on seats (:attr:`Clock.waits_on`) starts when one of them can
    act: a bot's seat at once; a person's seat once the person sits there, and, when a
    bot's action started the clock, once the person has acted since (a bot is done the
    moment its turn opens, so its finish says nothing of the time a person needs); a
    seat nobody holds never (the clock waits, and :meth:`unattended` says so)."""

    def __init__(self, storage: Storage, cache: SessionCache) -> None:
        self.storage = storage
        self.cache = cache
        self._starts: dict[tuple[str, str], tuple[int, float, bool]] = {}

    def _game_clock(self, conn: Connection, row: RoomRow, session: Session) -> Clock | None:
        """The game's clock now, unless the room is closed or the teacher turned it off."""
        if not row.open or session.spec.clock is None:
            return None
        clock = session.spec.clock(session.state)
        if clock is None or self.setting_in(conn, row.id).off:
            return None
        return clock

    def _started(
        self, conn: Connection, row: RoomRow, session: Session, clock: Clock
    ) -> float | None:
        """When the clock started (epoch seconds, from stored times), ``None`` while no
        seat it waits on can act."""
        key = (row.id, clock.key)
        if key not in self._starts:
            number = clock_start(session, clock.key)
            stored = self.storage.action_time(conn, row.id, number)
            by_bot = self.storage.action_by_bot(conn, row.id, number)
            self._starts[key] = (number, row.updated if stored is None else stored, by_bot)
        number, turned, by_bot = self._starts[key]
        if not clock.waits_on:
            return turned
        sitters = self.storage.sitters(conn, row.id)
        can_act: list[float] = []
        for seat in clock.waits_on:
            bot, sat = sitters.get(int(seat), (None, None))
            if bot is not None:
                can_act.append(turned)
            elif sat is not None:
                when = max(turned, sat)
                if by_bot:
                    acted = self.storage.first_person_action(conn, row.id, int(seat), number)
                    if acted is None:
                        continue  # the person has not begun since the bot was done
                    when = max(when, acted)
                can_act.append(when)
        return min(can_act) if can_act else None

    def at(self, conn: Connection, row: RoomRow, session: Session) -> ClockReading | None:
        """The room's running clock, for a room read at one version (inside its
        transaction), timed from stored times (the action that started it, a person
        sitting down or acting), so every server agrees and a restart changes nothing;
        ``None`` while no seat it waits on can act."""
        clock = self._game_clock(conn, row, session)
        if clock is None:
            return None
        started = self._started(conn, row, session, clock)
        if started is None:
            return None
        setting = self.setting_in(conn, row.id)
        seconds = (clock.seconds if setting.seconds is None else setting.seconds) + (
            setting.extra_for(clock.key)
        )
        return ClockReading(started + seconds, row.version, clock, seconds)

    def unattended(self, conn: Connection, row: RoomRow, session: Session) -> bool:
        """Whether the room's timed round waits on seats no person holds (free, kept
        for a student who is away, or a bot's): nobody can act for it."""
        clock = self._game_clock(conn, row, session)
        if clock is None or not clock.waits_on:
            return False
        sitters = self.storage.sitters(conn, row.id)
        return all(sitters.get(int(s), (None, None))[1] is None for s in clock.waits_on)

    def ends(self, room_id: str) -> ClockReading | None:
        """:meth:`at` for the room as it is stored now."""
        return self.cache.read(room_id, self.at)

    # ------------------------------------------------------------ the teacher's setting
    @staticmethod
    def setting_in(conn: Connection, room_id: str) -> ClockSetting:
        """The room's :class:`ClockSetting` (inside the caller's transaction)."""
        found = conn.execute(
            "SELECT value FROM meta WHERE key = ?", (_SETTING_KEY + room_id,)
        ).fetchone()
        return ClockSetting.of(None if found is None else str(found[0]))

    def setting(self, room_id: str) -> ClockSetting:
        """The room's :class:`ClockSetting` as stored now."""
        return self.cache.read(room_id, lambda conn, row, session: self.setting_in(conn, row.id))

    def change(
        self,
        room_id: str,
        *,
        extend: float = 0.0,
        off: bool | None = None,
        seconds: float | None = None,
    ) -> ClockSetting:
        """Extend the running clock by ``extend`` seconds, turn the room's timer ``off``
        (or back on) or set its length to ``seconds`` (what extending gave goes); stored
        in one transaction that moves the room's stamp, so every waiting page (and the
        server's ringer) reads the new end at once. Extending a room with no running
        clock is :class:`NoClock`."""
        with self.cache.lock(room_id):
            conn = self.storage.conn()
            with conn.transaction(write=True):
                row = self.storage.row(conn, room_id, lock=True)
                if row is None or not row.open:
                    raise NoClock.say("that room is closed")
                session = self.cache.session(conn, row)
                if session.spec.clock is None:
                    raise NoClock.say("that game has no timer")
                setting = self.setting_in(conn, room_id)
                if extend:
                    clock = session.spec.clock(session.state)
                    if clock is None or setting.off:
                        raise NoClock.say("no timer is running in that room now")
                    setting = setting.extended(clock.key, extend)
                if off is not None:
                    setting = replace(setting, off=bool(off))
                if seconds is not None:  # a new length replaces what extending gave
                    setting = replace(setting, seconds=float(seconds), extra=0.0, key="")
                conn.execute(
                    "INSERT INTO meta (key, value) VALUES (?, ?) "
                    "ON CONFLICT (key) DO UPDATE SET value = excluded.value",
                    (_SETTING_KEY + room_id, setting.to_text()),
                )
                self.storage.touch_stamp(conn, room_id)
        return setting


def ring(act: Callable[..., int], room_id: str, reading: ClockReading) -> None:
    """Take the clock's action, once: ``act(room_id, seat, text, version=...)`` checked
    against the version the clock was read at, so of several servers ringing at once
    exactly one action is stored, and nobody rings if someone acted in between."""
    clock = reading.clock
    with contextlib.suppress(StaleVersion, IllegalAction, RoomClosed):
        act(room_id, clock.seats[0], clock.action, version=reading.version)
