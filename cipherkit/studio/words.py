"""The studio's small words: what kind of value the page sent, the playtest's difficulty
labels and loss causes, each from the catalog in the language in force.

>>> from cipherkit.i18n import speaking
>>> str(kind_words(3)), difficulty_words("very hard"), loss_words("out of time")
('a number', 'very hard', 'out of time')
>>> with speaking("ru"):
...     str(kind_words([1])), difficulty_words("easy"), loss_words("stalled")
('список', 'лёгкая', 'застряли')
"""

from __future__ import annotations

from typing import Any

from cipherkit.i18n import Message, pgettext, say

__all__ = ["difficulty_words", "kind_words", "loss_words"]


def kind_words(value: Any) -> Message:
    """How a value's type reads in a refusal ("not a number"), as a message.

    >>> [str(kind_words(v)) for v in ("x", None, True, {})]
    ['text', 'empty (null)', 'true/false', 'a mapping']
    """
    if value is None:
        return say("empty (null)")
    if isinstance(value, bool):
        return say("true/false")
    if isinstance(value, int | float):
        return say("a number")
    if isinstance(value, str):
        return say("text")
    if isinstance(value, list | tuple):
        return say("a list")
    if isinstance(value, dict):
        return say("a mapping")
    return say("something else ({type})", type=type(value).__name__)


def difficulty_words(label: str) -> str:
    """A difficulty rating's word (:data:`cipherkit.playtest.stats.LEVELS`)."""
    words = {
        "easy": pgettext("difficulty", "easy"),
        "medium": pgettext("difficulty", "medium"),
        "hard": pgettext("difficulty", "hard"),
        "very hard": pgettext("difficulty", "very hard"),
        "brutal": pgettext("difficulty", "brutal"),
    }
    return words.get(label, label)


def loss_words(cause: str) -> str:
    """What ended a lost game (:data:`cipherkit.playtest.stats.LOSS_CAUSES`)."""
    words = {
        "wrong answer": pgettext("loss", "wrong answer"),
        "out of time": pgettext("loss", "out of time"),
        "stalled": pgettext("loss", "stalled"),
    }
    return words.get(cause, cause)
