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
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

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
