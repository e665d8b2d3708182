"""One turn of each game read as a screen reader reads it (issue #50), in Chromium:
Playwright's aria snapshots of the hand, the board and the log name every card in the
same words, the words a person says ("queen of spades", "7 blue"), never in card
notation; the live region says each event once, a bot's reason for refusing an answer
included; and the mission's answer and vote are made with a few keys. The Intercept
round is read in the same way in ``test_intercept_page.py``.
"""

from __future__ import annotations

import re
from typing import Any

import pytest

from tests.browser.conftest import TEST_PAGES, Server
from tests.browser.keys import MOVE_KEYS, Keys
from tests.browser.table_page import MissionPage

pytestmark = pytest.mark.browser

DECIPHER = "[data-testid=decipher-table]"
MISSION = "[data-testid=mission-table]"
NOTATION = re.compile(r"\b(?:[2-9]|10|[AJQK])[♠♥♦♣]|\b\d{1,2}[BGY]\b")
"""A card in notation ("Q♠", "8G"): what no snapshot may hold."""


def settle(page: Any, table: str) -> None:
    page.wait_for_selector(f"{table}:not(.ck-is-waiting)")
    page.wait_for_timeout(100)


def live(page: Any) -> str:
    return str(page.locator("[data-testid=live]").first.inner_text())


def words(locator: Any) -> str:
    """The text of ``locator`` as one line (an inline glyph picture breaks the layout's
    lines, not the sentence)."""
    return " ".join(locator.inner_text().split())


def test_a_decipher_turn_is_read_in_the_same_words_in_hand_board_and_log(
    page: Any, voila_server: Server
) -> None:
    page.goto(f"{voila_server.url}/voila/render/decipher.ipynb")
    page.wait_for_selector(f"{DECIPHER}:not(.ck-is-waiting) [data-testid=board]")
    playable = f"{DECIPHER} [data-testid=hand-card]:not([disabled])"
    played = []
    for column in (1, 2, 3):  # the first turn: a card on every column
        settle(page, DECIPHER)
        hand = page.locator(f"{DECIPHER} [data-testid=hand]").aria_snapshot()
        card = page.locator(playable).first
        name = card.get_attribute("aria-label")
        assert f'button "{name}"' in hand, hand
        assert re.fullmatch(r"(ace|jack|queen|king|\d+) of (spades|hearts|diamonds|clubs)", name)
        card.focus()
        page.keyboard.press("Enter")
        played.append(name)
        page.wait_for_function(
            "([t, n]) => document.querySelector(t).querySelector(`[data-testid=log]`)"
            ".innerText.includes(n)",
            arg=[DECIPHER, f"You play {name} on column {column}."],
        )
    # the bot's turn, then the person's again: what the bot did is said in the live region
    page.wait_for_function(
        "t => /The bot plays .* column 3/.test(document.querySelector(t)"
        ".querySelector('[data-testid=log]').innerText)",
        arg=DECIPHER,
    )
    settle(page, DECIPHER)
    board = page.get_by_role("table", name="The board").aria_snapshot()
    log = page.locator(f"{DECIPHER} [data-testid=log]").aria_snapshot()
    for column, name in enumerate(played, 1):
        assert f"You play {name} on column {column}." in log, log
        assert name in board, board  # on the bot's code, in the same words
    bots = re.findall(r"The bot plays (.+?) on column (\d) of your code\.", log)
    assert len(bots) == 3, log
    for name, _column in bots:
        assert name in board, (name, board)
    said = live(page)
    assert all(f"The bot plays {name} on column {c}" in said for name, c in bots), said
    for snapshot in (board, log, said):
        assert not NOTATION.search(snapshot), snapshot


def test_a_mission_turn_is_read_in_the_same_words_in_hand_map_console_and_log(
    page: Any, voila_server: Server
) -> None:
    table = MissionPage(page, voila_server, "mission-win.ipynb").open()
    table.claim()
    log = page.locator(f"{MISSION} [data-testid=log]")
    rooms = page.get_by_role("list", name="Rooms of the map")
    console = page.get_by_role("list", name="Console windows")
    # A card: named in the hand, said when picked, then in the pile, the log, the live region
    hand = page.get_by_role("toolbar", name=re.compile("Mara")).aria_snapshot()
    assert table.top("gather") == 0  # an empty pile: any card beats it
    card = page.locator(f"{MISSION} [data-testid=hand] button:not([disabled])").first
    name = card.get_attribute("aria-label")
    assert re.fullmatch(r"\d+ (blue|green|yellow)", name), name
    assert f'button "{name}"' in hand, hand
    card.focus()
    page.keyboard.press("Space")
    assert live(page) == f"{name} picked"
    table.click("[data-action-card=gather]")
    line = f"Mara plays {name} on Gather."
    piles = page.get_by_role("toolbar", name="Action cards").aria_snapshot()
    assert name in piles, piles  # the Gather pile's top card, in the same words
    assert line in words(log) and line in live(page), (words(log), live(page))
    # A glyph: "the glyph star" on the map, in the log, in the live region, in the console
    table.button("reveal-top")
    assert "Face up: the glyph star." in rooms.aria_snapshot()
    line = "Mara reveals the glyph star in the Hall."
    assert line in words(log) and line in live(page), (words(log), live(page))
    table.button("collect star")
    assert "Window 1, glyph star: open, it reads XYZZY." in console.aria_snapshot()
    line = "Mara collects the glyph star: 1 window open (XYZZY)."
    assert line in words(log) and line in live(page), (words(log), live(page))
    # A room: the map and the log say where Mara went; then the turn ends
    table.button("stop")
    table.play("run")
    table.room("den")
    assert "Den. Passage to Hall. Here: Mara." in rooms.aria_snapshot()
    assert "Mara moves to the Den." in words(log) and "Mara moves to the Den." in live(page)
    table.button("stop")
    said = words(log)
    assert "Mara draws 2 cards." in said and said.endswith("Teo's turn."), said
    assert live(page).startswith("Teo's turn. Pass the device to Teo"), live(page)
    # read aloud, the log is words alone: its glyph pictures are hidden, no card notation
    snapshot = log.aria_snapshot()
    assert "img" not in snapshot, snapshot
    for read in (hand, piles, snapshot, rooms.aria_snapshot()):
        assert not NOTATION.search(read), read


def test_a_mission_answer_and_a_vote_take_a_few_keys(page: Any, voila_server: Server) -> None:
    page.goto(f"{voila_server.url}/voila/render/{TEST_PAGES}/mission-win.ipynb")
    page.wait_for_selector(f"{MISSION}:not(.ck-is-waiting) [data-testid=claim]")
    page.locator(f"{MISSION} [data-testid=claim]").click()
    settle(page, MISSION)
    # Mara proposes an answer: to Solve, Enter (focus goes to the answer's box), the
    # words, Enter
    keys = Keys(page, MISSION)
    keys.tab_to(f"{MISSION} [data-testid=solve]")
    keys.press("Enter")
    assert page.evaluate("() => document.activeElement.dataset.testid") == "answer-input"
    page.keyboard.press("Control+A")  # the box may hold what the windows read
    keys.type("FOO BAR")
    keys.press("Enter")
    assert keys.count <= MOVE_KEYS, f"an answer took {keys.count} keys"
    page.wait_for_selector(f"{MISSION} [data-testid=vote-1] [data-vote=reject]")
    settle(page, MISSION)
    assert "FOO BAR" in live(page)
    # Teo's vote: to Reject, Enter
    keys = Keys(page, MISSION)
    keys.tab_to(f"{MISSION} [data-testid=vote-1] [data-vote=reject]")
    keys.press("Enter")
    assert keys.count <= MOVE_KEYS, f"a vote took {keys.count} keys"
    page.wait_for_function(
        "t => document.querySelector(t).querySelector('[data-testid=log]')"
        ".innerText.includes('Teo rejects the answer')",
        arg=MISSION,
    )
    assert "Teo rejects the answer; play goes on." in live(page)


def test_the_bot_team_mate_s_reason_for_refusing_an_answer_is_said(
    page: Any, voila_server: Server
) -> None:
    page.goto(f"{voila_server.url}/voila/render/{TEST_PAGES}/mission-team.ipynb")
    page.wait_for_selector(f"{MISSION}:not(.ck-is-waiting) [data-testid=claim]")
    page.locator(f"{MISSION} [data-testid=claim]").click()
    settle(page, MISSION)
    page.locator(f"{MISSION} [data-testid=solve]").click()
    page.locator(f"{MISSION} [data-testid=answer-input]").fill("FOO BAR")
    page.locator(f"{MISSION} [data-testid=propose]").click()
    page.wait_for_function(
        "t => document.querySelector(t).querySelector('[data-testid=log]')"
        ".innerText.includes('rejects the answer (')",
        arg=MISSION,
    )
    settle(page, MISSION)
    log = page.locator(f"{MISSION} [data-testid=log]").inner_text()
    # the bot's seat plays Ines (the third character): her reason, in the log and said
    reason = re.search(r"Ines rejects the answer \((.+?)\); play goes on\.", log)
    assert reason and "open" in reason[1], log  # a reason a player can act on
    assert reason[0] in live(page), live(page)
