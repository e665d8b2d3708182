"""Steganography: a message hidden in the lowest bits of a picture's red, green and blue
values, read back, looked at, and found by its statistics (the chi-square attack on
pairs of values of Westfeld and Pfitzmann, 1999).

The pictures are drawn here from a seed (:func:`landscape`): no image file is read or
shipped. Nothing here encrypts: a hidden message is only hidden, and whoever looks in
the low bits reads it.

Design notes: ``docs/ciphers.md``, ``cipherkit.ciphers.stego``.

Examples
--------
>>> cover = landscape(160, 120, seed=1)
>>> secret = hide(cover, "Meet me at the old mill at midnight. Bring the map.")
>>> reveal(secret)
'Meet me at the old mill at midnight. Bring the map.'
>>> capacity(160, 120)  # bytes: 3 low bits a pixel, less the 32-bit length header
7196
>>> detect(cover).carries, detect(secret).carries
(False, True)
"""

from __future__ import annotations

import hashlib
import math
import random
from typing import NamedTuple

import numpy as np
from PIL import Image

from cipherkit.ciphers.text import check_text
from cipherkit.core.errors import CipherkitError
from cipherkit.i18n import N_

__all__ = [
    "HEADER_BITS",
    "MAX_PIXELS",
    "MAX_SIDE",
    "PairsTest",
    "Verdict",
    "capacity",
    "detect",
    "hide",
    "landscape",
    "low_bits",
    "mystery",
    "pairs_test",
    "reveal",
    "scan",
    "suspects",
]

MAX_PIXELS = 1_000_000
"""The most pixels (width × height) a picture may have: a megapixel."""
MAX_SIDE = 4_000
"""The widest or highest picture (pixels)."""
HEADER_BITS = 32
"""The low bits before the message: its length in bytes, a 32-bit number."""
MIN_PAIR = 10
"""The fewest values a pair of values must count to take part in the chi-square test
(an expected count of 5 or more for each value, the usual rule)."""
SURE = 0.05
"""The chance from which :func:`detect` says a picture carries a message: the test's
usual level (below 5%, pairs as uneven as these are seldom left by a message)."""
_SIDES = (8, 1_000)
"""The smallest and largest side of a :func:`landscape`."""
_MESSAGES = (
    "THE KEY IS UNDER THE BLUE STONE",
    "MEET ME AT THE LIGHTHOUSE AT DUSK",
    "THE BOAT LEAVES AT MIDNIGHT",
    "LOOK BEHIND THE WATERFALL",
    "BRING THE MAP AND A LANTERN",
    "THE EAGLE FLIES AT NOON",
    "WAIT BY THE OLD OAK TREE",
    "THE PASSWORD IS LIGHTHOUSE",
)
"""Made-up messages (cipherkit's own) hidden by :func:`mystery` and :func:`suspects`."""


class PairsTest(NamedTuple):
    """The chi-square test of pairs of values on the first ``fraction`` of a picture's
    low bits (Westfeld and Pfitzmann, 1999)."""

    fraction: float
    """The share of the picture's values tested, from its first pixel on (0 to 1)."""
    chi2: float
    """How far each pair's two counts (2k and 2k + 1) are from their mean, summed."""
    df: int
    """Degrees of freedom: the pairs counted, less one."""
    p: float
    """The chance of a message: near 1 when the pairs are as even as hiding makes them,
    near 0 when they are as uneven as a picture's own are."""


class Verdict(NamedTuple):
    """What :func:`detect` concludes about a picture."""

    carries: bool
    """Whether the picture seems to carry a message in its low bits."""
    p: float
    """The chance of a message in the picture's first low bits (0 to 1)."""
    fraction: float
    """The share of the low bits that look like a message, from the first on."""


def _picture(image: object) -> np.ndarray:
    """The picture's red, green and blue values, height × width × 3 (a copy)."""
    if not isinstance(image, Image.Image):
        raise CipherkitError.say(
            "expected a picture (a Pillow image), not {kind}", kind=type(image).__name__
        )
    width, height = image.size
    if width > MAX_SIDE or height > MAX_SIDE or width * height > MAX_PIXELS:
        raise CipherkitError.say(
            "the picture is {width}×{height} pixels, more than the {limit} pixels allowed",
            width=width,
            height=height,
            limit=format(MAX_PIXELS, ","),
        )
    if not width or not height:
        raise CipherkitError.say("the picture has no pixels")
    return np.array(image.convert("RGB"), dtype=np.uint8)


_WHOLE = {
    "width": N_("the width is a whole number from {low} to {high}, not {value}"),
    "height": N_("the height is a whole number from {low} to {high}, not {value}"),
    "seed": N_("the seed is a whole number from {low} to {high}, not {value}"),
    "steps": N_("the number of steps is a whole number from {low} to {high}, not {value}"),
}
"""What each whole-number argument refuses."""


def _whole(value: object, low: int, high: int, what: str) -> int:
    """``value`` if it is a whole number from ``low`` to ``high`` (``what``: a key of
    :data:`_WHOLE`)."""
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise CipherkitError.say(_WHOLE[what], low=low, high=high, value=repr(value)[:20])
    return value


def capacity(width: int, height: int) -> int:
    """How many bytes of message a ``width`` × ``height`` picture holds: one bit in the
    lowest bit of each red, green and blue value, less the :data:`HEADER_BITS` of the
    length. A letter of plain English is one byte (UTF-8); a Russian letter two.

    >>> capacity(4, 4), capacity(1000, 1000)
    (2, 374996)
    >>> capacity(0, 10)
    Traceback (most recent call last):
    ...
    cipherkit.core.errors.CipherkitError: the width is a whole number from 1 to 4000, not 0
    """
    wide = _whole(width, 1, MAX_SIDE, "width")
    high = _whole(height, 1, MAX_SIDE, "height")
    return max(0, (wide * high * 3 - HEADER_BITS) // 8)


def _mixed(data: bytes) -> bytes:
    """``data`` XOR a fixed public pattern (SHA-256 of a counter, the same for everyone):
    the hidden bits come out as even as coin flips, as an encrypted message's would,
    and the same XOR takes the pattern off again. It is no key: anyone can undo it."""
    blocks = (len(data) + 31) // 32
    pattern = b"".join(hashlib.sha256(b"cipherkit stego %d" % i).digest() for i in range(blocks))
    mixed = np.frombuffer(data, dtype=np.uint8) ^ np.frombuffer(pattern[: len(data)], np.uint8)
    return mixed.tobytes()


def hide(image: Image.Image, text: str) -> Image.Image:
    """A copy of ``image`` (as RGB) with ``text`` in the lowest bits of its values, pixel
    by pixel from the top left, red, green and blue in turn: first the text's length
    in bytes (:data:`HEADER_BITS` bits), then its UTF-8 bytes, highest bit first. Each
    value changes by at most 1 of 255: the eye sees no difference.

    >>> cover = landscape(40, 30, seed=2)
    >>> secret = hide(cover, "Привет")
    >>> reveal(secret), int(np.abs(np.int16(np.array(secret)) - np.array(cover)).max())
    ('Привет', 1)
    >>> hide(cover, "x" * 500)
    Traceback (most recent call last):
    ...
    cipherkit.core.errors.CipherkitError: the message needs 500 bytes and the picture holds \
at most 446: use a bigger picture or a shorter message
    """
    values = _picture(image)
    data = check_text(text).encode("utf-8")
    if not data:
        raise CipherkitError.say("the message is empty: give at least one character to hide")
    height, width, _channels = values.shape
    room = capacity(width, height)
    if len(data) > room:
        raise CipherkitError.say(
            "the message needs {need} bytes and the picture holds at most {room}: use a "
            "bigger picture or a shorter message",
            need=len(data),
            room=room,
        )
    payload = _mixed(len(data).to_bytes(HEADER_BITS // 8, "big") + data)
    bits = np.unpackbits(np.frombuffer(payload, dtype=np.uint8))
    flat = values.reshape(-1)
    flat[: len(bits)] = (flat[: len(bits)] & 0xFE) | bits
    return Image.fromarray(values, "RGB")


def reveal(image: Image.Image) -> str:
    """The text :func:`hide` put in ``image``'s low bits. A picture whose low bits hold
    no message is refused: its length header is 0 or more than the picture holds, or
    its bytes are not UTF-8 text.

    >>> reveal(landscape(40, 30, seed=2))
    Traceback (most recent call last):
    ...
    cipherkit.core.errors.CipherkitError: the low bits hold no message: their length \
header says ... bytes and the picture holds at most 446
    """
    values = _picture(image)
    height, width, _channels = values.shape
    room = capacity(width, height)
    low = values.reshape(-1) & 1
    if low.size < HEADER_BITS:
        raise CipherkitError.say("the picture is too small to hold a message")
    header = _mixed(np.packbits(low[:HEADER_BITS]).tobytes())
    length = int.from_bytes(header, "big")
    if not 0 < length <= room:
        raise CipherkitError.say(
            "the low bits hold no message: their length header says {length} bytes and "
            "the picture holds at most {room}",
            length=length,
            room=room,
        )
    data = _mixed(np.packbits(low[: HEADER_BITS + 8 * length]).tobytes())[HEADER_BITS // 8 :]
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        raise CipherkitError.say(
            "the low bits hold no message: their bytes are not UTF-8 text"
        ) from None


def low_bits(image: Image.Image) -> Image.Image:
    """The picture's plane of lowest bits, made visible: each red, green and blue value
    becomes 255 where its lowest bit is 1 and 0 where it is 0. In a drawn picture the
    plane shows the picture's shapes; where a message lies, it is static.

    >>> plane = np.array(low_bits(hide(landscape(40, 30, seed=2), "hello")))
    >>> sorted(set(plane.reshape(-1).tolist()))
    [0, 255]
    """
    values = _picture(image)
    return Image.fromarray(((values & 1) * 255).astype(np.uint8), "RGB")


def _upper_gamma(a: float, x: float) -> float:
    """The regularised upper incomplete gamma function Q(a, x) (Numerical Recipes: the
    series below a + 1, the continued fraction above)."""
    if x <= 0:
        return 1.0
    front = a * math.log(x) - x - math.lgamma(a)
    if x < a + 1:
        term = total = 1.0 / a
        n = a
        for _step in range(1000):
            n += 1
            term *= x / n
            total += term
            if abs(term) < abs(total) * 1e-15:
                break
        return max(0.0, 1.0 - total * math.exp(front))
    tiny = 1e-300
    b = x + 1 - a
    c = 1 / tiny
    d = 1 / b
    h = d
    for i in range(1, 1000):
        an = -i * (i - a)
        b += 2
        d = an * d + b
        d = tiny if abs(d) < tiny else d
        c = b + an / c
        c = tiny if abs(c) < tiny else c
        d = 1 / d
        h *= d * c
        if abs(d * c - 1) < 1e-15:
            break
    return min(1.0, math.exp(front) * h)


def _fraction(value: object) -> float:
    if (
        isinstance(value, bool)
        or not isinstance(value, int | float)
        or not 0 < value <= 1
        or math.isnan(value)
    ):
        raise CipherkitError.say(
            "the share to test is a number above 0 and at most 1, not {value}", value=value
        )
    return float(value)


def _test(values: np.ndarray, fraction: float) -> PairsTest:
    counts = np.bincount(values, minlength=256).astype(np.float64)
    evens, odds = counts[0::2], counts[1::2]
    used = evens + odds >= MIN_PAIR
    expected = (evens[used] + odds[used]) / 2
    chi2 = float(np.sum((evens[used] - expected) ** 2 / expected))
    df = int(used.sum()) - 1
    p = _upper_gamma(df / 2, chi2 / 2) if df > 0 else 0.0
    return PairsTest(round(fraction, 6), chi2, max(df, 0), p)


def pairs_test(image: Image.Image, fraction: float = 1.0) -> PairsTest:
    """The chi-square test of pairs of values on the first ``fraction`` of the picture's
    values. Hiding a bit sets a value's lowest bit, so it turns 2k into 2k + 1 or back:
    where a message lies, each pair of counts (how many values are 2k, how many 2k + 1)
    comes out nearly even, much more even than in a picture no one touched. ``p`` is the
    chance of a message: 1 minus the chi-square distribution at ``chi2``.

    >>> cover = landscape(160, 120, seed=3)
    >>> round(pairs_test(cover, 0.05).p, 3), round(pairs_test(hide(cover, "a" * 400), 0.05).p, 3)
    (0.0, 1.0)
    >>> pairs_test(cover, 0)
    Traceback (most recent call last):
    ...
    cipherkit.core.errors.CipherkitError: the share to test is a number above 0 and at most \
1, not 0
    """
    share = _fraction(fraction)
    flat = _picture(image).reshape(-1)
    return _test(flat[: max(1, round(flat.size * share))], share)


def scan(image: Image.Image, steps: int = 20) -> list[PairsTest]:
    """:func:`pairs_test` on a growing share of the picture: the first 1/``steps``, the
    first 2/``steps``, … all of it. A message hidden from the first pixel on gives a
    chance near 1 until the tested share passes its end.

    >>> [round(t.p, 2) for t in scan(hide(landscape(160, 120, seed=3), "a" * 2500), 5)]
    [1.0, 0.0, 0.0, 0.0, 0.0]
    """
    count = _whole(steps, 1, 100, "steps")
    flat = _picture(image).reshape(-1)
    return [
        _test(flat[: max(1, round(flat.size * i / count))], i / count) for i in range(1, count + 1)
    ]


def detect(image: Image.Image, steps: int = 100) -> Verdict:
    """Whether ``image`` seems to carry a message hidden from its first pixel on, and how
    sure: :func:`scan` in ``steps`` steps; the verdict's chance is the first step's, and
    its share is how far the chance stays above :data:`SURE`. A message much shorter
    than one step (here, the first 1% of the values) is too short to tell.

    >>> cover = landscape(160, 120, seed=5)
    >>> detect(cover)
    Verdict(carries=False, p=0.0, fraction=0.0)
    >>> found = detect(hide(cover, "The eagle flies at noon. " * 20))
    >>> found.carries, round(found.p, 2), found.fraction
    (True, 0.96, 0.07)
    """
    tests = scan(image, steps)
    share = 0.0
    for test in tests:
        if test.p < SURE:
            break
        share = test.fraction
    first = tests[0].p
    return Verdict(first >= SURE, round(first, 6), share)


def _ridge(rng: random.Random, width: int, base: float, height: float) -> np.ndarray:
    """A skyline: a few sine waves of random phase summed, ``base`` ± ``height``."""
    x = np.arange(width) / width
    line = np.full(width, base)
    for k in (1, 2, 3, 5, 8):
        line += height / k * np.sin(2 * np.pi * (k * x + rng.random()))
    return line


def landscape(width: int = 160, height: int = 120, seed: int = 0) -> Image.Image:
    """A drawn landscape to hide messages in, the same for the same ``seed``: a sky
    paler towards the horizon, a sun, mountains and grassy hills (the grass with random
    texture). No image file is read: every pixel is computed here. Sides of 8 to 1000
    pixels.

    >>> picture = landscape(seed=7)
    >>> picture.size, picture.mode, picture == landscape(seed=7)
    ((160, 120), 'RGB', True)
    >>> landscape(2000, 100)
    Traceback (most recent call last):
    ...
    cipherkit.core.errors.CipherkitError: the width is a whole number from 8 to 1000, not 2000
    """
    wide = _whole(width, *_SIDES, "width")
    high = _whole(height, *_SIDES, "height")
    number = _whole(seed, 0, 2**32 - 1, "seed")
    rng = random.Random(number)
    noise = np.random.default_rng(number)
    y = (np.arange(high) / high)[:, None, None]
    x = (np.arange(wide) / wide)[None, :, None]
    top = np.array([30 + rng.randrange(40), 70 + rng.randrange(50), 150 + rng.randrange(60)])
    horizon = np.array([200 + rng.randrange(30), 210 + rng.randrange(30), 235])
    glow = np.clip(y[..., 0] / 0.65, 0, 1)[..., None] ** 1.6
    picture = top + (horizon - top) * glow + 0 * x
    # The sky's grain moves a value by whole steps of 2: its lowest bit stays the sky's.
    picture = 2 * np.floor(picture / 2) + 2 * np.rint(noise.normal(0, 3.0, (high, wide, 3)))
    sun_x, sun_y = 0.15 + 0.7 * rng.random(), 0.12 + 0.2 * rng.random()
    sun = (x[..., 0] - sun_x) ** 2 * (wide / high) ** 2 + (y[..., 0] - sun_y) ** 2 < 0.008
    picture[sun] = (255, 236, 150)
    rows = np.arange(high)[:, None] / high
    peaks = _ridge(rng, wide, 0.45, 0.12)[None, :]
    rock = rows > peaks
    shade = np.array([95, 100, 125]) + 60 * (rows - peaks)[..., None]
    picture[rock] = shade[rock]
    snow = rock & (rows < peaks + 0.04)
    picture[snow] = (235, 240, 245)
    hills = rows > _ridge(rng, wide, 0.68, 0.06)[None, :]
    grass = np.array([60, 130 + rng.randrange(40), 50]) - 50 * (rows - 0.68)[..., None]
    texture = noise.normal(0, 9, (high, wide, 1)) * np.array([0.6, 1.0, 0.5])
    picture[hills] = (grass + texture)[hills]
    return Image.fromarray(np.clip(np.rint(picture), 0, 255).astype(np.uint8), "RGB")


def mystery(seed: int) -> Image.Image:
    """A :func:`landscape` of ``seed`` with one of cipherkit's made-up messages hidden in
    it, chosen by the seed (a lesson's exercise: :func:`reveal` reads it).

    >>> reveal(mystery(3)) == reveal(mystery(3)), mystery(3).size
    (True, (160, 120))
    """
    number = _whole(seed, 0, 2**32 - 1, "seed")
    return hide(landscape(seed=number), random.Random(number).choice(_MESSAGES))


def suspects(seed: int) -> dict[str, Image.Image]:
    """Two landscapes, ``"A"`` and ``"B"``, of which one carries a made-up message, chosen
    by ``seed`` (a lesson's exercise: which one?). The two look alike to the eye.

    >>> pair = suspects(1)
    >>> sorted(pair), sum(detect(picture).carries for picture in pair.values())
    (['A', 'B'], 1)
    """
    number = _whole(seed, 0, 2**32 - 1, "seed")
    rng = random.Random(number)
    pictures = {name: landscape(seed=rng.randrange(2**32)) for name in "AB"}
    carrier = rng.choice("AB")
    pictures[carrier] = hide(pictures[carrier], rng.choice(_MESSAGES) * 3)
    return pictures
