"""The kernel template under a real gallery server and real Chromium: page kernels are
forked from it; killed, it leaves open pages working and the server goes on serving
pages (with ordinary kernels, said in the log)."""

from __future__ import annotations

import shutil
import signal
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import psutil
import pytest

from cipherkit.serve.preheat_memory import MEMORY_FILE
from tests.browser.conftest import (
    SEED,
    TEST_PAGES,
    UI_TIMEOUT_MS,
    Server,
    start_gallery_server,
    stop_process_group,
)
from tests.browser.server_kernels import kernels, log_text, real_kernel
from tests.browser.waits import wait_for_js

pytestmark = pytest.mark.browser

DECIPHER = "decipher.ipynb"
READY = "[data-testid=decipher-table]:not(.ck-is-waiting) [data-testid=board]"
CARD = "[data-testid=hand] button[data-card]:not([disabled])"


# Private, though its configuration is voila_server's: the tests kill its kernel template
# and read its whole log for tracebacks.
@pytest.fixture(scope="module")
def forking(gallery: Path, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    """A gallery server with forked kernels (the default, asked for explicitly), on a copy
    of the gallery where the costly test page has a Russian twin."""
    folder = tmp_path_factory.mktemp("template")
    root = folder / "gallery"
    shutil.copytree(gallery, root)
    (root / MEMORY_FILE).unlink(missing_ok=True)  # judged afresh, as a new gallery is
    (root / "ru" / TEST_PAGES).mkdir(parents=True)
    shutil.copy(root / TEST_PAGES / "cpu-run.ipynb", root / "ru" / TEST_PAGES / "cpu-run.ipynb")
    env = {"CIPHERKIT_KERNELS": "fork", "CIPHERKIT_SEED": str(SEED)}
    server, process = start_gallery_server(root, folder / "voila.log", env)
    try:
        yield server, process
    finally:
        stop_process_group(process)


def template_of(process: Any) -> Any:
    """The server's kernel template process (waiting for it to be ready)."""
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        for child in psutil.Process(process.pid).children(recursive=True):
            try:
                if "cipherkit.serve.forkserver" in " ".join(child.cmdline()):
                    return child
            except psutil.Error:
                continue
        time.sleep(0.5)
    raise AssertionError("no kernel template under the server")


def open_page(browser: Any, server: Server) -> Any:
    context = browser.new_context(viewport={"width": 1100, "height": 1250})
    page = context.new_page()
    page.set_default_timeout(UI_TIMEOUT_MS)
    page.set_default_navigation_timeout(4 * UI_TIMEOUT_MS)
    page.goto(f"{server.url}/voila/render/{DECIPHER}")
    page.wait_for_selector(READY)
    return page


def judged(server: Server, page: str, seconds: float = 240) -> str:
    """The log's line on whether ``page`` stays preheated (waiting for it)."""
    deadline = time.monotonic() + seconds
    while True:
        for line in log_text(server).splitlines():
            if f"Page {page} starts and runs in" in line:
                return line
        assert time.monotonic() < deadline, f"{page} was never judged"
        time.sleep(1.0)


def test_preheated_pages_are_judged_after_their_run(forking: Any) -> None:
    """A quick page stops being preheated; a page whose run costs seconds of CPU is
    judged only once Voila has run it, so it stays preheated and its run is never cut
    short (ending its kernel mid-run printed "Kernel died" and a traceback). (The slow
    page was lesson 8 until the template kept the lessons' shared results: now a test
    page that computes for 1.5 CPU-s.)"""
    server, _ = forking
    assert "rendered when asked for" in judged(server, DECIPHER)
    assert "kept preheated" in judged(server, f"{TEST_PAGES}/cpu-run.ipynb")
    # A page that sleeps through its run costs little CPU: judged quick, but only after
    # Voila has run it to its end (judged at once, its kernel was ended mid-sleep).
    assert "rendered when asked for" in judged(server, f"{TEST_PAGES}/slow-run.ipynb")
    log = log_text(server)
    assert "Kernel died" not in log and "Traceback" not in log, log


def test_translations_are_preheated_only_when_their_page_is(forking: Any) -> None:
    """A fresh server runs each page once, not once per language: a translated page waits
    for its English page's judgement, and is preheated only if that page stays
    preheated. A Russian page with no English one is judged on its own."""
    server, _ = forking
    costly = f"{TEST_PAGES}/cpu-run.ipynb"
    assert "kept preheated, with its translations" in judged(server, costly)
    assert "rendered when asked for" in judged(server, DECIPHER)
    assert "rendered when asked for" in judged(server, "ru/ru-night-archive.ipynb")
    deadline = time.monotonic() + 240
    while f"Kernel pool of ru/{costly} is filled" not in log_text(server):
        assert time.monotonic() < deadline, f"ru/{costly} was never preheated"
        time.sleep(1.0)
    log = log_text(server)
    assert f"Kernel pool of ru/{DECIPHER}" not in log
    assert f"Page ru/{DECIPHER} " not in log


def test_a_server_started_again_does_not_rerun_the_pages_it_knows_are_quick(
    forking: Any, browser: Any, tmp_path: Path
) -> None:
    """The judge's verdicts are kept in the gallery's .cipherkit/: a second server on the
    same gallery renders a page the first found quick when asked for, without running it
    to judge it again, and still preheats (and judges) a costly one."""
    first, _ = forking
    costly = f"{TEST_PAGES}/cpu-run.ipynb"
    judged(first, DECIPHER)
    judged(first, costly)
    server, process = start_gallery_server(
        first.root, tmp_path / "again.log", {"CIPHERKIT_KERNELS": "fork"}
    )
    try:
        assert "kept preheated" in judged(server, costly)  # judged again, as costly
        log = log_text(server)
        assert f"Page {DECIPHER} started and ran in " in log and "when judged before" in log, log
        assert f"Page {DECIPHER} starts and runs in" not in log  # not run to be judged
        assert f"Kernel pool of {DECIPHER} is filled" not in log
        page = open_page(browser, server)  # rendered when asked for, and it plays
        assert page.locator(CARD).count() > 0
        page.context.close()
    finally:
        stop_process_group(process)


def test_pages_outlive_a_killed_template_and_new_pages_are_served(
    forking: tuple[Server, Any], browser: Any
) -> None:
    server, process = forking
    template = template_of(process)
    # Wait until a page is served by a forked kernel (the first spares may be ordinary,
    # started while the template warmed up).
    deadline = time.monotonic() + 120
    while True:
        first = open_page(browser, server)
        kernel = kernels(process)[real_kernel(server, DECIPHER)]
        if kernel.ppid() == template.pid:
            break
        first.context.close()
        assert time.monotonic() < deadline, "no page got a forked kernel"
        time.sleep(2)
    assert "forked from the template" in log_text(server)

    template.send_signal(signal.SIGKILL)
    template.wait(20)
    time.sleep(3)  # a forked kernel would have noticed a lost parent by now
    assert kernel.is_running()
    # The open page still plays: a card played goes to its kernel and back.
    before = first.locator(CARD).count()
    first.locator(CARD).first.click()
    wait_for_js(
        first,
        "n => document.querySelectorAll("
        "'[data-testid=hand] button[data-card]:not([disabled])').length !== n",
        arg=before,
    )
    first.wait_for_selector(READY)

    # New pages are served; the log says the template died.
    for _ in range(3):
        page = open_page(browser, server)
        assert page.locator(CARD).count() > 0
        page.context.close()
    deadline = time.monotonic() + 60
    while "has died" not in log_text(server):
        assert time.monotonic() < deadline, "the log does not say the template died"
        time.sleep(0.5)
    first.context.close()
