"""The campaign page's graph and its Continue button, in Chromium on a phone (390 px)
and on a laptop (1100 px) (issue #21 item 6): the graph is drawn once, as cards that
wrap to the page's width, every card whole and on screen with text of at least 14 px;
the Continue button's label is whole; on the phone nothing breaks the layout rules
(tests/browser/layout_checks.py), and no page is wider than its screen."""

from __future__ import annotations

from typing import Any

import pytest

from tests.browser.conftest import Server
from tests.browser.layout_checks import measure

pytestmark = pytest.mark.browser

CARDS = ".cipherkit-campaign-map li"


@pytest.mark.parametrize("width", [390, 1100])
def test_the_campaign_graph_and_button_fit_the_page(
    browser: Any, voila_server: Server, width: int
) -> None:
    context = browser.new_context(viewport={"width": width, "height": 900})
    try:
        page = context.new_page()
        page.set_default_timeout(120_000)
        page.goto(f"{voila_server.url}/voila/render/campaign.ipynb")
        page.wait_for_selector("[data-testid=mission-table] [data-testid=map]")
        page.wait_for_timeout(300)
        assert page.locator(".cipherkit-campaign-map").count() == 1  # drawn once
        assert page.locator(".cipherkit-campaign .widget-html svg").count() == 0
        cards = page.locator(CARDS).evaluate_all(
            """cs => cs.map(c => { const r = c.getBoundingClientRect();
                 return { left: r.left, right: r.right, whole: c.scrollWidth <= c.clientWidth,
                          size: parseFloat(getComputedStyle(c).fontSize), text: c.innerText }; })"""
        )
        assert len(cards) == 9
        for card in cards:
            assert card["whole"] and card["size"] >= 14, card
            assert card["left"] >= 0 and card["right"] <= width, card
        assert "win → 4, loss → 4b" in " ".join(c["text"] for c in cards)
        button = page.get_by_role("button", name="Continue the campaign")
        whole = button.evaluate("b => b.scrollWidth <= b.clientWidth && b.innerText.trim()")
        assert whole == "Continue the campaign"
        box = button.bounding_box()
        assert box is not None and box["height"] >= 40 and box["x"] + box["width"] <= width
        if width < 768:  # the phone's rules (touch targets, the table's share)
            problems = measure(page, "campaign.ipynb", "campaign").problems()
            assert not problems, "\n".join(problems)
        else:
            assert page.evaluate("document.documentElement.scrollWidth") <= width
    finally:
        context.close()
