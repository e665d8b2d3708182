"""Join codes: a room's name that people read aloud, as ``WORD-DDDDD-WORD``.

Two words of :data:`WORDS` around five digits, drawn with :mod:`secrets`: 32.61 bits
(why that is enough: docs/rooms.md, "Join codes"). :func:`normalize_code` ignores case,
spaces, dashes and dots, and reads a code typed with the Russian keyboard layout on as the
QWERTY keys pressed.
"""

from __future__ import annotations

import math
import re
import secrets

from cipherkit.i18n.keyboard import as_qwerty

__all__ = ["CODE_BITS", "DIGITS", "WORDS", "new_code", "normalize_code"]

WORDS: tuple[str, ...] = tuple(
    str.split(
        """
    acorn almond anchor apple arrow badge badger bagel baker balloon banana banjo barrel
    basket beacon beaver beetle bison blanket bottle bridge broom brush bubble bucket
    button cabin cactus camel camera candle candy canoe canvas canyon carpet carrot
    castle cedar chair cheese cherry chimney circus cliff clock cloud clown cobra cobweb
    cocoa coffee comet compass cookie cottage cotton crab crayon cricket crown dagger
    daisy desert diamond doctor dolphin donkey dragon drum eagle engine falcon farmer
    feather fern finch flute forest fork fossil garden garlic gecko giant ginger glacier
    glove goat goblin goose grape gravel guitar hammer hammock hamster harbor harp hawk
    hazel helmet heron hippo honey iceberg igloo island jacket jelly jigsaw jungle kayak
    kettle kitten kiwi koala ladder lagoon lantern lemon lettuce lily lime lion lizard
    llama lobster magnet magpie mango maple marble market meadow melon meteor mirror
    monkey moose moss muffin museum mustard napkin needle nest noodle ocean octopus
    olive onion orange orbit orchid ostrich otter owl oyster paddle pancake panda parrot
    pasta peacock peanut pebble pencil penguin pepper pickle pigeon pillow pilot pirate
    pizza planet pocket pony potato pretzel puffin pumpkin puppy puzzle quilt rabbit
    radio radish rainbow raven ribbon river robin robot rocket rooster saddle salad
    salmon sandal scarf school scooter shark shovel sled sloth snail spider spoon squid
    stamp storm sugar summer sweater table taco tailor teapot thimble ticket tiger toast
    toaster tomato tower tractor train trophy trumpet tuba tulip tunnel turnip turtle
    valley velvet violin volcano waffle wagon wallet walnut walrus wasp whistle willow
    window winter wizard wolf yogurt zebra zipper
        """
    )
)
"""The 256 words of join codes (lower case here, upper case in codes)."""

DIGITS = 5
"""Digits in the middle of a code."""

CODE_BITS = 2 * math.log2(len(WORDS)) + DIGITS * math.log2(10)
"""How many bits of chance a code carries (32.61)."""

_WORD_SET = frozenset(WORDS)
_CODE = re.compile(rf"([A-Z]+)([0-9]{{{DIGITS}}})([A-Z]+)")


def new_code() -> str:
    """A fresh random code, ``WORD-DDDDD-WORD`` in capitals."""
    first, last = secrets.choice(WORDS), secrets.choice(WORDS)
    number = secrets.randbelow(10**DIGITS)
    return f"{first.upper()}-{number:0{DIGITS}d}-{last.upper()}"


def normalize_code(text: str) -> str | None:
    """The code in canonical form, or ``None`` if ``text`` cannot be a code.

    Case, spaces, dashes, dots and underscores do not matter; the words must be words of
    :data:`WORDS`. Russian (ЙЦУКЕН) letters count as the QWERTY keys they sit on: a code
    typed in the wrong layout is read as meant.

    Examples
    --------
    >>> from cipherkit.rooms.codes import CODE_BITS, new_code, normalize_code
    >>> round(CODE_BITS, 2)
    32.61
    >>> normalize_code(" tiger 48213.moss ")
    'TIGER-48213-MOSS'
    >>> normalize_code("tiger-4821-moss") is None
    True
    >>> normalize_code(new_code()) is not None
    True
    >>> normalize_code("ЕШПУК 48213 ЬЩЫЫ")  # TIGER 48213 MOSS on a Russian keyboard
    'TIGER-48213-MOSS'
    """
    if not isinstance(text, str) or len(text) > 64:
        return None
    squeezed = re.sub(r"[\s\-_.]+", "", as_qwerty(text)).upper()
    match = _CODE.fullmatch(squeezed)
    if match is None:
        return None
    first, digits, last = match.groups()
    if first.lower() not in _WORD_SET or last.lower() not in _WORD_SET:
        return None
    return f"{first}-{digits}-{last}"
