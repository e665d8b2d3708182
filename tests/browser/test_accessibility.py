"""Every student can play (issue #32), in Chromium: axe-core's WCAG 2.0-2.2 A/AA rules
on every gallery page at 1280 and 390 px with every control at least 24x24 px (in
``test_phone_layout.py``, on the page load of its phone and tablet layouts); Decipher
played to its end and a mission to a loss with the keyboard alone; the screen reader's
view of the tables (Playwright's aria snapshots): the live region, Decipher's board as a
table with headers, the mission's rooms with their passages and who is there. The pages
are loaded on the shared gallery server.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from tests.browser.conftest import TEST_PAGES, UI_TIMEOUT_MS, Server
from tests.browser.gallery_servers import NO_LESSON_PREHEAT
from tests.browser.keys import MOVE_KEYS, Keys, focused, tab_to
from tests.browser.waits import wait_for_js

pytestmark = pytest.mark.browser

DECIPHER = "[data-testid=decipher-table]"
MISSION = "[data-testid=mission-table]"


@pytest.fixture
def fresh(browser: Any) -> Iterator[Any]:
    """A page in a context of its own (its own kernels and saved games)."""
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    page = context.new_page()
    page.set_default_timeout(UI_TIMEOUT_MS)
    yield page
    context.close()


# ---------------------------------------------------------------- the keyboard alone
def settle(page: Any, table: str) -> None:
    page.wait_for_selector(f"{table}:not(.ck-is-waiting)")
    page.wait_for_timeout(100)


def test_decipher_is_played_to_its_end_with_the_keyboard(fresh: Any, voila_server: Server) -> None:
    page = fresh
    page.on("dialog", lambda dialog: dialog.accept())  # Break on a first turn asks first
    page.goto(f"{voila_server.url}/voila/render/decipher.ipynb")
    page.wait_for_selector(f"{DECIPHER}:not(.ck-is-waiting) [data-testid=board]")
    hand = f"{DECIPHER} [data-testid=hand] button:not([disabled])"
    # The hand is one tab stop: one playable card has tabindex 0, the others -1.
    stops = page.locator(hand).evaluate_all("cs => cs.map(c => c.getAttribute('tabindex'))")
    assert stops.count("0") == 1 and set(stops) <= {"0", "-1"}, stops
    # A whole first turn from the hand: Enter plays a card (one key from the table's
    # first stop), and focus stays in the hand (no Tab between the moves).
    if page.locator(hand).count():
        keys = Keys(page, DECIPHER)
        assert page.evaluate("() => document.activeElement.closest('[data-testid=hand]') !== null")
        if len(stops) > 1:  # the arrow keys move along the hand
            before = page.evaluate("() => document.activeElement.dataset.card")
            page.keyboard.press("ArrowRight")
            after = page.evaluate("() => document.activeElement.dataset.card")
            assert after != before, (before, after)
            page.keyboard.press("ArrowLeft")
        keys.press("Enter")
        assert keys.count <= MOVE_KEYS
        for more in (True, True, False):  # three cards at most, as a turn allows
            settle(page, DECIPHER)
            assert page.evaluate(f"() => !!document.activeElement.closest('{DECIPHER}')"), focused(
                page
            )
            if not (more and page.locator(hand).count()):
                break
            page.keyboard.press("Enter")
    page.wait_for_selector(f"{DECIPHER} [data-action=break]:not([disabled])")
    settle(page, DECIPHER)
    keys = Keys(page, DECIPHER)
    keys.tab_to(f"{DECIPHER} [data-action=break]")
    keys.press("Enter")
    assert keys.count <= MOVE_KEYS, f"Break the Code took {keys.count} keys"
    # Guess every column: the rank and the suit are one tab stop each, picked by a typed
    # key ("7", "h") or the arrow keys; then Guess with Enter.
    for column in (1, 2, 3):
        page.wait_for_selector(f"[data-testid=column-{column}][data-current=true]")
        settle(page, DECIPHER)
        keys = Keys(page, DECIPHER)
        ranks = page.locator(f"{DECIPHER} [data-rank]")
        assert ranks.evaluate_all("rs => rs.filter(r => r.tabIndex === 0).length") == 1
        keys.tab_to(f"{DECIPHER} [data-rank]")
        if column == 1:  # the arrow keys choose too (the choice follows focus)
            page.keyboard.press("End")
            assert page.evaluate("() => document.activeElement.dataset.rank") == "K"
            assert (
                page.locator(f"{DECIPHER} [data-rank='K']").get_attribute("aria-checked") == "true"
            )
        keys.press("7")
        assert page.locator(f"{DECIPHER} [data-rank='7']").get_attribute("aria-checked") == "true"
        assert page.evaluate("() => document.activeElement.dataset.rank") == "7"
        keys.tab_to(f"{DECIPHER} [data-suit]")
        keys.press("h")
        assert page.locator(f"{DECIPHER} [data-suit='H']").get_attribute("aria-checked") == "true"
        keys.tab_to(f"{DECIPHER} [data-action=guess]")
        keys.press("Enter")
        assert keys.count <= MOVE_KEYS, f"a guess took {keys.count} keys"
    page.wait_for_selector(f"{DECIPHER} [data-testid=result]")
    live = page.locator("[data-testid=live]").first.inner_text()
    assert "The game is over" in live or "revealed" in live, live
    # Play again is where focus went, or one Tab away
    assert tab_to(page, f"{DECIPHER} [data-testid=play-again]") <= 3


def test_a_mission_is_lost_with_the_keyboard_the_map_by_arrow_keys(
    fresh: Any, voila_server: Server
) -> None:
    page = fresh
    page.goto(f"{voila_server.url}/voila/render/{TEST_PAGES}/mission-peril.ipynb")
    page.wait_for_selector(f"{MISSION}:not(.ck-is-waiting) [data-testid=map]")
    # The map is one tab stop: one room has tabindex 0, the others -1.
    stops = page.locator(f"{MISSION} [data-room]").evaluate_all(
        "rs => rs.map(r => r.getAttribute('tabindex'))"
    )
    assert sorted(stops) == ["-1", "0"], stops
    # The hand in play is one tab stop too.
    cards = page.locator(f"{MISSION} [data-testid=hand] button:not([disabled])")
    assert cards.evaluate_all("cs => cs.filter(c => c.tabIndex === 0).length") == 1
    # A card from the hand (Space picks it), then Run (Enter): counted from the table's
    # first tab stop (issue #50).
    keys = Keys(page, MISSION)
    keys.tab_to(f"{MISSION} [data-testid=hand] button:not([disabled])")
    keys.press("Space")
    # the pick is said once, in the card's own words ("7 blue picked")
    title = page.evaluate("() => document.activeElement.getAttribute('aria-label')")
    live = page.locator("[data-testid=live]").first
    assert live.inner_text() == f"{title} picked", (live.inner_text(), title)
    # back to the action cards (one tab stop), along them to Run with the arrow keys
    keys.tab_to(f"{MISSION} [data-action-card][tabindex='0']", back=True)
    for _ in range(6):
        if page.evaluate("() => document.activeElement.dataset.actionCard") == "run":
            break
        keys.press("ArrowRight")
    keys.press("Enter")
    assert keys.count <= MOVE_KEYS, f"picking a card and Run took {keys.count} keys"
    settle(page, MISSION)
    assert page.locator(MISSION).get_attribute("data-phase") == "run"
    # Into the map; the arrow key moves to the Shed, Enter steps there.
    keys = Keys(page, MISSION)
    keys.tab_to(f"{MISSION} [data-room][tabindex='0']")
    assert page.evaluate("() => document.activeElement.dataset.room") == "yard"
    keys.press("ArrowRight")
    assert page.evaluate("() => document.activeElement.dataset.room") == "shed"
    label = page.evaluate("() => document.activeElement.getAttribute('aria-label')")
    assert label.startswith("Shed. Passage to Yard.") and "Enter: step here." in label, label
    keys.press("Enter")
    assert keys.count <= MOVE_KEYS, f"a step took {keys.count} keys"
    settle(page, MISSION)
    assert "Shed" in page.locator(f"{MISSION} [data-testid=team]").inner_text()
    assert page.evaluate("() => document.activeElement.dataset.room") == "shed"  # kept
    for action in ("stop", "end"):
        if page.locator(f"{MISSION} [data-action={action}]").count():
            tab_to(page, f"{MISSION} [data-action={action}]")
            page.keyboard.press("Enter")
            settle(page, MISSION)
    # In Peril: Draw until the time runs out; focus stays on Draw.
    page.wait_for_selector(f"{MISSION} [data-testid=peril]")
    tab_to(page, f"{MISSION} [data-action=draw]")
    for _ in range(3):
        assert page.evaluate("() => document.activeElement.dataset.action") == "draw"
        page.keyboard.press("Enter")
        settle(page, MISSION)
    outcome = page.locator(f"{MISSION} [data-testid=outcome]")
    assert outcome.get_attribute("data-result") == "loss"
    assert "Mission failed" in page.locator("[data-testid=live]").first.inner_text()


# ---------------------------------------------------------------- the screen reader's view
def test_a_screen_reader_finds_the_live_region_the_board_and_the_rooms(
    fresh: Any, voila_server: Server
) -> None:
    page = fresh
    page.goto(f"{voila_server.url}/voila/render/decipher.ipynb")
    page.wait_for_selector(f"{DECIPHER}:not(.ck-is-waiting) [data-testid=board]")
    live = page.get_by_role("status").filter(has_text="turn").first.aria_snapshot()
    assert live.startswith("- status:") and "turn" in live, live
    board = page.get_by_role("table", name="The board").aria_snapshot()
    for header in ("Column 1", "Column 2", "Column 3"):
        assert f'columnheader "{header}"' in board, board
    assert 'rowheader "your hidden card"' in board and "hidden" in board, board
    drawn = page.locator(f"{DECIPHER} [data-testid=board]").aria_snapshot()
    assert drawn.strip() in ("", "[]"), drawn  # the drawn board is not read out as a blob

    page.goto(f"{voila_server.url}/voila/render/{TEST_PAGES}/mission-win.ipynb")
    page.wait_for_selector(f"{MISSION}:not(.ck-is-waiting) [data-testid=map]")
    rooms = page.get_by_role("list", name="Rooms of the map").aria_snapshot()
    assert "Hall. Passage to Den. Here: Mara and Teo." in rooms, rooms
    assert "Den. Passage to Hall." in rooms and "in the stack" in rooms, rooms
    console = page.get_by_role("list", name="Console windows").aria_snapshot()
    assert "Window 1, glyph star: closed." in console, console
    assert "XYZZY" not in console and "PLUGH" not in console
    assert page.get_by_role("status").filter(has_text="Pass the device").count() == 1


# ---------------------------------------------------------------- joining on a phone
@pytest.fixture(scope="module")
def rooms_server(voila_servers: Any, request: pytest.FixtureRequest) -> Server:
    """The gallery server whose kernels share a throwaway rooms store (as the rooms
    pages' tests use: the same server)."""
    server = voila_servers.get(
        store=True, drop=("CIPHERKIT_SEED",), config=NO_LESSON_PREHEAT, user=request.fixturename
    )
    assert server.store is not None
    return server


def test_after_joining_on_a_phone_the_table_and_your_turn_are_in_view(
    browser: Any, rooms_server: Server
) -> None:
    """Issue #31 item 9: after joining, the table is scrolled into view with the pinned
    "Your turn: ..." line (the live region's visible twin, its words from the kernel)."""
    from cipherkit.rooms import open_store
    from tests.browser.play_page import PlayPage

    assert rooms_server.store is not None
    room = open_store(rooms_server.store).create_room("decipher", {"first_player": 0}, bots=[1])
    context = browser.new_context(viewport={"width": 390, "height": 844})
    try:
        page = context.new_page()
        page.set_default_timeout(UI_TIMEOUT_MS)
        page.set_default_navigation_timeout(4 * UI_TIMEOUT_MS)
        player = PlayPage(page, rooms_server).open()
        player.join(room.code, "Ada")
        player.table_ready()
        line = page.locator("[data-testid=turn-line]")
        wait_for_js(
            page,
            "() => { const r = document.querySelector('[data-testid=turn-line]')"
            ".getBoundingClientRect(); return r.top >= 0 && r.bottom <= innerHeight; }",
        )
        assert line.inner_text().startswith("Your turn: play a card on column 1"), line.inner_text()
        # pinned: still on screen once the page is scrolled down through the table
        page.mouse.wheel(0, 600)
        in_view = (
            "() => { const r = document.querySelector('[data-testid=turn-line]')"
            ".getBoundingClientRect(); return r.top >= 0 && r.bottom <= innerHeight; }"
        )
        page.wait_for_function("() => window.scrollY > 0")  # the wheel has scrolled
        wait_for_js(page, in_view)  # (a busy machine lays the page out late)
        box = line.bounding_box()
        assert box is not None and 0 <= box["y"] <= 844 - box["height"], box
        live = page.locator("[data-testid=live]").inner_text()
        assert "Your first turn" in live or "Your turn" in live, live
        # a card played: the line and the live region follow the kernel's words
        page.locator("[data-testid=hand] button[data-card]:not([disabled])").first.click()
        player.table_ready()
        page.wait_for_selector("[data-testid=turn-line]:has-text('column 2')")
        assert "You play" in page.locator("[data-testid=live]").inner_text()
    finally:
        context.close()
