"""The Decipher table in Russian (issue 47): every word of the view and of the page's own
``words`` from the catalog, refusals in the table's language, English unchanged, and two
tables of one kernel each in its own language."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

from cipherkit.games.decipher.cards import Card
from cipherkit.i18n import speaking
from cipherkit.rooms import open_store
from cipherkit.widgets import DecipherTable
from tests.widgets.languages import latin_runs


def next_move(view: dict[str, Any], *, break_at: int = 6) -> str:
    """A simple person: plays column 1, skips the rest, breaks at turn ``break_at``."""
    legal = view["legal"]
    if view["phase"] == "guess":
        return f"guess {view['columns'][view['column']]['your_card']}"
    if "break" in legal and (view["turn_number"] >= break_at or legal == ["break"]):
        return "break"
    if "skip" in legal and view["column"] > 0:
        return "skip"
    return next(a for a in legal if a.startswith("play "))


def english_in(table: DecipherTable, allowed: tuple[str, ...] = ()) -> list[str]:
    return latin_runs({"view": table.view, "words": table.words, "message": table.message}, allowed)


def test_a_russian_table_shows_no_english_from_the_deal_to_the_reveal() -> None:
    table = DecipherTable(bot="solver", seed=11, human_first=True, lang="ru")
    assert table.lang == "ru"
    assert table.words["break"] == "Взломать код"
    assert table.words["card_S"] == "{rank} пик" and table.words["rank_Q"] == "дама"
    seen: list[str] = []
    for _step in range(80):
        seen += english_in(table)
        if table.view["phase"] == "over":
            break
        table.handle_message({"type": "action", "text": next_move(table.view)})
        assert table.message == ""
    assert table.view["phase"] == "over"
    seen += english_in(table)
    assert not seen, "\n".join(dict.fromkeys(seen))
    view = table.view
    assert view["status"].startswith("Игра окончена")
    assert view["log"][-1].startswith("Коды открыты.")
    assert any(
        "пик" in r or "червей" in r or "треф" in r or "бубен" in r
        for row in view["board_words"]["rows"]
        for r in row
    )


def test_english_is_unchanged_and_the_default() -> None:
    plain = DecipherTable(bot="random", seed=4, human_first=True)
    english = DecipherTable(bot="random", seed=4, human_first=True, lang="en")
    assert plain.view == english.view and plain.words == english.words
    assert plain.view["status"] == (
        "Your first turn: play one card on each column, starting with column 1."
    )
    assert plain.view["log"][0] == "Game 1 against the random bot. You go first."
    assert plain.view["say"]["heading"] == "against the random bot"
    assert plain.words["break"] == "Break the Code"


def test_an_illegal_move_at_a_russian_table_is_refused_in_russian() -> None:
    table = DecipherTable(bot="random", seed=7, human_first=True, lang="ru")
    before = (table.state.to_json(), list(table.record.actions), table.view)
    table.handle_message({"type": "action", "text": "skip"})
    assert table.message == (
        "illegal: на столбце 1 ещё нет карты: на первом ходу нужно положить карту на каждый столбец"
    )
    assert (table.state.to_json(), list(table.record.actions), table.view) == before
    mine = str(table.state.hidden[0][0])  # my own hidden card: never in my hand
    table.handle_message({"type": "action", "text": f"play {mine}"})
    with speaking("ru"):
        said = Card.parse(mine).name  # in words, as the hand names it: "7 червей"
    assert table.message == f"illegal: карты {said} нет у вас в руке"
    table.handle_message({"type": "action", "text": "play 11Z"})
    assert table.message.startswith("illegal: '11Z' — не карта")
    assert (table.state.to_json(), list(table.record.actions), table.view) == before


def test_two_tables_in_one_kernel_each_speak_their_own_language() -> None:
    en = DecipherTable(bot="random", seed=21, human_first=True, lang="en")
    ru = DecipherTable(bot="random", seed=21, human_first=True, lang="ru")
    en.handle_message({"type": "action", "text": "guess"})
    ru.handle_message({"type": "action", "text": "guess"})
    assert en.message == (
        "illegal: 'guess' is not a decipher action (try 'play QS', 'skip', 'break', 'guess QS')"
    )
    assert (
        ru.message
        == "illegal: 'guess' — не ход (попробуйте 'play QS', 'skip', 'break', 'guess QS')"
    )
    for _step in range(12):
        for table in (en, ru):
            if table.view["phase"] != "over":
                table.handle_message({"type": "action", "text": next_move(table.view)})
        assert en.view["status"].isascii() or "…" in en.view["status"]
        assert not english_in(ru)
        cards = [
            (c["your_card"], c["your_pile"]["top"], c["bot_pile"]["count"])
            for c in en.view["columns"]
        ]
        assert cards == [
            (c["your_card"], c["your_pile"]["top"], c["bot_pile"]["count"])
            for c in ru.view["columns"]
        ]  # the same game, other words
    assert en.words["break"] == "Break the Code" and ru.words["break"] == "Взломать код"


def test_a_russian_room_seat_and_spectator_name_the_players(tmp_path: Path) -> None:
    store = open_store(f"sqlite:///{tmp_path}/rooms.db")
    room = store.create_room("decipher", {"first_player": 0})
    ada = DecipherTable(room=store.join(room.code, "Ада"), lang="ru")
    bo = DecipherTable(room=store.join(room.code, "Бо"), lang="ru")
    watcher = DecipherTable(room=store.spectate(room.code), lang="ru")
    try:
        for _ in range(3):
            ada.handle_message({"type": "action", "text": f"play {ada.view['hand'][0]}"})
            assert ada.message == ""
        deadline = time.monotonic() + 10
        while not bo.view.get("legal") and time.monotonic() < deadline:
            time.sleep(0.05)
        assert bo.view["turn_line"].startswith("Ваш ход")
        assert bo.view["log"][1].startswith("Ада кладёт")
        while watcher.view["turn_number"] < 2 and time.monotonic() < deadline:
            time.sleep(0.05)
        assert watcher.view["status"] == "Вы наблюдаете за комнатой: Ада против Бо."
        assert any("кода игрока Бо" in line for line in watcher.view["log"])
        for table in (ada, bo, watcher):
            assert not english_in(table, (room.code,))
    finally:
        ada.close(), bo.close(), watcher.close(), store.close()
