"""A solo game against bots needs no store (issue #44, finding 6: "the solo Decipher
page fails while PostgreSQL is down"): it plays on while its PostgreSQL store is down,
and the moves made meanwhile are stored, each once, when the store answers again.

The server is this module's own throwaway cluster, stopped (``pg_ctl stop -m fast``)
and started again. Before the fix a saved table's move while the store was down was
refused ("the game could not be saved") and a page opened then could not start.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from cipherkit.core.errors import IllegalAction
from cipherkit.rooms import ENV_STORE, open_store
from cipherkit.rooms.pgtest import TempPostgres
from cipherkit.rooms.solo import SAVED_UNREACHABLE, SoloGame
from cipherkit.widgets import CampaignTable, DecipherTable, MissionTable
from tests.rooms.conftest import fresh_pg_url
from tests.widgets.page_messages import page_message

BOTS = {1: "solver"}
MISSIONS = Path(__file__).resolve().parents[2] / "missions"
SIGNAL_BOX = MISSIONS / "02-signal-box.yaml"


@pytest.fixture(scope="module")
def server() -> Iterator[TempPostgres]:
    """A PostgreSQL server of this module's own: its tests stop and start it."""
    own = TempPostgres().start()
    try:
        yield own
    finally:
        own.stop()


def person_moves(game: SoloGame, count: int) -> list[str]:
    played = []
    for _ in range(count):
        legal = [t for t in game.legal() if t.startswith("play")]
        if not legal or game.session.is_over:
            break
        game.act(legal[0])
        played.append(legal[0])
    return played


def test_a_solo_game_plays_on_while_the_store_is_down(server: TempPostgres) -> None:
    with open_store(fresh_pg_url(server)) as store:
        game = SoloGame(store, "decipher", {"first_player": 0}, seed=4, bots=BOTS)
        first = person_moves(game, 1)
        token = game.token
        assert token is not None and not game.unsaved
        server.pause()
        try:
            meanwhile = person_moves(game, 2)  # played here, the bot answering here
            assert len(meanwhile) == 2 and game.unsaved
            with pytest.raises(IllegalAction):
                game.act("play ZZ")  # the rules still say no
        finally:
            server.resume()
        after = person_moves(game, 1)  # stores the two moves first, then this one
        assert not game.unsaved and game.token == token
        stored = store.room(game.handle.room_id).record()
        assert stored.actions == game.session.record.actions
        assert [t for s, t in stored.actions if s == 0] == first + meanwhile + after
        again = SoloGame.resume(store, token, "decipher")
        assert again.session.record.actions == stored.actions


def test_a_solo_game_begun_while_the_store_is_down_is_stored_later(
    server: TempPostgres,
) -> None:
    url = fresh_pg_url(server)
    server.pause()
    try:
        store = open_store(url, patient=True)  # what a page opened during the outage has
        game = SoloGame(store, "decipher", {"first_player": 0}, seed=9, bots=BOTS)
        early = person_moves(game, 2)
        assert game.unsaved and game.token is None
    finally:
        server.resume()
    with store:
        late = person_moves(game, 1)
        assert game.token is not None and not game.unsaved
        again = SoloGame.resume(store, game.token, "decipher")
        assert again.session.record.actions == game.session.record.actions
        assert [t for s, t in again.session.record.actions if s == 0] == early + late


class Page:
    """What the page's JavaScript does with the saved messages: keep one string."""

    def __init__(self, kept: str = "") -> None:
        self.kept = kept
        self.sent: list[dict[str, Any]] = []

    def attach(self, widget: Any) -> Any:
        widget.send = self.receive
        page_message(widget, {"type": "saved", "token": self.kept})
        return widget

    def receive(self, message: dict[str, Any], buffers: Any = None) -> None:
        self.sent.append(message)
        if message.get("type") == "keep":
            self.kept = message["token"]
        elif message.get("type") == "forget":
            self.kept = ""


def play(table: DecipherTable, moves: int) -> None:
    for _ in range(moves):
        text = next(t for t in table.session.legal_texts(0) if t.startswith("play"))
        page_message(table, {"type": "action", "text": text})
        assert table.message == ""


def test_the_decipher_page_opens_and_plays_while_the_store_is_down(
    server: TempPostgres, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The saved Decipher page (``DecipherTable(save=True)`` under ``cipherkit serve``)
    opened during the outage: it plays, says its saved game cannot be fetched now (and
    the page keeps its token), and stores the game once the store answers."""
    url = fresh_pg_url(server)
    monkeypatch.setenv(ENV_STORE, url)
    earlier = Page()
    play(earlier.attach(DecipherTable(save=True, seed=3)), 1)
    assert earlier.kept
    server.pause()
    try:
        page = Page(kept=earlier.kept)  # a reload during the outage
        table = page.attach(DecipherTable(save=True, seed=8))
        assert table.message == SAVED_UNREACHABLE and page.kept == earlier.kept
        assert {"type": "forget"} not in page.sent
        play(table, 2)
        assert table.saved is not None and table.saved.unsaved
    finally:
        server.resume()
    play(table, 1)
    assert page.kept and page.kept != earlier.kept  # this game is stored now
    reloaded = Page(kept=page.kept).attach(DecipherTable(save=True))
    assert reloaded.message == ""
    assert reloaded.session.record.actions == table.session.record.actions


def play_mission(table: MissionTable, moves: int) -> None:
    for _ in range(moves):
        legal = [t for t in table.view["legal"] if not t.startswith("propose")]
        page_message(table, {"type": "action", "text": legal[0]})
        assert table.message == ""


def test_the_mission_and_campaign_pages_open_while_the_store_is_down(
    server: TempPostgres, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A published mission page (``mission_table``: a saved MissionTable) opens and plays
    during the outage; the campaign page opened then keeps its saved token and says it
    cannot be fetched now (it used to fail to start)."""
    monkeypatch.setenv(ENV_STORE, fresh_pg_url(server))
    earlier = Page()
    campaign = CampaignTable(MISSIONS, players=1, save=True, seed=2)
    earlier.attach(campaign.table)
    play_mission(campaign.table, 1)  # type: ignore[arg-type]
    assert earlier.kept
    options: dict[str, Any] = {"players": 2, "humans": 1, "bots": "planner", "save": True}
    page = Page()
    server.pause()
    try:
        table = page.attach(MissionTable(SIGNAL_BOX, seed=4, **options))
        play_mission(table, 2)
        assert page.kept == "" and table.saved is not None and table.saved.unsaved
        reload = Page(kept=earlier.kept)
        again = CampaignTable(MISSIONS, players=1, save=True)
        reload.attach(again.table)
        assert again.table is not None and again.table.message == SAVED_UNREACHABLE
        assert reload.kept == earlier.kept and {"type": "forget"} not in reload.sent
    finally:
        server.resume()
    play_mission(table, 1)
    assert page.kept  # stored, with the moves played during the outage
    back = Page(kept=page.kept).attach(MissionTable(SIGNAL_BOX, **options))
    assert back.message == "" and back.record.actions == table.record.actions
