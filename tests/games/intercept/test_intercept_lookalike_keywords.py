"""The tiebreak's keyword guesses, typed with Cyrillic look-alike letters, name the
keywords (issue 47 item 6); a guess that is another word still misses."""

from __future__ import annotations

from intercept_helpers import KEYWORDS, act, game, play_round

from cipherkit.games.intercept.rules import keyword_matches


def test_cyrillic_lookalikes_name_a_latin_keyword() -> None:
    assert keyword_matches("\u0422\u0415\u0410", "tea")  # Т, Е, А
    assert keyword_matches("\u0441\u043e\u0441\u043e\u0430", "cocoa")  # lower case
    assert not keyword_matches("\u0422\u0415\u0410\u041a", "tea")  # TEAK
    assert not keyword_matches("\u0412\u041e\u041d\u0415", "bone")  # BOHE: Н is H, not N
    assert not keyword_matches("кость", "bone")  # a translation is another word


def test_latin_lookalikes_name_a_cyrillic_keyword() -> None:
    assert keyword_matches("COK", "сок") and keyword_matches("kot", "кот")
    assert not keyword_matches("cat", "кот")


def test_the_tiebreak_counts_a_lookalike_guess() -> None:
    keywords = {"white": KEYWORDS["white"], "black": ["antiquity", "cocoa", "morning", "tea"]}
    state = game(max_rounds=2, keywords=keywords)
    play_round(state, decrypt=(False, False))
    play_round(state)
    assert state.phase == "keywords" and state.outcome is None
    act(state, 0, "keywords ANTIQUITY, \u0421\u041e\u0421\u041e\u0410, sun, moon")  # СОСОА
    act(state, 3, "keywords -, dragonflies, -, -")
    assert state.keyword_hits == [2, 1]
