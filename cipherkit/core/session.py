"""One game being played: the loop every table, match, playtest and room runs.

:meth:`Session.apply` checks a person's action and applies it, or raises
:class:`~cipherkit.core.errors.IllegalAction` and changes nothing; :meth:`Session.step_bots`
lets the bot seats act; :meth:`Session.view` is the only thing a viewer gets.

Design notes: ``docs/design-notes.md``, ``cipherkit.core.session``.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Generic, Literal, TypedDict, Unpack, overload

from cipherkit.core.bots import Bot
from cipherkit.core.errors import CipherkitError, IllegalAction, NotationError, message_of
from cipherkit.core.protocol import (
    Action,
    Event,
    GameSpec,
    JsonDict,
    Outcome,
    Seat,
    State,
    StateT,
    Viewer,
)
from cipherkit.core.record import Record, not_replayed
from cipherkit.core.registry import get_game, make_bot
from cipherkit.core.rng import Rng
from cipherkit.i18n import say

__all__ = ["MAX_BOT_ACTIONS", "LoggedEvent", "Player", "Session", "bot_rng"]

MAX_BOT_ACTIONS = 100_000
"""Bot moves in a row after which :meth:`Session.step_bots` stops with an error."""

_BOT_SALT = 0xB07_5EED

_log = logging.getLogger(__name__)

Shortcut = Callable[[State, Seat, list[Action]], Action | None]
"""``shortcut(state, seat, legal)``: an action to take for a bot without asking it, or
``None`` to ask. Used by playtests to skip the bots' thinking on forced moves."""


def bot_rng(seed: int, seat: Seat) -> Rng:
    """The default random stream of the bot in ``seat`` of a game dealt with ``seed``.

    >>> bot_rng(3, 1).next64() == bot_rng(3, 1).next64() != bot_rng(3, 0).next64()
    True
    """
    return Rng((seed * 0x9E3779B1 + seat * 0x85EBCA77) ^ _BOT_SALT)


@dataclass(frozen=True, slots=True)
class Player:
    """Who sits in a seat: a person (``bot is None``) or a bot by its registry spec.

    >>> Player(1, "solver", "Ada").describe(), Player(0).is_bot
    ('Ada: solver bot', False)
    """

    seat: Seat
    bot: str | None = None
    name: str = ""

    @property
    def is_bot(self) -> bool:
        """Whether a bot plays this seat."""
        return self.bot is not None

    def describe(self) -> str:
        """The seat in words, for logs and lobbies.

        >>> Player(1, "random").describe(), Player(0, None, "Ada").describe()
        ('seat 1: random bot', 'Ada: a person')
        """
        who = self.name or f"seat {self.seat}"
        return f"{who}: {self.bot} bot" if self.bot is not None else f"{who}: a person"

    def to_json(self) -> JsonDict:
        """The seat as a JSON-safe dict; :meth:`from_json` reads it back."""
        return {"seat": self.seat, "bot": self.bot, "name": self.name}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Player:
        """The seat written by :meth:`to_json`."""
        bot = data.get("bot")
        return cls(int(data["seat"]), None if bot is None else str(bot), str(data.get("name", "")))


@dataclass(frozen=True, slots=True)
class LoggedEvent:
    """A public event and when it happened: after action number ``number`` (from 1),
    taken by ``seat``. The action's own text is not here: it may be private (a card
    played face down); the event is public by construction.
    """

    number: int
    seat: Seat
    event: Event

    def to_json(self) -> JsonDict:
        """The event as a JSON-safe dict, with its action ``number`` and ``seat``."""
        return {"number": self.number, "seat": self.seat, **self.event.to_json()}


def _bot_spec(bot: str | Bot) -> str:
    return bot if isinstance(bot, str) else str(getattr(bot, "spec", getattr(bot, "name", "bot")))


class _SessionOptions(TypedDict, total=False):
    """The keyword options of :class:`Session` but ``seed`` (each as its constructor
    takes it, with the constructor's default)."""

    bots: Mapping[Seat, str | Bot] | Sequence[str | Bot | None]
    names: Sequence[str] | None
    rngs: Mapping[Seat, Rng] | None
    fallback: Literal["random", "raise"]
    shortcut: Shortcut | None
    keep_log: bool
    people_decide: bool


class Session(Generic[StateT]):
    """One game of a registered game, with its seats, record and public log.

    It is generic in the game's state type: made from a game's spec (``GAME``) it is a
    ``Session[ThatGamesState]`` whose :attr:`state` has that type; made from a name it
    is a ``Session[State]``.

    Parameters
    ----------
    game:
        A game name from the registry (``"decipher"``) or its
        :class:`~cipherkit.core.protocol.GameSpec`.
    config:
        The game's configuration (``None``: its defaults).
    seed:
        The deal's seed; the same config, seed and actions give the same game.
    bots:
        The bot seats: a mapping seat -> bot (a registry spec such as ``"solver"`` or
        ``"planner:strong"``, or a bot object), or a sequence with one entry per seat
        (``None`` for a person). Seats without a bot are people.
    names:
        Display names, one per seat (optional).
    rngs:
        The bots' random streams by seat (default: :func:`bot_rng` of the seed).
    fallback:
        What happens when a bot raises or chooses an illegal action: ``"random"`` plays
        a random legal action instead (and logs a warning, by exception type only: a
        message could name a hidden card); ``"raise"`` raises
        :class:`~cipherkit.core.errors.CipherkitError` naming the bot.
    shortcut:
        See :data:`Shortcut`.
    keep_log:
        Whether to keep the public event log (playtests switch it off for speed).
    people_decide:
        Whether a bot leaves a decision it shares with a person to the person (the
        game's :attr:`~cipherkit.core.protocol.GameSpec.shared_with`: an intercept
        team's one guess is the team's people's, not their bot team-mate's). Rooms set
        it; bot-only games and playtests are the same either way. It also leaves the
        game's :attr:`~cipherkit.core.protocol.GameSpec.clock` to the wall clock: no
        bot claims that the sand timer ran out; the room does, on time.

    Examples
    --------
    >>> from cipherkit.core.session import Session
    >>> session = Session("decipher", {"first_player": 0}, seed=7, bots={1: "random"})
    >>> [p.describe() for p in session.players]
    ['seat 0: a person', 'seat 1: random bot']
    >>> session.waiting()                      # seat 0, a person, must act
    [0]
    >>> session.apply(0, "skip")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    cipherkit.core.errors.IllegalAction: column 1 has no card yet: on your first turn you must ...
    >>> hand = session.view(0)["hand"]
    >>> events = session.apply(0, f"play {hand[0]}")
    >>> session.version, session.record.actions[0] == (0, f"play {hand[0]}")
    (1, True)
    >>> restored = Session.from_json(session.to_json())
    >>> restored.state == session.state and restored.view(1) == session.view(1)
    True
    """

    @overload
    def __init__(
        self: Session[State],
        game: str,
        config: Mapping[str, Any] | None = None,
        *,
        seed: int,
        **options: Unpack[_SessionOptions],
    ) -> None: ...

    @overload
    def __init__(
        self,
        game: GameSpec[StateT],
        config: Mapping[str, Any] | None = None,
        *,
        seed: int,
        **options: Unpack[_SessionOptions],
    ) -> None: ...

    def __init__(
        self,
        game: str | GameSpec[Any],
        config: Mapping[str, Any] | None = None,
        *,
        seed: int,
        bots: Mapping[Seat, str | Bot] | Sequence[str | Bot | None] = (),
        names: Sequence[str] | None = None,
        rngs: Mapping[Seat, Rng] | None = None,
        fallback: Literal["random", "raise"] = "random",
        shortcut: Shortcut | None = None,
        keep_log: bool = True,
        people_decide: bool = False,
    ) -> None:
        self.spec: GameSpec[StateT] = get_game(game) if isinstance(game, str) else game  # type: ignore[assignment]
        self.config: dict[str, Any] | None = None if config is None else dict(config)
        self.seed = int(seed)
        self._state = self.spec.new_game(self.config, seed=self.seed)
        seats = self.spec.seats(self.config)
        by_seat = _bots_by_seat(bots, seats)
        names = list(names or [])
        self.players: tuple[Player, ...] = tuple(
            Player(
                s,
                None if s not in by_seat else _bot_spec(by_seat[s]),
                names[s] if s < len(names) else "",
            )
            for s in range(seats)
        )
        self._bots: dict[Seat, Bot] = {
            s: make_bot(self.spec.name, b) if isinstance(b, str) else b for s, b in by_seat.items()
        }
        self._rngs: dict[Seat, Rng] = {
            s: (rngs[s] if rngs is not None and s in rngs else bot_rng(self.seed, s))
            for s in self._bots
        }
        if fallback not in ("random", "raise"):
            raise CipherkitError.say(
                "fallback must be 'random' or 'raise', not {fallback!r}", fallback=fallback
            )
        self.fallback = fallback
        self.shortcut = shortcut
        self.keep_log = keep_log
        self.people_decide = bool(people_decide)
        self._actions: list[tuple[Seat, Action]] = []
        self.log: list[LoggedEvent] = []
        self.meta: dict[str, Any] = {}

    # ------------------------------------------------------------------ facts
    @property
    def state(self) -> StateT:
        """The true state, hidden information included. Never send it to a browser."""
        return self._state

    @property
    def game(self) -> str:
        """The registered name of the game being played."""
        return self.spec.name

    @property
    def version(self) -> int:
        """How many actions have been applied (grows by one with every action)."""
        return len(self._actions)

    @property
    def outcome(self) -> Outcome | None:
        """How the game ended, or None while it is being played."""
        return self._state.outcome

    @property
    def is_over(self) -> bool:
        """Whether the game has ended."""
        return self._state.outcome is not None

    @property
    def bot_seats(self) -> list[Seat]:
        """The seats bots play, in seat order."""
        return [p.seat for p in self.players if p.is_bot]

    @property
    def record(self) -> Record:
        """The game's :class:`~cipherkit.core.record.Record` (replays exactly)."""
        record = Record.start(self.spec.name, self.config, self.seed)
        record.actions = [(seat, str(action)) for seat, action in self._actions]
        record.meta = {**self.meta, "players": [p.to_json() for p in self.players]}
        return record

    def actors(self) -> list[Seat]:
        """Seats that may act now (people and bots)."""
        return [] if self.is_over else self._state.actors()

    def waiting(self) -> list[Seat]:
        """The people's seats that may act now."""
        return [s for s in self.actors() if s not in self._bots]

    def view(self, viewer: Viewer) -> JsonDict:
        """``viewer``'s observation: exactly the game's ``observe(viewer)``."""
        return self._state.observe(viewer)

    def legal_actions(self, seat: Seat) -> list[Action]:
        """The actions ``seat`` may take now (none once the game is over)."""
        if self.is_over:
            return []
        return self._state.legal_actions(seat)

    def legal_texts(self, seat: Seat) -> list[str]:
        """The seat's legal actions in text notation."""
        return [str(action) for action in self.legal_actions(seat)]

    def events(self, after: int = 0) -> list[LoggedEvent]:
        """The public events logged after action number ``after``."""
        return [e for e in self.log if e.number > after]

    # ------------------------------------------------------------------ acting
    def parse(self, text: str) -> Action:
        """An action from its notation; bad text is an :class:`IllegalAction`."""
        try:
            return self.spec.parse_action(text)
        except NotationError as exc:
            raise IllegalAction(message_of(exc)) from None

    def apply(self, seat: Seat, action: Action | str) -> list[Event]:
        """Check, then apply ``action`` (or its text) for ``seat``; return the events.

        Raises :class:`~cipherkit.core.errors.IllegalAction` with a reason, and changes
        nothing, when the rules do not allow it.
        """
        if self.is_over:
            raise IllegalAction.say("the game is over")
        if isinstance(action, str):
            action = self.parse(action)
        events = self._state.apply(seat, action)
        self._actions.append((seat, action))
        if self.keep_log:
            number = len(self._actions)
            self.log.extend(LoggedEvent(number, seat, event) for event in events)
        return events

    def step_bots(self, max_actions: int = MAX_BOT_ACTIONS) -> list[Event]:
        """Let bot seats act until a person must act, the game is over, or
        ``max_actions`` bot actions were taken (``max_actions=1``: one bot action).

        With several actors at once (simultaneous play), bots act in the order the game
        lists its actors; a person among them does not stop the bots. Returns every
        event of the bots' actions.
        """
        events: list[Event] = []
        for _ in range(max_actions):
            if self._state.outcome is not None:
                break
            actors = self._state.actors()
            if not actors:
                raise CipherkitError.say(
                    "{game} seed {seed}: nobody may act but no outcome",
                    game=self.spec.name,
                    seed=self.seed,
                )
            movers = (s for s in actors if s in self._bots and self._bot_decides(s, actors))
            seat = next(movers, None)
            if seat is None:
                break
            events.extend(self._bot_move(seat))
        return events

    def _bot_decides(self, seat: Seat, actors: list[Seat]) -> bool:
        """Whether the bot in ``seat`` may take the decision it is asked for now: always,
        unless ``people_decide`` and a person who may act now shares it."""
        if not self.people_decide:
            return True
        clock = None if self.spec.clock is None else self.spec.clock(self._state)
        if clock is not None and seat in clock.seats:
            return False
        shared_with = self.spec.shared_with
        if shared_with is None:
            return True
        return not any(
            s != seat and s in actors and s not in self._bots
            for s in shared_with(self._state, seat)
        )

    def play_out(self, max_actions: int = MAX_BOT_ACTIONS) -> Outcome:
        """Let the bots play to the end (a bot in every seat that acts); return the
        outcome. A game not over after ``max_actions`` is an error."""
        self.step_bots(max_actions)
        if self.outcome is None:
            if self.waiting():
                raise CipherkitError.say("play_out needs a bot in every seat that acts")
            raise CipherkitError.say(
                "{game} seed {seed} did not end in {max_actions} actions",
                game=self.spec.name,
                seed=self.seed,
                max_actions=max_actions,
            )
        return self.outcome

    def _bot_move(self, seat: Seat) -> list[Event]:
        """Ask the bot in ``seat`` for a move and apply it (the rules check it once);
        a failing bot or an illegal move gets the fallback."""
        state = self._state
        legal = state.legal_actions(seat)
        if self.shortcut is not None:
            forced = self.shortcut(state, seat, legal)
            if forced is not None:
                return self.apply(seat, forced)
        bot = self._bots[seat]
        rng = self._rngs[seat]
        player = self.players[seat]
        name = player.name or player.bot
        try:
            action: Any = bot.act(state.observe(seat), legal, rng)
        except Exception as exc:
            if self.fallback == "raise":
                raise CipherkitError.say(
                    "bot {name!r} failed ({game} seed {seed}): {error}: {exc}",
                    name=name,
                    game=self.spec.name,
                    seed=self.seed,
                    error=type(exc).__name__,
                    exc=exc,
                ) from exc
            _log.warning("%s: the %s bot failed (%s)", self.spec.name, name, type(exc).__name__)
            action = None
        if isinstance(action, Action):
            try:
                return self.apply(seat, action)  # checks first: an illegal move changes nothing
            except IllegalAction as exc:
                reason = exc.message
        else:
            reason = say("it returned nothing") if action is None else say("it returned no action")
        if self.fallback == "raise":
            raise CipherkitError.say(
                "bot {name!r} chose an illegal action {action} ({game} seed {seed}): {reason}",
                name=name,
                action=action,
                game=self.spec.name,
                seed=self.seed,
                reason=reason,
            )
        # never name the move: it may be a hidden card
        _log.warning("%s: the %s bot's move is not legal; playing at random", self.spec.name, name)
        return self.apply(seat, rng.choice(legal))

    # ------------------------------------------------------------------ keeping
    def bot_states(self) -> dict[Seat, int]:
        """The bots' random streams by seat (whole numbers): what a store keeps so that
        a rebuilt session's bots go on exactly as they would have."""
        return {seat: rng.state for seat, rng in self._rngs.items()}

    def set_bot_states(self, states: Mapping[Seat, int]) -> None:
        """Restore streams written by :meth:`bot_states` (unknown seats are an error)."""
        for seat, value in states.items():
            if int(seat) not in self._rngs:
                raise CipherkitError.say("seat {seat} has no bot", seat=seat)
            self._rngs[int(seat)].state = int(value)

    def to_json(self) -> JsonDict:
        """Everything needed to rebuild the session: seats, record, bots' streams."""
        return {
            "game": self.spec.name,
            "config": self.config,
            "seed": self.seed,
            "players": [p.to_json() for p in self.players],
            "actions": [[seat, str(action)] for seat, action in self._actions],
            "rngs": {str(s): value for s, value in self.bot_states().items()},
            "fallback": self.fallback,
            "meta": self.meta,
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Session:
        """Rebuild a session written by :meth:`to_json` by replaying its record."""
        try:
            players = [Player.from_json(p) for p in data["players"]]
            session = cls(
                str(data["game"]),
                data.get("config"),
                seed=int(data["seed"]),
                bots={p.seat: p.bot for p in players if p.bot is not None},
                names=[p.name for p in players],
                fallback=data.get("fallback", "random"),
            )
            actions = [(int(s), str(t)) for s, t in data.get("actions", [])]
            rng_states = {int(s): int(v) for s, v in data.get("rngs", {}).items()}
            meta = dict(data.get("meta", {}))
        except (KeyError, TypeError, ValueError) as exc:
            raise CipherkitError.say("not a session: {exc}", exc=exc) from None
        session.replay(actions)
        session.set_bot_states(rng_states)
        session.meta = meta
        return session

    def replay(self, actions: Sequence[tuple[Seat, str]]) -> None:
        """Apply recorded actions (seat, text) in order; a record that does not replay
        is a :class:`~cipherkit.core.errors.CipherkitError` naming the move."""
        for index, (seat, text) in enumerate(actions):
            try:
                self.apply(seat, text)
            except IllegalAction as exc:
                raise not_replayed(index, seat, text, exc) from None

    @classmethod
    def from_record(
        cls, record: Record, *, bots: Mapping[Seat, str | Bot] | None = None
    ) -> Session:
        """A session at the end of ``record`` (bots as recorded in its meta, if any)."""
        if bots is None:
            players = record.meta.get("players", [])
            bots = {int(p["seat"]): p["bot"] for p in players if p.get("bot")}
        session = cls(record.game, record.config, seed=record.seed, bots=bots)
        session.replay(record.actions)
        return session

    def __repr__(self) -> str:
        status = "over" if self.is_over else f"waiting for {self.actors()}"
        return f"<Session {self.spec.name} seed={self.seed} v{self.version} {status}>"


def _bots_by_seat(
    bots: Mapping[Seat, str | Bot] | Sequence[str | Bot | None], seats: int
) -> dict[Seat, str | Bot]:
    if isinstance(bots, Mapping):
        chosen = {int(s): b for s, b in bots.items() if b is not None}
    elif isinstance(bots, str):
        raise CipherkitError.say("bots must be a mapping seat -> bot or one entry per seat")
    else:
        if len(bots) > seats:
            raise CipherkitError.say(
                "{count} bots for a game of {seats} seats", count=len(bots), seats=seats
            )
        chosen = {s: b for s, b in enumerate(bots) if b is not None}
    for seat in chosen:
        if not 0 <= seat < seats:
            raise CipherkitError.say(
                "no seat {seat}: this game has seats 0 to {last}", seat=seat, last=seats - 1
            )
    return chosen
