"""Errors that carry a reason a person can read.

Every error cipherkit raises on purpose derives from :class:`CipherkitError`; the command
line prints its message on one line and exits 1 instead of showing a traceback.
"""

from __future__ import annotations

from typing import Any, Self

from cipherkit.i18n import Message, say, text


class CipherkitError(Exception):
    """Base class of every error meant to be shown to a user as one line.

    Raised with a :class:`~cipherkit.i18n.Message` (``say(...)``), it reads in the
    language in force where it is shown, not where it was raised.
    """

    def __str__(self) -> str:
        if len(self.args) == 1 and isinstance(self.args[0], Message):
            return self.args[0].words()
        return super().__str__()

    def __repr__(self) -> str:
        """Its class and its words (not the message's id and parameters).

        >>> from cipherkit.i18n import say
        >>> CipherkitError(say("{path}: no such file", path="a.yaml"))
        CipherkitError('a.yaml: no such file')
        """
        if len(self.args) == 1 and isinstance(self.args[0], Message):
            return f"{type(self).__name__}({self.args[0].words()!r})"
        return super().__repr__()

    @classmethod
    def say(cls, id: str, /, **params: Any) -> Self:
        """The error with the message ``say(id, **params)``: ``raise ConfigError.say(...)``
        (the catalog finds the words, as it finds every ``say("…")``).

        >>> error = CipherkitError.say("{path}: no such file", path="a.yaml")
        >>> str(error), error.args[0].id
        ('a.yaml: no such file', '{path}: no such file')
        """
        return cls(say(id, **params))


class IllegalAction(CipherkitError):
    """An action that the rules do not allow now; the state is left exactly as it was.

    The reason is a structured message: its words are chosen where it is shown.

    Examples
    --------
    >>> from cipherkit.core.errors import IllegalAction
    >>> from cipherkit.i18n import say, speaking
    >>> try:
    ...     raise IllegalAction(say("the game is over"))
    ... except IllegalAction as exc:
    ...     with speaking("ru"):
    ...         print(exc.reason)
    игра окончена
    """

    def __init__(self, reason: str | Message) -> None:
        self.message = text(reason)
        super().__init__(self.message)

    @property
    def reason(self) -> str:
        """The reason in the language in force."""
        return self.message.words()


class NotationError(CipherkitError, ValueError):
    """Text that does not parse as an action, card or other notation."""


class ConfigError(CipherkitError, ValueError):
    """A game configuration with an unknown key or a value out of range."""


def message_of(exc: BaseException) -> Message:
    """The structured message an error was raised with (plain text: as it is).

    >>> from cipherkit.i18n import say
    >>> message_of(NotationError(say("the game is over"))).id
    'the game is over'
    """
    first = exc.args[0] if len(exc.args) == 1 else None
    return first if isinstance(first, Message) else text(str(exc))
