"""Pages load nothing from outside the server: no CDN stylesheet or script, so a page
works in an offline classroom and no student's address reaches a third party."""

from __future__ import annotations

from typing import Any
from urllib.parse import urlsplit

import pytest

from tests.browser.conftest import Server
from tests.browser.security_fixtures import READY

pytestmark = pytest.mark.browser


@pytest.mark.parametrize(
    ("name", "kind"),
    [("signal-box.ipynb", "mission"), ("index.ipynb", "index"), ("campaign.ipynb", "campaign")],
)
def test_a_page_requests_only_its_own_server(
    page: Any, voila_server: Server, name: str, kind: str
) -> None:
    requested: list[str] = []
    page.on("request", lambda request: requested.append(request.url))
    page.goto(f"{voila_server.url}/voila/render/{name}")
    page.wait_for_selector(READY[kind])
    page.wait_for_timeout(500)
    hosts = {
        urlsplit(url).netloc
        for url in requested
        if urlsplit(url).scheme in ("http", "https", "ws", "wss")
    }
    assert hosts == {f"127.0.0.1:{voila_server.port}"}, sorted(
        url for url in requested if f"127.0.0.1:{voila_server.port}" not in url
    )
    assert "cdn.jsdelivr.net" not in page.content()  # (Voila bundles Font Awesome itself)
