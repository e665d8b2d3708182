"""Mission tables on test pages in a real Voila server and a real headless Chromium.

The pages (``tests/browser/pages``) load small missions from YAML beside them: the Tiny
Heist (two rooms, windows hiding XYZZY and PLUGH, a decoy ``wisp`` that stays face down)
is won by two people passing the device; the Short Fuse (four resource cards, all dealt)
is lost In Peril. Everything is done by clicks, as a student would.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from tests.browser.conftest import Server, table_model_id
from tests.browser.table_page import MISSION, MissionPage, lose_the_fuse
from tests.widgets.leaks import as_text

pytestmark = pytest.mark.browser

WIDGET = "cipherkit.widgets.mission.table.MissionTable"


class Scanner:
    """Collects what anyone with the page open could read, at checkpoints."""

    def __init__(self, table: MissionPage) -> None:
        self.table = table
        self.kernel = table.kernel
        self.seen: list[tuple[str, str]] = [("first HTML response", table.first_html)]

    def look(self, where: str) -> dict[str, Any]:
        self.table.page.wait_for_timeout(250)  # let every frame already sent arrive
        states = self.kernel.request_states()
        assert len(states) >= 2, "request_states returned too little to mean anything"
        self.seen.append((f"widget states {where}", as_text(states)))
        self.seen.append((f"page HTML {where}", self.table.html()))
        frames = "\n".join(map(as_text, self.table.frames))
        self.seen.append((f"websocket frames until {where}", frames))
        return states[table_model_id(states, WIDGET)]["state"]

    def assert_absent(self, secret: str, *, until: int | None = None) -> None:
        """``secret`` is in none of the texts seen (before checkpoint ``until``)."""
        for where, text in self.seen[:until]:
            assert secret not in text, f"{secret!r} is in the {where}"


def test_win_the_tiny_heist_by_clicks_passing_the_device(page: Any, voila_server: Server) -> None:
    table = MissionPage(page, voila_server, "mission-win.ipynb").open()
    scan = Scanner(table)
    shots = voila_server.log.parent

    # Mara's turn, but the device waits for her: no hand anywhere.
    assert "Pass the device to Mara" in table.text("status")
    assert page.locator(f"{MISSION} [data-testid=hand]").count() == 0
    state = scan.look("at the start")
    assert state["view"]["hands"] == [] and state["view"]["legal"] == []
    table.claim()
    assert len(table.hand()) == 4

    # Mara: Gather in the hall (turn up the star, collect it), then Run to the den.
    table.play("gather")
    assert table.phase() == "gather"
    table.button("reveal-top")
    assert "star" in table.text("status")
    scan.look("before the first window opens")
    before_star = len(scan.seen)
    table.button("collect star")
    assert table.text("reading") == "XYZZY ?"
    table.button("stop")
    table.play("run")
    table.room("den")
    table.button("stop")

    # Teo's turn: Mara's hand leaves the page until Teo asks for his.
    page.wait_for_selector(f"{MISSION} [data-testid=pass-device]")
    assert "Pass the device to Teo" in table.text("status")
    assert page.locator(f"{MISSION} [data-card]").count() == 0
    state = scan.look("when the device passes to Teo")
    assert state["view"]["hands"] == [] and state["view"]["locked_for"]["name"] == "Teo"
    table.claim()
    table.play("intel")
    table.room("den")  # Intel there: the moon turns up
    table.button("stop")
    table.button("end")
    table.screenshot(str(shots / "mission-midgame.png"))

    # Mara: Regroup clears Gather; Gather collects the moon; her turn ends.
    table.claim()
    table.play("regroup")
    table.click("[data-action-card=gather]")
    scan.look("before the second window opens")
    before_moon = len(scan.seen)
    table.play("gather")
    page.locator(f"{MISSION} [data-token-room=den]").first.click(force=True)
    table.ready()
    assert table.text("reading") == "XYZZY PLUGH"
    table.button("stop")

    # Teo proposes what the windows read; Mara confirms in the Solve dialog.
    table.claim()
    table.click("[data-testid=solve]")
    box = page.locator(f"{MISSION} [data-testid=answer-input]")
    assert box.input_value() == "XYZZY PLUGH"
    scan.look("before the answer is proposed")
    table.click("[data-testid=propose]")
    assert table.text("proposal") == "“XYZZY PLUGH”"
    assert page.locator(f"{MISSION} [data-testid=vote-1] [data-vote]").count() == 0
    assert page.locator(f"{MISSION} [data-card]").count() == 0  # no hand during the vote
    table.screenshot(str(shots / "mission-vote.png"))
    table.click("[data-testid=vote-0] [data-vote=confirm]")

    outcome = page.locator(f"{MISSION} [data-testid=outcome]")
    assert outcome.get_attribute("data-result") == "win"
    assert table.text("result") == "Mission accomplished!"
    assert "The answer is right" in table.text("log")
    table.screenshot(str(shots / "mission-won.png"))

    # Nothing hidden was readable before it was opened; the decoy never is.
    scan.look("at the end")
    scan.assert_absent("XYZZY", until=before_star)
    scan.assert_absent("PLUGH", until=before_moon)
    scan.assert_absent("wisp")
    # Positive control: once open, the same scans find the contents.
    assert all(w in scan.seen[-3][1] for w in ("XYZZY", "PLUGH"))


def test_lose_the_short_fuse_in_peril(page: Any, voila_server: Server) -> None:
    table = MissionPage(page, voila_server, "mission-peril.ipynb").open()
    assert page.locator(f"{MISSION} [data-testid=pass-device]").count() == 0  # one person
    assert table.text("deck-size") == "Deck 0"
    table.play("run")
    table.button("stop")
    table.button("end")  # the refill finds no deck: In Peril, the time cards are the deck
    page.wait_for_selector(f"{MISSION} [data-testid=peril]")
    assert "In Peril" in table.text("status")
    table.button("draw")
    assert table.text("time-icons").endswith("1")
    table.button("draw")
    table.screenshot(str(voila_server.log.parent / "mission-peril.png"))
    table.button("draw")
    outcome = page.locator(f"{MISSION} [data-testid=outcome]")
    assert outcome.get_attribute("data-result") == "loss"
    assert "Out of time" in outcome.inner_text()
    assert table.text("answer") == "QUUX"
    table.click("[data-action=new_game]")
    assert page.locator(f"{MISSION} [data-testid=outcome]").count() == 0
    assert table.text("turn-number") == "Turn 1"


def test_the_campaign_s_ledger_stub_makes_four_time_icons_lose(
    page: Any, voila_server: Server
) -> None:
    """The secret rule reaches the mission the way every campaign's do (the campaign
    table deals the next mission with the rules unlocked so far), and the page shows
    the limit the game's observation gives: three time icons lose the first fuse, four
    the second once losing the first has unlocked the Ledger Stub."""
    table = MissionPage(page, voila_server, "campaign-fuse.ipynb").open()
    campaign = page.locator(".cipherkit-campaign")
    assert "Mission 1: The First Fuse" in campaign.inner_text()
    assert "Secret rules in play (0)" in campaign.inner_text()
    lose_the_fuse(table, 3)

    page.get_by_role("button", name="Continue the campaign").click()
    page.wait_for_selector(".cipherkit-campaign :text('Mission 2: The Second Fuse')")
    page.wait_for_selector(f"{MISSION} [data-testid=outcome]", state="detached")
    table.ready()
    assert "Secret rules in play (1)" in campaign.inner_text()
    lose_the_fuse(table, 4)
    table.screenshot(str(voila_server.log.parent / "campaign-ledger-stub.png"))


def test_illegal_clicks_explain_why(page: Any, voila_server: Server) -> None:
    table = MissionPage(page, voila_server, "mission-team.ipynb").open()
    table.room("stacks")  # the device has not been taken yet
    assert table.message() == "Pass the device to Ana first: press “I am Ana”"
    table.claim()
    assert table.message() == ""
    table.room("stacks")
    assert table.message().startswith("Step stacks is not a main action")
    table.click("[data-action-card=intel]")  # no card picked: a hint, no kernel call
    assert "Pick a card from your hand first" in table.text("hint")
    table.play("run")
    table.room("maps")
    assert table.message() == (
        "You cannot step from the Lobby to 'maps': no open passage joins them"
    )
    table.room("stacks")
    assert table.message() == ""
    assert "Mara Slip · Ana\n⌂ The Stacks" in table.text("team")
    table.screenshot(str(voila_server.log.parent / "mission-team.png"))


def test_forged_messages_and_updates_are_refused_visibly(page: Any, voila_server: Server) -> None:
    table = MissionPage(page, voila_server, "mission-team.ipynb").open()
    kernel = table.kernel
    states = kernel.request_states()
    model_id = table_model_id(states, WIDGET)
    true_view = states[model_id]["state"]["view"]

    kernel.send_to_widget(model_id, {"method": "custom", "content": {"type": "claim", "seat": 1}})
    page.wait_for_selector(f"{MISSION} [data-testid=message]:has-text('only Ana may take')")
    kernel.send_to_widget(
        model_id,
        {"method": "custom", "content": {"type": "action", "text": "end", "viewer": "omniscient"}},
    )
    page.wait_for_selector(f"{MISSION} [data-testid=message]:has-text('An action')")
    forged = dict(true_view, status="HACKED", hands=[{"cards": []}])
    kernel.send_to_widget(model_id, {"method": "update", "state": {"view": forged}})
    page.wait_for_selector(f"{MISSION} [data-testid=message]:has-text('The page may not change')")
    table.ready()
    assert "HACKED" not in table.text("status")
    assert json.dumps(kernel.request_states()[model_id]["state"]["view"]) == json.dumps(true_view)


@pytest.mark.parametrize(
    "path",
    [
        "/voila/files/testpages/tiny-heist.yaml",
        "/voila/files/testpages/lantern-archive.yaml",
        "/voila/files/testpages/heist-record.json",
        "/voila/files/testpages/mission-win.ipynb",
        "/voila/api/contents/testpages/tiny-heist.yaml",
        "/voila/render/testpages/tiny-heist.yaml",
    ],
)
def test_mission_files_are_not_served(voila_server: Server, path: str) -> None:
    status, body = voila_server.get(path)
    assert status in (403, 404, 500), f"{path} answered {status}"
    assert "XYZZY" not in body and "PLUGH" not in body and "Traceback" not in body
