"""Saved progress in real Chromium against a real gallery server with a room store
(what ``cipherkit serve`` gives its kernels as ``$CIPHERKIT_STORE``):

* a mission page, the Decipher page and the Intercept page: a few moves, a reload, the
  same hand (keywords), log and turn, and play goes on; the browser keeps only the
  token;
* the campaign: a mission lost and the campaign continued, a reload, the campaign is at
  the second mission with the secret rule won, and a move made there survives a reload;
* a forged token (a near miss of a real one) gets a fresh game and one sentence, and
  changes nothing in the game it was made from;
* no hidden information in any frame of a resumed page (the stored game's secrets,
  read from the store by the test).
"""

from __future__ import annotations

import re
from typing import Any

import pytest

from cipherkit.rooms import open_store
from cipherkit.rooms.solo import CAMPAIGN_NAME, NOT_FOUND, SoloGame
from tests.browser.conftest import SEED, Server
from tests.browser.gallery_servers import GalleryServers
from tests.browser.intercept_page import CANDIDATES, InterceptPage, hidden_words
from tests.browser.intercept_page import TABLE as INTERCEPT
from tests.browser.security_fixtures import mission_secrets
from tests.browser.table_page import MISSION, MissionPage, TablePage, lose_the_fuse
from tests.widgets.leaks import as_text, cards_in

KEY = "'cipherkit.saved:' + location.pathname"


@pytest.fixture(scope="module")
def saving(voila_servers: GalleryServers, request: pytest.FixtureRequest) -> Server:
    """The gallery served with a room store of its own (the suite's fixed seed keeps the
    deals, and so the clicks, the same from run to run); shared with any module asking
    for the same configuration."""
    return voila_servers.get({"CIPHERKIT_SEED": str(SEED)}, store=True, user=request.fixturename)


def store_url(server: Server) -> str:
    return f"sqlite:///{server.log.parent / 'rooms.db'}"


def kept(page: Any) -> str | None:
    return page.evaluate(f"localStorage.getItem({KEY})")


def settled(page: Any, root: str, how: str = "keep") -> None:
    """Wait until the kernel has answered the page's saved message."""
    page.wait_for_selector(f"{root}[data-saved={how}]")


class GalleryMission(MissionPage):
    """A published mission page of the gallery (not a test page)."""

    @property
    def path(self) -> str:
        return self.name


class CampaignPage(MissionPage):
    """The saved fuse campaign (a test page)."""


def frames_text(table: Any) -> str:
    return "\n".join(as_text(f) for f in table.frames)


def mission_shown(table: MissionPage) -> dict[str, Any]:
    page = table.page
    return {
        "hand": table.hand(),
        "status": table.text("status"),
        "log": table.text("log"),
        "phase": table.phase(),
        "map": page.locator(f"{MISSION} [data-testid=map]").inner_html(),
    }


def a_few_moves(table: MissionPage, rounds: int) -> None:
    """Run (if a card beats the Run pile) and stop, then end the turn: the bot plays."""
    for _ in range(rounds):
        top = table.top("run")
        if any(value > top for _, value in table.hand()):
            table.play("run")
            table.button("stop")
        ends = table.page.locator(f"{MISSION} [data-action='end']:not([disabled])")
        table.button("end" if ends.count() else "pass")


def one_move(table: MissionPage) -> None:
    """Play the lowest card that beats some action card's pile."""
    for action in ("run", "gather", "intel", "regroup"):
        top = table.top(action)
        if any(value > top for _, value in table.hand()):
            table.play(action)
            return
    raise AssertionError("no card in the hand beats any pile")


# ---------------------------------------------------------------- a mission page
def test_a_mission_page_resumes_its_game_after_a_reload(page: Any, saving: Server) -> None:
    table = GalleryMission(page, saving, "signal-box.ipynb").open()
    settled(page, MISSION, "forget")  # nothing stored before the first move
    assert kept(page) is None
    a_few_moves(table, 2)
    settled(page, MISSION)
    token = kept(page)
    assert token and len(token) >= 43  # 256 bits
    before = mission_shown(table)

    again = GalleryMission(page, saving, "signal-box.ipynb").open()  # a reload
    settled(page, MISSION)
    assert again.message() == ""
    assert mission_shown(again) == before
    assert kept(page) == token

    with open_store(store_url(saving)) as store:
        game = SoloGame.resume(store, token, "mission")
        secrets = mission_secrets(game.session.state, game.session.record)
        played = len(game.session.record.actions)
    assert secrets
    for secret in secrets:  # nothing hidden in any frame of the resumed page
        assert secret not in frames_text(again), f"{secret!r} reached the resumed page"
        assert secret not in again.html()

    one_move(again)  # play goes on, in the same stored game
    with open_store(store_url(saving)) as store:
        assert len(SoloGame.resume(store, token, "mission").session.record.actions) > played

    # New game in the middle of a saved game asks first: dismissed, the game stays
    asked: list[str] = []

    def answer(dialog: Any, accept: bool) -> None:
        asked.append(dialog.message)
        dialog.accept() if accept else dialog.dismiss()

    page.once("dialog", lambda dialog: answer(dialog, False))
    page.locator(f"{MISSION} [data-testid=new-game]").click()
    page.wait_for_timeout(300)  # a new game would have been asked for by now
    assert asked and "cannot be picked up again" in asked[0]
    assert kept(page) == token and again.text("turn-number") != "Turn 1"
    page.once("dialog", lambda dialog: answer(dialog, True))
    page.locator(f"{MISSION} [data-testid=new-game]").click()
    settled(page, MISSION, "forget")  # a fresh game: nothing kept before its first move
    assert kept(page) is None and len(asked) == 2


# ---------------------------------------------------------------- the Decipher page
def decipher_shown(table: TablePage) -> dict[str, Any]:
    return {
        "hand": table.hand(),
        "log": table.text("log"),
        "status": table.text("status"),
        "board": table.page.locator("[data-testid=board]").inner_text(),
    }


def test_the_decipher_page_resumes_its_game_and_a_forged_token_gets_a_fresh_one(
    page: Any, saving: Server, browser: Any
) -> None:
    table = TablePage(page, saving).open()
    settled(page, "[data-testid=decipher-table]", "forget")
    for _ in range(2):
        table.play_first_card()
    settled(page, "[data-testid=decipher-table]")
    token = kept(page)
    assert token
    before = decipher_shown(table)

    again = TablePage(page, saving).open()
    settled(page, "[data-testid=decipher-table]")
    assert decipher_shown(again) == before and kept(page) == token
    with open_store(store_url(saving)) as store:
        game = SoloGame.resume(store, token, "decipher")
        code = [str(c) for c in game.session.state.hidden[1]]
        actions = game.session.record.actions
    assert not cards_in(frames_text(again), code), "the bot's code reached the resumed page"
    assert not cards_in(again.html(), code)
    again.play_first_card()  # play goes on

    # Someone else's browser with a near miss of the token: a fresh game, one sentence.
    other = browser.new_context(viewport={"width": 1100, "height": 1250})
    try:
        forger = other.new_page()
        forged = token[:-6] + ("AAAAAA" if not token.endswith("AAAAAA") else "BBBBBB")
        forger.goto(f"{saving.url}/voila/render/index.ipynb")
        forger.evaluate(
            f"localStorage.setItem('cipherkit.saved:/voila/render/decipher.ipynb', {forged!r})"
        )
        fresh = TablePage(forger, saving).open()
        settled(forger, "[data-testid=decipher-table]", "forget")
        assert fresh.text("message") == NOT_FOUND
        assert (
            forger.evaluate("localStorage.getItem('cipherkit.saved:/voila/render/decipher.ipynb')")
            is None
        )
        assert token not in frames_text(fresh) and forged not in frames_text(fresh)
        fresh.play_first_card()  # the forger plays their own new game...
        settled(forger, "[data-testid=decipher-table]")
        assert (
            forger.evaluate("localStorage.getItem('cipherkit.saved:/voila/render/decipher.ipynb')")
            != token
        )
    finally:
        other.close()
    with open_store(store_url(saving)) as store:  # ...which is not the game it forged
        assert (
            SoloGame.resume(store, token, "decipher").session.record.actions[: len(actions)]
            == actions
        )


# ---------------------------------------------------------------- the campaign
def test_the_campaign_keeps_its_progress_across_reloads(page: Any, saving: Server) -> None:
    table = CampaignPage(page, saving, "campaign-saved.ipynb").open()
    campaign = page.locator(".cipherkit-campaign")
    settled(page, MISSION, "forget")
    assert "Mission 1: The First Fuse" in campaign.inner_text()
    lose_the_fuse(table, 3)  # the loss unlocks the Ledger Stub
    page.get_by_role("button", name="Continue the campaign").click()
    page.wait_for_selector(".cipherkit-campaign :text('Mission 2: The Second Fuse')")
    table.ready()
    table.play("run")
    settled(page, MISSION)
    token = kept(page) or ""
    assert token.count(".") == 1  # the first mission's token, then the second's
    before = mission_shown(table)

    again = CampaignPage(page, saving, "campaign-saved.ipynb").open()
    settled(page, MISSION)
    text = page.locator(".cipherkit-campaign").inner_text()
    assert "Mission 2: The Second Fuse" in text and "Secret rules in play (1)" in text
    assert page.locator(".cipherkit-campaign-map [data-state=loss]").count() == 1
    assert mission_shown(again) == before and again.message() == ""
    with open_store(store_url(saving)) as store:
        second = token.split(".")[1]
        game = SoloGame.resume(store, second, "mission", name=CAMPAIGN_NAME)
        secrets = mission_secrets(game.session.state, game.session.record)
    for secret in secrets:
        assert secret not in frames_text(again), f"{secret!r} reached the resumed campaign"
    again.button("stop")  # play goes on in the second mission
    assert kept(page) == token


# ---------------------------------------------------------------- the Intercept page
class GalleryIntercept(InterceptPage):
    path = "intercept.ipynb"


def fair_clue(table: InterceptPage, given: list[str]) -> str:
    for word in CANDIDATES:
        if word not in given and "a fair clue" in table.type_clue(word):
            return word
    raise AssertionError("no candidate clue passed the check")


def intercept_shown(table: InterceptPage) -> dict[str, Any]:
    page = table.page
    return {
        "round": table.text("round"),
        "keywords": [table.text(f"keyword-{i}") for i in range(1, 5)],
        "code": table.text("code"),
        "given": table.text("given-1"),
        "status": table.text("status"),
        "log": page.locator(f"{INTERCEPT} [data-testid=log]").inner_text(),
    }


def test_the_intercept_page_resumes_its_game_after_a_reload(page: Any, saving: Server) -> None:
    table = GalleryIntercept(page, saving).open()
    settled(page, INTERCEPT, "forget")
    assert table.role() == "encryptor"
    first = fair_clue(table, [])
    table.click("[data-testid=give-clue]")
    settled(page, INTERCEPT)
    token = kept(page)
    assert token
    before = intercept_shown(table)
    assert before["given"] == first

    again = GalleryIntercept(page, saving).open()
    settled(page, INTERCEPT)
    assert intercept_shown(again) == before and kept(page) == token
    with open_store(store_url(saving)) as store:
        game = SoloGame.resume(store, token, "intercept")
        black = game.session.state.keywords[1]
    public = " ".join(before["log"].split())
    for word in hidden_words(list(black), public):
        assert not re.search(rf"\b{re.escape(word)}\b", frames_text(again).lower()), word
    second = fair_clue(again, [first])  # play goes on
    again.click("[data-testid=give-clue]")
    assert again.text("given-2") == second


# ---------------------------------------------------------------- a dead kernel
def kernel_process(kernel_id: str) -> Any:
    """The process of the kernel ``kernel_id`` (forked or not), found by its command line."""
    import psutil

    for process in psutil.process_iter(["cmdline"]):
        if f"kernel-{kernel_id}" in " ".join(process.info["cmdline"] or []):
            return process
    raise AssertionError(f"no process runs kernel {kernel_id}")


def test_a_saved_page_whose_kernel_dies_reconnects_and_goes_on(page: Any, saving: Server) -> None:
    """SIGKILL the kernel of a mission page with a saved game: the page says it is
    reconnecting (not "start again"), reloads by itself, and the new kernel shows the
    same game, which plays on."""
    import signal

    table = GalleryMission(page, saving, "signal-box.ipynb").open()
    settled(page, MISSION, "forget")
    a_few_moves(table, 1)
    settled(page, MISSION)
    token = kept(page)
    before = mission_shown(table)
    from tests.browser.server_kernels import real_kernel

    dead = table.config_kernel_id()
    kernel_process(real_kernel(saving, "signal-box.ipynb")).send_signal(signal.SIGKILL)
    page.wait_for_selector("[data-testid=reconnecting]", timeout=30_000)
    assert "your game is saved" in page.locator("[data-testid=reconnecting]").inner_text()
    page.wait_for_selector("[data-testid=reconnecting]", state="detached", timeout=30_000)
    page.wait_for_selector(f"{MISSION}[data-saved=keep]", timeout=60_000)
    again = GalleryMission(page, saving, "signal-box.ipynb")
    again.ready()
    assert again.config_kernel_id() != dead  # a new kernel serves the reloaded page
    assert mission_shown(again) == before
    assert kept(page) == token
    with open_store(store_url(saving)) as store:
        played = len(SoloGame.resume(store, token, "mission").session.record.actions)
    one_move(again)
    with open_store(store_url(saving)) as store:
        assert len(SoloGame.resume(store, token, "mission").session.record.actions) > played
