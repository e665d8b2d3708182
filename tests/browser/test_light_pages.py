"""Table pages, lessons and the index run cipherkit's light client (the ``cipherkit`` template's
``static/light.js``) instead of Voila's JupyterLab bundle; other pages keep the bundle.

The playthrough, workbench and security tests of those pages run on the light
client too; these tests pin what it is (a handful of requests, not Voila's ~95) and what
it says when the kernel connection goes.
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.browser.conftest import TEST_PAGES, Server
from tests.browser.security_fixtures import READY

pytestmark = pytest.mark.browser

LIGHT_JS = "/voila/templates/cipherkit/static/light.js"
BUNDLE = "/voila/static/"


def requests_of(page: Any, server: Server, name: str, kind: str) -> list[str]:
    requested: list[str] = []
    page.on("request", lambda request: requested.append(request.url))
    page.goto(f"{server.url}/voila/render/{name}")
    page.wait_for_selector(READY[kind])
    page.wait_for_timeout(300)
    return requested


@pytest.mark.parametrize(
    ("name", "kind"),
    [
        ("signal-box.ipynb", "mission"),
        ("decipher.ipynb", "game"),
        ("index.ipynb", "index"),
        ("lessons/04-vigenere-and-kasiski.ipynb", "lesson"),
    ],
)
def test_table_pages_lessons_and_the_index_load_the_light_client_only(
    page: Any, voila_server: Server, name: str, kind: str
) -> None:
    requested = requests_of(page, voila_server, name, kind)
    assert any(LIGHT_JS in url for url in requested), requested
    assert not [url for url in requested if BUNDLE in url]
    scripts_and_styles = [
        url
        for url in requested
        if "/images/" not in url and not url.startswith("blob:") and "/voila/api/" not in url
    ]
    # the page, light.js and four stylesheets (light, phone, index, theme), besides
    # pictures, each widget's module (loaded from its own state as a blob) and calls to
    # the server's API (the index, with nothing to run, ends its kernel at once)
    assert len(scripts_and_styles) <= 6, "\n".join(scripts_and_styles)


def test_the_campaign_page_keeps_voilas_frontend(page: Any, voila_server: Server) -> None:
    # Its Continue button and boxes are ipywidgets, which only Voila's bundle draws.
    requested = requests_of(page, voila_server, "campaign.ipynb", "campaign")
    assert not any(LIGHT_JS in url for url in requested)
    assert any(BUNDLE in url for url in requested)


def test_a_lost_connection_is_said_on_the_page(page: Any, voila_server: Server) -> None:
    sockets: list[Any] = []

    def through(ws: Any) -> None:
        ws.connect_to_server()  # everything passes both ways until the test closes it
        sockets.append(ws)

    page.route_web_socket("**/api/kernels/**", through)
    page.goto(f"{voila_server.url}/voila/render/signal-box.ipynb")
    page.wait_for_selector(READY["mission"])
    notice = page.locator("#ck-light-notice")
    assert notice.count() == 0
    assert len(sockets) == 1
    sockets[0].close()
    notice.wait_for()
    assert "connection to the server was lost" in notice.inner_text()
    assert notice.get_attribute("role") == "alert"


def test_a_light_page_with_another_widget_reloads_with_voilas_frontend(
    page: Any, voila_server: Server
) -> None:
    # A teacher's lesson page showing a plain ipywidgets slider: the light client finds a
    # widget it cannot draw and loads the page again with the cipherkit-full template.
    requested: list[str] = []
    page.on("request", lambda request: requested.append(request.url))
    page.goto(f"{voila_server.url}/voila/render/{TEST_PAGES}/lesson-slider.ipynb")
    page.wait_for_url("**template=cipherkit-full**")
    slider = page.locator(".widget-slider")
    slider.wait_for()
    assert "Shift" in slider.inner_text()
    assert page.locator("#ck-light-notice").count() == 0
    assert any(LIGHT_JS in url for url in requested)  # first the light page,
    assert any(BUNDLE in url for url in requested)  # then Voila's bundle
