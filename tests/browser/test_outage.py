"""Outages are said (issue #36 item 4): a Play together page whose server stops
answering says so within 3 s, and a card clicked then is not lost silently.

The server is the test's own (it is frozen, then killed): what ``cipherkit serve`` runs,
over the shared gallery, with a throwaway SQLite store the test reads too. Frozen
(SIGSTOP to its whole process group: the sockets stay open, nothing answers), the page
says "Lost touch with the server" within 3 s; a card clicked meanwhile waits in the
browser and is played when the server answers again (SIGCONT), and the notice goes.
Killed (SIGKILL: the connection closes), the page says so within 3 s and a card clicked
then is said not sent.
"""

from __future__ import annotations

import contextlib
import os
import signal
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from cipherkit.rooms import open_store
from cipherkit.serve.launcher import STORE_ENV
from tests.browser.conftest import UI_TIMEOUT_MS, Server
from tests.browser.gallery_servers import NO_LESSON_PREHEAT, start_gallery_server
from tests.browser.play_page import PlayPage
from tests.browser.waits import wait_for_js
from tests.servers import stop_process_group

pytestmark = pytest.mark.browser

OUTAGE = "[data-testid=outage]"
CARD = "[data-testid=hand] button[data-card]:not([disabled])"
SAID_WITHIN = 3.0


@pytest.fixture(scope="module")
def own_server(gallery: Path, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    """A gallery server of this module's own (it is frozen and killed); (server, store
    url, process)."""
    folder = tmp_path_factory.mktemp("outage")
    url = f"sqlite:///{folder / 'rooms.db'}"
    server, process = start_gallery_server(
        gallery,
        folder / "voila.log",
        {STORE_ENV: url},
        drop=("CIPHERKIT_SEED",),
        config=NO_LESSON_PREHEAT,
    )
    try:
        yield server, url, process
    finally:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(process.pid, signal.SIGCONT)
        stop_process_group(process)


def said_within(page: Any, selector: str, started: float, limit: float) -> float:
    """Seconds from ``started`` until ``selector`` shows (failing after ``limit`` + 5)."""
    page.wait_for_selector(selector, timeout=(limit + 5) * 1000)
    return time.monotonic() - started


def test_a_server_that_stops_answering_is_said_and_no_card_is_lost(
    own_server: tuple[Server, str, Any], browser: Any
) -> None:
    server, url, process = own_server
    context = browser.new_context(viewport={"width": 1100, "height": 1250})
    page = context.new_page()
    page.set_default_timeout(UI_TIMEOUT_MS)
    page.set_default_navigation_timeout(4 * UI_TIMEOUT_MS)
    store = open_store(url)
    try:
        ada = PlayPage(page, server).open()
        form = page.locator("[data-testid=create-form]")
        form.locator("[data-testid=name]").fill("Ada")
        form.locator("[data-testid=bot-2]").check()
        form.locator("[data-testid=create]").click()
        ada.table_ready()
        code = page.locator("[data-testid=room-code]").inner_text().strip()
        room = store.room(code)
        page.wait_for_selector(CARD)
        page.wait_for_timeout(1500)  # pings answered: the page is in touch
        assert page.locator(OUTAGE).count() == 0

        # Frozen: the connection stays open and nothing answers.
        os.killpg(process.pid, signal.SIGSTOP)
        started = time.monotonic()
        seconds = said_within(page, OUTAGE, started, SAID_WITHIN)
        print(f"\nfrozen server said after {seconds:.1f} s")
        assert seconds <= SAID_WITHIN + 0.5  # the page's own timer, plus the test's look
        notice = page.locator(OUTAGE)
        assert "Lost touch with the server" in notice.inner_text()
        assert notice.get_attribute("role") == "alert"
        version = room.version
        page.locator(CARD).first.click()  # kept in the browser while nothing answers
        page.wait_for_timeout(1000)
        assert room.version == version
        os.killpg(process.pid, signal.SIGCONT)
        assert room.wait(version, timeout=30) > version  # the card was played
        page.wait_for_selector(OUTAGE, state="detached", timeout=15_000)

        # Killed: the connection closes; the page says so, and a card is said not sent.
        page.wait_for_selector(CARD)
        os.killpg(process.pid, signal.SIGKILL)
        started = time.monotonic()
        seconds = said_within(page, f"#ck-light-notice, {OUTAGE}", started, SAID_WITHIN)
        print(f"killed server said after {seconds:.1f} s")
        assert seconds <= SAID_WITHIN + 0.5
        cards = page.locator(CARD)
        if cards.count():
            cards.first.click()
            wait_for_js(
                page, "() => /not sent|Lost touch/.test(document.body.innerText)", timeout=10_000
            )
    finally:
        context.close()
        store.close()
