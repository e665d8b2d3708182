"""The rooms' schema: one set of tables for SQLite and PostgreSQL, with a version number.

:data:`MIGRATIONS` is the ordered list of steps (step ``n`` takes the schema from version
``n - 1`` to ``n``); :func:`migrate` runs the missing ones in one transaction. The tables
and how two servers migrate at once: docs/rooms.md, "Schema".
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from cipherkit.rooms.errors import StoreError

if TYPE_CHECKING:
    from cipherkit.rooms.db import Connection

__all__ = ["MIGRATIONS", "SCHEMA_VERSION", "migrate", "schema_version"]

MIGRATIONS: tuple[tuple[str, ...], ...] = (
    # 1: rooms, their seats and their actions
    (
        """CREATE TABLE rooms (
            id TEXT PRIMARY KEY,
            code TEXT NOT NULL UNIQUE,
            game TEXT NOT NULL,
            config TEXT,
            seed BIGINT NOT NULL,
            version BIGINT NOT NULL,
            rngs TEXT NOT NULL,
            status TEXT NOT NULL,
            outcome TEXT,
            created DOUBLE PRECISION NOT NULL,
            updated DOUBLE PRECISION NOT NULL
        )""",
        """CREATE TABLE seats (
            room_id TEXT NOT NULL REFERENCES rooms (id) ON DELETE CASCADE,
            seat INTEGER NOT NULL,
            bot TEXT,
            name TEXT,
            token_hash TEXT UNIQUE,
            joined DOUBLE PRECISION,
            PRIMARY KEY (room_id, seat)
        )""",
        """CREATE TABLE actions (
            room_id TEXT NOT NULL REFERENCES rooms (id) ON DELETE CASCADE,
            number BIGINT NOT NULL,
            seat INTEGER NOT NULL,
            notation TEXT NOT NULL,
            bot INTEGER NOT NULL,
            created DOUBLE PRECISION NOT NULL,
            PRIMARY KEY (room_id, number)
        )""",
    ),
    # 2: whether a person is still there (the seat's last sign of life); open rooms fast
    (
        "ALTER TABLE seats ADD COLUMN seen DOUBLE PRECISION",
        "CREATE INDEX rooms_by_status ON rooms (status, created)",
    ),
    # 3: a class's rooms wait for the teacher's start (held); every change a page must
    # hear of moves the stamp (closing, starting, a seat given away); a seat the teacher
    # gave to a new device waits for its name (reserved), and the old token says why
    # it no longer works (gone_hash, gone_reason)
    (
        "ALTER TABLE rooms ADD COLUMN stamp BIGINT NOT NULL DEFAULT 0",
        "ALTER TABLE rooms ADD COLUMN held INTEGER NOT NULL DEFAULT 0",
        "ALTER TABLE seats ADD COLUMN reserved TEXT",
        "ALTER TABLE seats ADD COLUMN gone_hash TEXT",
        "ALTER TABLE seats ADD COLUMN gone_reason TEXT",
    ),
    # 4: how often each client (a digest of its name; '*': the whole server) lately
    # guessed a code or key wrong, or made a room, and until when it waits
    # (cipherkit.rooms.limits): every page and server of the store shares the counts
    (
        """CREATE TABLE limits (
            kind TEXT NOT NULL,
            client TEXT NOT NULL,
            count BIGINT NOT NULL,
            since DOUBLE PRECISION NOT NULL,
            until DOUBLE PRECISION NOT NULL,
            PRIMARY KEY (kind, client)
        )""",
        "CREATE INDEX limits_by_since ON limits (kind, since)",
    ),
    # 5: the rooms each browser keeps (cipherkit.rooms.kept): a digest of its client,
    # the room's code, the seat's token sealed with the client (NULL: watched), when
    (
        """CREATE TABLE kept_seats (
            client TEXT NOT NULL,
            code TEXT NOT NULL,
            sealed TEXT,
            at DOUBLE PRECISION NOT NULL,
            PRIMARY KEY (client, code)
        )""",
        "CREATE INDEX kept_seats_by_at ON kept_seats (at)",
    ),
)
"""Step ``n`` (from 1) takes the schema from version ``n - 1`` to ``n``."""

SCHEMA_VERSION = len(MIGRATIONS)

_MIGRATION_LOCK = 0x0C1F_7E4B
"""PostgreSQL advisory lock key held while migrating."""


def schema_version(conn: Connection) -> int:
    """The store's schema version (0: no schema yet)."""
    if not conn.has_table("meta"):
        return 0
    row = conn.execute("SELECT value FROM meta WHERE key = 'schema_version'").fetchone()
    return 0 if row is None else int(row[0])


def migrate(conn: Connection, upto: int | None = None) -> tuple[int, int]:
    """Bring the store's schema to version ``upto`` (default: the newest) in one
    transaction; return ``(before, after)``.

    Examples
    --------
    >>> [len(steps) for steps in MIGRATIONS]
    [3, 2, 5, 2, 2]
    >>> SCHEMA_VERSION
    5
    """
    target = SCHEMA_VERSION if upto is None else upto
    if not 0 <= target <= SCHEMA_VERSION:
        raise StoreError.say(
            "no schema version {target} (known: 0 to {schema_version})",
            target=target,
            schema_version=SCHEMA_VERSION,
        )
    with conn.transaction(write=True):
        if conn.dialect == "postgresql":
            conn.execute("SELECT pg_advisory_xact_lock(?)", (_MIGRATION_LOCK,))
        conn.execute("CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)")
        before = schema_version(conn)
        if before > SCHEMA_VERSION:
            raise StoreError.say(
                "the room store is at schema version {before}, newer than this "
                "cipherkit knows ({schema_version}): upgrade cipherkit",
                before=before,
                schema_version=SCHEMA_VERSION,
            )
        if before >= target:
            return before, before
        for steps in MIGRATIONS[before:target]:
            for sql in steps:
                conn.execute(sql)
        if before == 0:
            conn.execute(
                "INSERT INTO meta (key, value) VALUES ('schema_version', ?)", (str(target),)
            )
        else:
            conn.execute("UPDATE meta SET value = ? WHERE key = 'schema_version'", (str(target),))
    return before, target
