"""Characters and their special abilities, as data.

Design notes: ``docs/design-notes.md``, ``cipherkit.games.mission.content.characters``.

Examples
--------
>>> from cipherkit.games.mission.content.characters import BUILTIN, ABILITIES
>>> [c.id for c in BUILTIN.values()]
['locksmith', 'lookout', 'archivist', 'fixer', 'technician']
>>> sorted(ABILITIES) == sorted({c.ability for c in BUILTIN.values()})
True
>>> BUILTIN["fixer"].to_data()
'fixer'
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from cipherkit.i18n import N_

SLIP, SCOUT, LOWER, PEEK, DISARM = "slip", "scout", "lower", "peek", "disarm"

ABILITIES: dict[str, str] = {
    SLIP: N_("Move to an adjacent room, even through a wall (printed or token)."),
    SCOUT: N_("Reveal the top clue token of a nearby room's stack."),
    LOWER: N_("Discard the top resource card of one action pile."),
    PEEK: N_(
        "Look at the top two clue tokens of a nearby stack in secret; put them back in "
        "either order."
    ),
    DISARM: N_(
        "Discard a face-up camera in a nearby room, or a counter-intel token from an "
        "action card (its resource cards stay)."
    ),
}
"""What each ability does (``N_``-marked English: shown with ``_``)."""


@dataclass(frozen=True, slots=True)
class Character:
    """A playable character: an id, a display name, its ability and a line of flavour."""

    id: str
    name: str
    ability: str
    text: str = ""

    @property
    def ability_text(self) -> str:
        """What the character's special ability does, in words."""
        return ABILITIES[self.ability]

    def to_data(self) -> str | dict[str, Any]:
        """The id alone for an unchanged built-in, else the full mapping."""
        if BUILTIN.get(self.id) == self:
            return self.id
        data: dict[str, Any] = {"id": self.id, "name": self.name, "ability": self.ability}
        if self.text:
            data["text"] = self.text
        return data


BUILTIN: dict[str, Character] = {
    c.id: c
    for c in (
        Character(
            "locksmith",
            "Mara",
            SLIP,
            N_("No door was ever locked to her for long, and walls are only slower doors."),
        ),
        Character(
            "lookout",
            "Teo",
            SCOUT,
            N_("Sees round corners; nobody knows how."),
        ),
        Character(
            "archivist",
            "Ines",
            PEEK,
            N_("Reads a pile of papers without seeming to touch it."),
        ),
        Character(
            "fixer",
            "Sol",
            LOWER,
            N_("Makes the paperwork go away."),
        ),
        Character(
            "technician",
            "Ola",
            DISARM,
            N_("Carries pliers for every kind of wire."),
        ),
    )
}
"""cipherkit's own characters, by id."""

DEFAULT_CHARACTERS: tuple[str, ...] = ("locksmith", "lookout", "archivist", "fixer")
"""What a mission offers when it does not say."""
