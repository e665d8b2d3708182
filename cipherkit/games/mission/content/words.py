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
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from cipherkit.games.mission.content.secret_rules import SECRET_RULES
from cipherkit.i18n import Message, say

__all__ = ["campaign_words", "mission_title", "room_words", "secret_title", "the_room"]


def the_room(name: str) -> str:
    """``name`` after "the", with the room's own article dropped (no "the The")."""
    return f"the {_bare(name)}"


def room_words(name: str) -> Message:
    """:func:`the_room` as a message: in English "the" and the name, in a language with
    no article the name alone."""
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
    """A campaign link (``next``, ``next_title``, ``unlock``, ``text``) as sentences."""
    parts = [link["text"]] if link.get("text") else []
    if link.get("next"):
        title = link.get("next_title") or mission_title(link["next"])
        parts.append(f"Next mission: {title}.")
    if link.get("unlock"):
        parts.append(f"Unlocked: {', '.join(secret_title(u) for u in link['unlock'])}.")
    return " ".join(parts)
