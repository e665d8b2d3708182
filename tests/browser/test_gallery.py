"""The gallery in Chromium: ``/`` lands on the index, which lists every page."""

from __future__ import annotations

from typing import Any

import pytest

from cipherkit.publish.gallery import gallery_entries
from tests.browser.conftest import Server
from tests.browser.security_fixtures import PUZZLES, READY

pytestmark = pytest.mark.browser


def test_root_lands_on_the_index_listing_every_page(page: Any, voila_server: Server) -> None:
    response = page.goto(voila_server.url + "/")
    assert response is not None and response.status == 200
    assert page.url.endswith("/voila/render/index.ipynb")
    page.wait_for_selector(READY["index"])
    listed = page.locator(".ck-card").evaluate_all("cs => cs.map(c => c.dataset.page)")
    expected = [e.name for e in gallery_entries(PUZZLES)]
    assert listed == expected and "decipher.ipynb" in listed
    lessons = [n for n in listed if n.startswith("lessons/")]
    assert len(lessons) >= 8  # each lesson of notebooks/lessons/ is a page too
    assert page.locator(f".ck-card[data-page='{lessons[0]}'] .ck-kind").text_content() == "Lesson"
    # Every thumbnail arrived (served by /voila/files/, images only) and was drawn.
    widths = page.locator(".ck-thumb img").evaluate_all(
        "imgs => imgs.map(i => i.complete ? i.naturalWidth : 0)"
    )
    assert len(widths) == len(expected) and all(w > 0 for w in widths), widths
    stars = page.locator(".ck-stars").all_inner_texts()
    assert stars and all("★" in s for s in stars)
    page.screenshot(path=str(voila_server.log.parent / "gallery-index.png"), full_page=True)

    page.locator(".ck-card[data-page='signal-box.ipynb']").click()
    page.wait_for_url("**/voila/render/signal-box.ipynb")
    page.wait_for_selector(READY["mission"])
    assert "Night at the Signal Box" in page.locator("h1").first.inner_text()
