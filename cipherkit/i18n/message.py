"""A structured message: an id (its English words) and its parameters, in no language.

Engines raise and return these; the seat that shows one turns it into words in its
viewer's language (``str(message)`` or :meth:`Message.words`). A record stores none.

Examples
--------
>>> from cipherkit.i18n import say, speaking
>>> m = say("it is {name}'s turn", name="Mara")
>>> m.id, dict(m.params)
("it is {name}'s turn", {'name': 'Mara'})
>>> str(m)
"it is Mara's turn"
>>> with speaking("ru"):
...     str(say("the game is over"))
'игра окончена'
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

from cipherkit.i18n.words import _, language, ngettext, pgettext, speaking


@dataclass(frozen=True)
class Message:
    """An id (English, with ``{placeholders}``), its parameters, and a plural if it has one."""

    id: str
    params: Mapping[str, Any] = field(default_factory=dict)
    plural: str | None = None
    count: int | None = None
    context: str | None = None
    """A catalog context telling two same English words apart (``"suit"``)."""

    def words(self, lang: str | None = None) -> str:
        """The message in ``lang`` (default: the language in force); nested messages too."""
        with speaking(lang or language()):
            params = {k: (str(v) if isinstance(v, Message) else v) for k, v in self.params.items()}
            if self.plural is not None:
                return ngettext(self.id, self.plural, self.count or 0, **params)
            if self.context is not None:
                return pgettext(self.context, self.id, **params)
            return _(self.id, **params)

    def __str__(self) -> str:
        return self.words()

    @classmethod
    def from_json(cls, data: Any) -> Message:
        """The message :meth:`to_json` wrote (nested ones too); plain text is a message
        of its own words.

        >>> m = say("it is {name}'s turn", name="Mara")
        >>> Message.from_json(m.to_json()) == m, str(Message.from_json("Round 1."))
        (True, 'Round 1.')
        """
        if isinstance(data, Message):
            return data
        if not _is_message(data):
            return text(str(data))
        params = {
            key: (cls.from_json(value) if _is_message(value) else value)
            for key, value in dict(data["params"]).items()
        }
        return cls(
            str(data["id"]), params, data.get("plural"), data.get("count"), data.get("context")
        )

    def to_json(self) -> dict[str, Any]:
        """``{"id", "params"}`` (and ``plural``/``count``): JSON-safe, no words in it."""
        out: dict[str, Any] = {
            "id": self.id,
            "params": {
                k: (v.json if isinstance(v, Message) else v) for k, v in self.params.items()
            },
        }
        if self.plural is not None:
            out |= {"plural": self.plural, "count": self.count}
        if self.context is not None:
            out["context"] = self.context
        return out

    @cached_property
    def json(self) -> dict[str, Any]:
        """:meth:`to_json`, written once and shared (read it, do not change it): messages
        are values, and a game's log is read again and again and names the same players
        and cards in line after line.

        >>> m = say("the game is over")
        >>> m.json == m.to_json() and m.json is m.json
        True
        """
        return self.to_json()


def say(id: str, /, **params: Any) -> Message:
    """A message with its parameters (the catalog extracts ``say("…")`` calls)."""
    # made without the frozen dataclass's __init__ (five object.__setattr__ calls): a
    # game says a few of these for each action it applies (bench/decipher_playouts.py)
    message = _new(Message)
    message.__dict__.update(id=id, params=params)  # plural, count, context: the defaults
    return message


_new = object.__new__


def psay(context: str, id: str, /, **params: Any) -> Message:
    """A message in a catalog context (``psay("suit", "blue")``: the colour of a suit).

    >>> from cipherkit.i18n import speaking
    >>> with speaking("ru"):
    ...     str(psay("suit", "blue"))
    'синий'
    """
    return Message(id, dict(params), context=context)


def nsay(singular: str, plural: str, count: int, /, **params: Any) -> Message:
    """A message whose words depend on ``count`` (``{n}`` is the count).

    >>> str(nsay("{n} glyph left", "{n} glyphs left", 3))
    '3 glyphs left'
    """
    message = _new(Message)  # as in say(): a turn's end says how many cards were drawn
    message.__dict__.update(id=singular, params={"n": count, **params}, plural=plural, count=count)
    return message


def text(words: str | Message) -> Message:
    """A message for text that is already words (a name, a reason from outside the catalog)."""
    return words if isinstance(words, Message) else Message("{text}", {"text": words})


def _is_message(value: Any) -> bool:
    return (
        isinstance(value, Mapping)
        and "id" in value
        and "params" in value
        and set(value) <= {"id", "params", "plural", "count", "context"}
    )


def words_of(data: Any) -> str:
    """A message, its JSON or plain text, in the language in force.

    >>> words_of(say("the game is over").to_json()), words_of("as it is")
    ('the game is over', 'as it is')
    """
    return data if isinstance(data, str) else Message.from_json(data).words()
