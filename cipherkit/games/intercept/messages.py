"""Intercept's words as structured messages: the sides' names, clause lists, and a
message read back from its JSON (the log and the end reason are kept as JSON).

The engine says nothing in any language: it keeps :class:`~cipherkit.i18n.Message`
values (an id and its parameters), and whoever shows one turns it into words in the
viewer's language. A side is named by a nested message (*White*, or *White's* where
it owns something: Russian puts it in another case).

Examples
--------
>>> from cipherkit.i18n import speaking
>>> line = say("{owner} Encryptor writes clue {count}.", owner=team_owner("white"), count=1)
>>> str(line)
"White's Encryptor writes clue 1."
>>> with speaking("ru"):
...     words(line.to_json())
'Шифровальщик белых пишет подсказку 1.'
>>> str(clauses([say("{team} intercepts", team=team_title("black")), say("the game is over")]))
'Black intercepts; the game is over'
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from cipherkit.i18n import N_, SOURCE, Message, say, text

__all__ = [
    "TEAM_OWNERS",
    "TEAM_TITLES",
    "clauses",
    "english",
    "from_json",
    "say",
    "team_owner",
    "team_title",
    "words",
]

TEAM_TITLES: dict[str, str] = {
    "white": N_("White"),
    "black": N_("Black"),
    "interceptor": N_("Interceptor"),
}
"""Each side's name as people read it (the id of its message)."""

TEAM_OWNERS: dict[str, str] = {
    "white": N_("White's"),
    "black": N_("Black's"),
    "interceptor": N_("Interceptor's"),
}
"""Each side's name where it owns something (``White's code``)."""


def team_title(team: str) -> Message:
    """The side's name (``"white"`` -> *White*; an unknown name as it is, capitalised).

    >>> str(team_title("black")), str(team_title("grey"))
    ('Black', 'Grey')
    """
    known = TEAM_TITLES.get(team)
    return Message(known) if known else text(team.capitalize())


def team_owner(team: str) -> Message:
    """The side's name owning something (``"white"`` -> *White's*).

    >>> str(team_owner("interceptor"))
    "Interceptor's"
    """
    known = TEAM_OWNERS.get(team)
    return Message(known) if known else text(f"{team.capitalize()}'s")


def clauses(parts: Sequence[Message]) -> Message:
    """Clauses said one after the other, separated by semicolons (at least one).

    >>> str(clauses([text("a"), text("b"), text("c")]))
    'a; b; c'
    """
    if not parts:
        raise ValueError("clauses needs at least one clause")
    said = parts[-1]
    for part in reversed(parts[:-1]):
        said = say("{first}; {rest}", first=part, rest=said)
    return said


def from_json(data: Any) -> Message:
    """The message written by :meth:`Message.to_json` (nested ones too); plain text (a
    state saved before messages) is a message of its own words.

    >>> m = say("{owner} keywords were {keywords}", owner=team_owner("white"), keywords="a, b")
    >>> from_json(m.to_json()) == m, str(from_json("Round 1."))
    (True, 'Round 1.')
    """
    return Message.from_json(data)


def words(data: Any) -> str:
    """A message (or its JSON, or plain text) in the language in force."""
    return str(data) if isinstance(data, str) else from_json(data).words()


def english(message: Message) -> str:
    """The message in English, the words the code is written in (an event's text, an
    outcome's reason: the same whoever's language is in force)."""
    return message.words(SOURCE)
