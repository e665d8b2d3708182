"""Words a player reads: rooms with one article, missions and secret rules by title.

The engine's events and the tables name rooms, missions and secret rules; an author's
room may be named "The Stacks", a campaign link names the next mission by its id. These
pure functions turn them into words for a sentence.

>>> the_room("Foyer"), the_room("The Stacks"), the_room("the Boiler Room")
('the Foyer', 'the Stacks', 'the Boiler Room')
>>> str(room_words("The Stacks"))
'the Stacks'
>>> mission_title("signal-box"), mission_title("signal-box", {"signal-box": "Night at the Box"})
('Signal Box', 'Night at the Box')
>>> secret_title("clerks-note")
"The Clerk's Note"
>>> campaign_words({"next": "signal-box", "next_title": "Night at the Signal Box",
...                 "unlock": ["clerks-note"], "text": "On to the railway."})
"On to the railway. Next mission: Night at the Signal Box. Unlocked: The Clerk's Note."
>>> from cipherkit.i18n import speaking
>>> with speaking("ru"):
...     str(campaign_message({"next": "signal-box", "unlock": ["clerks-note", "torn-ticket"]}))
'Следующее задание: Signal Box. Открыты карты секретов: Записка смотрительницы, Надорванный билет.'
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from functools import lru_cache
from typing import Any

from cipherkit.games.mission.content.secret_rules import SECRET_RULES
from cipherkit.i18n import Message, nsay, say, text

__all__ = [
    "campaign_message",
    "campaign_words",
    "log_message",
    "log_words",
    "mission_title",
    "room_words",
    "secret_title",
    "the_room",
]


def the_room(name: str) -> str:
    """``name`` after "the", with the room's own article dropped (no "the The")."""
    return f"the {_bare(name)}"


@lru_cache(maxsize=4096)
def room_words(name: str) -> Message:
    """:func:`the_room` as a message: in English "the" and the name, in a language with
    no article the name alone (one message a name: the log names rooms again and again)."""
    # TRANSLATORS: a room's name in a sentence ("the Foyer"); a language with no article
    # writes the name alone.
    return say("the {room}", room=_bare(name))


def _bare(name: str) -> str:
    return name[4:] if name[:4].lower() == "the " else name


def mission_title(mission_id: str, titles: Mapping[str, str] | None = None) -> str:
    """The mission's title from ``titles`` (id -> title), else its id as words."""
    if titles and titles.get(mission_id):
        return titles[mission_id]
    return " ".join(w.capitalize() for w in re.split(r"[-_\s]+", mission_id) if w)


def secret_title(rule_id: str) -> str:
    """The secret rule card's name (its id as words if it is not a known rule)."""
    rule = SECRET_RULES.get(rule_id)
    return rule.name if rule is not None else mission_title(rule_id)


def campaign_words(link: Mapping[str, Any]) -> str:
    """A campaign link (``next``, ``next_title``, ``unlock``, ``text``) as sentences, in
    the language in force (:func:`campaign_message` is the message)."""
    return str(campaign_message(link))


def campaign_message(link: Mapping[str, Any]) -> Message:
    """A campaign link as a message: the author's line, the next mission, the secret
    rules unlocked (their cards' names said where the message is read)."""
    parts: list[Message | str] = [link["text"]] if link.get("text") else []
    if link.get("next"):
        title = link.get("next_title") or mission_title(link["next"])
        parts.append(say("Next mission: {title}.", title=title))
    if link.get("unlock"):
        names = [_secret_name(u) for u in link["unlock"]]
        listed = Message(
            ", ".join(f"{{rule{i}}}" for i in range(len(names))),
            {f"rule{i}": name for i, name in enumerate(names)},
        )
        parts.append(nsay("Unlocked: {rules}.", "Unlocked: {rules}.", len(names), rules=listed))
    return Message(
        " ".join(f"{{part{i}}}" for i in range(len(parts))),
        {f"part{i}": part for i, part in enumerate(parts)},
    )


def _secret_name(rule_id: str) -> Message:
    """A secret rule card's name as a message (its id as words if it is not known)."""
    rule = SECRET_RULES.get(rule_id)
    return say(rule.name) if rule is not None else text(mission_title(rule_id))


def log_message(entry: Any) -> Message:
    """A line of a mission's log (an observation's ``log``) as a message: the entry is a
    message's JSON (``{"id", "params"}``, and ``plural``, ``count``), its parameters
    messages too where they are; plain text stays as it is.

    >>> from cipherkit.i18n import say, speaking
    >>> entry = say("{name} moves to {room}.", name="Mara", room=room_words("The Stacks"))
    >>> log_words(entry.to_json())
    'Mara moves to the Stacks.'
    >>> with speaking("ru"):
    ...     log_words(entry.to_json())
    'Mara переходит в комнату «Stacks».'
    """
    if not isinstance(entry, Mapping) or not isinstance(entry.get("id"), str):
        return text(str(entry))
    params = {
        key: log_message(value) if isinstance(value, Mapping) and "id" in value else value
        for key, value in (entry.get("params") or {}).items()
    }
    plural, count = entry.get("plural"), entry.get("count")
    return Message(entry["id"], params, plural if isinstance(plural, str) else None, count)


def log_words(entry: Any) -> str:
    """A line of a mission's log in words, in the language in force (:func:`log_message`)."""
    return log_message(entry).words()
