"""The mission studio on a Voila page, in Chromium: a mission's map and cipher rebuilt by
keyboard alone and by pointer, a broken design's markers and issues list, author text as
text, axe-core at 1280 px and the editor at 768 px, a background playtest, and a glyph's
windows lit on the card. (Forged messages: ``tests/studio/test_editor.py`` and the
gallery-wide sweeps of ``test_security.py``.)

The gallery's studio page (``puzzles/studio.ipynb``) opens a new mission in
``MissionEditor(write=False)``: Save offers the file as a download and writes nothing on
the server. The keyboard rebuild of ``missions/04-harbour-clock.yaml`` is saved from the
page, and the downloaded file must validate and hold the shipped mission's map (rooms by
position, with their names, stacks and the entrance; passages and walls), answer and
glyph style.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from cipherkit.games.mission.format.files import load, mission_from_yaml
from cipherkit.games.mission.format.validate import validate_text
from tests.browser.axe_checks import blocking, run_axe
from tests.browser.conftest import TEST_PAGES, UI_TIMEOUT_MS, Server
from tests.browser.recorded_page import RecordedPage
from tests.browser.waits import wait_for_js

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parents[2]
HARBOUR = ROOT / "missions" / "04-harbour-clock.yaml"
STUDIO = "[data-testid=studio]"


class StudioPage(RecordedPage):
    path = "studio.ipynb"  # the gallery's studio page

    def ready(self) -> None:
        self.page.wait_for_selector(f"{STUDIO} [data-testid=room]", timeout=UI_TIMEOUT_MS)


class Keys:
    """The keyboard, counting every key pressed (a typed character is a key)."""

    def __init__(self, page: Any) -> None:
        self.page = page
        self.count = 0

    def press(self, *keys: str) -> None:
        for key in keys:
            self.page.keyboard.press(key)
            self.count += 1

    def type(self, text: str) -> None:
        self.page.keyboard.type(text)
        self.count += len(text)

    def tab_to(self, testid: str, back: bool = False) -> None:
        """Tab (or Shift+Tab) until the element ``testid`` has the focus."""
        for _ in range(40):
            if self.page.evaluate("(id) => document.activeElement?.dataset?.testid === id", testid):
                return
            self.press("Shift+Tab" if back else "Tab")
        raise AssertionError(f"Tab never reached {testid}")


def said(page: Any, words: str) -> None:
    """Wait until the live region says ``words`` (the kernel's answer to an edit)."""
    wait_for_js(
        page,
        """(words) => (document.querySelector('[data-testid=said]')?.textContent || '')
               .includes(words)""",
        arg=words,
        timeout=UI_TIMEOUT_MS,
    )


def room_at(keys: Keys, name: str, stack: int) -> None:
    """Name the cursor room (F2) and give it a stack of ``stack`` (+ once a card)."""
    keys.press("F2")
    keys.type(name)
    keys.press("Enter")
    said(keys.page, f"is now called {name!r}")
    for size in range(1, stack + 1):
        keys.press("+")
        said(keys.page, f"holds a stack of {size}.")


def join(keys: Keys, how: str, arrow: str, words: str) -> None:
    keys.press(how, arrow)
    said(keys.page, words)


def add(keys: Keys, pos: str) -> None:
    keys.press("n")
    said(keys.page, f"added at {pos}.")


def shape(mission: Any) -> tuple[Any, ...]:
    """A mission's map by position (ids aside), its answer and glyph style."""
    graph = mission.map
    at = {room: tuple(graph.nodes[room]["pos"]) for room in graph.nodes}
    rooms = {
        at[room]: (
            graph.nodes[room].get("name"),
            graph.nodes[room].get("stack_size"),
            "entrance" in graph.nodes[room].get("tokens", ()),
        )
        for room in graph.nodes
    }
    passages = {
        (frozenset((at[a], at[b])), bool(attrs.get("wall")))
        for a, b, attrs in graph.edges(data=True)
    }
    return rooms, passages, mission.answer, dict(mission.glyph_set)


def test_harbour_clock_rebuilt_by_keyboard_alone(page: Any, voila_server: Server) -> None:
    studio = StudioPage(page, voila_server).open()
    keys = Keys(page)
    keys.tab_to("map")
    room_at(keys, "Harbour Wall", 2)  # the new mission's one room, at (0, 0)
    keys.press("e")
    said(page, "The entrance is now in room start.")
    add(keys, "(1, 0)")
    room_at(keys, "Pump House", 2)
    join(keys, "c", "ArrowLeft", "joined by an open passage")
    keys.press("ArrowLeft")
    add(keys, "(0, 1)")
    room_at(keys, "Spiral Stair", 2)
    join(keys, "c", "ArrowUp", "joined by an open passage")
    add(keys, "(1, 1)")
    room_at(keys, "Keeper's Office", 2)
    join(keys, "c", "ArrowLeft", "joined by an open passage")
    keys.press("ArrowLeft")
    add(keys, "(0, 2)")
    room_at(keys, "Clockworks", 2)
    join(keys, "c", "ArrowUp", "joined by an open passage")
    add(keys, "(1, 2)")
    room_at(keys, "Bell Loft", 3)
    join(keys, "w", "ArrowUp", "joined by a printed wall")
    join(keys, "c", "ArrowLeft", "joined by an open passage")
    keys.press("ArrowLeft")
    add(keys, "(0, 3)")
    room_at(keys, "Weathervane", 2)
    join(keys, "c", "ArrowUp", "joined by an open passage")

    keys.tab_to("answer")
    keys.type("SPRING TIDE")
    keys.press("Enter")
    said(page, "The answer is now 'SPRING TIDE'.")
    keys.tab_to("style")
    keys.press("ArrowDown")  # circuit -> pigpen
    said(page, "pigpen style, seed 0.")
    keys.tab_to("seed")
    keys.press("Control+a")
    keys.type("31")
    keys.press("Tab")
    said(page, "pigpen style, seed 31.")
    keys.tab_to("pool")
    keys.type(" ".join([f"glyph-{i}" for i in range(1, 10)] + ["camera"] * 3 + ["gas"] * 3))
    keys.press("Enter")
    said(page, "The pool holds 15 tokens.")
    assert page.locator("[data-testid=error-count]").inner_text().startswith("0 errors")

    keys.tab_to("map", back=True)
    with page.expect_download(timeout=UI_TIMEOUT_MS) as download:
        keys.press("Control+s")
    text = Path(download.value.path()).read_text(encoding="utf-8")
    print(f"\nharbour-clock rebuilt by keyboard alone: {keys.count} keys")
    assert [p for p in validate_text(text, "rebuilt.yaml") if p.is_error] == []
    assert shape(mission_from_yaml(text)) == shape(load(HARBOUR))
    assert not [line for line in studio.console if line.startswith("page error")]


def test_a_broken_design_is_marked_and_the_issue_focuses_its_room(
    page: Any, voila_server: Server
) -> None:
    StudioPage(page, voila_server).open()
    keys = Keys(page)
    keys.tab_to("map")
    keys.press("e")
    said(page, "The entrance is now in room start.")
    errors = int(page.locator("[data-testid=error-count]").inner_text().split()[0])
    add(keys, "(1, 0)")  # a room no passage reaches
    room = page.locator("[data-testid=room][data-room=room2]")
    wait_for_js(
        page,
        "() => document.querySelector('[data-room=room2]')?.classList.contains('ck-st-error')",
        timeout=UI_TIMEOUT_MS,
    )
    count = page.locator("[data-testid=error-count]")
    assert int(count.inner_text().split()[0]) == errors + 1
    issue = page.locator("[data-testid=issue]", has_text="room 'room2' cannot be reached")
    keys.press("ArrowLeft")  # the cursor away from room2
    issue.click()
    assert page.evaluate("() => document.activeElement?.dataset?.testid") == "map"
    assert "ck-st-cursor" in (room.get_attribute("class") or "")
    said(page, "cannot be reached from the entrance. room2 (room2) at 1, 0")
    keys.press("Control+z")  # undo the new room: its marker and its issue go
    said(page, "Undone.")
    wait_for_js(page, "() => !document.querySelector('[data-room=room2]')", timeout=UI_TIMEOUT_MS)
    assert int(count.inner_text().split()[0]) == errors
    assert page.locator("[data-testid=issue]", has_text="room2").count() == 0


def test_author_text_is_text_and_a_move_is_the_kernels(page: Any, voila_server: Server) -> None:
    StudioPage(page, voila_server).open()
    keys = Keys(page)
    keys.tab_to("map")
    keys.press("Shift+ArrowRight")  # the page sends the intent; the kernel moves the room
    said(page, "Room start moved by (1, 0).")
    name = page.locator("[data-testid=room-name]")
    name.fill("<img src=x onerror=alert(1)>")
    name.press("Enter")
    said(page, "is now called '<img src=x onerror=alert(1)>'")
    assert page.locator("[data-testid=studio] img").count() == 0  # text, never markup
    title = page.locator("[data-testid=room] title").first.text_content()
    assert title == "<img src=x onerror=alert(1)> (start)"


@pytest.mark.parametrize("width", [1280, 768])
def test_axe_finds_nothing_serious_and_the_editor_works_at_this_width(
    browser: Any, voila_server: Server, width: int
) -> None:
    context = browser.new_context(viewport={"width": width, "height": 900})
    try:
        page = context.new_page()
        StudioPage(page, voila_server).open()
        keys = Keys(page)
        keys.tab_to("map")
        add(keys, "(1, 0)")  # with its error marker and issue drawn
        problems = blocking(run_axe(page))
        assert not problems, "\n".join(problems)
        for testid in ("map", "issues", "answer", "pool", "save"):
            box = page.locator(f"[data-testid={testid}]").bounding_box()
            assert box is not None, testid
            assert box["x"] >= 0 and box["x"] + box["width"] <= width + 1, testid
    finally:
        context.close()


class LanternStudio(StudioPage):
    path = f"{TEST_PAGES}/studio-lantern.ipynb"


def test_a_playtest_runs_in_the_background_while_the_map_is_edited(
    page: Any, voila_server: Server
) -> None:
    LanternStudio(page, voila_server).open()
    page.select_option("[data-testid=games]", "500")
    page.click("[data-testid=playtest]")
    said(page, "Playtest started: 500 games.")
    keys = Keys(page)
    keys.tab_to("map")
    keys.press("Shift+ArrowRight")
    said(page, "moved by (1, 0).")
    played = page.evaluate("() => document.querySelector('[data-testid=progress]').value")
    assert played < 500, "the edit waited for the playtest"
    assert page.locator("[data-testid=playtest]").is_disabled()  # one run at a time
    wait_for_js(
        page,
        "() => document.querySelector('[data-testid=figures]')?.textContent.includes('win rate')",
        timeout=UI_TIMEOUT_MS * 3,
    )
    figures = page.locator("[data-testid=figures]").inner_text()
    assert "95% CI" in figures and "difficulty:" in figures
    assert page.locator("[data-testid=plot] rect").count() >= 2
    assert page.evaluate("() => document.querySelector('[data-testid=progress]').value") == 500
    said(page, "Playtest done: win rate")


class Pointer:
    """The mouse on the studio's map, counting clicks and drags (a typed field is one
    click and its text)."""

    def __init__(self, page: Any) -> None:
        self.page = page
        self.moves = 0

    def at_cell(self, x: float, y: float) -> tuple[float, float]:
        """Where grid cell (x, y) is on the screen now."""
        point = self.page.evaluate(
            """([x, y]) => {
                const svg = document.querySelector('[data-testid=studio] svg');
                const p = new DOMPoint(x * 120, y * 120).matrixTransform(svg.getScreenCTM());
                return [p.x, p.y];
            }""",
            [x, y],
        )
        return point[0], point[1]

    def centre(self, selector: str) -> tuple[float, float]:
        box = self.page.locator(selector).first.bounding_box()
        assert box is not None, selector
        return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2

    def drag(self, start: tuple[float, float], end: tuple[float, float]) -> None:
        self.page.mouse.move(*start)
        self.page.mouse.down()
        self.page.mouse.move(*end, steps=8)
        self.page.mouse.up()
        self.moves += 1

    def click(self, selector: str) -> None:
        self.page.click(selector)
        self.moves += 1

    def move_room(self, room: str, cell: tuple[int, int]) -> None:
        self.drag(self.centre(f"[data-room='{room}'] rect"), self.at_cell(*cell))

    def join(self, a: str, b: str) -> None:
        self.drag(
            self.centre(f"[data-room='{a}'][data-handle]"), self.centre(f"[data-room='{b}'] rect")
        )

    def field(self, testid: str, text: str) -> None:
        """Fill a field, then click the map's background so the field commits."""
        self.click(f"[data-testid={testid}]")
        self.page.fill(f"[data-testid={testid}]", text)
        self.click("[data-testid=studio] h3")


def test_harbour_clock_rebuilt_by_pointer(page: Any, voila_server: Server) -> None:
    StudioPage(page, voila_server).open()
    mouse = Pointer(page)
    layout = [  # room, where "Add room" puts it (beside the cursor room), where it belongs
        ("room2", (1, 0), (1, 0), "Pump House", 2),
        ("room3", (2, 0), (0, 1), "Spiral Stair", 2),
        ("room4", (1, 1), (1, 1), "Keeper's Office", 2),
        ("room5", (2, 1), (0, 2), "Clockworks", 2),
        ("room6", (1, 2), (1, 2), "Bell Loft", 3),
        ("room7", (2, 2), (0, 3), "Weathervane", 2),
    ]

    def name_and_stack(name: str, stack: int) -> None:
        mouse.field("room-name", name)
        said(page, f"is now called {name!r}")
        mouse.field("room-stack", str(stack))
        said(page, f"holds a stack of {stack}.")

    mouse.click("[data-room=start] rect")
    name_and_stack("Harbour Wall", 2)
    mouse.click("[data-testid=set-entrance]")
    said(page, "The entrance is now in room start.")
    for room, placed, cell, name, stack in layout:
        mouse.click("[data-testid=add-room]")
        said(page, f"Room {room} added at ({placed[0]}, {placed[1]}).")
        mouse.click("[data-testid=fit]")
        if placed != cell:
            mouse.move_room(room, cell)
            said(page, f"Room {room} moved by ({cell[0] - placed[0]}, {cell[1] - placed[1]}).")
        mouse.click(f"[data-room={room}] rect")
        name_and_stack(name, stack)
    mouse.click("[data-testid=fit]")
    for a, b in [
        ("start", "room2"),
        ("start", "room3"),
        ("room3", "room4"),
        ("room3", "room5"),
        ("room5", "room6"),
        ("room5", "room7"),
    ]:
        mouse.join(a, b)
        said(page, f"{a} and {b} joined by an open passage.")
    page.select_option("[data-testid=kind]", "wall")
    mouse.moves += 1
    mouse.join("room4", "room6")
    said(page, "room4 and room6 joined by a printed wall.")

    # A rubber band round three rooms, and a drag of one moves all three: one step.
    left, top = mouse.at_cell(-0.5, 1.5)
    right, bottom = mouse.at_cell(1.5, 3.5)
    mouse.drag((left, top), (right, bottom))
    mouse.drag(mouse.centre("[data-room=room7] rect"), mouse.at_cell(1, 3))
    said(page, "3 rooms moved by (1, 0).")
    mouse.click("[data-testid=undo]")
    said(page, "Undone.")

    mouse.field("answer", "SPRING TIDE")
    said(page, "The answer is now 'SPRING TIDE'.")
    page.select_option("[data-testid=style]", "pigpen")
    mouse.moves += 1
    said(page, "pigpen style, seed 0.")
    mouse.field("seed", "31")
    said(page, "pigpen style, seed 31.")
    mouse.field("pool", " ".join([f"glyph-{i}" for i in range(1, 10)] + ["camera", "gas"] * 3))
    said(page, "The pool holds 15 tokens.")
    with page.expect_download(timeout=UI_TIMEOUT_MS) as download:
        mouse.click("[data-testid=save]")
    text = Path(download.value.path()).read_text(encoding="utf-8")
    print(f"\nharbour-clock rebuilt by pointer: {mouse.moves} clicks and drags")
    assert [p for p in validate_text(text, "rebuilt.yaml") if p.is_error] == []
    assert shape(mission_from_yaml(text)) == shape(load(HARBOUR))


def test_a_glyphs_windows_light_up_and_the_analysis_follows_the_card(
    page: Any, voila_server: Server
) -> None:
    LanternStudio(page, voila_server).open()
    verdict = page.locator("[data-testid=verdict]")
    wait_for_js(
        page,
        "() => document.querySelector('[data-testid=verdict]').textContent.includes('critical')",
        timeout=UI_TIMEOUT_MS,
    )
    assert "kettle, teacup, acorn" in verdict.inner_text()
    lit = """() => [...document.querySelectorAll('.ck-st-cell')]
                 .map((cell) => cell.classList.contains('ck-st-lit'))"""
    page.hover("[data-glyph=teacup]")
    assert page.evaluate(lit) == [False, True, False, False]  # teacup's one window
    page.mouse.move(0, 0)
    page.focus("[data-glyph=acorn]")  # a glyph focused by keyboard lights its windows too
    assert page.evaluate(lit) == [False, False, False, True]
    card = page.locator("[data-testid=card]")
    card.fill("kettle teacup / teacup acorn")
    card.press("Enter")
    said(page, "The answer is now 'LAMP'.")
    assert page.locator(".ck-st-cell").count() == 4
    assert page.locator(".ck-st-gap").count() == 1  # two words
    page.hover("[data-glyph=teacup]")
    assert page.evaluate(lit) == [False, True, True, False]
    wait_for_js(
        page,
        "() => !document.querySelector('[data-testid=verdict]').textContent.includes('analysing')",
        timeout=UI_TIMEOUT_MS,
    )


def test_the_missions_other_fields_and_a_placed_stack_are_edited_on_the_page(
    page: Any, voila_server: Server
) -> None:
    LanternStudio(page, voila_server).open()
    page.click("[data-testid=info] summary")
    page.fill("[data-testid=info-title]", "The Lantern Archive, at night")
    page.press("[data-testid=info-title]", "Enter")
    said(page, "The mission's title set.")
    page.fill("[data-testid=info-max]", "2")
    page.press("[data-testid=info-max]", "Tab")
    said(page, "The mission's players set.")
    page.fill("[data-testid=info-win-next]", "cold-ledger")
    page.press("[data-testid=info-win-next]", "Tab")
    said(page, "The mission's campaign.win set.")
    page.click("[data-room=lobby] rect")
    page.fill("[data-testid=room-placed]", "kettle camera")
    page.press("[data-testid=room-placed]", "Enter")
    said(page, "Room lobby holds a placed stack of 2 tokens.")
    page.click("[data-testid=studio] .ck-st-file summary")
    text = page.locator("[data-testid=source]").input_value()
    assert "title: The Lantern Archive, at night\n" in text
    assert "players: {min: 1, max: 2}\n" in text
    assert "stack: [kettle, camera]" in text
    win = text.split("  win:\n", 1)[1].split("  loss:", 1)[0]
    assert "next: cold-ledger" in win and "unlock: [clerks-note]" in win  # the rest kept


def test_print_downloads_the_print_and_play_pdf(page: Any, voila_server: Server) -> None:
    LanternStudio(page, voila_server).open()
    with page.expect_download(timeout=UI_TIMEOUT_MS) as download:
        page.click("[data-testid=print]")
    assert download.value.suggested_filename == "lantern-archive.pdf"
    assert Path(download.value.path()).read_bytes().startswith(b"%PDF-")
    said(page, "lantern-archive.pdf offered as a download.")


def test_the_deck_is_tuned_to_a_win_rate_and_the_advice_applied(
    page: Any, voila_server: Server
) -> None:
    LanternStudio(page, voila_server).open()
    page.fill("[data-testid=aim]", "60")
    page.click("[data-testid=tune]")
    said(page, "Tuning the deck")
    assert page.locator("[data-testid=playtest]").is_disabled()
    use = page.locator("[data-testid=use-deck]")
    use.wait_for(state="visible", timeout=UI_TIMEOUT_MS * 3)
    assert page.locator("[data-testid=figures]").inner_text().startswith("Set deck.values: ")
    values = int(use.inner_text().split()[4])  # "Use a deck of N values"
    use.click()
    said(page, "The mission's deck set.")
    page.click("[data-testid=studio] .ck-st-file summary")
    assert f"deck: {{values: {values}}}" in page.locator("[data-testid=source]").input_value()
