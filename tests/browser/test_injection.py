"""A mission's words are text on every page, and no page runs a script the server did not
write (issue 44, finding 1), from real headless Chromium against the real server.

Injection strings (``tests/publish/injection.py``: ``<script>``, ``<img onerror>``,
``<svg onload>``, ``javascript:`` links and pictures, ``onmouseover``, ``"><script>``, an
``<iframe>``, markdown syntax) go into every author field of five missions (title,
question, story, room and character names and texts, campaign lines and next titles),
published with the real ``cipherkit publish --campaign`` and served with what
``cipherkit serve`` runs. Each mission page, the campaign page (Voila's full frontend)
and the gallery index must show the strings literally, run none of them (the title
stays, ``window.__pwned`` is never set, no dialog opens, even with every element hovered
and clicked), and carry the Content-Security-Policy. Two hand-made pages with the raw
strings in their markdown (what publishing no longer writes) prove the policy holds on
its own: the browser refuses every one of them, on a light page and a full one.

This module serves its own gallery of injected pages (a private server: the suite's
shared gallery is the shipped one).
"""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Iterator
from typing import Any

import pytest

from cipherkit.publish.gallery import write_notebook
from cipherkit.serve.csp import CONTENT_SECURITY_POLICY
from cipherkit.serve.launcher import STORE_ENV
from tests.browser.conftest import UI_TIMEOUT_MS, Server, start_gallery_server, stop_process_group
from tests.publish.injection import ALL, INJECTIONS, titles, write_evil_missions

pytestmark = pytest.mark.browser

MISSION_PAGES = [f"evil-{i}.ipynb" for i in range(1, len(titles()) + 1)]
RAW_PAGES = ["raw-light.ipynb", "raw-full.ipynb"]
"""Hand-made pages holding the raw strings (a light page and a full-frontend page)."""
SETTLE_MS = 1500


@pytest.fixture(scope="module")
def injected(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """The injected missions published by ``cipherkit publish`` into a new gallery, two
    raw pages beside them, served on a store of its own."""
    work = tmp_path_factory.mktemp("injection")
    missions = write_evil_missions(work / "missions")
    gallery = work / "gallery"
    publish = [sys.executable, "-m", "cipherkit.cli", "publish", *map(str, missions)]
    done = subprocess.run(
        [*publish, "--campaign", "--quiet", "--out", str(gallery)],
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert done.returncode == 0, done.stderr
    raw = [("markdown", f"# Raw\n\n{ALL}\n\n" + "\n\n".join(INJECTIONS))]
    write_notebook(gallery / RAW_PAGES[0], raw, {"kind": "mission", "title": "Raw light"})
    write_notebook(gallery / RAW_PAGES[1], raw, {"kind": "page", "title": "Raw full"})
    env = {STORE_ENV: f"sqlite:///{work / 'rooms.db'}"}
    server, process = start_gallery_server(gallery, work / "voila.log", env)
    try:
        yield server
    finally:
        stop_process_group(process)


def visit(browser: Any, server: Server, name: str) -> dict[str, Any]:
    """Open page ``name`` as a student would, hover and click everything on it, and
    report what ran: its title, ``window.__pwned``, dialogs, the policy's refusals, the
    page's text and its response's Content-Security-Policy."""
    context = browser.new_context(viewport={"width": 1100, "height": 1250})
    page = context.new_page()
    page.set_default_timeout(UI_TIMEOUT_MS)
    dialogs: list[str] = []
    refusals: list[str] = []
    page.on("dialog", lambda dialog: (dialogs.append(dialog.message), dialog.dismiss()))
    page.on(
        "console",
        lambda m: refusals.append(m.text) if "Content Security Policy" in m.text else None,
    )
    try:
        response = page.goto(f"{server.url}/voila/render/{name}", timeout=4 * UI_TIMEOUT_MS)
        assert response is not None and response.status == 200, name
        page.wait_for_selector("#rendered_cells", state="visible")
        page.wait_for_load_state("load")
        page.wait_for_timeout(SETTLE_MS)
        page.evaluate(
            """() => {
              for (const el of document.querySelectorAll("#rendered_cells *")) {
                for (const kind of ["mouseover", "mouseenter", "focus"]) {
                  el.dispatchEvent(new MouseEvent(kind, { bubbles: true }));
                }
                if (el.matches("a[href^=javascript], iframe, b, svg")) el.click?.();
              }
            }"""
        )
        page.wait_for_timeout(SETTLE_MS)
        seen = page.evaluate(
            """() => ({
              title: document.title,
              pwned: window.__pwned ?? null,
              text: document.getElementById("rendered_cells").innerText,
              live: [...document.querySelectorAll(
                "#rendered_cells script:not([type]), #rendered_cells iframe, "
                + "#rendered_cells object, #rendered_cells embed, "
                + "#rendered_cells a[href^=javascript], #rendered_cells img[src^=javascript]"
              )].length,
              handlers: [...document.querySelectorAll("#rendered_cells *")].flatMap(
                (el) => [...el.attributes].filter((a) => a.name.startsWith("on")).map((a) => a.name)
              ),
            })"""
        )
        return {
            **seen,
            "dialogs": dialogs,
            "refusals": refusals,
            "policy": response.headers.get("content-security-policy"),
        }
    finally:
        context.close()


def flat(text: str) -> str:
    return " ".join(text.split())


def assert_nothing_ran(seen: dict[str, Any], name: str, title: str) -> None:
    assert seen["title"] == title, (name, seen["title"])
    assert seen["pwned"] is None and seen["dialogs"] == [], (name, seen)
    assert seen["policy"] == CONTENT_SECURITY_POLICY, (name, seen["policy"])


@pytest.mark.parametrize("number", range(1, len(titles()) + 1))
def test_a_mission_page_shows_every_injection_as_text(
    browser: Any, injected: Server, number: int
) -> None:
    name = f"evil-{number}.ipynb"
    seen = visit(browser, injected, name)
    assert_nothing_ran(seen, name, flat(titles()[number - 1]))
    text = flat(seen["text"])
    assert flat(titles()[number - 1]) in text
    for injection in INJECTIONS:
        assert text.count(flat(injection)) >= 3, (name, injection)  # story, question
    assert seen["live"] == 0 and seen["handlers"] == [], (name, seen["handlers"])
    assert seen["refusals"] == [], (name, seen["refusals"])  # nothing even tried to run


def test_the_gallery_index_shows_every_title_as_text(browser: Any, injected: Server) -> None:
    seen = visit(browser, injected, "index.ipynb")
    assert_nothing_ran(seen, "index", "Cipher Puzzle Gallery")
    text = flat(seen["text"])
    for title in titles():
        assert flat(title) in text
    assert seen["live"] == 0 and seen["handlers"] == [] and seen["refusals"] == []


def test_the_campaign_page_in_the_full_frontend_runs_none(browser: Any, injected: Server) -> None:
    seen = visit(browser, injected, "campaign.ipynb")
    assert_nothing_ran(seen, "campaign", "The campaign")
    text = flat(seen["text"])
    assert flat(titles()[0]) in text and all(flat(t) in text for t in INJECTIONS)
    assert seen["live"] == 0 and seen["handlers"] == [] and seen["refusals"] == []


@pytest.mark.parametrize("name", RAW_PAGES)
def test_the_policy_refuses_raw_markup_that_slips_through(
    browser: Any, injected: Server, name: str
) -> None:
    """Markup written straight into a page (not by publish) is live HTML, and the
    Content-Security-Policy alone keeps every script in it from running."""
    seen = visit(browser, injected, name)
    assert_nothing_ran(seen, name, "Raw light" if "light" in name else "Raw full")
    assert seen["handlers"], "the raw page should hold live markup"
    kinds = " ".join(seen["refusals"])
    assert "inline script" in kinds and "inline event handler" in kinds, seen["refusals"]


def test_every_response_carries_the_policy(injected: Server) -> None:
    import http.client

    paths = [  # (the pages themselves: the tests above read their responses' headers)
        "/voila/tree/",
        "/voila/files/images/evil-1.png",
        "/voila/templates/cipherkit/static/light.js",
        "/no/such/page",
    ]
    for path in paths:
        conn = http.client.HTTPConnection("127.0.0.1", injected.port, timeout=60)
        try:
            conn.request("GET", path)
            response = conn.getresponse()
            response.read()
        finally:
            conn.close()
        assert response.getheader("Content-Security-Policy") == CONTENT_SECURITY_POLICY, path
