"""The room store's SQL: every query on the ``rooms``, ``seats`` and ``actions`` tables.

Nothing here knows a game or a session; callers hold the room's lock and open the
transactions (see docs/rooms.md, "How the store is built").
"""

from __future__ import annotations

import hashlib
import hmac
import json
import time
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from cipherkit.core.protocol import JsonDict, Seat
from cipherkit.i18n import N_, say
from cipherkit.rooms.codes import normalize_code
from cipherkit.rooms.db import Connection, Database
from cipherkit.rooms.errors import SeatGone, StoreError, UnknownCode, UnknownRoom, UnknownToken

__all__ = ["GONE_WORDS", "ROOM_COLUMNS", "RoomRow", "SeatRow", "Storage", "token_digest"]

ROOM_COLUMNS = (
    "id, code, game, config, seed, version, rngs, status, outcome, created, updated, held"
)
"""The ``rooms`` columns, in the order :meth:`RoomRow.of` reads them."""


GONE_WORDS = {
    "moved": N_("your teacher gave your seat to another device: carry on there"),
    "removed": N_("your teacher took you out of this room"),
    "switched": N_("your teacher moved you to another seat: this page takes you there"),
}
"""What a token says once the teacher has taken its seat back, by the reason stored."""


def token_digest(token: str) -> str:
    """The SHA-256 of a resume token: all the store keeps of it.

    >>> len(token_digest("abc")), token_digest("abc") == token_digest("abc")
    (64, True)
    """
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


@dataclass(frozen=True)
class RoomRow:
    """One row of ``rooms``: the room's game, config, seed, version and status."""

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
    held: bool = False

    @classmethod
    def of(cls, row: Sequence[Any]) -> RoomRow:
        """The row as the database returns it (columns :data:`ROOM_COLUMNS`)."""
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
            bool(row[11]),
        )

    @property
    def open(self) -> bool:
        """Whether the room is open (joining, resuming and acting work)."""
        return self.status == "open"


@dataclass(frozen=True)
class SeatRow:
    """One row of ``seats``: its bot spec (``None`` for a person's seat), the person's
    name, the SHA-256 of their token (``None`` while free) and when they were last seen."""

    seat: int
    bot: str | None
    name: str | None
    token_hash: str | None
    seen: float | None
    reserved: str | None = None

    @property
    def free(self) -> bool:
        """Neither a bot's nor held by a person (it may be kept for someone:
        :meth:`free_for`)."""
        return self.bot is None and self.token_hash is None

    def free_for(self, name: str) -> bool:
        """Free, and not kept for somebody else than ``name``."""
        return self.free and (self.reserved is None or self.reserved.casefold() == name.casefold())


class Storage:
    """The queries of one :class:`~cipherkit.rooms.db.Database`.

    Methods taking ``conn`` run inside the caller's transaction; the others use the
    thread's connection on their own.
    """

    def __init__(self, db: Database) -> None:
        self.db = db

    def conn(self) -> Connection:
        """This thread's connection."""
        return self.db.connection()

    def one(self, sql: str, params: Sequence[Any]) -> Any:
        """The first row ``sql`` reads on this thread's connection (``None``: none)."""
        return self.conn().execute(sql, params).fetchone()

    # ------------------------------------------------------------ finding rooms
    def row(self, conn: Connection, room_id: str, *, lock: bool = False) -> RoomRow | None:
        """The room's row; ``lock``: hold its row lock until commit (PostgreSQL)."""
        sql = f"SELECT {ROOM_COLUMNS} FROM rooms WHERE id = ?"
        if lock and conn.dialect == "postgresql":
            sql += " FOR UPDATE"
        found = conn.execute(sql, (room_id,)).fetchone()
        return None if found is None else RoomRow.of(found)

    def find(self, id_or_code: str, *, open_only: bool) -> str:
        """The id of the room with this id or join code (:class:`UnknownRoom`)."""
        conn = self.conn()
        text = str(id_or_code).strip()
        code = normalize_code(text)
        status = " AND status = 'open'" if open_only else ""
        row = conn.execute(f"SELECT id FROM rooms WHERE id = ?{status}", (text.lower(),)).fetchone()
        if row is None and code is not None:
            row = conn.execute(f"SELECT id FROM rooms WHERE code = ?{status}", (code,)).fetchone()
        if row is None:
            raise UnknownRoom(
                say("no room {room!r}", room=text) if len(text) <= 64 else say("no such room")
            )
        return str(row[0])

    def find_open_code(self, code: str) -> str:
        """The id of the open room with join ``code`` (:class:`UnknownCode`)."""
        canonical = normalize_code(code)
        if canonical is None:
            shown = repr(code.strip()[:40]) if isinstance(code, str) else "?"
            raise UnknownCode.say("no open room with code {shown}", shown=shown)
        row = self.one("SELECT id FROM rooms WHERE code = ? AND status = 'open'", (canonical,))
        if row is None:
            raise UnknownCode.say("no open room with code {canonical}", canonical=canonical)
        return str(row[0])

    def room_ids(self, *, open_only: bool) -> list[str]:
        """Every room's id (only the open ones if ``open_only``), oldest first."""
        sql = "SELECT id FROM rooms"
        if open_only:
            sql += " WHERE status = 'open'"
        return [str(r[0]) for r in self.conn().execute(sql + " ORDER BY created, id")]

    def version(self, room_id: str) -> int:
        """The room's version: a one-row read."""
        return self.version_and_stamp(room_id)[0]

    def version_and_stamp(self, room_id: str) -> tuple[int, int]:
        """The room's version and stamp (which moves on every change a page must hear
        of: closing, starting, a seat given away): a one-row read, what waiters poll."""
        found = self.one("SELECT version, stamp FROM rooms WHERE id = ?", (room_id,))
        if found is None:
            raise UnknownRoom.say("no room {room_id!r}", room_id=room_id)
        return int(found[0]), int(found[1])

    def touch_stamp(self, conn: Connection, room_id: str) -> None:
        """Move the room's stamp and tell the listeners (inside the caller's
        transaction): waiting pages wake and look again."""
        conn.execute(
            "UPDATE rooms SET stamp = stamp + 1, updated = ? WHERE id = ?", (time.time(), room_id)
        )
        found = conn.execute("SELECT version FROM rooms WHERE id = ?", (room_id,)).fetchone()
        if found is not None:
            self.db.notify(conn, room_id, int(found[0]))

    def set_held(self, conn: Connection, room_id: str, held: bool) -> None:
        """Hold the room for the teacher's start, or let it start."""
        conn.execute("UPDATE rooms SET held = ? WHERE id = ?", (int(held), room_id))
        self.touch_stamp(conn, room_id)

    # ------------------------------------------------------------ rooms and actions
    def insert_room(
        self,
        conn: Connection,
        row: RoomRow,
        bots: Mapping[int, str],
        seats: int,
        actions: Sequence[tuple[Seat, str]],
    ) -> None:
        """A new room, its seats and the bots' first actions (``row.config`` and
        ``row.outcome`` as stored JSON text is made here)."""
        conn.execute(
            f"INSERT INTO rooms ({ROOM_COLUMNS}) VALUES (?,?,?,?,?,?,?,?,?,?,?,?)",
            (
                row.id,
                row.code,
                row.game,
                None if row.config is None else json.dumps(row.config, sort_keys=True),
                row.seed,
                row.version,
                json.dumps(row.rngs),
                row.status,
                None if row.outcome is None else json.dumps(row.outcome),
                row.created,
                row.updated,
                int(row.held),
            ),
        )
        conn.executemany(
            "INSERT INTO seats (room_id, seat, bot) VALUES (?, ?, ?)",
            [(row.id, s, bots.get(s)) for s in range(seats)],
        )
        conn.executemany(
            "INSERT INTO actions (room_id, number, seat, notation, bot, created) "
            "VALUES (?, ?, ?, ?, 1, ?)",
            [(row.id, n, s, t, row.created) for n, (s, t) in enumerate(actions, 1)],
        )

    def actions(
        self, conn: Connection, room_id: str, after: int, upto: int
    ) -> list[tuple[int, str]]:
        """The stored actions numbered ``after + 1`` to ``upto``, as (seat, notation)."""
        found = conn.execute(
            "SELECT seat, notation FROM actions WHERE room_id = ? AND number > ? "
            "AND number <= ? ORDER BY number",
            (room_id, after, upto),
        ).fetchall()
        return [(int(s), str(t)) for s, t in found]

    def action_time(self, conn: Connection, room_id: str, number: int) -> float | None:
        """When action ``number`` was stored (epoch seconds), if it was."""
        found = conn.execute(
            "SELECT created FROM actions WHERE room_id = ? AND number = ?", (room_id, number)
        ).fetchone()
        return None if found is None else float(found[0])

    def action_by_bot(self, conn: Connection, room_id: str, number: int) -> bool:
        """Whether a bot chose action ``number`` (``False`` if it is not stored)."""
        found = conn.execute(
            "SELECT bot FROM actions WHERE room_id = ? AND number = ?", (room_id, number)
        ).fetchone()
        return found is not None and bool(found[0])

    def first_person_action(
        self, conn: Connection, room_id: str, seat: int, after: int
    ) -> float | None:
        """When a person at ``seat`` first acted after action ``after`` (epoch seconds),
        if anyone did."""
        found = conn.execute(
            "SELECT MIN(created) FROM actions WHERE room_id = ? AND seat = ? AND number > ? "
            "AND bot = 0",
            (room_id, seat, after),
        ).fetchone()
        return None if found is None or found[0] is None else float(found[0])

    def append_actions(
        self,
        conn: Connection,
        row: RoomRow,
        actions: Iterable[tuple[Seat, str, bool]],
        *,
        version: int,
        rngs: Mapping[int, Any],
        outcome: JsonDict | None,
    ) -> None:
        """Store the actions (seat, notation, by a bot) that follow ``row.version`` and
        move the room to ``version``, checked against its old one; tell the listeners."""
        now = time.time()
        conn.executemany(
            "INSERT INTO actions (room_id, number, seat, notation, bot, created) "
            "VALUES (?, ?, ?, ?, ?, ?)",
            [
                (row.id, row.version + i, s, t, int(bot), now)
                for i, (s, t, bot) in enumerate(actions, 1)
            ],
        )
        cur = conn.execute(
            "UPDATE rooms SET version = ?, rngs = ?, outcome = ?, updated = ? "
            "WHERE id = ? AND version = ?",
            (
                version,
                json.dumps({str(k): v for k, v in rngs.items()}),
                None if outcome is None else json.dumps(outcome),
                now,
                row.id,
                row.version,
            ),
        )
        if cur.rowcount != 1:  # pragma: no cover - the lock makes this impossible
            raise StoreError.say("room {code} changed during an action", code=row.code)
        self.db.notify(conn, row.id, version)

    def close_room(self, room_id: str) -> None:
        """Mark the room closed (:class:`UnknownRoom` if there is none)."""
        conn = self.conn()
        with conn.transaction(write=True):
            cur = conn.execute(
                "UPDATE rooms SET status = 'closed', updated = ? WHERE id = ?",
                (time.time(), room_id),
            )
            if cur.rowcount != 1:
                raise UnknownRoom.say("no room {room_id!r}", room_id=room_id)
            self.touch_stamp(conn, room_id)  # every page waiting on it hears at once

    # ------------------------------------------------------------ seats
    def seats(self, conn: Connection, room_id: str) -> list[SeatRow]:
        """The room's seats in order."""
        found = conn.execute(
            "SELECT seat, bot, name, token_hash, seen, reserved FROM seats WHERE room_id = ? "
            "ORDER BY seat",
            (room_id,),
        ).fetchall()
        return [
            SeatRow(int(s), b, name, held, seen, kept) for s, b, name, held, seen, kept in found
        ]

    def sitters(self, conn: Connection, room_id: str) -> dict[int, tuple[str | None, float | None]]:
        """Seat -> (its bot spec, when its person sat down): ``(None, None)`` for a seat
        nobody holds (free, or kept for a student who is away)."""
        found = conn.execute(
            "SELECT seat, bot, token_hash, joined FROM seats WHERE room_id = ?", (room_id,)
        ).fetchall()
        out: dict[int, tuple[str | None, float | None]] = {}
        for seat, bot, held, joined in found:
            sat = None if bot is not None or held is None else float(joined or 0.0)
            out[int(seat)] = (None if bot is None else str(bot), sat)
        return out

    def bots(self, conn: Connection, room_id: str) -> dict[int, str]:
        """Seat -> bot spec for the seats bots play."""
        found = conn.execute(
            "SELECT seat, bot FROM seats WHERE room_id = ? AND bot IS NOT NULL", (room_id,)
        ).fetchall()
        return {int(s): str(b) for s, b in found}

    def seat_names(self, room_id: str) -> dict[int, str | None]:
        """Seat -> the name of the person holding it (``None``: nobody)."""
        found = (
            self.conn()
            .execute("SELECT seat, name FROM seats WHERE room_id = ?", (room_id,))
            .fetchall()
        )
        return {int(s): name for s, name in found}

    def take_seat(self, conn: Connection, room_id: str, seat: int, name: str, digest: str) -> bool:
        """Give a free person's seat to ``name`` holding the token ``digest``; whether
        it was still free."""
        now = time.time()
        cur = conn.execute(
            "UPDATE seats SET name = ?, token_hash = ?, joined = ?, seen = ?, reserved = NULL "
            "WHERE room_id = ? AND seat = ? AND token_hash IS NULL AND bot IS NULL",
            (name, digest, now, now, room_id, seat),
        )
        if cur.rowcount != 1:
            return False
        self.touch_stamp(conn, room_id)  # who sits where shows on every page at once
        return True

    def rename(self, conn: Connection, room_id: str, seat: int, name: str) -> str | None:
        """Give the person in ``seat`` another name; the name they had (``None``: nobody
        sits there)."""
        found = conn.execute(
            "SELECT name FROM seats WHERE room_id = ? AND seat = ? AND bot IS NULL "
            "AND token_hash IS NOT NULL",
            (room_id, seat),
        ).fetchone()
        if found is None:
            return None
        conn.execute(
            "UPDATE seats SET name = ? WHERE room_id = ? AND seat = ?", (name, room_id, seat)
        )
        self.touch_stamp(conn, room_id)
        return str(found[0])

    def give_away(
        self, conn: Connection, room_id: str, seat: int, reason: str, reserve: str | None
    ) -> str | None:
        """Take a person's seat back for the teacher: its token stops working and says
        ``reason`` when used; ``reserve`` keeps the seat for that name. Returns the name
        that held it (``None``: nobody did)."""
        found = conn.execute(
            "SELECT name, token_hash FROM seats WHERE room_id = ? AND seat = ? AND bot IS NULL",
            (room_id, seat),
        ).fetchone()
        if found is None:
            return None
        conn.execute(
            "UPDATE seats SET name = NULL, token_hash = NULL, joined = NULL, seen = NULL, "
            "reserved = ?, gone_hash = ?, gone_reason = ? WHERE room_id = ? AND seat = ?",
            (reserve, found[1], reason if found[1] is not None else None, room_id, seat),
        )
        self.touch_stamp(conn, room_id)
        return None if found[0] is None else str(found[0])

    def gone_reason(self, digest: str) -> str | None:
        """Why a token no longer holds its seat, if the teacher took it (``moved``,
        ``removed``)."""
        found = self.one("SELECT gone_reason FROM seats WHERE gone_hash = ?", (digest,))
        return None if found is None or found[0] is None else str(found[0])

    def give_to_bot(self, conn: Connection, room_id: str, seats: Sequence[int], bot: str) -> None:
        """Let bot ``bot`` play these free seats."""
        conn.executemany(
            "UPDATE seats SET bot = ?, name = NULL, joined = NULL, seen = NULL "
            "WHERE room_id = ? AND seat = ? AND bot IS NULL AND token_hash IS NULL "
            "AND reserved IS NULL",
            [(bot, room_id, s) for s in seats],
        )

    def free_seat(self, room_id: str, seat: int) -> None:
        """Take a person's seat back: their token stops working."""
        conn = self.conn()
        with conn.transaction(write=True):
            conn.execute(
                "UPDATE seats SET name = NULL, token_hash = NULL, joined = NULL, seen = NULL "
                "WHERE room_id = ? AND seat = ? AND bot IS NULL",
                (room_id, seat),
            )

    def seen(self, room_id: str, seat: int, when: float | None) -> None:
        """Record a sign of life of the seat's person (``None``: gone)."""
        self.conn().execute(
            "UPDATE seats SET seen = ? WHERE room_id = ? AND seat = ?", (when, room_id, seat)
        )

    def check_token(self, conn: Connection, room_id: str, seat: Seat, digest: str) -> None:
        """Raise :class:`UnknownToken` unless the seat is held by the token ``digest``."""
        found = conn.execute(
            "SELECT token_hash FROM seats WHERE room_id = ? AND seat = ?", (room_id, seat)
        ).fetchone()
        if found is None or found[0] is None or not hmac.compare_digest(str(found[0]), digest):
            gone = GONE_WORDS.get(self.gone_reason(digest) or "")
            if gone:
                raise SeatGone.say(gone)
            raise UnknownToken.say("seat {seat} is no longer yours: join the room again", seat=seat)

    def token_seat(self, digest: str) -> tuple[str, int, str, str, str] | None:
        """(room id, seat, name, room code, room status) of the seat the token
        ``digest`` holds, if any."""
        row = self.one(
            "SELECT s.room_id, s.seat, s.name, s.token_hash, r.code, r.status "
            "FROM seats s JOIN rooms r ON r.id = s.room_id WHERE s.token_hash = ?",
            (digest,),
        )
        if row is None or not hmac.compare_digest(str(row[3]), digest):
            return None
        return str(row[0]), int(row[1]), str(row[2] or ""), str(row[4]), str(row[5])
