"""Where a table's game lives: a local session, a saved solo room, or a room seat.

Design notes: ``docs/design-notes.md``, ``cipherkit.widgets.table_backend``.

>>> from cipherkit.core.session import Session
>>> local = LocalBackend(Session("decipher", {"first_player": 0}, seed=7, bots={1: "random"}), 0)
>>> moment = local.moment()
>>> moment.version, moment.actors, moment.outcome, bool(moment.legal)
(0, [0], None, True)
>>> local.act("skip")
Traceback (most recent call last):
...
cipherkit.widgets.guard.Refused: illegal: column 1 has no card yet: on your first turn you must ...
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable
from contextlib import AbstractContextManager
from dataclasses import dataclass, field
from typing import Any, Protocol, TypeAlias

from cipherkit.core.errors import IllegalAction, message_of
from cipherkit.core.protocol import Outcome
from cipherkit.core.record import Record
from cipherkit.core.session import LoggedEvent, Session
from cipherkit.i18n import N_, Message, _
from cipherkit.rooms import ReadOnly, RoomError, SeatHandle, Spectator, UnknownToken
from cipherkit.rooms.solo import SoloGame
from cipherkit.widgets.guard import Refused
from cipherkit.widgets.saved import act_saved

__all__ = [
    "LIVE_TIMEOUT",
    "LocalBackend",
    "Moment",
    "MoveHooks",
    "RoomBackend",
    "RoomHandle",
    "SavedBackend",
    "TableBackend",
    "seat_names",
]


def seat_names(seats: list[dict[str, Any]]) -> list[str]:
    """Each seat of a room's ``info()["seats"]`` by its display name, in the language in
    force: the person's name, ``"Robot 1"``, ``"Robot 2"``... for the bots (not their
    ids, nor the store's ``"solver bot"``), or ``"a free seat"`` while nobody sits there.

    >>> seats = [{"name": "Ada", "bot": None}, {"name": "solver bot", "bot": "solver"},
    ...          {"name": None, "bot": None}]
    >>> seat_names(seats)
    ['Ada', 'Robot 1', 'a free seat']
    >>> from cipherkit.i18n import speaking
    >>> with speaking("ru"):
    ...     seat_names(seats)
    ['Ada', 'Робот 1', 'свободное место']
    """
    names = []
    robots = 0
    for entry in seats:
        name, bot = entry.get("name"), entry.get("bot")
        if bot and (not name or name == f"{bot} bot"):
            robots += 1
            names.append(_("Robot {n}", n=robots))
        else:
            names.append(str(name) if name else _("a free seat"))
    return names


RoomHandle: TypeAlias = SeatHandle | Spectator
"""A page's hold on a room: a person's seat (``store.join`` / ``store.resume``) or a
spectator's (``store.spectate``)."""

LIVE_TIMEOUT = 3.0
"""Seconds one ``wait`` of the live thread lasts before it looks again (at who sits in
the room, and whether the table is still open)."""

_log = logging.getLogger(__name__)

NOTICES = {
    "closed": N_("This room has been closed, so the game stops here."),
    "held": N_("Everyone is sitting down: the game starts when your teacher says so."),
}
"""What a seat is told while its room cannot be played, by :meth:`RoomBackend.condition`."""


@dataclass(frozen=True)
class Moment:
    """One seat's side of a game at one version: everything a table draws.

    ``observation`` is exactly the game's ``observe(seat)`` (``"spectator"`` for a
    spectator), ``legal`` the seat's legal actions in text notation, ``log`` the public
    events, ``actors`` the seats that may act now, ``outcome`` the end (or ``None``).
    """

    version: int
    observation: dict[str, Any]
    legal: list[str]
    log: list[LoggedEvent] = field(default_factory=list)
    actors: list[int] = field(default_factory=list)
    outcome: Outcome | None = None
    open: bool = True


class MoveHooks(Protocol):
    """What a backend calls back on the table while it takes a move (a table's own
    checks before the rules', and its "thinking" views around the bots' answers)."""

    def check_local_action(self, text: str, seat: int | None) -> tuple[str, int]:
        """The text to play and the seat that plays it, at a local or saved table."""

    def check_room_action(self, text: str, seat: int | None) -> None:
        """A table's own check of a move at a room seat."""

    def before_bots(self) -> None:
        """The bots of this kernel are about to move."""

    def after_bots(self) -> None:
        """The bots of this kernel have moved."""


class TableBackend(Protocol):
    """What a table needs of the place its game lives (see the module docstring)."""

    game: str
    seat: int | None
    lock: AbstractContextManager[Any]
    """Held while a move is taken and its view published (the live thread waits)."""

    @property
    def session(self) -> Session | None:
        """The game's session in this kernel (``None``: a room's is in the store)."""

    @property
    def solo(self) -> SoloGame | None:
        """The saved game behind the table (``None``: not saved)."""

    @property
    def room(self) -> RoomBackend | None:
        """The room seat the table plays (``None``: not a room)."""

    def moment(self, facts: bool = True) -> Moment:
        """The seat's side of the game now (``facts=False``: a room backend may leave
        out who may act and the outcome, which cost it one more read)."""

    def act(self, text: str) -> None:
        """The seat's move (its text); the bots answer. Refused with the reason."""

    def move(self, text: str, seat: int | None, hooks: MoveHooks) -> None:
        """The page's move ``text`` (for ``seat``, if the page named one), checked by the
        table's ``hooks`` first, then by the rules; the bots answer."""

    def new_game_refusal(self) -> str:
        """Why the page may not deal a new game now (``""``: it may)."""

    def names(self) -> list[str]:
        """Each seat's display name."""

    def bots(self) -> list[str | None]:
        """Each seat's bot spec, ``None`` for a person."""

    @property
    def record(self) -> Record | None:
        """The game's record, kernel only (``None`` where the kernel has none)."""

    @property
    def token(self) -> str | None:
        """The saved game's resume token, once stored (``None`` elsewhere)."""

    def listen(self, on_change: Callable[[int], None], after: int) -> None:
        """Call ``on_change(version)`` from a background thread when others move on from
        version ``after`` (rooms), once per change the table has not drawn yet."""

    def close(self) -> None:
        """Stop listening; the game stays where it is."""


class LocalBackend:
    """A game in a :class:`~cipherkit.core.session.Session` of this kernel; the person
    plays ``seat`` and the session's bots answer each move at once."""

    room: RoomBackend | None = None
    """None: not a room."""

    def __init__(self, session: Session, seat: int) -> None:
        self.session: Session = session
        self.game = session.game
        self.seat: int | None = seat
        self.lock: AbstractContextManager[Any] = threading.RLock()

    @property
    def solo(self) -> SoloGame | None:
        """None: not saved."""
        return None

    def moment(self, facts: bool = True) -> Moment:
        """The seat's side of the session now."""
        session, seat = self.session, self.seat
        assert seat is not None
        return Moment(
            session.version,
            session.view(seat),
            session.legal_texts(seat),
            list(session.log),
            session.actors(),
            session.outcome,
        )

    def act(self, text: str) -> None:
        """Check and apply the move (the rules' reason if refused), then the bots'."""
        self.apply(text)
        self.step_bots()

    def apply(self, text: str, seat: int | None = None) -> None:
        """Check and apply one person's move only (``seat``: default, the table's);
        refused with the rules' reason."""
        session = self.session
        seat = self.seat if seat is None else seat
        assert seat is not None
        if session.is_over:
            raise Refused("illegal: " + _("the game is over"))
        try:
            session.apply(seat, text)
        except IllegalAction as exc:
            raise Refused("illegal: " + exc.reason) from None

    def step_bots(self) -> None:
        """Let the bots move until the person must act or the game is over."""
        self.session.step_bots()

    def move(self, text: str, seat: int | None, hooks: MoveHooks) -> None:
        """The table's check, the rules', the move; then the bots, between the table's
        "thinking" hooks."""
        text, acting = hooks.check_local_action(text, seat)
        self.apply(text, acting)
        hooks.before_bots()
        self.step_bots()
        hooks.after_bots()

    def new_game_refusal(self) -> str:
        """Only once this game is over."""
        return "" if self.session.is_over else "illegal: finish this game first"

    def names(self) -> list[str]:
        """The seats' names: the config's, else "you" and "<bot> bot"."""
        return [
            p.name
            or ("you" if p.seat == self.seat else f"{p.bot} bot" if p.bot else f"seat {p.seat + 1}")
            for p in self.session.players
        ]

    def bots(self) -> list[str | None]:
        """Each seat's bot spec (``None``: a person)."""
        return [p.bot for p in self.session.players]

    @property
    def record(self) -> Record | None:
        """The session's record."""
        return self.session.record

    @property
    def token(self) -> str | None:
        """None: a local game is not saved."""
        return None

    def listen(self, on_change: Callable[[int], None], after: int) -> None:
        """Nothing to follow: only this table moves a local game."""

    def close(self) -> None:
        """Nothing to stop."""


class SavedBackend(LocalBackend):
    """A :class:`~cipherkit.rooms.solo.SoloGame`: stored from the first move on, its
    bots answering in the store; :attr:`token` resumes it after a reload."""

    def __init__(self, solo: SoloGame) -> None:
        super().__init__(solo.session, solo.seat)
        self._solo = solo

    @property
    def solo(self) -> SoloGame | None:
        """The stored game."""
        return self._solo

    def act(self, text: str) -> None:
        """The move, to the store (the bots answer there); refused with the reason."""
        try:
            act_saved(self._solo, text)
        finally:
            self.session = self._solo.session

    def move(self, text: str, seat: int | None, hooks: MoveHooks) -> None:
        """The table's check, then the move to the store (the bots answer there)."""
        text, _acting = hooks.check_local_action(text, seat)
        self.act(text)

    def new_game_refusal(self) -> str:
        """Never refused: a saved game may be given up at any time."""
        return ""

    @property
    def token(self) -> str | None:
        """The resume token, once the game is stored."""
        return self._solo.token


class RoomBackend:
    """A seat (or a spectator: ``seat`` is ``None``) of a room, read and moved through
    the store; :meth:`listen` follows the other seats' moves.

    The seat is the handle's: the page never names one. :meth:`moment` reads the seat's
    observation, legal actions and the public log in one read; :meth:`act` sends a move
    to the store (which runs the bots, exactly once); a background thread waits for the
    room to change and tells the table each version it has not drawn yet, so every page
    shows the other seats' moves within a few tens of milliseconds, and its own once.

    >>> import tempfile
    >>> from cipherkit.rooms import open_store
    >>> folder = tempfile.TemporaryDirectory()
    >>> store = open_store(f"sqlite:///{folder.name}/rooms.db")
    >>> room = store.create_room("decipher", {"first_player": 0}, seed=7)
    >>> ada = RoomBackend(store.join(room.code, "Ada"))
    >>> bo = RoomBackend(store.join(room.code, "Bo"))
    >>> ada.seat, bo.seat, ada.names()
    (0, 1, ['Ada', 'Bo'])
    >>> moment = ada.moment()
    >>> moment.version, moment.observation == room.session().view(0), bool(moment.legal)
    (0, True, True)
    >>> bo.moment().legal
    []
    >>> store.close(); folder.cleanup()
    """

    session: Session | None = None
    solo: SoloGame | None = None
    record: Record | None = None
    """None: the room's record stays in the store."""
    token: str | None = None
    """None: a room seat's token is the lobby's business."""

    def __init__(self, handle: RoomHandle) -> None:
        self.handle = handle
        self.seat: int | None = handle.seat
        self.code: str = handle.code
        record = handle.store.room(handle.room_id).record()  # kernel only: the true config
        self.game: str = record.game
        self.config: dict[str, Any] = dict(record.config or {})
        self.lock: AbstractContextManager[Any] = threading.RLock()
        self.shown = -1
        """The version of the last :meth:`moment` read: what the table draws now."""
        self.gone: Message | None = None
        """Why this seat's token no longer works (the teacher's doing), once known: a
        message (words where it is shown)."""
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        self._listeners: list[Callable[[int], None]] = []
        self._baseline: tuple[list[str] | None, str, int | None] = (None, "", None)

    def __repr__(self) -> str:
        return f"<RoomBackend {self.handle!r}>"

    @property
    def room(self) -> RoomBackend | None:
        """This room seat."""
        return self

    def watch_only(self) -> bool:
        """This seat is no longer this page's (the teacher moved or removed the student):
        from now on read the room as a spectator does, so the page keeps no hidden
        information (a hand, a team's keywords, a code). ``False``: the room is gone."""
        try:
            self.handle = self.handle.store.spectate(self.code)
        except Exception:
            return False
        self.seat = None
        return True

    # ------------------------------------------------------------------ reading
    def moment(self, facts: bool = True) -> Moment:
        """The seat's snapshot, with who may act and the outcome from the room's facts
        (one more read, left out with ``facts=False``)."""
        snap = self.handle.snapshot()
        info = self.info() if facts else {}
        version = int(snap["version"])
        self.shown = max(self.shown, version)
        return Moment(
            version,
            snap["observation"],
            list(snap["legal"]) if self.seat is not None else [],
            list(snap["log"]),
            [int(s) for s in info.get("actors", [])],
            Outcome.from_json(info.get("outcome")),
            bool(snap["open"]),
        )

    def observation(self) -> dict[str, Any]:
        """The seat's observation now (the table's drawing is left as it is)."""
        return dict(self.handle.snapshot()["observation"])

    def info(self) -> dict[str, Any]:
        """The room's public facts (:meth:`~cipherkit.rooms.Room.info`)."""
        return dict(self.handle.info())

    def names(self) -> list[str]:
        """Each seat's display name in plain words (:func:`seat_names`)."""
        return seat_names(self.info()["seats"])

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
    def act(self, text: str) -> None:
        """Send the seat's move to the store; a refusal is a :class:`Refused` for the page."""
        with self.lock:
            try:
                self.handle.act(text)
            except IllegalAction as exc:
                raise Refused("illegal: " + self.in_names(exc.reason)) from None
            except ReadOnly:
                raise Refused("illegal: " + _("a spectator watches and cannot move")) from None
            except RoomError as exc:
                raise Refused("refused: " + str(exc)) from None

    def move(self, text: str, seat: int | None, hooks: MoveHooks) -> None:
        """The table's check, then the move to the store (the rules are checked there,
        and the bots answer there)."""
        hooks.check_room_action(text, seat)
        self.act(text)

    def new_game_refusal(self) -> str:
        """Always: a room plays one game."""
        return "illegal: a room plays one game: make a new room to play again"

    # ------------------------------------------------------------------ live
    def listen(self, on_change: Callable[[int], None], after: int) -> None:
        """Call ``on_change(version)`` from a background thread whenever the room's
        version goes above ``after`` and above what the table draws (:attr:`shown`), or
        someone joins or leaves a seat, or the room closes or starts."""
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

    def also_tell(self, callback: Callable[[int], None]) -> None:
        """Also call ``callback(version)`` (from the live thread) on every change the
        table is told of: the lobby redraws who sits where."""
        self._listeners.append(callback)

    def notice(self) -> str:
        """A sentence for the seat when the room cannot be played now, else ``""``:
        closed by the teacher, waiting for the teacher's start, or the seat given to
        another device or taken back (the store's own plain words)."""
        condition, reason = self.condition()
        if condition in ("gone", "error"):
            return f"{reason}."
        return _(NOTICES[condition]) if condition else ""

    def condition(self) -> tuple[str, Message | None]:
        """Why the room cannot be played now, as a key (``""``: it can): ``"gone"`` (the
        seat taken back: :attr:`gone`), ``"error"`` (the room cannot be read), ``"closed"``
        or ``"held"``; and the message of a gone seat or an error."""
        if self.gone is not None:
            return "gone", self.gone
        try:
            info = self.info()
        except RoomError as exc:
            return "error", message_of(exc)
        if info.get("status") != "open":
            return "closed", None
        if info.get("held"):
            return "held", None
        return "", None

    def _run(self, on_change: Callable[[int], None], after: int) -> None:
        seen = after
        last_names, last_notice, stamp = self._baseline
        while not self._stop.is_set():
            before = stamp  # the stamp moves without a move too (a timer extended)
            try:
                version = self.handle.wait(seen, timeout=LIVE_TIMEOUT, after_stamp=stamp)
                stamp = self._stamp_or_none()
            except UnknownToken as exc:  # the teacher gave the seat away: say so, stop
                self.gone = message_of(exc)
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
            with self.lock:  # a move of this table is drawn by the time the lock is free
                drawn = max(seen, self.shown)
            if (
                version > drawn
                or (names is not None and names != last_names)
                or notice != last_notice
                or (stamp is not None and before is not None and stamp != before)
            ):
                last_names, last_notice = names, notice
                for callback in (on_change, *self._listeners):
                    try:
                        callback(version)
                    except Exception as exc:
                        _log.warning("room %s: update failed (%s)", self.code, type(exc).__name__)
            seen = max(drawn, version)
            if self.condition()[0] in ("gone", "closed"):
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

    def close(self) -> None:
        """Stop the live thread (it ends within :data:`LIVE_TIMEOUT` seconds); the room
        stays where it is."""
        self._stop.set()

    @property
    def live(self) -> bool:
        """Whether the thread that follows the room's changes is running."""
        return self._thread is not None and self._thread.is_alive() and not self._stop.is_set()
