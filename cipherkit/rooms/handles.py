"""Handles on a room: :class:`Room` (the server's), :class:`SeatHandle` (a person's seat)
and :class:`Spectator`, the two a page holds (:class:`PageHandle`: what they share). Each
is a room id and a store, and uses only the store's API."""

from __future__ import annotations

import time
from collections.abc import Sequence
from typing import TYPE_CHECKING

from cipherkit.core.protocol import SPECTATOR, JsonDict, Seat
from cipherkit.core.record import Record
from cipherkit.core.session import Session
from cipherkit.rooms.errors import ReadOnly

if TYPE_CHECKING:
    from cipherkit.rooms.store import Store

__all__ = ["TOUCH_SECONDS", "PageHandle", "Room", "SeatHandle", "Spectator"]

TOUCH_SECONDS = 15.0
"""A seat handle records a sign of life at most this often."""


class Room:
    """A room as its server sees it (everything, hidden information included, is
    reachable from here: never hand a Room to a browser; pages use seat handles)."""

    def __init__(self, store: Store, room_id: str) -> None:
        self.store = store
        self.id = room_id
        self._code: str | None = None

    @property
    def code(self) -> str:
        """The code people type to join the room (``TIGER-48213-MOSS``)."""
        if self._code is None:
            self._code = self.store.row(self.id).code
        return self._code

    def __repr__(self) -> str:
        return f"<Room {self.id} {self.code}>"

    @property
    def version(self) -> int:
        """How many actions the room's game has had applied (pages wait for it to grow)."""
        return self.store.version(self.id)

    def info(self) -> JsonDict:
        """The room's public facts, JSON-safe: id, code, game, a config summary (plain
        numbers and switches only), seats (name, bot, taken, connected, team), version,
        whose turn, over, outcome, status, times. Never hidden information."""
        return self.store.info(self.id)

    def record(self) -> Record:
        """The game's record (config, seed, actions; replays to the room's state), with
        the room and its players in ``meta``."""
        return self.store.record(self.id)

    def session(self) -> Session:
        """A fresh :class:`Session` rebuilt from the store (server side only: it holds
        the true state). Changing it changes nothing stored."""
        return self.store.session(self.id)

    def act(self, seat: Seat, text: str, *, version: int | None = None) -> int:
        """Server side: act for ``seat`` without its token (a timer, a teacher).

        ``version``: act only if the room is still at this version, else
        :class:`~cipherkit.rooms.errors.StaleVersion`; a timer armed at version ``v``
        fires once and never after someone acted.
        """
        return self.store.act(self.id, int(seat), text, version=version)

    def wait(
        self, after_version: int, timeout: float = 30.0, *, after_stamp: int | None = None
    ) -> int:
        """Block until the room's version is above ``after_version`` and return it, or
        return the current version after ``timeout`` seconds."""
        return self.store.wait(self.id, after_version, timeout, after_stamp=after_stamp)

    def start(self) -> int:
        """Let a held room start (see :meth:`Store.create_room`): the bots whose turn it
        is move now, and people may act. Returns the room's version.

        >>> import tempfile
        >>> from cipherkit.rooms import open_store
        >>> folder = tempfile.TemporaryDirectory()
        >>> store = open_store(f"sqlite:///{folder.name}/rooms.db")
        >>> room = store.create_room("decipher", {"first_player": 1}, bots=[1], held=True)
        >>> room.info()["held"], room.version
        (True, 0)
        >>> room.start() > 0, room.info()["held"]   # the bot sat first, and moved at once
        (True, False)
        >>> store.close(); folder.cleanup()
        """
        return self.store.start(self.id)

    def give_seat(self, seat: Seat, name: str) -> str | None:
        """The teacher gives a person's seat to a new device (or another student): the
        old token stops working, and says so in plain words when used; the seat waits
        for ``name`` to join. Returns the name that held it.

        >>> import tempfile
        >>> from cipherkit.rooms import open_store
        >>> folder = tempfile.TemporaryDirectory()
        >>> store = open_store(f"sqlite:///{folder.name}/rooms.db")
        >>> room = store.create_room("decipher", {"first_player": 0})
        >>> old = store.join(room.code, "Ada")
        >>> room.give_seat(old.seat, "Ada")
        'Ada'
        >>> store.resume(old.token)
        Traceback (most recent call last):
        ...
        cipherkit.rooms.errors.SeatGone: your teacher gave your seat to another device: ...
        >>> store.join(room.code, "Ada").seat == old.seat
        True
        >>> store.close(); folder.cleanup()
        """
        return self.store.give_away(self.id, seat, reserve=name)

    def rename(self, seat: Seat, name: str) -> str | None:
        """The teacher renames the person in ``seat``: their page and everyone's show
        the new name; the name they had (``None``: nobody sits there)."""
        return self.store.rename(self.id, seat, name)

    def remove(self, seat: Seat) -> str | None:
        """The teacher takes a person out of the room: their token stops working (and
        says so), the seat is free for anyone. Returns the name that held it."""
        return self.store.give_away(self.id, seat, reserve=None)

    def fill_with_bots(
        self, spec: str | None = None, only: Sequence[int] | None = None
    ) -> list[int]:
        """Give every free seat (no person holds it, no bot plays it; of ``only`` if
        given) to a bot: ``spec``,
        or the game's :func:`~cipherkit.rooms.transactions.default_bot`; the bots move at
        once if it is their turn. Returns the seats given (none for a full,
        closed-to-play or finished room).

        The bots are stored in the room's seats, so a room rebuilt from the store (after
        a crash, on another server) has them too, and their moves are stored actions.
        In intercept a bot leaves the team's guess to the team's people.

        >>> import tempfile
        >>> from cipherkit.rooms import open_store
        >>> folder = tempfile.TemporaryDirectory()
        >>> store = open_store(f"sqlite:///{folder.name}/rooms.db")
        >>> room = store.create_room("decipher", {"first_player": 1}, seed=3)
        >>> ada = store.join(room.code, "Ada")
        >>> room.fill_with_bots(), [s["bot"] for s in room.info()["seats"]]
        ([1], [None, 'solver'])
        >>> room.version > 0                      # the bot moved first, at once
        True
        >>> store.close(); folder.cleanup()
        """
        return self.store.fill_with_bots(self.id, spec, only)

    def free_seat(self, seat: Seat) -> None:
        """Give a person's seat up: its token stops working, someone else may join."""
        self.store.free_seat(self.id, seat)

    def close(self) -> None:
        """Close the room: no more joining, resuming or acting; the record stays."""
        self.store.close_room(self.id)


class PageHandle:
    """What a page holds on a room (a seat's or a spectator's): the room's public facts,
    its version and stamp, waiting for it to change."""

    def __init__(self, store: Store, room_id: str, code: str) -> None:
        self.store = store
        self.room_id = room_id
        self.code = code

    @property
    def version(self) -> int:
        """The room's version now (how many actions were applied)."""
        return self.store.version(self.room_id)

    def wait(
        self, after_version: int, timeout: float = 30.0, *, after_stamp: int | None = None
    ) -> int:
        """Block until the room's version is above ``after_version`` and return it, or
        return the current version after ``timeout`` seconds."""
        return self.store.wait(self.room_id, after_version, timeout, after_stamp=after_stamp)

    def info(self) -> JsonDict:
        """The room's public facts (:meth:`Room.info`)."""
        return self.store.info(self.room_id)

    def stamp(self) -> int:
        """The room's stamp (:meth:`~cipherkit.rooms.Store.stamp`)."""
        return self.store.stamp(self.room_id)


class SeatHandle(PageHandle):
    """A person's seat in a room: what a page holds for one player.

    Everything it shows is the game's own observation for its seat.
    """

    def __init__(
        self, store: Store, room_id: str, code: str, seat: Seat, token: str, name: str
    ) -> None:
        super().__init__(store, room_id, code)
        self.seat = seat
        self.token = token
        self.name = name
        self._touched = 0.0

    def __repr__(self) -> str:  # never the token
        return f"<SeatHandle room {self.code} seat {self.seat} {self.name!r}>"

    def _alive(self) -> None:
        now = time.monotonic()
        if now - self._touched >= TOUCH_SECONDS:
            self._touched = now
            self.store.touch(self.room_id, self.seat)

    def observe(self) -> JsonDict:
        """Exactly the game's ``observe(seat)`` of the room's current state."""
        return self.store.observe(self.room_id, self.seat, token=self.token)

    def legal_actions(self) -> list[str]:
        """The seat's legal actions now, in text notation (empty when it may not act).
        Some games accept more texts than they list (intercept's free clues)."""
        return self.store.legal_actions(self.room_id, self.seat, token=self.token)

    def act(self, text: str, *, version: int | None = None) -> int:
        """Take an action (its text notation); the bots answer; return the new version.

        Raises :class:`~cipherkit.core.errors.IllegalAction` with a reason, and the store
        is unchanged. ``version``: act only if the room is still at this version.
        """
        result = self.store.act(self.room_id, self.seat, text, token=self.token, version=version)
        self._alive()
        return result

    def wait(
        self, after_version: int, timeout: float = 30.0, *, after_stamp: int | None = None
    ) -> int:
        """Block until the room's version is above ``after_version`` and return it, or
        return the current version after ``timeout`` seconds."""
        self._alive()
        return super().wait(after_version, timeout, after_stamp=after_stamp)

    def snapshot(self) -> JsonDict:
        """Everything a page draws, read at one version: ``observation`` (exactly
        :meth:`observe`), ``legal`` (:meth:`legal_actions`), ``log`` (the room's public
        :class:`~cipherkit.core.session.LoggedEvent` list), ``version`` and ``open``."""
        return self.store.snapshot(self.room_id, self.seat, token=self.token)

    def leave(self) -> None:
        """Show the seat as not connected (the token still resumes it)."""
        self.store.leave(self.room_id, self.seat)
        self._touched = 0.0


class Spectator(PageHandle):
    """A handle that sees a room as a spectator and cannot act."""

    seat = None

    def __repr__(self) -> str:
        return f"<Spectator room {self.code}>"

    def observe(self) -> JsonDict:
        """Exactly the game's ``observe("spectator")``."""
        return self.store.observe(self.room_id, SPECTATOR)

    def legal_actions(self) -> list[str]:
        """None: a spectator cannot act."""
        return []

    def act(self, text: str, *, version: int | None = None) -> int:
        """Refuse: a spectator cannot act (:class:`~cipherkit.rooms.errors.ReadOnly`)."""
        raise ReadOnly.say("a spectator cannot act")

    def snapshot(self) -> JsonDict:
        """As :meth:`SeatHandle.snapshot`, with the spectator's observation."""
        return self.store.snapshot(self.room_id, SPECTATOR)
