"""One room, two languages (issue 47): an English seat and a Russian seat play a
Decipher game to its end, each table in its own language, and the room's record is the
record of the same game played by two English seats, word for word."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

from cipherkit.rooms import open_store
from cipherkit.widgets import DecipherTable
from tests.widgets.test_decipher_languages import english_in, next_move


def _wait(predicate, seconds: float = 10.0) -> None:
    deadline = time.monotonic() + seconds
    while not predicate() and time.monotonic() < deadline:
        time.sleep(0.05)


def play_to_the_end(folder: Path, langs: tuple[str, str]) -> tuple[Any, list[DecipherTable], str]:
    """A Decipher room of two people in ``langs``; every move made at a table by its seat."""
    store = open_store(f"sqlite:///{folder}/rooms.db")
    room = store.create_room("decipher", {"first_player": 0}, seed=11)
    tables = [
        DecipherTable(room=store.join(room.code, name), lang=lang)
        for name, lang in zip(("Ada", "Бо"), langs, strict=True)
    ]
    for _turn in range(200):
        _wait(lambda: any(t.view.get("legal") for t in tables) or tables[0].view.get("result"))
        mover = next((t for t in tables if t.view.get("legal")), None)
        if mover is None:
            break
        before = store.room(room.id).info()["version"]
        mover.handle_message({"type": "action", "text": next_move(mover.view)})
        assert mover.message == "", mover.message
        _wait(lambda before=before: all(t.room.shown > before for t in tables))
    _wait(lambda: all(t.view.get("result") for t in tables))
    return store.record(room.id), tables, room.code


def test_an_english_and_a_russian_seat_play_one_room_each_in_their_own_words(
    tmp_path: Path,
) -> None:
    (tmp_path / "mixed").mkdir()
    (tmp_path / "english").mkdir()
    mixed, (ada, bo), code = play_to_the_end(tmp_path / "mixed", ("en", "ru"))
    english, english_tables, _code = play_to_the_end(tmp_path / "english", ("en", "en"))
    try:
        assert ada.view["result"] and bo.view["result"]  # played to its end
        assert bo.lang == "ru" and not english_in(bo, ("Ada", code))  # Russian words only
        assert bo.words["break"] == "Взломать код" and ada.words["break"] == "Break the Code"
        assert ada.view["status"].isascii()  # the English seat reads English
        # the same game, stored without a translated word
        assert mixed.actions == english.actions and mixed.seed == english.seed
        assert mixed.config == english.config
        assert mixed.to_json()["actions"] == english.to_json()["actions"]
        assert "Взломать" not in str(mixed.to_json())
    finally:
        for table in (ada, bo, *english_tables):
            table.close()
