"""Find hidden card names in text: both the notation (``QS``) and the pretty form (``Q♠``).

A card counts only as a whole token (``QS`` inside ``QSX`` or ``AQS`` does not), so
ordinary words and ids do not raise false alarms. The pretty form is also looked for as
the JSON escape (``Q\\u2660``) that some serialisers write.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable
from typing import Any

from cipherkit.games.decipher.cards import SUIT_SYMBOLS, Card


def card_pattern(card: str) -> re.Pattern[str]:
    c = Card.parse(card)
    code = str(c)
    rank = c.pretty[:-1]
    symbol = SUIT_SYMBOLS[c.suit]
    escaped = re.escape(f"\\u{ord(symbol):04x}")
    forms = [re.escape(code), re.escape(rank) + "(?:" + re.escape(symbol) + "|" + escaped + ")"]
    return re.compile(r"(?<![0-9A-Za-z])(?:" + "|".join(forms) + r")(?![0-9A-Za-z])")


def cards_in(text: str, cards: Iterable[str]) -> list[str]:
    """The cards of ``cards`` that occur in ``text``."""
    return [card for card in cards if card_pattern(card).search(text)]


def as_text(value: Any) -> str:
    """Anything (dicts, bytes, str) as text to scan, both raw and JSON-escaped."""
    if isinstance(value, bytes | bytearray | memoryview):
        return bytes(value).decode("utf-8", errors="replace")
    if isinstance(value, str):
        return value
    return json.dumps(value, ensure_ascii=False) + "\n" + json.dumps(value, ensure_ascii=True)
