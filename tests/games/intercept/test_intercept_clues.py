"""Clue checks: every rejection reason, the warnings, and the engine's use of them."""

from __future__ import annotations

import pytest
from intercept_helpers import KEYWORDS, act, game, play_round, write

from cipherkit.core.errors import IllegalAction
from cipherkit.games.intercept.clues import NEAR_REPEAT_THRESHOLD, check_clue, clue_key
from cipherkit.games.intercept.messages import words
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
        ("drag on fly", "keyword"),  # the keyword written in several words
        ("dragon flies", "keyword"),
        ("3", "digits"),
        ("route 66", "digits"),
        ("three", "number"),
        ("first second", "number"),  # issue #34: "first" alone is an ordinal (a warning)
        ("eight letters", "letter-count"),
        ("five-letter word", "letter-count"),
        ("C", "single-letter"),
        ("the letter m", "single-letter"),
        ("c a t", "single-letter"),
        ("c-a-t", "single-letter"),
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
    # kept as a message (no words in the record), said in the reader's language
    assert record["warnings"][0] == [] and "dog" in words(record["warnings"][1][0])
    assert record["warnings"][1][0]["params"]["clue"] == "dog"


@pytest.mark.parametrize(
    ("clue", "keyword", "kind"),
    [
        ("Night", "nightmare", "part-of-keyword"),  # the rulebook's own example
        ("smart", "art", "contains-keyword"),
        ("giant", "ant", "contains-keyword"),
        ("card", "car", "contains-keyword"),
        ("sunday", "sun", "contains-keyword"),
        ("tail", "cocktail", "part-of-keyword"),
        ("blackbird", "black", "contains-keyword"),
        ("pitch blackness", "black", "contains-keyword"),
        ("dragon", "dragonfly", "part-of-keyword"),
    ],
)
def test_containing_a_keywords_letters_is_legal_with_a_warning(
    clue: str, keyword: str, kind: str
) -> None:
    """docs/rules/intercept.md §2.8: a clue may contain a keyword's letters or be part of
    it; only the keyword or a form of it is refused."""
    result = check_clue(clue, [keyword, "piano", "shark", "volcano"])
    assert result.ok, result.problems
    assert not result.clean
    assert [p.kind for p in result.warnings] == [kind]
    assert "legal" in result.warnings[0].message


@pytest.mark.parametrize(
    ("clue", "kind"),
    [
        ("starts with S", "spelling"),
        ("rhymes with hat", "spelling"),
        ("sounds like cake", "spelling"),
        ("the first word", "position"),
        ("top left", "position"),
    ],
)
def test_what_only_people_can_judge_is_a_warning(clue: str, kind: str) -> None:
    result = check_clue(clue, WHITE)
    assert result.ok and kind in [p.kind for p in result.warnings], result.problems


def test_a_refused_clue_is_named_once_in_the_reason() -> None:
    from cipherkit.core.errors import IllegalAction
    from cipherkit.games.intercept import new_game
    from cipherkit.games.intercept.actions import make_clue

    state = new_game({"players": 4}, seed=2)
    seat = next(s for s in state.actors() if state.role(s) == "encryptor")
    keyword = state.keywords[state.team_of(seat)][0]
    with pytest.raises(IllegalAction) as caught:
        state.apply(seat, make_clue(keyword.upper()))
    assert caught.value.reason == f"the clue {keyword.upper()!r} uses the keyword {keyword!r}"
