"""Play a mission at one screen: 1-4 players, bots optionally filling seats.

Design notes: ``docs/design-notes.md``, ``cipherkit.widgets.mission.table``.

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
import pathlib
from collections.abc import Callable, Iterable, Sequence
from typing import Any, cast

from cipherkit.core.errors import CipherkitError
from cipherkit.core.protocol import SPECTATOR, Action, Seat, Viewer
from cipherkit.core.record import Record
from cipherkit.core.registry import make_bot
from cipherkit.core.session import MAX_BOT_ACTIONS
from cipherkit.games.mission import Mission, MissionState
from cipherkit.games.mission.rules.actions import Propose
from cipherkit.games.mission.rules.config import make_config, mission_from_config
from cipherkit.games.mission.rules.observation import MissionObservation
from cipherkit.games.mission.source import MissionSource, mission_dict
from cipherkit.i18n import N_, _
from cipherkit.rooms import Store
from cipherkit.rooms.solo import CAMPAIGN_NAME, PLAYER_NAME
from cipherkit.widgets.frontend import es_module, table_styles
from cipherkit.widgets.guard import Refused, check_envelope
from cipherkit.widgets.mission.view import BoardArt, SeatInfo, build_view
from cipherkit.widgets.table_backend import Moment, RoomHandle
from cipherkit.widgets.table_base import TableBase, open_page_store

__all__ = ["MissionTable", "check_message", "table_config"]

MAX_MESSAGE_CHARS = 400
"""Longest JSON text of a message from the page that is even looked at."""

MAX_ACTION_CHARS = 120
"""Longest action text (a proposed answer is free text)."""

MISSION_WORDS = {
    # the header and the question
    "game_number": N_("game {n}"),
    "turn": N_("Turn"),
    "deck": N_("Deck"),
    "discard": N_("Discard"),
    "time_icons_in_discard": N_("Time icons in discard"),
    "in_peril": N_("IN PERIL"),
    "of_total": N_("{n} of {total}"),
    "mission_question": N_("Mission question"),
    "setting_up": N_("Setting up the mission…"),
    # the map and the console
    "map_label": N_("{title}: the map. Arrow keys move between rooms; Enter acts in a room."),
    "map_rooms": N_("Rooms of the map"),
    "map_zoom_in": N_("Enlarge the map"),
    "map_zoom_out": N_("Fit the map to the screen"),
    "map_zoomed_hint": N_("The map is enlarged: swipe or scroll sideways to see all of it."),
    "enter_step": N_("Enter: step here."),
    "enter_intel": N_("Enter: intel here."),
    "enter_slip": N_("Enter: slip here."),
    "enter_scout": N_("Enter: scout here."),
    "enter_peek": N_("Enter: peek here."),
    "enter_disarm": N_("Enter: disarm here."),
    "click_step": N_("{room}: choose to step here"),
    "click_intel": N_("{room}: choose to intel here"),
    "click_slip": N_("{room}: choose to slip here"),
    "click_scout": N_("{room}: choose to scout here"),
    "click_peek": N_("{room}: choose to peek here"),
    "click_disarm": N_("{room}: choose to disarm here"),
    "collect_glyph": N_("collect {glyph}"),
    "console_windows": N_("Console windows"),
    "windows_read": N_("The open windows read"),
    # the team, the cards and the hands
    "now": N_("now"),
    "action_cards": N_("Action cards — the top card shows the value to beat"),
    "hint_two_picked": N_(
        "Two cards are picked: that is a special action. "
        "Pick one card to play it on an action card."
    ),
    "hint_pick_first": N_("Pick a card from your hand first, then choose {card}."),
    "pass_device": N_("Pass the device to {seat}."),
    "hands_stay_hidden": N_("Hands stay hidden until their owner asks for them."),
    "claim": N_("I am {seat}: show my hand"),
    "hands_hidden": N_("Hands are hidden."),
    "hand_of": N_("{name}’s hand"),
    "hand_of_now": N_("{name}’s hand (playing now)"),
    "card_picked": N_("{card} picked"),
    "card_put_back": N_("{card} put back"),
    "no_cards": N_("no cards"),
    "special": N_("Special: {ability} (discard the 2 picked cards)"),
    "ability": N_("ability"),
    "peeked": N_("You peeked (secret)"),
    "peeked_room": N_("{room}: "),
    "peeked_then": N_(", then "),
    "discard_pile": N_("Discard pile"),
    "discard_pile_peril": N_("Discard pile — IN PERIL side"),
    # the buttons
    "collect": N_("Collect"),
    "reveal_top": N_("Reveal the top token"),
    "reveal_another": N_("Reveal another token"),
    "leave": N_("Leave it face up"),
    "keep": N_("Keep the order"),
    "swap": N_("Swap the two"),
    "draw": N_("Draw a card"),
    "stop_drawing": N_("Stop drawing"),
    "stop": N_("Stop"),
    "end_turn": N_("End the turn"),
    "pass": N_("Pass"),
    "solve": N_("Solve…"),
    "new_game": N_("New game"),
    "play_again": N_("Play again"),
    # solving and voting
    "solve_question": N_("Solve the mission?"),
    "proposes": N_("{seat} proposes the answer {answer}."),
    "quoted": N_("“{text}”"),
    "every_player_agrees": N_(
        "Every player must agree. A right answer wins; a wrong one loses the mission. "
        "Any reject cancels."
    ),
    "proposed_it": N_("proposed it"),
    "agreed": N_("✔ agreed"),
    "bot_thinking": N_("(bot) thinking…"),
    "deciding_elsewhere": N_("deciding on their own screen…"),
    "confirm": N_("Confirm"),
    "reject": N_("Reject"),
    "answer_placeholder": N_("the answer"),
    "write_answer_first": N_("Write the answer first."),
    "solve_title": N_("Solve the mission"),
    "question": N_("Question:"),
    "windows_read_colon": N_("The windows read:"),
    "others_confirm": N_("Every other player must confirm. A wrong answer loses the mission."),
    "answer_final": N_("Your answer is final: a wrong answer loses the mission."),
    "propose": N_("Propose this answer"),
    "give": N_("Give this answer"),
    "cancel": N_("Cancel"),
    # the end and the log
    "accomplished": N_("Mission accomplished!"),
    "failed": N_("Mission failed"),
    "the_answer": N_("The answer:"),
    "what_happened": N_("What happened"),
}
"""The mission page's own words (:attr:`~cipherkit.widgets.guard.GuardedWidget.WORDS`):
labels, buttons and tooltips. Sentences with a count or the game's data come whole in
the view (:func:`~cipherkit.widgets.mission.view.build_view`)."""

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
            raise Refused("refused: " + _("an action message has the fields type, text (and seat)"))
        text = content["text"]
        if not isinstance(text, str) or not 0 < len(text) <= MAX_ACTION_CHARS:
            raise Refused("refused: " + _("an action is short text such as 'play 7 run'"))
        seat = content.get("seat")
        if seat is not None and not _is_seat_number(seat):
            raise Refused("refused: " + _("a seat is a number from 0 to 3"))
        return "action", text, seat
    if kind == "claim":
        if set(content) != {"type", "seat"}:
            raise Refused("refused: " + _("a claim message has the fields type and seat"))
        if not _is_seat_number(content["seat"]):
            raise Refused("refused: " + _("claim a seat by its number"))
        return "claim", None, content["seat"]
    if kind == "new_game":
        if set(content) != {"type"}:
            raise Refused("refused: " + _("a new_game message has only the field type"))
        return "new_game", None, None
    raise Refused("refused: " + _("unknown message type"))


def _human_seats(players: int, humans: int | Iterable[int] | None) -> tuple[int, ...]:
    if humans is None:
        return tuple(range(players))
    if isinstance(humans, bool):
        raise CipherkitError.say("humans must be a number of seats or a list of seat numbers")
    if isinstance(humans, int):
        if not 1 <= humans <= players:
            raise CipherkitError.say(
                "humans must be from 1 to {players} (the number of players)", players=players
            )
        return tuple(range(humans))
    seats = sorted(set(humans))
    if not seats or not all(isinstance(s, int) and 0 <= s < players for s in seats):
        raise CipherkitError.say(
            "humans must list at least one seat number from 0 to {last}, not {humans}",
            last=players - 1,
            humans=repr(humans),
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
            "mission": mission_dict(mission),  # read back as ``mission``: no parsing
            "players": players,
            "characters": None if characters is None else list(characters),
            "first_player": first_player,
            "secrets": list(secrets),
        }
    )


class MissionTable(TableBase):
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
        Secret rules in play (a campaign's unlocks;
        :mod:`cipherkit.games.mission.content.secret_rules`).
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
        (synced) What the page draws: :func:`~cipherkit.widgets.mission.view.build_view`.
    """

    _esm = es_module("mission/table")
    _css = table_styles("mission/table")
    WORDS = MISSION_WORDS

    label = "mission table"
    game = "mission"
    max_message_chars = MAX_MESSAGE_CHARS

    def __init__(
        self,
        mission: MissionSource = None,
        players: int | Sequence[str] = 2,
        humans: int | Iterable[int] | None = None,
        bots: str = "planner",
        seed: int | None = None,
        *,
        characters: Sequence[str] | None = None,
        first_player: int | None = None,
        secrets: Sequence[str] = (),
        replay: bool = True,
        room: RoomHandle | None = None,
        save: bool | Store = False,
        **kwargs: Any,
    ) -> None:
        super().__init__(**kwargs)
        self.on_saved: Callable[[str], None] | None = None
        """Who gets the page's saved token instead of this table (a campaign)."""
        self.on_stored: Callable[[str], None] | None = None
        """Who is told the token once the game is stored (a campaign); default: the page."""
        self._holder: int | None = None
        self._replay = bool(replay)
        if room is not None:
            self._sit(room)
            return
        if isinstance(players, str) or not isinstance(players, int | Sequence):
            raise CipherkitError.say("players must be a number of seats or a list of names")
        names = None if isinstance(players, int) else [str(n) for n in players]
        count = int(players) if isinstance(players, int) else len(players)
        if not 1 <= count <= 4:
            raise CipherkitError.say("a mission is for 1 to 4 players, not {count}", count=count)
        self._mission: Mission = mission_from_config(mission)
        config = table_config(
            self._mission,
            count,
            characters=characters,
            first_player=first_player,
            secrets=secrets,
        )
        self.humans: tuple[int, ...] = _human_seats(count, humans)
        self.bot_name = bots
        bot_seats = [s for s in range(count) if s not in self.humans]
        store = open_page_store(save) if save else None
        if store is not None and len(self.humans) != 1:
            raise CipherkitError.say(
                "a saved mission table has one person's seat; bots play the rest"
            )
        if bot_seats:
            make_bot("mission", bots)  # an unknown bot is an error now, not later
        chars = config["characters"]
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
        self._play_locally(
            "mission",
            config,
            seat=self.humans[0],
            bots=dict.fromkeys(bot_seats, bots),
            seed=seed,
            save=store if store is not None else False,
        )

    # ------------------------------------------------------------------ public
    @property
    def state(self) -> MissionState:
        """The true game state. Kernel only: never synced."""
        return self.session.state

    @property
    def mission(self) -> Mission:
        """The mission being played."""
        return self._mission

    @property
    def holder(self) -> int | None:
        """The human seat whose hand the view shows (``None``: the device is passed)."""
        return self._holder

    # ------------------------------------------------------------------ the table's own
    def check_message(self, content: Any, buffers: Any) -> tuple[str, Any]:
        """The page's message: :func:`check_message` (an action carries its seat)."""
        kind, text, seat = check_message(content, buffers)
        if kind == "action":
            return kind, (text, seat)
        return kind, seat

    def other_message(self, kind: str, payload: Any) -> None:
        """``claim``: "I am ...: show my hand"."""
        if self.room is not None:
            raise Refused("illegal: " + _("in a room each player has their own screen"))
        self._claim(payload)

    def new_game_requested(self) -> None:
        """Play again (a saved game may be given up at any time), unless the mission is
        a campaign's, which is not replayed."""
        if self.room is not None or (self.saved is not None and self._replay):
            super().new_game_requested()
            return
        if not self.session.is_over:
            raise Refused("illegal: " + _("finish this mission first"))
        if not self._replay:
            raise Refused("illegal: " + _("missions are not replayed in a campaign: continue it"))
        self._start_game()

    @property
    def saved_name(self) -> str:
        """A mission that is not replayed is a campaign's: its stored games are kept
        apart from a mission page's (:data:`~cipherkit.rooms.solo.CAMPAIGN_NAME`)."""
        return PLAYER_NAME if self._replay else CAMPAIGN_NAME

    def accepts(self, record: Record) -> bool:
        """Whether a stored game is one this table could have dealt: the same mission,
        players and secret rules."""
        config = record.config if isinstance(record.config, dict) else {}
        mission = config.get("mission")
        mine = self._config or {}
        return (
            isinstance(mission, dict)
            and mission.get("id") == self._mission.id
            and config.get("players") == len(self.seats)
            and sorted(config.get("secrets") or []) == sorted(mine.get("secrets") or [])
        )

    def saved_message(self, token: str) -> None:
        """The page's saved token: a campaign's (``on_saved``), or this table's."""
        if self.saved is not None and self.on_saved is not None:
            self.on_saved(token)
        else:
            super().saved_message(token)

    def token_stored(self, token: str) -> None:
        """The game was stored: tell the campaign (``on_stored``), or the page."""
        if self.on_stored is not None:
            self.on_stored(token)
        else:
            super().token_stored(token)

    def shows_saved(self) -> bool:
        """Kept on the server: New game at any time, where Play again is allowed."""
        return self.saved is not None and self._replay

    def session_meta(self) -> dict[str, Any]:
        """The people's seats, the bots and the seats' names, in the record."""
        return {
            "humans": list(self.humans),
            "bots": self.bot_name,
            "names": [s.name for s in self.seats],
        }

    def game_started(self) -> None:
        """Whose hand is shown first: the one person's, or nobody's until claimed."""
        room = self.room
        if room is not None:
            self._mission = mission_from_config(room.config.get("mission"))
            self._art = BoardArt(self._mission)
            self._replay = False
            self.bot_name = "room"
            self._seat_infos()
            self.humans = tuple(s.seat for s in self.seats if s.human)
            self._holder = room.seat
            return
        if self.saved is not None or len(self.humans) == 1:
            self._holder = self.humans[0]
        else:
            self._holder = None

    def after_bots(self) -> None:
        """An answer put to the vote hides the hand (it is put to everyone)."""
        session = self.session
        if not session.is_over and any(s in session.bot_seats for s in session.actors()):
            _log.warning(
                "mission table: the bots made %d moves in a row; stopping", MAX_BOT_ACTIONS
            )
        if self.state.phase == "solve" and len(self.humans) > 1:
            self._holder = None  # the answer is put to everyone: hide the hand

    def check_room_action(self, text: str, seat: int | None) -> None:
        """A room seat acts for itself only, and a spectator not at all."""
        room = self.room
        assert room is not None
        if room.seat is None:
            raise Refused("illegal: " + _("a spectator watches and cannot move"))
        if seat is not None and seat != room.seat:
            raise Refused("illegal: " + _("you can only act for your own seat"))

    def check_local_action(self, text: str, seat: int | None) -> tuple[str, int]:
        """The move of the seat that may act: the one holding the device, or a voter."""
        state = self.state
        if state.outcome is not None:
            raise Refused("illegal: " + _("the mission is over; press Play again"))
        action = self.parse_move(text)
        if state.phase == "solve":
            voters = [s for s in state.actors() if s in self.humans]
            if seat is None:
                if len(voters) != 1:
                    raise Refused(
                        "illegal: " + _("say which player confirms or rejects the answer")
                    )
                seat = voters[0]
            if seat not in self.humans:
                raise Refused("illegal: " + _("seat {seat} is played by a bot", seat=seat))
        else:
            actor = state.current_seat
            name = state.name(state.turn)
            if actor not in self.humans:
                raise Refused("illegal: " + _("it is {name}’s turn (a bot)", name=name))
            if self._holder != actor:
                who = self.seats[actor].name
                raise Refused(
                    "illegal: "
                    + _("pass the device to {seat} first: press “I am {seat}”", seat=who)
                )
            if seat is not None and seat != actor:
                raise Refused("illegal: " + _("it is {name}’s turn", name=name))
            seat = actor
        self._check(seat, action)
        return str(action), seat

    def _seat_infos(self) -> None:
        room = self.room
        assert room is not None
        self.seats = tuple(
            SeatInfo(s, name, bot is None, bot)
            for s, (name, bot) in enumerate(zip(room.names(), room.bots(), strict=True))
        )

    def _claim(self, seat: int) -> None:
        state = self.state
        if state.outcome is not None:
            raise Refused("illegal: " + _("the mission is over"))
        if state.phase == "solve":
            raise Refused(
                "illegal: " + _("an answer is put to the vote: confirm or reject it first")
            )
        current = state.current_seat
        name = state.name(state.turn)
        if seat != current:
            who = self.seats[current].name
            raise Refused(
                "illegal: "
                + _("it is {name}’s turn: only {seat} may take the device", name=name, seat=who)
            )
        if seat not in self.humans:
            raise Refused("illegal: " + _("seat {seat} is played by a bot", seat=seat))
        if self._holder == seat:
            raise Refused(
                "illegal: " + _("{seat} already holds the device", seat=self.seats[seat].name)
            )
        self._holder = seat
        self.publish()

    def _check(self, seat: Seat, action: Action) -> None:
        state = self.state
        self.check_rules(seat, action)
        if not isinstance(action, Propose) and action not in state.legal_actions(seat):
            raise Refused("illegal: " + _("that is not possible now"))

    # ------------------------------------------------------------------ the view
    def build_view(self, moment: Moment) -> dict[str, Any]:
        """The page's view: the device holder's side (or the spectator's while the
        device is passed), or a room seat's."""
        room = self.room
        if room is None:
            return self.view_of(self.state)
        self._seat_infos()
        legal = moment.legal if room.seat is not None and moment.open else []
        view: dict[str, Any] = dict(
            build_view(
                cast(MissionObservation, moment.observation),
                seats=self.seats,
                art=self._art,
                legal=legal,
                locked_for=None,
                game_number=1,
                serial=self._serial,
                suits=self._mission.deck.suits,
            )
        )
        view["room"] = {"code": room.code}
        if view.get("vote"):  # each player confirms or rejects on their own screen
            for entry in view["vote"]["seats"]:
                entry["mine"] = entry["seat"] == room.seat
        return view

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
        view = build_view(
            state.observe(viewer),
            seats=self.seats,
            art=self._art,
            legal=legal,
            locked_for=locked_for,
            game_number=self.game_number,
            serial=self._serial,
            suits=self._mission.deck.suits,
        )
        return dict(view)
