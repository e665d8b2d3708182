"""The Play together page in Chromium, one browser context per person's device, and a
Decipher room played to its end by clicks on each seat's own page."""

from __future__ import annotations

from typing import Any

from cipherkit.games.decipher.cards import CARDS
from tests.browser.conftest import KernelClient
from tests.browser.recorded_page import RecordedPage

LOBBY = "[data-testid=lobby]"
TABLE = "[data-testid=decipher-table]"
TABLE_READY = f"{TABLE}:not(.ck-is-waiting) [data-testid=board]"


def as_text(frame: str | bytes) -> str:
    return frame.decode("utf-8", "replace") if isinstance(frame, bytes) else frame


class PlayPage(RecordedPage):
    """The Play together page in one browser context (one person's device)."""

    path = "play-together.ipynb"

    def ready(self) -> None:
        self.page.wait_for_selector(f"{LOBBY} h2")

    def table_ready(self) -> None:
        self.page.wait_for_selector(TABLE_READY)

    def frames_text(self, upto: int | None = None) -> str:
        return "\n".join(map(as_text, self.frames[:upto]))

    def message(self) -> str:
        node = self.page.locator("[data-testid=lobby-message]")
        return node.inner_text() if node.count() else ""

    def join(self, code: str, name: str) -> None:
        form = self.page.locator("[data-testid=join-form]")
        form.locator("[data-testid=code]").fill(code)
        form.locator("[data-testid=name]").fill(name)
        form.locator("[data-testid=join]").click()

    def kernel(self) -> KernelClient:
        """The kernel of the page as loaded last (a reload starts a new one)."""
        urls = [u for u in self.socket_urls if "/api/kernels/" in u]
        return KernelClient(self.server.port, urls[-1].split("/api/kernels/")[1].split("/")[0])

    def seat_token(self) -> str:
        """The seat's resume token, as the page shows it in the seat's link for another
        device once asked (a click: the page keeps no token)."""
        link = self.page.locator("[data-testid=seat-link]")
        if not link.count():
            self.page.locator("[data-testid=ask-seat-link]").click()
        link.wait_for()
        return link.input_value().split("#seat=", 1)[1]

    def storage(self) -> str:
        """Everything the page's origin keeps in localStorage and sessionStorage, as text."""
        return str(
            self.page.evaluate(
                "JSON.stringify([Object.entries(localStorage), Object.entries(sessionStorage)])"
            )
        )


def quoted(cards: list[str], text: str) -> list[str]:
    """The cards of ``cards`` that appear in ``text`` as JSON strings (``"QS"``)."""
    return [c for c in cards if f'"{c}"' in text]


RESULTS = ("A draw.", "You win!", "wins")
"""What an English page's result says: a draw, a win, a loss."""


def finish_decipher(
    room: Any,
    pages: dict[int, Any],
    secrets: dict[int, list[str]],
    first: int,
    results: dict[int, tuple[str, str, str]] | None = None,
) -> dict[int, int]:
    """Turn 2 of a Decipher room, by clicks on each seat's own page: ``first`` (who
    began turn 1) breaks the code; both guess every column (cards that are nobody's
    secret); each page then shows the result (in its words: ``results`` per seat, else
    :data:`RESULTS`). Returns each page's frame count before the last guess (the
    reveal)."""

    def act_by_click(seat: int, selector: str) -> None:
        before = room.version
        pages[seat].page.locator(selector).first.click()
        assert room.wait(before, timeout=30) > before
        pages[seat].table_ready()

    breaker = first
    pages[breaker].page.wait_for_selector(f"{TABLE} [data-action=break]:not([disabled])")
    act_by_click(breaker, "[data-action=break]:not([disabled])")
    marks = {}
    held = room.session().state.hands
    avoid = {*secrets[0], *secrets[1], *(str(c) for h in held for c in h)}
    spare = [str(c) for c in CARDS if str(c) not in avoid][:3]
    for seat in (breaker, 1 - breaker):
        for column in range(3):
            page = pages[seat].page
            page.wait_for_selector(f"{TABLE} [data-testid=guess-picker]")
            page.wait_for_selector(f"[data-testid=column-{column + 1}][data-current=true]")
            # Guess a card that is nobody's secret (guessing the truth would put the
            # other code in this page's own frames, as its own guess).
            truth = spare[column]
            pick(page, truth)
            if seat != breaker and column == 2:
                marks = {s: len(pages[s].frames) for s in (0, 1)}
            act_by_click(seat, "[data-action=guess]:not([disabled])")

    session = room.session()
    assert session.is_over
    outcome = session.outcome
    for seat, page in pages.items():
        page.page.wait_for_selector(f"{TABLE} [data-testid=result]")
        result = page.page.locator("[data-testid=result]").inner_text()
        draw, win, loss = (results or {}).get(seat, RESULTS)
        expected = draw if outcome.draw else win if seat in outcome.winners else loss
        assert expected in result
    return marks


def pick(page: Any, card: str) -> None:
    """Choose ``card``'s rank and suit in the guess picker, as a person does: click, and
    see each choice pressed (a choice made while the page was still drawing the new
    turn is made again)."""
    picker = page.locator("[data-testid=guess-picker]")
    rank, suit = f"[data-rank='{card[:-1]}']", f"[data-suit='{card[-1]}']"
    for _attempt in range(3):
        for choice in (rank, suit):
            if picker.locator(choice).get_attribute("aria-checked") != "true":
                picker.locator(choice).click()
        if all(picker.locator(c).get_attribute("aria-checked") == "true" for c in (rank, suit)):
            return
    raise AssertionError(f"the picker would not keep {card} chosen")


def play_first_turn(room: Any, pages: dict[int, Any]) -> None:
    """Turn 1 of a Decipher room: each plays a card on every column, by clicks."""
    first = room.session().state.turn
    for seat in (first, 1 - first):
        for _ in range(3):
            pages[seat].page.wait_for_selector(
                f"{TABLE} [data-testid=hand] button[data-card]:not([disabled])"
            )
            before = room.version
            pages[seat].page.locator(
                "[data-testid=hand] button[data-card]:not([disabled])"
            ).first.click()
            assert room.wait(before, timeout=30) > before
            pages[seat].table_ready()
