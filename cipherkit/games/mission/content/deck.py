"""The resource deck: numbered cards in suits, and time cards that cannot be played.

Design notes: ``docs/design-notes.md``, ``cipherkit.games.mission.content.deck``.

Examples
--------
>>> from cipherkit.games.mission.content.deck import DeckSpec
>>> table = DeckSpec().table()
>>> len(table), table.resource_count, table.time_ids
(40, 36, (36, 37, 38, 39))
>>> table.label(0), table.label(35), table.label(39), table.value[13]
('1B', '12Y', 'T2', 5)
>>> str(table.words(0)), str(table.words(39))
('1 blue', 'time card: 2 icons')
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

from cipherkit.i18n import Message, nsay, psay, say, text

DEFAULT_SUITS: tuple[str, ...] = ("blue", "green", "yellow")
DEFAULT_TIME: tuple[int, ...] = (1, 1, 1, 2)


@dataclass(frozen=True, slots=True)
class DeckSpec:
    """What the resource deck holds: ``values`` (1 to ``values`` in each suit), suits,
    the time icons of each time card, and how many cards make a full hand."""

    values: int = 12
    suits: tuple[str, ...] = DEFAULT_SUITS
    time: tuple[int, ...] = DEFAULT_TIME
    hand_size: int = 4

    @property
    def resource_count(self) -> int:
        """How many resource cards the deck holds (values times suits).

        >>> DeckSpec().resource_count
        36
        """
        return self.values * len(self.suits)

    def table(self) -> CardTable:
        """The lookup tables for this deck's cards."""
        return CardTable(self)

    def to_data(self) -> dict[str, Any]:
        """The deck as the mission file writes it."""
        return {
            "values": self.values,
            "suits": list(self.suits),
            "time": list(self.time),
            "hand_size": self.hand_size,
        }

    @property
    def is_default(self) -> bool:
        """Whether this is the standard deck (the mission file can leave it out)."""
        return self == DeckSpec()


@dataclass(frozen=True)
class CardTable:
    """Lookup tables for the cards of one deck (ids ``0 .. len-1``)."""

    spec: DeckSpec
    value: tuple[int, ...] = field(init=False)
    """Value of each card; 0 for time cards."""
    icons: tuple[int, ...] = field(init=False)
    """Time icons of each card; 0 for resource cards."""
    suit: tuple[str | None, ...] = field(init=False)

    def __post_init__(self) -> None:
        values: list[int] = []
        icons: list[int] = []
        suits: list[str | None] = []
        for v in range(1, self.spec.values + 1):
            for s in self.spec.suits:
                values.append(v)
                icons.append(0)
                suits.append(s)
        for n in self.spec.time:
            values.append(0)
            icons.append(n)
            suits.append(None)
        object.__setattr__(self, "value", tuple(values))
        object.__setattr__(self, "icons", tuple(icons))
        object.__setattr__(self, "suit", tuple(suits))

    def __len__(self) -> int:
        return len(self.value)

    @property
    def resource_count(self) -> int:
        """How many resource cards the deck holds (the time cards come after them)."""
        return self.spec.resource_count

    @cached_property
    def time_ids(self) -> tuple[int, ...]:
        """The ids of the time cards (they come after the resource cards)."""
        return tuple(range(self.resource_count, len(self.value)))

    @cached_property
    def labels(self) -> tuple[str, ...]:
        """Every card's short label, by id: value and suit initial, or ``T`` and its time icons."""
        out = []
        for v, n, s in zip(self.value, self.icons, self.suit, strict=True):
            out.append(f"T{n}" if v == 0 else f"{v}{(s or '?')[0].upper()}")
        return tuple(out)

    def label(self, card: int) -> str:
        """The short label of ``card``: value and suit initial, or ``T`` and its time icons.

        >>> table = DeckSpec().table()
        >>> table.label(0), table.label(table.time_ids[-1])
        ('1B', 'T2')
        """
        return self.labels[card]

    @cached_property
    def said(self) -> tuple[Message, ...]:
        """Every card in words, by id (made once: the log names a card at every play)."""
        return tuple(card_words(label, self.spec.suits) for label in self.labels)

    def words(self, card: int) -> Message:
        """``card`` in words, as every place that shows it says it: ``"7 blue"``."""
        return self.said[card]


def label_parts(label: str) -> tuple[int, str, int]:
    """A card's short label read back: its value, suit initial and time icons.

    >>> label_parts("12Y"), label_parts("T2")
    ((12, 'Y', 0), (0, '', 2))
    """
    if label.startswith("T") and label[1:].isdigit():
        return 0, "", int(label[1:])
    digits = "".join(ch for ch in label if ch.isdigit())
    return int(digits), label[len(digits) :], 0


def card_words(label: str, suits: Sequence[str]) -> Message:
    """A card's short label in words (the suit found by its initial among ``suits``):
    what the hand, the piles, the log and the live region all say.

    >>> from cipherkit.i18n import speaking
    >>> str(card_words("7B", DEFAULT_SUITS)), str(card_words("T1", DEFAULT_SUITS))
    ('7 blue', 'time card: 1 icon')
    >>> with speaking("ru"):
    ...     str(card_words("12Y", DEFAULT_SUITS))
    '12 жёлтый'
    """
    value, initial, icons = label_parts(label)
    if icons:
        return nsay("time card: {n} icon", "time card: {n} icons", icons)
    suit = next((s for s in suits if s[:1].upper() == initial), initial)
    # TRANSLATORS: a mission card: its value and its suit's colour ("7 blue")
    return say("{value} {suit}", value=value, suit=suit_words(suit))


SUIT_WORDS: dict[str, Message] = {
    "blue": psay("suit", "blue"),
    "green": psay("suit", "green"),
    "yellow": psay("suit", "yellow"),
    "red": psay("suit", "red"),
    "purple": psay("suit", "purple"),
    "orange": psay("suit", "orange"),
    "black": psay("suit", "black"),
    "white": psay("suit", "white"),
}
"""The suit colours the catalog knows (a mission may name its suits otherwise)."""


def suit_words(suit: str) -> Message:
    """A suit's name as a card says it: a colour the catalog knows, else as written.

    >>> str(suit_words("Blue")), str(suit_words("Comets"))
    ('blue', 'Comets')
    """
    return SUIT_WORDS.get(suit.lower()) or text(suit)
