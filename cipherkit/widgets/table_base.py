"""The part every table widget shares: the message guard, the three places a game lives,
the saved-game handshake, the new-game flow and publishing the view.

A table is a :class:`TableBase` subclass that supplies the game's view builder
(:meth:`TableBase.build_view`, from one :class:`~cipherkit.widgets.table_backend.Moment`
of the seat's side) and, where it has more than ``action`` and ``new_game``, its own
message checks. The base plays the game in one of three backends
(:mod:`cipherkit.widgets.table_backend`): local (a session of this kernel), saved (a solo
room, with ``save``) or a room seat (``room=handle``, live), and never asks which: what
they differ in is a method of each. Every rule of the page is the base's: nothing read
from a trait, every message checked, every refusal visible.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from typing import Any, ClassVar

from cipherkit.core.errors import CipherkitError, IllegalAction, message_of
from cipherkit.core.protocol import Action
from cipherkit.core.record import Record
from cipherkit.core.session import Session
from cipherkit.i18n import _
from cipherkit.rooms import (
    Store,
    StoreUnreachable,
    UnknownToken,
    default_store_url,
    open_store,
)
from cipherkit.rooms.solo import NOT_FOUND, PLAYER_NAME, SAVED_UNREACHABLE, SoloGame
from cipherkit.widgets.guard import SEED_ENV, GuardedWidget, Refused, check_envelope, default_seed
from cipherkit.widgets.saved import page_store, saved_token
from cipherkit.widgets.table_backend import (
    LocalBackend,
    Moment,
    RoomBackend,
    RoomHandle,
    SavedBackend,
    TableBackend,
)

__all__ = ["TableBase", "check_action_message", "open_page_store"]


def check_action_message(
    content: Any, buffers: Any, *, max_chars: int, max_text: int, example: str = "take 2"
) -> tuple[str, str | None]:
    """The page's ``action`` or ``new_game`` message as ``(kind, text)``; anything else
    is :class:`~cipherkit.widgets.guard.Refused` (``example``: an action, for the reason).

    >>> check_action_message({"type": "action", "text": "take 2"}, None, max_chars=99, max_text=9)
    ('action', 'take 2')
    >>> check_action_message({"type": "action", "text": ""}, None, max_chars=99, max_text=9)
    Traceback (most recent call last):
    ...
    cipherkit.widgets.guard.Refused: refused: an action is short text such as 'take 2'
    """
    content = check_envelope(content, buffers, max_chars)
    kind = content.get("type")
    if kind == "action":
        if set(content) != {"type", "text"}:
            raise Refused("refused: " + _("an action message has exactly the fields type and text"))
        text = content["text"]
        if not isinstance(text, str) or not 0 < len(text) <= max_text:
            raise Refused(
                "refused: " + _("an action is short text such as {example!r}", example=example)
            )
        return "action", text
    if kind == "new_game":
        if set(content) != {"type"}:
            raise Refused("refused: " + _("a new_game message has only the field type"))
        return "new_game", None
    raise Refused("refused: " + _("unknown message type"))


def open_page_store(save: bool | Store) -> Store | None:
    """The store a page made with ``save`` keeps its games in (:func:`page_store`);
    opened patiently when the rooms' database does not answer (a page opened during
    an outage): the game is played in the kernel meanwhile and stored once it answers.

    >>> open_page_store(False) is None
    True
    """
    try:
        return page_store(save)
    except StoreUnreachable:  # only the page's own store (a given Store never raises)
        return open_store(default_store_url(), patient=True)


class TableBase(GuardedWidget):
    """A table widget: one seat's side of a game, in whichever backend holds it.

    Subclasses set :attr:`game` (``""``: any game) and implement :meth:`build_view`;
    a local table calls :meth:`_play_locally` from its constructor, a room's
    :meth:`_sit`. See the module docstring.

    Attributes
    ----------
    view:
        (synced) What the page draws: :meth:`build_view` of the seat's moment.
    message:
        (synced) The last refusal, such as ``"illegal: …"``; empty after a good move.
    """

    game: ClassVar[str] = ""
    turn_facts: ClassVar[bool] = False
    """Whether :meth:`build_view` reads the moment's ``actors`` and ``outcome`` (a room
    reads them once more per update; a game's own view has them in its observation)."""
    max_message_chars: ClassVar[int] = 300
    max_text_chars: ClassVar[int] = 160

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._backend: TableBackend | None = None
        self._store: Store | None = None
        self._finished: list[Record] = []
        self._serial = 0
        self._shown = -1
        self._notice = ""
        self._fixed_seed = False
        self._first_seed = 0
        self._game_name = self.game
        self._config: Mapping[str, Any] | None = None
        self._seat = 0
        self._bots: dict[int, str] = {}

    # ------------------------------------------------------------------ for subclasses
    def build_view(self, moment: Moment) -> dict[str, Any]:  # pragma: no cover - abstract
        """The view for one moment of the seat's side (a function of it alone)."""
        raise NotImplementedError

    def check_message(self, content: Any, buffers: Any) -> tuple[str, Any]:
        """``(kind, payload)`` of a page's message; the default knows ``action`` and
        ``new_game``. Raises :class:`~cipherkit.widgets.guard.Refused`."""
        return check_action_message(
            content, buffers, max_chars=self.max_message_chars, max_text=self.max_text_chars
        )

    def other_message(self, kind: str, payload: Any) -> None:
        """A message kind of the table's own (from :meth:`check_message`)."""
        raise Refused("refused: " + _("unknown message type"))

    def accepts(self, record: Record) -> bool:
        """Whether a stored game is one this table could have dealt (a saved token)."""
        return record.config == self._config

    def check_local_action(self, text: str, seat: int | None) -> tuple[str, int]:
        """A table's own check of a move at a local or saved table, before the rules':
        the text to play and the seat that plays it (``seat``: the one the page named,
        if any). Refuse with :class:`Refused`. Default: as sent, for the person's seat."""
        if seat is not None and seat != self._seat:
            raise Refused("illegal: " + _("you can only act for your own seat"))
        return text, self._seat

    def parse_move(self, text: str) -> Action:
        """The move's action, parsed by the game (bad notation refused with its reason)."""
        try:
            return self.session.parse(text)
        except IllegalAction as exc:
            raise Refused("illegal: " + exc.reason) from None

    def check_rules(self, seat: int, action: Action) -> None:
        """Refuse with the rules' reason if ``seat`` may not take ``action`` now."""
        try:
            self.session.state.check(seat, action)
        except IllegalAction as exc:
            raise Refused("illegal: " + exc.reason) from None

    def check_room_action(self, text: str, seat: int | None) -> None:
        """A table's own check of a move at a room seat (the store checks the rules)."""
        if seat is not None and seat != self.backend.seat:
            raise Refused("illegal: " + _("you can only act for your own seat"))

    def shows_saved(self) -> bool:
        """Whether the view says the game is kept on the server (New game at any time)."""
        return self._backend is not None and self._backend.solo is not None

    def after_bots(self) -> None:
        """Called at a local table once the bots have moved."""

    def after_act(self) -> None:
        """Called once the person's move was taken (before the view is published)."""

    def before_bots(self) -> None:
        """Called at a local table when the bots are about to move (a "thinking" view)."""

    def game_started(self) -> None:
        """Called when a game is dealt or resumed (a new backend is in place)."""

    def session_meta(self) -> dict[str, Any]:
        """What a local game's record keeps in its ``meta`` (who played what)."""
        return {}

    @property
    def saved_name(self) -> str:
        """The person's name in the stored game (a campaign's differs)."""
        return PLAYER_NAME

    # ------------------------------------------------------------------ setting up
    def _play_locally(
        self,
        game: str,
        config: Mapping[str, Any] | None,
        *,
        seat: int,
        bots: Mapping[int, str],
        seed: int | None,
        save: bool | Store | None,
    ) -> None:
        """Deal the first game of a local (or, with ``save``, saved) table."""
        self._game_name = game
        self._config = None if config is None else dict(config)
        self._seat = seat
        self._bots = {int(s): str(b) for s, b in bots.items()}
        self._store = open_page_store(save) if save else None
        self._fixed_seed = seed is not None or bool(os.environ.get(SEED_ENV, "").strip())
        self._first_seed = default_seed() if seed is None else int(seed)
        self._start_game()

    def _sit(self, handle: RoomHandle) -> None:
        """Play (or watch) a room through its seat handle; publish its moves live."""
        backend = RoomBackend(handle)
        if self.game and backend.game != self.game:
            raise CipherkitError.say(
                "a {game} table cannot sit in a {game2} room", game=self.game, game2=backend.game
            )
        self._game_name = backend.game
        self._backend = backend
        self.game_started()
        with self.speaking():
            self._notice = backend.notice()
            with backend.lock:
                self.publish()  # publish clears the message: the notice is said after it
            if self._notice:
                self.message = self._notice
            backend.listen(self._room_changed, after=self._shown)
            if backend.notice() != self._notice:  # started or closed before the thread looked
                self._room_changed()

    def _room_changed(self, version: int | None = None) -> None:
        """The room moved on to ``version`` (or someone sat, left, closed it): publish
        the seat's new view, or say why the room cannot be played now (and then only
        that: no turn line, no moves offered)."""
        room = self.room
        if room is None:
            return
        with self.speaking():
            self._follow_room(room)

    def _follow_room(self, room: RoomBackend) -> None:
        notice = room.notice()
        with room.lock:
            before, self._notice = self._notice, notice
            if room.gone is None:
                try:
                    self.publish()
                except UnknownToken as exc:  # the teacher gave the seat away
                    room.gone = message_of(exc)
                    notice = self._notice = room.notice()
                    if room.watch_only():  # what the seat saw is no longer shown
                        self.publish()
            # the room closed, waits for the teacher's start, or the seat was given
            # away: said in one sentence; a notice that no longer holds is taken down
            if notice:
                self.message = notice
            elif self.message == before:
                self.message = ""

    # ------------------------------------------------------------------ facts
    @property
    def backend(self) -> TableBackend:
        """Where the game lives (kernel only)."""
        assert self._backend is not None
        return self._backend

    @property
    def session(self) -> Session:
        """The current game's session (a local or saved table; kernel only)."""
        session = self.backend.session
        if session is None:
            raise CipherkitError.say("a room's table has no session in this kernel")
        return session

    @property
    def record(self) -> Record:
        """The current game's record (config, seed and actions; replays exactly)."""
        return self.session.record

    @property
    def records(self) -> list[Record]:
        """Every game played at this table, the current one last."""
        return [*self._finished, self.record]

    @property
    def saved(self) -> SoloGame | None:
        """The stored game behind a table made with ``save`` (kernel only)."""
        return None if self._backend is None else self._backend.solo

    @property
    def room(self) -> RoomBackend | None:
        """The room seat this table plays (``None``: a local game)."""
        return None if self._backend is None else self._backend.room

    @property
    def game_number(self) -> int:
        """Which game of this table is being played (from 1)."""
        return len(self._finished) + 1

    # ------------------------------------------------------------------ messages
    def _handle(self, content: Any, buffers: Any) -> None:
        token = saved_token(content, buffers)
        if token is not None:
            self.saved_message(token)
            return
        kind, payload = self.check_message(content, buffers)
        if kind == "new_game":
            self.new_game_requested()
        elif kind == "action":
            text, seat = payload if isinstance(payload, tuple) else (payload, None)
            self._act(text, seat)
        else:
            self.other_message(kind, payload)

    def _act(self, text: str, seat: int | None) -> None:
        backend = self.backend
        was_kept = backend.token
        with backend.lock:  # a room's live thread sees the move drawn, not new
            backend.move(text, seat, self)
            self.after_act()
            self.publish()
        if backend.token is not None and backend.token != was_kept:
            self.token_stored(backend.token)

    def new_game_requested(self) -> None:
        """The page asked for a new game: refused in a room and while a local game is
        on; a saved game may be given up at any time (the page forgets its token)."""
        backend = self.backend
        refusal = backend.new_game_refusal()
        if refusal:
            raise Refused(refusal)
        self._start_game()
        if backend.solo is not None:  # a saved game given up: the page forgets its token
            self.send({"type": "forget"})

    # ------------------------------------------------------------------ saved games
    def token_stored(self, token: str) -> None:
        """The game was stored by the move just made: the page is to keep ``token``."""
        self.send({"type": "keep", "token": token})

    def saved_message(self, token: str) -> None:
        """The page drew the table and sent the token it keeps: resume that game, or
        say in one sentence that it was not found (and keep the fresh deal)."""
        solo = self.saved
        if solo is None or self._store is None:
            return  # not saving (a notebook, a room): nothing to say
        if token and token != solo.token:
            try:
                resumed = self.resume(token)
            except StoreUnreachable:  # the token may well hold a game: the page keeps it
                self.message = SAVED_UNREACHABLE
                return
            if not resumed:
                self.send({"type": "forget"})
                self.message = NOT_FOUND
                return
        kept = self.saved.token if self.saved is not None else None
        self.send({"type": "keep", "token": kept} if kept else {"type": "forget"})

    def resume(self, token: str) -> bool:
        """Show the stored game ``token`` holds instead of this one; ``False`` (and
        nothing changes) if it holds none this table accepts. Raises
        :class:`~cipherkit.rooms.StoreUnreachable` while the store does not answer."""
        if self._store is None:
            return False
        found = SoloGame.try_resume(
            self._store, token, self._game_name, accept=self.accepts, name=self.saved_name
        )
        if found is None or found.seat != self._seat:
            return False
        self._backend = SavedBackend(found)
        self.game_started()
        self.publish()
        return True

    # ------------------------------------------------------------------ game flow
    def _next_seed(self) -> int:
        games = len(self._finished) + (self._backend is not None)
        if self._fixed_seed:
            return self._first_seed + games
        return self._first_seed if not games else default_seed()

    def _start_game(self) -> None:
        seed = self._next_seed()
        if self._backend is not None:
            self._finished.append(self.record)
        if self._store is not None:  # kept in the store from the first move
            solo = SoloGame(
                self._store,
                self._game_name,
                self._config,
                seed=seed,
                bots=self._bots,
                name=self.saved_name,
            )
            self._backend = SavedBackend(solo)
            self.game_started()
        else:
            session = Session(
                self._game_name, self._config, seed=seed, bots=self._bots, people_decide=True
            )
            session.meta = self.session_meta()
            backend = self._backend = LocalBackend(session, self._seat)
            self.game_started()
            self.before_bots()
            backend.step_bots()
            self.after_bots()
        self.publish()

    def publish(self) -> None:
        """Clear the last refusal and send the seat's new view, in one update."""
        with self.speaking():
            self._publish()

    def _publish(self) -> None:
        moment = self.backend.moment(facts=self.turn_facts)
        self._shown = moment.version
        self._serial += 1
        view = self.build_view(moment)
        if self.shows_saved():  # kept on the server: New game at any time
            view["saved"] = True
        if self._notice:  # closed, waiting for the start, moved or removed: that alone
            view |= {"turn_line": "", "announce": self._notice}
            view |= {k: "" for k in ("status", "turn") if k in view}
            view |= {"legal": []} if "legal" in view else {}
        with self.hold_sync():
            self.message = ""
            self.view = view

    def close(self) -> None:
        """Stop following a room, then close the widget."""
        if self._backend is not None:
            self._backend.close()
        super().close()
