"""Secret rules: the cards a campaign unlocks, as data.

Design notes: ``docs/design-notes.md``, ``cipherkit.games.mission.content.secret_rules``.

Examples
--------
>>> from cipherkit.games.mission.content.secret_rules import limits_for, SECRET_RULES
>>> limits_for([])
Limits(run=3, intel=2, gather=2, hand=0, loss_icons=3)
>>> limits_for(["signalmans-diary", "ledger-stub"])
Limits(run=4, intel=2, gather=2, hand=0, loss_icons=4)
>>> SECRET_RULES["torn-ticket"].text
'Every hand holds one card more.'
>>> limits_for(["torn-tiket"])
Traceback (most recent call last):
...
KeyError: "unknown secret rule 'torn-tiket' (did you mean 'torn-ticket'?)"
"""

from __future__ import annotations

import difflib
from collections.abc import Iterable, Mapping
from dataclasses import asdict, dataclass, replace
from typing import Any

from cipherkit.i18n import N_

RUN_STEPS, INTEL_REVEALS, GATHER_COLLECTS, LOSS_ICONS = 3, 2, 2, 3
"""The rulebook's limits: Run up to 3 rooms, Intel up to 2 tokens, Gather up to 2,
3 time icons In Peril lose."""


@dataclass(frozen=True, slots=True)
class Limits:
    """The limits a game is played with. ``hand`` is added to the mission deck's hand
    size."""

    run: int = RUN_STEPS
    intel: int = INTEL_REVEALS
    gather: int = GATHER_COLLECTS
    hand: int = 0
    loss_icons: int = LOSS_ICONS

    def to_json(self) -> dict[str, int]:
        """The limits as a JSON-safe dict."""
        return asdict(self)


@dataclass(frozen=True, slots=True)
class SecretRule:
    """One secret rule card: an id, the card's name, its text and what it adds to the
    limits."""

    id: str
    name: str
    text: str
    run: int = 0
    intel: int = 0
    gather: int = 0
    hand: int = 0
    loss_icons: int = 0

    def to_json(self) -> dict[str, Any]:
        """The secret rule as a JSON-safe dict (id, name, text)."""
        return {"id": self.id, "name": self.name, "text": self.text}


ADDS_TEXT: Mapping[str, str] = {
    "run": N_("Run moves up to four rooms."),
    "intel": N_("Intel reveals up to three tokens."),
    "gather": N_("Gather collects up to three tokens."),
    "hand": N_("Every hand holds one card more."),
    "loss_icons": N_("In Peril, the mission is lost only at four time icons."),
}
"""What a secret rule card says, by the limit it adds one to (``N_``-marked English:
the card's name and text are shown with ``_``)."""


def _card(rule_id: str, name: str, adds: str) -> SecretRule:
    """The card ``rule_id`` that adds one to the limit ``adds``, in that limit's words."""
    adds_one: dict[str, Any] = {adds: 1}
    return replace(SecretRule(rule_id, name, ADDS_TEXT[adds]), **adds_one)


SECRET_RULES: Mapping[str, SecretRule] = {
    rule.id: rule
    for rule in (
        _card("clerks-note", N_("The Clerk's Note"), "intel"),
        _card("signalmans-diary", N_("The Signalman's Diary"), "run"),
        _card("torn-ticket", N_("A Torn Ticket"), "hand"),
        _card("ledger-stub", N_("The Ledger Stub"), "loss_icons"),
        _card("spare-satchel", N_("A Spare Satchel"), "gather"),
        _card("harbour-chart", N_("The Harbour Chart"), "run"),
        _card("night-pass", N_("A Night Pass"), "intel"),
        _card("last-lantern", N_("The Last Lantern"), "loss_icons"),
    )
}
"""Every secret rule cipherkit knows, by id."""


def secret_rule(rule_id: str) -> SecretRule:
    """The rule with this id; a ``KeyError`` with a did-you-mean otherwise."""
    rule = SECRET_RULES.get(rule_id)
    if rule is None:
        close = difflib.get_close_matches(rule_id, list(SECRET_RULES), n=1)
        hint = f" (did you mean {close[0]!r}?)" if close else ""
        raise KeyError(f"unknown secret rule {rule_id!r}{hint}")
    return rule


def limits_for(rule_ids: Iterable[str]) -> Limits:
    """The limits with the given secret rules in play (unknown ids raise ``KeyError``)."""
    rules = [secret_rule(r) for r in rule_ids]
    return Limits(
        run=RUN_STEPS + sum(r.run for r in rules),
        intel=INTEL_REVEALS + sum(r.intel for r in rules),
        gather=GATHER_COLLECTS + sum(r.gather for r in rules),
        hand=sum(r.hand for r in rules),
        loss_icons=LOSS_ICONS + sum(r.loss_icons for r in rules),
    )
