"""Playing cards for Decipher: a standard 52-card deck, ranks 1-13 in four suits.

A card's notation is its rank (``A 2 … 9 T J Q K``; ``10`` is accepted too) then its
suit letter (``C D H S``).

Examples
--------
>>> from cipherkit.games.decipher.cards import Card, full_deck
>>> Card.parse("10h")
Card.parse('TH')
>>> str(Card(12, "S")), Card(12, "S").pretty
('QS', 'Q♠')
>>> len(full_deck())
52
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache

from cipherkit.core.errors import NotationError
from cipherkit.i18n import N_, Message, say

SUITS = "CDHS"
RANK_CHARS = "A23456789TJQK"
SUIT_SYMBOLS = {"C": "♣", "D": "♦", "H": "♥", "S": "♠"}
SUIT_NAMES = {"C": N_("clubs"), "D": N_("diamonds"), "H": N_("hearts"), "S": N_("spades")}
"""Each suit's name (English, marked for the catalog: say it with ``_``)."""
RANK_NAMES = {1: N_("ace"), 11: N_("jack"), 12: N_("queen"), 13: N_("king")}
"""The ranks with a name (English, marked for the catalog); the others are numbers."""
CARD_NAMES = {
    "C": N_("{rank} of clubs"),
    "D": N_("{rank} of diamonds"),
    "H": N_("{rank} of hearts"),
    "S": N_("{rank} of spades"),
}
"""A card in words, one sentence per suit (Russian names a suit after the rank)."""


@dataclass(frozen=True, slots=True, order=True)
class Card:
    """One card: ``rank`` 1 (ace) to 13 (king) and ``suit`` one of ``"CDHS"``.

    Its index, notation and pretty form are worked out once, when the card is made:
    the rules and the observations read them at every move.

    >>> card = Card(12, "S")
    >>> card.index, card.notation, card.pretty, card == Card.parse("qs")
    (50, 'QS', 'Q♠', True)
    """

    rank: int
    suit: str
    index: int = field(init=False, repr=False, compare=False)
    """0-51, suits in ``CDHS`` order."""
    pretty: str = field(init=False, repr=False, compare=False)
    """The card with a suit symbol, as people write it.

    >>> Card.parse("QS").pretty, Card.parse("TH").pretty
    ('Q♠', '10♥')
    """
    notation: str = field(init=False, repr=False, compare=False)
    """The card's notation, ``str(card)``: ``'QS'``, ``'TH'``."""

    def __post_init__(self) -> None:
        if not 1 <= self.rank <= 13 or self.suit not in SUITS:
            raise NotationError.say(
                "no such card: rank {rank}, suit {suit}", rank=self.rank, suit=repr(self.suit)
            )
        rank = RANK_CHARS[self.rank - 1]
        object.__setattr__(self, "index", SUITS.index(self.suit) * 13 + self.rank - 1)
        object.__setattr__(self, "notation", rank + self.suit)
        pretty = ("10" if self.rank == 10 else rank) + SUIT_SYMBOLS[self.suit]
        object.__setattr__(self, "pretty", pretty)

    def __eq__(self, other: object) -> bool:
        # the same as comparing (rank, suit), the index being one number for both
        if other.__class__ is Card:
            return self.index == other.index
        return NotImplemented

    def __hash__(self) -> int:
        return self.index  # one number for (rank, suit), as in __eq__

    @staticmethod
    def parse(text: str) -> Card:
        """Read ``"QS"``, ``"10h"``, ``"ah"``; raise :class:`NotationError` otherwise."""
        return _parse(text.strip().upper())

    @property
    def name(self) -> str:
        """In words, in the language in force: ``'queen of spades'``."""
        return str(card_name(self))

    def matches(self, other: Card) -> bool:
        """Same suit or same rank: what a decipher card reveals against a hidden card."""
        return self.suit == other.suit or self.rank == other.rank

    def __str__(self) -> str:
        return self.notation

    def __repr__(self) -> str:
        return f"Card.parse({str(self)!r})"


@cache
def _parse(text: str) -> Card:
    rank_text, suit = text[:-1], text[-1:]
    if rank_text == "10":
        rank_text = "T"
    if len(rank_text) != 1 or rank_text not in RANK_CHARS or suit not in SUITS:
        raise NotationError.say(
            "{text} is not a card (write rank then suit, like QS or 10H)", text=repr(text)
        )
    return CARDS[SUITS.index(suit) * 13 + RANK_CHARS.index(rank_text)]


@cache  # one message a card: a message is a value, its words found where it is read
def card_name(card: Card) -> Message:
    """A card in words, said where it is read (``"queen of spades"``, ``"дама пик"``).

    >>> from cipherkit.i18n import speaking
    >>> str(card_name(Card.parse("QS"))), str(card_name(Card.parse("TH")))
    ('queen of spades', '10 of hearts')
    >>> with speaking("ru"):
    ...     str(card_name(Card.parse("QS")))
    'дама пик'
    """
    named = RANK_NAMES.get(card.rank)
    return say(CARD_NAMES[card.suit], rank=say(named) if named else str(card.rank))


CARDS: tuple[Card, ...] = tuple(Card(r, s) for s in SUITS for r in range(1, 14))
"""All 52 cards, indexed by :attr:`Card.index`."""


def full_deck() -> list[Card]:
    """The 52 cards, in a fixed order.

    >>> len(full_deck())
    52
    """
    return list(CARDS)
