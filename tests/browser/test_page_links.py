"""The links between gallery pages on a phone (issue #21 item 3), in a real Voila server
and Chromium: a mission page links back to the gallery and on to the next mission, a
lesson page back to the gallery (one folder up) and on to the next lesson; each link is
a touch target at least 40 px tall, on screen at 390 px, and goes where it says."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from tests.browser.conftest import UI_TIMEOUT_MS, Server
from tests.browser.layout_checks import MIN_TARGET_PX, PHONE
from tests.browser.security_fixtures import READY

pytestmark = pytest.mark.browser

LINK = ".ck-nav .ck-nav-link"


@pytest.fixture
def phone(browser: Any) -> Iterator[Any]:
    context = browser.new_context(viewport={"width": PHONE[0], "height": PHONE[1]})
    page = context.new_page()
    page.set_default_timeout(UI_TIMEOUT_MS * 2)
    yield page
    context.close()


def links(page: Any) -> list[dict[str, Any]]:
    """The page's first link bar: each link's text, address and box."""
    return page.locator(LINK).evaluate_all(
        """ls => ls.filter(l => l.closest('.ck-nav') === document.querySelector('.ck-nav'))
           .map(l => { const r = l.getBoundingClientRect();
             return {text: l.textContent, href: l.href, left: r.left, right: r.right,
                     height: r.height}; })"""
    )


def assert_touchable(found: list[dict[str, Any]]) -> None:
    for link in found:
        assert link["height"] >= MIN_TARGET_PX, link
        assert link["left"] >= 0 and link["right"] <= PHONE[0], link


def test_a_mission_page_leads_back_and_on(phone: Any, voila_server: Server) -> None:
    phone.goto(f"{voila_server.url}/voila/render/lantern-archive.ipynb")
    phone.wait_for_selector(READY["mission"])
    found = links(phone)
    assert [f["text"] for f in found] == ["← All puzzles", "Next: Night at the Signal Box →"]
    assert found[0]["href"].endswith("/voila/render/index.ipynb")
    assert_touchable(found)
    phone.locator(LINK).nth(1).click()
    phone.wait_for_url("**/voila/render/signal-box.ipynb")
    phone.wait_for_selector(READY["mission"])
    assert "Night at the Signal Box" in phone.locator("h1").first.inner_text()
    phone.locator(LINK).first.click()
    phone.wait_for_url("**/voila/render/index.ipynb")
    phone.wait_for_selector(READY["index"])


def test_a_lesson_page_leads_back_a_folder_up_and_on(phone: Any, voila_server: Server) -> None:
    phone.goto(f"{voila_server.url}/voila/render/lessons/01-caesar-and-brute-force.ipynb")
    phone.wait_for_selector(READY["lesson"])
    found = links(phone)
    assert found[0]["href"].endswith("/voila/render/index.ipynb")
    assert found[1]["href"].endswith("/voila/render/lessons/02-substitution-and-frequency.ipynb")
    assert_touchable(found)
    assert phone.locator(".ck-nav").count() == 2  # at the top and again at the end


@pytest.mark.parametrize(
    "name", ["decipher.ipynb", "campaign.ipynb", "play-together.ipynb", "teacher.ipynb"]
)
def test_the_game_pages_lead_back(phone: Any, voila_server: Server, name: str) -> None:
    phone.goto(f"{voila_server.url}/voila/render/{name}")
    phone.wait_for_selector(".ck-nav")
    found = links(phone)
    assert [f["text"] for f in found] == ["← All puzzles"]
    assert found[0]["href"].endswith("/voila/render/index.ipynb")
    assert_touchable(found)
