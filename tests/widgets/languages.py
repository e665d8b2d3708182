"""What a page in another language may show: no run of three or more Latin letters in
any word a person reads (issue 47), but for card notation, codes and names.

A view's strings are walked whole; the keys a page uses as data (ids of moves, phases,
roles) and never shows are left out.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from typing import Any

LATIN_RUN = re.compile(r"[A-Za-z]{3,}")
"""Three Latin letters in a row: an English word left in a Russian page."""

PLACEHOLDER = re.compile(r"\{\w+\}")
"""A ``{name}`` the page fills in (the widget's ``words`` hold them)."""

DATA_KEYS = frozenset(
    {"legal", "phase", "to_move", "declarer", "guesser", "result", "game", "viewer", "id"}
)
"""View keys whose values are data for the page's code, never shown as words."""


def strings(value: Any, skip: frozenset[str] = DATA_KEYS) -> Iterator[str]:
    """Every string in a JSON-like value, but under the keys in ``skip``."""
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for key, item in value.items():
            if key not in skip:
                yield from strings(item, skip)
    elif isinstance(value, list | tuple):
        for item in value:
            yield from strings(item, skip)


def latin_runs(
    value: Any, allowed: Iterable[str] = (), skip: frozenset[str] = DATA_KEYS
) -> list[str]:
    """The strings of ``value`` with an English-looking run of letters, once the
    ``allowed`` words (names, codes) and the ``{placeholders}`` are taken out.

    >>> latin_runs({"log": ["Бот кладёт Q♠", "Ada skips"], "legal": ["play QS"]}, ["Ada"])
    ['Ada skips']
    """
    found = []
    for text in strings(value, skip):
        bare = PLACEHOLDER.sub("", text)
        for word in allowed:
            bare = bare.replace(word, "")
        if LATIN_RUN.search(bare):
            found.append(text)
    return found
