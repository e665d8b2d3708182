"""Clue checks in any script, spelling variants and codes in disguise (issue #34 items
1-2): Russian tables get the same refusals and warnings as English ones, accented words
are words, Unicode forms and spellings of a keyword are the keyword (in clues and in the
tiebreak), and the code read out as number words or roman numerals is refused."""

from __future__ import annotations

import importlib.util
import re
from pathlib import Path

import pytest
from intercept_helpers import act, play_round

from cipherkit.core.errors import IllegalAction
from cipherkit.games.intercept import new_game
from cipherkit.games.intercept.clues import check_clue
from cipherkit.games.intercept.rules import keyword_matches
from cipherkit.games.intercept.words import keywords, tokens, variants

ROOT = Path(__file__).resolve().parents[3]
RUSSIAN = {
    "white": ["кошка", "река", "тьма", "самовар"],
    "black": ["гора", "книга", "звезда", "яблоко"],
}
WHITE_RU = RUSSIAN["white"]
ENGLISH = ["black", "dragonfly", "cocktail", "sombrero"]


# ----------------------------------------------------------------- words of any script
def test_words_of_any_alphabet_are_words() -> None:
    assert tokens("Тьма над рекой") == ["тьма", "над", "рекой"]
    assert tokens("piñata") == ["piñata"]  # not "pi ata"
    assert tokens("pin\u0303ata") == ["piñata"]  # decomposed: the same word
    assert tokens("ΣΟΦΙΑ, naïve") == ["σοφια", "naïve"]
    assert tokens("l'été d'or") == ["l'été", "d'or"]
    assert tokens("route_66 rue") == ["route", "rue"]  # digits and _ separate words


@pytest.mark.parametrize("clue", ["тьма", "ночь без луны", "piñata", "naïve", "São Paulo"])
def test_clues_in_any_script_pass(clue: str) -> None:
    result = check_clue(clue, ENGLISH)
    assert result.ok and result.clean, result.problems


def test_a_decomposed_keyword_is_the_keyword() -> None:
    decomposed = "cafe\u0301"
    for clue in (decomposed, "CAFÉ", "Cafés", "café"):
        assert check_clue(clue, ["café", "sun", "car", "ant"]).reason.startswith(
            "uses the keyword 'café'"
        ), clue
    assert not check_clue("café", [decomposed, "sun", "car", "ant"]).ok
    assert check_clue("piñata", ["pin", "ata", "sun", "car"]).ok  # no "pi ata" words


def test_look_alike_letters_and_full_width_forms_are_the_keyword() -> None:
    """Display forms that read as the keyword: a Cyrillic look-alike in a Latin word,
    full-width letters, a ligature; and the roman numeral characters."""
    for clue in ("\u0441at", "ＣＡＴ", "c\u0430ts"):
        assert check_clue(clue, ["cat", "sun", "car", "ant"]).reason.startswith(
            "uses the keyword 'cat'"
        ), clue
    assert not check_clue("ﬁsh", ["fish"]).ok
    assert not check_clue("\u043a\u043et", ["кот"]).ok  # Cyrillic with a Latin t
    assert [p.kind for p in check_clue("Ⅲ", ENGLISH).errors] == ["number"]


# ----------------------------------------------------------------- Russian refusals
@pytest.mark.parametrize(
    ("clue", "kind"),
    [
        ("кошка", "keyword"),
        ("КОШКИ", "keyword"),  # another case and number
        ("кошкой", "keyword"),
        ("рекам", "keyword"),
        ("тьмы", "keyword"),
        ("само вар", "keyword"),  # the keyword in several words
        ("3", "digits"),
        ("три", "number"),
        ("номер два", "number"),  # the code in disguise
        ("один четыре два", "number"),
        ("восемь букв", "letter-count"),
        ("из пяти букв", "letter-count"),
        ("пятибуквенное слово", "letter-count"),
        ("М", "single-letter"),
        ("буква м", "single-letter"),
        ("к о т", "single-letter"),  # a word spelled out
        ("к-о-ш-к-а", "single-letter"),
        ("", "empty"),
    ],
)
def test_russian_clues_get_the_same_refusals(clue: str, kind: str) -> None:
    result = check_clue(clue, WHITE_RU)
    assert not result.ok
    assert kind in [p.kind for p in result.errors], result.problems


@pytest.mark.parametrize(
    ("clue", "kind"),
    [
        ("начинается на к", "spelling"),
        ("рифмуется с мышкой", "spelling"),
        ("первое слово", "position"),
        ("справа", "position"),
        ("второй", "ordinal"),
        ("самоварище", "contains-keyword"),
    ],
)
def test_russian_clues_get_the_same_warnings(clue: str, kind: str) -> None:
    result = check_clue(clue, WHITE_RU)
    assert result.ok and kind in [p.kind for p in result.warnings], result.problems


def test_russian_repeats_are_refused_in_another_case() -> None:
    result = check_clue("Мурлыки", WHITE_RU, earlier=["мурлыка"])
    assert [p.kind for p in result.errors] == ["repeat"]


def test_a_russian_table_plays_clues_and_is_refused_its_keywords() -> None:
    state = new_game({"keywords": RUSSIAN}, seed=3)
    with pytest.raises(IllegalAction, match="uses the keyword 'кошка'"):
        act(state, 0, "clue Кошки")
    with pytest.raises(IllegalAction, match="only a number"):
        act(state, 0, "clue номер два")
    act(state, 0, "clue мурлыка")
    act(state, 0, "clue Волга")
    with pytest.raises(IllegalAction, match="repeats the earlier clue"):
        act(state, 0, "clue волги")
    act(state, 0, "clue ночь")
    assert state.written[0] == ["мурлыка", "Волга", "ночь"]


# ----------------------------------------------------------------- tiebreak guesses
def test_tiebreak_guesses_in_any_form_or_spelling_count() -> None:
    assert keyword_matches("Cafe\u0301", "café") and keyword_matches("CAFÉS", "café")
    assert keyword_matches("Кошки", "кошка") and keyword_matches("ЁЖ", "ёж")
    assert keyword_matches("Harbour", "harbor") and keyword_matches("pyjamas", "pajamas")
    assert not keyword_matches("кот", "кошка") and not keyword_matches("-", "café")


def test_a_decomposed_keyword_guess_counts_in_the_engine() -> None:
    keywords_ = {
        "white": ["café", "harbor", "кошка", "sombrero"],
        "black": ["antiquity", "bone", "morning", "nightmare"],
    }
    state = new_game({"keywords": keywords_, "max_rounds": 2}, seed=1)
    assert state.keywords[0][0] == "café"
    play_round(state, decrypt=(False, False))
    play_round(state)
    assert state.phase == "keywords"
    act(state, 2, "keywords -, -, -, -")
    act(state, 1, "keywords CAFE\u0301, harbour, кошки, -")
    assert state.keyword_hits == [0, 3]


def test_config_keywords_are_kept_in_nfc() -> None:
    keywords_ = {"white": ["Cafe\u0301", "b", "c", "d"], "black": ["e", "f", "g", "h"]}
    state = new_game({"keywords": keywords_}, seed=1)
    assert state.keywords[0][0] == "café"


# ----------------------------------------------------------------- spelling variants
@pytest.mark.parametrize(
    ("clue", "keyword"),
    [
        ("harbour", "harbor"),
        ("HARBOR", "harbour"),
        ("theatre", "theater"),
        ("Theatres", "theater"),
        ("pyjamas", "pajamas"),
        ("whisky", "whiskey"),
        ("yoghurt", "yogurt"),
        ("ax", "axe"),
        ("colour", "color"),
        ("centre", "center"),
        ("realise", "realize"),
        ("grey", "gray"),
    ],
)
def test_another_spelling_of_a_keyword_is_refused(clue: str, keyword: str) -> None:
    result = check_clue(clue, [keyword, "sun", "car", "ant"])
    assert [p.kind for p in result.errors] == ["keyword"]
    if clue.casefold() != keyword:
        assert result.reason.endswith("another spelling of it)"), result.reason


def _variant_table() -> list[list[str]]:
    text = (ROOT / "cipherkit" / "data" / "spelling_variants.txt").read_text(encoding="utf-8")
    return [line.split() for line in text.splitlines() if line and not line.startswith("#")]


def test_every_shipped_keyword_with_another_spelling_refuses_it() -> None:
    shipped = set(keywords())
    with_variants = 0
    for keyword in shipped:
        for other in variants(keyword):
            with_variants += 1
            result = check_clue(other, [keyword])
            assert not result.ok and "another spelling" in result.reason, (keyword, other)
    assert with_variants >= 7  # harbor, theater, pajamas, whiskey, yogurt, axe, jail, ...
    for group in _variant_table():
        assert len(set(group) & shipped) <= 1, f"{group} joins two shipped keywords"


def test_no_shipped_keyword_refuses_another_shipped_keyword() -> None:
    """The table never makes one keyword a spelling of another (no false refusal)."""
    shipped = keywords()
    refused = [(a, b) for a in shipped for b in variants(a) if b in shipped]
    assert refused == []


def test_the_variant_table_is_built_by_its_script_and_listed_in_notice() -> None:
    spec = importlib.util.spec_from_file_location(
        "build_spelling_variants", ROOT / "scripts" / "build_spelling_variants.py"
    )
    assert spec is not None and spec.loader is not None
    script = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(script)
    assert [list(g) for g in script.groups()] == _variant_table()
    notice = (ROOT / "cipherkit" / "data" / "NOTICE").read_text(encoding="utf-8")
    assert "spelling_variants.txt" in notice and "build_spelling_variants.py" in notice


# ----------------------------------------------------------------- codes in disguise
@pytest.mark.parametrize(
    "clue",
    ["number two", "III", "IV", "one-four-two", "two three one", "I, II, IV", "code: one",
     "the three", "four then one", "номер два", "IV-I-III", "three IV one"],
)  # fmt: skip
def test_the_code_read_out_in_disguise_is_refused(clue: str) -> None:
    result = check_clue(clue, ENGLISH)
    assert "number" in [p.kind for p in result.errors], result.problems


@pytest.mark.parametrize("clue", ["second", "third", "First", "второй"])
def test_an_ordinal_alone_is_a_warning(clue: str) -> None:
    result = check_clue(clue, ["clock", "sun", "car", "ant"])
    assert result.ok and [p.kind for p in result.warnings] == ["ordinal"]


@pytest.mark.parametrize(
    "clue",
    ["three musketeers", "all for one", "Louis XIV", "second hand", "mix", "civil",
     "number", "one-way street", "vivid"],
)  # fmt: skip
def test_numbers_with_a_meaning_pass(clue: str) -> None:
    result = check_clue(clue, ENGLISH)
    assert result.ok, result.problems


# ----------------------------------------------------------------- the rules agree
def test_the_rules_page_names_every_refusal_and_warning() -> None:
    rules = (ROOT / "docs" / "rules" / "intercept.md").read_text(encoding="utf-8")
    section = rules[rules.index("## 2.9") : rules.index("## 2.10")]
    for phrase in (
        "another spelling",
        "roman numerals",
        "number words",
        "ordinal",
        "any alphabet",
        "NFC",
        "spelling_variants.txt",
    ):
        assert re.search(re.escape(phrase), section, re.I), phrase
    tiebreak = rules[rules.index("## 2.7") : rules.index("## 2.8")]
    assert "another spelling" in tiebreak and "Unicode" in tiebreak
