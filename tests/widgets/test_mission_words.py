"""The mission table in Russian (issue 47 item 3): the view's sentences, the page's own
words and the refusals come from the catalog; in English they are as they were.

A whole game is played in Russian through page messages, and every sentence the view
builds is searched for a run of three Latin letters outside the game's own names (rooms,
characters, glyph ids, card notation). The engine's log and the characters' ability texts
are the engine's words (not this table's) and are left out here.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from cipherkit.i18n import speaking
from cipherkit.widgets import CampaignTable, MissionTable
from cipherkit.widgets.mission.view import SeatInfo, card_parts, glyph_parts, status_line
from cipherkit.widgets.mission.words import marked_glyph, token_words, unmarked
from tests.widgets.mission_games import play_out, vault_mission
from tests.widgets.page_messages import page_message

ROOT = Path(__file__).resolve().parents[2]
LONG_NAMES = ROOT / "tests" / "browser" / "pages" / "long-names-ru.yaml"
JS = ROOT / "cipherkit" / "widgets" / "mission" / "table.js"
LATIN = re.compile(r"[A-Za-z]{3,}")
CARD = re.compile(r"\b(T\d|\d+[A-Z])\b")


def latin_words(text: str, allowed: set[str]) -> list[str]:
    """Runs of three Latin letters in ``text`` that are not one of the game's names."""
    for name in sorted(allowed, key=len, reverse=True):
        text = text.replace(name, " ")
    return LATIN.findall(CARD.sub(" ", text))


def sentences(view: dict[str, Any]) -> list[str]:
    """Every sentence the view builds (not the engine's log, not the mission's texts)."""
    assert view["announce"].endswith(view["status"])  # after the engine's latest lines
    out = [view["status"], view["turn_line"], view["peril_title"]]
    out += [r["text"] for r in view["rooms_words"]] + list(view["console_words"])
    out += list(view["suit_names"])
    out += [card["words"] for hand in view["hands"] for card in hand["cards"]]
    for card in view["action_cards"]:
        out += [card["name"], card["text"], card["count_words"], card["blocked_words"]]
    for ch in view["characters"]:
        out += [ch["ability_name"], ch["seat_label"], ch["hand_words"]]
    discard = view["discard"]
    out += [discard["size_words"], discard["icons_words"], discard["note"]]
    out += [w for k in view["known"] for w in k["tokens"]]
    out += [t["words"] for t in view["map"]["faceup"]]
    if view["outcome"]:
        out += [view["outcome"]["reason_words"], view["outcome"]["next_words"]]
    log_free = [s for s in out if s not in view["log"]]
    return [unmarked(s) for s in log_free if s]


def names_of(table: MissionTable) -> set[str]:
    mission = table.mission
    names = {c.name for c in mission.characters} | set(mission.glyphs)
    names |= {str(mission.map.nodes[r].get("name") or r) for r in mission.rooms}
    names |= {s.name for s in table.seats}
    names |= {str(g.content) for g in mission.glyphs.values() if g.content}  # window contents
    return names


def test_a_whole_game_in_russian_reads_in_russian() -> None:
    table = MissionTable(vault_mission(), players=1, seed=4, lang="ru")
    allowed = names_of(table)
    bad: list[str] = []
    seen: set[str] = set()

    def check(table: MissionTable, step: int) -> None:
        view = table.view
        for text in sentences(view):
            seen.add(text)
            bad.extend(f"step {step}: {w!r} in {text!r}" for w in latin_words(text, allowed))

    play_out(table, check=check)
    check(table, -1)
    assert not bad, "\n".join(dict.fromkeys(bad))
    assert len(seen) > 40 and all(re.search("[а-яё]", s, re.I) or s.isdigit() for s in seen)


def test_the_pages_own_words_are_russian_and_every_key_the_page_reads_is_there() -> None:
    table = MissionTable(vault_mission(), players=1, seed=1, lang="ru")
    assert table.lang == "ru"
    words = table.words
    for key, text in words.items():
        bare = re.sub(r"\{\w+\}", " ", text)
        assert not LATIN.findall(bare.replace("Ввод", "")), (key, text)
    js = JS.read_text(encoding="utf-8")
    keys = set(re.findall(r'\bt\(model, "(\w+)"', js))
    keys |= {
        f"{p}_{v}"
        for p in ("enter", "click")
        for v in re.findall(r'"(\w+)"', re.search(r"const ROOM_VERBS = \[(.*?)\]", js).group(1))
    }  # type: ignore[union-attr]
    buttons = re.search(r"const BUTTONS = \[(.*?)\n\];", js, re.S).group(1)  # type: ignore[union-attr]
    keys |= set(re.findall(r'\["[\w-]+", "(\w+)", "[\w-]*"\]', buttons))
    keys |= set(re.findall(r'hand\.current \? "(\w+)" : "(\w+)"', js)[0])
    missing = sorted(k for k in keys if k not in words)
    assert not missing, missing
    assert len(keys) > 60


def test_the_english_words_are_the_old_ones() -> None:
    table = MissionTable(vault_mission(), players=1, seed=1, lang="en")
    assert table.words["claim"] == "I am {seat}: show my hand"
    view = table.view
    assert view["discard"]["note"] == "(they count only In Peril)"
    assert view["characters"][0]["hand_words"] == "4 cards"
    assert view["action_cards"][0]["count_words"] == "empty: any card"
    names = {"B": "blue", "G": "green", "Y": "yellow"}
    cards = view["hands"][0]["cards"]
    assert [c["words"] for c in cards] == [f"{c['value']} {names[c['suit']]}" for c in cards]
    assert card_parts("T2")["words"] == "time card: 2 icons"


@pytest.mark.parametrize(
    ("n", "words"),
    [
        (1, "1 карта"),
        (2, "2 карты"),
        (5, "5 карт"),
        (21, "21 карта"),
        (22, "22 карты"),
        (11, "11 карт"),
    ],
)
def test_russian_counts_take_their_three_forms(n: int, words: str) -> None:
    from cipherkit.i18n import ngettext

    with speaking("ru"):
        assert ngettext("{n} card", "{n} cards", n) == words


def test_a_glyph_named_in_a_russian_sentence_is_drawn() -> None:
    with speaking("ru"):
        said = token_words("star[dot]", mark=True)
        assert unmarked(said) == "глиф star"
        parts = glyph_parts(f"Вы раскрыли жетон: {said}.", {"star"})
    assert parts == [{"t": "Вы раскрыли жетон: глиф "}, {"g": "star"}, {"t": "."}]
    assert glyph_parts(marked_glyph("nope"), {"star"}) == [{"t": "nope"}]


def test_a_refusal_is_said_in_the_tables_language() -> None:
    table = MissionTable(vault_mission(), players=1, seed=1, lang="ru")
    page_message(table, {"type": "claim", "seat": "me"})
    assert table.message == "refused: занимайте место по его номеру"
    english = MissionTable(vault_mission(), players=1, seed=1)
    page_message(english, {"type": "claim", "seat": "me"})
    assert english.message == "refused: claim a seat by its number"


def test_a_status_line_in_russian_names_the_player_in_its_case() -> None:
    from cipherkit.games.mission import new_game

    state = new_game({"players": 2, "first_player": 0}, seed=1)
    seats = [SeatInfo(0, "Аня", True), SeatInfo(1, "Борис", True)]
    with speaking("ru"):
        line = status_line(state.observe("spectator"), seats, locked_for=0, acting=False)
    assert line == "Передайте устройство игроку Аня: ходит Mara."


def test_the_campaign_speaks_russian_and_its_table_too() -> None:
    campaign = CampaignTable(ROOT / "missions", players=1, seed=1, lang="ru")
    assert campaign.table is not None and campaign.table.lang == "ru"
    assert "Задание 1: <b>The Lantern Archive</b>" in campaign.header.value
    assert "Секретных правил пока нет." in campaign.header.value
    assert 'aria-label="Задания кампании"' in campaign.header.value
    assert campaign.button.description == "Продолжить кампанию"


def test_a_long_russian_room_name_is_drawn_whole_and_the_readable_width_follows_it() -> None:
    table = MissionTable(LONG_NAMES, players=1, lang="ru")
    drawn = table.view["map"]
    svg = drawn["svg"]
    for line in ("Вестибюль", "обсерватории", "Картографический", "КАРТА", "ВХОД"):
        assert f">{line}</text>" in svg
    assert "<title>Карта: Обсерватория на Северном мысе</title>" in svg
    assert drawn["readable_width"] == 615  # 1024 units wide, every name 20 units
