"""The Play together lobby as a widget, driven the way ipywidgets delivers the page's
messages: joining, teams, refusals that leave the lobby as it was."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from cipherkit.rooms import open_store
from cipherkit.widgets.lobby import Lobby


def send(widget: Any, content: Any) -> None:
    """A custom message as ipywidgets delivers the page's ``model.send``."""
    widget._handle_msg(
        {"content": {"data": {"method": "custom", "content": content}}, "buffers": []}
    )


def test_an_intercept_room_can_be_watched_then_joined(tmp_path: Path) -> None:
    with open_store(f"sqlite:///{tmp_path / 'rooms.db'}") as store:
        room = store.create_room("intercept", {"players": 4}, bots=[1, 3])
        lobby = Lobby(store=store)
        try:
            send(lobby, {"type": "watch", "code": room.code})
            assert lobby.message == "" and lobby.view["stage"] == "watching"
            assert lobby.table is not None and lobby.table.view["you"]["spectator"]
            # The same lobby then joins a team and gets its table.
            send(lobby, {"type": "join", "code": room.code, "name": "Ada", "team": "white"})
            assert lobby.message == "" and lobby.view["stage"] == "seated"
            assert lobby.view["seat"]["team"] == "white" and lobby.table is not None
        finally:
            lobby.close()


def test_a_decipher_room_can_be_watched(tmp_path: Path) -> None:
    with open_store(f"sqlite:///{tmp_path / 'rooms.db'}") as store:
        room = store.create_room("decipher", bots=[1])
        lobby = Lobby(store=store)
        try:
            send(lobby, {"type": "watch", "code": room.code})
            assert lobby.message == "" and lobby.view["stage"] == "watching"
            assert lobby.table is not None
        finally:
            lobby.close()


def test_the_lobby_shows_who_joins_without_a_move(tmp_path: Path) -> None:
    """A join changes no version; the live thread still notices the new name."""
    import time

    with open_store(f"sqlite:///{tmp_path / 'rooms.db'}") as store:
        room = store.create_room("decipher")
        lobby = Lobby(store=store)
        try:
            send(lobby, {"type": "join", "code": room.code, "name": "Ada"})
            assert [p["name"] for p in lobby.view["players"]] == ["Ada", None]
            store.join(room.code, "Bo")
            deadline = time.monotonic() + 15
            while time.monotonic() < deadline:
                if [p["name"] for p in lobby.view["players"]] == ["Ada", "Bo"]:
                    break
                time.sleep(0.1)
            assert [p["name"] for p in lobby.view["players"]] == ["Ada", "Bo"]
        finally:
            lobby.close()


def test_a_mission_vote_offers_buttons_only_for_the_own_seat(tmp_path: Path) -> None:
    from cipherkit.widgets.lobby import room_config
    from cipherkit.widgets.tables import make_table

    with open_store(f"sqlite:///{tmp_path / 'rooms.db'}") as store:
        room = store.create_room("mission", room_config("mission", 3))
        handles = [store.join(room.code, name) for name in ("Ada", "Bo", "Cy")]
        proposer = room.session().state.current_seat
        handles[proposer].act("propose OWL HOUSE")
        tables = [make_table(h) for h in handles]
        try:
            for seat, table in enumerate(tables):
                vote = table.view["vote"]
                assert vote is not None and vote["text"] == "OWL HOUSE"
                assert [e["mine"] for e in vote["seats"]] == [s == seat for s in range(3)]
            voter = next(s for s in range(3) if s != proposer)
            other = next(s for s in range(3) if s not in (proposer, voter))
            send(tables[voter], {"type": "action", "text": "confirm", "seat": other})
            assert tables[voter].message == "illegal: you can only act for your own seat"
        finally:
            for table in tables:
                table.close()


def test_an_intercept_room_with_the_sand_timer(tmp_path: Path) -> None:
    with open_store(f"sqlite:///{tmp_path / 'rooms.db'}") as store:
        lobby = Lobby(store=store)
        try:
            (timer,) = lobby.view["games"]["intercept"]["options"]
            assert timer["key"] == "timer" and timer["default"] is False
            assert lobby.view["games"]["decipher"]["options"] == []
            create = {"type": "create", "game": "decipher", "name": "Ada"}
            send(lobby, {**create, "options": {"timer": True}})
            assert lobby.message == "refused: Decipher rooms have these options: none"
            send(lobby, {**create, "game": "intercept", "options": {"timer": "yes"}})
            assert lobby.message == "refused: options are names with true or false"
            assert store.rooms() == []
            message = {"type": "create", "game": "intercept", "players": 4, "bots": [1, 2, 3]}
            send(lobby, {**message, "options": {"timer": True}, "name": "Ada"})
            assert lobby.message == "" and lobby.view["stage"] == "seated"
            (room,) = store.rooms()
            assert store.room(room["id"]).record().config["timer"] is True
        finally:
            lobby.close()


def test_a_seat_is_told_when_its_room_closes_starts_or_is_given_away(tmp_path: Path) -> None:
    """Each in one sentence, at once, on the table's message line."""
    import time

    from cipherkit.widgets.tables import make_table

    def said(table: Any, words: str) -> bool:
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:
            if (words in table.message) if words else table.message == "":
                return True
            time.sleep(0.05)
        return False

    with open_store(f"sqlite:///{tmp_path / 'rooms.db'}") as store:
        room = store.create_room("decipher", {"first_player": 0}, held=True)
        ada, bo = store.join(room.code, "Ada"), store.join(room.code, "Bo")
        tables = [make_table(ada), make_table(bo)]
        try:
            assert all("starts when your teacher says so" in t.message for t in tables)
            room.start()
            assert all(said(t, "") for t in tables)  # the notice is taken down
            room.give_seat(bo.seat, "Bo")
            assert said(tables[1], "gave your seat to another device")
            room.close()
            assert said(tables[0], "This room has been closed")
        finally:
            for table in tables:
                table.close()


def test_a_lessons_lobby_offers_its_game_alone_and_refuses_another(tmp_path: Path) -> None:
    """Lesson 13's page: ``PlayTogether(games=["keyexchange"])`` offers key exchange rooms
    only; a forged create of another game is refused and makes no room; the key exchange
    room is made, joined and watched, and the watcher's table holds no seat's secret."""
    with open_store(f"sqlite:///{tmp_path / 'rooms.db'}") as store:
        lobby = Lobby(store=store, games=["keyexchange"])
        joiner, eve = Lobby(store=store), Lobby(store=store)
        try:
            assert list(lobby.view["games"]) == ["keyexchange"]
            send(lobby, {"type": "create", "game": "decipher", "bots": [], "name": "Ada"})
            assert lobby.message.startswith("refused: unknown game")
            assert lobby.view["stage"] == "start" and store.rooms() == []
            send(lobby, {"type": "create", "game": "keyexchange", "bots": [], "name": "Ada"})
            assert lobby.message == "" and lobby.view["stage"] == "seated"
            code = lobby.view["code"]
            send(joiner, {"type": "join", "code": code, "name": "Bo"})
            send(eve, {"type": "watch", "code": code})
            assert eve.view["stage"] == "watching" and eve.table is not None
            facts = dict(eve.table.view["board"]["facts"])
            assert (
                "Your secret number" not in facts and "Secret numbers offered to you" not in facts
            )
            assert lobby.table is not None
            mine = dict(lobby.table.view["board"]["facts"])
            assert "Secret numbers offered to you" in mine
            assert [w.startswith("Keep ") for w in lobby.table.view["legal_words"]] == [True] * 5
        finally:
            for widget in (lobby, joiner, eve):
                widget.close()
