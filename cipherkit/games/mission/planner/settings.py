"""How well the planner plays: its levels and ``key=value`` options."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from cipherkit.core.errors import CipherkitError


@dataclass(frozen=True, slots=True)
class PlannerSettings:
    """How well the planner plays (the levels: docs/playtest.md, The bots).

    >>> PlannerSettings.level_named("strong").peril_risk
    0.1
    >>> PlannerSettings.parse("weak,confidence=0.5").confidence
    0.5
    """

    level: str = "normal"
    confidence: float = 1.0
    """Propose when the answer model gives the best candidate at least this chance."""
    use_words: bool = True
    """Read partial answers against the word list (else wait for every answer window)."""
    use_intel: bool = True
    use_abilities: bool = True
    avoid_traps: bool = True
    careful_peril: bool = True
    """In Peril, draw only while the next card is unlikely to lose the game."""
    coordinate: bool = True
    """Count rooms a teammate stands in half (spread out)."""
    low_cards_first: bool = True
    end_early: bool = True
    """End the turn after one action when a second would not help."""
    desperate: bool = False
    """Guess among a few candidates when time is about to run out."""
    blunder: float = 0.0
    """Chance of a random legal main action."""
    anticipate: bool = False
    """Count rooms teammates reach sooner at a discount too."""
    focus: bool = True
    """Once few candidates are left, chase only the glyphs that tell them apart."""
    peril_confidence: float = 1.0
    """In Peril, once a time card has been drawn, propose at this chance already."""
    peril_risk: float = 0.2
    """In Peril, the largest chance of drawing a losing time card the team accepts."""
    propose: bool = True
    """Propose answers. ``propose=off`` is the team-mate of a person on a page: it plays
    cards, opens windows and votes on the person's proposal, but never answers for them."""

    @staticmethod
    def level_named(level: str) -> PlannerSettings:
        """The settings of the planner level named ``level``; an unknown one is a one-line error."""
        try:
            return LEVELS[level]
        except KeyError:
            known = ", ".join(LEVELS)
            raise CipherkitError.say(
                "unknown planner level {level!r} (known: {known})", level=level, known=known
            ) from None

    @staticmethod
    def parse(option: str) -> PlannerSettings:
        """``LEVEL[,key=value...]``: ``confidence``, ``peril_risk`` and ``blunder`` take a
        number, ``words``, ``intel``, ``abilities``, ``traps``, ``peril``,
        ``coordinate``, ``anticipate``, ``focus``, ``desperate`` and ``propose`` take
        ``on`` or ``off``."""
        parts = [p.strip() for p in option.split(",") if p.strip()]
        settings = LEVELS["normal"]
        if parts and "=" not in parts[0]:
            settings = PlannerSettings.level_named(parts.pop(0))
        for part in parts:
            key, sep, value = part.partition("=")
            if not sep:
                raise CipherkitError.say("planner option {option!r}: write key=value", option=part)
            settings = _set_option(settings, key.strip(), value.strip())
        return settings


def _set_option(settings: PlannerSettings, key: str, value: str) -> PlannerSettings:
    try:
        if key == "confidence":
            number = float(value)
            if not 0.0 < number <= 1.0:
                raise ValueError
            return replace(settings, confidence=number)
        if key in ("peril_risk", "blunder"):
            number = float(value)
            if not 0.0 <= number <= 1.0:
                raise ValueError
            changes: dict[str, Any] = {key: number}  # a float field named by the option
            return replace(settings, **changes)
        if key in SWITCHES:
            if value not in ("on", "off"):
                raise ValueError
            switch: dict[str, Any] = {SWITCHES[key]: value == "on"}  # a bool field
            return replace(settings, **switch)
    except ValueError:
        raise CipherkitError.say(
            "planner option {key}={value!r} is out of range", key=key, value=value
        ) from None
    known = ", ".join(["confidence", "peril_risk", "blunder", *SWITCHES])
    raise CipherkitError.say(
        "unknown planner option {key!r} (known: {known})", key=key, known=known
    )


SWITCHES = {
    "words": "use_words",
    "intel": "use_intel",
    "abilities": "use_abilities",
    "traps": "avoid_traps",
    "peril": "careful_peril",
    "coordinate": "coordinate",
    "focus": "focus",
    "anticipate": "anticipate",
    "desperate": "desperate",
    "propose": "propose",
}
"""``key=on|off`` options and the settings they switch."""


_WEAK_OFF = (
    "use_words",
    "use_intel",
    "use_abilities",
    "avoid_traps",
    "careful_peril",
    "coordinate",
    "low_cards_first",
    "end_early",
    "focus",
)
"""The skills (on at the normal level) that the weak level plays without."""

_WITHOUT_SKILLS: dict[str, Any] = dict.fromkeys(_WEAK_OFF, False)  # bool fields, by name

LEVELS: dict[str, PlannerSettings] = {
    "weak": PlannerSettings(level="weak", blunder=0.1, **_WITHOUT_SKILLS),
    "normal": PlannerSettings(level="normal"),
    "strong": PlannerSettings(level="strong", peril_risk=0.1, anticipate=True),
}
