"""The lobby in the viewer's language (issue 47): its front-end words, its refusals and
the table it seats you at speak the lobby's language; another lobby in the same kernel
speaks its own."""

from __future__ import annotations

import re
from pathlib import Path

from cipherkit.rooms import open_store
from cipherkit.widgets.lobby import Lobby
from tests.widgets.test_lobby import send

LATIN_RUN = re.compile(r"[A-Za-z]{3,}")


def test_a_russian_lobby_has_russian_words_and_refusals(tmp_path: Path) -> None:
    with open_store(f"sqlite:///{tmp_path / 'rooms.db'}") as store:
        lobby = Lobby(store=store, lang="ru")
        english = Lobby(store=store)
        try:
            assert lobby.lang == "ru" and english.lang == "en"
            assert lobby.words["title"] == "Играть вместе"
            assert english.words["title"] == "Play together"
            for key, words in lobby.words.items():
                bare = re.sub(r"\{\w+\}", "", words).replace("KVMT", "")  # placeholders, a code
                assert not LATIN_RUN.search(bare), (key, words)
            intercept = lobby.view["games"]["intercept"]
            assert not LATIN_RUN.search(intercept["title"]), intercept["title"]
            send(lobby, {"type": "join", "code": "ZZZZ-000-ZZZZ", "name": "Ада"})
            assert lobby.message.startswith("refused: ") and "ZZZZ" in lobby.message
            send(lobby, {"type": "link"})
            assert lobby.message == "refused: ссылка есть только у места, а вы не сидите за столом"
            send(english, {"type": "link"})
            assert english.message == "refused: only a seat has a link; you are not seated"
        finally:
            lobby.close()
            english.close()


def test_the_table_a_russian_lobby_seats_you_at_is_russian(tmp_path: Path) -> None:
    with open_store(f"sqlite:///{tmp_path / 'rooms.db'}") as store:
        room = store.create_room("decipher", bots=[1])
        lobby = Lobby(store=store, lang="ru")
        try:
            send(lobby, {"type": "join", "code": room.code, "name": "Ада"})
            assert lobby.message == "" and lobby.table is not None
            assert lobby.table.lang == "ru"
            assert lobby.table.words["start_over"].startswith("Начать новую игру?")
        finally:
            lobby.close()


def test_a_russian_lobby_makes_russian_intercept_tables_with_no_bot_seat(tmp_path: Path) -> None:
    """Intercept's bots play English only: a Russian lobby offers no bot seat for it, says
    why, refuses a forged one, and its rooms deal Russian keywords."""
    with open_store(f"sqlite:///{tmp_path / 'rooms.db'}") as store:
        lobby = Lobby(store=store, lang="ru")
        try:
            intercept = lobby.view["games"]["intercept"]
            assert intercept["bots"] is False and intercept["bots_note"].startswith("Боты играют")
            assert lobby.view["games"]["decipher"]["bots"] is True
            forged = {"type": "create", "game": "intercept", "players": 4, "bots": [1]}
            send(lobby, {**forged, "name": "Ада"})
            assert lobby.message == "refused: " + intercept["bots_note"]
            assert lobby.table is None
            send(lobby, {"type": "create", "game": "intercept", "players": 4, "name": "Ада"})
            assert lobby.message == "" and lobby.table is not None
            assert store.record(lobby.handle.room_id).config["language"] == "ru"
        finally:
            lobby.close()
