"""Key exchange (lesson 13): Diffie and Hellman's way for two people to agree a secret key
where everyone can listen, with paint and then with numbers, and what an eavesdropper
must do to find the key (a discrete logarithm) and how long it takes as p grows.

Every number is bounded (a prime below :data:`MAX_PRIME`), so every request is answered
at once; real key exchanges use primes of 2048 bits or elliptic curves.

Examples
--------
>>> A, B = public_number(5, 6, 23), public_number(5, 15, 23)
>>> A, B
(8, 19)
>>> shared_key(B, 6, 23), shared_key(A, 15, 23)
(2, 2)
>>> discrete_log(5, 8, 23)
DiscreteLog(exponent=6, steps=6)
>>> mix("yellow", "red"), mix("yellow", "red", "teal") == mix("teal", "yellow", "red")
('#ff8000', True)
"""

from __future__ import annotations

import time
from typing import Any, NamedTuple

from cipherkit.ciphers.rsa_toy import bit_sizes, is_prime, prime_below
from cipherkit.core.errors import CipherkitError
from cipherkit.i18n import _

__all__ = [
    "MAX_BITS",
    "MAX_PRIME",
    "PAINTS",
    "DiscreteLog",
    "LogTime",
    "discrete_log",
    "generator",
    "log_times",
    "mix",
    "paint_exchange_plot",
    "public_number",
    "shared_key",
]

MAX_PRIME = 10**12
"""The primes taken here are below this (``is_prime`` answers at once up to it)."""

MAX_BITS = 26
"""The largest prime size :func:`log_times` times (2**26 tries take a few seconds)."""

MAX_STEPS = 2**27
"""The most powers :func:`discrete_log` tries before it gives up, saying so."""

PAINTS: dict[str, tuple[int, int, int]] = {
    "yellow": (255, 255, 0),
    "red": (255, 0, 0),
    "teal": (0, 128, 128),
    "blue": (0, 64, 255),
    "white": (255, 255, 255),
}
"""The paints of the colour story: the common paint and the two secret ones."""


class DiscreteLog(NamedTuple):
    """The exponent found and the powers of g tried to find it."""

    exponent: int
    steps: int


class LogTime(NamedTuple):
    """One row of :func:`log_times`: a prime of ``bits`` bits, its generator, and the
    seconds and tries a brute-force discrete logarithm took on it."""

    bits: int
    p: int
    seconds: float
    steps: int


def _number(value: object, name: str, low: int, high: int) -> int:
    """``value`` as a whole number from ``low`` to ``high``; ``name`` is its symbol."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise CipherkitError.say(
            "{name} must be a whole number, not {kind}", name=name, kind=type(value).__name__
        )
    if not low <= value <= high:
        top = format(high, ",").replace(",", " ")
        raise CipherkitError.say(
            "{name} must be from {low} to {high}, not {value}",
            name=name,
            low=low,
            high=top,
            value=str(value)[:20],
        )
    return value


def _prime(p: object) -> int:
    value = _number(p, "p", 5, MAX_PRIME - 1)
    if not is_prime(value):
        raise CipherkitError.say("p = {p} is not prime: the clock must have a prime size", p=value)
    return value


def public_number(g: int, secret: int, p: int) -> int:
    """What a player sends: ``g`` to the power of their ``secret``, modulo the prime ``p``.

    >>> public_number(5, 6, 23)
    8
    >>> public_number(5, 6, 21)
    Traceback (most recent call last):
    ...
    cipherkit.core.errors.CipherkitError: p = 21 is not prime: the clock must have a prime size
    """
    prime = _prime(p)
    return pow(_number(g, "g", 2, prime - 2), _number(secret, "secret", 1, prime - 2), prime)


def shared_key(their_public: int, secret: int, p: int) -> int:
    """The key: the other player's public number to the power of your own ``secret``.

    >>> shared_key(19, 6, 23)
    2
    """
    prime = _prime(p)
    return pow(
        _number(their_public, "public", 1, prime - 1),
        _number(secret, "secret", 1, prime - 2),
        prime,
    )


def discrete_log(g: int, public: int, p: int) -> DiscreteLog:
    """Eve's attack: try g¹, g², g³, … modulo ``p`` until one is ``public``; the exponent
    is the secret (or one that works as well). Gives up after :data:`MAX_STEPS` tries.

    >>> discrete_log(2, 1000, 1019)
    DiscreteLog(exponent=33, steps=33)
    >>> discrete_log(4, 2, 11)   # 4 reaches only half the clock
    Traceback (most recent call last):
    ...
    cipherkit.core.errors.CipherkitError: no power of 4 modulo 11 is 2
    """
    prime = _prime(p)
    base, target = _number(g, "g", 2, prime - 2), _number(public, "public", 1, prime - 1)
    value = 1
    for exponent in range(1, min(prime, MAX_STEPS + 1)):
        value = value * base % prime
        if value == target:
            return DiscreteLog(exponent, exponent)
    if prime - 1 > MAX_STEPS:
        raise CipherkitError.say(
            "gave up after {steps} tries: p is too big to try them all", steps=MAX_STEPS
        )
    raise CipherkitError.say(
        "no power of {g} modulo {p} is {public}", g=base, p=prime, public=target
    )


def generator(p: int) -> int:
    """The smallest g whose powers reach every number from 1 to p − 1 (a *primitive root*):
    then every secret gives a different public number.

    >>> generator(23), generator(1019)
    (5, 2)
    """
    prime = _prime(p)
    order, factors, k = prime - 1, set(), 2
    rest = order
    while k * k <= rest:
        while rest % k == 0:
            factors.add(k)
            rest //= k
        k += 1
    if rest > 1:
        factors.add(rest)
    return next(g for g in range(2, prime) if all(pow(g, order // f, prime) != 1 for f in factors))


def log_times(bits_list: list[int]) -> list[LogTime]:
    """For each size in ``bits_list`` (8 to :data:`MAX_BITS` bits), the largest prime of
    that size, and the time :func:`discrete_log` takes to find the secret p − 2 (the
    worst case: every power tried), measured now.

    >>> [(row.bits, row.p, row.steps) for row in log_times([8, 10])]
    [(8, 251, 249), (10, 1021, 1019)]
    """
    rows = []
    for bits in bit_sizes(bits_list, MAX_BITS)[:40]:
        p = prime_below(2**bits)
        g = generator(p)
        start = time.perf_counter()
        found = discrete_log(g, pow(g, p - 2, p), p)
        rows.append(LogTime(bits, p, time.perf_counter() - start, found.steps))
    return rows


def mix(*paints: str | tuple[int, int, int]) -> str:
    """Paints mixed in equal parts, as a colour ``#rrggbb``: the order does not matter,
    and nobody can take a paint back out of a mixture.

    >>> mix("yellow", "red")
    '#ff8000'
    >>> mix("gold")
    Traceback (most recent call last):
    ...
    cipherkit.core.errors.CipherkitError: no paint called 'gold': use yellow, red, teal, blue, white
    """
    if not paints:
        raise CipherkitError.say("mix at least one paint")
    colours = []
    for paint in paints[:20]:
        if isinstance(paint, tuple) and len(paint) == 3:
            colours.append(tuple(_number(c, "rgb", 0, 255) for c in paint))
        elif isinstance(paint, str) and paint in PAINTS:
            colours.append(PAINTS[paint])
        else:
            raise CipherkitError.say(
                "no paint called {paint}: use {paints}",
                paint=repr(paint)[:30],
                paints=", ".join(PAINTS),
            )
    channels = (round(sum(c[i] for c in colours) / len(colours)) for i in range(3))
    return "#" + "".join(f"{c:02x}" for c in channels)


def paint_exchange_plot(common: str = "yellow", alice: str = "red", bob: str = "teal") -> Any:
    """The colour story as a picture: the common paint, each secret paint, the mixtures
    sent in public, and the same final colour on both sides. Returns the figure
    (matplotlib is imported only here).

    >>> import matplotlib
    >>> matplotlib.use("Agg")
    >>> len(paint_exchange_plot().axes[0].patches)   # eight paints and the arrow
    9
    """
    import matplotlib.pyplot as plt
    from matplotlib.patches import FancyArrowPatch, Rectangle

    fig, ax = plt.subplots(figsize=(7, 3.6))
    fig.set_label(  # the picture's words for a screen reader (its alt text on a page)
        _(
            "Alice mixes the common paint with her secret paint, Bob with his; they swap "
            "the mixtures in public, each adds their own secret paint, and both get the "
            "same colour."
        )
    )
    rows = [
        (
            _("Alice"),
            [
                (common, _("common paint")),
                (alice, _("her secret paint")),
                (mix(common, alice), _("sent in public")),
                (mix(common, bob, alice), _("the shared colour")),
            ],
        ),
        (
            _("Bob"),
            [
                (common, _("common paint")),
                (bob, _("his secret paint")),
                (mix(common, bob), _("sent in public")),
                (mix(common, alice, bob), _("the shared colour")),
            ],
        ),
    ]
    for row, (name, cells) in enumerate(rows):
        y = 2.0 - row * 2.0
        ax.text(-0.2, y + 0.45, name, ha="right", va="center", fontsize=11, weight="bold")
        for col, (paint, label) in enumerate(cells):
            colour = paint if paint.startswith("#") else mix(paint)
            ax.add_patch(Rectangle((col * 1.6, y), 1.0, 0.9, color=colour, ec="black"))
            ax.text(col * 1.6 + 0.5, y - 0.1, label, ha="center", va="top", fontsize=8)
    ax.add_patch(FancyArrowPatch((3.7, 1.6), (3.7, 1.0), arrowstyle="<->", mutation_scale=12))
    ax.text(3.55, 1.3, _("swapped where Eve can see"), fontsize=8, va="center", ha="right")
    ax.set_xlim(-1.2, 6.4)
    ax.set_ylim(-0.5, 3.0)
    ax.axis("off")
    return fig
