"""A game one person plays against bots, kept in a room store so that a reload resumes it.

At the person's first move the game becomes a **solo room** (same config and seed, the
page's bots in the other seats); the page keeps the seat's resume token, and
:meth:`SoloGame.resume` rebuilds the game from it, refusing any room that is not a solo
room of the page's game. The whole design: docs/rooms.md, "Solo games".
"""

from __future__ import annotations

import datetime as _dt
import json
from collections.abc import Callable, Mapping
from typing import Any

from cipherkit.core.errors import CipherkitError
from cipherkit.core.record import Record
from cipherkit.core.registry import get_game
from cipherkit.core.session import Session
from cipherkit.rooms.errors import RoomError, StaleVersion, StoreUnreachable, UnknownToken
from cipherkit.rooms.store import SeatHandle, Store

__all__ = [
    "CAMPAIGN_NAME",
    "KEEP_SECONDS",
    "NOT_FOUND",
    "PLAYER_NAME",
    "SAVED_UNREACHABLE",
    "SoloGame",
]

KEEP_SECONDS = 30 * 24 * 3600.0
"""A solo game untouched for this long (30 days) is not resumed: a fresh game starts."""

PLAYER_NAME = "you"
"""The name the person's seat of a solo room is given."""

CAMPAIGN_NAME = "you, in a campaign"
"""The person's name in a campaign's missions: a mission page's game (which may be
played again) is never taken for a campaign's (which may not), nor the other way."""

NOT_FOUND = "Your saved game could not be found, so this is a new game."
"""What a page says when the token it kept resumes nothing (one sentence, no detail)."""

SAVED_UNREACHABLE = (
    "The rooms' database is not answering just now, so your saved game cannot be fetched: "
    "this is a new game (reload the page in a while to get the saved one back)."
)
"""What a page says when the store does not answer as it looks for the saved game (the
page keeps its token)."""


def _json(config: Mapping[str, Any] | None) -> dict[str, Any] | None:
    return None if config is None else json.loads(json.dumps(dict(config), sort_keys=True))


class SoloGame:
    """One person against bots; stored in ``store`` from the first move on.

    Parameters
    ----------
    store:
        The room store that keeps the game (a page's: ``$CIPHERKIT_STORE``).
    game, config, seed:
        The game as :class:`~cipherkit.core.session.Session` takes them.
    bots:
        Seat -> bot spec for every seat but the person's (exactly one seat is left).
    name:
        The person's seat's name in the room: :data:`PLAYER_NAME` or
        :data:`CAMPAIGN_NAME`; :meth:`resume` wants the same.

    Examples
    --------
    >>> import tempfile
    >>> from cipherkit.rooms import open_store
    >>> store = open_store(f"sqlite:///{tempfile.mkdtemp()}/rooms.db")
    >>> game = SoloGame(store, "decipher", {"first_player": 0}, seed=7, bots={1: "random"})
    >>> game.token is None, game.seat                       # nothing stored before a move
    (True, 0)
    >>> play = next(t for t in game.legal() if t.startswith("play"))
    >>> game.act(play)
    >>> again = SoloGame.resume(store, game.token, "decipher")
    >>> again.session.record.actions == game.session.record.actions
    True
    >>> SoloGame.try_resume(store, "forged-token-0123456789", "decipher") is None
    True
    >>> store.close()
    """

    def __init__(
        self,
        store: Store,
        game: str,
        config: Mapping[str, Any] | None,
        *,
        seed: int,
        bots: Mapping[int, str],
        name: str = PLAYER_NAME,
    ) -> None:
        spec = get_game(game)
        self.name = name
        self.store = store
        self.game = spec.name
        self.config = _json(config)
        self.seed = int(seed)
        self.bots = {int(s): str(b) for s, b in bots.items()}
        people = [s for s in range(spec.seats(self.config)) if s not in self.bots]
        if len(people) != 1:
            raise CipherkitError.say(
                "a solo game has exactly one person's seat; bots play the rest"
            )
        self.seat: int = people[0]
        self.handle: SeatHandle | None = None
        self.unsaved = False
        """Whether moves were played here that the store does not hold yet (it did
        not answer): they are stored at the next move after it answers."""
        self.session = self._session()
        self.session.step_bots()  # as the store will, when it creates the room

    def _session(self) -> Session:
        return Session(self.game, self.config, seed=self.seed, bots=self.bots, people_decide=True)

    def __repr__(self) -> str:  # never the token
        where = "unsaved" if self.handle is None else f"room {self.handle.room_id}"
        return f"<SoloGame {self.game} {where} at {self.session.version}>"

    # ------------------------------------------------------------------ facts
    @property
    def token(self) -> str | None:
        """The resume token (``None`` until the first move stores the game)."""
        return None if self.handle is None else self.handle.token

    @property
    def stored(self) -> bool:
        """Whether the game is kept in the store yet (it is from the first move on)."""
        return self.handle is not None

    def legal(self) -> list[str]:
        """The person's legal actions now, as text."""
        return self.session.legal_texts(self.seat)

    # ------------------------------------------------------------------ acting
    def act(self, text: str) -> None:
        """The person's move: stored (with the bots' answers) and applied to
        :attr:`session`. Raises :class:`~cipherkit.core.errors.IllegalAction` (nothing
        changes) or a :class:`~cipherkit.rooms.errors.RoomError`.

        A solo game needs no store to be played: while the store does not answer
        (:class:`~cipherkit.rooms.errors.StoreUnreachable`) the move is played here, the
        rules checking it and the bots answering as the store's would (same seed, same
        bots), and :attr:`unsaved` is set; the first move after the store answers again
        stores the moves played meanwhile first, each at its version (never twice).
        """
        try:
            self._store_unsaved()
            assert self.handle is not None
            self.handle.act(text)
            self._catch_up()
        except StoreUnreachable:
            self._play_here(text)

    def _store_unsaved(self) -> None:
        """Store the game if it is not yet, with the person's moves played here while
        the store did not answer (the store's bots answer them again, alike)."""
        if self.handle is None:
            room = self.store.create_room(self.game, self.config, bots=self.bots, seed=self.seed)
            self.handle = self.store.join(room.code, self.name, seat=self.seat)
            self.unsaved = True
        if not self.unsaved:
            return
        stored = self.handle.version
        for number, (seat, text) in enumerate(self.session.record.actions):
            if number >= stored and seat == self.seat:
                try:
                    self.handle.act(text, version=number)
                except StaleVersion:  # the store went on without this move: it wins
                    break
        self._catch_up()
        self.unsaved = False

    def _play_here(self, text: str) -> None:
        """The move and the bots' answers, in this kernel only (the store is down)."""
        self.session.apply(self.seat, text)  # IllegalAction: nothing changed
        self.session.step_bots()
        self.unsaved = True

    def _catch_up(self) -> None:
        """Bring :attr:`session` to the stored record (rebuilt if it went another way,
        e.g. the same game played on in another tab)."""
        assert self.handle is not None
        record = self.store.room(self.handle.room_id).record()
        mine = self.session.record.actions
        if record.actions[: len(mine)] != mine:
            self.session = self._session()
            mine = []
        self.session.replay(record.actions[len(mine) :])

    # ------------------------------------------------------------------ resuming
    @classmethod
    def resume(
        cls,
        store: Store,
        token: str,
        game: str,
        accept: Callable[[Record], bool] | None = None,
        *,
        name: str = PLAYER_NAME,
        max_age: float = KEEP_SECONDS,
    ) -> SoloGame:
        """The solo game ``token`` holds, rebuilt from ``store``.

        ``accept(record)`` is the page's own check (the same mission, the same number
        of players...); ``name``: the person's name the game was stored with. Raises
        :class:`~cipherkit.rooms.errors.UnknownToken` for a token that holds no seat, a
        room that is not a solo room of ``game`` stored under ``name``, one the page
        does not accept, or one older than ``max_age`` seconds.
        """
        handle = store.resume(token)  # UnknownToken, RoomClosed
        info = handle.info()
        bots = {int(s["seat"]): s["bot"] for s in info["seats"] if s.get("bot")}
        people = [int(s["seat"]) for s in info["seats"] if not s.get("bot")]
        if info["game"] != get_game(game).name or people != [handle.seat] or handle.name != name:
            raise UnknownToken.say("this token holds no solo game of this page")
        updated = _dt.datetime.fromisoformat(str(info["updated"])).timestamp()
        if _dt.datetime.now(_dt.UTC).timestamp() - updated > max_age:
            raise UnknownToken.say("this saved game has expired")
        record = store.room(handle.room_id).record()
        if accept is not None and not accept(record):
            raise UnknownToken.say("this token holds no solo game of this page")
        solo = cls.__new__(cls)
        solo.store = store
        solo.game = record.game
        solo.config = _json(record.config)
        solo.seed = int(record.seed)
        solo.bots = bots
        solo.name = name
        solo.seat = int(handle.seat)
        solo.handle = handle
        solo.unsaved = False
        solo.session = solo._session()
        try:
            solo.session.replay(record.actions)
        except CipherkitError:
            raise UnknownToken.say("this saved game no longer replays") from None
        return solo

    @classmethod
    def try_resume(
        cls,
        store: Store,
        token: str,
        game: str,
        accept: Callable[[Record], bool] | None = None,
        *,
        name: str = PLAYER_NAME,
    ) -> SoloGame | None:
        """:meth:`resume`, or ``None`` for any token that resumes nothing. A store that
        does not answer raises :class:`~cipherkit.rooms.errors.StoreUnreachable`: the
        token may well hold a game (a page keeps it, and says :data:`SAVED_UNREACHABLE`)."""
        try:
            return cls.resume(store, token, game, accept, name=name)
        except StoreUnreachable:
            raise
        except RoomError:
            return None
