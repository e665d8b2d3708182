"""The Decipher solver: legal, observation-only, exact deduction, good play."""

from __future__ import annotations

import copy
import json
from collections.abc import Iterator
from itertools import permutations

import numpy as np
import pytest

from cipherkit.core.bots import RandomBot
from cipherkit.core.errors import CipherkitError
from cipherkit.core.match import play_match
from cipherkit.core.registry import make_bot
from cipherkit.core.rng import Rng
from cipherkit.games.decipher import GAME, Card, DecipherState, card_score, new_game
from cipherkit.games.decipher.actions import Guess
from cipherkit.games.decipher.cards import CARDS
from cipherkit.games.decipher.knowledge import (
    column_candidates,
    column_code_counts,
    count_consistent_codes,
    iter_consistent_codes,
)
from cipherkit.games.decipher.solver import CodeBelief, ScoreTable, SolverBot, make_solver


def positions(
    bots: list, seed: int, config: dict | None = None
) -> Iterator[tuple[DecipherState, int]]:
    """Every (state, seat to move) of one game, the game played by ``bots``."""
    state = new_game(config or {"first_player": 0}, seed=seed)
    rngs = [Rng(seed * 2 + 1), Rng(seed * 2 + 2)]
    while state.outcome is None:
        seat = state.actors()[0]
        yield state, seat
        action = bots[seat].act(state.observe(seat), state.legal_actions(seat), rngs[seat])
        state.apply(seat, action)


def known_to(state: DecipherState, seat: int) -> set[Card]:
    """Cards whose place ``seat`` knows, read from the true state."""
    cards = set(state.hands[seat]) | set(state.hidden[seat])
    for player in state.piles:
        for column in player:
            cards.update(card for card, _ in column)
    return cards


def brute_force_codes(state: DecipherState, seat: int) -> set[tuple[Card, Card, Card]]:
    """Every opponent code of three distinct unknown cards agreeing with every hit."""
    unknown = [c for c in CARDS if c not in known_to(state, seat)]
    clues = [
        [(card, hit) for card, hit in column if hit is not None] for column in state.piles[seat]
    ]
    return {
        code
        for code in permutations(unknown, 3)
        if all(code[col].matches(card) == hit for col in range(3) for card, hit in clues[col])
    }


# ------------------------------------------------------------------ legality
@pytest.mark.parametrize("opponent", ["random", "solver", "solver:limited"])
@pytest.mark.parametrize("memory", ["", "limited"])
def test_solver_only_returns_legal_actions(memory: str, opponent: str) -> None:
    spec = "solver" + (f":{memory}" if memory else "")
    for seed in range(6):
        bots = [make_bot("decipher", spec), make_bot("decipher", opponent)]
        if seed % 2:
            bots.reverse()
        solver_seat = seed % 2
        count = 0
        for state, seat in positions(bots, seed):
            if seat != solver_seat:
                continue
            legal = state.legal_actions(seat)
            action = bots[seat].act(state.observe(seat), legal, Rng(seed))
            assert action in legal, f"seed {seed}: {action} not in {legal}"
            count += 1
        assert count > 5


def test_solver_does_not_change_its_observation() -> None:
    bots = [SolverBot(), RandomBot()]
    for state, seat in positions(bots, seed=3):
        if seat == 0:
            observation = state.observe(0)
            before = copy.deepcopy(observation)
            bots[0].act(observation, state.legal_actions(0), Rng(1))
            assert observation == before


# ------------------------------------------------------------------ observation only
@pytest.mark.parametrize("memory", ["perfect", "limited"])
def test_solver_acts_the_same_on_states_it_cannot_tell_apart(memory: str) -> None:
    """Hidden variants re-deal the opponent's code, hand and the deck: same action."""
    bot = SolverBot(memory)
    opponent_codes_differ = 0
    for seed in range(4):
        for step, (state, seat) in enumerate(positions([bot, RandomBot()], seed)):
            if seat != 0 or step % 2:
                continue
            action = bot.act(state.observe(0), state.legal_actions(0), Rng(step))
            for k in range(2):
                twin = GAME.hidden_variants(state, 0, Rng(100 * seed + 10 * step + k))
                opponent_codes_differ += twin.hidden[1] != state.hidden[1]
                assert twin.observe(0) == state.observe(0)
                again = bot.act(twin.observe(0), twin.legal_actions(0), Rng(step))
                assert again == action, f"seed {seed} step {step}: {again} != {action}"
    assert opponent_codes_differ > 10


def test_limited_memory_uses_only_the_top_of_each_pile() -> None:
    """Deleting buried pile cards from the observation never changes a limited decision."""
    limited, perfect = SolverBot("limited"), SolverBot()
    perfect_changed = 0
    for seed in range(5):
        for state, seat in positions([perfect, RandomBot()], seed):
            if seat != 0:
                continue
            observation = state.observe(0)
            stripped = json.loads(json.dumps(observation))
            for player in stripped["piles"]:
                for column in player:
                    del column[:-1]
            legal = state.legal_actions(0)
            assert limited.act(observation, legal, Rng(seed)) == limited.act(
                stripped, legal, Rng(seed)
            )
            belief = CodeBelief.of_opponent(observation)
            perfect_changed += not np.array_equal(
                belief.counts, CodeBelief.of_opponent(stripped).counts
            )
    assert perfect_changed > 0  # the perfect-memory solver does use the history


# ------------------------------------------------------------------ exact deduction
def _mid_game_positions() -> list[tuple[DecipherState, int]]:
    found = []
    for seed in (1, 4, 9):
        for state, seat in positions([SolverBot(), RandomBot()], seed):
            if state.turn_number in (4, 7) and state.column == 0 and state.phase == "play":
                found.append((state.copy(), seat))
    return found


def test_consistent_codes_are_exact_against_brute_force() -> None:
    checked = 0
    for state, seat in _mid_game_positions():
        observation = state.observe(seat)
        truth = brute_force_codes(state, seat)
        candidates = column_candidates(observation, 1 - seat)
        assert set(iter_consistent_codes(candidates)) == truth
        assert count_consistent_codes(candidates) == len(truth)
        assert tuple(state.hidden[1 - seat]) in truth
        belief = CodeBelief.of_opponent(observation)
        assert belief.total == len(truth)
        counts = column_code_counts(candidates)
        for column in range(3):
            expected = np.zeros(52)
            for code in truth:
                expected[code[column].index] += 1
            assert np.array_equal(belief.counts[column], expected)
            assert {c.index: n for c, n in counts[column].items() if n} == {
                i: int(n) for i, n in enumerate(expected) if n
            }
        checked += 1
    assert checked >= 6


@pytest.mark.parametrize("memory", ["perfect", "limited"])
def test_true_code_is_always_a_candidate(memory: str) -> None:
    for seed in range(8):
        bots = [SolverBot(memory), SolverBot()]
        for state, seat in positions(bots, seed):
            observation = state.observe(seat)
            belief = CodeBelief.of_opponent(observation, memory)
            code = state.hidden[1 - seat]
            assert all(belief.counts[c, code[c].index] > 0 for c in range(3))


def test_limited_candidates_contain_the_perfect_ones() -> None:
    for state, seat in positions([SolverBot(), SolverBot("limited")], seed=5):
        observation = state.observe(seat)
        perfect = column_candidates(observation, 1 - seat)
        limited = column_candidates(observation, 1 - seat, memory="limited")
        assert all(set(p) <= set(q) for p, q in zip(perfect, limited, strict=True))


def test_score_table_agrees_with_the_rules() -> None:
    for scoring in ({"exact": 3, "rank": 2, "suit": 1}, {"exact": 5, "rank": 1, "suit": 2}):
        points = ScoreTable.of(scoring).points
        for guess in CARDS[::5]:
            for truth in CARDS:
                assert points[guess.index, truth.index] == card_score(guess, truth, scoring)


# ------------------------------------------------------------------ playing well
def test_solver_guesses_a_known_card_exactly() -> None:
    """Whenever a column's candidates are down to one card, the guess is that card."""
    singles = 0
    for seed in range(12):
        bots = [SolverBot(), SolverBot()]
        for state, seat in positions(bots, seed):
            if state.phase != "guess":
                continue
            observation = state.observe(seat)
            belief = CodeBelief.of_opponent(observation)
            column = state.column
            only = np.flatnonzero(belief.counts[column])
            action = bots[seat].act(observation, state.legal_actions(seat), Rng(seed))
            assert isinstance(action, Guess)
            if len(only) == 1:
                singles += 1
                assert action.card == state.hidden[1 - seat][column]
    assert singles > 10


def test_solver_breaks_the_code_itself() -> None:
    """Against itself, most games end by a chosen break, not by the deck running out."""
    summary = play_match("decipher", ["solver", "solver"], games=12, seed=40)
    assert summary["mean_turns"] < 22
    broken = 0
    for seed in range(40, 52):
        *_, (state, _) = positions([SolverBot(), SolverBot()], seed)
        broken += state.end_reason == "code broken"
    assert broken >= 6


def test_solver_beats_random() -> None:
    """A generous floor; the real figure (1,000 games) is in bench/decipher_match.py."""
    summary = play_match("decipher", ["solver", "random"], games=100, seed=0)
    assert summary["wins"]["solver"] >= 80
    assert summary["mean_scores"]["solver"] > summary["mean_scores"]["random"] + 3


def test_limited_solver_plays_and_beats_random_more_often_than_not() -> None:
    bot = make_bot("decipher", "solver:limited")
    assert isinstance(bot, SolverBot) and bot.memory == "limited"
    summary = play_match("decipher", ["solver:limited", "random"], games=60, seed=0)
    assert summary["wins"]["solver:limited"] > summary["wins"]["random"]
    assert summary["wins"]["solver:limited"] >= 33


def test_perfect_memory_beats_limited_memory() -> None:
    summary = play_match("decipher", ["solver", "solver:limited"], games=40, seed=0)
    assert summary["wins"]["solver"] > summary["wins"]["solver:limited"]


def test_unknown_solver_option_is_a_one_line_error() -> None:
    with pytest.raises(CipherkitError, match="unknown solver option 'psychic'"):
        make_bot("decipher", "solver:psychic")
    assert make_solver().memory == "perfect"
    assert make_solver("perfect").memory == "perfect"
