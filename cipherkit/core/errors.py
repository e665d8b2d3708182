"""Errors that carry a reason a person can read.

Every error cipherkit raises on purpose derives from :class:`CipherkitError`; the command
line prints its message on one line and exits 1 instead of showing a traceback.
"""

from __future__ import annotations


class CipherkitError(Exception):
    """Base class of every error meant to be shown to a user as one line."""


class IllegalAction(CipherkitError):
    """An action that the rules do not allow now; the state is left exactly as it was.

    Examples
    --------
    >>> from cipherkit.core.errors import IllegalAction
    >>> try:
    ...     raise IllegalAction("it is not your turn")
    ... except IllegalAction as exc:
    ...     print(exc.reason)
    it is not your turn
    """

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


class NotationError(CipherkitError, ValueError):
    """Text that does not parse as an action, card or other notation."""


class ConfigError(CipherkitError, ValueError):
    """A game configuration with an unknown key or a value out of range."""
