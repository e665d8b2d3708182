"""The campaign widget: missions in turn, as wins and losses lead, with the secret rules
won so far; forged clicks change nothing; the campaign page builds it from the registry."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from cipherkit.core.errors import CipherkitError
from cipherkit.games.mission.format.files import load_campaign
from cipherkit.publish.campaign_page import campaign_table, publish_campaign
from cipherkit.widgets import CampaignTable
from tests.widgets.page_messages import page_message, page_update

ROOT = Path(__file__).resolve().parents[2]
MISSIONS = ROOT / "missions"


def answer(table: CampaignTable) -> str:
    assert table.table is not None
    return table.table.mission.answer


def finish(table: CampaignTable, *, win: bool) -> None:
    """Give the current mission's answer (or a wrong one): a solo player needs no vote."""
    assert table.table is not None
    text = answer(table) if win else "SURELY NOT THIS"
    page_message(table.table, {"type": "action", "text": f"propose {text}"})
    assert table.table.message == ""
    result = table.table.view["outcome"]["result"]
    assert result == ("win" if win else "loss")


def test_a_campaign_starts_at_its_first_mission_with_continue_disabled() -> None:
    table = CampaignTable(MISSIONS, players=1, seed=1)
    assert table.campaign_log.current == "lantern-archive"
    assert table.table is not None and table.table.mission.id == "lantern-archive"
    assert table.button.disabled and not table.over
    assert "Mission 1: <b>The Lantern Archive</b>" in table.header.value
    assert "No secret rules yet." in table.header.value
    assert table.footer.value == ""


def test_forged_clicks_before_the_end_change_nothing() -> None:
    table = CampaignTable(MISSIONS, players=1, seed=1)
    before = table.table.state.to_json()  # type: ignore[union-attr]
    page_update(table.button, {"disabled": False})  # the page may forge the trait...
    table.button.click()  # ...and the click
    assert table.continue_campaign() is False
    assert table.campaign_log.played == () and table.table.state.to_json() == before  # type: ignore[union-attr]


def test_wins_and_losses_lead_their_ways_and_secret_rules_apply() -> None:
    table = CampaignTable(MISSIONS, players=1, seed=2)
    finish(table, win=False)  # lose the tutorial: on to the signal box, nothing unlocked
    assert not table.button.disabled
    assert "The caretaker turns the lights out" in table.footer.value
    table.button.click()
    assert table.campaign_log.current == "signal-box" and table.campaign_log.secrets == ()
    finish(table, win=True)
    assert "Unlocked: <b>The Signalman&#x27;s Diary</b>" in table.footer.value
    assert table.continue_campaign()
    assert table.campaign_log.played == (("lantern-archive", "loss"), ("signal-box", "win"))
    assert table.campaign_log.secrets == ("signalmans-diary",)
    mission = table.table
    assert mission is not None and mission.mission.id == "cold-ledger"
    assert mission.state.limits.run == 4  # the diary's longer Run is in play
    assert "The Signalman&#x27;s Diary" in table.header.value
    # missions are not replayed: Play again is refused once this one is over
    finish(table, win=False)
    page_message(mission, {"type": "new_game"})
    assert mission.message == "illegal: missions are not replayed in a campaign: continue it"
    table.continue_campaign()
    assert table.campaign_log.current == "flooded-cellar"  # the loss branch


def test_a_whole_campaign_to_the_end() -> None:
    table = CampaignTable(MISSIONS, players=1, seed=3)
    played = []
    while table.table is not None:
        played.append(table.table.mission.id)
        finish(table, win=True)
        assert table.continue_campaign()
    assert played == load_campaign(MISSIONS).order()[:4] + played[4:]
    assert "flooded-cellar" not in played and played[-1] == "last-light"
    assert "Campaign complete: 8 of 8 missions won." in table.footer.value
    assert table.over and table.continue_campaign() is False


def test_the_header_never_shows_an_answer_before_its_mission_is_over() -> None:
    table = CampaignTable(MISSIONS, players=1, seed=4)
    answers = {m.id: m.answer for m in load_campaign(MISSIONS).missions.values()}
    for _ in range(3):
        shown = table.header.value + table.footer.value
        for text in answers.values():
            assert text not in shown
        finish(table, win=True)
        table.continue_campaign()


def test_the_campaign_page_uses_the_gallery_registry(tmp_path: Path) -> None:
    files = sorted(MISSIONS.glob("*.yaml"))
    written = publish_campaign(files, tmp_path)
    assert [p.name for p in written] == ["campaign.ipynb", "campaign.svg"]
    page = json.loads((tmp_path / "campaign.ipynb").read_text())
    source = "".join("".join(c["source"]) for c in page["cells"])
    assert "campaign_table()" in source and "LAMP" not in source
    registry = tmp_path / ".cipherkit" / "published.json"
    registry.parent.mkdir()
    ids = [load_campaign(MISSIONS).order()[i] for i in range(2)]
    registry.write_text(
        json.dumps({"format": 1, "missions": dict(zip(ids, map(str, files[:2]), strict=True))})
    )
    with pytest.raises(CipherkitError, match="no mission has the id 'cold-ledger'"):
        campaign_table(here=tmp_path, players=1, seed=5)  # a campaign needs all its missions
    registry.write_text(json.dumps({"format": 1, "missions": {f.stem[3:]: str(f) for f in files}}))
    assert len(campaign_table(here=tmp_path, players=1, seed=5).campaign.missions) == 9
    shipped = campaign_table(here=tmp_path / "nowhere", seed=5)
    assert len(shipped.campaign.missions) == len(files)


def test_the_table_shows_the_limits_the_secret_rules_give() -> None:
    from cipherkit.widgets import MissionTable

    plain = MissionTable(MISSIONS / "02-signal-box.yaml", players=1, seed=1)
    boosted = MissionTable(
        MISSIONS / "02-signal-box.yaml",
        players=1,
        seed=1,
        secrets=["signalmans-diary", "clerks-note", "spare-satchel", "ledger-stub"],
    )
    texts = [{c["id"]: c["text"] for c in t.view["action_cards"]} for t in (plain, boosted)]
    assert texts[0]["run"].startswith("Move up to 3 rooms")
    assert texts[1]["run"].startswith("Move up to 4 rooms")
    assert "up to 3 tokens" in texts[1]["intel"] and "up to 3 card glyphs" in texts[1]["gather"]
    assert (plain.view["loss_icons"], boosted.view["loss_icons"]) == (3, 4)
