"""Driving the Intercept page in Chromium by typing and clicking, and the words a page
must not have received."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tests.browser.conftest import TEST_PAGES, KernelClient, table_model_id
from tests.browser.keys import Keys
from tests.browser.play_page import PlayPage
from tests.browser.recorded_page import RecordedPage
from tests.browser.waits import wait_for_js

TABLE = "[data-testid=intercept-table]"
WIDGET = "cipherkit.widgets.intercept.table.InterceptTable"
READY = f"{TABLE}:not(.ck-is-waiting) [data-testid=notes]"
WIDGETS = Path(__file__).resolve().parents[2] / "cipherkit" / "widgets"
# Everyday words to try as clues; the live check says which ones are fair.
CANDIDATES = ["sunrise", "ocean", "violin", "thunder", "garden", "castle", "pepper", "velvet"]


class InterceptPage(RecordedPage):
    path = f"{TEST_PAGES}/intercept.ipynb"

    def ready(self) -> None:
        self.page.wait_for_selector(READY)

    def open(self) -> InterceptPage:
        super().open()
        return self

    @property
    def kernel(self) -> KernelClient:
        return KernelClient(self.server.port, self.kernel_id())

    def role(self) -> str:
        return self.page.locator(TABLE).get_attribute("data-role")

    def text(self, testid: str) -> str:
        return self.page.locator(f"{TABLE} [data-testid={testid}]").inner_text()

    def click(self, selector: str) -> None:
        self.page.locator(f"{TABLE} {selector}").click()
        self.page.wait_for_selector(READY)

    def type_clue(self, text: str) -> str:
        """Type a clue and wait for the live check of exactly that text."""
        box = self.page.locator(f"{TABLE} [data-testid=clue-input]")
        box.fill("")
        box.type(text, delay=15)
        wait_for_js(
            self.page,
            """() => {
              const box = document.querySelector('[data-testid=clue-check]');
              return box && box.querySelector('[data-testid=check-ok], [data-testid=check-error]')
                && !box.innerText.includes('checking');
            }""",
        )
        return self.text("clue-check")

    def view(self) -> dict[str, Any]:
        states = self.kernel.request_states()
        return states[table_model_id(states, WIDGET)]["state"]["view"]

    def guess(self, digits: list[int]) -> None:
        for clue, digit in enumerate(digits, start=1):
            self.page.click(f"{TABLE} [data-clue='{clue}'][data-digit='{digit}']")
        self.click("[data-testid=give-guess]")

    def guess_by_keys(self, digits: list[int]) -> int:
        """Give a guess with the keyboard alone, from the table's first tab stop: each
        clue's digits are one stop (type the digit), then Enter on the guess button.
        Returns the keys pressed."""
        keys = Keys(self.page, TABLE)
        for clue, digit in enumerate(digits, start=1):
            keys.tab_to(f"{TABLE} [data-clue='{clue}'][tabindex='0']")
            keys.press(str(digit))
            chosen = f"{TABLE} [data-clue='{clue}'][data-digit='{digit}']"
            assert self.page.locator(chosen).get_attribute("aria-checked") == "true"
        keys.tab_to(f"{TABLE} [data-testid=give-guess]")
        keys.press("Enter")
        self.page.wait_for_selector(READY)
        return keys.count


def hidden_words(words: list[str], public: str) -> list[str]:
    """Words to search for: not in public text, nor in the (static) front-end files."""
    static = "".join(  # the page's module and styles: the shared ones, then the table's
        (WIDGETS / name).read_text()
        for name in (
            "table_common.js",
            "intercept/table.js",
            "table_common.css",
            "intercept/table.css",
        )
    ).lower()
    return [w for w in words if w not in public.lower() and w not in static]


class InterceptSeat(PlayPage):
    """One intercept player's device on the Play together page."""

    def table_ready(self) -> None:
        self.page.wait_for_selector(READY)

    def join_team(self, code: str, name: str, team: str) -> None:
        form = self.page.locator("[data-testid=join-form]")
        form.locator("[data-testid=team]").select_option(team)
        self.join(code, name)
        self.table_ready()

    def role(self) -> str | None:
        return self.page.locator(TABLE).get_attribute("data-role")

    def text(self, testid: str) -> str:
        return self.page.locator(f"{TABLE} [data-testid={testid}]").inner_text()

    def write_clues(self, room: Any, candidates: list[str]) -> list[str]:
        """Type three fair clues (the live check says which), each sent to the room."""
        given: list[str] = []
        box = self.page.locator(f"{TABLE} [data-testid=clue-input]")
        for _ in range(3):
            for word in candidates:
                if word in given:
                    continue
                box.fill("")
                box.type(word, delay=10)
                wait_for_js(
                    self.page,
                    """() => {
                      const box = document.querySelector('[data-testid=clue-check]');
                      return box && box.querySelector(
                        '[data-testid=check-ok], [data-testid=check-error]')
                        && !box.innerText.includes('checking');
                    }""",
                )
                if "a fair clue" in self.text("clue-check"):
                    break
            else:
                raise AssertionError("no candidate clue passed the check")
            before = room.version
            self.page.locator(f"{TABLE} [data-testid=give-clue]").click()
            assert room.wait(before, timeout=30) > before
            given.append(word)
            self.table_ready()
        return given

    def guess(self, room: Any, digits: list[int]) -> None:
        self.page.wait_for_selector(f"{TABLE}[data-role=decryptor], {TABLE}[data-role=interceptor]")
        for clue, digit in enumerate(digits, start=1):
            self.page.click(f"{TABLE} [data-clue='{clue}'][data-digit='{digit}']")
        before = room.version
        self.page.locator(f"{TABLE} [data-testid=give-guess]").click()
        assert room.wait(before, timeout=30) > before
        self.table_ready()
