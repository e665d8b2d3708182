"""The room store: :func:`open_store` and :class:`Store`, the public face of rooms.

Design notes: ``docs/rooms.md``, ``cipherkit.rooms.store``.
"""

from __future__ import annotations

import os
import time
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any

from cipherkit.core.protocol import JsonDict, Seat
from cipherkit.core.record import Record
from cipherkit.core.session import Session
from cipherkit.rooms.cache import SessionCache
from cipherkit.rooms.clock import Clocks
from cipherkit.rooms.codes import normalize_code
from cipherkit.rooms.db import Connection, Database, private_folder
from cipherkit.rooms.errors import StoreUnreachable, UnknownRoom
from cipherkit.rooms.handles import Room, SeatHandle, Spectator
from cipherkit.rooms.limits import Limits
from cipherkit.rooms.reads import CONNECTED_SECONDS, Reads
from cipherkit.rooms.schema import migrate
from cipherkit.rooms.storage import RoomRow, Storage, token_digest
from cipherkit.rooms.transactions import MAX_NAME, Transactions, clean_name, default_bot
from cipherkit.rooms.waiting import Waiting

__all__ = [
    "CONNECTED_SECONDS",
    "ENV_HOME",
    "ENV_STORE",
    "MAX_NAME",
    "Room",
    "SeatHandle",
    "Spectator",
    "Store",
    "clean_name",
    "default_bot",
    "default_store_url",
    "open_store",
]

ENV_STORE = "CIPHERKIT_STORE"
"""Environment variable naming the default store URL."""


ENV_HOME = "CIPHERKIT_HOME"
"""The variable that moves :func:`data_dir` (tests, a server's own account)."""


def data_dir() -> Path:
    """The per-user folder of cipherkit's data, made private (0700) if missing:
    ``$CIPHERKIT_HOME``, else ``$XDG_DATA_HOME/cipherkit``, else
    ``~/.local/share/cipherkit`` (``%LOCALAPPDATA%\\cipherkit`` on Windows).

    >>> data_dir().name == "cipherkit" or bool(os.environ.get(ENV_HOME))
    True
    """
    if os.environ.get(ENV_HOME):
        folder = Path(os.environ[ENV_HOME]).expanduser()
    elif os.name == "nt":  # pragma: no cover - not tested on Windows
        local = os.environ.get("LOCALAPPDATA") or str(Path.home() / "AppData" / "Local")
        folder = Path(local) / "cipherkit"
    else:
        base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
        folder = Path(base).expanduser() / "cipherkit"
    private_folder(folder)
    return folder


def default_store_url() -> str:
    """``$CIPHERKIT_STORE``, else ``rooms.db`` in :func:`data_dir`: the one store that
    ``cipherkit serve``, ``cipherkit rooms`` and ``cipherkit class export`` share
    wherever they are run from."""
    return os.environ.get(ENV_STORE) or f"sqlite:///{data_dir() / 'rooms.db'}"


def open_store(
    url: str | Path | None = None,
    *,
    create: bool = True,
    poll: float | None = None,
    patient: bool = False,
) -> Store:
    """The room store at ``url``: ``sqlite:///path/to/file.db`` (or a bare path; the
    file and its schema are made on first use) or ``postgresql://...`` (needs psycopg 3).
    ``None``: :func:`default_store_url`. ``poll``: seconds between looks at a room's
    version while waiting (default 0.025 on SQLite; 2 on PostgreSQL, where notifications
    wake waiters at once and the poll is only a safety net).

    ``patient``: a PostgreSQL server that does not answer now is no error (a page opened
    during an outage): the store is made, each use raises
    :class:`~cipherkit.rooms.errors.StoreUnreachable` until the server answers, and the
    schema is checked at the first connection. A wrong URL or login is still an error.
    """
    return Store(
        default_store_url() if url is None else url, create=create, poll=poll, patient=patient
    )


def _digest(token: str | None) -> str | None:
    return None if token is None else token_digest(token)


class Store:
    """Rooms in one database; see :func:`open_store`. Safe to share between threads.

    Methods taking a ``room_id`` are what the handles use; a ``token`` must hold the
    seat it reads or acts for, and without one the server reads or acts.

    Examples
    --------
    >>> import tempfile
    >>> from cipherkit.rooms import open_store
    >>> store = open_store(f"sqlite:///{tempfile.mkdtemp()}/rooms.db")
    >>> room = store.create_room("decipher", {"first_player": 0}, bots=[1], seed=3)
    >>> ada = store.join(room.code.lower(), "Ada")
    >>> ada.seat, ada.version
    (0, 0)
    >>> play = next(a for a in ada.legal_actions() if a.startswith("play"))
    >>> ada.act(play)                              # the room's new version
    1
    >>> store.resume(ada.token).observe() == ada.observe()
    True
    >>> store.close()
    """

    def __init__(
        self,
        url: str | Path,
        *,
        create: bool = True,
        poll: float | None = None,
        patient: bool = False,
    ) -> None:
        self.db = Database(url, create=create)
        self.kind = self.db.dialect
        self.schema: tuple[int, int] | None = None
        """The schema's version before and after opening (``None`` until a patient
        store reaches its server)."""
        try:
            self._check_schema(self.db.connection())
        except StoreUnreachable:
            if not patient:
                raise
            self.db.first_use = self._check_schema  # when the server answers
        self.storage = Storage(self.db)
        self.cache = SessionCache(self.storage)
        self.clocks = Clocks(self.storage, self.cache)
        self.transactions = Transactions(self.storage, self.cache)
        self.reads = Reads(self.storage, self.cache, self.clocks)
        self.waiting = Waiting(self.db, self.storage, self.clocks, self.act, poll)
        self.limits = Limits(self.db, time.time)

    @property
    def url(self) -> str:
        """The store's URL, password hidden."""
        return self.db.display_url

    def _check_schema(self, conn: Connection) -> None:
        self.schema = migrate(conn)

    @property
    def waiting_for_server(self) -> bool:
        """Whether this store was opened ``patient`` while its server did not answer, and
        has not reached it since (a page says the rooms' database is not answering)."""
        return self.db.first_use is not None

    @property
    def poll(self) -> float:
        """Seconds between two looks at a room's version while waiting."""
        return self.waiting.poll

    def __repr__(self) -> str:
        return f"<room Store {self.url}>"

    def __enter__(self) -> Store:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def close(self) -> None:
        """Close every connection (and the PostgreSQL listener)."""
        self.waiting.close()  # waiters stop at their next look; the ones looking finish
        self.db.close()
        self.waiting.wake_all()

    # ------------------------------------------------------------ creating and finding
    def create_room(
        self,
        game: str,
        config: Mapping[str, Any] | None = None,
        *,
        bots: Mapping[int, str | None] | Iterable[int] = (),
        seed: int | None = None,
        held: bool = False,
    ) -> Room:
        """A new open room of ``game`` with a fresh join code.

        ``bots``: the seats bots play, as seat numbers (each gets :func:`default_bot`) or
        a mapping seat -> bot spec. ``seed``: the deal (default: 63 random bits from
        ``os.urandom``). Bots that move first do so now, in the creating transaction,
        unless the room is ``held``: then people may join, and nobody moves until
        :meth:`Room.start` (a class's rooms start together when the teacher says so).
        """
        return Room(self, self.transactions.create(game, config, bots, seed, held))

    def room(self, id_or_code: str) -> Room:
        """The room with this id or join code (open or closed)."""
        return Room(self, self.storage.find(id_or_code, open_only=False))

    def rooms(self, open_only: bool = True) -> list[JsonDict]:
        """Every room's :meth:`Room.info`, oldest first."""
        return [self.info(room_id) for room_id in self.storage.room_ids(open_only=open_only)]

    def close_room(self, id_or_code: str) -> None:
        """Close a room: its code and tokens stop working; its record stays."""
        self.transactions.close(self.storage.find(id_or_code, open_only=False))

    # ------------------------------------------------------------ people
    def join(
        self, code: str, name: str, seat: int | None = None, *, team: str | None = None
    ) -> SeatHandle:
        """Take a free seat for a person in the open room with join ``code``.

        ``seat`` picks one; ``team`` (``"white"``/``"black"`` in intercept) takes a free
        seat of that team. Raises :class:`~cipherkit.rooms.errors.UnknownCode` for a
        code that names no open room (pages count these),
        :class:`~cipherkit.rooms.errors.RoomFull`,
        :class:`~cipherkit.rooms.errors.SeatUnavailable` or
        :class:`~cipherkit.rooms.errors.BadName`.
        """
        got = self.transactions.join(code, name, seat, team)
        return SeatHandle(self, got.room_id, got.code, got.seat, got.token, got.name)

    def spectate(self, code: str) -> Spectator:
        """A handle on the open room with join ``code`` that sees the spectator's view
        and cannot act."""
        room_id = self.storage.find_open_code(code)
        return Spectator(self, room_id, str(normalize_code(code)))

    def resume(self, token: str) -> SeatHandle:
        """The seat a resume token holds (after a reload, on another server, ...)."""
        got = self.transactions.resume(token)
        return SeatHandle(self, got.room_id, got.code, got.seat, got.token, got.name)

    # ------------------------------------------------------------ one room, by id
    def row(self, room_id: str) -> RoomRow:
        """The room's stored row (server side: config and seed included)."""
        row = self.storage.row(self.storage.conn(), room_id)
        if row is None:
            raise UnknownRoom.say("no room {room_id!r}", room_id=room_id)
        return row

    def version(self, room_id: str) -> int:
        """How many actions the room's game has had applied."""
        return self.storage.version(room_id)

    def start(self, room_id: str) -> int:
        """Let a held room start (:meth:`Room.start`); its version."""
        return self.transactions.start(room_id)

    def give_away(
        self, room_id: str, seat: Seat, *, reserve: str | None = None, reason: str | None = None
    ) -> str | None:
        """Take a person's seat back for the teacher (:meth:`Room.give_seat`,
        :meth:`Room.remove`); the name that held it."""
        return self.transactions.give_away(room_id, seat, reserve=reserve, reason=reason)

    def rename(self, room_id: str, seat: Seat, name: str) -> str | None:
        """Rename the person in a seat (:meth:`Room.rename`); the name they had."""
        old = self.transactions.rename(room_id, seat, name)
        self.waiting.changed(room_id, self.version(room_id))
        return old

    def info(self, room_id: str) -> JsonDict:
        """The room's public facts (:meth:`Room.info`)."""
        return self.reads.info(room_id)

    def record(self, room_id: str) -> Record:
        """The room's record, with the room and its players in ``meta``."""
        return self.reads.record(room_id)

    def session(self, room_id: str) -> Session:
        """A fresh session rebuilt from the store (server side: the true state)."""
        return self.reads.session(room_id)

    def observe(self, room_id: str, viewer: Seat | str, *, token: str | None = None) -> JsonDict:
        """The game's ``observe(viewer)`` of the room's state now."""
        return self.reads.view(room_id, viewer, _digest(token))

    def legal_actions(self, room_id: str, seat: Seat, *, token: str | None = None) -> list[str]:
        """The seat's legal actions now, as text (none in a closed room)."""
        return self.reads.legal(room_id, seat, _digest(token))

    def snapshot(self, room_id: str, viewer: Seat | str, *, token: str | None = None) -> JsonDict:
        """What a page draws, at one version (:meth:`SeatHandle.snapshot`); ``legal`` is
        given only to a seat's ``token``."""
        return self.reads.snapshot(room_id, viewer, _digest(token))

    def act(
        self,
        room_id: str,
        seat: Seat,
        text: str,
        *,
        token: str | None = None,
        version: int | None = None,
    ) -> int:
        """Apply ``seat``'s action and the bots' answers in one transaction; return the
        room's new version. ``version``: act only if the room is still at it, else
        :class:`~cipherkit.rooms.errors.StaleVersion`."""
        new = self.transactions.act(room_id, seat, text, digest=_digest(token), version=version)
        self.waiting.changed(room_id, new)
        return new

    def fill_with_bots(
        self, room_id: str, spec: str | None = None, only: Sequence[int] | None = None
    ) -> list[int]:
        """Give every free seat (of ``only``) to a bot (:meth:`Room.fill_with_bots`)."""
        seats, new = self.transactions.fill_bots(room_id, spec, only)
        if new is not None:
            self.waiting.changed(room_id, new)
        return seats

    def free_seat(self, room_id: str, seat: Seat) -> None:
        """Give a person's seat up: its token stops working, someone else may join."""
        self.transactions.free_seat(room_id, seat)

    def leave(self, room_id: str, seat: Seat) -> None:
        """Show the seat as not connected (its token still resumes it)."""
        self.transactions.leave(room_id, seat)

    def touch(self, room_id: str, seat: Seat | None) -> None:
        """Record a sign of life of the seat's person (not while the store closes)."""
        if seat is None:
            return
        with self.waiting.looking():
            self.storage.seen(room_id, int(seat), time.time())

    def wait(
        self,
        room_id: str,
        after_version: int,
        timeout: float = 30.0,
        *,
        after_stamp: int | None = None,
    ) -> int:
        """Block until the room's version is above ``after_version`` (or its stamp moves
        from ``after_stamp``, default: the stamp when the wait starts: the room closed
        or started, someone sat down, a seat was given away) and return the version, or
        return it after ``timeout`` seconds."""
        return self.waiting.wait(room_id, after_version, timeout, after_stamp=after_stamp)

    def stamp(self, room_id: str) -> int:
        """The room's stamp: it moves on every change a page must hear of besides the
        game's moves (closing, starting, a seat taken or given away)."""
        return self.storage.version_and_stamp(room_id)[1]
