"""The Russian Intercept (issue 47): a Russian deal from our own list, a keyword
translated refused as a clue both ways (cipherkit's bilingual table), bots refused at a
Russian table, messages in the reader's language, and the conformance checks."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from cipherkit.core.errors import ConfigError, IllegalAction, message_of
from cipherkit.core.testing import check_all
from cipherkit.games.intercept import GAME, check_bots, check_clue, new_game, parse_action
from cipherkit.games.intercept.bots import CkBot
from cipherkit.games.intercept.config import RUSSIAN_STOCK_CLUES, make_config
from cipherkit.games.intercept.messages import words
from cipherkit.games.intercept.words import keywords, translations
from cipherkit.i18n import speaking

ROOT = Path(__file__).resolve().parents[3]
CYRILLIC_WORD = re.compile(r"^[а-яё]+$")

RUSSIAN = {
    "white": ["лягушка", "мост", "часы", "ёж"],
    "black": ["самовар", "лук", "замок", "кошка"],
}
ENGLISH = {
    "white": ["frog", "bridge", "clock", "hedgehog"],
    "black": ["castle", "onion", "cat", "perfume"],
}


def _game(fixed: dict[str, list[str]], language: str) -> Any:
    return new_game({"keywords": fixed, "language": language}, seed=3)


# ---------------------------------------------------------------- the list and the deal
def test_the_russian_list_is_ours_built_and_checked_by_the_script() -> None:
    words_ru = keywords("ru")
    assert len(words_ru) >= 200 and len(set(words_ru)) == len(words_ru)
    assert list(words_ru) == sorted(words_ru)
    assert all(CYRILLIC_WORD.match(w) for w in words_ru)
    assert not set(words_ru) & set(keywords("en"))
    script = ROOT / "scripts" / "build_intercept_russian.py"
    done = subprocess.run(
        [sys.executable, str(script), "--check"], capture_output=True, text=True, check=False
    )
    assert done.returncode == 0, done.stdout + done.stderr
    notice = " ".join((ROOT / "cipherkit" / "data" / "NOTICE").read_text("utf-8").split())
    for fact in ("intercept_keywords_ru.txt", "intercept_translations.txt", "written for"):
        assert fact in notice


def test_the_bilingual_table_translates_every_keyword_of_both_lists() -> None:
    assert all(translations(w) for w in keywords("en"))
    assert all(translations(w) for w in keywords("ru"))
    assert "лягушка" in translations("frog") and "frog" in translations("лягушка")


@pytest.mark.parametrize("players", [3, 4, 7])
def test_a_russian_table_deals_russian_keywords(players: int) -> None:
    russian = set(keywords("ru"))
    for seed in range(5):
        state = new_game({"players": players, "language": "ru"}, seed=seed)
        dealt = [w for team in state.keywords for w in team]
        assert len(dealt) == len(set(dealt)) == (4 if players == 3 else 8)
        assert set(dealt) <= russian
        english = new_game({"players": players}, seed=seed)
        assert {w for team in english.keywords for w in team} <= set(keywords("en"))


def test_a_russian_table_offers_russian_stock_clues_and_hides_russian_keywords() -> None:
    state = new_game({"language": "ru"}, seed=2)
    legal = [str(a)[5:] for a in state.legal_actions(state.encryptors[0])]
    assert legal and set(legal) <= set(RUSSIAN_STOCK_CLUES)
    twin = GAME.hidden_variants(state, 0, state.rng.spawn())
    assert set(twin.keywords[1]) <= set(keywords("ru"))


def test_the_language_option_is_checked() -> None:
    assert make_config(None)["language"] == "en"
    with pytest.raises(ConfigError) as caught:
        make_config({"language": "de"})
    with speaking("ru"):
        assert str(caught.value) == "Перехват: language — одно из значений en, ru"


# ---------------------------------------------------------------- translated keywords
@pytest.mark.parametrize(
    ("clue", "keyword", "used"),
    [
        ("frog", "лягушка", "frog"),
        ("Frogs", "лягушка", "frogs"),
        ("a green frog", "лягушка", "frog"),
        ("clock", "часы", "clock"),
        ("onion", "лук", "onion"),
        ("bow", "лук", "bow"),
        ("lock", "замок", "lock"),
        ("samovar", "самовар", "samovar"),
    ],
)
def test_an_english_translation_is_refused_at_a_russian_table(
    clue: str, keyword: str, used: str
) -> None:
    result = check_clue(clue, RUSSIAN["white"] + RUSSIAN["black"])
    assert [p.kind for p in result.errors] == ["translation"], result.reason
    assert result.reason == f"uses the keyword {keyword!r} (as {used!r}, a translation of it)"


@pytest.mark.parametrize(
    ("clue", "keyword"),
    [
        ("лягушка", "frog"),
        ("Лягушки", "frog"),
        ("под мостом", "bridge"),
        ("часы", "clock"),
        ("ежи", "hedgehog"),
        ("кот", "cat"),
        ("кошкой", "cat"),
        ("духи", "perfume"),
        ("замки", "castle"),
    ],
)
def test_a_russian_translation_is_refused_at_an_english_table(clue: str, keyword: str) -> None:
    result = check_clue(clue, ENGLISH["white"] + ENGLISH["black"])
    assert [p.kind for p in result.errors] == ["translation"], result.reason
    assert result.reason.startswith(f"uses the keyword {keyword!r} (as ")


@pytest.mark.parametrize(
    ("clue", "table"),
    [
        ("жаба", ENGLISH),  # TOAD, not FROG
        ("час", ENGLISH),  # an hour is not ЧАСЫ (a noun with no singular)
        ("дух", ENGLISH),  # a spirit is not ДУХИ
        ("пруд", ENGLISH),
        ("toad", RUSSIAN),
        ("river", RUSSIAN),
        ("зелёный", RUSSIAN),
        ("frosch", RUSSIAN),  # German: the checks cannot know it
    ],
)
def test_everything_else_stays_a_fair_clue(clue: str, table: dict[str, list[str]]) -> None:
    result = check_clue(clue, table["white"] + table["black"])
    assert result.ok, result.reason


def test_the_engine_refuses_a_translated_keyword_with_a_clear_reason() -> None:
    state = _game(RUSSIAN, "ru")
    with pytest.raises(IllegalAction) as caught:
        state.apply(0, parse_action("clue frog"))
    assert caught.value.reason == (
        "the clue 'frog' uses the keyword 'лягушка' (as 'frog', a translation of it)"
    )
    with speaking("ru"):
        assert caught.value.reason == (
            "подсказка «frog» использует ключевое слово «лягушка» («frog» — его перевод)"
        )
    state = _game(ENGLISH, "en")
    with pytest.raises(IllegalAction, match="as 'лягушки', a translation of it"):
        state.apply(0, parse_action("clue лягушки"))
    state.apply(0, parse_action("clue пруд"))  # a pond: a fair clue in any script
    with pytest.raises(IllegalAction, match="castle"):  # Black's keyword, Black's table
        state.apply(1, parse_action("clue замок"))


# ---------------------------------------------------------------- bots
def test_bots_play_english_only() -> None:
    assert GAME.bot_languages == ("en",)
    check_bots({"language": "en"}, 3)
    check_bots({"language": "ru"}, 0)
    with pytest.raises(ConfigError) as caught:
        check_bots({"players": 4, "language": "ru"}, 1)
    message = message_of(caught.value)
    assert message.id.startswith("intercept: the bots play in English only")
    with speaking("ru"):
        assert "боты играют только на английском" in str(caught.value)
    state = new_game({"language": "ru"}, seed=1)
    with pytest.raises(ConfigError, match="English only"):
        CkBot().act(dict(state.observe(0)), state.legal_actions(0), state.rng.spawn())


# ---------------------------------------------------------------- words where shown
def test_the_log_holds_messages_said_in_the_readers_language() -> None:
    state = _game(RUSSIAN, "ru")
    for seat, clues in ((0, ("пруд", "река", "стрелка")), (1, ("чай", "слёзы", "ключ"))):
        for clue in clues:
            state.apply(seat, parse_action(f"clue {clue}"))
    state.apply(2, parse_action("guess 1.2.3"))
    data = state.to_json()
    assert all(isinstance(line, dict) and "id" in line for line in data["log"])
    assert "Round 1: Player 1 encrypts for White, Player 2 encrypts for Black." in state.log
    assert GAME.state_type.from_json(data).log == state.log
    with speaking("ru"):
        said = [words(line) for line in state.observe(3)["log"]]
    assert said[0] == "Раунд 1: Белые — шифрует Player 1, Чёрные — шифрует Player 2."
    assert "Шифровальщик белых зачитывает: «пруд»; «река»; «стрелка»." in said
    assert any(line.startswith("Код белых был ") for line in said)


def test_an_older_state_with_english_words_still_loads() -> None:
    state = _game(ENGLISH, "en")
    data = state.to_json()
    data["log"] = list(state.log)
    data["end_reason"] = ""
    twin = GAME.state_type.from_json(data)
    assert twin.log == state.log and twin.end_reason == ""


# ---------------------------------------------------------------- conformance
@pytest.mark.parametrize("config", [{"language": "ru"}, {"players": 3, "language": "ru"}])
def test_the_conformance_checks_pass_for_a_russian_table(config: dict[str, Any]) -> None:
    report = check_all(GAME, seeds=range(3), config=config)
    assert report["games"] == 3 and report["no_leak_variants_differing"] > 0
