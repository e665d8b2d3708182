"""Saved progress at the widget level: a table made with ``save`` stores its game at the
first move and gives the page only a token (a custom message, never a synced trait); a
new table given that token shows the same view and plays on; a forged token gets a
fresh game and one sentence; the campaign comes back mission by mission, checked."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from cipherkit.rooms import Store, open_store
from cipherkit.rooms.solo import NOT_FOUND
from cipherkit.widgets import CampaignTable, DecipherTable, MissionTable
from tests.widgets.page_messages import all_synced_state, page_message

ROOT = Path(__file__).resolve().parents[2]
MISSIONS = ROOT / "missions"
SIGNAL_BOX = MISSIONS / "02-signal-box.yaml"


@pytest.fixture
def store(tmp_path: Path) -> Iterator[Store]:
    with open_store(f"sqlite:///{tmp_path / 'rooms.db'}") as opened:
        yield opened


class Page:
    """What the page's JavaScript does with the saved messages: keep one string."""

    def __init__(self) -> None:
        self.kept = ""
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


def without_serial(view: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in view.items() if k != "serial"}


def play_decipher(table: DecipherTable, moves: int) -> None:
    for _ in range(moves):
        if table.view.get("result"):
            return
        text = table.session.legal_texts(0)[0]
        page_message(table, {"type": "action", "text": text})
        assert table.message == ""


def play_mission(table: MissionTable, moves: int) -> None:
    for _ in range(moves):
        legal = [t for t in table.view["legal"] if not t.startswith("propose")]
        page_message(table, {"type": "action", "text": legal[0]})
        assert table.message == ""


def test_a_decipher_game_resumes_after_a_reload(store: Store) -> None:
    page = Page()
    table = page.attach(DecipherTable(save=store, seed=5))
    assert page.kept == "" and table.saved is not None and not table.saved.stored
    play_decipher(table, 3)
    assert page.kept and table.view["saved"] is True
    assert page.kept not in all_synced_state()  # the token only travels as a message
    again = page.attach(DecipherTable(save=store))  # a reload: a new kernel, any seed
    assert again.message == ""
    assert without_serial(again.view) == without_serial(table.view)
    play_decipher(again, 2)
    assert len(again.record.actions) > len(table.record.actions)


def test_a_forged_token_gets_a_fresh_game_and_one_sentence(store: Store) -> None:
    victim = Page()
    played = victim.attach(DecipherTable(save=store, seed=5))
    play_decipher(played, 3)
    attacker = Page()
    attacker.kept = victim.kept[:-4] + "AAAA"  # a near miss of a real token
    fresh = attacker.attach(DecipherTable(save=store, seed=5))
    assert fresh.message == NOT_FOUND
    assert attacker.kept == "" and attacker.sent == [{"type": "forget"}]
    assert fresh.record.actions == played.record.actions[:0] + fresh.record.actions
    assert len(fresh.record.actions) < len(played.record.actions)  # not the victim's game


def test_new_game_starts_over_and_forgets_the_token(store: Store) -> None:
    page = Page()
    table = page.attach(DecipherTable(save=store, seed=5))
    play_decipher(table, 2)
    assert page.kept
    page_message(table, {"type": "new_game"})  # at any time on a saved page
    assert table.message == "" and page.kept == "" and not table.saved.stored  # type: ignore[union-attr]


def test_a_mission_game_resumes_after_a_reload(store: Store) -> None:
    page = Page()
    options: dict[str, Any] = {"players": 2, "humans": 1, "bots": "planner", "save": store}
    table = page.attach(MissionTable(SIGNAL_BOX, seed=4, **options))
    play_mission(table, 4)
    assert page.kept
    again = page.attach(MissionTable(SIGNAL_BOX, **options))
    assert without_serial(again.view) == without_serial(table.view)
    assert again.record.actions == table.record.actions
    play_mission(again, 1)
    # another mission's page does not take this mission's token
    other = Page()
    other.kept = page.kept
    cold = other.attach(MissionTable(MISSIONS / "03-cold-ledger.yaml", **options))
    assert cold.message == NOT_FOUND and other.kept == ""


def test_a_room_table_ignores_the_saved_message(store: Store) -> None:
    room = store.create_room("decipher", None, bots=[1], seed=3)
    table = DecipherTable(room=store.join(room.code, "Ada"))
    page = Page()
    page.kept = "whatever-the-page-keeps-for-another-page"
    page.attach(table)
    assert page.sent == [] and table.message == ""
    table.close()


def answer_current(campaign: CampaignTable, *, win: bool = True) -> None:
    table = campaign.table
    assert table is not None
    text = table.mission.answer if win else "SURELY NOT THIS"
    page_message(table, {"type": "action", "text": f"propose {text}"})
    assert table.view["outcome"]["result"] == ("win" if win else "loss")


def test_a_campaign_resumes_mission_by_mission(store: Store) -> None:
    page = Page()
    campaign = CampaignTable(MISSIONS, players=1, save=store, seed=2)
    page.attach(campaign.table)
    answer_current(campaign, win=False)
    assert campaign.continue_campaign()
    page.attach(campaign.table)  # the next mission's table is drawn: the page is told
    answer_current(campaign, win=True)
    assert campaign.continue_campaign()
    page.attach(campaign.table)
    play_mission(campaign.table, 2)  # type: ignore[arg-type]
    assert page.kept.count(".") == 2
    assert page.kept not in all_synced_state()

    again = CampaignTable(MISSIONS, players=1, save=store)
    page.attach(again.table)
    assert again.campaign_log == campaign.campaign_log
    assert again.table is not None and again.table.message == ""
    assert again.table.record.actions == campaign.table.record.actions  # type: ignore[union-attr]
    assert without_serial(again.table.view) == without_serial(campaign.table.view)  # type: ignore[union-attr]
    assert "Mission 3: <b>The Cold Ledger</b>" in again.header.value
    assert 'data-state="loss"' in again.header.value and 'data-state="win"' in again.header.value


def test_a_finished_mission_is_recorded_and_the_campaign_goes_on(store: Store) -> None:
    page = Page()
    campaign = CampaignTable(MISSIONS, players=1, save=store, seed=2)
    page.attach(campaign.table)
    answer_current(campaign, win=True)  # reload before pressing Continue
    again = CampaignTable(MISSIONS, players=1, save=store)
    page.attach(again.table)
    assert again.campaign_log.played == (("lantern-archive", "win"),)
    assert again.table is not None and again.table.mission.id == "signal-box"


@pytest.mark.parametrize("how", ["forged", "reordered", "a mission page's", "too many"])
def test_a_campaign_token_that_does_not_fit_gives_a_fresh_campaign(store: Store, how: str) -> None:
    page = Page()
    campaign = CampaignTable(MISSIONS, players=1, save=store, seed=2)
    page.attach(campaign.table)
    answer_current(campaign)
    campaign.continue_campaign()
    page.attach(campaign.table)
    play_mission(campaign.table, 1)  # type: ignore[arg-type]
    first, second = page.kept.split(".")
    if how == "forged":
        page.kept = f"{first}.{second[:-3]}xyz"
    elif how == "reordered":
        page.kept = f"{second}.{first}"
    elif how == "a mission page's":
        mission = Page()
        table = mission.attach(
            MissionTable(MISSIONS / "01-lantern-archive.yaml", players=1, save=store)
        )
        play_mission(table, 1)
        page.kept = mission.kept
    else:
        page.kept = ".".join([first] * 30)
    again = CampaignTable(MISSIONS, players=1, save=store)
    page.attach(again.table)
    assert again.table is not None and again.table.message == NOT_FOUND
    assert again.campaign_log.played == () and page.kept == ""
    assert again.table.mission.id == "lantern-archive" and again.table.record.actions == []


def test_an_intercept_game_resumes_after_a_reload(store: Store) -> None:
    from cipherkit.widgets import InterceptTable

    page = Page()
    table = page.attach(InterceptTable(players=4, seat=1, bots="random", save=store, seed=3))
    assert page.kept == ""
    for clue in ("lantern", "harbour"):  # a clue or a guess, as the person's role asks
        role = table.view["you"]["role"]
        if role == "encryptor":
            page_message(table, {"type": "action", "text": f"clue {clue}"})
        else:
            text = next(t for t in table.session.legal_texts(1) if t.startswith("guess"))
            page_message(table, {"type": "action", "text": text})
        assert table.message == "", table.message
    assert page.kept and table.view["saved"] is True
    again = page.attach(InterceptTable(players=4, seat=1, bots="random", save=store))
    assert again.message == "" and again.record.actions == table.record.actions
    assert without_serial(again.view) == without_serial(table.view)
    other = Page()
    other.kept = page.kept
    fresh = other.attach(InterceptTable(players=4, seat=0, bots="random", save=store))
    assert fresh.message == NOT_FOUND  # another seat's page does not take it
