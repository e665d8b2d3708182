"""A room seat as the table widgets need it: the seat's own view, moves to the store, live.

A table built with ``room=handle`` (a :class:`~cipherkit.rooms.SeatHandle` from
``store.join`` / ``store.resume``, or a :class:`~cipherkit.rooms.Spectator`) plays no
local game: :class:`RoomSeat` reads the seat's observation, legal actions and the room's
public event log from the store in one read (:meth:`~cipherkit.rooms.SeatHandle.snapshot`),
sends the person's moves to the store (which runs the bots, exactly once), and a
background thread waits for the room to change (:meth:`~cipherkit.rooms.SeatHandle.wait`)
and lets the table publish a new view, so every page shows the other seats' moves within
a few tens of milliseconds.

The seat is the handle's: the page never names a seat. Hidden information stays where it
was: the table's view is built from the seat's observation only.

Examples
--------
>>> import tempfile
>>> from cipherkit.rooms import open_store
>>> folder = tempfile.TemporaryDirectory()
>>> store = open_store(f"sqlite:///{folder.name}/rooms.db")
>>> room = store.create_room("decipher", {"first_player": 0}, seed=7)
>>> ada, bo = RoomSeat(store.join(room.code, "Ada")), RoomSeat(store.join(room.code, "Bo"))
>>> ada.seat, bo.seat, ada.names()
(0, 1, ['Ada', 'Bo'])
>>> snap = ada.snapshot()
>>> snap.version, snap.observation == room.session().view(0), bool(snap.legal)
(0, True, True)
>>> bo.snapshot().legal
[]
>>> store.close(); folder.cleanup()
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from cipherkit.core.errors import IllegalAction
from cipherkit.core.session import LoggedEvent
from cipherkit.rooms import ReadOnly, RoomError, UnknownToken
from cipherkit.widgets.guard import Refused

__all__ = ["LIVE_TIMEOUT", "RoomSeat", "Snapshot"]

LIVE_TIMEOUT = 3.0
"""Seconds one ``wait`` of the live thread lasts before it looks again (at who sits in
the room, and whether the table is still open)."""

_log = logging.getLogger(__name__)


@dataclass(frozen=True)
class Snapshot:
    """What a table draws, read from the store at one version."""

    version: int
    observation: dict[str, Any]
    legal: list[str]
    log: list[LoggedEvent] = field(default_factory=list)
    open: bool = True


class RoomSeat:
    """One seat of a room (or a spectator) for a table; see the module docstring.

    ``handle`` is a :class:`~cipherkit.rooms.SeatHandle` or a
    :class:`~cipherkit.rooms.Spectator`. :attr:`seat` is ``None`` for a spectator.
    """

    def __init__(self, handle: Any) -> None:
        self.handle = handle
        self.seat: int | None = handle.seat
        self.code: str = handle.code
        record = handle.store.room(handle.room_id).record()  # kernel only: the true config
        self.game: str = record.game
        self.config: dict[str, Any] = dict(record.config or {})
        self.lock = threading.RLock()
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        self._last_names: list[str] | None = None
        self._listeners: list[Callable[[int], None]] = []
        self.gone = ""
        self._baseline: tuple[list[str] | None, str, int | None] = (None, "", None)
        """Why this seat's token no longer works (the teacher's doing), once known."""

    def __repr__(self) -> str:
        return f"<RoomSeat {self.handle!r}>"

    # ------------------------------------------------------------------ reading
    def snapshot(self) -> Snapshot:
        """The seat's observation, legal actions, the public log and the version."""
        data = self.handle.snapshot()
        return Snapshot(
            version=int(data["version"]),
            observation=data["observation"],
            legal=list(data["legal"]),
            log=list(data["log"]),
            open=bool(data["open"]),
        )

    def info(self) -> dict[str, Any]:
        """The room's public facts (:meth:`~cipherkit.rooms.Room.info`)."""
        return dict(self.handle.info())

    def names(self) -> list[str]:
        """Each seat's display name in plain words: the person's name, ``"Robot 1"``,
        ``"Robot 2"``... for the bots (not their ids), or ``"a free seat"`` while nobody
        sits there."""
        names = []
        robots = 0
        for entry in self.info()["seats"]:
            name, bot = entry.get("name"), entry.get("bot")
            if bot and (not name or name == f"{bot} bot"):
                robots += 1
                names.append(f"Robot {robots}")
            else:
                names.append(str(name) if name else "a free seat")
        return names

    def in_names(self, text: str) -> str:
        """``text`` (a game's sentence) with the seats' display names for the names in
        the game's config (``"Player 2"`` -> ``"Bo"``)."""
        names = self.names()
        config_names = self.config.get("names") or []
        for index in reversed(range(len(names))):
            own = config_names[index] if index < len(config_names) else f"Player {index + 1}"
            if own and own != names[index]:
                text = text.replace(str(own), names[index])
        return text

    def bots(self) -> list[str | None]:
        """Each seat's bot spec, ``None`` for a person's seat."""
        return [entry.get("bot") for entry in self.info()["seats"]]

    # ------------------------------------------------------------------ acting
    def act(self, text: str) -> int:
        """Send the seat's move to the store; a refusal is a :class:`Refused` for the page."""
        try:
            return int(self.handle.act(text))
        except IllegalAction as exc:
            raise Refused(f"illegal: {self.in_names(exc.reason)}") from None
        except ReadOnly:
            raise Refused("illegal: a spectator watches and cannot move") from None
        except RoomError as exc:
            raise Refused(f"refused: {exc}") from None

    # ------------------------------------------------------------------ live
    def watch(self, on_change: Callable[[int], None], after: int) -> None:
        """Call ``on_change(version)`` from a background thread whenever the room's
        version goes above ``after`` (and above every version reported since), or
        someone joins or leaves a seat."""
        if self._thread is not None:
            return
        # what the table shows now is the baseline: a change from here on (even one made
        # before the thread's first wait) is told
        self._baseline = (self._names_or_none(), self.notice(), self._stamp_or_none())
        self._thread = threading.Thread(
            target=self._run,
            args=(on_change, after),
            name=f"cipherkit-room-{self.code}",
            daemon=True,
        )
        self._thread.start()

    def listen(self, callback: Callable[[int], None]) -> None:
        """Also call ``callback(version)`` (from the live thread) on every change the
        table is told of: the lobby redraws who sits where."""
        self._listeners.append(callback)

    def notice(self) -> str:
        """A sentence for the seat when the room cannot be played now, else ``""``:
        closed by the teacher, waiting for the teacher's start, or the seat given to
        another device or taken back (the store's own plain words)."""
        if self.gone:
            return self.gone
        try:
            info = self.info()
        except RoomError as exc:
            return f"{exc}."
        if info.get("status") != "open":
            return "This room has been closed, so the game stops here."
        if info.get("held"):
            return "Everyone is sitting down: the game starts when your teacher says so."
        return ""

    def _run(self, on_change: Callable[[int], None], after: int) -> None:
        seen = after
        self._last_names, last_notice, stamp = self._baseline
        while not self._stop.is_set():
            before = stamp  # the stamp moves without a move too (a timer extended)
            try:
                version = self.handle.wait(seen, timeout=LIVE_TIMEOUT, after_stamp=stamp)
                stamp = self._stamp_or_none()
            except UnknownToken as exc:  # the teacher gave the seat away: say so, stop
                self.gone = f"{exc}."
                version = seen
            except Exception as exc:  # the store went away a moment...
                _log.warning("room %s: waiting failed (%s)", self.code, type(exc).__name__)
                if self._stop.wait(2.0):
                    return
                continue
            if self._stop.is_set():
                return
            names = self._names_or_none()
            notice = self.notice()
            if (
                version > seen
                or (names is not None and names != self._last_names)
                or notice != last_notice
                or (stamp is not None and before is not None and stamp != before)
            ):
                seen = max(seen, version)
                self._last_names, last_notice = names, notice
                for callback in (on_change, *self._listeners):
                    try:
                        callback(version)
                    except Exception as exc:
                        _log.warning("room %s: update failed (%s)", self.code, type(exc).__name__)
            if self.gone or notice.startswith("This room has been closed"):
                return  # nothing more will happen here

    def _stamp_or_none(self) -> int | None:
        try:
            return int(self.handle.stamp())
        except Exception:
            return None

    def _names_or_none(self) -> list[str] | None:
        try:
            return self.names()
        except Exception:
            return None

    def stop(self) -> None:
        """Stop the live thread (it ends within :data:`LIVE_TIMEOUT` seconds)."""
        self._stop.set()

    @property
    def live(self) -> bool:
        """Whether the thread that follows the room's changes is running."""
        return self._thread is not None and self._thread.is_alive() and not self._stop.is_set()
