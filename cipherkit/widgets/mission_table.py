"""Play a mission at one screen: 1-4 players, bots optionally filling seats.

:class:`MissionTable` is an `anywidget <https://anywidget.dev>`_ in the pattern of
:class:`~cipherkit.widgets.DecipherTable`: a thin Python class with two synced traits
(:attr:`~MissionTable.view` and :attr:`~MissionTable.message`) and one ES module
(``mission_table.js``) beside it.

The page shows the map (click a room to step, reveal or use an ability there), the
console with its windows, the four action cards with their top values and blocks, the
hand of the seat holding the device, the discard pile, time and peril, an event log in
words and a Solve dialog where every other human seat confirms a proposed answer.

How it stays honest
-------------------
* The rules live in the kernel only, in a :class:`~cipherkit.core.session.Session` (the
  game, its record, the bot seats and their fallback). The page sends custom messages:
  ``{"type": "action", "text": "play 7 run"}`` (``"seat"`` added for a vote),
  ``{"type": "claim", "seat": 1}`` ("I am ...: show my hand") and
  ``{"type": "new_game"}``. The kernel parses an action with the mission game's
  :func:`~cipherkit.games.mission.parse_action`, checks it with ``state.check`` (which
  says why an action is illegal) and ``state.legal_actions``, and applies it; anything
  else is refused with a visible :attr:`~MissionTable.message` and changes nothing. The
  session applies the move and plays the bots until a person must act
  (:meth:`~cipherkit.core.session.Session.step_bots`).
* A trait update sent by the page is reset at once and reported.
* :attr:`~MissionTable.view` is built from ``state.observe(viewer)`` only
  (:mod:`cipherkit.widgets.mission_view`): unopened windows, the answer, stack and deck
  order and other hands are never in a synced trait before the end.
* **Pass the device**: with two or more human seats, when the turn passes to another
  human seat the view is built from the spectator's observation (no hand, no legal
  actions) until that player clicks "I am <name>: show my hand". The same happens
  while an answer is put to the vote. With one human seat its hand is always shown.

Seeds
-----
As for the Decipher table: ``seed=None`` reads ``CIPHERKIT_SEED`` or draws from
:func:`os.urandom`; game *k* of a table uses ``seed + k`` when the seed is fixed. The
seed and the bots' random streams stay in the kernel.

Examples
--------
>>> table = MissionTable(None, players=2, humans=[0], bots="random", seed=3)
>>> table.view["current"]["human"], table.view["locked_for"], len(table.view["hands"])
(True, None, 1)
>>> table.handle_message({"type": "action", "text": "step vault"})
>>> table.message
'illegal: step vault is not a main action: play a card (play 7 run), use your special \
action (special 3 9), end or pass'
>>> text = next(t for t in table.view["legal"] if t.endswith(" intel"))
>>> table.handle_message({"type": "action", "text": text})
>>> table.message, table.view["phase"]
('', 'intel')
"""

from __future__ import annotations

import logging
import os
import pathlib
from collections.abc import Callable, Iterable, Sequence
from typing import Any

import traitlets

from cipherkit.core.errors import CipherkitError, IllegalAction
from cipherkit.core.protocol import SPECTATOR, Action, Seat, Viewer
from cipherkit.core.record import Record
from cipherkit.core.registry import make_bot
from cipherkit.core.session import MAX_BOT_ACTIONS, Session
from cipherkit.games.mission import Mission, MissionState
from cipherkit.games.mission.actions import Propose
from cipherkit.games.mission.config import make_config, mission_from_config
from cipherkit.rooms.solo import CAMPAIGN_NAME, NOT_FOUND, PLAYER_NAME, SoloGame
from cipherkit.widgets.guard import SEED_ENV, GuardedWidget, Refused, check_envelope, default_seed
from cipherkit.widgets.mission_view import BoardArt, SeatInfo, build_view
from cipherkit.widgets.room_seat import RoomSeat
from cipherkit.widgets.saved import act_saved, page_store, saved_token

__all__ = ["MissionTable", "check_message", "table_config"]

MAX_MESSAGE_CHARS = 400
"""Longest JSON text of a message from the page that is even looked at."""

MAX_ACTION_CHARS = 120
"""Longest action text (a proposed answer is free text)."""

_HERE = pathlib.Path(__file__).parent
_log = logging.getLogger(__name__)


def _is_seat_number(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value < 4


def check_message(content: Any, buffers: Any = None) -> tuple[str, Any, int | None]:
    """Validate a message from the page.

    Returns ``("action", text, seat_or_None)``, ``("claim", None, seat)`` or
    ``("new_game", None, None)``; raises :class:`Refused` with a short reason otherwise.

    >>> check_message({"type": "action", "text": "confirm", "seat": 1})
    ('action', 'confirm', 1)
    >>> check_message({"type": "claim", "seat": "me"})
    Traceback (most recent call last):
    ...
    cipherkit.widgets.guard.Refused: refused: claim a seat by its number
    """
    content = check_envelope(content, buffers, MAX_MESSAGE_CHARS)
    kind = content.get("type")
    if kind == "action":
        if set(content) not in ({"type", "text"}, {"type", "text", "seat"}):
            raise Refused("refused: an action message has the fields type, text (and seat)")
        text = content["text"]
        if not isinstance(text, str) or not 0 < len(text) <= MAX_ACTION_CHARS:
            raise Refused("refused: an action is short text such as 'play 7 run'")
        seat = content.get("seat")
        if seat is not None and not _is_seat_number(seat):
            raise Refused("refused: a seat is a number from 0 to 3")
        return "action", text, seat
    if kind == "claim":
        if set(content) != {"type", "seat"}:
            raise Refused("refused: a claim message has the fields type and seat")
        if not _is_seat_number(content["seat"]):
            raise Refused("refused: claim a seat by its number")
        return "claim", None, content["seat"]
    if kind == "new_game":
        if set(content) != {"type"}:
            raise Refused("refused: a new_game message has only the field type")
        return "new_game", None, None
    raise Refused("refused: unknown message type")


def _human_seats(players: int, humans: int | Iterable[int] | None) -> tuple[int, ...]:
    if humans is None:
        return tuple(range(players))
    if isinstance(humans, bool):
        raise CipherkitError("humans must be a number of seats or a list of seat numbers")
    if isinstance(humans, int):
        if not 1 <= humans <= players:
            raise CipherkitError(f"humans must be from 1 to {players} (the number of players)")
        return tuple(range(humans))
    seats = sorted(set(humans))
    if not seats or not all(isinstance(s, int) and 0 <= s < players for s in seats):
        raise CipherkitError(
            f"humans must list at least one seat number from 0 to {players - 1}, not {humans!r}"
        )
    return tuple(seats)


def table_config(
    mission: Mission,
    players: int,
    *,
    characters: Sequence[str] | None = None,
    first_player: int | None = None,
    secrets: Sequence[str] = (),
) -> dict[str, Any]:
    """The mission game's config for a table (JSON: the mission is stored as its dict).

    With the same seed, ``new_game(table_config(...), seed=seed)`` deals exactly the
    table's game, which is how tests know what is hidden.
    """
    return make_config(
        {
            "mission": mission.to_dict(),
            "players": players,
            "characters": None if characters is None else list(characters),
            "first_player": first_player,
            "secrets": list(secrets),
        }
    )


class MissionTable(GuardedWidget):
    """A mission game at one screen; see the module docstring.

    Parameters
    ----------
    mission:
        A path to a mission file, a :class:`~cipherkit.games.mission.Mission`, a mission
        dict, or ``None`` for the built-in demo. It is loaded in the kernel; nothing of
        it but its public part reaches the page.
    players:
        The number of seats (1-4), or a list of the players' names (one per seat).
    humans:
        Which seats people play: ``None`` (every seat), a number *n* (the first *n*
        seats) or a list of seat numbers. Bots play the others.
    bots:
        A mission bot name for :func:`~cipherkit.core.registry.make_bot`
        (``"planner"``, ``"planner:strong"``, ``"random"``).
    seed:
        Seed of the first game; ``None`` reads ``CIPHERKIT_SEED`` or draws a random one.
    characters, first_player:
        Passed to the game's config (default: the mission's first characters; the
        seeded deal picks who starts).
    secrets:
        Secret rules in play (a campaign's unlocks; :mod:`cipherkit.games.mission.secrets`).
    replay:
        Whether *Play again* deals a new game once the mission is over (``False`` in a
        campaign, where missions are not replayed).
    save:
        Keep the game in the page's room store from the first move on, so that a reload
        resumes it (:mod:`cipherkit.widgets.saved`; one person's seat only): ``True``
        for the page's store (``$CIPHERKIT_STORE``) or a :class:`~cipherkit.rooms.Store`.
        *New game* then starts over at any time (where *Play again* is allowed).

    Attributes
    ----------
    view:
        (synced) What the page draws: :func:`~cipherkit.widgets.mission_view.build_view`.
    message:
        (synced) The last refusal, such as ``"illegal: …"``; empty after a good move.
    """

    _esm = _HERE / "mission_table.js"
    _css = _HERE / "mission_table.css"

    label = "mission table"

    view = traitlets.Dict().tag(sync=True)

    def __init__(
        self,
        mission: Any = None,
        players: int | Sequence[str] = 2,
        humans: int | Iterable[int] | None = None,
        bots: str = "planner",
        seed: int | None = None,
        *,
        characters: Sequence[str] | None = None,
        first_player: int | None = None,
        secrets: Sequence[str] = (),
        replay: bool = True,
        room: Any = None,
        save: Any = False,
        **kwargs: Any,
    ) -> None:
        super().__init__(**kwargs)
        self._solo: SoloGame | None = None
        self._store = None if room is not None or not save else page_store(save)
        self.on_saved: Callable[[str], None] | None = None
        """Who gets the page's saved token instead of this table (a campaign)."""
        self.on_stored: Callable[[str], None] | None = None
        """Who is told the token once the game is stored (a campaign); default: the page."""
        self._room: RoomSeat | None = None
        self._shown = -1
        self._serial = 0
        self._finished: list[Record] = []
        self._session: Session | None = None
        self._holder: int | None = None
        if room is not None:
            self._sit(room)
            return
        if isinstance(players, str) or not isinstance(players, int | Sequence):
            raise CipherkitError("players must be a number of seats or a list of names")
        names = None if isinstance(players, int) else [str(n) for n in players]
        count = int(players) if isinstance(players, int) else len(players)
        if not 1 <= count <= 4:
            raise CipherkitError(f"a mission is for 1 to 4 players, not {count}")
        self._mission: Mission = mission_from_config(mission)
        self._config = table_config(
            self._mission,
            count,
            characters=characters,
            first_player=first_player,
            secrets=secrets,
        )
        self.humans: tuple[int, ...] = _human_seats(count, humans)
        self.bot_name = bots
        self._bot_seats = [s for s in range(count) if s not in self.humans]
        if self._store is not None and len(self.humans) != 1:
            raise CipherkitError("a saved mission table has one person's seat; bots play the rest")
        if self._bot_seats:
            make_bot("mission", bots)  # an unknown bot is an error now, not later
        chars = self._config["characters"]
        char_names = {c.id: c.name for c in self._mission.characters}
        seat_names = []
        for s in range(count):
            if names is not None:
                seat_names.append(names[s])
            else:
                mine = [char_names.get(cid, cid) for i, cid in enumerate(chars) if i % count == s]
                seat_names.append(" & ".join(mine))
        self.seats: tuple[SeatInfo, ...] = tuple(
            SeatInfo(s, seat_names[s], s in self.humans, None if s in self.humans else bots)
            for s in range(count)
        )
        self._art = BoardArt(self._mission)
        self._fixed_seed = seed is not None or bool(os.environ.get(SEED_ENV, "").strip())
        self._first_seed = default_seed() if seed is None else int(seed)
        self._replay = bool(replay)
        self._start_game()

    # ------------------------------------------------------------------ public
    @property
    def session(self) -> Session:
        """The current game's :class:`~cipherkit.core.session.Session` (kernel only)."""
        assert self._session is not None
        return self._session

    @property
    def record(self) -> Record:
        """The current game's record (config, seed and actions; replays exactly)."""
        return self.session.record

    @property
    def records(self) -> list[Record]:
        """Every game played at this table, the current one last."""
        return [*self._finished, self.record]

    @property
    def state(self) -> MissionState:
        """The true game state. Kernel only: never synced."""
        return self.session.state  # type: ignore[return-value]

    @property
    def mission(self) -> Mission:
        """The mission being played."""
        return self._mission

    @property
    def holder(self) -> int | None:
        """The human seat whose hand the view shows (``None``: the device is passed)."""
        return self._holder

    def _handle(self, content: Any, buffers: Any) -> None:
        token = saved_token(content, buffers)
        if token is not None:
            if self._solo is not None and self.on_saved is not None:
                self.on_saved(token)
            elif self._solo is not None:
                self._saved(token)
            return
        kind, text, seat = check_message(content, buffers)
        if self._room is not None:
            self._room_message(kind, text, seat)
            return
        if kind == "new_game":
            if self._solo is not None and self._replay:  # a saved game may be given up
                self._start_game()
                self.send({"type": "forget"})
                return
            if not self.session.is_over:
                raise Refused("illegal: finish this mission first")
            if not self._replay:
                raise Refused("illegal: missions are not replayed in a campaign: continue it")
            self._start_game()
        elif kind == "claim":
            assert seat is not None
            self._claim(seat)
        else:
            self._human_act(text, seat)

    # ------------------------------------------------------------------ saved
    @property
    def saved(self) -> SoloGame | None:
        """The stored game behind a table made with ``save`` (kernel only)."""
        return self._solo

    @property
    def _saved_name(self) -> str:
        """A mission that is not replayed is a campaign's: its stored games are kept
        apart from a mission page's (:data:`~cipherkit.rooms.solo.CAMPAIGN_NAME`)."""
        return PLAYER_NAME if self._replay else CAMPAIGN_NAME

    def accepts(self, record: Record) -> bool:
        """Whether a stored game is one this table could have dealt: the same mission,
        players and secret rules."""
        config = record.config if isinstance(record.config, dict) else {}
        mission = config.get("mission")
        return (
            isinstance(mission, dict)
            and mission.get("id") == self._mission.id
            and config.get("players") == len(self.seats)
            and sorted(config.get("secrets") or []) == sorted(self._config.get("secrets") or [])
        )

    def resume(self, token: str) -> bool:
        """Show the stored game ``token`` holds instead of this one; ``False`` (and
        nothing changes) if it holds none this table accepts."""
        if self._store is None:
            return False
        found = SoloGame.try_resume(
            self._store, token, "mission", accept=self.accepts, name=self._saved_name
        )
        if found is None or found.seat != self.humans[0]:
            return False
        self._solo = found
        self._session = found.session
        self._holder = found.seat
        self._show()
        return True

    def _saved(self, token: str) -> None:
        """The page drew the table and sent the token it keeps: resume that game, or
        say in one sentence that it was not found (and keep the fresh deal)."""
        solo = self._solo
        assert solo is not None
        if token and token != solo.token and not self.resume(token):
            self.send({"type": "forget"})
            self.message = NOT_FOUND
            return
        kept = self._solo.token if self._solo is not None else None
        self.send({"type": "keep", "token": kept} if kept else {"type": "forget"})

    def _solo_act(self, text: str) -> None:
        """A saved game's move: to the store (the bots answer there), then shown."""
        solo = self._solo
        assert solo is not None
        try:
            stored_now = act_saved(solo, text)
        finally:
            self._session = solo.session
        self._show()
        if stored_now and solo.token:
            if self.on_stored is not None:
                self.on_stored(solo.token)
            else:
                self.send({"type": "keep", "token": solo.token})

    # ------------------------------------------------------------------ rooms
    @property
    def room(self) -> RoomSeat | None:
        """The room seat this table plays (``None``: a local game at one screen)."""
        return self._room

    def _sit(self, handle: Any) -> None:
        room = RoomSeat(handle)
        if room.game != "mission":
            raise CipherkitError(f"a mission table cannot sit in a {room.game} room")
        self._room = room
        self._mission = mission_from_config(room.config.get("mission"))
        self._art = BoardArt(self._mission)
        self._replay = False
        self.bot_name = "room"
        self._seat_infos()
        self.humans = tuple(s.seat for s in self.seats if s.human)
        self._holder = room.seat
        self._room_changed()
        room.watch(lambda _version: self._room_changed(), after=self._shown)

    def _seat_infos(self) -> None:
        room = self._room
        assert room is not None
        self.seats = tuple(
            SeatInfo(s, name, bot is None, bot)
            for s, (name, bot) in enumerate(zip(room.names(), room.bots(), strict=True))
        )

    def _room_message(self, kind: str, text: Any, seat: int | None) -> None:
        """A page's message at a room seat: its own moves only, on its own screen."""
        room = self._room
        assert room is not None
        if kind == "new_game":
            raise Refused("illegal: a room plays one game: make a new room to play again")
        if kind == "claim":
            raise Refused("illegal: in a room each player has their own screen")
        if room.seat is None:
            raise Refused("illegal: a spectator watches and cannot move")
        if seat is not None and seat != room.seat:
            raise Refused("illegal: you can only act for your own seat")
        with room.lock:
            room.act(text)
            self._room_changed()

    def _room_changed(self) -> None:
        """Publish the seat's view: its own observation, hand and legal actions."""
        room = self._room
        assert room is not None
        with room.lock:
            snap = room.snapshot()
            self._shown = snap.version
            self._seat_infos()
            self._serial += 1
            legal = snap.legal if room.seat is not None and snap.open else []
            view = build_view(
                snap.observation,
                seats=self.seats,
                art=self._art,
                legal=legal,
                locked_for=None,
                game_number=1,
                serial=self._serial,
                suits=self._mission.deck.suits,
            )
            view["room"] = {"code": room.code}
            if view.get("vote"):  # each player confirms or rejects on their own screen
                for entry in view["vote"]["seats"]:
                    entry["mine"] = entry["seat"] == room.seat
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
                "mission",
                self._config,
                seed=seed,
                bots=dict.fromkeys(self._bot_seats, self.bot_name),
                name=self._saved_name,
            )
            self._session = self._solo.session
            self._holder = self.humans[0]
            self._show()
            return
        session = Session(
            "mission",
            self._config,
            seed=seed,
            bots=dict.fromkeys(self._bot_seats, self.bot_name),
            people_decide=True,
        )
        session.meta = {
            "humans": list(self.humans),
            "bots": self.bot_name,
            "names": [s.name for s in self.seats],
        }
        self._session = session
        self._holder = self.humans[0] if len(self.humans) == 1 else None
        self._run_bots()
        self._show()

    def _claim(self, seat: int) -> None:
        state = self.state
        if state.outcome is not None:
            raise Refused("illegal: the mission is over")
        if state.phase == "solve":
            raise Refused("illegal: an answer is put to the vote: confirm or reject it first")
        current = state.current_seat
        name = state.name(state.turn)
        if seat != current:
            who = self.seats[current].name
            raise Refused(f"illegal: it is {name}’s turn: only {who} may take the device")
        if seat not in self.humans:
            raise Refused(f"illegal: seat {seat} is played by a bot")
        if self._holder == seat:
            raise Refused(f"illegal: {self.seats[seat].name} already holds the device")
        self._holder = seat
        self._show()

    def _human_act(self, text: str, seat: int | None) -> None:
        session = self.session
        state = self.state
        if state.outcome is not None:
            raise Refused("illegal: the mission is over; press Play again")
        try:
            action = session.parse(text)
        except IllegalAction as exc:
            raise Refused(f"illegal: {exc.reason}") from None
        if state.phase == "solve":
            voters = [s for s in state.actors() if s in self.humans]
            if seat is None:
                if len(voters) != 1:
                    raise Refused("illegal: say which player confirms or rejects the answer")
                seat = voters[0]
            if seat not in self.humans:
                raise Refused(f"illegal: seat {seat} is played by a bot")
        else:
            actor = state.current_seat
            name = state.name(state.turn)
            if actor not in self.humans:
                raise Refused(f"illegal: it is {name}’s turn (a bot)")
            if self._holder != actor:
                who = self.seats[actor].name
                raise Refused(f"illegal: pass the device to {who} first: press “I am {who}”")
            if seat is not None and seat != actor:
                raise Refused(f"illegal: it is {name}’s turn")
            seat = actor
        self._check(seat, action)
        if self._solo is not None:
            self._solo_act(str(action))
            return
        session.apply(seat, action)
        self._run_bots()
        self._show()

    def _check(self, seat: Seat, action: Action) -> None:
        state = self.state
        try:
            state.check(seat, action)
        except IllegalAction as exc:
            raise Refused(f"illegal: {exc.reason}") from None
        if not isinstance(action, Propose) and action not in state.legal_actions(seat):
            raise Refused("illegal: that is not possible now")

    def _run_bots(self) -> None:
        """Let the session play the bot seats (with its fallback) until a person must
        act or the mission is over; an answer put to the vote hides the hand."""
        session = self.session
        session.step_bots(MAX_BOT_ACTIONS)
        if not session.is_over and any(s in self._bot_seats for s in session.actors()):
            _log.warning(
                "mission table: the bots made %d moves in a row; stopping", MAX_BOT_ACTIONS
            )
        if self.state.phase == "solve" and len(self.humans) > 1:
            self._holder = None  # the answer is put to everyone: hide the hand

    def _viewpoint(self, state: MissionState) -> tuple[Viewer, int | None]:
        """Whose observation the page gets, and the human seat the device waits for."""
        holder = SPECTATOR if self._holder is None else self._holder
        if state.outcome is not None or state.phase == "solve":
            return holder, None
        current = state.current_seat
        if current in self.humans and self._holder != current:
            return SPECTATOR, current
        return holder, None

    def view_of(self, state: MissionState) -> dict[str, Any]:
        """The view this table would show for ``state``: a function of one observation
        (and of the seat's legal actions, which that observation determines).

        Tests call it with a state that differs only in what the viewer cannot see and
        check that the view is the same.
        """
        viewer, locked_for = self._viewpoint(state)
        legal: list[str] = []
        if isinstance(viewer, int) and state.outcome is None:
            legal = [str(a) for a in state.legal_actions(viewer)]
        return build_view(
            state.observe(viewer),
            seats=self.seats,
            art=self._art,
            legal=legal,
            locked_for=locked_for,
            game_number=len(self._finished) + 1,
            serial=self._serial,
            suits=self._mission.deck.suits,
        )

    def _show(self) -> None:
        """Clear the last refusal and send the new view, in one update to the page."""
        with self.hold_sync():
            self.message = ""
            self._serial += 1
            view = self.view_of(self.state)
            if self._solo is not None and self._replay:  # kept on the server: New game
                view["saved"] = True
            self.view = view
