"""The studio speaks its viewer's language: every word of its page, its announcements and
its refusals comes from the catalog (issue 47); English stays as it was."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from cipherkit.i18n import speaking
from cipherkit.studio import Draft, StudioRefused
from cipherkit.studio.analysis import analysis_words
from cipherkit.studio.editor import MissionEditor
from cipherkit.studio.playtest import playtest_words
from tests.studio.test_intents import BAD

ROOT = Path(__file__).resolve().parents[2]
EDITOR_JS = ROOT / "cipherkit" / "widgets" / "studio" / "editor.js"
MISSIONS = ["08-last-light.yaml", "04-harbour-clock.yaml", "01-lantern-archive.yaml"]

LATIN = re.compile(r"[A-Za-z_]*[A-Za-z]{3,}[A-Za-z_]*")
PLACEHOLDER = re.compile(r"\{\w+\}")
CODES = set(
    re.findall(
        r"\S+",
        """
        Shift Ctrl Delete Alt YAML PDF UTF null true false
        set_room stack_size stack name camera gas map rooms passages glyphs deck values
        time suits hand_size max min title question story seed players characters
        campaign win loss unlock next text undo redo save print playtest tune
        circuit pigpen runes open wall passage token format
        room pos delta solution card style pool field value
        add_room move_room delete_room connect disconnect set_entrance set_answer
        set_glyph_style set_pool set_field
        """,
    )
)
"""Latin words a Russian page may show: key names, formats, the mission file's own names."""

# Parts of the views that are the mission's own data (names, ids, its text), not words.
DATA_KEYS = {"text", "info", "answer", "name", "id", "placed", "marks", "a", "b", "kind"}
DATA_KEYS |= {"token", "severity", "path", "images", "cells", "content", "glyph", "sets"}
DATA_KEYS |= {"critical", "state", "level", "losses", "mission", "turns", "trials_data"}


def strings(value: Any, skip: frozenset[str] = frozenset()) -> Iterator[str]:
    """Every string in a view, but the values of data keys."""
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for key, item in value.items():
            if key not in skip:
                yield from strings(item, skip)
    elif isinstance(value, list | tuple):
        for item in value:
            yield from strings(item, skip)


def data_words(editor: MissionEditor) -> set[str]:
    """The Latin words of the mission's own names: room names and ids, glyph ids."""
    words: set[str] = set()
    for room in editor.view["rooms"]:
        words |= set(LATIN.findall(f"{room['id']} {room['name']}"))
    for glyph in editor.cipher["glyphs"]:
        words |= set(LATIN.findall(glyph["id"]))
    return words


def latin_left(texts: Iterator[str], allowed: set[str]) -> list[str]:
    """The texts with a run of three or more Latin letters that is not allowed (a template's
    ``{placeholders}`` aside)."""
    return [
        t for t in texts if any(w not in allowed for w in LATIN.findall(PLACEHOLDER.sub("", t)))
    ]


@pytest.mark.parametrize("mission", MISSIONS)
def test_the_editor_in_russian_shows_no_english(mission: str) -> None:
    editor = MissionEditor(ROOT / "missions" / mission, lang="ru")
    allowed = CODES | data_words(editor)
    assert editor.lang == "ru"
    skip = frozenset(DATA_KEYS)
    assert latin_left(strings(editor.words), allowed) == []
    assert latin_left(strings(editor.view, skip), allowed) == []
    assert latin_left(strings(editor.cipher, skip), allowed) == []
    analysis = editor.wait_for_analysis(timeout=120)
    assert analysis["state"] == "done"
    assert re.search("[а-я]", analysis["verdict"]), analysis["verdict"]
    assert latin_left(strings(analysis, skip), allowed) == []
    room = editor.view["rooms"][0]
    assert room["about"][0].startswith(f"{room['name']} ({room['id']}) в точке")
    assert re.fullmatch(r"\d+ ошиб\w*, \d+ предупрежден\w*", editor.view["count"])


def test_every_edit_is_announced_in_russian() -> None:
    editor = MissionEditor(ROOT / "missions" / "08-last-light.yaml", lang="ru")
    allowed = CODES | data_words(editor) | {"far", "Far"}
    said = []
    for intent in [
        {"op": "add_room", "room": "far", "pos": [9, 9], "name": "Far"},
        {"op": "move_room", "rooms": ["far", "lamp"], "delta": [1, 0]},
        {"op": "move_room", "room": "far", "to": [8, 8]},
        {"op": "connect", "a": "far", "b": "lamp", "kind": "wall"},
        {"op": "connect", "a": "far", "b": "lamp", "kind": "open", "token": "wall"},
        {"op": "set_room", "room": "far", "name": "Far", "stack_size": 3},
        {"op": "set_room", "room": "far", "stack": ["camera", "gas"]},
        {"op": "set_room", "room": "far", "name": None, "stack": None, "stack_size": None},
        {"op": "set_entrance", "room": "far"},
        {"op": "set_pool", "pool": ["camera", "gas", "camera", "gas", "camera"]},
        {"op": "set_field", "field": "title", "value": "Последний свет"},
        {"op": "set_field", "field": "story", "value": None},
        {"op": "set_glyph_style", "style": "runes", "seed": 4},
        {"op": "disconnect", "a": "far", "b": "lamp"},
        {"op": "delete_room", "room": "far"},
    ]:
        editor.handle_message(intent)
        assert editor.message == "", (intent, editor.message)
        said.append(editor.said)
    editor.handle_message({"type": "undo"})
    said.append(editor.said)
    assert said[0] == "Комната far добавлена в точку (9, 9)."
    assert said[1] == "2 комнаты сдвинуты на (1, 0)."
    assert said[6] == "В комнате far выложена стопка из 2 жетонов."
    assert said[9] == "В запасе 5 жетонов."
    assert said[-1] == "Отменено."
    assert latin_left(iter(said), allowed) == [], said
    problems = editor.view["problems"]  # the validator's words are its own (games/mission)
    assert all(p["text"].startswith(("ошибка: ", "предупреждение: ")) for p in problems)


def test_a_refused_intent_reads_in_russian_and_in_english_as_before() -> None:
    ru = MissionEditor(ROOT / "missions" / "08-last-light.yaml", lang="ru")
    en = MissionEditor(ROOT / "missions" / "08-last-light.yaml", lang="en")
    ru.handle_message({"op": "delete_room", "room": "attic"})
    en.handle_message({"op": "delete_room", "room": "attic"})
    assert ru.message == "refused: На поле нет комнаты «attic»."
    assert en.message == "refused: There is no room 'attic' on the map."
    ru.handle_message({"type": "undo", "steps": 2})
    assert ru.message.startswith("refused: у правки есть поле «op» или тип")
    new = MissionEditor(lang="ru", write=False)
    new.handle_message({"type": "playtest"})
    assert new.message == "refused: Исправьте ошибки задания перед плейтестом."


@pytest.mark.parametrize("message", BAD, ids=[repr(m)[:60] for m in BAD])
def test_every_bad_message_is_refused_in_russian(message: Any) -> None:
    draft = Draft.open(ROOT / "missions" / "08-last-light.yaml")
    refusals = {}
    for lang in ("ru", "en"):
        with pytest.raises(StudioRefused) as caught:
            draft.edit(message)
        with speaking(lang):
            refusals[lang] = str(caught.value)
    reason = refusals["ru"]
    assert reason != refusals["en"] and re.search("[а-я]", reason), reason
    assert reason[0].isupper() and reason.endswith("."), reason
    # Latin words only from the message itself (its ids and values) and the codes.
    allowed = CODES | set(LATIN.findall(repr(message)))
    assert latin_left(iter([reason]), allowed) == [], reason


def test_playtest_and_tuning_words_in_russian() -> None:
    done = {
        "state": "done",
        "done": 50,
        "total": 50,
        "win_rate": 0.62,
        "interval": [0.48, 0.74],
        "mean_turns": 17.25,
        "losses": {"wrong answer": 2, "out of time": 17},
        "stars": 3,
        "level": "hard",
        "turns": [[15, 3, 1]],
    }
    tuned = {
        "state": "tuned",
        "values": 11,
        "traps": 1,
        "win_rate": 0.6,
        "interval": [0.5, 0.7],
        "target": 0.6,
        "players": 2,
        "secrets": [],
        "trials": [
            {
                "values": 10,
                "traps": 0,
                "win_rate": 0.4,
                "win_rate_ci": [0.3, 0.5],
                "score": 0.6,
                "label": "very hard",
                "skipped": None,
            },
            {
                "values": 11,
                "traps": 1,
                "win_rate": 0.6,
                "win_rate_ci": [0.5, 0.7],
                "score": 0.41,
                "label": "hard",
                "skipped": None,
            },
        ],
    }
    with speaking("ru"):
        shown = playtest_words(done)
        advice = playtest_words(tuned)
        running = playtest_words({"state": "running", "done": 2, "total": 21})
        failed = playtest_words({"state": "failed", "message": "x", "total": 1, "done": 0})
        verdict = analysis_words({"state": "failed", "error": "BrokenProcessPool"})
    assert shown["figures"] == [
        "доля побед 62.0% (95% ДИ 48.0–74.0%)",
        "в среднем ходов: 17.2",
        "поражения: неверный ответ 2, время вышло 17",
        "сложность: ★★★☆☆ трудная",
    ]
    assert shown["said"] == "Плейтест окончен: доля побед 62.0% (95% ДИ 48.0–74.0%)."
    assert advice["advice"].startswith("Задайте deck.values: 11 и добавьте 1 жетон камеры")
    assert advice["trials"][1].startswith("deck.values 11 + 1 камера: доля побед 60%")
    assert advice["use_deck"] == "Взять колоду с 11 номиналами"
    assert advice["said"] == "Подбор окончен: ближе всего колода с 11 номиналами."
    assert running["progress"] == "сыграно 2 из 21 партии"
    assert failed["said"] == "Плейтест не удался: x."
    assert verdict["verdict"] == "анализа нет: BrokenProcessPool"
    texts = [*shown["figures"], advice["advice"], *advice["trials"], advice["use_deck"]]
    assert latin_left(iter(texts), CODES) == [], texts
    with speaking("en"):
        english = playtest_words(done)
    assert english["figures"] == [
        "win rate 62.0% (95% CI 48.0-74.0%)",
        "mean turns 17.2",
        "losses: wrong answer 2, out of time 17",
        "difficulty: ★★★☆☆ hard",
    ]


def test_a_real_playtest_is_said_in_the_editors_language() -> None:
    editor = MissionEditor(ROOT / "missions" / "01-lantern-archive.yaml", lang="ru")
    editor.handle_message({"type": "playtest", "games": 8})
    assert editor.said == "Плейтест начат: 8 партий."
    final = editor.wait_for_playtest(timeout=120)
    assert final["state"] == "done" and final["figures"][0].startswith("доля побед")
    assert editor.said.startswith("Плейтест окончен: доля побед")


def test_plural_words_carry_their_forms_for_the_page() -> None:
    ru = MissionEditor(lang="ru").words["rooms_selected"]
    assert ru == {
        "one": "Выбрана {n} комната.",
        "few": "Выбраны {n} комнаты.",
        "many": "Выбрано {n} комнат.",
        "other": "Выбрано {n} комнат.",
    }
    en = MissionEditor(lang="en").words
    assert en["rooms_selected"]["one"] == "{n} room selected."
    assert en["rooms_selected"]["other"] == "{n} rooms selected."
    assert en["undo"] == "Undo" and en["help"].startswith("Arrows: go to a room.")


def test_the_pseudo_locale_marks_every_word_of_the_page() -> None:
    editor = MissionEditor(ROOT / "missions" / "08-last-light.yaml", lang="en-XA")
    for key, value in editor.words.items():
        for text in strings(value):
            assert text.startswith("⟦") and text.endswith("⟧"), (key, text)
    view = editor.view
    sentences = [view["count"], view["map_label"], view["pool_note"], editor.cipher["label"]]
    sentences += [part for room in view["rooms"] for part in room["about"]]
    sentences += [g["windows"] for g in editor.cipher["glyphs"]]
    for text in sentences:
        assert "⟦" in text, text


def test_every_word_the_page_asks_for_is_in_the_widgets_words() -> None:
    source = EDITOR_JS.read_text(encoding="utf-8")
    asked = set(re.findall(r'\bw\("(\w+)"', source)) | set(re.findall(r't\(model, "(\w+)"', source))
    asked |= set(re.findall(r'tn\(model, "(\w+)"', source))
    asked |= {"win_next", "win_text", "loss_next", "loss_text"}  # built from the outcome
    known = set(MissionEditor.all_words()) | set(MissionEditor.PLURAL_WORDS)
    assert asked and asked <= known, sorted(asked - known)
    # and no English a person reads is written in the module itself
    assert not re.search(r'(text|"aria-label"|title|placeholder): "[A-Za-z]{3,}', source)
    assert not re.search(r"say\([\"`][A-Za-z]", source)
