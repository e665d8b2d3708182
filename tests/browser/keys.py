"""Moves made with the keyboard alone, their keys counted (issues #32 and #50): Tab until a
control has focus, and :class:`Keys`, the presses of one move from a table's first tab
stop."""

from __future__ import annotations

from typing import Any

MOVE_KEYS = 10
"""Issue #50: any move of a game in at most this many key presses from the table's first
tab stop (typing a word counts as one)."""


class Keys:
    """Key presses counted: the keys of one move, from the table's first tab stop."""

    def __init__(self, page: Any, table: str) -> None:
        self.page, self.table, self.count = page, table, 0
        # the table's first tab stop takes focus, as a Tab into the table would give it
        page.evaluate(
            """t => { const stops = [...document.querySelector(t).querySelectorAll(
                 "button:not([disabled]), input:not([disabled]), select, textarea, summary, "
                 + "a[href], [tabindex]")]
                 .filter(e => e.tabIndex >= 0 && e.getClientRects().length);
               stops[0].focus(); }""",
            table,
        )

    def press(self, key: str) -> None:
        self.page.keyboard.press(key)
        self.count += 1

    def type(self, words: str) -> None:
        """Type ``words`` into the focused box: one press, as the count goes."""
        self.page.keyboard.type(words, delay=15)
        self.count += 1

    def tab_to(self, selector: str, *, back: bool = False) -> None:
        self.count += tab_to(self.page, selector, back=back)


def tab_to(page: Any, selector: str, *, back: bool = False, limit: int = 60) -> int:
    """Press Tab (Shift+Tab with ``back``) until the focused element matches
    ``selector``; return how many presses it took."""
    for presses in range(limit + 1):
        if page.evaluate("s => !!document.activeElement?.matches(s)", selector):
            return presses
        page.keyboard.press("Shift+Tab" if back else "Tab")
    raise AssertionError(f"{limit} presses of Tab never reached {selector}")


def focused(page: Any) -> str:
    """The focused element, as a short description."""
    return page.evaluate(
        "() => { const e = document.activeElement; return e ? e.tagName + ' ' + "
        "[...e.attributes].map(a => a.name + '=' + a.value).join(' ') : '' }"
    )
