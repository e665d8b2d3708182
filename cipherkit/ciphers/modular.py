"""Modular arithmetic for the affine cipher: remainders on a clock of ``n`` hours,
Euclid's steps, inverses modulo ``n`` (and why some numbers have none) and the letters an
affine key that is not coprime to the alphabet's size sends to the same letter.

Design notes: ``docs/ciphers.md``, ``cipherkit.ciphers.modular``.

Examples
--------
>>> mod(17 * 5, 26)  # 85 hours on a clock of 26: three turns and 7 more
7
>>> [str(step) for step in gcd_steps(26, 7)]
['26 = 3 × 7 + 5', '7 = 1 × 5 + 2', '5 = 2 × 2 + 1', '2 = 2 × 1 + 0']
>>> inverse(7, 26), 7 * 15 % 26
(15, 1)
>>> collisions(2, 0)["A"]  # E(x) = 2x sends A and N both to A
('A', 'N')
>>> collisions(5, 8)  # a coprime to 26: every letter its own image
{}
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple

from cipherkit.ciphers.alphabet import LATIN, Alphabet
from cipherkit.core.errors import CipherkitError

__all__ = [
    "MAX_NUMBER",
    "MAX_TABLE",
    "EuclidStep",
    "ModTable",
    "collisions",
    "gcd_steps",
    "inverse",
    "mod",
    "mod_table",
]

MAX_NUMBER = 10**12
"""The largest number (in size) these functions take: enough for any lesson, and every
answer comes back at once."""
_LIMIT_WORDS = "1 000 000 000 000"
""":data:`MAX_NUMBER` as the refusals write it."""
MAX_TABLE = 40
"""The largest modulus :func:`mod_table` draws (a bigger table is too wide to read)."""


def _number(value: object, name: str) -> int:
    """``value`` as a whole number no bigger than :data:`MAX_NUMBER` in size; ``name``
    is its symbol in the lesson (a, b, n, x), the same in every language."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise CipherkitError.say(
            "{name} must be a whole number, not {kind}", name=name, kind=type(value).__name__
        )
    if abs(value) > MAX_NUMBER:
        raise CipherkitError.say(
            "{name} is too big: give a number from -{limit} to {limit}",
            name=name,
            limit=_LIMIT_WORDS,
        )
    return value


def _modulus(value: object) -> int:
    """A modulus: a whole number from 2 to :data:`MAX_NUMBER`."""
    n = _number(value, "n")
    if n < 2:
        raise CipherkitError.say(
            "the modulus must be at least 2, not {n}: a clock has at least two hours", n=n
        )
    return n


def mod(x: int, n: int) -> int:
    """The remainder of ``x`` divided by ``n``, from 0 to ``n - 1``: where the hand of a
    clock of ``n`` hours stops after ``x`` hours (backwards for a negative ``x``).

    >>> mod(15, 12), mod(-3, 26), mod(26, 26)
    (3, 23, 0)
    >>> mod(5, 1)
    Traceback (most recent call last):
    ...
    cipherkit.core.errors.CipherkitError: the modulus must be at least 2, not 1: a clock has \
at least two hours
    """
    return _number(x, "x") % _modulus(n)


class EuclidStep(NamedTuple):
    """One step of Euclid's algorithm: ``a = quotient × b + remainder``."""

    a: int
    b: int
    quotient: int
    remainder: int

    def __str__(self) -> str:
        return f"{self.a} = {self.quotient} × {self.b} + {self.remainder}"


def gcd_steps(a: int, b: int) -> list[EuclidStep]:
    """Euclid's algorithm on ``a`` and ``b`` (their sizes), step by step: divide, keep
    the remainder, divide the divisor by it, until a remainder is 0. The last divisor is
    the greatest common divisor (``b`` itself when ``a`` divides evenly; no steps when
    ``b`` is 0).

    >>> for step in gcd_steps(26, 12):
    ...     print(step)
    26 = 2 × 12 + 2
    12 = 6 × 2 + 0
    >>> gcd_steps(26, 12)[-1].b  # the gcd: 26 and 12 share the factor 2
    2
    """
    x, y = abs(_number(a, "a")), abs(_number(b, "b"))
    steps = []
    while y:
        quotient, remainder = divmod(x, y)
        steps.append(EuclidStep(x, y, quotient, remainder))
        x, y = y, remainder
    return steps


def inverse(a: int, n: int) -> int:
    """The number ``i`` from 1 to ``n - 1`` with ``a × i ≡ 1 (mod n)``, by the extended
    Euclid algorithm: it exists exactly when ``a`` and ``n`` share no factor (their gcd
    is 1); otherwise the refusal says which factor they share.

    >>> inverse(5, 26), inverse(-3, 26), inverse(3, 7)
    (21, 17, 5)
    >>> inverse(2, 26)
    Traceback (most recent call last):
    ...
    cipherkit.core.errors.CipherkitError: 2 has no inverse modulo 26: they share the factor 2
    """
    value, modulus = _number(a, "a"), _modulus(n)
    # extended Euclid: keep old_r = old_s × a (mod n) at every step
    old_r, r = value % modulus, modulus
    old_s, s = 1, 0
    while r:
        quotient = old_r // r
        old_r, r = r, old_r - quotient * r
        old_s, s = s, old_s - quotient * s
    if old_r != 1:
        raise CipherkitError.say(
            "{a} has no inverse modulo {n}: they share the factor {factor}",
            a=value,
            n=modulus,
            factor=old_r,
        )
    return old_s % modulus


@dataclass(frozen=True)
class ModTable:
    """The addition or multiplication table modulo ``n``: ``rows[x][y]`` is ``x + y`` (or
    ``x × y``) mod ``n``. It prints as a grid; a row with every number once is a number
    that has an inverse (times) or any row at all (plus)."""

    n: int
    op: str
    rows: tuple[tuple[int, ...], ...]

    def __str__(self) -> str:
        width = len(str(self.n - 1))
        cell = f"{{:>{width}}}"
        sign = "×" if self.op == "*" else "+"
        head = " " * (width - 1) + sign + " │ " + " ".join(cell.format(y) for y in range(self.n))
        rule = "─" * (width + 1) + "┼" + "─" * (len(head) - width - 2)
        lines = [head, rule]
        for x, row in enumerate(self.rows):
            lines.append(cell.format(x) + " │ " + " ".join(cell.format(v) for v in row))
        return "\n".join(lines)

    def _repr_pretty_(self, printer: object, cycle: bool) -> None:  # IPython shows the grid
        printer.text(str(self))  # type: ignore[attr-defined]


def mod_table(n: int, op: str = "*") -> ModTable:
    """The table of ``op`` (``"+"`` or ``"*"``) modulo ``n``, ``n`` from 2 to
    :data:`MAX_TABLE`.

    >>> print(mod_table(4))
    × │ 0 1 2 3
    ──┼────────
    0 │ 0 0 0 0
    1 │ 0 1 2 3
    2 │ 0 2 0 2
    3 │ 0 3 2 1
    >>> mod_table(6, "+").rows[5]
    (5, 0, 1, 2, 3, 4)
    >>> mod_table(400)
    Traceback (most recent call last):
    ...
    cipherkit.core.errors.CipherkitError: a table modulo 400 is too big to read: give n \
from 2 to 40
    """
    size = _modulus(n)
    if size > MAX_TABLE:
        raise CipherkitError.say(
            "a table modulo {n} is too big to read: give n from 2 to {limit}",
            n=size,
            limit=MAX_TABLE,
        )
    if op not in ("+", "*"):
        raise CipherkitError.say("the table's operation must be + or *, not {op}", op=repr(op)[:20])
    if op == "+":
        rows = tuple(tuple((x + y) % size for y in range(size)) for x in range(size))
    else:
        rows = tuple(tuple((x * y) % size for y in range(size)) for x in range(size))
    return ModTable(size, op, rows)


def collisions(
    a: int, b: int = 0, *, letters: Alphabet | str = LATIN
) -> dict[str, tuple[str, ...]]:
    """The letters the affine map ``x -> a*x + b`` (mod the alphabet's size) sends to
    the same letter: each ciphertext letter hit more than once, with the letters sent to
    it. Empty exactly when ``a`` is coprime to the size, the keys
    :class:`~cipherkit.ciphers.classical.Affine` takes; otherwise a reader cannot tell
    which of them was meant, and some letters are never written at all.

    >>> collisions(13, 1)["B"]  # E(x) = 13x + 1: every even letter becomes B
    ('A', 'C', 'E', 'G', 'I', 'K', 'M', 'O', 'Q', 'S', 'U', 'W', 'Y')
    >>> len(collisions(2, 0)), collisions(2, 3)["D"]
    (13, ('A', 'N'))
    >>> collisions(3, 0, letters="ru")["А"]  # 3 divides 33: three letters to each image
    ('А', 'К', 'Х')
    """
    abc = Alphabet.of(letters)
    size = abc.size
    key_a, key_b = _number(a, "a") % size, _number(b, "b") % size
    sent: dict[int, list[int]] = {}
    for x in range(size):
        sent.setdefault((key_a * x + key_b) % size, []).append(x)
    return {
        abc.letters[image]: tuple(abc.letters[x] for x in sources)
        for image, sources in sorted(sent.items())
        if len(sources) > 1
    }
