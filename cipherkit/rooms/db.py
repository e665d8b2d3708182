"""The two databases under a room store: SQLite (a file) and PostgreSQL (a URL).

Design notes: ``docs/rooms.md``, ``cipherkit.rooms.db``.
"""

from __future__ import annotations

import contextlib
import logging
import os
import random
import re
import select
import sqlite3
import stat
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import Any

from cipherkit.i18n import N_, say
from cipherkit.rooms.errors import StoreError, StoreReadOnly, StoreUnreachable

_log = logging.getLogger("cipherkit.rooms")

__all__ = [
    "BAD_URL",
    "CANNOT_CONNECT",
    "CHANNEL",
    "REFUSED",
    "UNREACHABLE",
    "Connection",
    "Database",
    "Listener",
    "connect_error",
    "parse_url",
    "private_file",
    "private_folder",
    "redact",
]

CHANNEL = "cipherkit_rooms"
"""The PostgreSQL notification channel: every committed action sends ``room_id:version``."""

BUSY_TIMEOUT = 30.0
"""Seconds an SQLite writer waits for another one to finish before giving up."""

CLOSE_PATIENCE = 5.0
"""Seconds :meth:`Connection.close` waits for a statement under way on another thread."""


def private_folder(folder: Path) -> None:
    """Make ``folder`` (and its parents) if missing, readable by its owner alone (0700).

    >>> import tempfile, stat
    >>> with tempfile.TemporaryDirectory() as top:
    ...     private_folder(Path(top) / "a" / "store")
    ...     oct(stat.S_IMODE((Path(top) / "a" / "store").stat().st_mode))
    '0o700'
    """
    try:
        folder.mkdir(mode=0o700, parents=True, exist_ok=True)
    except OSError as exc:
        raise StoreError.say(
            "cannot make the folder {folder}: {strerror}", folder=folder, strerror=exc.strerror
        ) from None
    _tighten(folder, 0o700)


def private_file(path: Path) -> None:
    """Make the SQLite file ``path`` if missing, and keep it (and its ``-wal`` and
    ``-shm`` files) readable by its owner alone (0600): a store holds the rooms' seeds,
    from which their hidden cards follow."""
    if not path.exists():
        try:
            os.close(os.open(path, os.O_CREAT | os.O_WRONLY, 0o600))
        except OSError as exc:
            raise StoreError.say(
                "cannot make a room store at {path}: {strerror}", path=path, strerror=exc.strerror
            ) from None
    for one in (path, path.with_name(path.name + "-wal"), path.with_name(path.name + "-shm")):
        _tighten(one, 0o600)


def _tighten(path: Path, mode: int) -> None:
    """Take group and other permissions off a path this user owns (others are left)."""
    with contextlib.suppress(OSError):
        info = path.stat()
        mine = not hasattr(os, "getuid") or info.st_uid == os.getuid()
        if mine and stat.S_IMODE(info.st_mode) & 0o077:
            path.chmod(stat.S_IMODE(info.st_mode) & mode)


def parse_url(url: str | Path) -> tuple[str, str]:
    """``(dialect, target)``: ``("sqlite", path)`` or ``("postgresql", libpq URL)``.

    ``sqlite:///relative/path.db`` and ``sqlite:////absolute/path.db`` (the SQLAlchemy
    convention: the path follows the third slash), or a bare path; ``postgresql://``,
    ``postgres://`` and ``postgresql+psycopg://`` URLs.

    Examples
    --------
    >>> parse_url("sqlite:///rooms.db"), parse_url("/tmp/rooms.db")
    (('sqlite', 'rooms.db'), ('sqlite', '/tmp/rooms.db'))
    >>> parse_url("postgresql://ada:secret@db.example/rooms")[0]
    'postgresql'
    >>> redact("postgresql://ada:secret@db.example/rooms")
    'postgresql://ada:***@db.example/rooms'
    """
    text = str(url).strip()
    if not text:
        raise StoreError.say("empty room store URL")
    if text.startswith("sqlite:"):
        if not text.startswith("sqlite:///"):
            raise StoreError.say(
                "{text!r}: write SQLite stores as sqlite:///path/to/file.db", text=text
            )
        path = text[len("sqlite:///") :]
        if not path or path == ":memory:":
            raise StoreError.say(
                "{text!r}: a room store needs a file (sqlite:///path/to/file.db)", text=text
            )
        return "sqlite", path
    scheme = re.match(r"^(postgres(?:ql)?)(\+psycopg)?://", text)
    if scheme:
        return "postgresql", "postgresql://" + text[scheme.end() :]
    if re.match(r"^[a-z][a-z0-9+.-]*://", text, re.I):
        raise StoreError.say(
            "{redact}: a room store URL is sqlite:///FILE or postgresql://...", redact=redact(text)
        )
    return "sqlite", text


def redact(url: str) -> str:
    """The URL with its password hidden in every form it can take (for the operator's
    log; pages never show a store's URL at all).

    >>> redact("postgresql://db/rooms?user=ada&password=secret&sslmode=off")
    'postgresql://db/rooms?user=ada&password=***&sslmode=off'
    >>> redact("host=db password='s e c' user=ada")
    'host=db password=*** user=ada'
    """
    text = re.sub(r"(://[^:/@]+:)[^@/]*@", r"\1***@", url)
    return re.sub(
        r"(?i)\b((?:ssl)?password|passwd|pwd)(\s*=\s*)('[^']*'|\"[^\"]*\"|[^&\s]*)",
        r"\1\2***",
        text,
    )


def _is_db_error(exc: BaseException) -> bool:
    return isinstance(exc, sqlite3.Error) or type(exc).__module__.split(".")[0] == "psycopg"


def _is_read(sql: str) -> bool:
    """Whether a statement only reads (a ``SELECT``, not one sending a notification).

    >>> _is_read(" SELECT version FROM rooms"), _is_read("UPDATE rooms SET held = 1")
    (True, False)
    """
    text = sql.lstrip().upper()
    return text.startswith("SELECT") and "PG_NOTIFY" not in text


def _is_integrity(exc: BaseException) -> bool:
    return any(c.__name__ == "IntegrityError" for c in type(exc).__mro__)


READ_ONLY = N_(
    "the room store cannot be written: its file or folder is read-only, so nothing can be "
    "saved (the server's log says where)"
)
"""What a page and the Python API say when the store cannot be written."""

UNREACHABLE = N_("the rooms' database is not answering just now; try again in a moment")
"""What they say when the store's database server does not answer (it stopped, is
starting, or the network is down): nothing is wrong with the store's URL."""

CANNOT_CONNECT = UNREACHABLE
"""What they say when no connection can be made because the server does not answer
(the same sentence as :data:`UNREACHABLE`)."""

BAD_URL = N_(
    "the room store's URL is not one PostgreSQL can use (the server's log says why): "
    "check cipherkit serve --store"
)
"""What they say when the store's PostgreSQL URL is malformed or names an unknown host."""

REFUSED = N_(
    "the rooms' database refused the store URL's user, password or database name "
    "(the server's log says which)"
)
"""What they say when the server answers but refuses the URL's login or database."""

_BUSY_SERVER = ("starting up", "shutting down", "not yet accepting", "recovery", "too many")
"""The words of a server refusing connections only for now (a FATAL that is no error in
the URL)."""


def connect_error(exc: BaseException) -> StoreError:
    """The cipherkit error for a failed PostgreSQL connection: :class:`StoreUnreachable`
    when the server does not answer (refused, no socket, timed out, starting or
    shutting down), else a :class:`StoreError` saying the URL is wrong (malformed, an
    unknown host) or was refused (user, password, database name).

    >>> import psycopg
    >>> connect_error(psycopg.OperationalError('connection failed: ... Connection refused'))
    StoreUnreachable("the rooms' database is not answering just now; try again in a moment")
    >>> connect_error(psycopg.OperationalError('... FATAL:  role "ada" does not exist'))
    StoreError("the rooms' database refused the store URL's user, password or database ...")
    >>> connect_error(psycopg.ProgrammingError('invalid URI query parameter: "x"'))
    StoreError("the room store's URL is not one PostgreSQL can use (the server's log ...")
    """
    text = str(exc).lower()
    if not any(c.__name__ == "OperationalError" for c in type(exc).__mro__):
        return StoreError(say(BAD_URL))  # the driver could not read the URL at all
    if "resolve host" in text or "translate host name" in text:
        return StoreError(say(BAD_URL))
    if "fatal:" in text and not any(words in text for words in _BUSY_SERVER):
        return StoreError(say(REFUSED))
    return StoreUnreachable(say(CANNOT_CONNECT))


def plain_error(exc: BaseException) -> StoreError:
    """The cipherkit error for a database driver's error, in a plain sentence (the
    driver's own words, which may name files and hosts, go to the operator's log).

    >>> plain_error(sqlite3.OperationalError("attempt to write a readonly database"))
    StoreReadOnly("the room store cannot be written: its file or folder is read-only, ...")
    """
    first = str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
    text = first.lower()
    code = getattr(exc, "sqlite_errorcode", None)
    if (code is not None and code & 0xFF == 8) or "readonly" in text or "read-only" in text:
        _log.warning("the room store is read-only: %s", redact(first))
        return StoreReadOnly(say(READ_ONLY))
    if isinstance(exc, sqlite3.Error) and (
        (code is not None and code & 0xFF == 14) or "unable to open" in text
    ):
        _log.warning("the room store cannot be opened: %s", redact(first))
        return StoreReadOnly(say(READ_ONLY))
    if not isinstance(exc, sqlite3.Error) and any(
        c.__name__ in ("OperationalError", "InterfaceError") for c in type(exc).__mro__
    ):
        _log.warning("the room store cannot be reached: %s", redact(first))
        return StoreUnreachable(say(UNREACHABLE))
    return StoreError(say("the room store failed: {reason}", reason=redact(first)))


@contextlib.contextmanager
def store_errors() -> Iterator[None]:
    """Turn the database driver's errors into :class:`StoreError` (a cipherkit error a
    page or the command line can say in one line: :func:`plain_error`), except
    integrity errors, which the store's callers catch to retry.

    >>> with store_errors():
    ...     sqlite3.connect(":memory:").execute("SELECT * FROM nowhere")
    Traceback (most recent call last):
    ...
    cipherkit.rooms.errors.StoreError: the room store failed: no such table: nowhere
    """
    try:
        yield
    except Exception as exc:
        if not _is_db_error(exc) or _is_integrity(exc):
            raise
        raise plain_error(exc) from exc


class Cursor:
    """A driver's cursor whose reads raise cipherkit errors too (a row is read from the
    file, or the network, when it is fetched)."""

    def __init__(self, raw: Any, busy: threading.RLock | None = None) -> None:
        self.raw = raw
        self._busy = busy or threading.RLock()

    @property
    def rowcount(self) -> int:
        """Rows the statement changed."""
        return int(self.raw.rowcount)

    def fetchone(self) -> Any:
        """The next row, or ``None``."""
        with self._busy, store_errors():
            return self.raw.fetchone()

    def fetchall(self) -> list[Any]:
        """Every row left."""
        with self._busy, store_errors():
            return list(self.raw.fetchall())

    def __iter__(self) -> Iterator[Any]:
        return iter(self.fetchall())


class Connection:
    """One database connection with ``?`` placeholders and explicit transactions.

    ``reopen`` (PostgreSQL) makes a new driver connection: a connection the server
    ended (it stopped and came back, or an administrator ended it) is replaced, and
    work that certainly never reached the server (a ``BEGIN``, a read outside a
    transaction) is sent again once on the new one (see :meth:`_once_more`).

    A connection is its thread's, but :meth:`close` may come from another thread (the
    store closing while a table's live thread reads): the driver is never closed in the
    middle of a statement or a fetch (SQLite would crash the process), ``_busy`` keeps
    the two apart.
    """

    def __init__(self, raw: Any, dialect: str, reopen: Callable[[], Any] | None = None) -> None:
        self.raw = raw
        self.dialect = dialect
        self._reopen = reopen
        self._busy = threading.RLock()

    def _sql(self, sql: str) -> str:
        return sql.replace("?", "%s") if self.dialect == "postgresql" else sql

    def _idle(self) -> bool:
        """Whether a PostgreSQL connection is between transactions (nothing under way)."""
        return bool(self.raw.info.transaction_status == 0)  # psycopg's TransactionStatus.IDLE

    def hung_up(self) -> bool:
        """Whether the server has ended this connection, seen without a round trip: a
        broken connection, or an idle one the server sent something unasked (its last
        words, "terminating connection", then the end of the stream). SQLite: never.
        """
        if self.dialect != "postgresql":
            return False
        if self.raw.closed or self.raw.broken:
            return True
        if not self._idle():
            return False
        try:
            readable, _, _ = select.select([self.raw.fileno()], [], [], 0)
        except (OSError, ValueError):
            return True
        return bool(readable)

    def _once_more(self, work: Callable[[], Any], exc: BaseException) -> Any:
        """Run ``work`` again on a new connection if ``exc`` broke this one (PostgreSQL);
        else raise ``exc``. Callers use it only for work the server never applied."""
        if (
            self._reopen is None
            or not _is_db_error(exc)
            or not (self.raw.closed or self.raw.broken)
        ):
            raise exc
        _log.info("the room store's connection was ended by its server: connecting again")
        with contextlib.suppress(Exception):
            self.raw.close()
        self.raw = self._reopen()
        return work()

    def execute(self, sql: str, params: Sequence[Any] = ()) -> Any:
        """Run one SQL statement (``?`` placeholders on either database); return the cursor.

        A read outside a transaction whose connection turns out broken (PostgreSQL) is
        read again, once, on a new connection: a read changes nothing, so it is safe.
        """
        text, values = self._sql(sql), tuple(params)
        with self._busy, store_errors():
            if self.dialect != "postgresql" or not _is_read(sql) or not self._idle():
                return Cursor(self.raw.execute(text, values), self._busy)
            try:
                return Cursor(self.raw.execute(text, values), self._busy)
            except Exception as exc:
                return self._once_more(
                    lambda: Cursor(self.raw.execute(text, values), self._busy), exc
                )

    def executemany(self, sql: str, rows: Sequence[Sequence[Any]]) -> None:
        """Run one SQL statement for each of ``rows``."""
        if not rows:
            return
        with self._busy, store_errors():
            if self.dialect == "postgresql":
                with self.raw.cursor() as cur:
                    cur.executemany(self._sql(sql), [tuple(r) for r in rows])
            else:
                self.raw.executemany(sql, [tuple(r) for r in rows])

    @contextlib.contextmanager
    def transaction(self, *, write: bool = False) -> Iterator[Connection]:
        """One transaction: committed if the block ends normally, rolled back otherwise.

        On SQLite a write transaction takes the write lock at once (``BEGIN IMMEDIATE``);
        a read transaction sees one snapshot.
        """
        if self.dialect == "postgresql":
            with store_errors(), contextlib.ExitStack() as stack:
                # a BEGIN that fails reached no table: sent again on a new connection
                # if the old one was broken (the store's server stopped and came back)
                try:
                    stack.enter_context(self.raw.transaction())
                except Exception as exc:
                    self._once_more(lambda: stack.enter_context(self.raw.transaction()), exc)
                yield self
            return
        self.execute("BEGIN IMMEDIATE" if write else "BEGIN")
        try:
            yield self
        except BaseException:
            with self._busy, contextlib.suppress(sqlite3.Error):
                self.raw.execute("ROLLBACK")
            raise
        self.execute("COMMIT")

    def has_table(self, name: str) -> bool:
        """Whether the database has a table called ``name``."""
        if self.dialect == "postgresql":
            sql = (
                "SELECT 1 FROM information_schema.tables "
                "WHERE table_schema = current_schema() AND table_name = ?"
            )
        else:
            sql = "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?"
        return self.execute(sql, (name,)).fetchone() is not None

    @property
    def closed(self) -> bool:
        """Whether the connection is closed or broken (a SQLite connection never is)."""
        if self.dialect == "postgresql":
            return bool(self.raw.closed or self.raw.broken)
        return False

    def close(self) -> None:
        """Close the connection once no statement or fetch is under way on it (an error
        while closing is ignored). One that stays busy past :data:`CLOSE_PATIENCE`
        seconds is left to its thread: closing it under a running statement could crash
        the process; the garbage collector closes it when that thread lets it go."""
        if not self._busy.acquire(timeout=CLOSE_PATIENCE):
            _log.warning("a room store connection stayed busy: left open for its thread")
            return
        try:
            with contextlib.suppress(Exception):
                self.raw.close()
        finally:
            self._busy.release()


def _use_wal(raw: sqlite3.Connection, patience: float | None = None) -> None:
    """Switch a SQLite connection to WAL, waiting out another server doing the same.

    SQLite answers "database is locked" at once, without its busy handler, when two
    connections switch a new file to WAL together, so the switch is retried here
    until ``BUSY_TIMEOUT`` has passed.

    >>> raw = sqlite3.connect(":memory:")
    >>> _use_wal(raw)  # an in-memory database stays in "memory" mode, quietly
    """
    deadline = time.monotonic() + (BUSY_TIMEOUT if patience is None else patience)
    while True:
        try:
            raw.execute("PRAGMA journal_mode = WAL")
            return
        except sqlite3.OperationalError as exc:
            if "locked" not in str(exc) or time.monotonic() >= deadline:
                raise
            time.sleep(0.01 + random.random() * 0.04)


def _psycopg() -> Any:
    try:
        import psycopg
    except ImportError:
        raise StoreError.say(
            "PostgreSQL room stores need psycopg 3: pip install 'psycopg[binary]>=3.2' "
            "(or cipherkit's serve extra)"
        ) from None
    return psycopg


class Database:
    """Connections to one store, one per thread; see :func:`parse_url` for the URLs.

    ``create=False`` refuses to make a new SQLite file (the command line's ``list`` and
    ``show`` do not create stores by mistake).
    """

    def __init__(self, url: str | Path, *, create: bool = True) -> None:
        self.dialect, self.target = parse_url(url)
        self.url = str(url)
        if self.dialect == "sqlite":
            path = Path(self.target)
            if not path.exists() and not create:
                raise StoreError.say("no room store at {path} (create a room first)", path=path)
            if not path.parent.is_dir():
                raise StoreError.say(
                    "cannot make a room store at {path}: no folder {parent}",
                    path=path,
                    parent=path.parent,
                )
            if path.parent.name == ".cipherkit":  # a gallery's store folder: ours alone
                private_folder(path.parent)
            private_file(path)
        else:
            self.psycopg = _psycopg()
            self.integrity_errors: tuple[type[BaseException], ...] = (self.psycopg.IntegrityError,)
        if self.dialect == "sqlite":
            self.integrity_errors = (sqlite3.IntegrityError,)
        self._local = threading.local()
        self._lock = threading.Lock()
        self._all: list[Connection] = []
        self._closed = False
        self.first_use: Callable[[Connection], object] | None = None
        """Run on a new connection until it once succeeds (a store opened while its
        server did not answer checks its schema then)."""

    @property
    def display_url(self) -> str:
        """The URL with its password hidden, fit for logs and messages."""
        return redact(self.url)

    def connection(self) -> Connection:
        """This thread's connection (made on first use, remade if it broke)."""
        if self._closed:
            raise StoreError.say("the room store is closed")
        conn: Connection | None = getattr(self._local, "conn", None)
        if conn is not None and conn.hung_up():  # the server ended it (an outage passed)
            conn.close()
            with self._lock:
                if conn in self._all:
                    self._all.remove(conn)
            conn = None
        if conn is None:
            conn = self.connect()
            check = self.first_use
            if check is not None:
                try:
                    check(conn)
                except BaseException:
                    conn.close()
                    raise
                self.first_use = None
            self._local.conn = conn
            with self._lock:
                self._all.append(conn)
        return conn

    def connect(self) -> Connection:
        """A new connection (callers own it)."""
        if self.dialect == "sqlite":
            try:
                raw = sqlite3.connect(
                    self.target,
                    timeout=BUSY_TIMEOUT,
                    isolation_level=None,
                    check_same_thread=False,
                )
                raw.execute(f"PRAGMA busy_timeout = {int(BUSY_TIMEOUT * 1000)}")
                _use_wal(raw)
                raw.execute("PRAGMA synchronous = NORMAL")
                raw.execute("PRAGMA foreign_keys = ON")
            except sqlite3.Error as exc:
                error = plain_error(exc)
                if type(error) is StoreError:  # not read-only: say which file, in the log
                    _log.warning("cannot open the room store %s: %s", self.target, exc)
                    error = StoreError(
                        say("cannot open the room store (the server's log says why)")
                    )
                raise error from None
            return Connection(raw, "sqlite")
        return Connection(self._connect_postgresql(), "postgresql", self._connect_postgresql)

    def _connect_postgresql(self) -> Any:
        """A new psycopg connection (autocommit: transactions are explicit)."""
        try:
            return self.psycopg.connect(self.target, autocommit=True)
        except self.psycopg.Error as exc:
            # the details (host, port, user, database) are for the operator's log only
            first = str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
            _log.warning("cannot connect to the room store %s: %s", self.display_url, redact(first))
            raise connect_error(exc) from None

    def notify(self, conn: Connection, room_id: str, version: int) -> None:
        """Inside a write transaction: tell every listener (PostgreSQL) on commit."""
        if self.dialect == "postgresql":
            conn.execute("SELECT pg_notify(?, ?)", (CHANNEL, f"{room_id}:{version}"))

    def close(self) -> None:
        """Close every thread's connection; the database cannot be used after."""
        self._closed = True
        with self._lock:
            conns, self._all = self._all, []
        for conn in conns:
            conn.close()


class Listener:
    """A PostgreSQL ``LISTEN`` on :data:`CHANNEL` in its own thread and connection.

    ``on_change(room_id, version)`` runs for every notification; ``on_reconnect()``
    after every (re)connection, since notifications sent while the connection was down
    are lost and waiters must look at the database again.
    """

    def __init__(
        self,
        db: Database,
        on_change: Callable[[str, int], None],
        on_reconnect: Callable[[], None],
    ) -> None:
        self.db = db
        self.on_change = on_change
        self.on_reconnect = on_reconnect
        self.ready = threading.Event()
        self._stop = threading.Event()
        self._conn: Connection | None = None
        self._thread = threading.Thread(target=self._run, name="cipherkit-rooms-listen")
        self._thread.daemon = True
        self._thread.start()

    def _run(self) -> None:
        while not self._stop.is_set():
            try:
                self._conn = self.db.connect()
                self._conn.execute(f"LISTEN {CHANNEL}")
                self.ready.set()
                self.on_reconnect()
                while not self._stop.is_set():
                    for note in self._conn.raw.notifies(timeout=0.5):
                        room_id, _, version = note.payload.rpartition(":")
                        if room_id and version.isdigit():
                            self.on_change(room_id, int(version))
            except Exception:
                self.ready.clear()
                if self._conn is not None:
                    self._conn.close()
                if not self._stop.wait(0.5):
                    continue
        if self._conn is not None:
            self._conn.close()

    def stop(self) -> None:
        """Stop listening and wait (up to 5 seconds) for the thread to end."""
        self._stop.set()
        self._thread.join(timeout=5)
