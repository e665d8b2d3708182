"""Driving the Decipher page and the mission test pages in Chromium through clicks only,
like a student would."""

from __future__ import annotations

from typing import Any

from cipherkit.games.decipher import new_game
from cipherkit.games.decipher.cards import CARDS, Card
from cipherkit.widgets.decipher.table import table_config
from tests.browser.conftest import TEST_PAGES, KernelClient
from tests.browser.recorded_page import RecordedPage

TABLE = "[data-testid=decipher-table]"
READY = f"{TABLE}:not(.ck-is-waiting) [data-testid=board]"


def dealt(seed: int) -> Any:
    """The game the page deals for ``seed`` (the page's table uses ``table_config(None)``)."""
    return new_game(table_config(None), seed=seed)


def near_miss(truth: str, avoid: set[str]) -> str:
    """A card of the same suit, another rank, not in ``avoid``: worth exactly the suit point."""
    t = Card.parse(truth)
    return next(
        str(c) for c in CARDS if c.suit == t.suit and c.rank != t.rank and str(c) not in avoid
    )


class TablePage(RecordedPage):
    """The decipher puzzle page."""

    path = "decipher.ipynb"

    def open(self) -> TablePage:
        super().open()
        return self

    # ------------------------------------------------------------ reading the page
    @property
    def kernel(self) -> KernelClient:
        return KernelClient(self.server.port, self.kernel_id())

    def ready(self) -> None:
        """Wait until the page is not waiting for the kernel (nor for the bot)."""
        self.page.wait_for_selector(READY)

    def text(self, testid: str) -> str:
        return self.page.locator(f"[data-testid={testid}]").inner_text()

    def current_column(self) -> int | None:
        current = self.page.locator("[data-current=true]")
        if current.count() == 0:
            return None
        return int(current.get_attribute("data-testid").split("-")[1]) - 1

    def hand(self) -> list[str]:
        return self.page.locator("[data-testid=hand] [data-card]").evaluate_all(
            "nodes => nodes.map(n => n.dataset.card)"
        )

    def your_code(self) -> list[str]:
        return [
            self.page.locator(
                f"[data-testid=column-{c + 1}] .ck-zone-you [data-card]"
            ).get_attribute("data-card")
            for c in range(3)
        ]

    def html(self) -> str:
        return self.page.content()

    # ------------------------------------------------------------ clicking
    def play_first_card(self) -> str:
        card = self.page.locator("[data-testid=hand] button[data-card]:not([disabled])").first
        code = card.get_attribute("data-card")
        card.click()
        self.ready()
        return code

    def click_action(self, action: str) -> None:
        self.page.click(f"[data-action={action}]:not([disabled])")
        self.ready()

    def guess(self, card: str) -> None:
        rank, suit = card[:-1], card[-1]
        picker = self.page.locator("[data-testid=guess-picker]")
        picker.locator(f"[data-rank='{rank}']").click()
        picker.locator(f"[data-suit='{suit}']").click()
        self.click_action("guess")


# ---------------------------------------------------------------- the mission table
MISSION = "[data-testid=mission-table]"
MISSION_READY = f"{MISSION}:not(.ck-is-waiting) [data-testid=map]"


class MissionPage(RecordedPage):
    """A test page holding one MissionTable (``testpages/NAME`` on the server)."""

    @property
    def path(self) -> str:
        return f"{TEST_PAGES}/{self.name}"

    def open(self) -> MissionPage:
        super().open()
        return self

    @property
    def kernel(self) -> KernelClient:
        return KernelClient(self.server.port, self.kernel_id())

    def ready(self) -> None:
        """Wait until the table is drawn and not waiting for the kernel."""
        self.page.wait_for_selector(MISSION_READY)

    # ------------------------------------------------------------ reading
    def text(self, testid: str) -> str:
        return self.page.locator(f"{MISSION} [data-testid={testid}]").inner_text()

    def phase(self) -> str:
        return self.page.locator(MISSION).get_attribute("data-phase")

    def message(self) -> str:
        box = self.page.locator(f"{MISSION} [data-testid=message]")
        return box.inner_text() if box.count() else ""

    def hand(self) -> list[tuple[str, int]]:
        """The playing character's cards: (label, value)."""
        cards = self.page.locator(f"{MISSION} [data-testid=hand] [data-card]")
        return [
            (c.get_attribute("data-card"), int(c.get_attribute("data-value"))) for c in cards.all()
        ]

    def top(self, action: str) -> int:
        card = self.page.locator(f"{MISSION} [data-action-card={action}]")
        return int(card.get_attribute("data-top"))

    def html(self) -> str:
        return self.page.content()

    # ------------------------------------------------------------ clicking
    def click(self, selector: str) -> None:
        """Click something that asks the kernel, and wait for the answer."""
        self.page.locator(f"{MISSION} {selector}").first.click()
        self.ready()

    def claim(self) -> None:
        self.click("[data-testid=claim]")
        self.page.wait_for_selector(f"{MISSION} [data-testid=hand]")

    def play(self, action: str) -> int:
        """Pick the lowest card that beats the pile, then click the action card."""
        top = self.top(action)
        label, value = min((c for c in self.hand() if c[1] > top), key=lambda c: c[1])
        self.page.locator(f"{MISSION} [data-testid=hand] [data-card='{label}']").click()
        self.click(f"[data-action-card={action}]")
        return value

    def room(self, room: str) -> None:
        # The hit area lies over the SVG drawing; force past Playwright's overlap check.
        self.page.locator(f"{MISSION} [data-room={room}]").click(force=True)
        self.ready()

    def button(self, action: str) -> None:
        self.click(f"[data-action='{action}']")

    def screenshot(self, path: str) -> None:
        """A picture of the whole table (a tall window, so nothing is scrolled away)."""
        size = self.page.viewport_size
        self.page.set_viewport_size({"width": size["width"], "height": 2400})
        self.page.locator(MISSION).screenshot(path=path)
        self.page.set_viewport_size(size)


def lose_the_fuse(table: MissionPage, loss_icons: int) -> None:
    """One person runs, ends the turn (In Peril at once) and draws until the mission is
    lost, checking at each draw that the page counts toward ``loss_icons``."""
    page = table.page
    table.play("run")
    table.button("stop")
    table.button("end")
    peril = page.locator(f"{MISSION} [data-testid=peril]")
    peril.wait_for()
    assert peril.get_attribute("title") == (
        f"In Peril: {loss_icons} time icons in the discard pile lose the mission"
    )
    hourglass = page.locator(f"{MISSION} [data-testid=peril] .ck-hourglass")
    for drawn in range(loss_icons):
        assert hourglass.get_attribute("aria-label") == f"{drawn} of {loss_icons}"
        assert hourglass.inner_text() == "●" * drawn + "○" * (loss_icons - drawn)
        assert f"{drawn} of {loss_icons} time icons" in table.text("status")
        assert f"({loss_icons} lose the mission)" in table.text("discard")
        table.button("draw")
    outcome = page.locator(f"{MISSION} [data-testid=outcome]")
    assert outcome.get_attribute("data-result") == "loss"
    assert f"Out of time: {loss_icons} time icons" in outcome.inner_text()
    assert f"out of time ({loss_icons} time icons" in table.text("status")
