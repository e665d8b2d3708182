"""Play intercept (the Decrypto rules) with bot teammates against bot opponents.

:class:`InterceptTable` is an anywidget in the pattern of the other tables: synced
:attr:`~InterceptTable.view` and :attr:`~InterceptTable.message` traits and one ES
module (``intercept_table.js``). One person sits at ``seat`` (White by default);
bots play every other seat: the person's teammates and the other team (or, with three
players, the lone Interceptor or the team the person intercepts).

* As **Encryptor** the person types three clues; every clue is checked live as it is
  typed (``{"type": "check", "text": ...}``: the kernel checks it against the person's
  own team's keywords and clues and answers with the reasons), then given with
  ``{"type": "action", "text": "clue ..."}`` (checked again).
* As **guesser** the person's bot teammate gives the clues and the person picks the code
  (``guess 3.1.4``); from round 2 the person also intercepts the other team's code.
  Bot teammates leave the team's guesses to the person.
* The note sheet (clues filed under keyword numbers), tokens, the round flow, the
  tiebreakers (points, then each team guessing the other's keywords) and the 3-player
  variant are shown.

In a room (``room=`` a seat handle) the table plays that seat; given a spectator
handle it shows the spectator's view (``observe("spectator")``: clues read, codes
revealed, tokens, round and phase; no keyword, no code before the end) and refuses
every move.

How it stays honest: as for the other tables, the rules live in the kernel, the view is
built from ``state.observe(seat)`` only (:mod:`cipherkit.widgets.intercept_view`), every
message is parsed into an action, checked and applied or refused with a visible
message, and forged trait updates are reset. The other team's keywords, its code, the
person's own team's code while a bot encrypts and the codes left in the decks are never
in a synced trait before the end.

Examples
--------
>>> table = InterceptTable(players=4, seat=0, bots="random", seed=2)
>>> table.view["you"]["role"], len(table.view["code"]), table.view["teams"][1]["keywords"]
('encryptor', 3, None)
>>> word = table.view["keywords"][0]
>>> table.handle_message({"type": "check", "text": word})
>>> table.view["check"]["ok"], table.view["check"]["reason"] == f"uses the keyword {word!r}"
(False, True)
>>> table.handle_message({"type": "action", "text": f"clue {word}"})
>>> table.message == f"illegal: the clue {word!r} uses the keyword {word!r}"
True
"""

from __future__ import annotations

import os
import pathlib
from collections.abc import Sequence
from typing import Any

import traitlets

from cipherkit.core.errors import CipherkitError, IllegalAction, NotationError
from cipherkit.core.record import Record
from cipherkit.core.registry import make_bot
from cipherkit.core.session import Session
from cipherkit.games.intercept import InterceptState, check_clue
from cipherkit.games.intercept.actions import Guess, make_clue
from cipherkit.games.intercept.rules import make_config
from cipherkit.rooms.solo import NOT_FOUND, SoloGame
from cipherkit.widgets.guard import SEED_ENV, GuardedWidget, Refused, check_envelope, default_seed
from cipherkit.widgets.intercept_view import build_view
from cipherkit.widgets.room_seat import RoomSeat
from cipherkit.widgets.saved import act_saved, page_store, saved_token

__all__ = ["InterceptTable", "check_message", "table_config"]

MAX_MESSAGE_CHARS = 300
MAX_TEXT_CHARS = 160
BOT_NAMES = ("Ada", "Boris", "Chen", "Dara", "Eli", "Fay", "Gus", "Hana")
_HERE = pathlib.Path(__file__).parent


def check_message(content: Any, buffers: Any = None) -> tuple[str, str | None]:
    """Validate a message from the page: ``("action", text)``, ``("check", text)`` or
    ``("new_game", None)``; raise :class:`Refused` otherwise.

    >>> check_message({"type": "check", "text": "parasol"})
    ('check', 'parasol')
    >>> check_message({"type": "check", "text": "x", "seat": 1})
    Traceback (most recent call last):
    ...
    cipherkit.widgets.guard.Refused: refused: a check message has exactly the \
fields type and text
    """
    content = check_envelope(content, buffers, MAX_MESSAGE_CHARS)
    kind = content.get("type")
    if kind in ("action", "check"):
        if set(content) != {"type", "text"}:
            raise Refused(
                f"refused: a{'n' * (kind == 'action')} {kind} message has exactly "
                "the fields type and text"
            )
        text = content["text"]
        if (
            not isinstance(text, str)
            or len(text) > MAX_TEXT_CHARS
            or (kind == "action" and not text)
        ):
            raise Refused("refused: the text must be a short string")
        return kind, text
    if kind == "new_game":
        if set(content) != {"type"}:
            raise Refused("refused: a new_game message has only the field type")
        return "new_game", None
    raise Refused("refused: unknown message type")


def table_config(
    players: int,
    seat: int,
    *,
    names: Sequence[str] | None = None,
    keywords: dict[str, list[str]] | None = None,
    alternate_first: bool = False,
    no_repeat_codes: bool = False,
    max_rounds: int | None = None,
) -> dict[str, Any]:
    """The intercept config of a table (no sand timer: bots write at once)."""
    if names is None:
        bots = iter(BOT_NAMES)
        names = ["You" if s == seat else next(bots) for s in range(players)]
    return make_config(
        {
            "players": players,
            "names": list(names),
            "keywords": keywords,
            "alternate_first": alternate_first,
            "no_repeat_codes": no_repeat_codes,
            "max_rounds": max_rounds,
            "timer": False,
        }
    )


class InterceptTable(GuardedWidget):
    """An intercept table for one person and bots; see the module docstring.

    Parameters
    ----------
    players:
        3 (the variant: a team of two against one Interceptor) or 4-8.
    seat:
        The person's seat. Seats alternate White (even) and Black (odd); with three
        players seats 0 and 1 are the team and seat 2 the Interceptor.
    bots:
        An intercept bot name for :func:`~cipherkit.core.registry.make_bot` (``"ck"``,
        ``"baseline"``, ``"random"``).
    seed:
        Seed of the first game; ``None`` reads ``CIPHERKIT_SEED`` or draws a random one.
    names, keywords, alternate_first, no_repeat_codes, max_rounds:
        Passed to the game's config (``keywords`` fixes the words, for lessons).
    save:
        Keep the game in the page's room store from the first move on, so that a reload
        resumes it (:mod:`cipherkit.widgets.saved`): ``True`` for the page's store
        (``$CIPHERKIT_STORE``) or a :class:`~cipherkit.rooms.Store`. *New game* then
        starts over at any time.
    """

    _esm = _HERE / "intercept_table.js"
    _css = _HERE / "intercept_table.css"

    label = "intercept table"
    error_text = "error: something went wrong in the kernel; nothing was done"

    view = traitlets.Dict().tag(sync=True)

    def __init__(
        self,
        players: int = 4,
        seat: int = 0,
        bots: str = "ck",
        seed: int | None = None,
        *,
        names: Sequence[str] | None = None,
        keywords: dict[str, list[str]] | None = None,
        alternate_first: bool = False,
        no_repeat_codes: bool = False,
        max_rounds: int | None = None,
        room: Any = None,
        save: Any = False,
        **kwargs: Any,
    ) -> None:
        super().__init__(**kwargs)
        self._solo: SoloGame | None = None
        self._store = None if room is not None or not save else page_store(save)
        self._room: RoomSeat | None = None
        self._shown = -1
        self._check: dict[str, Any] | None = None
        self._serial = 0
        self._finished: list[Record] = []
        self._session: Session | None = None
        if room is not None:
            self._sit(room)
            return
        if not isinstance(players, int) or isinstance(players, bool) or not 3 <= players <= 8:
            raise CipherkitError("intercept is for 3 to 8 players")
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < players:
            raise CipherkitError(f"seat must be a seat number from 0 to {players - 1}")
        self._config = table_config(
            players,
            seat,
            names=names,
            keywords=keywords,
            alternate_first=alternate_first,
            no_repeat_codes=no_repeat_codes,
            max_rounds=max_rounds,
        )
        self.seat = seat
        self.bot_name = bots
        self._bot_seats = [s for s in range(players) if s != seat]
        make_bot("intercept", bots)  # an unknown bot is an error now, not later
        self._fixed_seed = seed is not None or bool(os.environ.get(SEED_ENV, "").strip())
        self._first_seed = default_seed() if seed is None else int(seed)
        self._start_game()

    # ------------------------------------------------------------------ public
    @property
    def session(self) -> Session:
        """The current game's :class:`~cipherkit.core.session.Session` (kernel only)."""
        assert self._session is not None
        return self._session

    @property
    def record(self) -> Record:
        """The record of the game being played now."""
        return self.session.record

    @property
    def records(self) -> list[Record]:
        """Every game played at this table, the current one last."""
        return [*self._finished, self.record]

    @property
    def state(self) -> InterceptState:
        """The true game state. Kernel only: never synced."""
        return self.session.state  # type: ignore[return-value]

    def _handle(self, content: Any, buffers: Any) -> None:
        token = saved_token(content, buffers)
        if token is not None:
            self._saved(token)
            return
        kind, text = check_message(content, buffers)
        if self._room is not None:
            assert kind == "new_game" or text is not None
            with self._room.lock:
                if kind == "new_game":
                    raise Refused("illegal: a room plays one game: make a new room to play again")
                if kind == "check":
                    self._check_clue(text)  # type: ignore[arg-type]
                    return
                self._room.act(text)  # type: ignore[arg-type]
                self._check = None
                self._room_changed()
            return
        if kind == "new_game":
            if self._solo is not None:  # a saved game may be given up at any time
                self._start_game()
                self.send({"type": "forget"})
                return
            if not self.session.is_over:
                raise Refused("illegal: finish this game first")
            self._start_game()
        elif kind == "check":
            assert text is not None
            self._check_clue(text)
        else:
            assert text is not None
            self._human_act(text)

    def view_of(self, state: InterceptState) -> dict[str, Any]:
        """The view for ``state``: a function of the person's observation (and of the
        live clue check, which reads the same observation)."""
        return build_view(
            state.observe(self.seat),
            seat=self.seat,
            bots=[None if s == self.seat else self.bot_name for s in range(state.players)],
            check=self._check,
            game_number=len(self._finished) + 1,
            serial=self._serial,
        )

    # ------------------------------------------------------------------ saved
    @property
    def saved(self) -> SoloGame | None:
        """The stored game behind a table made with ``save`` (kernel only)."""
        return self._solo

    def _accepts(self, record: Record) -> bool:
        """Whether a stored game is one this table could have dealt (same players and
        names: the person's seat named as at this table)."""
        config = record.config if isinstance(record.config, dict) else {}
        return config.get("players") == self._config["players"] and config.get("names") == list(
            self._config["names"]
        )

    def _saved(self, token: str) -> None:
        """The page drew the table and sent the token it keeps: resume that game, or
        say in one sentence that it was not found (and keep the fresh deal)."""
        solo = self._solo
        if solo is None or self._store is None:
            return  # not saving (a notebook, a room): nothing to say
        if token and token != solo.token:
            found = SoloGame.try_resume(self._store, token, "intercept", accept=self._accepts)
            if found is None or found.seat != self.seat:
                self.send({"type": "forget"})
                self.message = NOT_FOUND
                return
            self._solo = solo = found
            self._session = found.session
            self._check = None
            self._show()
        self.send({"type": "keep", "token": solo.token} if solo.token else {"type": "forget"})

    def _solo_act(self, text: str) -> None:
        """A saved game's move: to the store (the bots answer there), then shown."""
        solo = self._solo
        assert solo is not None
        try:
            stored_now = act_saved(solo, text)
        finally:
            self._session = solo.session
        self._check = None
        self._show()
        if stored_now and solo.token:
            self.send({"type": "keep", "token": solo.token})

    # ------------------------------------------------------------------ rooms
    @property
    def room(self) -> RoomSeat | None:
        """The room seat this table plays (``None``: a local game with bots)."""
        return self._room

    def _sit(self, handle: Any) -> None:
        room = RoomSeat(handle)
        if room.game != "intercept":
            raise CipherkitError(f"an intercept table cannot sit in a {room.game} room")
        self._room = room
        # None for a spectator: only the room's paths read it, and RoomSeat refuses moves
        self.seat = room.seat  # type: ignore[assignment]
        self.bot_name = "room"
        self._room_changed()
        room.watch(lambda _version: self._room_changed(), after=self._shown)

    def _room_observation(self) -> dict[str, Any]:
        """The seat's observation, with the people's names for the config's names."""
        room = self._room
        assert room is not None
        return self._named(room, room.snapshot().observation)

    @staticmethod
    def _named(room: RoomSeat, obs: dict[str, Any]) -> dict[str, Any]:
        obs = {**obs, "names": room.names()}
        if isinstance(obs.get("log"), list):
            obs["log"] = [room.in_names(x) if isinstance(x, str) else x for x in obs["log"]]
        return obs

    def _room_changed(self) -> None:
        """Publish the seat's view (the room moved on, or the clue check changed)."""
        room = self._room
        assert room is not None
        with room.lock:
            snap = room.snapshot()
            self._shown = snap.version
            self._serial += 1
            view = build_view(
                self._named(room, snap.observation),
                seat=room.seat,
                bots=room.bots(),
                check=self._check,
                game_number=1,
                serial=self._serial,
            )
            view["room"] = {"code": room.code}
            clock = room.info().get("clock")
            if clock:  # the server keeps the sand timer (cipherkit.rooms)
                left = max(1, round(float(clock["seconds_left"])))
                view["status"] = f"{view['status']} The sand timer runs out in {left} s."
                view["room"]["clock"] = {"seconds_left": float(clock["seconds_left"])}
            with self.hold_sync():
                self.message = ""
                self.view = view

    def close(self) -> None:
        if self._room is not None:
            self._room.stop()
        super().close()

    # ------------------------------------------------------------------ game flow
    def _next_seed(self) -> int:
        games = len(self._finished) + (self._session is not None)
        if self._fixed_seed:
            return self._first_seed + games
        return self._first_seed if not games else default_seed()

    def _start_game(self) -> None:
        seed = self._next_seed()
        if self._session is not None:
            self._finished.append(self._session.record)
        if self._store is not None:  # kept in the store from the first move
            self._solo = SoloGame(
                self._store,
                "intercept",
                self._config,
                seed=seed,
                bots=dict.fromkeys(self._bot_seats, self.bot_name),
            )
            self._session = self._solo.session
            self._check = None
            self._show()
            return
        self._session = Session(
            "intercept",
            self._config,
            seed=seed,
            bots=dict.fromkeys(self._bot_seats, self.bot_name),
            people_decide=True,  # a team's guess is the person's, not a bot team-mate's
        )
        self._session.meta = {"human_seat": self.seat, "bots": self.bot_name}
        self._check = None
        self._run_bots()
        self._show()

    def _check_clue(self, text: str) -> None:
        """Check a clue being typed, from the person's observation only."""
        obs = self.session.view(self.seat) if self._room is None else self._room_observation()
        if obs.get("role") != "encryptor":
            raise Refused("illegal: you are not writing clues now")
        team = obs["team"]
        team_index = list(obs["teams"]).index(team)
        earlier = [
            clue
            for record in obs["history"]
            if record["team"] == team_index
            for clue in record["clues"]
            if clue is not None
        ]
        earlier += list(obs["my_clues"] or [])
        if not text.strip():
            self._check = {"text": text, "ok": False, "reason": "", "errors": [], "warnings": []}
        else:
            try:
                make_clue(text)
                from cipherkit.games.intercept.vectors import default_vectors

                result = check_clue(text, obs["keywords"][team], earlier, vectors=default_vectors())
                self._check = {
                    "text": text,
                    "ok": result.ok,
                    "reason": result.reason,
                    "errors": [p.message for p in result.errors],
                    "warnings": [p.message for p in result.warnings],
                }
            except NotationError as exc:
                self._check = {
                    "text": text,
                    "ok": False,
                    "reason": str(exc),
                    "errors": [str(exc)],
                    "warnings": [],
                }
        if self._room is not None:
            self._room_changed()
        else:
            self._show()

    def _human_act(self, text: str) -> None:
        session = self.session
        if session.is_over:
            raise Refused("illegal: the game is over; press Play again")
        try:
            action = session.parse(text)
        except IllegalAction as exc:
            raise Refused(f"illegal: {exc.reason}") from None
        try:
            session.state.check(self.seat, action)
        except IllegalAction as exc:
            raise Refused(f"illegal: {exc.reason}") from None
        if isinstance(action, Guess) and action not in session.legal_actions(self.seat):
            raise Refused("illegal: that is not possible now")
        if self._solo is not None:
            self._solo_act(text)
            return
        session.apply(self.seat, action)
        self._check = None
        self._run_bots()
        self._show()

    def _run_bots(self) -> None:
        """Let the session play the bots until the person must act or the game is over;
        a guess the person's team shares is left to the person (``people_decide``)."""
        self.session.step_bots()

    def _show(self) -> None:
        with self.hold_sync():
            self.message = ""
            self._serial += 1
            view = self.view_of(self.state)
            if self._solo is not None:  # kept on the server: New game at any time
                view["saved"] = True
            self.view = view
