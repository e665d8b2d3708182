"""Where a table's game lives: a local session, a saved solo room, or a room seat.

A table widget draws one seat's side of a game and sends that seat's moves; it does not
care where the game is kept. :class:`TableBackend` is what it needs, and three classes
provide it:

* :class:`LocalBackend`: a :class:`~cipherkit.core.session.Session` in the kernel, the
  bots answering at once (``people_decide``: a decision the person shares is theirs);
* :class:`SavedBackend`: a :class:`~cipherkit.rooms.solo.SoloGame`, stored in the
  page's room store from the first move on (a reload resumes it);
* :class:`RoomBackend`: a seat (or a spectator) of a room, through
  :class:`~cipherkit.widgets.room_seat.RoomSeat`, live.

Each reads a :class:`Moment`: the seat's observation, its legal actions as text, the
public log, who may act and the outcome, all at one version and all public to that seat.
A refused move is a :class:`~cipherkit.widgets.guard.Refused` with the rules' reason.

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

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Protocol

from cipherkit.core.errors import IllegalAction
from cipherkit.core.protocol import Outcome
from cipherkit.core.record import Record
from cipherkit.core.session import LoggedEvent, Session
from cipherkit.rooms.solo import SoloGame
from cipherkit.widgets.guard import Refused
from cipherkit.widgets.room_seat import RoomSeat
from cipherkit.widgets.saved import act_saved

__all__ = ["LocalBackend", "Moment", "RoomBackend", "SavedBackend", "TableBackend"]


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


class TableBackend(Protocol):
    """What a table needs of the place its game lives (see the module docstring)."""

    game: str
    seat: int | None

    def moment(self, facts: bool = True) -> Moment:
        """The seat's side of the game now (``facts=False``: a room backend may leave
        out who may act and the outcome, which cost it one more read)."""

    def act(self, text: str) -> None:
        """The seat's move (its text); the bots answer. Refused with the reason."""

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

    def listen(self, on_change: Callable[[], None], after: int) -> None:
        """Call ``on_change()`` from a background thread when others move on from
        version ``after`` (rooms)."""

    def close(self) -> None:
        """Stop listening; the game stays where it is."""


class LocalBackend:
    """A game in a :class:`~cipherkit.core.session.Session` of this kernel; the person
    plays ``seat`` and the session's bots answer each move at once."""

    def __init__(self, session: Session, seat: int) -> None:
        self.session = session
        self.game = session.game
        self.seat: int | None = seat

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
            raise Refused("illegal: the game is over")
        try:
            session.apply(seat, text)
        except IllegalAction as exc:
            raise Refused(f"illegal: {exc.reason}") from None

    def step_bots(self) -> None:
        """Let the bots move until the person must act or the game is over."""
        self.session.step_bots()

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

    def listen(self, on_change: Callable[[], None], after: int) -> None:
        """Nothing to follow: only this table moves a local game."""

    def close(self) -> None:
        """Nothing to stop."""


class SavedBackend(LocalBackend):
    """A :class:`~cipherkit.rooms.solo.SoloGame`: stored from the first move on, its
    bots answering in the store; :attr:`token` resumes it after a reload."""

    def __init__(self, solo: SoloGame) -> None:
        super().__init__(solo.session, solo.seat)
        self.solo = solo

    def act(self, text: str) -> None:
        """The move, to the store (the bots answer there); refused with the reason."""
        try:
            act_saved(self.solo, text)
        finally:
            self.session = self.solo.session

    @property
    def token(self) -> str | None:
        """The resume token, once the game is stored."""
        return self.solo.token


class RoomBackend:
    """A seat (or a spectator: ``seat`` is ``None``) of a room, read and moved through
    the store; :meth:`listen` follows the other seats' moves."""

    def __init__(self, handle: Any) -> None:
        self.room = handle if isinstance(handle, RoomSeat) else RoomSeat(handle)
        self.game = self.room.game
        self.seat = self.room.seat

    def moment(self, facts: bool = True) -> Moment:
        """The seat's snapshot, with who may act and the outcome from the room's facts
        (one more read, left out with ``facts=False``)."""
        snap = self.room.snapshot()
        info = self.room.info() if facts else {}
        return Moment(
            snap.version,
            snap.observation,
            snap.legal if self.seat is not None else [],
            snap.log,
            [int(s) for s in info.get("actors", [])],
            Outcome.from_json(info.get("outcome")),
            snap.open,
        )

    def act(self, text: str) -> None:
        """The seat's move, to the store; refused with the reason."""
        with self.room.lock:
            self.room.act(text)

    def names(self) -> list[str]:
        """The people's names and the bots', as the room shows them."""
        return self.room.names()

    def bots(self) -> list[str | None]:
        """Each seat's bot spec (``None``: a person's seat)."""
        return self.room.bots()

    @property
    def record(self) -> Record | None:
        """None: the room's record stays in the store."""
        return None

    @property
    def token(self) -> str | None:
        """None: a room seat's token is the lobby's business."""
        return None

    def listen(self, on_change: Callable[[], None], after: int) -> None:
        """Call ``on_change()`` whenever the room moves on from ``after`` or someone
        sits or leaves."""
        self.room.watch(lambda _version: on_change(), after=after)

    def close(self) -> None:
        """Stop the live thread."""
        self.room.stop()
