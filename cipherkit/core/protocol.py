"""The small surface every cipherkit game implements.

Design notes: ``docs/design-notes.md``, ``cipherkit.core.protocol``.
"""

from __future__ import annotations

import json
from abc import ABC, abstractmethod
from collections.abc import Callable, Collection, Mapping
from dataclasses import dataclass, field
from typing import Any, ClassVar, Generic, Self, TypeAlias, TypeVar

from cipherkit.core.errors import ConfigError, IllegalAction
from cipherkit.core.rng import Rng
from cipherkit.i18n import Message, _

Seat: TypeAlias = int
"""A seat at the table, numbered from 0."""

Viewer: TypeAlias = int | str
"""Who looks at a state: a seat number, a team name such as ``"team:white"``, or
:data:`SPECTATOR`."""

SPECTATOR = "spectator"

JsonDict: TypeAlias = dict[str, Any]


class Action:
    """Base class of every action; subclasses are frozen dataclasses.

    ``str(action)`` is the action's text notation, which the game's ``parse_action``
    turns back into an equal action.
    """

    __slots__ = ()


@dataclass(frozen=True, slots=True, init=False)
class Event:
    """Something public that happened: a machine-readable kind and data, and what it says.

    ``message`` is a structured message (``say(...)``: an id and its parameters, no
    words) or, from a game that has none yet, plain text; :attr:`text` is it in words,
    in the language in force where it is read.

    Examples
    --------
    >>> from cipherkit.i18n import say, speaking
    >>> said = say("{name} skips column {column}.", name="Ada", column=2)
    >>> event = Event("skip", {"seat": 0}, said)
    >>> event.text
    'Ada skips column 2.'
    >>> Event("skip", {"seat": 0, "column": 1}, "Seat 1 skips column 2.").text
    'Seat 1 skips column 2.'
    """

    kind: str
    data: Mapping[str, Any] = field(default_factory=dict)
    message: str | Message = ""

    def __init__(
        self, kind: str, data: Mapping[str, Any] | None = None, message: str | Message = ""
    ) -> None:
        # the slots' own setters: a frozen dataclass's __init__ goes through
        # object.__setattr__, and games make an event or two for each action they apply
        _set_kind(self, kind)
        _set_data(self, {} if data is None else data)
        _set_message(self, message)

    @property
    def text(self) -> str:
        """The event in words, in the language in force (``""``: it says nothing)."""
        return str(self.message)

    def to_json(self) -> JsonDict:
        """The event as a JSON-safe dict (``kind``, ``data``, ``text``: its words in the
        language in force, and ``message``: its id and parameters, when it has them)."""
        out: JsonDict = {"kind": self.kind, "data": dict(self.data), "text": self.text}
        if isinstance(self.message, Message):
            out["message"] = self.message.to_json()
        return out


_set_kind, _set_data, _set_message = (vars(Event)[slot].__set__ for slot in Event.__slots__)


@dataclass(frozen=True, slots=True)
class Outcome:
    """How a finished game ended.

    ``winners`` holds every winning seat: one seat in a duel, every seat in a won
    co-operative game, none in a draw or a co-operative loss. ``scores`` maps seat (as a
    string, for JSON) to points where the game keeps score.

    Examples
    --------
    >>> Outcome(winners=(1,), scores={"0": 3, "1": 7}, reason="score").is_draw
    False
    """

    winners: tuple[Seat, ...]
    reason: str
    scores: Mapping[str, float] | None = None
    draw: bool = False

    @property
    def is_draw(self) -> bool:
        """Whether the game ended in a draw."""
        return self.draw

    def to_json(self) -> JsonDict:
        """The outcome as a JSON-safe dict; :meth:`from_json` reads it back."""
        return {
            "winners": list(self.winners),
            "reason": self.reason,
            "scores": None if self.scores is None else dict(self.scores),
            "draw": self.draw,
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any] | None) -> Outcome | None:
        """The outcome written by :meth:`to_json`, or None for ``None`` (a game not over)."""
        if data is None:
            return None
        return cls(
            winners=tuple(data["winners"]),
            reason=data["reason"],
            scores=data.get("scores"),
            draw=bool(data.get("draw", False)),
        )


ObservationT = TypeVar("ObservationT", bound=Mapping[str, Any], covariant=True)
"""What a game's :meth:`State.observe` returns: each game's own TypedDict."""


class State(ABC, Generic[ObservationT]):
    """The full, true state of one game (hidden information included).

    Subclasses implement :meth:`check` (raise :class:`IllegalAction` or return) and
    :meth:`_apply` (change the state, assuming the action was checked); :meth:`apply`
    joins them so that an illegal action never changes anything.
    """

    game_name: ClassVar[str] = ""

    rng: Rng

    @abstractmethod
    def actors(self) -> list[Seat]:
        """Seats that may act now (empty once the game is over)."""

    @abstractmethod
    def legal_actions(self, seat: Seat) -> list[Action]:
        """Every action ``seat`` may take now (empty if it may not act)."""

    @abstractmethod
    def check(self, seat: Seat, action: Action) -> None:
        """Raise :class:`IllegalAction` with a reason if ``seat`` may not take ``action``."""

    @abstractmethod
    def _apply(self, seat: Seat, action: Action) -> list[Event]:
        """Carry out a checked action."""

    def apply(self, seat: Seat, action: Action) -> list[Event]:
        """Check, then carry out ``action`` for ``seat``; return the public events."""
        self.check(seat, action)
        return self._apply(seat, action)

    def is_legal(self, seat: Seat, action: Action) -> bool:
        """Whether ``seat`` may take ``action`` now (:meth:`check` raises no error)."""
        try:
            self.check(seat, action)
        except IllegalAction:
            return False
        return True

    @property
    @abstractmethod
    def outcome(self) -> Outcome | None:
        """``None`` while the game is on."""

    @property
    def is_over(self) -> bool:
        """Whether the game has ended (it has an :attr:`outcome`)."""
        return self.outcome is not None

    @abstractmethod
    def observe(self, viewer: Viewer) -> ObservationT:
        """A JSON-safe dict with only what ``viewer`` may know."""

    @abstractmethod
    def to_json(self) -> JsonDict:
        """The whole state, hidden parts and RNG included, as JSON-safe data."""

    @classmethod
    @abstractmethod
    def from_json(cls, data: Mapping[str, Any]) -> Self:
        """Rebuild a state written by :meth:`to_json`."""

    def copy(self) -> Self:
        """An independent deep copy (subclasses override with something faster)."""
        return type(self).from_json(json.loads(json.dumps(self.to_json())))

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, State):
            return NotImplemented
        return type(self) is type(other) and self.to_json() == other.to_json()

    # unhashable, being equal by value (typeshed types object.__hash__ as a method, not None)
    __hash__ = None  # type: ignore[assignment]


@dataclass(frozen=True, slots=True)
class Clock:
    """A real-time limit a game is waiting on: ``seconds`` after the action that
    started it (named by ``key``, unique within a game), one of ``seats`` takes
    ``action`` (intercept: the sand timer's ``timeout``). ``waits_on`` names the seats
    it times, whose acting it waits for (intercept: the Encryptor still writing);
    empty, it times nobody in particular.

    Games played against the wall clock (rooms) let the server take that action on
    time; a session that keeps time lets no bot in ``seats`` take it early. A room
    starts a clock that waits on seats only once one of them can act (docs/rooms.md).

    >>> Clock(30.0, (2, 3), "timeout", "round 1").action
    'timeout'
    >>> Clock(30.0, (0, 2, 3), "timeout", "round 1", waits_on=(1,)).waits_on
    (1,)
    """

    seconds: float
    seats: tuple[Seat, ...]
    action: str
    key: str
    waits_on: tuple[Seat, ...] = ()


@dataclass(frozen=True, slots=True)
class RoomOption:
    """A choice a page offers when it makes a room of a game (intercept's sand timer).

    ``key`` is the name :attr:`GameSpec.room_config` receives, ``label`` the words on
    the page. Without ``choices`` it is yes or no; with them (whole numbers, such as a
    timer's seconds) it is also one of them (``True``: the game's usual one).

    >>> RoomOption("timer", "sand timer").default
    False
    >>> RoomOption("timer", "sand timer", choices=(30, 60)).value(60)
    60
    """

    key: str
    label: str
    default: bool = False
    choices: tuple[int, ...] = ()

    def value(self, chosen: Any) -> bool | int:
        """The option's value from what a page chose: ``True``/``False``, or with
        :attr:`choices` also one of them; anything else is a
        :class:`~cipherkit.core.errors.ConfigError`.

        >>> RoomOption("timer", "sand timer", choices=(30, 60)).value(90)
        Traceback (most recent call last):
        ...
        cipherkit.core.errors.ConfigError: room option 'timer' is off, on or one of 30, 60, not 90
        """
        if not self.choices or isinstance(chosen, bool):
            return bool(chosen)
        if isinstance(chosen, int) and chosen in self.choices:
            return chosen
        offered = ", ".join(map(str, self.choices))
        raise ConfigError.say(
            "room option {key} is off, on or one of {offered}, not {chosen}",
            key=repr(self.key),
            offered=offered,
            chosen=repr(chosen),
        )


StateT = TypeVar("StateT", bound="State")
"""A game's own state type (:class:`GameSpec` is generic in it)."""


@dataclass(frozen=True)
class GameSpec(Generic[StateT]):
    """What a game module exposes so generic tools can drive it.

    It is generic in the game's own state type (the mission game's ``GAME`` is a
    ``GameSpec[MissionState]``), so the hooks below take that state; a tool that drives
    any game takes a ``GameSpec[StateT]`` (or, holding one of several, a ``GameSpec[State]``).

    Attributes
    ----------
    name:
        The game's short name (``"decipher"``).
    new_game:
        ``new_game(config=None, *, seed) -> State``.
    parse_action:
        Text notation to action; raises :class:`~cipherkit.core.errors.NotationError`.
    state_type:
        The :class:`State` subclass (for ``from_json``).
    seats:
        ``seats(config) -> int``: how many seats a game with this config has.
    viewers:
        ``viewers(state) -> list[Viewer]``: every kind of viewer whose observation
        must not leak (seats, teams, spectator).
    hidden_variants:
        ``hidden_variants(state, viewer, rng) -> State``: a state the viewer cannot
        tell apart from ``state`` (same observation history), differing in hidden
        information where possible. Used by the no-leak check and by search bots.
    default_config:
        The configuration used when ``config`` is ``None``.
    example_configs:
        Configurations the generic conformance test plays (``tests/core/test_conformance.py``
        runs every check over every registered game with each): the defaults and the
        variants that change who sees what.
    bots:
        The game's own bots: name -> factory (``factory()`` or ``factory(option)``);
        more may come from the ``cipherkit.bots`` entry-point group.

    Presentation hooks (optional; generic tools such as ``Replay`` use them instead of
    knowing any game by name):

    title:
        ``title(state) -> str``, e.g. the mission's title (default: the game's name).
    seat_names:
        ``seat_names(state) -> list[str]``, public names of the seats.
    omniscient:
        ``omniscient(state) -> (observation, truth)``: the author's view after the
        fact, an observation-shaped dict with everything filled in and a dict of the
        hidden facts (default: the spectator's observation and ``to_json()``).
    board:
        ``board(observation, truth_or_None) -> dict``: a drawing of one observation
        for replays, as ``{"svg": str | None, "facts": [[label, value]], "tables":
        [{"title", "columns", "rows"}], "details": {...}}``.
    shared_with:
        ``shared_with(state, seat) -> seats``: the seats whose one action now decides
        for ``seat`` too (intercept: the team's one guess; default: ``seat`` alone). A
        :class:`~cipherkit.core.session.Session` made with ``people_decide=True`` (rooms)
        lets a bot take such a decision only when no person among those seats may.
    clock:
        ``clock(state) -> Clock | None``: the real-time limit the game waits on now, if
        any (intercept's sand timer). Rooms keep it on the server.

    Platform hooks (optional; the Play together page, the rooms store, the teacher's
    class plans and the command line read them, so a registered game appears in all of
    them without any of them naming it; ``docs/games.md`` shows a new game plugged in):

    label:
        The game's name as people read it (``"Decipher"``; default: :attr:`name`).
    blurb:
        One sentence saying what the game is, for the pages that offer it.
    player_counts:
        The seat counts a room may have (default: ``seats(None)`` alone).
    default_players:
        The seat count offered first (default: the first of :attr:`player_counts`).
    teams:
        Team names a person may ask for when joining (empty: no teams).
    default_bots:
        The bots that take empty seats, the first one registered wins (default:
        ``random``).
    languages:
        The table languages the game's own content comes in (a config's ``language``:
        Intercept's keywords); empty: the game has no such content, its words follow
        each viewer. A page making a room asks for its own language when offered.
    bot_languages:
        The table languages the game's bots play in, read from a config's ``language``
        (default ``"en"``); empty: any. Intercept's bots play English only
        (``("en",)``), so a page offers no bot seat at a Russian table.
    room_options:
        The :class:`RoomOption` choices a page offers when it makes a room.
    room_config:
        ``room_config(players, options) -> config or None``: the config of a room with
        ``players`` seats and the chosen options (default: ``{"players": players}`` when
        the game has that option, else ``None``).
    room_content:
        ``room_content(players, options, content) -> config``: the config of a room
        that holds ``content`` the server offers (a mission file for a mission room; the
        teacher's page lists what its gallery holds), when the game takes content.
    progress:
        ``progress(spectator_observation) -> (how_far, score)``: two short texts for
        the teacher's room table (default: the turn number, if the view has one).
    action_words:
        ``action_words(notation) -> str``: a legal action as a person reads it, in the
        language in force, for the generic table's buttons (default: the notation).
    """

    name: str
    new_game: Callable[..., StateT]
    parse_action: Callable[[str], Action]
    state_type: type[StateT]
    seats: Callable[[Mapping[str, Any] | None], int]
    viewers: Callable[[StateT], list[Viewer]]
    hidden_variants: Callable[[StateT, Viewer, Rng], StateT]
    default_config: Mapping[str, Any] = field(default_factory=dict)
    example_configs: tuple[Mapping[str, Any] | None, ...] = (None,)
    bots: Mapping[str, Callable[..., Any]] = field(default_factory=dict)
    title: Callable[[StateT], str] | None = None
    seat_names: Callable[[StateT], list[str]] | None = None
    omniscient: Callable[[StateT], tuple[JsonDict, JsonDict]] | None = None
    board: Callable[[JsonDict, JsonDict | None], JsonDict] | None = None
    shared_with: Callable[[StateT, Seat], Collection[Seat]] | None = None
    clock: Callable[[StateT], Clock | None] | None = None
    label: str = ""
    blurb: str = ""
    player_counts: tuple[int, ...] = ()
    default_players: int | None = None
    teams: tuple[str, ...] = ()
    default_bots: tuple[str, ...] = ()
    languages: tuple[str, ...] = ()
    bot_languages: tuple[str, ...] = ()
    room_options: tuple[RoomOption, ...] = ()
    room_config: Callable[[int, Mapping[str, Any]], Mapping[str, Any] | None] | None = None
    room_content: Callable[[int, Mapping[str, Any], Any], Mapping[str, Any]] | None = None
    progress: Callable[[JsonDict], tuple[str, str]] | None = None
    action_words: Callable[[str], str] | None = None

    def state_from_json(self, data: Mapping[str, Any]) -> StateT:
        """Rebuild a state of this game from its ``to_json`` dict."""
        return self.state_type.from_json(data)

    @property
    def display_name(self) -> str:
        """:attr:`label`, or the name itself.

        >>> from cipherkit.core.registry import get_game
        >>> get_game("decipher").display_name
        'Decipher'
        """
        return self.label or self.name

    def seat_counts(self) -> tuple[int, ...]:
        """The seat counts a room of this game may have.

        >>> from cipherkit.core.registry import get_game
        >>> get_game("mission").seat_counts()
        (1, 2, 3, 4)
        """
        return self.player_counts or (self.seats(None),)

    def usual_players(self) -> int:
        """The seat count a page offers first.

        >>> from cipherkit.core.registry import get_game
        >>> get_game("intercept").usual_players()
        4
        """
        counts = self.seat_counts()
        return self.default_players if self.default_players in counts else counts[0]

    def make_room_config(
        self,
        players: int,
        options: Mapping[str, Any] | None = None,
        content: Any = None,
        *,
        language: str | None = None,
    ) -> dict[str, Any] | None:
        """The config of a room with ``players`` seats and the chosen ``options`` (and
        ``content``, for a game that takes some: :attr:`room_content`).

        A seat count the game does not offer, or an option it does not know, is a
        :class:`~cipherkit.core.errors.ConfigError`.

        >>> from cipherkit.core.registry import get_game
        >>> get_game("intercept").make_room_config(4, {"timer": 60})
        {'players': 4, 'timer': 60}
        >>> get_game("decipher").make_room_config(2) is None
        True
        """
        if isinstance(players, bool) or players not in self.seat_counts():
            counts = ", ".join(map(str, self.seat_counts()))
            raise ConfigError.say(
                "{game} is for {counts} players, not {players}",
                game=self.display_name,
                counts=counts,
                players=repr(players),
            )
        known = {option.key: option for option in self.room_options}
        chosen: dict[str, Any] = {
            key: option.value(option.default) for key, option in known.items()
        }
        for key, value in (options or {}).items():
            if key not in known:
                raise ConfigError.say(
                    "{game} has no room option {key}", game=self.display_name, key=repr(key)
                )
            chosen[key] = known[key].value(value)
        if language in self.languages:  # the table's own content in the page's language
            chosen["language"] = language
        if content is not None:
            if self.room_content is None:
                raise ConfigError.say("{game} rooms hold no chosen content", game=self.display_name)
            return dict(self.room_content(players, chosen, content))
        if self.room_config is not None:
            config = self.room_config(players, chosen)
            return None if config is None else dict(config)
        if "players" in self.default_config:
            return {"players": players}
        return None

    def describe_progress(self, view: Mapping[str, Any]) -> tuple[str, str]:
        """How far a game is and its score, from the spectator's observation.

        >>> from cipherkit.core.registry import get_game
        >>> get_game("decipher").describe_progress({"turn_number": 3, "hits": [[True], []]})
        ('turn 3', 'hits 1 : 0')
        """
        if self.progress is not None:
            return self.progress(dict(view))
        turn = view.get("turn_number") or view.get("turn")
        return (_("turn {n}", n=turn) if isinstance(turn, int) and turn else ""), ""


def merge_config(
    defaults: Mapping[str, Any], config: Mapping[str, Any] | None, *, game: str
) -> dict[str, Any]:
    """Defaults overlaid with ``config``; an unknown key is a :class:`ConfigError`.

    >>> merge_config({"a": 1, "b": 2}, {"b": 3}, game="demo")
    {'a': 1, 'b': 3}
    """
    merged = dict(defaults)
    for key, value in (config or {}).items():
        if key not in defaults:
            known = ", ".join(sorted(defaults))
            raise ConfigError.say(
                "{game}: unknown config option {key} (known: {known})",
                game=game,
                key=repr(key),
                known=known,
            )
        merged[key] = value
    return merged
