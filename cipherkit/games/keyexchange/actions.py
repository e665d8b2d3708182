"""Key exchange's actions and their text notation.

>>> parse_action("secret 6"), str(parse_action(" KEY 2 ")), parse_action("send")
(Choose(secret=6), 'key 2', Send())
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from cipherkit.core.errors import NotationError
from cipherkit.core.protocol import Action

__all__ = ["Agree", "Choose", "Send", "parse_action"]


@dataclass(frozen=True, slots=True)
class Choose(Action):
    """Keep ``secret`` (one of the numbers offered) and send g^secret mod p."""

    secret: int

    def __str__(self) -> str:
        return f"secret {self.secret}"


@dataclass(frozen=True, slots=True)
class Agree(Action):
    """Say which number you worked out as the shared key."""

    key: int

    def __str__(self) -> str:
        return f"key {self.key}"


@dataclass(frozen=True, slots=True)
class Send(Action):
    """Send the locked message (the first player, once both found the key)."""

    def __str__(self) -> str:
        return "send"


_NOTATION = re.compile(r"(secret|key) (\d{1,9})|send")


def parse_action(text: str) -> Action:
    """Read an action's notation; raise :class:`NotationError` with a hint otherwise."""
    if not isinstance(text, str):
        raise NotationError.say("an action must be text")
    match = _NOTATION.fullmatch(" ".join(text.lower().split()))
    if match is None:
        raise NotationError.say(
            "{text} is not a key exchange action (try 'secret 6', 'key 2', 'send')",
            text=repr(text[:40]),
        )
    if match[1] is None:
        return Send()
    return Choose(int(match[2])) if match[1] == "secret" else Agree(int(match[2]))
