"""What a room shows, each read at one version: a viewer's observation, a seat's legal
actions, a page's snapshot, the room's public facts, its record and session."""

from __future__ import annotations

import datetime as _dt
import time
from typing import Any

from cipherkit.core.protocol import JsonDict, Seat
from cipherkit.core.record import Record
from cipherkit.core.session import Session
from cipherkit.rooms.cache import SessionCache, teams
from cipherkit.rooms.clock import Clocks
from cipherkit.rooms.db import Connection
from cipherkit.rooms.storage import RoomRow, Storage

__all__ = ["CONNECTED_SECONDS", "Reads"]

CONNECTED_SECONDS = 60.0
"""A person counts as connected if their seat showed a sign of life this recently."""


def _iso(seconds: float) -> str:
    return _dt.datetime.fromtimestamp(seconds, _dt.UTC).isoformat(timespec="seconds")


class Reads:
    """Reads of rooms through the replay cache. ``digest`` (a token's SHA-256) must hold
    the seat it reads for (:class:`~cipherkit.rooms.errors.UnknownToken`); ``None``
    reads as the server."""

    def __init__(self, storage: Storage, cache: SessionCache, clocks: Clocks) -> None:
        self.storage = storage
        self.cache = cache
        self.clocks = clocks

    def view(self, room_id: str, viewer: Seat | str, digest: str | None) -> JsonDict:
        """The game's ``observe(viewer)`` of the room's state."""
        holder = None if digest is None else (int(viewer), digest)
        return self.cache.read(room_id, lambda c, r, s: s.view(viewer), holder=holder)

    def legal(self, room_id: str, seat: Seat, digest: str | None) -> list[str]:
        """The seat's legal actions as text (none in a closed room)."""
        holder = None if digest is None else (seat, digest)
        return self.cache.read(
            room_id, lambda c, r, s: s.legal_texts(seat) if r.open else [], holder=holder
        )

    def snapshot(self, room_id: str, viewer: Seat | str, digest: str | None) -> JsonDict:
        """What a page draws, at one version: the viewer's observation, its legal
        actions (text; only for a seat's holder), the public event log, the version."""

        def draw(conn: Connection, row: RoomRow, session: Session) -> JsonDict:
            legal = session.legal_texts(int(viewer)) if digest is not None and row.open else []
            return {
                "version": row.version,
                "observation": session.view(viewer),
                "legal": legal,
                "log": list(session.log),
                "open": row.open,
            }

        holder = None if digest is None else (int(viewer), digest)
        return self.cache.read(room_id, draw, holder=holder)

    def info(self, room_id: str) -> JsonDict:
        """The room's public facts (see :meth:`~cipherkit.rooms.handles.Room.info`)."""

        def facts(conn: Connection, row: RoomRow, session: Session) -> tuple[Any, ...]:
            state = session.state
            title = session.spec.title(state) if session.spec.title else session.game
            return (
                row,
                self.storage.seats(conn, room_id),
                teams(state),
                title,
                session.actors(),
                self.clocks.at(conn, row, session),
                self.clocks.unattended(conn, row, session),
            )

        row, seats, seat_teams, title, actors, clock, unattended = self.cache.read(room_id, facts)
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
            "held": row.held,
            "version": row.version,
            "actors": list(actors),
            "over": row.outcome is not None,
            "outcome": row.outcome,
            "clock": None
            if clock is None
            else {
                "action": clock.clock.action,
                "seconds_left": round(max(0.0, clock.ends - now), 1),
            },
            # a timed round waits on seats no person holds: nobody can act for it
            "clock_unattended": unattended,
            "seats": [
                {
                    "seat": s.seat,
                    "name": s.name if s.bot is None else (s.name or f"{s.bot} bot"),
                    "bot": s.bot,
                    "taken": not s.free,
                    "connected": s.bot is not None
                    or (
                        s.token_hash is not None
                        and s.seen is not None
                        and now - s.seen < CONNECTED_SECONDS
                    ),
                    **({} if seat_teams is None else {"team": seat_teams[s.seat]}),
                    **({} if s.reserved is None else {"reserved": s.reserved}),
                }
                for s in seats
            ],
            "created": _iso(row.created),
            "updated": _iso(row.updated),
        }

    def record(self, room_id: str) -> Record:
        """The game's record with the room and its players in ``meta``."""
        row, record, players = self.cache.read(room_id, lambda c, r, s: (r, s.record, s.players))
        names = self.storage.seat_names(room_id)
        record.meta = {
            "room": row.id,
            "code": row.code,
            "players": [{**p.to_json(), "name": names.get(p.seat) or ""} for p in players],
        }
        return record

    def session(self, room_id: str) -> Session:
        """A fresh session rebuilt from the store (changing it changes nothing stored)."""
        return Session.from_json(self.cache.read(room_id, lambda c, r, s: s.to_json()))
