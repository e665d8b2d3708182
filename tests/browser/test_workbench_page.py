"""Lesson 1 as a gallery page, in Chromium: the cipher workbench and an exercise box.

The page is reached from the gallery index, as a student would. On the workbench: the
substitution board's live preview, a solver hint, typing a text, encrypting and
decrypting it, and the frequency bars. On the exercise: a wrong answer is refused and
the right one accepted, checked in the kernel. The test knows the answer from
``tests/widgets/test_workbench.py`` (checked there against the lesson's salted hash),
never from the page.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tests.browser.conftest import Server
from tests.browser.security_fixtures import (
    EXERCISE_WIDGET,
    READY,
    WORKBENCH_WIDGET,
    OpenPage,
    lesson_answers,
    text_of,
    widget_states,
)
from tests.browser.waits import wait_for_js
from tests.widgets.test_workbench_search import playfair_noise

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parents[2]

LESSON = "lessons/01-caesar-and-brute-force.ipynb"
START_TEXT = "Brx fdq uhdg wklv phvvdjh"  # the lesson's workbench text (Caesar, shift 3)


class LessonPage(OpenPage):
    """The lesson page, opened by clicking its card on the gallery index."""

    def open(self) -> LessonPage:
        def on_socket(ws: Any) -> None:
            if LESSON in self.page.url:  # the index's own kernel is not the lesson's
                self.socket_urls.append(ws.url)
                ws.on("framereceived", lambda payload: self.frames.append(payload))

        self.page.on("websocket", on_socket)
        self.page.goto(self.server.url + "/")
        self.page.wait_for_selector(READY["index"])
        self.page.locator(f".ck-card[data-page='{LESSON}']").click()
        self.page.wait_for_url(f"**/voila/render/{LESSON}")
        self.ready()
        return self


def bench_text(page: Any, testid: str) -> str:
    return page.locator(f"[data-testid=workbench] [data-testid={testid}]").inner_text()


def wait_for_text(page: Any, testid: str, expected: str) -> None:
    wait_for_js(
        page,
        """([id, want]) => {
            const n = document.querySelector(`[data-testid=workbench] [data-testid=${id}]`);
            return n && n.textContent.includes(want);
        }""",
        arg=[testid, expected],
    )


def change(locator: Any, value: str) -> None:
    """Type into a field and leave it, as a student does (the page sends on change)."""
    locator.fill(value)
    locator.dispatch_event("change")


def test_the_workbench_and_an_exercise_work_on_the_lesson_page(
    page: Any, voila_server: Server
) -> None:
    opened = LessonPage(page, voila_server, LESSON).open()
    bench = page.locator("[data-testid=workbench]")
    assert page.locator("h1").first.inner_text().startswith("Lesson 1")
    assert bench.locator("textarea").input_value() == START_TEXT
    # its text is the exercise's message: this workbench has no Crack (issue #49)
    assert bench.locator("[data-testid=search]").is_hidden()
    # Code the lesson shows is text on the page; the exercise's code is not.
    assert "rank_caesar(" in page.locator("body").inner_text()

    # Substitution board: assign B -> y; the preview updates from the kernel.
    change(bench.get_by_label("plain letter for B"), "y")
    wait_for_text(page, "preview", "Y·· ")
    assert bench_text(page, "preview").startswith("Y·· ")
    # One-click hint: the solver fills in one more letter and says which.
    bench.get_by_role("button", name="Hint").click()
    wait_for_text(page, "message", "hint: ")
    filled = bench.locator("[data-testid=board] input").evaluate_all(
        "xs => xs.filter(x => x.value).length"
    )
    assert filled == 2, bench_text(page, "message")

    # Type a text, pick a cipher and key, encrypt; decrypt the result.
    change(bench.locator("textarea"), "Attack at dawn")
    bench.get_by_label("cipher").select_option("vigenere")
    change(bench.get_by_label("key"), "LEMON")
    wait_for_js(
        page, "() => document.querySelector('[data-testid=workbench] .ck-wb-key').value === 'LEMON'"
    )
    bench.get_by_role("button", name="Encrypt").click()
    wait_for_text(page, "output", "Lxfopv ef rnhr")
    change(bench.locator("textarea"), "Lxfopv ef rnhr")
    bench.get_by_role("button", name="Decrypt").click()
    wait_for_text(page, "output", "Attack at dawn")

    # Frequency bars: the text's letters against English, drawn from the kernel's counts.
    heights = bench.locator(".ck-wb-text-bar").evaluate_all(
        "bars => bars.map(b => parseFloat(b.style.height))"
    )
    english = bench.locator(".ck-wb-eng-bar").evaluate_all(
        "bars => bars.map(b => b.getBoundingClientRect().height)"
    )
    assert len(heights) == 26 and len(english) == 26
    letters = {chr(65 + i) for i, h in enumerate(heights) if h > 0}
    assert letters == set("LXFOPVERNH"), letters
    assert all(h > 0 for h in english)

    # The exercise: a wrong answer is refused, the right one accepted.
    answer = lesson_answers(LESSON)[0]
    exercise = page.locator("[data-testid=exercise]").first
    exercise.get_by_label("your answer").fill("You can read this massage")
    exercise.get_by_role("button", name="Check").click()
    wait_for_js(
        page,
        "() => document.querySelector('[data-testid=exercise] [data-testid=result]')"
        ".textContent === '✗ not yet'",
    )
    exercise.get_by_label("your answer").fill(answer.lower() + "!")
    exercise.get_by_role("button", name="Check").click()
    wait_for_js(
        page,
        "() => document.querySelector('[data-testid=exercise] [data-testid=result]')"
        ".textContent === '✓ correct'",
    )
    assert "ck-ex-solved" in (exercise.get_attribute("class") or "")

    # The kernel agrees, and never sent the answer back to the page.
    kernel = opened.kernel()
    try:
        states = kernel.request_states()
    finally:
        kernel.close()
    solved = [s["view"]["solved"] for s in widget_states(states, EXERCISE_WIDGET).values()]
    assert solved == [True, False]
    (bench_state,) = widget_states(states, WORKBENCH_WIDGET).values()
    assert bench_state["view"]["output"] == "Attack at dawn"
    received = text_of(opened.frames)
    assert "YOUCANREADTHISMESSAGE" not in received.upper().replace(" ", "")
    page.screenshot(path=str(voila_server.log.parent / "lesson-workbench.png"), full_page=True)


NEW_LESSONS = [
    "lessons/09-one-time-pad.ipynb",
    "lessons/10-modular-arithmetic.ipynb",
    "lessons/11-hashing-and-passwords.ipynb",
    "lessons/12-rsa-small-numbers.ipynb",
    "lessons/13-key-exchange.ipynb",
    "lessons/14-steganography.ipynb",
]
"""The course's lessons after the first eight (issue 48): each exercise in a browser."""


def lesson_source(name: str) -> str:
    """The code of a lesson notebook, as one text."""
    notebook = json.loads((ROOT / "notebooks" / name).read_text(encoding="utf-8"))
    return "\n".join("".join(c["source"]) for c in notebook["cells"] if c["cell_type"] == "code")


@pytest.mark.parametrize("name", NEW_LESSONS)
def test_every_exercise_of_a_new_lesson_refuses_a_wrong_answer_then_takes_the_right(
    page: Any, voila_server: Server, name: str
) -> None:
    """Each exercise box of the page: a wrong answer is refused (✗), the right one is
    accepted (✓), checked in the kernel; no answer ever reaches the page's frames."""
    opened = OpenPage(page, voila_server, name).open()
    answers = lesson_answers(name)
    boxes = page.locator("[data-testid=exercise]")
    assert boxes.count() == len(answers) > 0
    for index, answer in enumerate(answers):
        box = boxes.nth(index)
        for typed, shown in (("not the answer", "✗ not yet"), (answer.lower(), "✓ correct")):
            box.get_by_label("your answer").fill(typed)
            box.get_by_role("button", name="Check").click()
            wait_for_js(
                page,
                """([i, want]) => document.querySelectorAll('[data-testid=exercise]')[i]
                    .querySelector('[data-testid=result]').textContent === want""",
                arg=[index, shown],
            )
    kernel = opened.kernel()
    try:
        states = kernel.request_states()
    finally:
        kernel.close()
    solved = [s["view"]["solved"] for s in widget_states(states, EXERCISE_WIDGET).values()]
    assert solved == [True] * len(answers)
    received = text_of(opened.frames).upper().replace(" ", "")
    for answer in answers:
        if len(answer) > 3:
            assert answer.upper().replace(" ", "") not in received, answer
    # every plot the lesson shows is drawn on the page (plt.show() in a forked kernel)
    plots = lesson_source(name).count("plt.show()")
    drawn = page.locator('img[src^="data:image/png"]').count()
    assert drawn >= plots, f"{name}: {drawn} of {plots} plots drawn"


def test_the_workbench_shows_the_search_as_it_runs_and_stops_on_cancel(
    page: Any, voila_server: Server
) -> None:
    """Issue #49, on lesson 8 (whose workbench has the search): Crack runs in the kernel
    and the page shows its best reading so far as it changes (a bar, the cipher tried,
    the reading); Cancel stops it there."""
    opened = OpenPage(page, voila_server, "lessons/08-build-your-own-puzzle.ipynb").open()
    bench = page.locator("[data-testid=workbench]")
    change(bench.locator("textarea"), playfair_noise(100))  # nothing reads it: a long search
    wait_for_js(
        page,
        "() => document.querySelector('[data-testid=workbench] textarea').value.length === 100",
    )
    page.evaluate(
        """() => {
            const n = document.querySelector(
                '[data-testid=workbench] [data-testid=search-reading]');
            window.__readings = [];
            new MutationObserver(() => {
                if (n.textContent && !window.__readings.includes(n.textContent))
                    window.__readings.push(n.textContent);
            }).observe(n, { childList: true, characterData: true, subtree: true });
        }"""
    )
    assert bench.get_by_role("button", name="Cancel").is_disabled()
    bench.get_by_role("button", name="Crack").click()
    wait_for_js(page, "() => window.__readings.length >= 3", timeout=60_000)
    status = bench_text(page, "search-status")
    assert status.startswith("searching: "), status
    assert bench.get_by_role("button", name="Crack").is_disabled()
    bar = float(bench.locator("[data-testid=search-bar]").evaluate("b => b.value"))
    assert 0 < bar < 1, bar
    bench.get_by_role("button", name="Cancel").click()
    wait_for_text(page, "search-status", "cancelled after ")
    readings = page.evaluate("() => window.__readings")
    assert len(set(readings)) >= 3 and all(len(r) == 100 for r in readings), readings
    assert len(bench_text(page, "search-reading")) == 100
    assert bench.get_by_role("button", name="Cancel").is_disabled()
    assert not bench.get_by_role("button", name="Crack").is_disabled()
    kernel = opened.kernel()
    try:
        states = kernel.request_states()
    finally:
        kernel.close()
    (bench_state,) = widget_states(states, WORKBENCH_WIDGET).values()
    assert bench_state["view"]["search"]["state"] == "cancelled"
    assert bench_state["view"]["search"]["seconds"] < 10  # stopped before its budget ran out
    page.screenshot(path=str(voila_server.log.parent / "workbench-search.png"), full_page=True)
