"""Rooms: a core :class:`~cipherkit.core.session.Session` whose record lives in a store.

A room is a game being played by people who join it with a code, maybe with bots in
some seats. Its record (config, seed, every action) lives in a store, SQLite or
PostgreSQL (:func:`open_store`), so any server process can rebuild and serve it.

* Every action is one transaction: lock the room (SQLite's write lock, or the room's row
  on PostgreSQL), catch the in-memory session up with the stored actions, check and apply
  the action, let the bots answer, store the new actions and the room's new version
  (``UPDATE ... WHERE version = <old>``), commit. Two seats acting at once queue; neither
  action is lost, none is stored twice; an illegal action changes nothing.
* Bots move inside the transaction of the action they answer (and at creation, if they
  move first). Another server sees their moves as stored actions and never runs them
  again: bots act exactly once, however many servers share the store.
* :meth:`SeatHandle.wait` returns when the room's version passes a number: a poll of
  the version on SQLite, PostgreSQL's ``LISTEN``/``NOTIFY`` on PostgreSQL.
* Sessions are cached per process by room (at their version) and caught up with the
  actions stored since; a new process rebuilds them by replaying the record.

Examples
--------
>>> import tempfile
>>> from cipherkit.rooms import open_store
>>> folder = tempfile.TemporaryDirectory()
>>> store = open_store(f"sqlite:///{folder.name}/rooms.db")
>>> room = store.create_room("decipher", {"first_player": 0}, bots=[1], seed=3)
>>> ada = store.join(room.code.lower(), "Ada")
>>> ada.seat, ada.version
(0, 0)
>>> play = next(a for a in ada.legal_actions() if a.startswith("play"))
>>> ada.act(play)                              # the room's new version
1
>>> store.resume(ada.token).observe() == ada.observe()
True
>>> store.close(); folder.cleanup()
"""

from __future__ import annotations

import contextlib
import datetime as _dt
import hashlib
import hmac
import json
import os
import secrets
import threading
import time
import unicodedata
from collections import OrderedDict
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeVar

from cipherkit.core.errors import CipherkitError, ConfigError, IllegalAction
from cipherkit.core.protocol import SPECTATOR, Clock, JsonDict, Seat, State
from cipherkit.core.record import Record
from cipherkit.core.registry import bot_names, get_game, make_bot
from cipherkit.core.session import Session
from cipherkit.rooms.codes import new_code, normalize_code
from cipherkit.rooms.db import Connection, Database, Listener
from cipherkit.rooms.errors import (
    BadName,
    ReadOnly,
    RoomClosed,
    RoomFull,
    SeatUnavailable,
    StaleVersion,
    StoreError,
    UnknownCode,
    UnknownRoom,
    UnknownToken,
)
from cipherkit.rooms.schema import migrate

__all__ = [
    "CONNECTED_SECONDS",
    "DEFAULT_BOTS",
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

DEFAULT_BOTS: dict[str, tuple[str, ...]] = {
    "decipher": ("solver",),
    "intercept": ("ck",),
    "mission": ("planner",),
}
"""The bot a room puts in a seat when none is named: the game's strongest sensible one
(first of these that is registered; else ``random``)."""

MAX_NAME = 40
CONNECTED_SECONDS = 60.0
"""A person counts as connected if their seat showed a sign of life this recently."""

TOUCH_SECONDS = 15.0
"""A seat handle records a sign of life at most this often."""

SQLITE_POLL = 0.025
"""Seconds between two looks at a room's version while waiting, on SQLite."""

POSTGRES_POLL = 2.0
"""On PostgreSQL waiters are woken by notifications; this is only the safety net."""

CACHE_ROOMS = 256
"""Sessions kept in memory per store (least recently used dropped first)."""

CLOSE_WAIT = 10.0
"""Seconds :meth:`Store.close` waits for the waiters' looks under way to finish."""

T = TypeVar("T")

_ROOM_COLUMNS = "id, code, game, config, seed, version, rngs, status, outcome, created, updated"
_BIDI_CONTROLS = frozenset("\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")


# ---------------------------------------------------------------- helpers
def default_store_url() -> str:
    """``$CIPHERKIT_STORE``, else ``sqlite:///<current folder>/cipherkit-rooms.db``."""
    return os.environ.get(ENV_STORE) or f"sqlite:///{Path.cwd() / 'cipherkit-rooms.db'}"


def default_bot(game: str) -> str:
    """The bot spec a room uses for ``game`` when none is named.

    >>> default_bot("decipher"), default_bot("intercept"), default_bot("mission")
    ('solver', 'ck', 'planner')
    """
    known = set(bot_names(game))
    return next((b for b in DEFAULT_BOTS.get(game, ()) if b in known), "random")


def clean_name(name: object) -> str:
    """A display name made safe: trimmed, inner spaces squeezed, 1-40 characters, no
    control characters. Raises :class:`~cipherkit.rooms.errors.BadName`.

    >>> clean_name("  Ada   Lovelace ")
    'Ada Lovelace'
    >>> clean_name("Ada\\x00")
    Traceback (most recent call last):
    ...
    cipherkit.rooms.errors.BadName: a name cannot hold control characters
    """
    if not isinstance(name, str):
        raise BadName("a name must be text")
    text = unicodedata.normalize("NFC", name)
    for char in text:
        if unicodedata.category(char) in ("Cc", "Cs", "Co", "Cn") or char in _BIDI_CONTROLS:
            raise BadName("a name cannot hold control characters")
    text = " ".join(text.split())
    if not text:
        raise BadName("a name needs at least one letter")
    if len(text) > MAX_NAME:
        raise BadName(f"a name has at most {MAX_NAME} characters, not {len(text)}")
    return text


def _hash(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


def _iso(seconds: float) -> str:
    return _dt.datetime.fromtimestamp(seconds, _dt.UTC).isoformat(timespec="seconds")


def _teams(state: State) -> list[str] | None:
    """Each seat's team name, for games with teams (intercept), else ``None``."""
    sides = getattr(state, "sides", None)
    names = getattr(state, "team_names", None)
    if not callable(sides) or names is None:
        return None
    return [str(names[side]) for side in sides()]


def _bot_seats(game: str, bots: Mapping[Any, Any] | Iterable[Any], seats: int) -> dict[int, str]:
    if isinstance(bots, str):
        raise CipherkitError("bots must be seat numbers or a mapping seat -> bot")
    pairs = bots.items() if isinstance(bots, Mapping) else ((seat, None) for seat in bots)
    chosen: dict[int, str] = {}
    for seat, spec in pairs:
        try:
            number = int(seat)
        except (TypeError, ValueError):
            raise CipherkitError(f"bot seat {seat!r} is not a seat number") from None
        if not 0 <= number < seats:
            raise CipherkitError(f"no seat {number}: this {game} room has seats 0 to {seats - 1}")
        chosen[number] = str(spec) if spec else default_bot(game)
    return chosen


@dataclass(frozen=True)
class _Row:
    id: str
    code: str
    game: str
    config: dict[str, Any] | None
    seed: int
    version: int
    rngs: dict[str, int]
    status: str
    outcome: dict[str, Any] | None
    created: float
    updated: float

    @classmethod
    def of(cls, row: tuple[Any, ...]) -> _Row:
        config = None if row[3] is None else json.loads(row[3])
        outcome = None if row[8] is None else json.loads(row[8])
        return cls(
            str(row[0]),
            str(row[1]),
            str(row[2]),
            config,
            int(row[4]),
            int(row[5]),
            json.loads(row[6]),
            str(row[7]),
            outcome,
            float(row[9]),
            float(row[10]),
        )


# ---------------------------------------------------------------- the store
def open_store(
    url: str | Path | None = None, *, create: bool = True, poll: float | None = None
) -> Store:
    """The room store at ``url``: ``sqlite:///path/to/file.db`` (or a bare path; the
    file and its schema are made on first use) or ``postgresql://...`` (needs psycopg 3).
    ``None``: :func:`default_store_url`. ``poll``: seconds between looks at a room's
    version while waiting (default 0.025 on SQLite; 2 on PostgreSQL, where notifications
    wake waiters at once and the poll is only a safety net)."""
    return Store(default_store_url() if url is None else url, create=create, poll=poll)


class Store:
    """Rooms in one database; see :func:`open_store`. Safe to share between threads."""

    def __init__(self, url: str | Path, *, create: bool = True, poll: float | None = None) -> None:
        self.db = Database(url, create=create)
        self.kind = self.db.dialect
        default_poll = SQLITE_POLL if self.kind == "sqlite" else POSTGRES_POLL
        self.poll = float(default_poll if poll is None else poll)
        self.schema = migrate(self.db.connection())
        self._sessions: OrderedDict[str, Session] = OrderedDict()
        self._room_locks: dict[str, threading.RLock] = {}
        self._lock = threading.Lock()
        self._changed = threading.Condition()
        self._known: dict[str, int] = {}
        self._listener: Listener | None = None
        self._clock_starts: dict[tuple[str, str], float] = {}
        self._users = threading.Condition()
        self._looking = 0
        self._closing = False

    @property
    def url(self) -> str:
        """The store's URL, password hidden."""
        return self.db.display_url

    def __repr__(self) -> str:
        return f"<room Store {self.url}>"

    def __enter__(self) -> Store:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def close(self) -> None:
        """Close every connection (and the PostgreSQL listener)."""
        with self._users:  # waiters stop at their next look; the ones looking finish
            self._closing = True
            with self._changed:
                self._changed.notify_all()
            self._users.wait_for(lambda: self._looking == 0, timeout=CLOSE_WAIT)
        listener, self._listener = self._listener, None
        if listener is not None:
            listener.stop()
        self.db.close()
        with self._changed:
            self._changed.notify_all()

    # ------------------------------------------------------------ creating and finding
    def create_room(
        self,
        game: str,
        config: Mapping[str, Any] | None = None,
        *,
        bots: Mapping[int, str | None] | Iterable[int] = (),
        seed: int | None = None,
    ) -> Room:
        """A new open room of ``game`` with a fresh join code.

        ``bots``: the seats bots play, as seat numbers (each gets :func:`default_bot`) or
        a mapping seat -> bot spec. ``seed``: the deal (default: 63 random bits from
        ``os.urandom``). Bots that move first do so now, in the creating transaction.
        """
        spec = get_game(game)
        if config is not None and not isinstance(config, Mapping):
            raise ConfigError(f"{spec.name}: a config is a mapping of options")
        try:
            seats = spec.seats(config)
        except (TypeError, ValueError):
            raise ConfigError(f"{spec.name}: players must be a whole number") from None
        by_seat = _bot_seats(spec.name, bots, seats)
        if seed is None:
            seed = int.from_bytes(os.urandom(8), "big") >> 1
        if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < 2**63:
            raise CipherkitError("a room's seed is a whole number from 0 to 2**63 - 1")
        try:
            config_json = None if config is None else json.dumps(dict(config), sort_keys=True)
        except (TypeError, ValueError):
            raise CipherkitError(
                "a room's config must be JSON (give a mission as a dict or a path)"
            ) from None
        stored_config = None if config_json is None else json.loads(config_json)
        session = Session(spec.name, stored_config, seed=seed, bots=by_seat, people_decide=True)
        session.step_bots()
        actions = session.record.actions
        conn = self.db.connection()
        now = time.time()
        outcome = None if session.outcome is None else json.dumps(session.outcome.to_json())
        for _ in range(16):
            room_id, code = secrets.token_hex(6), new_code()
            try:
                with conn.transaction(write=True):
                    conn.execute(
                        f"INSERT INTO rooms ({_ROOM_COLUMNS}) VALUES (?,?,?,?,?,?,?,?,?,?,?)",
                        (
                            room_id,
                            code,
                            spec.name,
                            config_json,
                            seed,
                            len(actions),
                            json.dumps({str(k): v for k, v in session.bot_states().items()}),
                            "open",
                            outcome,
                            now,
                            now,
                        ),
                    )
                    conn.executemany(
                        "INSERT INTO seats (room_id, seat, bot) VALUES (?, ?, ?)",
                        [(room_id, s, by_seat.get(s)) for s in range(seats)],
                    )
                    conn.executemany(
                        "INSERT INTO actions (room_id, number, seat, notation, bot, created) "
                        "VALUES (?, ?, ?, ?, 1, ?)",
                        [(room_id, n, s, t, now) for n, (s, t) in enumerate(actions, 1)],
                    )
            except self.db.integrity_errors:  # the id or the code is taken: draw again
                continue
            self._keep(room_id, session)
            return Room(self, room_id)
        raise StoreError("could not find a free room code")  # pragma: no cover

    def room(self, id_or_code: str) -> Room:
        """The room with this id or join code (open or closed)."""
        return Room(self, self._find(id_or_code, open_only=False))

    def rooms(self, open_only: bool = True) -> list[JsonDict]:
        """Every room's :meth:`Room.info`, oldest first."""
        sql = "SELECT id FROM rooms"
        if open_only:
            sql += " WHERE status = 'open'"
        ids = [r[0] for r in self.db.connection().execute(sql + " ORDER BY created, id")]
        return [Room(self, room_id).info() for room_id in ids]

    def close_room(self, id_or_code: str) -> None:
        """Close a room: its code and tokens stop working; its record stays."""
        self.room(id_or_code).close()

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
        name = clean_name(name)
        if team is not None:
            team = str(team).strip().lower()[:20]
        room_id = self._find_open_code(code)
        token = secrets.token_urlsafe(32)
        digest = _hash(token)
        with self._room_lock(room_id):
            conn = self.db.connection()
            with conn.transaction(write=True):
                row = self._row(conn, room_id, lock=True)
                if row is None or row.status != "open":
                    raise UnknownCode(f"no open room with code {normalize_code(code)}")
                rows = conn.execute(
                    "SELECT seat, bot, token_hash FROM seats WHERE room_id = ? ORDER BY seat",
                    (room_id,),
                ).fetchall()
                taken = {s: (bot, held) for s, bot, held in rows}
                if seat is not None:
                    chosen = self._pick_seat(row, taken, seat)
                    if team is not None and not self._team_seats(conn, row, team, [chosen]):
                        raise SeatUnavailable(f"seat {chosen} is not on team {team}")
                else:
                    free = [s for s, (bot, held) in taken.items() if bot is None and held is None]
                    if team is not None:
                        free = self._team_seats(conn, row, team, free)
                    if not free:
                        which = f"team {team} of room" if team is not None else "room"
                        raise RoomFull(f"{which} {row.code} is full")
                    chosen = free[0]
                now = time.time()
                cur = conn.execute(
                    "UPDATE seats SET name = ?, token_hash = ?, joined = ?, seen = ? "
                    "WHERE room_id = ? AND seat = ? AND token_hash IS NULL AND bot IS NULL",
                    (name, digest, now, now, room_id, chosen),
                )
                if cur.rowcount != 1:  # pragma: no cover - the room lock makes this rare
                    raise SeatUnavailable(f"seat {chosen} of room {row.code} was just taken")
        return SeatHandle(self, room_id, row.code, chosen, token, name)

    def spectate(self, code: str) -> Spectator:
        """A handle on the open room with join ``code`` that sees the spectator's view
        and cannot act."""
        room_id = self._find_open_code(code)
        return Spectator(self, room_id, str(normalize_code(code)))

    def resume(self, token: str) -> SeatHandle:
        """The seat a resume token holds (after a reload, on another server, ...)."""
        if not isinstance(token, str) or not 16 <= len(token) <= 128:
            raise UnknownToken("this resume token holds no seat")
        digest = _hash(token)
        row = (
            self.db.connection()
            .execute(
                "SELECT s.room_id, s.seat, s.name, s.token_hash, r.code, r.status "
                "FROM seats s JOIN rooms r ON r.id = s.room_id WHERE s.token_hash = ?",
                (digest,),
            )
            .fetchone()
        )
        if row is None or not hmac.compare_digest(str(row[3]), digest):
            raise UnknownToken("this resume token holds no seat (unknown, or the seat was freed)")
        room_id, seat, name, _, code, status = row
        if status != "open":
            raise RoomClosed(f"room {code} is closed")
        return SeatHandle(self, str(room_id), str(code), int(seat), token, str(name or ""))

    def _pick_seat(self, row: _Row, taken: Mapping[int, tuple[Any, Any]], seat: object) -> int:
        if isinstance(seat, bool) or not isinstance(seat, int) or seat not in taken:
            raise SeatUnavailable(
                f"room {row.code} has no seat {seat!r} (seats 0 to {len(taken) - 1})"
            )
        bot, held = taken[seat]
        if bot is not None:
            raise SeatUnavailable(f"seat {seat} of room {row.code} is played by a bot")
        if held is not None:
            raise SeatUnavailable(f"seat {seat} of room {row.code} is taken")
        return seat

    def _team_seats(self, conn: Connection, row: _Row, team: str, seats: list[int]) -> list[int]:
        teams = _teams(self._session(conn, row).state)
        if teams is None:
            raise SeatUnavailable(f"{row.game} has no teams")
        if team not in teams:
            known = ", ".join(dict.fromkeys(teams))
            raise SeatUnavailable(f"no team {team!r} in room {row.code} (teams: {known})")
        return [s for s in seats if teams[s] == team]

    # ------------------------------------------------------------ internals: reading
    def _room_lock(self, room_id: str) -> threading.RLock:
        with self._lock:
            lock = self._room_locks.get(room_id)
            if lock is None:
                lock = self._room_locks[room_id] = threading.RLock()
            return lock

    def _keep(self, room_id: str, session: Session) -> None:
        with self._lock:
            self._sessions[room_id] = session
            self._sessions.move_to_end(room_id)
            while len(self._sessions) > CACHE_ROOMS:
                self._sessions.popitem(last=False)

    def _forget(self, room_id: str) -> None:
        with self._lock:
            self._sessions.pop(room_id, None)

    def _find(self, id_or_code: str, *, open_only: bool) -> str:
        conn = self.db.connection()
        text = str(id_or_code).strip()
        code = normalize_code(text)
        status = " AND status = 'open'" if open_only else ""
        row = conn.execute(f"SELECT id FROM rooms WHERE id = ?{status}", (text.lower(),)).fetchone()
        if row is None and code is not None:
            row = conn.execute(f"SELECT id FROM rooms WHERE code = ?{status}", (code,)).fetchone()
        if row is None:
            raise UnknownRoom(f"no room {text!r}" if len(text) <= 64 else "no such room")
        return str(row[0])

    def _find_open_code(self, code: str) -> str:
        canonical = normalize_code(code)
        if canonical is None:
            shown = repr(code.strip()[:40]) if isinstance(code, str) else "?"
            raise UnknownCode(f"no open room with code {shown}")
        row = (
            self.db.connection()
            .execute("SELECT id FROM rooms WHERE code = ? AND status = 'open'", (canonical,))
            .fetchone()
        )
        if row is None:
            raise UnknownCode(f"no open room with code {canonical}")
        return str(row[0])

    def _row(self, conn: Connection, room_id: str, *, lock: bool = False) -> _Row | None:
        sql = f"SELECT {_ROOM_COLUMNS} FROM rooms WHERE id = ?"
        if lock and conn.dialect == "postgresql":
            sql += " FOR UPDATE"
        found = conn.execute(sql, (room_id,)).fetchone()
        return None if found is None else _Row.of(found)

    def _session(self, conn: Connection, row: _Row) -> Session:
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
            bots = conn.execute(
                "SELECT seat, bot FROM seats WHERE room_id = ? AND bot IS NOT NULL", (row.id,)
            ).fetchall()
            session = Session(
                row.game,
                row.config,
                seed=row.seed,
                bots={int(s): str(b) for s, b in bots},
                people_decide=True,
            )
        if session.version < row.version:
            actions = conn.execute(
                "SELECT seat, notation FROM actions WHERE room_id = ? AND number > ? "
                "AND number <= ? ORDER BY number",
                (row.id, session.version, row.version),
            ).fetchall()
            if len(actions) != row.version - session.version:
                self._forget(row.id)
                raise StoreError(f"room {row.code}: stored actions are missing")
            try:
                session.replay([(int(s), str(t)) for s, t in actions])
            except CipherkitError:
                self._forget(row.id)
                raise
        session.set_bot_states({int(k): v for k, v in row.rngs.items()})
        self._keep(row.id, session)
        return session

    def _read(self, room_id: str, use: Callable[[_Row, Session], T]) -> T:
        """``use(row, session)`` at one version, under the room's lock (the cached session
        must not change while it is read)."""
        with self._room_lock(room_id):
            conn = self.db.connection()
            with conn.transaction():
                row = self._row(conn, room_id)
                if row is None:
                    raise UnknownRoom(f"no room {room_id!r}")
                return use(row, self._session(conn, row))

    def _check_token(self, conn: Connection, room_id: str, seat: Seat, digest: str) -> None:
        found = conn.execute(
            "SELECT token_hash FROM seats WHERE room_id = ? AND seat = ?", (room_id, seat)
        ).fetchone()
        if found is None or found[0] is None or not hmac.compare_digest(str(found[0]), digest):
            raise UnknownToken(f"seat {seat} is no longer yours: join the room again")

    def _view(self, room_id: str, viewer: Seat | str, digest: str | None) -> JsonDict:
        with self._room_lock(room_id):
            conn = self.db.connection()
            with conn.transaction():
                row = self._row(conn, room_id)
                if row is None:
                    raise UnknownRoom(f"no room {room_id!r}")
                if digest is not None:
                    self._check_token(conn, room_id, int(viewer), digest)
                return self._session(conn, row).view(viewer)

    def _legal(self, room_id: str, seat: Seat, digest: str) -> list[str]:
        with self._room_lock(room_id):
            conn = self.db.connection()
            with conn.transaction():
                row = self._row(conn, room_id)
                if row is None:
                    raise UnknownRoom(f"no room {room_id!r}")
                self._check_token(conn, room_id, seat, digest)
                if row.status != "open":
                    return []
                return self._session(conn, row).legal_texts(seat)

    def _snapshot(self, room_id: str, viewer: Seat | str, digest: str | None) -> JsonDict:
        """What a page draws, all at one version: the viewer's observation, its legal
        actions (text), the public event log and the version."""
        with self._room_lock(room_id):
            conn = self.db.connection()
            with conn.transaction():
                row = self._row(conn, room_id)
                if row is None:
                    raise UnknownRoom(f"no room {room_id!r}")
                if digest is not None:
                    self._check_token(conn, room_id, int(viewer), digest)
                session = self._session(conn, row)
                legal = (
                    session.legal_texts(int(viewer))
                    if digest is not None and row.status == "open"
                    else []
                )
                return {
                    "version": row.version,
                    "observation": session.view(viewer),
                    "legal": legal,
                    "log": list(session.log),
                    "open": row.status == "open",
                }

    def _version(self, room_id: str) -> int:
        found = (
            self.db.connection()
            .execute("SELECT version FROM rooms WHERE id = ?", (room_id,))
            .fetchone()
        )
        if found is None:
            raise UnknownRoom(f"no room {room_id!r}")
        return int(found[0])

    # ------------------------------------------------------------ internals: acting
    def _act(
        self,
        room_id: str,
        seat: Seat,
        text: str,
        *,
        digest: str | None,
        version: int | None = None,
    ) -> int:
        """Apply ``seat``'s action and the bots' answers in one transaction; return the
        room's new version."""
        if not isinstance(text, str):
            raise CipherkitError("an action is given as its text, e.g. 'play 3'")
        with self._room_lock(room_id):
            conn = self.db.connection()
            changed = False
            try:
                with conn.transaction(write=True):
                    row = self._row(conn, room_id, lock=True)
                    if row is None:
                        raise UnknownRoom(f"no room {room_id!r}")
                    if row.status != "open":
                        raise RoomClosed(f"room {row.code} is closed")
                    if digest is not None:
                        self._check_token(conn, room_id, seat, digest)
                    if version is not None and version != row.version:
                        raise StaleVersion(version, row.version)
                    session = self._session(conn, row)
                    before = session.version
                    session.apply(seat, text)  # IllegalAction: nothing changed
                    changed = True
                    session.step_bots()
                    self._store_actions(conn, row, session, before)
            except BaseException:
                if changed:
                    self._forget(room_id)
                raise
        self._changed_to(room_id, session.version)
        return session.version

    def _fill_bots(self, room_id: str, spec: str | None) -> list[int]:
        """Give every free seat of the open room to a bot and let the bots answer, in one
        transaction; return the seats given (see :meth:`Room.fill_with_bots`)."""
        with self._room_lock(room_id):
            conn = self.db.connection()
            changed = False
            try:
                with conn.transaction(write=True):
                    row = self._row(conn, room_id, lock=True)
                    if row is None:
                        raise UnknownRoom(f"no room {room_id!r}")
                    if row.status != "open":
                        raise RoomClosed(f"room {row.code} is closed")
                    bot = str(spec) if spec else default_bot(row.game)
                    make_bot(row.game, bot)  # an unknown bot is refused before any change
                    free = [
                        int(s)
                        for (s,) in conn.execute(
                            "SELECT seat FROM seats WHERE room_id = ? AND bot IS NULL "
                            "AND token_hash IS NULL ORDER BY seat",
                            (room_id,),
                        ).fetchall()
                    ]
                    if not free or row.outcome is not None:
                        return []
                    conn.executemany(
                        "UPDATE seats SET bot = ?, name = NULL, joined = NULL, seen = NULL "
                        "WHERE room_id = ? AND seat = ? AND bot IS NULL AND token_hash IS NULL",
                        [(bot, room_id, s) for s in free],
                    )
                    changed = True
                    self._forget(room_id)  # rebuilt with the new bots, as another server would
                    session = self._session(conn, row)
                    before = session.version
                    session.step_bots()
                    self._store_actions(conn, row, session, before)
            except BaseException:
                if changed:
                    self._forget(room_id)
                raise
        self._changed_to(room_id, session.version)
        return free

    def _store_actions(self, conn: Connection, row: _Row, session: Session, before: int) -> None:
        now = time.time()
        new = session.record.actions[before:]
        conn.executemany(
            "INSERT INTO actions (room_id, number, seat, notation, bot, created) "
            "VALUES (?, ?, ?, ?, ?, ?)",
            [
                (row.id, before + i, s, t, int(session.players[s].is_bot), now)
                for i, (s, t) in enumerate(new, 1)
            ],
        )
        outcome = None if session.outcome is None else json.dumps(session.outcome.to_json())
        cur = conn.execute(
            "UPDATE rooms SET version = ?, rngs = ?, outcome = ?, updated = ? "
            "WHERE id = ? AND version = ?",
            (
                session.version,
                json.dumps({str(k): v for k, v in session.bot_states().items()}),
                outcome,
                now,
                row.id,
                before,
            ),
        )
        if cur.rowcount != 1:  # pragma: no cover - the lock makes this impossible
            raise StoreError(f"room {row.code} changed during an action")
        self.db.notify(conn, row.id, session.version)

    def _touch(self, room_id: str, seat: Seat | None) -> None:
        if seat is None:
            return
        with self._looking_at():  # a waiter's sign of life: not while the store closes
            self.db.connection().execute(
                "UPDATE seats SET seen = ? WHERE room_id = ? AND seat = ?",
                (time.time(), room_id, seat),
            )

    # ------------------------------------------------------------ internals: waiting
    def _changed_to(self, room_id: str, version: int) -> None:
        with self._changed:
            if version > self._known.get(room_id, -1):
                self._known[room_id] = version
            self._changed.notify_all()

    def _wake_all(self) -> None:
        with self._changed:
            self._changed.notify_all()

    def _listen(self) -> None:
        if self.kind != "postgresql":
            return
        with self._lock:
            if self._listener is None:
                self._listener = Listener(self.db, self._changed_to, self._wake_all)
            listener = self._listener
        listener.ready.wait(timeout=5.0)

    @contextlib.contextmanager
    def _looking_at(self) -> Iterator[None]:
        """One look of a waiter at the store: refused once the store closes, and the
        store closes its connections only after the looks under way (a live page's
        thread must not read a connection being closed)."""
        with self._users:
            if self._closing:
                raise StoreError("the room store is closed")
            self._looking += 1
        try:
            yield
        finally:
            with self._users:
                self._looking -= 1
                self._users.notify_all()

    def _wait(self, room_id: str, after: int, timeout: float) -> int:
        deadline = time.monotonic() + max(0.0, float(timeout))
        self._listen()
        clock_version, ends = -1, None
        while True:
            with self._looking_at():
                version = self._version(room_id)
                if version > after:
                    return version
                if version != clock_version:  # a new version may start or stop a clock
                    clock_version, ends = version, self._clock_ends(room_id)
                if ends is not None and time.time() >= ends[0]:
                    self._ring(room_id, ends[1], ends[2])
                    ends = None  # rung, or someone else did: the version tells
                    continue
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                return version
            step = min(remaining, self.poll)
            if ends is not None:
                step = min(step, max(0.0, ends[0] - time.time()))
            with self._changed:
                if self._known.get(room_id, -1) <= after:
                    self._changed.wait(step)

    # ------------------------------------------------------------ internals: clocks
    def _clock_ends(self, room_id: str) -> tuple[float, int, Clock] | None:
        """The room's running clock (intercept's sand timer): when it runs out (epoch
        seconds, from the stored time of the action that started it, so every server
        agrees and a restart changes nothing), at which version, and the clock."""
        return self._read(room_id, self._clock_at)

    def _clock_at(self, row: _Row, session: Session) -> tuple[float, int, Clock] | None:
        """:meth:`_clock_ends` for a room already read (inside its transaction)."""
        if row.status != "open" or session.spec.clock is None:
            return None
        clock = session.spec.clock(session.state)
        if clock is None:
            return None
        key = (row.id, clock.key)
        if key not in self._clock_starts:
            number = _clock_start(session, clock.key)
            found = (
                self.db.connection()
                .execute(
                    "SELECT created FROM actions WHERE room_id = ? AND number = ?",
                    (row.id, number),
                )
                .fetchone()
            )
            self._clock_starts[key] = row.updated if found is None else float(found[0])
        return self._clock_starts[key] + clock.seconds, row.version, clock

    def _ring(self, room_id: str, version: int, clock: Clock) -> None:
        """Take the clock's action for the room, once: checked against ``version``, so
        of several servers ringing at once exactly one action is stored."""
        with contextlib.suppress(StaleVersion, IllegalAction, RoomClosed):
            self._act(room_id, clock.seats[0], clock.action, digest=None, version=version)


def _clock_start(session: Session, key: str) -> int:
    """The number of the action that started the clock named ``key`` (replayed from the
    record: a clock is rare and its game short)."""
    replay = Session(session.spec, session.config, seed=session.seed, keep_log=False)
    clock = session.spec.clock
    assert clock is not None
    for number, (seat, text) in enumerate(session.record.actions, 1):
        replay.apply(seat, text)
        started = clock(replay.state)
        if started is not None and started.key == key:
            return number
    return 0


# ---------------------------------------------------------------- handles
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
            self._code = self._row().code
        return self._code

    def _row(self) -> _Row:
        row = self.store._row(self.store.db.connection(), self.id)
        if row is None:
            raise UnknownRoom(f"no room {self.id!r}")
        return row

    def __repr__(self) -> str:
        return f"<Room {self.id} {self.code}>"

    @property
    def version(self) -> int:
        """How many actions the room's game has had applied (pages wait for it to grow)."""
        return self.store._version(self.id)

    def info(self) -> JsonDict:
        """The room's public facts, JSON-safe: id, code, game, a config summary (plain
        numbers and switches only), seats (name, bot, taken, connected, team), version,
        whose turn, over, outcome, status, times. Never hidden information."""
        store = self.store
        with store._room_lock(self.id):
            conn = store.db.connection()
            with conn.transaction():
                row = store._row(conn, self.id)
                if row is None:
                    raise UnknownRoom(f"no room {self.id!r}")
                session = store._session(conn, row)
                seats = conn.execute(
                    "SELECT seat, bot, name, token_hash, seen FROM seats "
                    "WHERE room_id = ? ORDER BY seat",
                    (self.id,),
                ).fetchall()
                state = session.state
                teams = _teams(state)
                title = session.spec.title(state) if session.spec.title else session.game
                actors = session.actors()
                clock = store._clock_at(row, session)
        now = time.time()
        summary: JsonDict = {"players": len(seats)}
        for key, value in (row.config or {}).items():
            if isinstance(value, bool | int | float) and key != "players":
                summary[key] = value
        return {
            "id": row.id,
            "code": row.code,
            "game": row.game,
            "title": title,
            "config": summary,
            "status": row.status,
            "version": row.version,
            "actors": list(actors),
            "over": row.outcome is not None,
            "outcome": row.outcome,
            "clock": None
            if clock is None
            else {"action": clock[2].action, "seconds_left": round(max(0.0, clock[0] - now), 1)},
            "seats": [
                {
                    "seat": int(seat),
                    "name": name if bot is None else (name or f"{bot} bot"),
                    "bot": bot,
                    "taken": bot is not None or held is not None,
                    "connected": bot is not None
                    or (held is not None and seen is not None and now - seen < CONNECTED_SECONDS),
                    **({} if teams is None else {"team": teams[int(seat)]}),
                }
                for seat, bot, name, held, seen in seats
            ],
            "created": _iso(row.created),
            "updated": _iso(row.updated),
        }

    def record(self) -> Record:
        """The game's record (config, seed, actions; replays to the room's state), with
        the room and its players in ``meta``."""
        row, record, players = self.store._read(
            self.id, lambda row, session: (row, session.record, session.players)
        )
        names = dict(
            self.store.db.connection()
            .execute("SELECT seat, name FROM seats WHERE room_id = ?", (self.id,))
            .fetchall()
        )
        record.meta = {
            "room": row.id,
            "code": row.code,
            "players": [{**p.to_json(), "name": names.get(p.seat) or ""} for p in players],
        }
        return record

    def session(self) -> Session:
        """A fresh :class:`Session` rebuilt from the store (server side only: it holds
        the true state). Changing it changes nothing stored."""
        data = self.store._read(self.id, lambda _, session: session.to_json())
        return Session.from_json(data)

    def act(self, seat: Seat, text: str, *, version: int | None = None) -> int:
        """Server side: act for ``seat`` without its token (a timer, a teacher).

        ``version``: act only if the room is still at this version, else
        :class:`~cipherkit.rooms.errors.StaleVersion`; a timer armed at version ``v``
        fires once and never after someone acted.
        """
        return self.store._act(self.id, int(seat), text, digest=None, version=version)

    def wait(self, after_version: int, timeout: float = 30.0) -> int:
        """Block until the room's version is above ``after_version`` and return it, or return the
        current version after ``timeout`` seconds.
        """
        return self.store._wait(self.id, after_version, timeout)

    def fill_with_bots(self, spec: str | None = None) -> list[int]:
        """Give every free seat (no person holds it, no bot plays it) to a bot: ``spec``,
        or the game's :func:`default_bot`; the bots move at once if it is their turn.
        Returns the seats given (none for a full, closed-to-play or finished room).

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
        return self.store._fill_bots(self.id, spec)

    def free_seat(self, seat: Seat) -> None:
        """Give a person's seat up: its token stops working, someone else may join."""
        conn = self.store.db.connection()
        with conn.transaction(write=True):
            conn.execute(
                "UPDATE seats SET name = NULL, token_hash = NULL, joined = NULL, seen = NULL "
                "WHERE room_id = ? AND seat = ? AND bot IS NULL",
                (self.id, int(seat)),
            )

    def close(self) -> None:
        """Close the room: no more joining, resuming or acting; the record stays."""
        conn = self.store.db.connection()
        with conn.transaction(write=True):
            cur = conn.execute(
                "UPDATE rooms SET status = 'closed', updated = ? WHERE id = ?",
                (time.time(), self.id),
            )
            if cur.rowcount != 1:
                raise UnknownRoom(f"no room {self.id!r}")


class SeatHandle:
    """A person's seat in a room: what a page holds for one player.

    Everything it shows is the game's own observation for its seat.
    """

    def __init__(
        self, store: Store, room_id: str, code: str, seat: Seat, token: str, name: str
    ) -> None:
        self.store = store
        self.room_id = room_id
        self.code = code
        self.seat = seat
        self.token = token
        self.name = name
        self._digest = _hash(token)
        self._touched = 0.0

    def __repr__(self) -> str:  # never the token
        return f"<SeatHandle room {self.code} seat {self.seat} {self.name!r}>"

    def _alive(self) -> None:
        now = time.monotonic()
        if now - self._touched >= TOUCH_SECONDS:
            self._touched = now
            self.store._touch(self.room_id, self.seat)

    @property
    def version(self) -> int:
        """The room's version now (how many actions were applied)."""
        return self.store._version(self.room_id)

    def observe(self) -> JsonDict:
        """Exactly the game's ``observe(seat)`` of the room's current state."""
        return self.store._view(self.room_id, self.seat, self._digest)

    def legal_actions(self) -> list[str]:
        """The seat's legal actions now, in text notation (empty when it may not act).
        Some games accept more texts than they list (intercept's free clues)."""
        return self.store._legal(self.room_id, self.seat, self._digest)

    def act(self, text: str, *, version: int | None = None) -> int:
        """Take an action (its text notation); the bots answer; return the new version.

        Raises :class:`~cipherkit.core.errors.IllegalAction` with a reason, and the store
        is unchanged. ``version``: act only if the room is still at this version.
        """
        result = self.store._act(
            self.room_id, self.seat, text, digest=self._digest, version=version
        )
        self._alive()
        return result

    def wait(self, after_version: int, timeout: float = 30.0) -> int:
        """Block until the room's version is above ``after_version`` and return it, or
        return the current version after ``timeout`` seconds."""
        self._alive()
        return self.store._wait(self.room_id, after_version, timeout)

    def snapshot(self) -> JsonDict:
        """Everything a page draws, read at one version: ``observation`` (exactly
        :meth:`observe`), ``legal`` (:meth:`legal_actions`), ``log`` (the room's public
        :class:`~cipherkit.core.session.LoggedEvent` list), ``version`` and ``open``."""
        return self.store._snapshot(self.room_id, self.seat, self._digest)

    def info(self) -> JsonDict:
        """The room's public facts (:meth:`Room.info`)."""
        return Room(self.store, self.room_id).info()

    def leave(self) -> None:
        """Show the seat as not connected (the token still resumes it)."""
        conn = self.store.db.connection()
        conn.execute(
            "UPDATE seats SET seen = NULL WHERE room_id = ? AND seat = ?",
            (self.room_id, self.seat),
        )
        self._touched = 0.0


class Spectator:
    """A handle that sees a room as a spectator and cannot act."""

    seat = None

    def __init__(self, store: Store, room_id: str, code: str) -> None:
        self.store = store
        self.room_id = room_id
        self.code = code

    def __repr__(self) -> str:
        return f"<Spectator room {self.code}>"

    @property
    def version(self) -> int:
        """How many actions the room's game has had applied (pages wait for it to grow)."""
        return self.store._version(self.room_id)

    def observe(self) -> JsonDict:
        """Exactly the game's ``observe("spectator")``."""
        return self.store._view(self.room_id, SPECTATOR, None)

    def legal_actions(self) -> list[str]:
        """None: a spectator cannot act."""
        return []

    def act(self, text: str, *, version: int | None = None) -> int:
        """Refuse: a spectator cannot act (:class:`~cipherkit.rooms.errors.ReadOnly`)."""
        raise ReadOnly("a spectator cannot act")

    def wait(self, after_version: int, timeout: float = 30.0) -> int:
        """Block until the room's version is above ``after_version`` and return it, or return the
        current version after ``timeout`` seconds.
        """
        return self.store._wait(self.room_id, after_version, timeout)

    def snapshot(self) -> JsonDict:
        """As :meth:`SeatHandle.snapshot`, with the spectator's observation."""
        return self.store._snapshot(self.room_id, SPECTATOR, None)

    def info(self) -> JsonDict:
        """The room's public facts, as :meth:`Room.info` gives them."""
        return Room(self.store, self.room_id).info()
