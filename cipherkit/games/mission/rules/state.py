"""The mission's true state: one dataclass whose fields are the whole game, its queries,
its JSON form, and the game protocol (whose rules are :mod:`.rulebook`'s functions).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, NamedTuple, Self

from cipherkit.core.protocol import Action, Event, JsonDict, Outcome, Seat, State, Viewer
from cipherkit.core.rng import Rng
from cipherkit.games.mission.content.characters import BUILTIN, Character
from cipherkit.games.mission.content.console import spell
from cipherkit.games.mission.content.mission import Mission
from cipherkit.games.mission.content.secret_rules import Limits, limits_for
from cipherkit.games.mission.content.tokens import ACTIONS
from cipherkit.games.mission.content.words import the_room
from cipherkit.games.mission.rules import rulebook, vote
from cipherkit.games.mission.rules.config import make_config, mission_from_config
from cipherkit.games.mission.rules.observation import MissionObservation
from cipherkit.games.mission.rules.observe import observe
from cipherkit.games.mission.rules.phases import ACT, ACTION_NAMES, SOLVE
from cipherkit.games.mission.rules.tables import Tables, tables_for
from cipherkit.i18n import Message, say

__all__ = ["MissionState"]


class _Fixed(NamedTuple):
    """What a game's config decides once, before the first card is dealt: the first
    fields of :class:`MissionState`, by the same names."""

    config: dict[str, Any]
    mission: Mission
    t: Tables
    chars: tuple[Character, ...]
    players: int
    seat_of: tuple[Seat, ...]
    limits: Limits
    hand_size: int
    optional_peril: bool


def _fixed(config: dict[str, Any]) -> _Fixed:
    """The config's fixed parts: the mission, its tables, the characters and their seats."""
    mission = mission_from_config(config["mission"])
    offered = {c.id: c for c in mission.characters}
    chars = tuple(offered.get(cid) or BUILTIN[cid] for cid in config["characters"])
    players: int = config["players"]
    limits = limits_for(config.get("secrets", ()))
    return _Fixed(
        config=config,
        mission=mission,
        t=tables_for(mission),
        chars=chars,
        players=players,
        seat_of=tuple(i % players for i in range(len(chars))),
        limits=limits,
        hand_size=mission.deck.hand_size + limits.hand,
        optional_peril=config["optional_draw_in_peril"],
    )


@dataclass(kw_only=True, slots=True, eq=False, repr=False)
class MissionState(State[MissionObservation]):
    """The true state of a mission game (docs/rules/mission.md): its fields are the game.

    Cards, tokens, rooms and glyphs are indices into :attr:`t` (the mission's
    :class:`~cipherkit.games.mission.rules.tables.Tables`); ``-1`` means "none" for
    :attr:`room`, :attr:`fresh` and :attr:`proposer`. Make one with
    :func:`~cipherkit.games.mission.rules.engine.new_game`, :meth:`new` or
    :meth:`from_json`. What each action does, and when it is legal, is in
    :mod:`.rulebook` (the ``RULES`` table).
    """

    game_name = "mission"

    # fixed by the config: never changed, so copies share them
    config: dict[str, Any]
    mission: Mission
    t: Tables
    chars: tuple[Character, ...]
    players: int
    seat_of: tuple[Seat, ...]
    limits: Limits
    hand_size: int
    optional_peril: bool
    # cards
    rng: Rng
    deck: list[int]
    discard: list[int]
    time_icons: int
    hands: list[list[int]]
    piles: list[list[int]]
    blocks: list[list[int]]
    peril: bool
    # the building: positions, token stacks, the card's windows
    pos: list[int]
    stacks: list[list[int]]
    faceup: list[list[int]]
    collected: list[int]
    removed: list[int]
    opened: list[bool]
    key: list[str | None]
    peeks: list[set[int]]
    # whose turn and what is under way
    turn: int
    turn_number: int
    phase: str
    actions_taken: int
    steps: int
    stage: int
    room: int
    fresh: int
    forced: bool
    # a proposed answer
    proposal: str | None
    proposer: Seat
    votes: set[Seat]
    resume: str
    # what has happened
    log: list[dict[str, Any]]
    """What happened, as structured messages (``Message.to_json()``: an id and its
    parameters, no words); a page says each in its viewer's language."""
    _outcome: Outcome | None = None
    _out: list[Event] = field(default_factory=list)
    # the actions legal_actions last listed, and for which seat (None once one is taken)
    _listed: tuple[Seat, tuple[Action, ...]] | None = field(default=None, compare=False, repr=False)

    # ------------------------------------------------------------------ setup
    @classmethod
    def new(cls, config: Mapping[str, Any] | None = None, *, seed: int) -> Self:
        """A new game: the deck shuffled, hands dealt, the stacks laid out and the characters at
        the entrance.
        """
        f = _fixed(make_config(config))
        t = f.t
        rng = Rng(seed)
        deck = list(range(t.cards.resource_count))
        rng.shuffle(deck)
        discard = list(t.cards.time_ids)
        hands = [[deck.pop() for _ in range(f.hand_size)] for _ in f.chars]
        stacks = [list(s) for s in t.initial_stacks]
        first = f.config["first_player"]
        turn: int = rng.randbelow(len(f.chars)) if first is None else first
        if f.mission.deal == "shuffled":  # docs/rules/mission.md §1.4, setup step 2
            tokens = [token for stack in stacks for token in stack]
            rng.shuffle(tokens)
            for stack in stacks:
                stack[:], tokens = tokens[: len(stack)], tokens[len(stack) :]
        return cls(
            **f._asdict(),
            rng=rng,
            deck=deck,
            discard=discard,
            time_icons=sum(t.cards.icons[c] for c in discard),
            hands=hands,
            piles=[[] for _ in ACTIONS],
            blocks=[[] for _ in ACTIONS],
            peril=False,
            pos=[t.entrance] * len(f.chars),
            stacks=stacks,
            faceup=[[] for _ in t.rooms],
            collected=[],
            removed=[],
            opened=[False] * len(t.glyphs),
            key=list(t.key),
            peeks=[set() for _ in range(f.players)],
            turn=turn,
            turn_number=1,
            phase=ACT,
            actions_taken=0,
            steps=0,
            stage=0,
            room=-1,
            fresh=-1,
            forced=False,
            proposal=None,
            proposer=-1,
            votes=set(),
            resume=ACT,
            log=[say("{name} goes first.", name=f.chars[turn].name).to_json()],
        )

    def name(self, character: int) -> str:
        """The name of the character numbered ``character``."""
        return self.chars[character].name

    def seat_name(self, seat: Seat) -> str:
        """The seat named by its characters (``"Mara & Teo"`` for a seat playing two)."""
        names = [self.name(c) for c, s in enumerate(self.seat_of) if s == seat]
        return " & ".join(names) or f"Player {seat + 1}"

    # ------------------------------------------------------------------ the protocol
    # what each action does and when it is legal: the rulebook's RULES table
    legal_actions = rulebook.legal_actions
    check = rulebook.check
    apply = rulebook.apply
    _apply = rulebook.carry_out

    def observe(self, viewer: Viewer) -> MissionObservation:
        return observe(self, viewer)

    # ------------------------------------------------------------------ queries
    @property
    def outcome(self) -> Outcome | None:
        return self._outcome

    @property
    def current_seat(self) -> Seat:
        """The seat that plays the character whose turn it is."""
        return self.seat_of[self.turn]

    def actors(self) -> list[Seat]:
        if self._outcome is not None:
            return []
        if self.phase == SOLVE:
            return sorted(self.votes)
        return [self.seat_of[self.turn]]

    def answer_open(self) -> bool:
        """Whether every window of the answer cells is open."""
        return all(map(self.opened.__getitem__, self.t.answer_glyphs))

    def reading(self, *, answer_only: bool = True) -> str:
        """What the open windows read (``?`` for a closed window)."""
        t = self.t
        memo = t.reading_memo
        memo_key = (answer_only, tuple(self.opened), tuple(self.key))
        text = memo.get(memo_key)
        if text is None:
            content = {g: (self.key[i] if self.opened[i] else None) for i, g in enumerate(t.glyphs)}
            cells = self.mission.answer_cells if answer_only else self.mission.cells
            text = spell(cells, content)
            if len(memo) >= 4096:
                memo.clear()
            memo[memo_key] = text
        return text

    def true_answer(self) -> str:
        """The answer this state's hidden window contents spell (never shown to players)."""
        content = dict(zip(self.t.glyphs, self.key, strict=True))
        return spell(self.mission.answer_cells, content)

    def cards_in_hand(self, character: int) -> list[str]:
        """The labels of the cards in the hand of the character numbered ``character``."""
        return [self.t.cards.labels[c] for c in self.hands[character]]

    def can_act(self, character: int) -> bool:
        """Whether the character could take any action (else: forced pass)."""
        hand = self.hands[character]
        if len(hand) >= 2:
            return True
        if not hand:
            return False
        value = self.t.cards.value
        v = value[hand[0]]
        for pile, blocked in zip(self.piles, self.blocks, strict=True):
            if not blocked and (not pile or value[pile[-1]] < v):
                return True
        return False

    def campaign_result(self) -> dict[str, Any]:
        """After the game: ``result`` (win/loss), the ``next`` mission and what unlocks."""
        return vote.campaign_result(self)

    def emit(self, kind: str, data: dict[str, Any], said: Message) -> None:
        """Record an event of the action being carried out, and its message in the log
        (its id and parameters: each seat reads it in its own language)."""
        self._out.append(Event(kind, data, said))
        self.log.append(said.to_json())

    # ------------------------------------------------------------------ persistence
    def to_json(self) -> JsonDict:
        t = self.t
        rooms = t.rooms
        return {
            "game": "mission",
            "config": self.config,
            "rng": self.rng.to_json(),
            "deck": list(self.deck),
            "discard": list(self.discard),
            "hands": [list(h) for h in self.hands],
            "piles": [list(p) for p in self.piles],
            "blocks": [list(b) for b in self.blocks],
            "positions": [rooms[r] for r in self.pos],
            "stacks": {rooms[r]: list(s) for r, s in enumerate(self.stacks)},
            "faceup": {rooms[r]: list(s) for r, s in enumerate(self.faceup)},
            "collected": list(self.collected),
            "removed": list(self.removed),
            "opened": [g for g, o in zip(t.glyphs, self.opened, strict=True) if o],
            "key": dict(zip(t.glyphs, self.key, strict=True)),
            "peril": self.peril,
            "time_icons": self.time_icons,
            "turn": self.turn,
            "turn_number": self.turn_number,
            "phase": self.phase,
            "actions_taken": self.actions_taken,
            "steps": self.steps,
            "stage": self.stage,
            "room": None if self.room < 0 else rooms[self.room],
            "fresh": self.fresh,
            "forced": self.forced,
            "peeks": [sorted(p) for p in self.peeks],
            "proposal": None
            if self.proposal is None
            else {
                "text": self.proposal,
                "proposer": self.proposer,
                "votes": sorted(self.votes),
                "resume": self.resume,
            },
            "log": list(self.log),
            "outcome": None if self._outcome is None else self._outcome.to_json(),
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Self:
        f = _fixed(make_config(data["config"]))
        t = f.t
        index = t.room_index
        opened = set(data["opened"])
        proposal = data["proposal"]
        return cls(
            **f._asdict(),
            rng=Rng.from_json(data["rng"]),
            deck=list(data["deck"]),
            discard=list(data["discard"]),
            time_icons=int(data["time_icons"]),
            hands=[list(h) for h in data["hands"]],
            piles=[list(p) for p in data["piles"]],
            blocks=[list(b) for b in data["blocks"]],
            peril=bool(data["peril"]),
            pos=[index[r] for r in data["positions"]],
            stacks=[list(data["stacks"][r]) for r in t.rooms],
            faceup=[list(data["faceup"][r]) for r in t.rooms],
            collected=list(data["collected"]),
            removed=list(data["removed"]),
            opened=[g in opened for g in t.glyphs],
            key=[data["key"][g] for g in t.glyphs],
            peeks=[set(p) for p in data["peeks"]],
            turn=data["turn"],
            turn_number=data["turn_number"],
            phase=data["phase"],
            actions_taken=data["actions_taken"],
            steps=data["steps"],
            stage=data["stage"],
            room=-1 if data["room"] is None else index[data["room"]],
            fresh=data["fresh"],
            forced=bool(data["forced"]),
            proposal=None if proposal is None else proposal["text"],
            proposer=-1 if proposal is None else proposal["proposer"],
            votes=set() if proposal is None else set(proposal["votes"]),
            resume=ACT if proposal is None else proposal["resume"],
            log=list(data["log"]),
            _outcome=Outcome.from_json(data["outcome"]),
        )

    def copy(self) -> Self:
        # Field by field on a bare instance: this is 1.6 times faster than calling the
        # generated __init__ with 41 keywords (replays and search bots copy often).
        cls = type(self)
        twin = cls.__new__(cls)
        twin.config = self.config
        twin.mission = self.mission
        twin.t = self.t
        twin.chars = self.chars
        twin.players = self.players
        twin.seat_of = self.seat_of
        twin.limits = self.limits
        twin.hand_size = self.hand_size
        twin.optional_peril = self.optional_peril
        twin.rng = self.rng.copy()
        twin.deck = self.deck[:]
        twin.discard = self.discard[:]
        twin.time_icons = self.time_icons
        twin.hands = [h[:] for h in self.hands]
        twin.piles = [p[:] for p in self.piles]
        twin.blocks = [b[:] for b in self.blocks]
        twin.peril = self.peril
        twin.pos = self.pos[:]
        twin.stacks = [s[:] for s in self.stacks]
        twin.faceup = [s[:] for s in self.faceup]
        twin.collected = self.collected[:]
        twin.removed = self.removed[:]
        twin.opened = self.opened[:]
        twin.key = self.key[:]
        twin.peeks = [set(p) for p in self.peeks]
        twin.turn = self.turn
        twin.turn_number = self.turn_number
        twin.phase = self.phase
        twin.actions_taken = self.actions_taken
        twin.steps = self.steps
        twin.stage = self.stage
        twin.room = self.room
        twin.fresh = self.fresh
        twin.forced = self.forced
        twin.proposal = self.proposal
        twin.proposer = self.proposer
        twin.votes = set(self.votes)
        twin.resume = self.resume
        twin.log = self.log[:]
        twin._outcome = self._outcome
        twin._out = []
        twin._listed = None
        return twin

    # ------------------------------------------------------------------ views
    def __repr__(self) -> str:
        return (
            f"<MissionState {self.mission.id} turn {self.turn_number} phase={self.phase} "
            f"to_move={self.actors()} deck={len(self.deck)} peril={self.peril}>"
        )

    def _repr_svg_(self) -> str:
        """The board as a spectator sees it (map and console), drawn lazily."""
        from cipherkit.games.mission.art.notebook import state_svg

        return state_svg(self.observe("spectator"), self.mission)

    def _repr_html_(self) -> str:
        import html

        summary = html.escape(self.summary())
        return f"<pre class='cipherkit-mission-state'>{summary}</pre><div>{self._repr_svg_()}</div>"

    def summary(self) -> str:
        """A spectator's text summary (no hidden information)."""
        t = self.t
        lines = [f"{self.mission.title}: turn {self.turn_number}, {self.phase}"]
        lines.append(f"Reads: {self.reading(answer_only=False)}")
        piles = ", ".join(
            f"{ACTION_NAMES[a]} {t.cards.labels[p[-1]] if p else '-'}{' (blocked)' * bool(b)}"
            for a, p, b in zip(ACTIONS, self.piles, self.blocks, strict=True)
        )
        lines.append(f"Piles: {piles}")
        peril = " IN PERIL" if self.peril else ""
        lines.append(
            f"Deck {len(self.deck)}, discard {len(self.discard)} "
            f"({self.time_icons} time icons){peril}"
        )
        for c, ch in enumerate(self.chars):
            n = len(self.hands[c])
            lines.append(
                f"{ch.name} ({ch.ability}) in {the_room(t.room_names[self.pos[c]])}, "
                f"{n} card{'s' * (n != 1)}"
            )
        return "\n".join(lines)
