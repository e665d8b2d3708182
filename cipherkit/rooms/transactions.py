"""What changes a room, each in one transaction: create, join, resume, act (against the
room's version, the bots answering inside), fill seats with bots, free, leave, close.

Why every action is one transaction, and how bots act exactly once: docs/rooms.md.
"""

from __future__ import annotations

import contextlib
import json
import os
import secrets
import time
import unicodedata
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from cipherkit.core.errors import CipherkitError, ConfigError, IllegalAction
from cipherkit.core.protocol import Seat
from cipherkit.core.registry import bot_names, get_game, make_bot
from cipherkit.core.session import Session
from cipherkit.i18n import say
from cipherkit.rooms.cache import SessionCache, teams
from cipherkit.rooms.codes import new_code, normalize_code
from cipherkit.rooms.db import Connection
from cipherkit.rooms.errors import (
    BadName,
    RoomClosed,
    RoomFull,
    SeatGone,
    SeatUnavailable,
    StaleVersion,
    StoreError,
    UnknownCode,
    UnknownRoom,
    UnknownToken,
)
from cipherkit.rooms.storage import GONE_WORDS, RoomRow, SeatRow, Storage, token_digest

__all__ = ["MAX_NAME", "Seating", "Transactions", "bot_seats", "clean_name", "default_bot"]

MAX_NAME = 40
"""The longest display name, in characters."""

_BIDI_CONTROLS = frozenset("\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")
_INVISIBLE = frozenset("\u115f\u1160\u17b4\u17b5\u180e\u2800\u3164\uffa0")
"""Letters and symbols that print as nothing (Hangul fillers, the blank Braille pattern...)."""


def default_bot(game: str) -> str:
    """The bot spec a room uses for ``game`` when none is named: the first of the game's
    ``GameSpec.default_bots`` that is registered, else ``random``.

    >>> default_bot("decipher"), default_bot("intercept"), default_bot("mission")
    ('solver', 'ck', 'planner')
    """
    known = set(bot_names(game))
    return next((b for b in get_game(game).default_bots if b in known), "random")


def clean_name(name: object) -> str:
    """A display name made safe: trimmed, inner spaces squeezed, 1-40 characters, no
    control characters. Raises :class:`~cipherkit.rooms.errors.BadName`.

    >>> clean_name("  Ada   Lovelace ")
    'Ada Lovelace'
    >>> clean_name("Ada\\x00")
    Traceback (most recent call last):
    ...
    cipherkit.rooms.errors.BadName: a name cannot hold control characters
    >>> clean_name("A\\u200bda")
    Traceback (most recent call last):
    ...
    cipherkit.rooms.errors.BadName: a name cannot hold invisible characters: ...
    """
    if not isinstance(name, str):
        raise BadName.say("a name must be text")
    text = unicodedata.normalize("NFC", name)
    for char in text:
        if unicodedata.category(char) in ("Cc", "Cs", "Co", "Cn") or char in _BIDI_CONTROLS:
            raise BadName.say("a name cannot hold control characters")
        if unicodedata.category(char) == "Cf" or char in _INVISIBLE:
            raise BadName.say(
                "a name cannot hold invisible characters: type it with visible letters only"
            )
    text = " ".join(text.split())
    if not text:
        raise BadName.say("a name needs at least one letter")
    if len(text) > MAX_NAME:
        raise BadName.say(
            "a name has at most {max_name} characters, not {len}", max_name=MAX_NAME, len=len(text)
        )
    return text


def bot_seats(game: str, bots: Mapping[Any, Any] | Iterable[Any], seats: int) -> dict[int, str]:
    """Seat -> bot spec from seat numbers (each gets :func:`default_bot`) or a mapping
    seat -> spec (``None``: the default).

    >>> bot_seats("decipher", [1], 2), bot_seats("decipher", {0: "random"}, 2)
    ({1: 'solver'}, {0: 'random'})
    """
    if isinstance(bots, str):
        raise CipherkitError.say("bots must be seat numbers or a mapping seat -> bot")
    pairs = bots.items() if isinstance(bots, Mapping) else ((seat, None) for seat in bots)
    chosen: dict[int, str] = {}
    for seat, spec in pairs:
        try:
            number = int(seat)
        except (TypeError, ValueError):
            raise CipherkitError.say("bot seat {seat!r} is not a seat number", seat=seat) from None
        if not 0 <= number < seats:
            raise CipherkitError.say(
                "no seat {number}: this {game} room has seats 0 to {value}",
                number=number,
                game=game,
                value=seats - 1,
            )
        chosen[number] = str(spec) if spec else default_bot(game)
    return chosen


@dataclass(frozen=True)
class Seating:
    """A person's seat as a join or a resume gives it (the token in clear, once)."""

    room_id: str
    code: str
    seat: int
    token: str = field(repr=False)
    name: str


@dataclass
class _Change:
    """One change under way: its connection, and whether the cached session was touched
    (then a failure forgets it, so the next read rebuilds it from the store)."""

    conn: Connection
    started: bool = False


class Transactions:
    """The changes to rooms: each one transaction under the room's lock."""

    @contextlib.contextmanager
    def _changing(self, room_id: str) -> Iterator[_Change]:
        """One write transaction under the room's lock; a failure after the cached
        session was touched forgets that session."""
        with self.cache.lock(room_id):
            change = _Change(self.storage.conn())
            try:
                with change.conn.transaction(write=True):
                    yield change
            except BaseException:
                if change.started:
                    self.cache.forget(room_id)
                raise

    def __init__(self, storage: Storage, cache: SessionCache) -> None:
        self.storage = storage
        self.cache = cache

    # ------------------------------------------------------------ rooms
    def create(
        self,
        game: str,
        config: Mapping[str, Any] | None,
        bots: Mapping[int, str | None] | Iterable[int],
        seed: int | None,
        held: bool = False,
    ) -> str:
        """A new open room (see :meth:`Store.create_room`); its id. A ``held`` room
        waits for :meth:`start`: people may join, nobody (no bot either) moves."""
        spec = get_game(game)
        if config is not None and not isinstance(config, Mapping):
            raise ConfigError.say("{name}: a config is a mapping of options", name=spec.name)
        try:
            seats = spec.seats(config)
        except (TypeError, ValueError):
            raise ConfigError.say(
                "{name}: players must be a whole number", name=spec.name
            ) from None
        by_seat = bot_seats(spec.name, bots, seats)
        if seed is None:
            seed = int.from_bytes(os.urandom(8), "big") >> 1
        if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < 2**63:
            raise CipherkitError.say("a room's seed is a whole number from 0 to 2**63 - 1")
        try:
            config_json = None if config is None else json.dumps(dict(config), sort_keys=True)
        except (TypeError, ValueError):
            raise CipherkitError.say(
                "a room's config must be JSON (give a mission as a dict or a path)"
            ) from None
        stored_config = None if config_json is None else json.loads(config_json)
        session = Session(spec.name, stored_config, seed=seed, bots=by_seat, people_decide=True)
        if not held:
            session.step_bots()
        actions = session.record.actions
        conn = self.storage.conn()
        now = time.time()
        for _ in range(16):
            row = RoomRow(
                id=secrets.token_hex(6),
                code=new_code(),
                game=spec.name,
                config=stored_config,
                seed=seed,
                version=len(actions),
                rngs={str(k): v for k, v in session.bot_states().items()},
                status="open",
                outcome=None if session.outcome is None else session.outcome.to_json(),
                created=now,
                updated=now,
                held=held,
            )
            try:
                with conn.transaction(write=True):
                    self.storage.insert_room(conn, row, by_seat, seats, actions)
            except self.storage.db.integrity_errors:  # the id or the code is taken: again
                continue
            self.cache.keep(row.id, session)
            return row.id
        raise StoreError.say("could not find a free room code")  # pragma: no cover

    def close(self, room_id: str) -> None:
        """Close the room: no more joining, resuming or acting; the record stays. Every
        page waiting on the room hears of it at once (the room's stamp moves)."""
        self.storage.close_room(room_id)

    def start(self, room_id: str) -> int:
        """Let a held room start: the bots whose turn it is move at once. Returns the
        room's version (a room already started is left as it is)."""
        with self._changing(room_id) as change:
            conn = change.conn
            row = self._open_row(conn, room_id)
            if not row.held:
                return row.version
            self.storage.set_held(conn, room_id, False)
            session = self.cache.session(conn, row)
            change.started = True
            session.step_bots()
            self._store_actions(conn, row, session)
        return session.version

    def give_away(
        self, room_id: str, seat: Seat, *, reserve: str | None, reason: str | None = None
    ) -> str | None:
        """The teacher takes a person's seat back: their token stops working (and says
        so when used). ``reserve``: the name the seat now waits for (the same student
        on a new device, or another); ``None`` frees it for anyone (the student is
        removed, or ``reason`` ``switched``: moved to another seat). Returns the name
        that held the seat."""
        if reserve is not None:
            reserve = clean_name(reserve)
        with self.cache.lock(room_id):
            conn = self.storage.conn()
            with conn.transaction(write=True):
                self._open_row(conn, room_id)
                reason = reason or ("moved" if reserve is not None else "removed")
                return self.storage.give_away(conn, room_id, int(seat), reason, reserve)

    def rename(self, room_id: str, seat: Seat, name: str) -> str | None:
        """The teacher renames the person in ``seat`` (a name nobody else in the room
        has); the name they had, ``None`` if nobody sits there."""
        name = clean_name(name)
        with self.cache.lock(room_id):
            conn = self.storage.conn()
            with conn.transaction(write=True):
                self._open_row(conn, room_id)
                for held in self.storage.seats(conn, room_id):
                    if held.seat != int(seat) and (held.name or "").casefold() == name.casefold():
                        raise BadName.say(
                            "someone called {name} already plays in this room", name=held.name
                        )
                return self.storage.rename(conn, room_id, int(seat), name)

    # ------------------------------------------------------------ people
    def join(self, code: str, name: str, seat: int | None, team: str | None) -> Seating:
        """Take a free seat of the open room with join ``code`` (see :meth:`Store.join`)."""
        name = clean_name(name)
        if team is not None:
            team = str(team).strip().lower()[:20]
        room_id = self.storage.find_open_code(code)
        token = secrets.token_urlsafe(32)
        digest = token_digest(token)
        with self.cache.lock(room_id):
            conn = self.storage.conn()
            with conn.transaction(write=True):
                row = self.storage.row(conn, room_id, lock=True)
                if row is None or not row.open:
                    raise UnknownCode.say(
                        "no open room with code {normalize_code}",
                        normalize_code=normalize_code(code),
                    )
                taken = {s.seat: s for s in self.storage.seats(conn, room_id)}
                for held in taken.values():
                    person = held.bot is None and held.token_hash is not None and held.name
                    if person and str(held.name).casefold() == name.casefold():
                        raise BadName.say(
                            "someone called {name} already plays in room "
                            "{code}: add a letter to your name",
                            name=held.name,
                            code=row.code,
                        )
                if seat is not None:
                    chosen = _pick_seat(row, taken, seat)
                    if team is not None and not self._team_seats(conn, row, team, [chosen]):
                        raise SeatUnavailable.say(
                            "seat {chosen} is not on team {team}", chosen=chosen, team=team
                        )
                else:
                    kept = [s for s, held in taken.items() if held.free and held.reserved]
                    free = [s for s, held in taken.items() if held.free_for(name)]
                    if team is not None:
                        free = self._team_seats(conn, row, team, free)
                    # a seat kept for this name is theirs first
                    free.sort(key=lambda s: s not in kept)
                    if not free:
                        raise RoomFull(
                            say("room {code} is full", code=row.code)
                            if team is None
                            else say("team {team} of room {code} is full", team=team, code=row.code)
                        )
                    chosen = free[0]
                taken_now = self.storage.take_seat(conn, room_id, chosen, name, digest)
                if not taken_now:  # pragma: no cover - the room lock makes this rare
                    raise SeatUnavailable.say(
                        "seat {chosen} of room {code} was just taken", chosen=chosen, code=row.code
                    )
        return Seating(room_id, row.code, chosen, token, name)

    def _team_seats(self, conn: Connection, row: RoomRow, team: str, seats: list[int]) -> list[int]:
        names = teams(self.cache.session(conn, row).state)
        if names is None:
            raise SeatUnavailable.say("{game} has no teams", game=row.game)
        if team not in names:
            known = ", ".join(dict.fromkeys(names))
            raise SeatUnavailable.say(
                "no team {team!r} in room {code} (teams: {known})",
                team=team,
                code=row.code,
                known=known,
            )
        return [s for s in seats if names[s] == team]

    def resume(self, token: str) -> Seating:
        """The seat a resume token holds (see :meth:`Store.resume`)."""
        if not isinstance(token, str) or not 16 <= len(token) <= 128:
            raise UnknownToken.say("this resume token holds no seat")
        found = self.storage.token_seat(token_digest(token))
        if found is None:
            self.explain_gone(token_digest(token))
            raise UnknownToken.say(
                "this resume token holds no seat (unknown, or the seat was freed)"
            )
        room_id, seat, name, code, status = found
        if status != "open":
            raise RoomClosed.say("room {code} is closed", code=code)
        return Seating(room_id, code, seat, token, name)

    def explain_gone(self, digest: str) -> None:
        """Raise :class:`SeatGone` in plain words if the teacher took this token's seat."""
        gone = GONE_WORDS.get(self.storage.gone_reason(digest) or "")
        if gone:
            raise SeatGone.say(gone)

    def free_seat(self, room_id: str, seat: Seat) -> None:
        """Give a person's seat up: its token stops working, someone else may join."""
        self.storage.free_seat(room_id, int(seat))

    def leave(self, room_id: str, seat: Seat) -> None:
        """Show the seat as not connected (its token still resumes it)."""
        self.storage.seen(room_id, int(seat), None)

    # ------------------------------------------------------------ acting
    def act(
        self, room_id: str, seat: Seat, text: str, *, digest: str | None, version: int | None
    ) -> int:
        """Apply ``seat``'s action and the bots' answers in one transaction; return the
        room's new version. ``digest``: the token that must hold the seat (``None``:
        the server acts). ``version``: act only at this version (:class:`StaleVersion`)."""
        if not isinstance(text, str):
            raise CipherkitError.say("an action is given as its text, e.g. 'play 3'")
        with self._changing(room_id) as change:
            conn = change.conn
            row = self._open_row(conn, room_id)
            if digest is not None:
                try:
                    self.storage.check_token(conn, room_id, seat, digest)
                except UnknownToken:
                    self.explain_gone(digest)
                    raise
            if row.held:
                raise IllegalAction.say("the game starts when your teacher starts it")
            if version is not None and version != row.version:
                raise StaleVersion(version, row.version)
            session = self.cache.session(conn, row)
            session.apply(seat, text)  # IllegalAction: nothing changed
            change.started = True
            session.step_bots()
            self._store_actions(conn, row, session)
        return session.version

    def fill_bots(
        self, room_id: str, spec: str | None, only: Sequence[int] | None = None
    ) -> tuple[list[int], int | None]:
        """Give every free seat of the open room to a bot and let the bots answer, in one
        transaction (see :meth:`Room.fill_with_bots`): the seats given and the room's new
        version (``None``: nothing changed)."""
        with self._changing(room_id) as change:
            conn = change.conn
            row = self._open_row(conn, room_id)
            bot = str(spec) if spec else default_bot(row.game)
            make_bot(row.game, bot)  # an unknown bot is refused before any change
            seats = self.storage.seats(conn, room_id)
            free = [s.seat for s in seats if s.free and s.reserved is None]
            if only is not None:
                free = [s for s in free if s in set(only)]
            if not free or row.outcome is not None:
                return [], None
            self.storage.give_to_bot(conn, room_id, free, bot)
            change.started = True
            self.cache.forget(room_id)  # rebuilt with the new bots, as elsewhere
            session = self.cache.session(conn, row)
            if not row.held:  # a held room's bots move when the teacher starts
                session.step_bots()
            self._store_actions(conn, row, session)
        return free, session.version

    def _open_row(self, conn: Connection, room_id: str) -> RoomRow:
        row = self.storage.row(conn, room_id, lock=True)
        if row is None:
            raise UnknownRoom.say("no room {room_id!r}", room_id=room_id)
        if not row.open:
            raise RoomClosed.say("room {code} is closed", code=row.code)
        return row

    def _store_actions(self, conn: Connection, row: RoomRow, session: Session) -> None:
        """Store the session's actions since ``row.version`` and its bots' streams."""
        self.storage.append_actions(
            conn,
            row,
            [(s, t, session.players[s].is_bot) for s, t in session.record.actions[row.version :]],
            version=session.version,
            rngs=session.bot_states(),
            outcome=None if session.outcome is None else session.outcome.to_json(),
        )


def _pick_seat(row: RoomRow, taken: Mapping[int, SeatRow], seat: object) -> int:
    if isinstance(seat, bool) or not isinstance(seat, int) or seat not in taken:
        raise SeatUnavailable.say(
            "room {code} has no seat {seat!r} (seats 0 to {value})",
            code=row.code,
            seat=seat,
            value=len(taken) - 1,
        )
    if taken[seat].bot is not None:
        raise SeatUnavailable.say(
            "seat {seat} of room {code} is played by a bot", seat=seat, code=row.code
        )
    if taken[seat].token_hash is not None:
        raise SeatUnavailable.say("seat {seat} of room {code} is taken", seat=seat, code=row.code)
    return seat
