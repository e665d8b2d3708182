"""The colours every drawing shares: warm paper, dark ink, one red for marked glyphs.

>>> from cipherkit.glyphs.theme import RED, mark_colour
>>> mark_colour(("red",)) == RED, mark_colour(())
(True, None)
"""

from __future__ import annotations

from collections.abc import Iterable

INK = "#1e2433"
PAPER = "#f6f1e7"
CARD = "#fbf8f1"
TILE = "#ece5d6"
MUTED = "#857f71"
RULE = "#cfc6b4"
RED = "#c62f2f"
ANSWER = "#2a6f77"
GOLD = "#b8862b"
WHITE = "#ffffff"

CONSOLE = "#2b3140"
CONSOLE_EDGE = "#161a23"
CONSOLE_TEXT = "#d9dde6"
SHUTTER = "#5a6377"
SLAT = "#737d93"
WINDOW = "#fdfaf2"

MAP_BACK = "#e4dccb"
ROOM = "#fbf7ee"
CORRIDOR = "#f1e9d8"
BRICK = "#a4442f"
PASSAGE = "#3c8a4f"
ENTRANCE = "#3c8a4f"
TOKEN_BACK = "#384058"

TRAP_COLOURS = {"brown": "#7a4e2d", "yellow": "#e0b43a"}
ACTION_COLOURS = {
    "run": "#c8503e",
    "gather": "#3f8a52",
    "intel": "#2f69a8",
    "regroup": "#7d5aa8",
}
SEAT_COLOURS = ("#d0473b", "#2f6fb5", "#3f9a54", "#c9901e", "#7d5aa8", "#2a8f8f")

MARK_COLOURS = {"red": RED}
"""Marks that colour a glyph; other marks are drawn as a small tag."""


def mark_colour(marks: Iterable[str]) -> str | None:
    """The colour a cell's marks give its glyph, or ``None``."""
    for mark in marks:
        if mark in MARK_COLOURS:
            return MARK_COLOURS[mark]
    return None
