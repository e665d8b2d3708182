"""The rooms' errors: each one line a person can read, each a
:class:`~cipherkit.core.errors.CipherkitError` (the command line exits 1 on them).

Pages tell them apart by class: :class:`UnknownCode` is the one to count when slowing
down repeated wrong codes.
"""

from __future__ import annotations

from cipherkit.core.errors import CipherkitError
from cipherkit.i18n import Message, say

__all__ = [
    "BadName",
    "ReadOnly",
    "RoomClosed",
    "RoomError",
    "RoomFull",
    "SeatGone",
    "SeatUnavailable",
    "StaleVersion",
    "StoreError",
    "StoreReadOnly",
    "StoreUnreachable",
    "TooManyTries",
    "UnknownCode",
    "UnknownRoom",
    "UnknownToken",
]


class RoomError(CipherkitError):
    """Base class of the rooms' errors.

    Examples
    --------
    >>> from cipherkit.core.errors import CipherkitError
    >>> issubclass(UnknownCode, RoomError) and issubclass(RoomError, CipherkitError)
    True
    """


class StoreError(RoomError):
    """The store cannot be opened or used (bad URL, missing driver, newer schema, or an
    error of the database driver, said in one plain sentence)."""


class StoreReadOnly(StoreError):
    """The store's file (or its folder) cannot be written: nothing can be saved."""


class StoreUnreachable(StoreError):
    """The store's database server cannot be reached (stopped, or the network is down)."""


class TooManyTries(RoomError):
    """Too many wrong codes (or keys, or rooms made) from one device or on the whole
    server just now: its message says how long to wait, ``wait`` holds the seconds."""

    def __init__(self, message: str | Message, wait: float) -> None:
        super().__init__(message)
        self.wait = wait


class UnknownCode(RoomError):
    """No open room has this join code (mistyped, made up, or the room is closed)."""


class UnknownRoom(RoomError):
    """No room has this id (or code)."""


class UnknownToken(RoomError):
    """A resume token that holds no seat (made up, or the seat was given up)."""


class SeatGone(UnknownToken):
    """The teacher gave this token's seat to another device, or took its student out:
    its message says which, in plain words."""


class RoomFull(RoomError):
    """Every seat for a person is taken."""


class SeatUnavailable(RoomError):
    """The seat asked for is taken, is a bot's, or does not exist."""


class RoomClosed(RoomError):
    """The room was closed: nobody joins, resumes or acts any more."""


class BadName(RoomError):
    """A display name that is empty, too long or holds control characters."""


class ReadOnly(RoomError):
    """A spectator tried to act."""


class StaleVersion(RoomError):
    """An action sent for version ``expected`` found the room at another version."""

    def __init__(self, expected: int, actual: int) -> None:
        super().__init__(
            say(
                "the room moved on: the action was for version {expected}, it is at {actual}",
                expected=expected,
                actual=actual,
            )
        )
        self.expected = expected
        self.actual = actual
