"""The Intercept table in Russian (issue 47): a Russian room's pages show Russian words
only (no run of three Latin letters outside the notation), a refusal reads in the
seat's language, a seat in English at the same table reads English, the page's own
words come from the catalog, and a local table with bots cannot be Russian."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from cipherkit.core.errors import ConfigError
from cipherkit.games.intercept import new_game, parse_action
from cipherkit.i18n import speaking
from cipherkit.rooms import Store, open_store
from cipherkit.widgets import InterceptTable
from cipherkit.widgets.intercept.view import build_view
from tests.widgets.page_messages import page_message

KEYWORDS = {
    "white": ["лягушка", "мост", "часы", "ёж"],
    "black": ["самовар", "лук", "замок", "кошка"],
}
NAMES = ("Аня", "Борис", "Вера", "Глеб")
CLUES = {0: ("пруд", "река", "стрелка"), 1: ("чай", "слёзы", "ключ")}

LATIN_RUN = re.compile(r"[A-Za-z]{3,}")
PLACEHOLDER = re.compile(r"\{\w+\}")
MACHINE_KEYS = {"id", "team", "role", "phase", "result", "language", "game", "room"}
"""View fields that are identifiers for the page's code, never shown as words (and the
room's join code, code words by design)."""


def shown_strings(value: Any, key: str = "") -> list[str]:
    """Every string of a view a person may read (identifiers and dict keys left out)."""
    if key in MACHINE_KEYS:
        return []
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict):
        return [s for k, v in value.items() for s in shown_strings(v, str(k))]
    if isinstance(value, list | tuple):
        return [s for v in value for s in shown_strings(v, key)]
    return []


def latin_runs(strings: list[str]) -> list[str]:
    return [s for s in strings if LATIN_RUN.search(PLACEHOLDER.sub("", s))]


@pytest.fixture
def store(tmp_path: Path) -> Iterator[Store]:
    with open_store(f"sqlite:///{tmp_path / 'rooms.db'}") as opened:
        yield opened


def test_a_russian_room_shows_russian_words_only(store: Store) -> None:
    room = store.create_room(
        "intercept", {"players": 4, "language": "ru", "keywords": KEYWORDS}, seed=6
    )
    seats = [store.join(room.code, name, seat=s) for s, name in enumerate(NAMES)]
    tables = [InterceptTable(room=seat, lang="ru") for seat in seats]
    english = InterceptTable(room=store.spectate(room.code), lang="en")
    try:
        ana = tables[0]
        assert ana.lang == "ru" and ana.view["language"] == "ru"
        page_message(ana, {"type": "action", "text": "clue frog"})
        assert ana.message == (
            "illegal: подсказка «frog» использует ключевое слово «лягушка» («frog» — его перевод)"
        )
        page_message(ana, {"type": "check", "text": "зелёный"})
        assert ana.view["check"]["ok"]
        for seat, clues in CLUES.items():
            for clue in clues:
                page_message(tables[seat], {"type": "action", "text": f"clue {clue}"})
                assert tables[seat].message == "", tables[seat].message
        for table in tables:
            table._room_changed()
        page_message(tables[2], {"type": "action", "text": "guess 1.2.3"})
        assert tables[2].message == ""
        for table in [*tables, english]:
            table._room_changed()
        views = [table.view for table in tables]
        assert views[0]["last_reveal"] is not None and views[3]["you"]["role"] == "decryptor"
        assert views[3]["status"].startswith("Расшифровка: какой код")
        for seat, view in enumerate(views):
            strings = shown_strings(view)
            assert strings and latin_runs(strings) == [], (seat, latin_runs(strings))
        words = list(tables[0].words.values())
        assert latin_runs(words) == [], latin_runs(words)
        assert tables[0].words["give_guess"] == "Назвать код {code}"
        # one table, two languages: the English-speaking spectator reads English
        assert english.view["status"] == "Black’s clues are being guessed…"
        assert any(
            line.startswith("Round 1: Аня encrypts for White") for line in english.view["log"]
        )
        assert views[0]["log"][0] == "Раунд 1: Белые — шифрует Аня, Чёрные — шифрует Борис."
    finally:
        for table in [*tables, english]:
            table.close()


def test_the_russian_view_at_the_end_of_a_game() -> None:
    state = new_game(
        {"players": 4, "language": "ru", "keywords": KEYWORDS, "max_rounds": 1, "names": NAMES},
        seed=3,
    )
    for seat, clues in CLUES.items():
        for clue in clues:
            state.apply(seat, parse_action(f"clue {clue}"))
    state.apply(2, parse_action("guess 1.2.3"))
    state.apply(3, parse_action("guess 2.3.4"))
    if state.outcome is None:  # the keyword stage: a tie on points
        state.apply(0, parse_action("keywords самовар, лук, -, -"))
        state.apply(1, parse_action("keywords -, -, -, -"))
    assert state.outcome is not None
    with speaking("ru"):
        views = [build_view(state.observe(s), seat=s) for s in range(4)]
        views.append(build_view(state.observe("spectator"), seat=None))
    for view in views:
        assert view["outcome"] is not None
        assert latin_runs(shown_strings(view)) == [], latin_runs(shown_strings(view))
    assert views[0]["outcome"]["keyword_lines"][0] == "Ключевые слова белых: " + ", ".join(
        KEYWORDS["white"]
    )


def test_english_words_stay_as_they_were() -> None:
    state = new_game({"players": 4, "names": ["You", "Ada", "Ben", "Cy"]}, seed=1)
    view = build_view(state.observe(0), seat=0)
    assert view["status"] == (
        "You encrypt for White this round: give one clue for each digit of your code, in order."
    )
    assert view["legend"] == "◯ Interception tokens: two win.  ● Miscommunication tokens: two lose."
    assert view["give_clue"] == "Give the first clue" and view["language"] == "en"


def test_a_local_table_with_bots_cannot_be_russian() -> None:
    with pytest.raises(ConfigError, match="the bots play in English only"):
        InterceptTable(players=4, seat=0, bots="random", seed=2, language="ru")
    table = InterceptTable(players=4, seat=0, bots="random", seed=2, lang="ru")
    try:
        assert table.view["language"] == "en"  # English keywords, Russian words around them
        assert table.view["status"].startswith("В этом раунде вы шифруете")
        page_message(table, {"type": "action", "text": "guess 1.2.3"})
        assert table.message.startswith("illegal: ")
        assert not LATIN_RUN.search(table.message.removeprefix("illegal: "))
    finally:
        table.close()
