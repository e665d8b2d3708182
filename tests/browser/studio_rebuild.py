"""Rebuilding ``missions/04-harbour-clock.yaml`` in the mission studio from a new
mission, by keyboard alone and by pointer, wherever the studio is drawn: on the Voila
studio page (``test_studio_page.py``) and in a notebook inside a real JupyterLab
(``test_studio_jupyterlab.py``).

Each rebuild starts on a page that shows a new mission's studio (one room, ``start``, at
(0, 0)) in ``MissionEditor(write=False)``, ends by saving it, and returns the downloaded
file's text with the number of keys pressed (or of clicks and drags made). The tests
check the text: it validates, and :func:`shape` finds the shipped mission's map, answer
and glyph style in it.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tests.browser.conftest import UI_TIMEOUT_MS
from tests.browser.waits import wait_for_js

ROOT = Path(__file__).resolve().parents[2]
HARBOUR = ROOT / "missions" / "04-harbour-clock.yaml"


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

    def tab_to(self, testid: str, back: bool = False, limit: int = 40) -> None:
        """Tab (or Shift+Tab) until the element ``testid`` has the focus, at most
        ``limit`` times."""
        for _ in range(limit):
            if self.page.evaluate("(id) => document.activeElement?.dataset?.testid === id", testid):
                return
            self.press("Shift+Tab" if back else "Tab")
        if self.page.evaluate("(id) => document.activeElement?.dataset?.testid === id", testid):
            return
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


def rebuild_by_keyboard(page: Any, keys: Keys | None = None) -> tuple[str, int]:
    """Rebuild the harbour clock by keyboard alone; return the saved file's text and the
    keys pressed. ``keys`` may come with keys already counted (the ones that brought the
    focus near the map)."""
    keys = keys or Keys(page)
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
    return Path(download.value.path()).read_text(encoding="utf-8"), keys.count


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
        self.click("[data-testid=studio] h2")


def rebuild_by_pointer(page: Any) -> tuple[str, int]:
    """Rebuild the harbour clock by pointer; return the saved file's text and the clicks
    and drags made."""
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
    return Path(download.value.path()).read_text(encoding="utf-8"), mouse.moves


def check_broken_design(page: Any, keys: Keys) -> None:
    """From the map of a new mission (the focus on it): a room no passage reaches is
    marked, its issue puts the cursor on it and the focus on the map, and undo clears
    both."""
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


def check_layout(page: Any, keys: Keys, width: int, within: str | None = None) -> None:
    """With a room no passage reaches drawn (its marker and its issue), axe-core finds
    nothing serious on the page (or in the elements ``within`` selects), and the studio's
    parts lie within ``width``."""
    from tests.browser.axe_checks import blocking, run_axe

    add(keys, "(1, 0)")
    problems = blocking(run_axe(page, within=within))
    assert not problems, "\n".join(problems)
    for testid in ("map", "issues", "answer", "pool", "save"):
        box = page.locator(f"[data-testid={testid}]").bounding_box()
        assert box is not None, testid
        assert box["x"] >= 0 and box["x"] + box["width"] <= width + 1, testid
