"""Clue checks: every rejection reason, the warnings, and the engine's use of them."""

from __future__ import annotations

import pytest
from intercept_helpers import KEYWORDS, act, game, play_round, write

from cipherkit.core.errors import IllegalAction
from cipherkit.games.intercept.clues import NEAR_REPEAT_THRESHOLD, check_clue, clue_key
from cipherkit.games.intercept.vectors import default_vectors

WHITE = KEYWORDS["white"]  # black, dragonfly, cocktail, sombrero


@pytest.mark.parametrize(
    ("clue", "kind"),
    [
        ("", "empty"),
        ("?!", "empty"),
        ("Black", "keyword"),
        ("SOMBREROS", "keyword"),
        ("dragonflies", "keyword"),
        ("a black cat", "keyword"),
        ("cocktail's", "keyword"),
        ("blackbird", "contains-keyword"),
        ("cocktailbar", "contains-keyword"),
        ("pitch blackness", "contains-keyword"),
        ("drag on fly", "contains-keyword"),
        ("dragon", "part-of-keyword"),
        ("fly", "part-of-keyword"),
        ("tail", "part-of-keyword"),
        ("somb", "part-of-keyword"),
        ("3", "digits"),
        ("route 66", "digits"),
        ("three", "number"),
        ("first", "number"),
        ("eight letters", "letter-count"),
        ("five-letter word", "letter-count"),
        ("C", "single-letter"),
        ("the letter m", "single-letter"),
        ("c a t", "single-letter"),
        ("starts with S", "spelling"),
        ("rhymes with hat", "spelling"),
        ("sounds like cake", "spelling"),
    ],
)
def test_each_rejection_reason(clue: str, kind: str) -> None:
    result = check_clue(clue, WHITE)
    assert not result.ok
    assert kind in [p.kind for p in result.errors], result.problems
    assert result.reason and "\n" not in result.reason


@pytest.mark.parametrize(
    "clue", ["Mexico", "insect", "horror film", "evening with friends", "vitamin c", "x-ray"]
)
def test_good_clues_pass(clue: str) -> None:
    assert check_clue(clue, WHITE).ok


def test_repeats_are_rejected_in_any_case_number_or_with_little_words() -> None:
    earlier = ["Mexico", "the insects", "horror film"]
    for clue in ("mexico", "Insect", "an insect", "Horror films!"):
        result = check_clue(clue, WHITE, earlier)
        assert [p.kind for p in result.errors] == ["repeat"], clue
    assert check_clue("insect wings", WHITE, earlier).ok
    assert clue_key("The Insects!") == clue_key("insect")


def test_near_repeats_are_a_warning_not_an_error() -> None:
    vectors = default_vectors()
    result = check_clue("puppy", ["sun"], ["dog"], vectors=vectors)
    assert result.ok and [p.kind for p in result.warnings] == ["near-repeat"]
    assert "'dog'" in result.warnings[0].message
    assert check_clue("volcano", ["sun"], ["dog"], vectors=vectors).warnings == ()
    assert 0 < NEAR_REPEAT_THRESHOLD < 1


def test_unknown_words_are_a_warning() -> None:
    result = check_clue("qzxv", ["sun"], vectors=default_vectors())
    assert result.ok and [p.kind for p in result.warnings] == ["unknown-words"]


def test_engine_refuses_a_rejected_clue_with_its_reason() -> None:
    state = game()
    with pytest.raises(IllegalAction, match="uses the keyword 'dragonfly'"):
        act(state, 0, "clue Dragonflies")
    with pytest.raises(IllegalAction, match="reads out digits"):
        act(state, 0, "clue 4 2 1")
    write(state, 0, ["Mexico"])
    with pytest.raises(IllegalAction, match="repeats the earlier clue 'Mexico'"):
        act(state, 0, "clue mexico")
    act(state, 0, "clue insect")


def test_engine_checks_repeats_over_the_whole_game_for_the_team() -> None:
    state = game()
    write(state, 0, ["Mexico", "insect", "gargoyle"])
    play_round(state)
    with pytest.raises(IllegalAction, match="repeats the earlier clue"):
        act(state, state.encryptors[0], "clue Gargoyles")  # type: ignore[arg-type]
    act(state, state.encryptors[1], "clue gargoyle")  # type: ignore[arg-type]  # other team


def test_engine_checks_only_the_encryptors_own_keywords() -> None:
    state = game()
    act(state, 0, "clue bones")  # Black's keyword 'bone': White cannot know it
    with pytest.raises(IllegalAction, match="keyword 'bone'"):
        act(state, 1, "clue bones")


def test_engine_records_near_repeat_warnings_once_read() -> None:
    state = game()
    write(state, 0, ["dog", "puppy", "volcano"])
    assert state.observe(0)["my_warnings"][1]
    write(state, 1)
    record = state.history[0]
    assert record["warnings"][0] == [] and "dog" in record["warnings"][1][0]
