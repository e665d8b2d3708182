"""Decipher's actions and their text notation.

Design notes: ``docs/design-notes.md``, ``cipherkit.games.decipher.actions``.

>>> from cipherkit.games.decipher.actions import parse_action
>>> parse_action("play 10h")
Play(card=Card.parse('TH'))
>>> str(parse_action(" Guess ah "))
'guess AH'
"""

from __future__ import annotations

from dataclasses import dataclass

from cipherkit.core.errors import NotationError
from cipherkit.core.protocol import Action
from cipherkit.games.decipher.cards import CARDS, Card


@dataclass(frozen=True, slots=True)
class Play(Action):
    """Play ``card`` from your hand on the column in turn (notation ``play QS``)."""

    card: Card

    def __str__(self) -> str:
        return f"play {self.card}"


@dataclass(frozen=True, slots=True)
class Skip(Action):
    """Play nothing on the column in turn (notation ``skip``)."""

    def __str__(self) -> str:
        return "skip"


@dataclass(frozen=True, slots=True)
class BreakCode(Action):
    """Announce that you will guess the opponent's hidden code (notation ``break``)."""

    def __str__(self) -> str:
        return "break"


@dataclass(frozen=True, slots=True)
class Guess(Action):
    """Guess ``card`` for the opponent's hidden card in turn (notation ``guess QS``)."""

    card: Card

    def __str__(self) -> str:
        return f"guess {self.card}"


PLAYS: tuple[Play, ...] = tuple(Play(c) for c in CARDS)
GUESSES: tuple[Guess, ...] = tuple(Guess(c) for c in CARDS)
SKIP = Skip()
BREAK = BreakCode()


def parse_action(text: str) -> Action:
    """Read an action's notation; raise :class:`NotationError` with a hint otherwise."""
    if not isinstance(text, str):
        raise NotationError.say("an action must be text")
    words = text.strip().lower().split()
    if words == ["skip"]:
        return SKIP
    if words == ["break"]:
        return BREAK
    if len(words) == 2 and words[0] in ("play", "guess"):
        card = Card.parse(words[1])
        return (PLAYS if words[0] == "play" else GUESSES)[card.index]
    raise NotationError.say(
        "{text} is not a decipher action (try 'play QS', 'skip', 'break', 'guess QS')",
        text=repr(text[:40]),
    )
