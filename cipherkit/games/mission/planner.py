"""The planner: a co-operative mission team that plays from its observations only.

Every seat runs the same plan on what it sees (all of it public except its own hand),
so the seats agree without talking. On its turn a character:

* **proposes** the answer as soon as the answer model (:mod:`.answers`) is sure enough,
  or the reading once every answer window is open; a seat asked to confirm checks the
  proposal against its own model;
* **gathers** in its room while the room holds a face-up card glyph or face-down tokens
  (collecting needed glyphs first, leaving the ones already open);
* otherwise **runs** along a shortest path on the room graph (open passages only) to
  the best target: face-up needed glyphs count 1, each face-down token the chance that
  it is a missing glyph, divided by the Run actions plus the Gather it costs to get
  there; rooms a teammate stands in count half, cameras cost a card for every turn
  that ends beside them (a team **steps around traps it has seen**: it does not end a
  turn under a camera it could leave, and it does not turn up a trap an archivist
  has peeked at);
* **spends low cards first**: on each pile, the lowest card that beats the top;
* **Regroups** when the pile it needs is beyond its hand or blocked and the Regroup
  pile still takes one of its cards, clearing the most burdened pile;
* uses **Intel** on a far room nobody is near, to clear decoys and learn where the
  missing glyphs are (only when nothing better is playable);
* uses its **ability** where it pays: slip through a wall that saves a long detour,
  unblock or disarm, lower a pile when Regroup is out of reach, scout or peek with cards
  it could not play anyway;
* takes a second action only when it is useful (every card played brings the end of
  the deck nearer), and ends the turn otherwise;
* **In Peril** draws only while the chance that the next card loses the game is low
  (the time cards not in the discard pile are in the deck) and keeps specials for
  emergencies; a team that would lose for sure otherwise (nothing left to find, or a
  hand that cannot act with a risky draw ahead) guesses among at most three candidates.

Strength: ``planner:weak`` (no word list: proposes only the full reading; no Intel,
abilities, trap care or team spreading; draws blindly In Peril; picks its cards at
random, always takes a second action and blunders on 10% of main decisions),
``planner`` / ``planner:normal``, and ``planner:strong``, which also anticipates its
teammates (a room a teammate reaches sooner is worth less: 0.6 for each such teammate)
and is more careful In Peril (draws only while a losing time card is at most 10%
likely, against 20%). Options follow the level after commas, for example
``planner:strong,confidence=0.5,intel=off`` (see :meth:`PlannerSettings.parse`).
Measured win rates are in ``docs/playtest.md``; ``desperate=on`` (guess as soon as
the clock is nearly out) is offered but loses more games than it saves.

Examples
--------
>>> from cipherkit.core.rng import Rng
>>> from cipherkit.games.mission import new_game
>>> from cipherkit.games.mission.planner import make_planner
>>> state = new_game({"players": 1, "first_player": 0}, seed=3)
>>> bot = make_planner("strong")
>>> action = bot.act(state.observe(0), state.legal_actions(0), Rng(1))
>>> state.is_legal(0, action), str(action)
(True, 'play 1 gather')
>>> make_planner("weak").settings.use_words, bot.settings.level
(False, 'strong')
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from functools import lru_cache
from typing import TYPE_CHECKING, Any

import networkx as nx

from cipherkit.core.errors import CipherkitError
from cipherkit.core.protocol import Action
from cipherkit.core.rng import Rng
from cipherkit.games.mission.actions import (
    CONFIRM,
    DRAW,
    END,
    KEEP,
    LEAVE,
    PASS,
    PROPOSE_READING,
    REJECT,
    REVEAL,
    REVEAL_TOP,
    STOP,
    STOP_DRAWING,
    SWAP,
    Collect,
    Disarm,
    IntelRoom,
    Lower,
    Peek,
    Play,
    Propose,
    RegroupCard,
    Scout,
    Slip,
    Special,
    Step,
    Unblock,
)
from cipherkit.games.mission.answers import AnswerModel, Assessment, CardCell, card_cells
from cipherkit.games.mission.secrets import LOSS_ICONS, RUN_STEPS

if TYPE_CHECKING:
    from cipherkit.games.mission import MissionState
    from cipherkit.games.mission.model import Mission

RUN, GATHER, INTEL, REGROUP = "run", "gather", "intel", "regroup"
PILES = (RUN, GATHER, INTEL, REGROUP)
PILE_INDEX = {name: i for i, name in enumerate(PILES)}
FAR = 99
"""Distance to a room no open passage leads to."""


def _limit(obs: Mapping[str, Any], name: str, default: int) -> int:
    """A limit of the game being played (secret rules may change it)."""
    rules = obs.get("rules")
    return int(rules[name]) if rules else default


def _loss_icons(obs: Mapping[str, Any]) -> int:
    return _limit(obs, "loss_icons", LOSS_ICONS)


GUESS_AMONG = 3
"""A team that would otherwise lose guesses when at most this many candidates are left."""
DEFAULT_TIME = ("T1", "T1", "T1", "T2")
"""The time cards assumed when a seat never saw the discard pile before peril."""

ABILITY_SLIP, ABILITY_SCOUT, ABILITY_LOWER, ABILITY_PEEK, ABILITY_DISARM = (
    "slip",
    "scout",
    "lower",
    "peek",
    "disarm",
)


# ---------------------------------------------------------------- settings
@dataclass(frozen=True, slots=True)
class PlannerSettings:
    """How well the planner plays (see the module docstring for the levels).

    >>> PlannerSettings.level_named("strong").peril_risk
    0.1
    >>> PlannerSettings.parse("weak,confidence=0.5").confidence
    0.5
    """

    level: str = "normal"
    confidence: float = 1.0
    """Propose when the answer model gives the best candidate at least this chance."""
    use_words: bool = True
    """Read partial answers against the word list (else wait for every answer window)."""
    use_intel: bool = True
    use_abilities: bool = True
    avoid_traps: bool = True
    careful_peril: bool = True
    """In Peril, draw only while the next card is unlikely to lose the game."""
    coordinate: bool = True
    """Count rooms a teammate stands in half (spread out)."""
    low_cards_first: bool = True
    end_early: bool = True
    """End the turn after one action when a second would not help."""
    desperate: bool = False
    """Guess among a few candidates when time is about to run out."""
    blunder: float = 0.0
    """Chance of a random legal main action."""
    anticipate: bool = False
    """Count rooms teammates reach sooner at a discount too."""
    focus: bool = True
    """Once few candidates are left, chase only the glyphs that tell them apart."""
    peril_confidence: float = 1.0
    """In Peril, once a time card has been drawn, propose at this chance already."""
    peril_risk: float = 0.2
    """In Peril, the largest chance of drawing a losing time card the team accepts."""
    propose: bool = True
    """Propose answers. ``propose=off`` is the team-mate of a person on a page: it plays
    cards, opens windows and votes on the person's proposal, but never answers for them."""

    @staticmethod
    def level_named(level: str) -> PlannerSettings:
        """The settings of the planner level named ``level``; an unknown one is a one-line error."""
        try:
            return LEVELS[level]
        except KeyError:
            known = ", ".join(LEVELS)
            raise CipherkitError(f"unknown planner level {level!r} (known: {known})") from None

    @staticmethod
    def parse(option: str) -> PlannerSettings:
        """``LEVEL[,key=value...]``: ``confidence``, ``peril_risk`` and ``blunder`` take a
        number, ``words``, ``intel``, ``abilities``, ``traps``, ``peril``,
        ``coordinate``, ``anticipate``, ``focus``, ``desperate`` and ``propose`` take
        ``on`` or ``off``."""
        parts = [p.strip() for p in option.split(",") if p.strip()]
        settings = LEVELS["normal"]
        if parts and "=" not in parts[0]:
            settings = PlannerSettings.level_named(parts.pop(0))
        for part in parts:
            key, sep, value = part.partition("=")
            if not sep:
                raise CipherkitError(f"planner option {part!r}: write key=value")
            settings = _set_option(settings, key.strip(), value.strip())
        return settings


def _set_option(settings: PlannerSettings, key: str, value: str) -> PlannerSettings:
    try:
        if key == "confidence":
            number = float(value)
            if not 0.0 < number <= 1.0:
                raise ValueError
            return replace(settings, confidence=number)
        if key in ("peril_risk", "blunder"):
            number = float(value)
            if not 0.0 <= number <= 1.0:
                raise ValueError
            changes: dict[str, Any] = {key: number}  # a float field named by the option
            return replace(settings, **changes)
        if key in SWITCHES:
            if value not in ("on", "off"):
                raise ValueError
            switch: dict[str, Any] = {SWITCHES[key]: value == "on"}  # a bool field
            return replace(settings, **switch)
    except ValueError:
        raise CipherkitError(f"planner option {key}={value!r} is out of range") from None
    known = ", ".join(["confidence", "peril_risk", "blunder", *SWITCHES])
    raise CipherkitError(f"unknown planner option {key!r} (known: {known})")


SWITCHES = {
    "words": "use_words",
    "intel": "use_intel",
    "abilities": "use_abilities",
    "traps": "avoid_traps",
    "peril": "careful_peril",
    "coordinate": "coordinate",
    "focus": "focus",
    "anticipate": "anticipate",
    "desperate": "desperate",
    "propose": "propose",
}
"""``key=on|off`` options and the settings they switch."""


LEVELS: dict[str, PlannerSettings] = {
    "weak": PlannerSettings(
        level="weak",
        use_words=False,
        use_intel=False,
        use_abilities=False,
        avoid_traps=False,
        careful_peril=False,
        coordinate=False,
        low_cards_first=False,
        end_early=False,
        focus=False,
        blunder=0.1,
    ),
    "normal": PlannerSettings(level="normal"),
    "strong": PlannerSettings(level="strong", peril_risk=0.1, anticipate=True),
}


@lru_cache(maxsize=64)
def answer_model(
    candidates: tuple[str, ...] = (), confidence: float = 1.0, use_words: bool = True
) -> AnswerModel:
    """A shared answer model (its memo then serves every game in the process)."""
    return AnswerModel("shipped" if use_words else None, candidates, confidence=confidence)


# ---------------------------------------------------------------- the board
@dataclass(frozen=True, eq=False)
class Board:
    """What the planner precomputes once per mission (from the public mission data):
    rooms as indices, open and any adjacency, shortest-path distances and next hops on
    the room graph, and the card's cells and glyphs.

    >>> from cipherkit.games.mission.samples import demo_mission
    >>> board = Board.of(demo_mission().public_dict())
    >>> board.dist[board.index["gallery"]][board.index["vault"]]   # round by the study
    3
    >>> [board.rooms[i] for i in board.hops[0][board.index["vault"]]]
    ['study']
    """

    rooms: tuple[str, ...]
    index: Mapping[str, int]
    open_adj: tuple[tuple[int, ...], ...]
    any_adj: tuple[tuple[int, ...], ...]
    nearby: tuple[tuple[int, ...], ...]
    dist: tuple[tuple[int, ...], ...]
    hops: tuple[tuple[tuple[int, ...], ...], ...]
    cells: tuple[CardCell, ...]
    card_glyphs: tuple[str, ...]
    answer_glyphs: frozenset[str]
    card_set: frozenset[str]

    @staticmethod
    def of(mission: Mapping[str, Any]) -> Board:
        """The board precomputed from a mission's public data (``mission.public_dict()``)."""
        rooms = tuple(r["id"] for r in mission["rooms"])
        index = {r: i for i, r in enumerate(rooms)}
        open_graph: nx.Graph[int] = nx.Graph()
        open_graph.add_nodes_from(range(len(rooms)))
        any_adj: list[list[int]] = [[] for _ in rooms]
        for p in mission["passages"]:
            a, b = (index[r] for r in p["rooms"])
            any_adj[a].append(b)
            any_adj[b].append(a)
            if p["open"]:
                open_graph.add_edge(a, b)
        lengths = dict(nx.all_pairs_shortest_path_length(open_graph))
        n = len(rooms)
        dist = tuple(tuple(lengths[a].get(b, FAR) for b in range(n)) for a in range(n))
        open_adj = tuple(tuple(sorted(open_graph.neighbors(a))) for a in range(n))
        hops = tuple(
            tuple(
                tuple(x for x in open_adj[a] if dist[a][b] < FAR and dist[x][b] == dist[a][b] - 1)
                for b in range(n)
            )
            for a in range(n)
        )
        cells = card_cells(mission["cells"])
        answer_cells = [c for c in cells if c.answer] or list(cells)
        return Board(
            rooms=rooms,
            index=index,
            open_adj=open_adj,
            any_adj=tuple(tuple(sorted(set(a))) for a in any_adj),
            nearby=tuple((a, *open_adj[a]) for a in range(n)),
            dist=dist,
            hops=hops,
            cells=cells,
            card_glyphs=tuple(dict.fromkeys(c.glyph for c in cells)),
            answer_glyphs=frozenset(c.glyph for c in answer_cells),
            card_set=frozenset(c.glyph for c in cells),
        )


_BOARDS: dict[Any, Board] = {}


def board_for(mission: Mapping[str, Any]) -> Board:
    """The (cached) :class:`Board` of a public mission dict."""
    key = (
        mission["id"],
        tuple(r["id"] for r in mission["rooms"]),
        tuple((*p["rooms"], p["open"]) for p in mission["passages"]),
        tuple((c["glyph"], c["word"], c["answer"]) for c in mission["cells"]),
    )
    board = _BOARDS.get(key)
    if board is None:
        if len(_BOARDS) > 256:
            _BOARDS.clear()
        board = _BOARDS[key] = Board.of(mission)
    return board


def card_value(label: str) -> int:
    """A resource card's value from its label (``"12Y"`` -> 12)."""
    return _VALUES.get(label) or _value(label)


_VALUES: dict[str, int] = {}


def _value(label: str) -> int:
    value = int(label[:-1])
    _VALUES[label] = value
    return value


def glyph_of(label: str) -> str:
    """The glyph id of a face-up token label (``"sun[dot]"`` -> ``"sun"``)."""
    cut = label.find("[")
    return label if cut < 0 else label[:cut]


# ---------------------------------------------------------------- a decision's view
class _View:
    """The facts one decision needs, read once from the observation."""

    __slots__ = (
        "ability",
        "blocked",
        "board",
        "c",
        "cameras",
        "chars_at",
        "face_needed",
        "face_useful",
        "hand",
        "here",
        "known",
        "needed",
        "obs",
        "opened",
        "p_hidden",
        "pos",
        "stacks",
        "target",
        "tops",
        "useful",
    )

    def __init__(
        self,
        obs: Mapping[str, Any],
        board: Board,
        opened: dict[str, str],
        focus: frozenset[str] | None = None,
    ) -> None:
        self.obs = obs
        self.board = board
        c = obs["turn"]
        self.c = c
        chars = obs["characters"]
        index = board.index
        self.pos = [index[ch["room"]] for ch in chars]
        self.here = self.pos[c]
        self.ability = chars[c]["ability"]
        hand = obs["hands"][c] or []
        self.hand = sorted(card_value(x) for x in hand)
        piles = obs["piles"]
        self.tops = [card_value(piles[a][-1]) if piles[a] else 0 for a in PILES]
        blocked = obs["blocked"]
        self.blocked = [blocked[a] > 0 for a in PILES]
        self.opened = opened
        # the glyphs worth opening: those that tell the candidates left apart, if known
        self.needed = focus if focus else board.answer_glyphs.difference(opened)
        self.useful = {g for g in board.card_glyphs if g not in opened}
        rooms = obs["rooms"]
        n = len(board.rooms)
        stacks = [0] * n
        cameras = [0] * n
        face_needed = [0] * n
        face_useful = [0] * n
        chars_at = [0] * n
        seen_needed: set[str] = set()
        for r, name in enumerate(board.rooms):
            info = rooms[name]
            stacks[r] = info["stack"]
            chars_at[r] = len(info["characters"])
            if info["face_up"]:
                glyphs = set()
                for label in info["face_up"]:
                    if label == "camera":
                        cameras[r] += 1
                    else:
                        glyphs.add(glyph_of(label))
                face_needed[r] = len(glyphs & self.needed)
                face_useful[r] = len(glyphs & self.useful) - face_needed[r]
                seen_needed |= glyphs & self.needed
        self.stacks = stacks
        self.cameras = cameras
        self.face_needed = face_needed
        self.face_useful = face_useful
        self.chars_at = chars_at
        self.target: int | None = -1  # -1: not worked out yet
        hidden = len(self.needed - seen_needed)
        facedown = sum(stacks)
        self.p_hidden = min(1.0, hidden / facedown) if facedown else 0.0
        self.known = obs["known"]

    # cards -------------------------------------------------------------
    def lowest_over(self, a: int, hand: Sequence[int] | None = None) -> int:
        """The lowest card of the hand that beats pile ``a`` (0: none, or blocked)."""
        if self.blocked[a]:
            return 0
        top = self.tops[a]
        for v in self.hand if hand is None else hand:
            if v > top:
                return v
        return 0

    def playable_count(self, hand: Sequence[int]) -> int:
        """How many of ``hand`` fit some unblocked Run, Gather or Intel pile."""
        return sum(
            1 for v in hand if any(not self.blocked[a] and v > self.tops[a] for a in range(3))
        )

    # rooms -------------------------------------------------------------
    def top_known(self, r: int) -> str | None:
        """The token an archivist of this seat has seen on top of room ``r``'s stack."""
        entries = self.known.get(self.board.rooms[r]) if self.known else None
        if entries:
            for e in entries:
                if e["depth"] == 0:
                    return e["token"]
        return None

    def worth(self, r: int) -> float:
        """What a Gather in room ``r`` is expected to bring (needed glyphs)."""
        value = self.face_needed[r] + 0.2 * self.face_useful[r]
        stack = self.stacks[r]
        if stack:
            value += self.p_hidden * min(stack, 2)
            top = self.top_known(r)
            if top is not None:
                value += (1.0 if glyph_of(top) in self.needed else -self.p_hidden) * 0.5
        return value

    def gatherable(self, r: int) -> bool:
        return self.face_needed[r] > 0 or self.face_useful[r] > 0 or self.stacks[r] > 0


# ---------------------------------------------------------------- the bot
class PlannerBot:
    """The planner bot; see the module docstring. One instance plays one seat (it may
    be reused for another game: it notices a new game and forgets the last one)."""

    name = "planner"

    def __init__(
        self, settings: PlannerSettings | None = None, model: AnswerModel | None = None
    ) -> None:
        self.settings = settings or LEVELS["normal"]
        self.model = model or answer_model((), self.settings.confidence, self.settings.use_words)
        self._board: Board | None = None
        self._game: tuple[Any, ...] | None = None
        self._last_turn = 0
        self._time_cards: tuple[str, ...] | None = None
        self._assessed: Assessment | None = None
        self._assessed_key: Any = None

    def __repr__(self) -> str:
        return f"<PlannerBot {self.settings.level}>"

    def with_candidates(self, candidates: Sequence[str]) -> PlannerBot:
        """The same planner whose answer model also reads the mission's own candidates."""
        model = answer_model(tuple(candidates), self.settings.confidence, self.settings.use_words)
        return PlannerBot(self.settings, model)

    def prepare(self, mission: Mission | MissionState) -> int:
        """Work out once what this bot's first answer assessments of ``mission`` (or of a
        game of it) start from (:meth:`AnswerModel.prepare`, for the sizes its windows
        hold); the server's kernel template does it for every published mission's table,
        so that a game's first bot move costs each page little. Return how many word fits
        were worked out.

        >>> from cipherkit.games.mission.samples import demo_mission
        >>> bot = PlannerBot()
        >>> bot.prepare(demo_mission()) >= 0, bot.prepare(demo_mission())
        (True, 0)
        """
        found: Mission = mission.mission if hasattr(mission, "mission") else mission
        groups = {len(cell.content) for cell in found.cells}
        return self.model.prepare(card_cells(found.cells), groups)

    # ------------------------------------------------------------ entry
    def act(self, observation: dict[str, Any], legal_actions: list[Action], rng: Rng) -> Action:
        """Choose the action the plan for this turn calls for (or the answer, when solving)."""
        obs = observation
        phase = obs["phase"]
        if len(legal_actions) == 1 and phase not in ("act", "draw"):
            return legal_actions[0]
        board = self._remember(obs)
        if phase == "solve":
            return self._vote(obs, board, legal_actions)
        if phase == "gather":
            return self._gather(obs, board, legal_actions)
        opened = {c["glyph"]: c["content"] for c in obs["console"]["cells"] if c["open"]}
        found = self.assessment(board, opened)
        focus = found.deciding if self.settings.focus else None
        view = _View(obs, board, opened, focus)
        if phase in ("act", "draw"):
            proposal = self._proposal(view, legal_actions, rng)
            if proposal is not None:
                return proposal
            if phase == "draw":
                return self._draw(view, legal_actions)
            if self.settings.blunder and rng.random() < self.settings.blunder:
                return rng.choice(legal_actions)
            return self._main(view, legal_actions, rng)
        if phase == "run":
            return self._step(view, legal_actions)
        if phase == "intel":
            return self._intel(view, legal_actions)
        if phase == "regroup":
            return self._regroup(view, legal_actions)
        if phase == "special":
            return self._ability(view, legal_actions)
        return legal_actions[0]  # pragma: no cover - every phase is handled above

    def _remember(self, obs: Mapping[str, Any]) -> Board:
        mission = obs["mission"]
        game = (mission["id"], mission["title"], obs["players"], len(obs["characters"]))
        turn = obs["turn_number"]
        if self._board is None or game != self._game or turn < self._last_turn:
            self._board = board_for(mission)
            self._game = game
            self._time_cards = None
        self._last_turn = turn
        if not obs["peril"]:
            self._time_cards = tuple(obs["discard"]["time_cards"])
        return self._board

    # ------------------------------------------------------------ answers
    def assessment(self, board: Board, opened: dict[str, str]) -> Assessment:
        """The answer model's verdict on the open windows (kept while they stay so)."""
        key = (board, tuple(opened.items()))
        if key != self._assessed_key or self._assessed is None:
            self._assessed = self.model.assess(board.cells, opened)
            self._assessed_key = key
        return self._assessed

    def _proposal(self, view: _View, legal: Sequence[Action], rng: Rng) -> Action | None:
        if not self.settings.propose:
            return None
        if PROPOSE_READING in legal:
            return PROPOSE_READING
        found = self.assessment(view.board, view.opened)
        if found.answer is None:
            return None
        if self.model.ready(found):
            return Propose(found.answer)
        if (
            view.obs["peril"]
            and found.probability >= self.settings.peril_confidence
            and view.obs["discard"]["time_icons"] >= 1
        ):
            return Propose(found.answer)
        losing = self._stuck(view) or self._hopeless(view) or self._doomed(view)
        if found.options and found.count <= GUESS_AMONG and losing:
            return Propose(rng.choice(found.options))  # no prior: any is as likely
        return None

    def _hopeless(self, view: _View) -> bool:
        """In Peril, this hand cannot act, and drawing is too risky: guess rather than
        lose on the next time card."""
        return (
            view.obs["peril"]
            and not self._can_act(view)
            and self._draw_risk(view.obs) > self.settings.peril_risk
        )

    def _stuck(self, view: _View) -> bool:
        """Nothing left to find: no face-down token and no face-up needed glyph."""
        return not any(view.stacks) and not any(view.face_needed)

    def _doomed(self, view: _View) -> bool:
        """The clock is about to run out (``strong`` only): In Peril, the next time card
        loses, and this hand is down to its last card or the deck is mostly time."""
        if not self.settings.desperate or not view.obs["peril"]:
            return False
        if view.obs["discard"]["time_icons"] < _loss_icons(view.obs) - 1:
            return False
        return len(view.hand) <= 1 or self._draw_risk(view.obs) >= 0.5

    def _vote(self, obs: Mapping[str, Any], board: Board, legal: Sequence[Action]) -> Action:
        proposal = obs["proposal"]
        opened = {c["glyph"]: c["content"] for c in obs["console"]["cells"] if c["open"]}
        found = self.model.assess(board.cells, opened)
        text = proposal["text"] if proposal else ""
        # a teammate only proposes what the open windows allow: a guess among the few
        # candidates left is trusted (it is made when waiting would lose)
        listed = any(_same(option, text) for option in found.options)
        agree = (listed and (found.count <= GUESS_AMONG or self.model.ready(found))) or (
            found.answer is not None and self.model.ready(found) and _same(found.answer, text)
        )
        return CONFIRM if agree and CONFIRM in legal else REJECT

    # ------------------------------------------------------------ drawing (In Peril)
    def _draw_risk(self, obs: Mapping[str, Any]) -> float:
        """Chance that the next card drawn is a time card that loses the game."""
        deck = obs["deck_size"]
        if not deck:
            return 0.0
        discard = obs["discard"]
        icons = discard["time_icons"]
        remaining = list(self._time_cards or DEFAULT_TIME)
        for label in discard["time_cards"]:
            if label in remaining:
                remaining.remove(label)
        loss = _loss_icons(obs)
        lethal = sum(1 for label in remaining if icons + int(label[1:]) >= loss)
        return min(1.0, lethal / deck)

    def _draw(self, view: _View, legal: Sequence[Action]) -> Action:
        if DRAW not in legal:
            return legal[0]
        if not self.settings.careful_peril:
            return DRAW
        risk = self._draw_risk(view.obs)
        n = len(view.hand)
        if risk == 0.0 or n == 0 or not self._can_act(view):
            return DRAW  # a hand that cannot act would only pass: never stall
        if n < 2 and risk <= self.settings.peril_risk:
            return DRAW
        return STOP_DRAWING

    @staticmethod
    def _can_act(view: _View) -> bool:
        if len(view.hand) >= 2:
            return True
        return any(view.lowest_over(a) for a in range(4))

    # ------------------------------------------------------------ main actions
    def _main(self, view: _View, legal: Sequence[Action], rng: Rng) -> Action:
        first = view.obs["actions_taken"] == 0
        plan = self._choose(view, first, rng)
        if plan is not None and (self._fits(view, plan) or plan in legal):
            return plan
        if not first and self.settings.end_early:
            return END
        return self._filler(view, legal, rng)

    @staticmethod
    def _fits(view: _View, plan: Action) -> bool:
        """A card play that is legal by the rules (checked without searching the list)."""
        if type(plan) is not Play:
            return False
        a = PILE_INDEX[plan.action]
        return not view.blocked[a] and view.tops[a] < plan.value and plan.value in view.hand

    def _card(self, view: _View, a: int, rng: Rng) -> int:
        if self.settings.low_cards_first:
            return view.lowest_over(a)
        fits = [v for v in view.hand if v > view.tops[a]] if not view.blocked[a] else []
        return rng.choice(fits) if fits else 0

    def _choose(self, view: _View, first: bool, rng: Rng) -> Action | None:
        s = self.settings
        here = view.here
        gather_here = view.gatherable(here) and (view.worth(here) > 0 or view.face_useful[here])
        peril = view.obs["peril"]
        # 1. Gather where we stand
        if gather_here:
            v = self._card(view, 1, rng)
            if v:
                if s.use_abilities and self._peek_first(view, v):
                    return self._special_for(view, keep=v)
                return Play(v, GATHER)
        target = self._target(view)
        # 2. Run to the best room
        if target is not None and not gather_here:
            if self._slip_pays(view, target) and len(view.hand) >= 2:
                special = self._special_for(view, keep=0)
                if special is not None:
                    return special
            v = self._card(view, 0, rng)
            if v and view.board.dist[here][target] < FAR:
                return Play(v, RUN)
        need = 1 if gather_here else (0 if target is not None else -1)
        # 3. Free the pile we need: Regroup, unblock or lower
        if need >= 0 and not self._card(view, need, rng):
            freed = self._free_pile(view, need, first, rng)
            if freed is not None:
                return freed
        # 4. Abilities that pay
        if s.use_abilities and not peril:
            special = self._useful_special(view, target)
            if special is not None:
                return special
        # 5. Intel on a far room
        if s.use_intel:
            room = self._intel_target(view)
            v = self._card(view, 2, rng)
            if room is not None and v and (first or v <= 8 or not s.end_early):
                return Play(v, INTEL)
        # 6. Housekeeping that helps the next turn: clear a high pile
        if not first:
            return self._housekeeping(view, rng)
        return None

    def _target(self, view: _View) -> int | None:
        """The best room to go and gather in (never the current one)."""
        if view.target == -1:
            view.target = self._best_room(view)
        return view.target

    def _best_room(self, view: _View) -> int | None:
        board = view.board
        here = view.here
        dist = board.dist[here]
        best, best_score = None, 0.0
        slip = view.ability == ABILITY_SLIP and self.settings.use_abilities
        coordinate = self.settings.coordinate
        disarms = view.ability == ABILITY_DISARM and self.settings.use_abilities
        run = _limit(view.obs, "run", RUN_STEPS)
        for r in range(len(board.rooms)):
            if r == here or not view.gatherable(r):
                continue
            worth = view.worth(r)
            if worth <= 0:
                continue
            d = dist[r]
            if d >= FAR:
                if not slip:
                    continue
                d = 4  # a slip or two through the walls
            if coordinate and view.chars_at[r]:
                worth *= 0.5
            if self.settings.anticipate:
                dist_to = [row[r] for row in board.dist]
                # teammates who reach it sooner will likely gather it first
                sooner = sum(1 for c, p in enumerate(view.pos) if c != view.c and dist_to[p] < d)
                worth *= 0.6**sooner
            cost = math.ceil(d / run) + 1.0
            if self.settings.avoid_traps and view.cameras[r] and not disarms:
                cost += 0.5 * view.cameras[r]
            score = worth / cost
            if score > best_score + 1e-9:
                best, best_score = r, score
        return best

    def _slip_pays(self, view: _View, target: int) -> bool:
        if view.ability != ABILITY_SLIP or not self.settings.use_abilities:
            return False
        board = view.board
        d = board.dist[view.here][target]
        through = [n for n in board.any_adj[view.here] if n not in board.open_adj[view.here]]
        return any(board.dist[n][target] + 4 <= d for n in through)

    def _free_pile(self, view: _View, need: int, first: bool, rng: Rng) -> Action | None:
        """Regroup (or unblock, or lower) so that the pile ``need`` takes a card."""
        hand = view.hand
        if len(hand) < 2 and not first:
            return None
        v = view.lowest_over(3) if self.settings.low_cards_first else self._card(view, 3, rng)
        if v and len(hand) >= 2:
            return Play(v, REGROUP)
        if not self.settings.use_abilities or len(hand) < 3 or view.obs["peril"]:
            return None
        if view.ability == ABILITY_DISARM and view.blocked[need]:
            return self._special_for(view, keep=hand[0])
        if view.ability == ABILITY_LOWER and not view.blocked[need]:
            pile = view.obs["piles"][PILES[need]]
            if len(pile) >= 2:
                below = card_value(pile[-2])
                rest = hand[2:]  # the two lowest go; keep the rest
                if any(x > below for x in rest):
                    return self._special_for(view, keep=max(rest))
        return None

    def _peek_first(self, view: _View, gather_card: int) -> bool:
        """An archivist with cards to spare looks at her room's stack before a Gather."""
        if view.ability != ABILITY_PEEK or view.obs["peril"]:
            return False
        r = view.here
        return (
            view.obs["actions_taken"] == 0
            and view.stacks[r] >= 2
            and view.top_known(r) is None
            and len(view.hand) >= 4
            and view.playable_count(view.hand) <= 2
            and self.settings.avoid_traps
        )

    def _useful_special(self, view: _View, target: int | None) -> Special | None:
        """An ability worth two cards now (only with cards that fit no pile)."""
        if len(view.hand) < 2:
            return None
        dead = len(view.hand) - view.playable_count(view.hand)
        ability = view.ability
        if ability == ABILITY_DISARM:
            if self._disarm_target(view) is not None or self._unblock_target(view) is not None:
                return self._special_for(view, keep=0)
            return None
        if dead < 2:
            return None
        if ability == ABILITY_SCOUT and self._scout_target(view) is not None:
            return self._special_for(view, keep=0)
        if ability == ABILITY_PEEK and self._peek_target(view) is not None:
            return self._special_for(view, keep=0)
        if ability == ABILITY_SLIP and target is not None and self._slip_pays(view, target):
            return self._special_for(view, keep=0)
        return None

    def _special_for(self, view: _View, keep: int) -> Special | None:
        """Discard two cards for the ability: the ones that fit no pile first, then the
        highest, never the card ``keep`` meant for the action that follows."""
        hand = list(view.hand)
        if keep in hand:
            hand.remove(keep)
        if len(hand) < 2:
            return None
        ranked = sorted(hand, key=lambda v: (view.playable_count([v]) > 0, -v))
        low, high = sorted(ranked[:2])
        return Special(low, high)

    def _housekeeping(self, view: _View, rng: Rng) -> Action | None:
        """A second action that prepares the next turns: Regroup a high Run or Gather pile."""
        if view.obs["peril"] or len(view.hand) < 2:
            return None
        v = view.lowest_over(3)
        if not v or v > 6:
            return None
        if max(view.tops[0], view.tops[1]) >= 9 or view.blocked[0] or view.blocked[1]:
            return Play(v, REGROUP)
        return None

    def _filler(self, view: _View, legal: Sequence[Action], rng: Rng) -> Action:
        """The first action is compulsory: take the cheapest harmless one (a team that
        does not ``end_early`` also fills its second action so)."""
        if PASS in legal:
            return PASS
        plays = [a for a in legal if type(a) is Play]
        if plays:
            if self.settings.use_intel and self._intel_target(view) is not None:
                intel = [a for a in plays if a.action == INTEL]
                if intel:
                    return min(intel, key=lambda a: a.value)
            # the pile that matters least (Intel, then a Regroup that clears a burdened
            # pile, then Run, then Gather), raised as little as possible
            tops = dict(zip(PILES, view.tops, strict=True))
            burdened = max(view.tops[:3]) >= 6 or any(view.blocked[:3])
            rank = {INTEL: 0, REGROUP: 1 if burdened else 3, RUN: 2, GATHER: 4}
            return min(plays, key=lambda a: (rank[a.action], a.value - tops[a.action], a.value))
        specials = [a for a in legal if type(a) is Special]
        if specials:
            return self._special_for(view, keep=0) or specials[0]
        return rng.choice(list(legal))

    # ------------------------------------------------------------ sub-decisions
    def _needed_pile(self, view: _View) -> int | None:
        """The pile the character's next useful action goes on: Gather where there is
        something to gather, else Run towards a target (``None``: neither)."""
        if view.gatherable(view.here) and view.worth(view.here) > 0:
            return 1
        return 0 if self._target(view) is not None else None

    def _step(self, view: _View, legal: Sequence[Action]) -> Action:
        board = view.board
        here = view.here
        steps_left = view.obs["pending"]["steps_left"]
        moved = steps_left < _limit(view.obs, "run", RUN_STEPS)
        if moved and view.gatherable(here) and view.worth(here) > 0:
            return STOP  # a room worth gathering in: now, or after the next Regroup
        target = self._target(view)
        if target is None or board.dist[here][target] >= FAR:
            return STOP
        hops = board.hops[here][target]
        if not hops:
            return STOP
        nxt = hops[0]
        if len(hops) > 1:  # prefer a room worth stopping in, then one without cameras
            nxt = max(hops, key=lambda r: (view.worth(r) > 0, -view.cameras[r], -r))
        # do not end the turn under a camera when stopping short avoids it
        if (
            self.settings.avoid_traps
            and steps_left == 1
            and nxt != target
            and view.cameras[nxt]
            and not view.cameras[here]
        ):
            return STOP
        action = Step(board.rooms[nxt])
        return action if action in legal else STOP

    def _gather(self, obs: Mapping[str, Any], board: Board, legal: Sequence[Action]) -> Action:
        """Collect needed glyphs first, then other closed card glyphs, then turn up the
        top token (unless an archivist of this seat saw a trap there)."""
        opened = {c["glyph"] for c in obs["console"]["cells"] if c["open"]}
        fresh = obs["pending"]["revealed"]
        if fresh is not None:
            g = glyph_of(fresh)
            useful = g in board.card_set and g not in opened
            return Collect(g) if useful and Collect(g) in legal else LEAVE
        best: Collect | None = None
        for a in legal:
            if type(a) is Collect and a.glyph not in opened:
                if a.glyph in board.answer_glyphs:
                    return a
                if best is None and a.glyph in board.card_set:
                    best = a
        if best is not None:
            return best
        if REVEAL_TOP in legal:
            if self.settings.avoid_traps and obs["known"]:
                room = obs["characters"][obs["turn"]]["room"]
                top = next(
                    (e["token"] for e in obs["known"].get(room, ()) if e["depth"] == 0), None
                )
                if top is not None and _is_trap(top):
                    return STOP
            return REVEAL_TOP
        return STOP

    def _intel(self, view: _View, legal: Sequence[Action]) -> Action:
        if view.obs["pending"]["room"] is None:
            room = self._intel_target(view)
            if room is not None:
                action = IntelRoom(view.board.rooms[room])
                if action in legal:
                    return action
            rooms = [a for a in legal if type(a) is IntelRoom]
            if rooms:
                index = view.board.index
                return max(rooms, key=lambda a: (view.stacks[index[a.room]], -index[a.room]))
            return STOP
        if REVEAL in legal:
            r = view.board.index[view.obs["pending"]["room"]]
            top = view.top_known(r)
            if top is not None and top.startswith("counter-intel") and self.settings.avoid_traps:
                return STOP
            return REVEAL
        return STOP

    def _intel_target(self, view: _View) -> int | None:
        """A far room nobody is near: its stack is better turned up from afar."""
        board = view.board
        best, best_key = None, None
        for r in range(len(board.rooms)):
            stack = view.stacks[r]
            if not stack:
                continue
            top = view.top_known(r)
            if top is not None and top.startswith("counter-intel"):
                continue
            near = min(board.dist[p][r] for p in view.pos)
            if near < 2:
                continue
            key = (min(near, 4), stack <= 2, stack, -r)
            if best_key is None or key > best_key:
                best, best_key = r, key
        return best

    def _regroup(self, view: _View, legal: Sequence[Action]) -> Action:
        need = self._needed_pile(view)
        if (
            need is not None
            and (view.blocked[need] or view.obs["piles"][PILES[need]])
            and RegroupCard(PILES[need]) in legal
        ):
            return RegroupCard(PILES[need])
        weights = (1.0, 1.2, 0.6)
        best = max(
            (a for a in range(3) if RegroupCard(PILES[a]) in legal),
            key=lambda a: (view.blocked[a] * 20 + view.tops[a] * weights[a], -a),
            default=None,
        )
        return RegroupCard(PILES[best]) if best is not None else legal[0]

    def _ability(self, view: _View, legal: Sequence[Action]) -> Action:
        ability = view.ability
        board = view.board
        if ability == ABILITY_PEEK:
            if view.obs["pending"]["stage"] == 1:
                return self._order(view, legal)
            r = self._peek_target(view)
            action: Action = Peek(board.rooms[r]) if r is not None else STOP
        elif ability == ABILITY_SLIP:
            action = self._slip_step(view)
        elif ability == ABILITY_SCOUT:
            r = self._scout_target(view)
            action = Scout(board.rooms[r]) if r is not None else STOP
        elif ability == ABILITY_LOWER:
            action = self._lower_target(view)
        elif ability == ABILITY_DISARM:
            r = self._disarm_target(view)
            if r is not None:
                action = Disarm(board.rooms[r])
            else:
                a = self._unblock_target(view)
                action = Unblock(PILES[a]) if a is not None else STOP
        else:  # pragma: no cover - every ability is handled above
            action = STOP
        return action if action in legal else STOP

    def _order(self, view: _View, legal: Sequence[Action]) -> Action:
        r = view.board.index[view.obs["pending"]["room"]]
        entries = view.known.get(view.board.rooms[r], []) if view.known else []
        by_depth = {e["depth"]: e["token"] for e in entries}
        top, second = by_depth.get(0), by_depth.get(1)
        if top is None or second is None:
            return KEEP
        if self._token_rank(view, second) > self._token_rank(view, top):
            return SWAP
        return KEEP

    def _token_rank(self, view: _View, label: str) -> int:
        if _is_trap(label):
            return 0
        g = glyph_of(label)
        return 2 if g in view.needed else (1 if g in view.useful else 0)

    def _peek_target(self, view: _View) -> int | None:
        best = None
        for r in view.board.nearby[view.here]:
            if view.stacks[r] < 2 or view.top_known(r) is not None:
                continue
            if best is None or r == view.here or view.stacks[r] > view.stacks[best]:
                best = r
                if r == view.here:
                    break
        return best

    def _scout_target(self, view: _View) -> int | None:
        rooms = [r for r in view.board.nearby[view.here] if view.stacks[r]]
        if not rooms:
            return None
        return max(rooms, key=lambda r: (view.stacks[r], -r))

    def _slip_step(self, view: _View) -> Action:
        board = view.board
        target = self._target(view)
        if target is None:
            return STOP
        here = view.here
        best = min(
            board.any_adj[here],
            key=lambda n: (board.dist[n][target], n),
            default=None,
        )
        if best is None or board.dist[best][target] >= board.dist[here][target]:
            return STOP
        return Slip(board.rooms[best])

    def _lower_target(self, view: _View) -> Action:
        gather_here = view.gatherable(view.here)
        order = (1, 0, 2) if gather_here else (0, 1, 2)
        for a in order:
            if view.obs["piles"][PILES[a]] and not view.lowest_over(a):
                return Lower(PILES[a])
        return STOP

    def _disarm_target(self, view: _View) -> int | None:
        for r in view.board.nearby[view.here]:
            if view.cameras[r] and (r == view.here or view.gatherable(r)):
                return r
        return None

    def _unblock_target(self, view: _View) -> int | None:
        for a in (1, 0, 3, 2):
            # Regroup clears Run, Gather and Intel more cheaply; unblock Regroup itself
            if view.blocked[a] and (a == 3 or not view.lowest_over(3)):
                return a
        return None


def _is_trap(label: str) -> bool:
    return label in ("camera", "gas") or label.startswith("counter-intel")


def _same(a: str, b: str) -> bool:
    norm = "".join(ch for ch in a.casefold() if ch.isalnum())
    return norm == "".join(ch for ch in b.casefold() if ch.isalnum())


def make_planner(option: str = "") -> PlannerBot:
    """The registry's factory: ``planner``, ``planner:weak``, ``planner:strong,confidence=0.5``."""
    return PlannerBot(PlannerSettings.parse(option))
