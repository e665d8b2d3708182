"""A passage's kind and token set from the studio page, in Chromium: a passage clicked,
its kind chosen, the token drawn on the map and written in the file."""

from __future__ import annotations

from typing import Any

import pytest

from tests.browser.conftest import TEST_PAGES, UI_TIMEOUT_MS, Server
from tests.browser.recorded_page import RecordedPage
from tests.browser.waits import wait_for_js

pytestmark = pytest.mark.browser


class LanternStudio(RecordedPage):
    path = f"{TEST_PAGES}/studio-lantern.ipynb"

    def ready(self) -> None:
        self.page.wait_for_selector("[data-testid=studio] [data-testid=room]")


def test_a_passage_gets_a_token_from_the_kind_it_is_given(page: Any, voila_server: Server) -> None:
    LanternStudio(page, voila_server).open()
    passage = page.locator("[data-testid=passage]").first
    ends = (passage.get_attribute("data-passage") or "").split()
    centres = []
    for room in ends:  # the passage's middle, between its rooms' centres
        box = page.locator(f"[data-room='{room}'] rect").bounding_box()
        assert box is not None
        centres.append((box["x"] + box["width"] / 2, box["y"] + box["height"] / 2))
    page.mouse.click((centres[0][0] + centres[1][0]) / 2, (centres[0][1] + centres[1][1]) / 2)
    page.locator(f"[data-passage='{' '.join(ends)}'].ck-st-picked").wait_for(state="attached")
    page.select_option("[data-testid=kind]", "open+wall")
    wait_for_js(
        page,
        "() => document.querySelector('[data-testid=said]').textContent.includes('open passage')",
        timeout=UI_TIMEOUT_MS,
    )
    page.locator(f"[data-passage='{' '.join(ends)}'] .ck-st-token-wall").wait_for()
    page.click("[data-testid=studio] .ck-st-file summary")
    text = page.locator("[data-testid=source]").input_value()
    assert f"{{rooms: [{ends[0]}, {ends[1]}], token: wall}}" in text
