"""The mission game in Russian (issue 47): the Russian missions validate, load as a
campaign and playtest; the answer's alphabet is read from the glyph key; refusals,
notation errors, config errors and the validator's problems read in Russian where
Russian is spoken and in English otherwise; records hold no translated text; the
Russian catalog uses the glossary's terms."""

from __future__ import annotations

import argparse
import json
from pathlib import Path

import pytest
from babel.messages.pofile import read_po
from mission_helpers import MISSIONS, ROOT

from cipherkit.core.errors import ConfigError, IllegalAction, NotationError, message_of
from cipherkit.core.rng import Rng
from cipherkit.core.session import Session
from cipherkit.games.mission import load, load_campaign, mission_from_yaml, new_game, parse_action
from cipherkit.games.mission.commands import VALIDATE
from cipherkit.games.mission.content.console import ALPHABETS, answers_match
from cipherkit.games.mission.content.words import log_words
from cipherkit.games.mission.format.problems import MissionError
from cipherkit.games.mission.format.validate import validate_paths, validate_text
from cipherkit.games.mission.rules.variants import hidden_variant
from cipherkit.games.mission.shipped import shipped_mission
from cipherkit.i18n import language, speaking
from cipherkit.playtest import run_playtest

RUSSIAN = sorted((ROOT / "missions" / "ru").glob("*.yaml"))
CYRILLIC = set(ALPHABETS["CYRILLIC"])
PO = ROOT / "cipherkit" / "locale" / "ru" / "LC_MESSAGES" / "cipherkit.po"


def _cyrillic(text: str) -> bool:
    return any(ch.upper() in CYRILLIC for ch in text)


# ---------------------------------------------------------------- the Russian missions
def test_there_are_russian_missions_and_they_validate() -> None:
    assert len(RUSSIAN) >= 2
    assert validate_paths(RUSSIAN) == []
    assert validate_paths([*MISSIONS, *RUSSIAN]) == []  # ids do not clash with the campaign


def test_russian_missions_have_cyrillic_answers_cards_and_glyphs() -> None:
    for path in RUSSIAN:
        mission = load(path)
        assert mission.script == "CYRILLIC"
        assert mission.alphabet == ALPHABETS["CYRILLIC"] and len(mission.alphabet) == 33
        assert all(ch in CYRILLIC for ch in mission.answer.replace(" ", ""))
        assert all(_cyrillic(g) for g in mission.glyphs)
        assert _cyrillic(mission.title) and _cyrillic(mission.question) and _cyrillic(mission.story)
        assert all(_cyrillic(str(name)) for _, name in mission.map.nodes(data="name"))
    assert {load(p).answer for p in RUSSIAN} >= {"КЛЮЧ", "ТРЕТИЙ ПУТЬ"}


def test_russian_missions_are_a_campaign_shipped_and_found_by_id() -> None:
    campaign = load_campaign(ROOT / "missions" / "ru")
    assert campaign.start == "ru-night-archive" and campaign.problems == ()
    assert campaign.next("ru-night-archive", won=True) == ("ru-signal-post", ("clerks-note",))
    first = load(RUSSIAN[0])
    assert first.campaign.win.next_title == "Ночь на стрелочном посту"
    found = shipped_mission("ru-signal-post")
    assert found is not None and found.name == "02-signal-post.yaml"
    setup = (ROOT / "setup.py").read_text(encoding="utf-8")
    assert '"ru/*.yaml"' in setup  # the wheel carries them


@pytest.mark.parametrize("path", RUSSIAN, ids=lambda p: p.stem)
def test_russian_missions_playtest_and_the_bots_win_some_and_lose_some(path: Path) -> None:
    result = run_playtest(path, games=24, workers=1, seed=0)
    data = result.to_json()
    assert data["games"] == 24
    assert 0 < data["wins"] < 24, data["loss_causes"]
    assert data["loss_causes"]["stalled"] == 0


def test_the_answer_is_given_in_cyrillic_and_a_look_alike_is_read_as_meant() -> None:
    state = new_game({"mission": str(RUSSIAN[0]), "players": 1}, seed=3)
    assert state.true_answer() == "КЛЮЧ"
    assert answers_match("ключ", "КЛЮЧ") and answers_match("К-Л-Ю-Ч", "КЛЮЧ")
    assert answers_match("KЛЮЧ", "КЛЮЧ")  # a Latin K typed for К: a look-alike, read as meant
    assert not answers_match("KLUCH", "КЛЮЧ")  # the word in Latin letters is not the answer


def test_a_hidden_variant_draws_closed_windows_from_the_mission_alphabet() -> None:
    state = new_game({"mission": str(RUSSIAN[1]), "players": 2, "first_player": 0}, seed=4)
    letters = set(state.mission.alphabet)
    seen: set[str] = set()
    for n in range(40):
        twin = hidden_variant(state, 0, Rng(n))
        assert twin.observe(0) == state.observe(0)
        seen |= {content for content in twin.key if content}
    assert seen <= letters
    assert seen - set(state.key)  # some variant put another Cyrillic letter in a window


# ---------------------------------------------------------------- the answer's alphabet
MIXED = """\
id: mixed
title: Смесь
question: Что?
glyphs: {сова: К, шарф: Л, якорь: Ю, чайник: Ч, ёж: "A"}
card: {text: [[сова, шарф, якорь, чайник, ёж]]}
solution: KЛЮЧА
map:
  rooms:
    hall: {pos: [0, 0], tokens: [entrance], stack: [сова, шарф, якорь, чайник, ёж]}
"""


def test_a_look_alike_of_another_alphabet_is_reported() -> None:
    found = [str(p) for p in validate_text(MIXED, "m.yaml")]
    assert found == [
        "m.yaml:4: glyphs.ёж: glyph 'ёж' hides 'A' with Latin letters (A) where the other "
        "windows hide Cyrillic ones (a look-alike letter typed in the other keyboard layout?)",
        "m.yaml:6: solution: the answer cells spell 'КЛЮЧA', not 'KЛЮЧА': the solution has "
        "Latin letters (K) where the cells have Cyrillic ones (look-alike letters typed in "
        "the other keyboard layout?)",
    ]
    with speaking("ru"):
        first = str(validate_text(MIXED, "m.yaml")[0])
    assert first.startswith("m.yaml:4: glyphs.ёж: глиф 'ёж' скрывает 'A', и это латиница (A)")


def test_a_solution_with_look_alikes_matches_but_is_pointed_out() -> None:
    text = MIXED.replace(', ёж: "A"}', "}").replace(", ёж]", "]").replace("KЛЮЧА", "KЛЮЧ")
    found = [p.labelled() for p in validate_text(text, "m.yaml")]
    assert found == [
        "m.yaml:6: warning: solution: the solution has Latin letters (K) where the cells have "
        "Cyrillic ones (look-alike letters typed in the other keyboard layout?)"
    ]


def test_glyph_names_said_aloud_in_russian_are_reported() -> None:
    text = (
        MIXED.replace("сова: К", "ка: К")
        .replace("[[сова,", "[[ка,")
        .replace("stack: [сова,", "stack: [ка,")
    )
    found = [p.message for p in validate_text(text, "m.yaml") if p.path == "glyphs.ка"]
    assert found == [
        "glyph 'ка' names what it hides (К) aloud; rename it so the name gives nothing away"
    ]


# ---------------------------------------------------------------- messages in two languages
def test_a_refusal_reads_in_russian_where_russian_is_spoken_and_in_english_otherwise() -> None:
    session = Session(
        "mission", {"mission": str(RUSSIAN[0]), "players": 2, "first_player": 0}, seed=1
    )
    with pytest.raises(IllegalAction) as info:
        session.apply(1, "end")
    refusal = info.value
    assert language() == "en"
    assert refusal.reason == "it is Mara's turn (seat 0)" == str(refusal)
    with speaking("ru"):
        assert refusal.reason == "сейчас ходит Mara (место 0)" == str(refusal)
    assert refusal.message.to_json() == {
        "id": "it is {name}'s turn (seat {seat})",
        "params": {"name": "Mara", "seat": 0},
    }
    with pytest.raises(IllegalAction) as info:
        session.apply(0, "play 99 run")
    with speaking("ru"):
        assert info.value.reason == "у вас на руке нет карты 99"
    with pytest.raises(IllegalAction) as info:
        session.apply(0, "step нигде")
    assert (
        info.value.reason == "step нигде is not a main action: play a card (play 7 run), "
        "use your special action (special 3 9), end or pass"
    )
    with speaking("ru"):
        assert info.value.reason.startswith("step нигде — не основное действие")


def test_a_step_refusal_names_the_room_in_either_language() -> None:
    state = new_game({"mission": str(RUSSIAN[0]), "players": 1, "first_player": 0}, seed=2)
    run = next(a for a in state.legal_actions(0) if str(a).endswith(" run"))
    state.apply(0, run)
    with pytest.raises(IllegalAction) as info:
        state.apply(0, parse_action("step подвал"))
    assert info.value.reason == (
        "you cannot step from the Вестибюль to 'подвал': no open passage joins them"
    )
    with speaking("ru"):
        assert info.value.reason == (
            "из комнаты «Вестибюль» в комнату 'подвал' не пройти: их не соединяет открытый проход"
        )


def test_notation_and_config_errors_read_in_either_language() -> None:
    with pytest.raises(NotationError) as notation:
        parse_action("play x run")
    assert str(notation.value) == "'x' is not a card value (a number such as 7)"
    with speaking("ru"):
        assert str(notation.value) == "'x' — не номинал карты (нужно число, например 7)"
    with pytest.raises(ConfigError) as config:
        new_game({"mission": str(RUSSIAN[0]), "secrets": ["torn-tiket"]}, seed=1)
    assert (
        str(config.value) == "mission: unknown secret rule 'torn-tiket' (did you mean "
        "'torn-ticket'?)"
    )
    with speaking("ru"):
        assert (
            str(config.value) == "mission: неизвестное секретное правило 'torn-tiket' "
            "(может быть, 'torn-ticket'?)"
        )


BROKEN = """\
id: broken
title: Сломанное
question: Что?
glyphs: {сова: К}
card: {text: [[сова, сава]]}
map:
  rooms:
    зал: {pos: [0, 0], tokens: [entrance], stack: [сова], stak: []}
deck: {time: [1]}
"""


def test_a_validator_problem_reads_in_either_language_with_file_and_path_as_written() -> None:
    problems = validate_text(BROKEN, "сломанное.yaml")
    english = [p.labelled() for p in problems]
    assert english == [
        "сломанное.yaml:5: error: card.text[0][1]: unknown glyph 'сава' (did you mean 'сова'?)",
        "сломанное.yaml:8: error: map.rooms.зал.stak: unknown field 'stak' (did you mean 'stack'?)",
        "сломанное.yaml:9: warning: deck.time: the time cards carry 1 icon(s): with fewer "
        "than 3 the group can never run out of time",
    ]
    with speaking("ru"):
        russian = [p.labelled() for p in problems]
    assert russian == [
        "сломанное.yaml:5: ошибка: card.text[0][1]: неизвестный глиф 'сава' (может быть, 'сова'?)",
        "сломанное.yaml:8: ошибка: map.rooms.зал.stak: неизвестное поле 'stak' (может быть, "
        "'stack'?)",
        "сломанное.yaml:9: предупреждение: deck.time: на картах времени 1 символ времени: "
        "если их меньше 3, время у команды никогда не кончится",
    ]
    said = problems[0].said.to_json()
    assert said == {
        "id": "unknown glyph {name!r}{hint}",
        "params": {
            "name": "сава",
            "hint": {"id": " (did you mean {name!r}?)", "params": {"name": "сова"}},
        },
    }
    assert problems[0].to_json()["message"] == "unknown glyph 'сава' (did you mean 'сова'?)"


def test_a_mission_error_reads_in_the_language_where_it_is_shown() -> None:
    with pytest.raises(MissionError) as info:
        mission_from_yaml(BROKEN, file="b.yaml")
    assert (
        str(info.value) == "b.yaml:5: card.text[0][1]: unknown glyph 'сава' (did you mean "
        "'сова'?) (and 1 more error)"
    )
    with speaking("ru"):
        assert str(info.value).endswith("(может быть, 'сова'?) (и ещё 1 ошибка)")
    assert message_of(info.value).id == "{problem}{more}"


def test_validate_prints_its_problems_and_summary_in_the_language_spoken(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    broken = tmp_path / "broken.yaml"
    broken.write_text(BROKEN, encoding="utf-8")
    args = argparse.Namespace(missions=[str(broken), *map(str, RUSSIAN)], json=False)
    assert VALIDATE.run(args) == 1
    english = capsys.readouterr()
    assert english.out.splitlines()[-1] == "2 errors, 1 warning in 3 file(s)"
    with speaking("ru"):
        assert VALIDATE.run(args) == 1
    russian = capsys.readouterr()
    assert russian.out.splitlines()[-1] == "2 ошибки, 1 предупреждение в 3 файлах"
    assert f"{broken}:5: ошибка: card.text[0][1]: неизвестный глиф 'сава'" in russian.err
    with speaking("ru"):
        assert VALIDATE.run(argparse.Namespace(missions=[str(p) for p in RUSSIAN], json=False)) == 0
    assert capsys.readouterr().out == "2 файла заданий в порядке\n"


# ---------------------------------------------------------------- the log
def test_the_log_holds_messages_that_each_seat_reads_in_its_own_language() -> None:
    config = {"mission": str(RUSSIAN[1]), "players": 2, "first_player": 0}
    session = Session("mission", config, seed=5, bots=["planner", "planner"])
    session.play_out()
    log = session.state.observe(0)["log"]
    assert log == session.state.observe(1)["log"] == session.state.observe("spectator")["log"]
    assert all(set(entry) <= {"id", "params", "plural", "count"} for entry in log)
    english = [log_words(entry) for entry in log]
    with speaking("ru"):
        russian = [log_words(entry) for entry in log]
    assert english[0] == "Mara goes first." and russian[0] == "Первым ходит Mara."
    assert english[1:] == [logged.event.text for logged in session.log]  # the events' words
    turns = [line for line in russian if line.startswith("Ходит ")]
    assert turns and not any(line.endswith("'s turn.") for line in russian)
    assert any(" переходит в комнату «" in line for line in russian), russian[:20]
    assert "задание" in russian[-1] or "задание" in russian[-2]  # the outcome, in Russian
    for line in english:  # English words, with the author's Russian names where they are
        assert not any(word in line for word in ("Ходит", "сбрасывает", "раскрывает"))


# ---------------------------------------------------------------- records
def _played(lang: str) -> tuple[str, list[str]]:
    """A Russian mission played by bots, with refused moves tried on the way, while
    ``lang`` is spoken; the record's JSON and the refusals' words."""
    refusals = []
    config = {"mission": str(RUSSIAN[1]), "players": 2, "first_player": 0}
    with speaking(lang):
        session = Session("mission", config, seed=5, bots=["planner", "planner"])
        for _turn in range(6):
            for seat, text in ((1, "end"), (0, "play 99 run"), (0, "collect сова")):
                try:
                    session.apply(seat, text)
                except IllegalAction as exc:
                    refusals.append(exc.reason)
            session.step_bots(max_actions=3)
        session.play_out()
        record = json.dumps(session.record.to_json(), ensure_ascii=False, sort_keys=True)
    return record, refusals


def test_records_hold_no_translated_text() -> None:
    english, said_in_english = _played("en")
    russian, said_in_russian = _played("ru")
    assert russian == english  # the same game, whatever language it was played in
    assert said_in_english and len(said_in_russian) == len(said_in_english)
    assert said_in_russian != said_in_english  # the refusals were read in Russian
    for words in ("ход", "ошибка", "карты", "сейчас"):
        assert words not in russian


# ---------------------------------------------------------------- the glossary
OFF_GLOSSARY = {
    "миссия": "задание",
    "миссии": "задание",
    "токен": "жетон",
    "фишк": "жетон",
    "окошк": "шторка",
    "окно": "шторка",
    "ловушечн": "ловушка",
    "стопа ": "стопка",
    "раунд": "ход",
    "слот": "клетка",
    "ячейк": "клетка",
}
"""Words the Russian translation of the mission game does not use, and the glossary's
term (docs/rules/glossary-ru.md)."""


def test_the_russian_catalog_uses_the_glossary_terms_for_the_mission_game() -> None:
    glossary = (ROOT / "docs" / "rules" / "glossary-ru.md").read_text(encoding="utf-8")
    assert "Every Russian translation of the mission game uses these terms" in glossary
    with PO.open("rb") as handle:
        catalog = read_po(handle, locale="ru")
    checked = 0
    for message in catalog:
        if not message.id or not any(
            path.startswith("cipherkit/games/mission/") for path, _ in message.locations
        ):
            continue
        texts = message.string if isinstance(message.string, tuple) else (message.string,)
        for text in texts:
            for word, term in OFF_GLOSSARY.items():
                assert word not in str(text), f"{message.id!r}: {word!r} (the glossary: {term})"
        checked += 1
    assert checked >= 200
