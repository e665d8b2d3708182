"""The classroom's tables, beside the rooms' in the same store (SQLite or PostgreSQL).

Design notes: ``docs/classroom.md``, ``cipherkit.classroom.schema``.

>>> len(MIGRATIONS), CLASSROOM_SCHEMA_VERSION
(3, 3)
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from cipherkit.rooms.errors import StoreError

if TYPE_CHECKING:
    from cipherkit.rooms.db import Connection

__all__ = ["CLASSROOM_SCHEMA_VERSION", "MIGRATIONS", "migrate"]

VERSION_KEY = "classroom_schema_version"

MIGRATIONS: tuple[tuple[str, ...], ...] = (
    (
        """CREATE TABLE class_settings (
            key TEXT PRIMARY KEY,
            value TEXT NOT NULL
        )""",
        """CREATE TABLE class_sessions (
            id TEXT PRIMARY KEY,
            code TEXT NOT NULL UNIQUE,
            title TEXT NOT NULL,
            status TEXT NOT NULL,
            created DOUBLE PRECISION NOT NULL,
            ended DOUBLE PRECISION
        )""",
        """CREATE TABLE class_rooms (
            session_id TEXT NOT NULL REFERENCES class_sessions (id) ON DELETE CASCADE,
            room_id TEXT NOT NULL,
            plan TEXT NOT NULL,
            created DOUBLE PRECISION NOT NULL,
            PRIMARY KEY (session_id, room_id)
        )""",
        """CREATE TABLE class_records (
            room_id TEXT PRIMARY KEY,
            session_id TEXT NOT NULL,
            game TEXT NOT NULL,
            record TEXT NOT NULL,
            outcome TEXT,
            players TEXT NOT NULL,
            saved DOUBLE PRECISION NOT NULL
        )""",
        """CREATE TABLE class_attempts (
            id TEXT PRIMARY KEY,
            session_id TEXT NOT NULL REFERENCES class_sessions (id) ON DELETE CASCADE,
            student TEXT NOT NULL,
            lesson TEXT NOT NULL,
            exercise TEXT NOT NULL,
            correct INTEGER NOT NULL,
            at DOUBLE PRECISION NOT NULL
        )""",
        "CREATE INDEX class_attempts_by_session ON class_attempts (session_id, at)",
    ),
    (
        # an attempt keeps its exercise's id and whole text (the export's columns)
        "ALTER TABLE class_attempts ADD COLUMN exercise_id TEXT NOT NULL DEFAULT ''",
        "ALTER TABLE class_attempts ADD COLUMN question TEXT NOT NULL DEFAULT ''",
    ),
    (
        # a class that lasts a term: its roster, its sessions (live lessons and
        # homework), and who answered (by roster id) and whether late
        """CREATE TABLE class_groups (
            key TEXT PRIMARY KEY,
            name TEXT NOT NULL,
            created DOUBLE PRECISION NOT NULL,
            bots_replace INTEGER NOT NULL DEFAULT 1
        )""",
        """CREATE TABLE class_roster (
            class_key TEXT NOT NULL REFERENCES class_groups (key) ON DELETE CASCADE,
            student_id TEXT NOT NULL,
            name TEXT NOT NULL,
            email TEXT NOT NULL,
            added DOUBLE PRECISION NOT NULL,
            removed DOUBLE PRECISION,
            PRIMARY KEY (class_key, student_id)
        )""",
        "ALTER TABLE class_sessions ADD COLUMN class_key TEXT NOT NULL DEFAULT ''",
        "ALTER TABLE class_sessions ADD COLUMN kind TEXT NOT NULL DEFAULT 'live'",
        """CREATE TABLE class_homework (
            session_id TEXT PRIMARY KEY REFERENCES class_sessions (id) ON DELETE CASCADE,
            token TEXT NOT NULL UNIQUE,
            lesson TEXT NOT NULL,
            due DOUBLE PRECISION NOT NULL
        )""",
        "ALTER TABLE class_attempts ADD COLUMN late INTEGER NOT NULL DEFAULT 0",
        "ALTER TABLE class_attempts ADD COLUMN student_id TEXT NOT NULL DEFAULT ''",
        # a student moved or removed mid-game: the game stays in their results
        """CREATE TABLE class_departures (
            session_id TEXT NOT NULL REFERENCES class_sessions (id) ON DELETE CASCADE,
            room_id TEXT NOT NULL,
            seat INTEGER NOT NULL,
            name TEXT NOT NULL,
            reason TEXT NOT NULL,
            at DOUBLE PRECISION NOT NULL
        )""",
    ),
)
"""Step ``n`` (from 1) takes the classroom tables from version ``n - 1`` to ``n``."""

CLASSROOM_SCHEMA_VERSION = len(MIGRATIONS)

_LOCK = 0x0C1A_55E5


def _version(conn: Connection) -> int:
    row = conn.execute("SELECT value FROM meta WHERE key = ?", (VERSION_KEY,)).fetchone()
    return 0 if row is None else int(row[0])


def migrate(conn: Connection) -> tuple[int, int]:
    """Bring the classroom tables to the newest version in one transaction; return
    ``(before, after)``. The rooms' schema must be in place (``open_store`` does it)."""
    with conn.transaction(write=True):
        if conn.dialect == "postgresql":
            conn.execute("SELECT pg_advisory_xact_lock(?)", (_LOCK,))
        before = _version(conn)
        if before > CLASSROOM_SCHEMA_VERSION:
            raise StoreError.say(
                "the store's classroom tables are at version {before}, newer than this "
                "cipherkit knows ({classroom_schema_version}): upgrade cipherkit",
                before=before,
                classroom_schema_version=CLASSROOM_SCHEMA_VERSION,
            )
        if before == CLASSROOM_SCHEMA_VERSION:
            return before, before
        for steps in MIGRATIONS[before:]:
            for sql in steps:
                conn.execute(sql)
        if before == 0:
            conn.execute(
                "INSERT INTO meta (key, value) VALUES (?, ?)",
                (VERSION_KEY, str(CLASSROOM_SCHEMA_VERSION)),
            )
        else:
            conn.execute(
                "UPDATE meta SET value = ? WHERE key = ?",
                (str(CLASSROOM_SCHEMA_VERSION), VERSION_KEY),
            )
    return before, CLASSROOM_SCHEMA_VERSION
