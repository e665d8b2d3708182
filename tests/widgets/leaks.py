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

_HEX_ID = (
    r"(?:IPY_MODEL_)?(?:[0-9a-f]{32}|[0-9a-f]{8}-[0-9a-f]{24}"
    r"|[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})(?:_[0-9]+_[0-9]+)?"
)
_DATE = r"[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9:.]+(?:Z|[+-][0-9]{2}:?[0-9]{2})?"
_ENVELOPE = re.compile(rf'"(?:{_HEX_ID}|{_DATE})"')


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


def without_envelope(text: str) -> str:
    """``text`` with the messaging protocol's own ids and times blanked: every quoted
    string that is a whole message, session or comm id (a uuid, perhaps with the
    kernel's pid and a counter) or a timestamp. A short numeric answer (``11246``) turns
    up in those by chance (a pid, a date's microseconds); nothing a page shows is one.

    >>> without_envelope('{"msg_id": "7fb50122-56f9db674086a719b091160e_11246_107", '
    ...                  '"date": "2026-12-05T23:10:56.112460Z", "text": "11246"}')
    '{"msg_id": "", "date": "", "text": "11246"}'
    >>> without_envelope('"133ccaf0b90bb51b22e5ebc559995d1f06679bd0c2fa38325cb42b5bac043e55"')[:9]
    '"133ccaf0'
    """
    return _ENVELOPE.sub('""', text)
