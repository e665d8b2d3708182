"""A replay page in a real Voila server and a real headless Chromium: scrub, play, pause,
switch viewers; nothing hidden at a step reaches the browser, and the omniscient view
cannot be asked for from the page."""

from __future__ import annotations

from typing import Any

import pytest

from cipherkit.core.record import Record
from tests.browser.conftest import TEST_PAGES, KernelClient, Server, table_model_id
from tests.browser.waits import wait_for_js
from tests.widgets.leaks import as_text

pytestmark = pytest.mark.browser

REPLAY = "[data-testid=replay]"
WIDGET = "cipherkit.widgets.replay.Replay"


def open_replay(page: Any, server: Server) -> KernelClient:
    urls: list[str] = []
    page.on("websocket", lambda ws: urls.append(ws.url))
    response = page.goto(f"{server.url}/voila/render/{TEST_PAGES}/replay.ipynb")
    assert response is not None and response.status == 200
    page.wait_for_selector(f"{REPLAY} [data-testid=board]")
    ids = {u.split("/api/kernels/")[1].split("/")[0] for u in urls if "/api/kernels/" in u}
    assert len(ids) == 1
    return KernelClient(server.port, ids.pop())


def at_step(page: Any, step: int) -> None:
    page.wait_for_selector(f"{REPLAY}[data-step='{step}']:not(.ck-is-waiting)")


def test_scrub_play_pause_and_switch_viewers(page: Any, voila_server: Server) -> None:
    record = Record.load(voila_server.root / TEST_PAGES / "heist-record.json")
    states = list(record.states())
    last = len(record.actions)
    # The first step at which the star's window (XYZZY) is open.
    opened = next(k for k, s in enumerate(states) if "XYZZY" in s.reading(answer_only=False))
    kernel = open_replay(page, voila_server)
    assert page.locator(f"{REPLAY} [data-testid=step]").inner_text() == f"step 0 of {last}"
    assert "The game is dealt." in page.locator(f"{REPLAY} [data-testid=events]").inner_text()
    assert page.locator(f"{REPLAY} [data-testid=viewer]").input_value() == "spectator"

    # Scrub to just before the window opens: nothing of it anywhere yet.
    page.locator(f"{REPLAY} [data-testid=slider]").fill(str(opened - 1))
    at_step(page, opened - 1)
    states_text = as_text(kernel.request_states())
    assert "XYZZY" not in states_text and "XYZZY" not in page.content()
    page.click(f"{REPLAY} [data-testid=forward]")
    at_step(page, opened)
    assert "XYZZY" in page.locator(f"{REPLAY} [data-testid=facts]").inner_text()
    page.click(f"{REPLAY} [data-testid=back]")
    at_step(page, opened - 1)

    # Play runs on by itself; Pause stops it.
    page.select_option(f"{REPLAY} [data-testid=speed]", "250")
    page.click(f"{REPLAY} [data-testid=play]")
    wait_for_js(page, f"document.querySelector('{REPLAY}').dataset.step >= {opened + 1}")
    page.click(f"{REPLAY} [data-testid=pause]")
    page.wait_for_selector(f"{REPLAY}:not(.ck-is-waiting)")
    paused = int(page.locator(REPLAY).get_attribute("data-step"))
    page.wait_for_timeout(800)
    assert int(page.locator(REPLAY).get_attribute("data-step")) == paused

    # Another viewer: Mara sees her own hand, not Teo's.
    page.select_option(f"{REPLAY} [data-testid=viewer]", "0")
    page.wait_for_selector(f"{REPLAY}[data-viewer='0']:not(.ck-is-waiting)")
    rows = page.locator(f"{REPLAY} tbody tr").all_inner_texts()
    assert rows[0].startswith("Mara") and not rows[0].endswith("cards")
    assert rows[1].startswith("Teo") and rows[1].endswith("cards")
    page.locator(REPLAY).screenshot(path=str(voila_server.log.parent / "replay.png"))

    page.click(f"{REPLAY} [data-testid=last]")
    at_step(page, last)
    assert page.locator(f"{REPLAY} [data-testid=outcome]").inner_text().startswith("Won by")


def test_the_page_cannot_ask_for_the_omniscient_view(page: Any, voila_server: Server) -> None:
    kernel = open_replay(page, voila_server)
    states = kernel.request_states()
    model_id = table_model_id(states, WIDGET)
    options = page.locator(f"{REPLAY} [data-testid=viewer] option").all_inner_texts()
    assert options == ["Mara", "Teo", "Spectator"]
    kernel.send_to_widget(
        model_id, {"method": "custom", "content": {"type": "viewer", "viewer": "omniscient"}}
    )
    page.wait_for_selector(f"{REPLAY} [data-testid=message]:has-text('shows only: Mara')")
    forged = dict(states[model_id]["state"]["view"], omniscient=True, viewer="omniscient")
    kernel.send_to_widget(model_id, {"method": "update", "state": {"view": forged}})
    page.wait_for_selector(f"{REPLAY} [data-testid=message]:has-text('may not change')")
    view = kernel.request_states()[model_id]["state"]["view"]
    assert view["viewer"] == "spectator" and not view["omniscient"]
    assert "PLUGH" not in as_text(view)
