"""A game installed only by its ``.dist-info`` (tests/fixtures/toy_game, on the server's
``PYTHONPATH``) is offered on the *Play together* page, and a room of it is played to the
end from two real browsers, each person on their own context, through the generic table.
No frame either page receives holds the other seat's secret (its lucky number) before
the game is over. Nothing outside the toy game's folder names it."""

from __future__ import annotations

import re
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from cipherkit.core import registry
from cipherkit.rooms import open_store
from cipherkit.serve.launcher import STORE_ENV
from tests.browser.conftest import UI_TIMEOUT_MS, start_gallery_server, stop_process_group
from tests.browser.gallery_servers import NO_LESSON_PREHEAT
from tests.browser.recorded_page import RecordedPage
from tests.browser.waits import wait_for_js
from tests.toy import TOY, toy_env

pytestmark = pytest.mark.browser

TABLE = "[data-testid=generic-table]"


@pytest.fixture(scope="module")
def toy_server(gallery: Path, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    """A gallery server whose kernels see the toy game and share a throwaway store."""
    folder = tmp_path_factory.mktemp("toy-store")
    url = f"sqlite:///{folder / 'rooms.db'}"
    env = {STORE_ENV: url, "PYTHONPATH": toy_env()["PYTHONPATH"]}
    sys.path.insert(0, str(TOY))  # this process reads the room's state too
    registry.refresh()
    server, process = start_gallery_server(
        gallery, folder / "voila.log", env, drop=("CIPHERKIT_SEED",), config=NO_LESSON_PREHEAT
    )
    try:
        yield server, url
    finally:
        stop_process_group(process)
        sys.path.remove(str(TOY))
        registry.refresh()


class PlayPage(RecordedPage):
    path = "play-together.ipynb"

    def ready(self) -> None:
        self.page.wait_for_selector("[data-testid=lobby] h2")

    def frames_before_the_end(self) -> str:
        """Every frame the page received before the first that shows the outcome."""
        texts = []
        for frame in self.frames:
            text = frame if isinstance(frame, str) else frame.decode("utf-8", "replace")
            if re.search(r'"outcome":\s*"[^"]', text):
                break
            texts.append(text)
        return "\n".join(texts)


def new_page(browser: Any) -> Any:
    context = browser.new_context(viewport={"width": 1100, "height": 1200})
    page = context.new_page()
    page.set_default_timeout(UI_TIMEOUT_MS)
    page.set_default_navigation_timeout(4 * UI_TIMEOUT_MS)
    return page


def lucky_facts(text: str) -> list[str]:
    """Every value of the table's ``lucky`` fact in a page's frames (``"0: 2"``)."""
    return re.findall(r'\["lucky",\s*"([^"]*)"\]', text)


def test_a_plugin_game_is_played_together_to_the_end(toy_server: Any, browser: Any) -> None:
    server, url = toy_server
    ada = PlayPage(new_page(browser), server).open()
    # the toy game is offered by its own spec: its label, seats and blurb
    picker = ada.page.locator("[data-testid=create-form] [data-testid=game]")
    assert "Hidden Nim" in picker.inner_text()
    picker.select_option("toy-nim")
    ada.page.locator("[data-testid=create-form]").get_by_text(
        "whoever takes the last stone"
    ).wait_for()
    ada.page.locator("[data-testid=create-form] [data-testid=name]").fill("Ada")
    ada.page.locator("[data-testid=create]").click()
    code = ada.page.locator("[data-testid=room-code]").inner_text().strip()
    ada.page.wait_for_selector(f"{TABLE} [data-testid=title]:has-text('Hidden Nim')")

    bo = PlayPage(new_page(browser), server).open()
    form = bo.page.locator("[data-testid=join-form]")
    form.locator("[data-testid=code]").fill(code)
    form.locator("[data-testid=name]").fill("Bo")
    form.locator("[data-testid=join]").click()
    bo.page.wait_for_selector(f"{TABLE} [data-testid=title]")

    with open_store(url) as store:
        room = store.room(code)
        seats = {s["name"]: s["seat"] for s in room.info()["seats"]}
        lucky = room.session().state.lucky  # type: ignore[attr-defined]
    pages = {seats["Ada"]: ada, seats["Bo"]: bo}
    for _ in range(20):  # at most 9 stones, one or more a turn
        with open_store(url) as store:
            info = store.room(code).info()
        if info["over"]:
            break
        mover = pages[info["actors"][0]]
        button = mover.page.locator(f"{TABLE} [data-testid=actions] button").first
        button.wait_for()
        version = info["version"]
        button.click()
        for page in pages.values():  # both pages follow the move, live
            wait_for_js(
                page.page,
                f"() => document.querySelectorAll('{TABLE} [data-testid=log] li').length"
                f" > {version}",
            )
    with open_store(url) as store:
        assert store.room(code).info()["over"]
    for seat, page in pages.items():
        page.page.locator(f"{TABLE} [data-testid=outcome]").wait_for()
        seen = lucky_facts(page.frames_before_the_end())
        assert seen, "the scan found the table's lucky fact"
        # until the end each page saw its own lucky number alone ("0: 2"), never the other
        assert set(seen) == {f"{seat}: {lucky[seat]}"}, seen


def test_a_seat_link_resumes_the_seat_and_leaves_the_address_bar(
    toy_server: Any, browser: Any
) -> None:
    server, url = toy_server
    with open_store(url) as store:
        room = store.create_room("toy-nim", seed=3)
        ada = store.join(room.code, "Ada")
    page = new_page(browser)
    response = page.goto(f"{server.url}/voila/render/play-together.ipynb#seat={ada.token}")
    assert response is not None and response.status == 200
    page.wait_for_selector(f"{TABLE} [data-testid=title]:has-text('Hidden Nim')")
    assert page.locator("[data-testid=room-code]").inner_text().strip() == room.code
    # read once, then gone from the address bar (and the history a projector shows)
    assert "seat=" not in page.url and ada.token not in page.url
    page.context.close()
