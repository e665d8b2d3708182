"""A small seeded random number generator whose whole state is one integer.

The generator is SplitMix64: fast in pure Python, identical on every platform and
Python version, and trivially serialisable, so a game state can carry it inside its
JSON and replays are exact.
"""

from __future__ import annotations

from collections.abc import MutableSequence, Sequence
from typing import TypeVar

T = TypeVar("T")

_MASK = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15
_SPAN = 1 << 64


class Rng:
    """SplitMix64 random numbers; ``Rng(seed)`` with any integer seed.

    Examples
    --------
    >>> from cipherkit.core.rng import Rng
    >>> a, b = Rng(7), Rng(7)
    >>> [a.randbelow(100) for _ in range(3)] == [b.randbelow(100) for _ in range(3)]
    True
    >>> cards = list(range(5)); Rng(1).shuffle(cards); sorted(cards)
    [0, 1, 2, 3, 4]
    >>> Rng.from_json(a.to_json()).next64() == a.next64()
    True
    """

    __slots__ = ("state",)

    def __init__(self, seed: int = 0) -> None:
        self.state = (int(seed) * 0xD1B54A32D192ED03 + 0x8CB92BA72F3D8DD7) & _MASK

    def next64(self) -> int:
        """Return the next 64-bit unsigned integer."""
        self.state = z = (self.state + _GOLDEN) & _MASK
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def randbelow(self, n: int) -> int:
        """A uniform integer in ``range(n)`` (no modulo bias)."""
        if n <= 0:
            raise ValueError("randbelow needs a positive bound")
        limit = (1 << 64) - ((1 << 64) % n)
        while True:
            x = self.next64()
            if x < limit:
                return x % n

    def randint(self, lo: int, hi: int) -> int:
        """A uniform integer in ``[lo, hi]``, both ends included."""
        return lo + self.randbelow(hi - lo + 1)

    def random(self) -> float:
        """A uniform float in ``[0, 1)``."""
        return (self.next64() >> 11) * (1.0 / (1 << 53))

    def choice(self, items: Sequence[T]) -> T:
        """One element of a non-empty sequence."""
        if not items:
            raise IndexError("choice from an empty sequence")
        return items[self.randbelow(len(items))]

    def shuffle(self, items: MutableSequence[T]) -> None:
        """Shuffle in place (Fisher-Yates): the same as drawing ``randbelow(i + 1)`` for
        each ``i`` from the end, with the generator's steps written out in the loop (a
        deal shuffles a deck each game; a method call a card was most of its time).

        >>> rng, twin = Rng(5), Rng(5)
        >>> cards = list(range(52)); rng.shuffle(cards)
        >>> by_hand = list(range(52))
        >>> for i in range(51, 0, -1):
        ...     j = twin.randbelow(i + 1); by_hand[i], by_hand[j] = by_hand[j], by_hand[i]
        >>> cards == by_hand and rng == twin
        True
        """
        z = state = self.state
        for i in range(len(items) - 1, 0, -1):
            limit = _SPAN - _SPAN % (i + 1)
            while True:  # randbelow(i + 1), next64 inlined
                state = z = (state + _GOLDEN) & _MASK
                z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
                z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
                z ^= z >> 31
                if z < limit:
                    break
            j = z % (i + 1)
            items[i], items[j] = items[j], items[i]
        self.state = state

    def sample(self, items: Sequence[T], k: int) -> list[T]:
        """``k`` distinct elements in random order."""
        pool = list(items)
        self.shuffle(pool)
        return pool[:k]

    def spawn(self) -> Rng:
        """A new independent generator derived from this one (advances this one)."""
        return Rng(self.next64())

    def copy(self) -> Rng:
        """An independent generator in the same state (both go on to draw the same values).

        >>> rng = Rng(7)
        >>> twin = rng.copy()
        >>> rng.randbelow(100) == twin.randbelow(100)
        True
        """
        twin = Rng.__new__(Rng)
        twin.state = self.state
        return twin

    def to_json(self) -> str:
        """The state as a hex string (safe for JSON readers limited to 53-bit ints)."""
        return f"{self.state:016x}"

    @classmethod
    def from_json(cls, data: str) -> Rng:
        """The generator saved by :meth:`to_json`, in the same state."""
        rng = cls.__new__(cls)
        rng.state = int(data, 16) & _MASK
        return rng

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Rng) and other.state == self.state

    def __repr__(self) -> str:
        return f"Rng.from_json({self.to_json()!r})"
