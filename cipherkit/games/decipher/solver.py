"""The Decipher solver bot: exact deduction, informative plays, and a timed break.

Design notes: ``docs/design-notes.md``, ``cipherkit.games.decipher.solver``.

Examples
--------
>>> from cipherkit.core.rng import Rng
>>> from cipherkit.games.decipher import new_game
>>> from cipherkit.games.decipher.solver import SolverBot
>>> state = new_game({"first_player": 0}, seed=7)
>>> bot = SolverBot()
>>> action = bot.act(state.observe(0), state.legal_actions(0), Rng(1))
>>> action in state.legal_actions(0), str(action).startswith("play")
(True, True)
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from itertools import product
from typing import Any, cast

import numpy as np

from cipherkit.core.errors import CipherkitError
from cipherkit.core.protocol import Action
from cipherkit.core.rng import Rng
from cipherkit.games.decipher.actions import BREAK, GUESSES, PLAYS, SKIP
from cipherkit.games.decipher.cards import CARDS, Card
from cipherkit.games.decipher.knowledge import (
    COLUMNS,
    Memory,
    column_candidates,
    public_candidates,
)

N_CARDS = len(CARDS)
_INDEX = {str(c): c.index for c in CARDS}
_SUIT = np.array([c.index // 13 for c in CARDS])
_RANK = np.array([c.rank for c in CARDS])
MATCH = ((_SUIT[:, None] == _SUIT[None, :]) | (_RANK[:, None] == _RANK[None, :])).astype(float)
"""``MATCH[p, h]`` is 1.0 when card ``p`` played against hidden card ``h`` is a hit."""


# ---------------------------------------------------------------- scoring tables
@dataclass(frozen=True, eq=False)
class ScoreTable:
    """A scoring table as arrays: points, score values, and win-probability helpers.

    Attributes
    ----------
    points:
        ``points[g, h]``: points for guessing card ``g`` when the hidden card is ``h``.
    values:
        The distinct points one column can score, sorted.
    indicator:
        ``indicator[v, g, h]`` is 1.0 when ``points[g, h] == values[v]``.
    totals:
        Every sum of three column values, in ``product(values, repeat=3)`` order.
    beats:
        ``beats[i, j]``: 1 if total ``i`` beats total ``j``, 0.5 if equal, else 0.

    Examples
    --------
    >>> table = ScoreTable.of({"exact": 3, "rank": 2, "suit": 1})
    >>> table.values.tolist()
    [0, 1, 2, 3]
    >>> int(table.points[Card.parse("QH").index, Card.parse("QS").index])
    2
    """

    points: np.ndarray
    values: np.ndarray
    indicator: np.ndarray
    totals: np.ndarray
    beats: np.ndarray

    @staticmethod
    def of(scoring: Mapping[str, int]) -> ScoreTable:
        """The score table for the scoring config's points (exact, rank, suit)."""
        return _score_table(int(scoring["exact"]), int(scoring["rank"]), int(scoring["suit"]))


@cache
def _score_table(exact: int, rank: int, suit: int) -> ScoreTable:
    same_rank = _RANK[:, None] == _RANK[None, :]
    same_suit = _SUIT[:, None] == _SUIT[None, :]
    points = np.where(same_suit, suit, 0)
    points = np.where(same_rank, rank, points)
    np.fill_diagonal(points, exact)
    values = np.unique(np.concatenate([points.ravel(), [0]]))
    indicator = (points[None, :, :] == values[:, None, None]).astype(float)
    totals = np.array([sum(t) for t in product(values.tolist(), repeat=COLUMNS)], dtype=float)
    beats = (np.sign(totals[:, None] - totals[None, :]) + 1.0) / 2.0
    return ScoreTable(points.astype(float), values, indicator, totals, beats)


def win_chance(table: ScoreTable, mine: np.ndarray, theirs: np.ndarray) -> float:
    """Chance to win (draws count half) with per-column score distributions.

    ``mine`` and ``theirs`` have shape ``(3, len(table.values))``; columns are taken as
    independent.

    >>> table = ScoreTable.of({"exact": 3, "rank": 2, "suit": 1})
    >>> sure3 = np.tile([0.0, 0.0, 0.0, 1.0], (3, 1))
    >>> sure0 = np.tile([1.0, 0.0, 0.0, 0.0], (3, 1))
    >>> win_chance(table, sure3, sure0), win_chance(table, sure0, sure0)
    (1.0, 0.5)
    """
    return float(_total(mine) @ table.beats @ _total(theirs))


def _total(columns: np.ndarray) -> np.ndarray:
    a, b, c = columns
    return np.einsum("i,j,k->ijk", a, b, c).ravel()


# ---------------------------------------------------------------- beliefs
@dataclass(frozen=True, eq=False)
class CodeBelief:
    """What a player knows about one hidden code.

    ``counts[c, h]`` is the number of codes consistent with all evidence that have card
    ``h`` (by :attr:`Card.index`) in column ``c``; ``total`` is the number of consistent
    codes. Every consistent code is equally likely, so ``counts / total`` are the exact
    marginal probabilities.

    Examples
    --------
    >>> from cipherkit.games.decipher import new_game
    >>> obs = new_game({"first_player": 0}, seed=3).observe(0)
    >>> belief = CodeBelief.of_opponent(obs)
    >>> belief.total == 43 * 42 * 41, [len(c) for c in belief.candidates()]
    (True, [43, 43, 43])
    """

    counts: np.ndarray
    total: int

    @staticmethod
    def from_candidates(candidates: Sequence[Sequence[Card]]) -> CodeBelief:
        """Counts of consistent codes of three distinct cards, one per column's list."""
        present = np.zeros((COLUMNS, N_CARDS))
        for column, cards in enumerate(candidates):
            present[column, [c.index for c in cards]] = 1.0
        sizes = present.sum(axis=1)
        counts = np.zeros_like(present)
        for column in range(COLUMNS):
            one, two = (column + 1) % COLUMNS, (column + 2) % COLUMNS
            both = float(present[one] @ present[two])
            counts[column] = present[column] * (
                (sizes[one] - present[one]) * (sizes[two] - present[two])
                - (both - present[one] * present[two])
            )
        total = round(float(counts[0].sum()))
        return CodeBelief(counts, total)

    @staticmethod
    def of_opponent(observation: Mapping[str, Any], memory: Memory = "perfect") -> CodeBelief:
        """The viewer's knowledge of its opponent's code."""
        target = 1 - observation["seat"]
        return CodeBelief.from_candidates(column_candidates(observation, target, memory=memory))

    @staticmethod
    def public(
        observation: Mapping[str, Any], target: int, memory: Memory = "perfect"
    ) -> CodeBelief:
        """What public information says about ``target``'s code (the opponent's view)."""
        return CodeBelief.from_candidates(public_candidates(observation, target, memory=memory))

    def candidates(self) -> list[list[Card]]:
        """Per column, the cards that some consistent code has there."""
        return [[CARDS[i] for i in np.flatnonzero(row > 0)] for row in self.counts]

    def probabilities(self) -> np.ndarray:
        """Marginal probability of each card in each column, shape ``(3, 52)``."""
        return self.counts / max(self.total, 1)

    def best_guesses(self, scoring: Mapping[str, int]) -> list[Card]:
        """Per column, the guess with the most expected points (lowest index on ties)."""
        expected = self.counts @ ScoreTable.of(scoring).points.T
        return [CARDS[int(i)] for i in expected.argmax(axis=1)]


# ---------------------------------------------------------------- column arithmetic
def _best(table: ScoreTable, weights: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Best guess index and unnormalised best value for each row of ``weights``."""
    expected = weights @ table.points.T
    best = expected.argmax(axis=-1)
    return best, np.take_along_axis(expected, best[..., None], axis=-1)[..., 0]


def _distribution(table: ScoreTable, weights: np.ndarray) -> np.ndarray:
    """Unnormalised score distribution of the best guess, for each row of ``weights``."""
    best, _ = _best(table, weights)
    # indicator[:, best, :] has shape (values, rows, 52)
    return np.einsum("vrh,rh->rv", table.indicator[:, best, :], weights)


def _split(weights: np.ndarray, probes: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Hit and miss parts of ``weights`` (shape ``(..., 52)``) for each probe card."""
    hit = weights[..., None, :] * MATCH[probes]
    return hit, weights[..., None, :] - hit


def _information(weights: np.ndarray) -> np.ndarray:
    """``-W log W`` for the total weight ``W`` of each row: summed over the branches of a
    clue and divided by the weight before it, minus the expected log of the candidates
    left (higher is better)."""
    total = weights.sum(axis=-1)
    return -total * np.log(np.maximum(total, 1e-300))


def _column_value(
    table: ScoreTable, weights: np.ndarray, miss: np.ndarray | None = None
) -> np.ndarray:
    """How good a column's knowledge is: minus the expected log of its candidate weight
    (the information), plus a small share of the expected points of guessing now.

    With ``miss`` given, ``weights`` and ``miss`` are the two branches of a clue.
    """
    branches = [weights] if miss is None else [weights, miss]
    total = sum(b.sum(axis=-1) for b in branches)
    info = sum(_information(b) for b in branches)
    points = sum(_best(table, b)[1] for b in branches)
    return (info + SCORE_WEIGHT * points) / np.maximum(total, 1e-300)


SCORE_WEIGHT = 0.05
"""Weight of expected points next to information (nats) when choosing plays."""


def _expected_max_weights(count: int, hand: int) -> np.ndarray:
    """Chance that the ``k``-th best of ``count`` items is the best of a random ``hand``."""
    hand = max(1, min(hand, count))
    denominator = math.comb(count, hand)
    return np.array([math.comb(count - k, hand - 1) / denominator for k in range(1, count + 1)])


# ---------------------------------------------------------------- the bot
@dataclass(frozen=True)
class _View:
    """The parts of an observation the solver uses, as card indices."""

    seat: int
    hand: tuple[int, ...]
    column: int
    played: int
    piles_started: tuple[bool, ...]
    deck_size: int
    hand_size: int
    opponent_hand: int
    unseen: np.ndarray  # cards we cannot place: the deck, the opponent's hand and code


def _view(observation: Mapping[str, Any]) -> _View:
    seat = observation["seat"]
    on_piles = {_INDEX[e["card"]] for p in observation["piles"] for col in p for e in col}
    mine = {_INDEX[c] for c in observation["hidden"][seat]}
    hand = tuple(_INDEX[c] for c in observation["hand"])
    seen = on_piles | mine | set(hand)
    unseen = np.array([i for i in range(N_CARDS) if i not in seen], dtype=int)
    return _View(
        seat=seat,
        hand=hand,
        column=observation["column"],
        played=observation["played_this_turn"],
        piles_started=tuple(bool(col) for col in observation["piles"][seat]),
        deck_size=observation["deck_size"],
        hand_size=observation["hand_size"],
        opponent_hand=observation["hand_sizes"][1 - seat],
        unseen=unseen,
    )


@dataclass(frozen=True)
class Plan:
    """The solver's plan for the rest of a turn.

    ``choices[k]`` is the card index to play on ``columns[k]``, or ``None`` to skip it;
    ``value`` is the summed worth of the columns afterwards (see
    :meth:`SolverBot.option_values`).
    """

    columns: tuple[int, ...]
    choices: tuple[int | None, ...]
    value: float


class SolverBot:
    """Deduces the opponent's code exactly, plays for information and breaks on time.

    Parameters
    ----------
    memory:
        ``"perfect"`` (default) uses every card on the piles; ``"limited"`` only the top
        card of each pile and its hit.
    margin:
        How much more likely (in win chance) breaking now must be than waiting a round.
    rational:
        The weight of the model of an opponent who guesses as well as its information
        allows, against one whose guesses ignore it.

    Examples
    --------
    >>> SolverBot().name, SolverBot("limited").name
    ('solver', 'solver:limited')
    """

    def __init__(
        self, memory: Memory = "perfect", *, margin: float = 0.01, rational: float = 0.1
    ) -> None:
        if memory not in ("perfect", "limited"):
            raise CipherkitError.say(
                "unknown solver option {option} (known: perfect, limited)", option=repr(memory)
            )
        self.memory: Memory = memory
        self.margin = margin
        self.rational = rational
        self.name = "solver" if memory == "perfect" else f"solver:{memory}"

    def __repr__(self) -> str:
        return f"SolverBot({self.memory!r})"

    # ------------------------------------------------------------ entry point
    def act(self, observation: dict[str, Any], legal_actions: list[Action], rng: Rng) -> Action:
        """Choose one of ``legal_actions`` from ``observation`` alone."""
        if len(legal_actions) == 1:
            return legal_actions[0]
        table = ScoreTable.of(observation["scoring"])
        belief = CodeBelief.of_opponent(observation, self.memory)
        if observation["phase"] == "guess":
            return self._guess(observation, table, belief, legal_actions, rng)
        view = _view(observation)
        plan = self.plan(observation, table=table, belief=belief, view=view)
        if BREAK in legal_actions and self.should_break(
            observation, plan, table=table, belief=belief, view=view
        ):
            return BREAK
        if not plan.choices:  # no assignment satisfies the rules: cannot happen in play
            return rng.choice(legal_actions)
        choice = plan.choices[0]
        action = SKIP if choice is None else PLAYS[choice]
        return action if action in legal_actions else rng.choice(legal_actions)

    # ------------------------------------------------------------ guessing
    def _guess(
        self,
        observation: Mapping[str, Any],
        table: ScoreTable,
        belief: CodeBelief,
        legal_actions: list[Action],
        rng: Rng,
    ) -> Action:
        options = self.guess_options(observation, table=table, belief=belief)
        column = observation["column"]
        action = GUESSES[options[column][rng.randbelow(len(options[column]))]]
        return action if action in legal_actions else rng.choice(legal_actions)

    def guess_options(
        self, observation: Mapping[str, Any], *, table: ScoreTable, belief: CodeBelief
    ) -> list[list[int]]:
        """Per column, the equally good guesses (card indices) of the best joint guess.

        The three guesses are chosen together to maximise the chance of winning against
        the opponent model (see :meth:`should_break`), not just the expected points: with
        little information a sure point can be worth more than a long shot. Columns
        already guessed keep their guess.
        """
        probs = belief.counts / np.maximum(belief.counts.sum(axis=1, keepdims=True), 1e-12)
        dists = np.einsum("vgh,ch->cgv", table.indicator, probs)  # (column, guess, value)
        expected = dists @ table.values
        made = observation["guesses"][observation["seat"]]
        choices: list[np.ndarray] = []
        for column in range(COLUMNS):
            if column < len(made):
                choices.append(np.array([_INDEX[made[column]]]))
            else:
                choices.append(_undominated(dists[column], expected[column]))
        theirs = self._opponent_totals(observation, table)
        payoff = table.beats @ theirs
        combos = list(product(*choices))
        index = np.array(combos)  # (n, 3)
        totals = np.einsum(
            "ni,nj,nk->nijk",
            dists[0, index[:, 0]],
            dists[1, index[:, 1]],
            dists[2, index[:, 2]],
        ).reshape(len(combos), -1)
        value = totals @ payoff + 1e-6 * expected[np.arange(COLUMNS), index].sum(axis=1)
        best = combos[int(value.argmax())]
        # Ties inside a column: every card with the same distribution is as good.
        return [
            np.flatnonzero(np.all(np.abs(dists[c] - dists[c, best[c]]) < 1e-12, axis=1)).tolist()
            if c >= len(made)
            else [best[c]]
            for c in range(COLUMNS)
        ]

    def _opponent_totals(self, observation: Mapping[str, Any], table: ScoreTable) -> np.ndarray:
        """Distribution of the opponent's total score under the mixed opponent model."""
        view = _view(observation)
        theirs_now, _ = self.opponent_outlook(observation, table=table, view=view, grow=False)
        naive = _naive_distribution(table, observation)
        return self.rational * _total(theirs_now) + (1 - self.rational) * _total(naive)

    # ------------------------------------------------------------ playing
    def _base(self, belief: CodeBelief, column: int, observation: Mapping[str, Any]) -> np.ndarray:
        """The weights a new card on ``column`` splits (limited memory forgets the old top)."""
        if self.memory == "perfect":
            return belief.counts[column]
        return _limited_pool(observation)

    def option_values(
        self,
        observation: Mapping[str, Any],
        *,
        table: ScoreTable,
        belief: CodeBelief,
        view: _View,
        column: int,
    ) -> dict[int | None, float]:
        """How much ``column`` is worth after playing each hand card, or skipping (``None``).

        The worth is :func:`_column_value`: minus the expected log of the candidate weight
        left, plus a small share of the expected points of guessing after the clue.
        """
        current = belief.counts[column]
        total = current.sum()
        if total <= 0:
            return dict.fromkeys([None, *view.hand], 0.0)
        base = self._base(belief, column, observation)
        hand = np.array(view.hand, dtype=int)
        values: dict[int | None, float] = {None: _column_value(table, current[None, :])[0]}
        if hand.size:
            hit, miss = _split(base, hand)
            played = _column_value(table, hit, miss)
            values.update(zip(view.hand, played.tolist(), strict=True))
        return values

    def plan(
        self,
        observation: Mapping[str, Any],
        *,
        table: ScoreTable | None = None,
        belief: CodeBelief | None = None,
        view: _View | None = None,
    ) -> Plan:
        """The best assignment of distinct hand cards (or skips) to the remaining columns."""
        table = table or ScoreTable.of(observation["scoring"])
        belief = belief or CodeBelief.of_opponent(observation, self.memory)
        view = view or _view(observation)
        columns = tuple(range(view.column, COLUMNS))
        values = [
            self.option_values(observation, table=table, belief=belief, view=view, column=c)
            for c in columns
        ]
        # Once the deck cannot refill the hand, a card played is a card lost.
        scarce = view.deck_size < len(columns)
        card_cost = 0.02 if scarce else 0.0
        best: tuple[float, tuple[int | None, ...]] = (-math.inf, ())

        def search(k: int, used: frozenset[int], acc: float, picks: tuple) -> None:
            nonlocal best
            if k == len(columns):
                if acc > best[0] + 1e-12:
                    best = (acc, picks)
                return
            column = columns[k]
            played_any = view.played > 0 or any(p is not None for p in picks)
            may_skip = view.piles_started[column] and (column < COLUMNS - 1 or played_any)
            if may_skip:
                search(k + 1, used, acc + values[k][None], (*picks, None))
            for card in view.hand:
                if card not in used:
                    gain = values[k][card] - card_cost
                    search(k + 1, used | {card}, acc + gain, (*picks, card))

        search(0, frozenset(), 0.0, ())
        return Plan(columns, best[1], best[0])

    # ------------------------------------------------------------ breaking
    def column_outlook(
        self,
        observation: Mapping[str, Any],
        plan: Plan,
        *,
        table: ScoreTable,
        belief: CodeBelief,
    ) -> tuple[np.ndarray, np.ndarray]:
        """Our per-column score distributions now and after this turn's planned plays."""
        now = _distribution(table, belief.counts)
        total = belief.counts.sum(axis=1, keepdims=True)
        now = now / np.maximum(total, 1e-12)
        after = now.copy()
        for column, card in zip(plan.columns, plan.choices, strict=True):
            if card is None:
                continue
            base = self._base(belief, column, observation)
            hit, miss = _split(base, np.array([card]))
            mixed = _distribution(table, hit)[0] + _distribution(table, miss)[0]
            after[column] = mixed / max(base.sum(), 1e-12)
        return now, after

    def opponent_outlook(
        self, observation: Mapping[str, Any], *, table: ScoreTable, view: _View, grow: bool = True
    ) -> tuple[np.ndarray, np.ndarray]:
        """The opponent's per-column score distributions on our code now and after its turn.

        Its knowledge is what the public hits on our piles tell; its next turn is modelled
        as a card on every column taken from a hand of random unseen cards, played where
        it helps it most.
        """
        public = CodeBelief.public(observation, view.seat, self.memory)
        # The opponent also rules out its own hand and code, which we cannot see: each
        # card unseen by us is one of those with the same chance.
        keep = np.ones(N_CARDS)
        private = view.opponent_hand + COLUMNS
        keep[view.unseen] = 1.0 - private / (view.deck_size + private)
        counts = public.counts * keep
        total = np.maximum(counts.sum(axis=1, keepdims=True), 1e-12)
        now = _distribution(table, counts) / total
        after = now.copy()
        probes = view.unseen
        if probes.size == 0 or view.opponent_hand == 0 or not grow:
            return now, after
        if self.memory == "perfect":
            bases = counts
        else:
            bases = np.tile(_limited_public_pool(observation) * keep, (COLUMNS, 1))
        rank_weights = _expected_max_weights(probes.size, view.opponent_hand)
        for column in range(COLUMNS):
            base = bases[column]
            hit, miss = _split(base, probes)
            value = _column_value(table, hit, miss)
            dist = _distribution(table, hit) + _distribution(table, miss)
            order = np.argsort(-value, kind="stable")
            after[column] = rank_weights @ dist[order] / max(base.sum(), 1e-12)
        return now, after

    def should_break(
        self,
        observation: Mapping[str, Any],
        plan: Plan,
        *,
        table: ScoreTable,
        belief: CodeBelief,
        view: _View,
    ) -> bool:
        """Is the chance of winning by breaking now better than after one more round?

        The opponent is modelled as a mixture: with weight :attr:`rational` it guesses
        as well as the public hits on our code allow (and its knowledge grows each turn);
        otherwise it guesses without using them, so waiting costs nothing against it.
        """
        mine_now, mine_next = self.column_outlook(observation, plan, table=table, belief=belief)
        theirs_now, theirs_next = self.opponent_outlook(observation, table=table, view=view)
        naive = _naive_distribution(table, observation)
        # The opponent, at the start of its turn, may break against our improved knowledge.
        theirs_break = 1.0 - win_chance(table, mine_next, theirs_now)
        forced = self._opponent_must_break(plan, view)
        q = 1.0 if forced else 0.1 + 0.8 / (1.0 + math.exp(-(theirs_break - 0.55) / 0.04))
        rational_now = win_chance(table, mine_now, theirs_now)
        rational_wait = q * win_chance(table, mine_next, theirs_now) + (1.0 - q) * win_chance(
            table, mine_next, theirs_next
        )
        rho = self.rational
        now = rho * rational_now + (1 - rho) * win_chance(table, mine_now, naive)
        wait = rho * rational_wait + (1 - rho) * win_chance(table, mine_next, naive)
        return now > wait + self.margin

    @staticmethod
    def _opponent_must_break(plan: Plan, view: _View) -> bool:
        played = sum(c is not None for c in plan.choices)
        hand_after = len(view.hand) - played
        drawn = min(view.deck_size, max(0, view.hand_size - hand_after))
        deck_after = view.deck_size - drawn
        return deck_after == 0 and (hand_after + drawn == 0 or view.opponent_hand == 0)


def _limited_pool(observation: Mapping[str, Any]) -> np.ndarray:
    """Indicator of the cards a limited-memory viewer cannot place (no evidence used)."""
    seat = observation["seat"]
    seen = {_INDEX[col[-1]["card"]] for p in observation["piles"] for col in p if col}
    seen |= {_INDEX[c] for c in observation["hidden"][seat]}
    seen |= {_INDEX[c] for c in observation["hand"]}
    pool = np.ones(N_CARDS)
    pool[list(seen)] = 0.0
    return pool


def _undominated(dists: np.ndarray, expected: np.ndarray, limit: int = 10) -> np.ndarray:
    """Guesses whose score distribution no other guess beats at every threshold."""
    tails = np.cumsum(dists[:, ::-1], axis=1)  # chance of at least each value, high first
    _, first = np.unique(np.round(tails, 12), axis=0, return_index=True)
    first = first[np.argsort(-expected[first], kind="stable")]
    kept: list[int] = []
    for g in first.tolist():
        if not any(np.all(tails[k] >= tails[g] - 1e-12) for k in kept):
            kept.append(g)
    return np.array(kept[:limit])


def _naive_distribution(table: ScoreTable, observation: Mapping[str, Any]) -> np.ndarray:
    """Per-column score distribution of uniformly random guesses against our code."""
    mine = [_INDEX[c] for c in observation["hidden"][observation["seat"]]]
    return table.indicator[:, :, mine].mean(axis=1).T


def _limited_public_pool(observation: Mapping[str, Any]) -> np.ndarray:
    seen = {_INDEX[col[-1]["card"]] for p in observation["piles"] for col in p if col}
    pool = np.ones(N_CARDS)
    pool[list(seen)] = 0.0
    return pool


def make_solver(option: str = "") -> SolverBot:
    """The bot factory behind ``"solver"`` and ``"solver:limited"``.

    >>> make_solver("limited").memory
    'limited'
    """
    memory = option or "perfect"
    if memory not in ("perfect", "limited"):
        raise CipherkitError.say(
            "unknown solver option {option} (known: perfect, limited)", option=repr(option)
        )
    return SolverBot(cast(Memory, memory))  # one of the two, checked above
