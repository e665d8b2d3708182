"""Saved progress on a solo page: the browser keeps a token, the server keeps the game.

Design notes: ``docs/rooms.md``, ``cipherkit.widgets.saved``.

>>> saved_token({"type": "saved", "token": "abc"}, None)
'abc'
>>> saved_token({"type": "action", "text": "skip"}, None) is None
True
>>> saved_token({"type": "saved", "token": "x" * 5000}, None)
'-'
>>> saved_token({"type": "saved", "token": 3}, None)
Traceback (most recent call last):
...
cipherkit.widgets.guard.Refused: refused: a saved message has the fields type and token (text)
"""

from __future__ import annotations

import os
from typing import TYPE_CHECKING, Any

from cipherkit.core.errors import IllegalAction
from cipherkit.i18n import _
from cipherkit.rooms import ENV_STORE, RoomError, Store, default_store_url, open_store
from cipherkit.widgets.guard import Refused, check_envelope

if TYPE_CHECKING:
    from cipherkit.rooms.solo import SoloGame

__all__ = ["MAX_SAVED_CHARS", "UNREADABLE", "act_saved", "page_store", "saved_token"]

MAX_SAVED_CHARS = 1200
"""Longest saved message looked at (a campaign keeps one token per mission played)."""

UNREADABLE = "-"
"""What a longer one counts as: a token that resumes nothing (the page is told to forget
it, with one sentence)."""


def saved_token(content: Any, buffers: Any) -> str | None:
    """The token text of the page's ``saved`` message, or ``None`` for another message.
    Raises :class:`~cipherkit.widgets.guard.Refused` for a malformed one."""
    if not isinstance(content, dict) or content.get("type") != "saved":
        return None
    token = content.get("token")
    if set(content) != {"type", "token"} or not isinstance(token, str):
        raise Refused("refused: " + _("a saved message has the fields type and token (text)"))
    try:
        check_envelope(content, buffers, MAX_SAVED_CHARS)
    except Refused:
        if buffers:
            raise
        return UNREADABLE  # too long to be ours: it resumes nothing, and is forgotten
    return token.strip()


def page_store(save: bool | Store | None) -> Store | None:
    """The store a table made with ``save`` keeps its game in: ``save`` itself if it is
    a :class:`~cipherkit.rooms.Store`; for ``True`` the page's, ``$CIPHERKIT_STORE``
    (``cipherkit serve`` sets it), or ``None`` without one (nothing is saved: a notebook
    drops no database in its folder); ``None`` for a false ``save``.

    >>> page_store(False) is None
    True
    """
    if isinstance(save, Store):
        return save
    if not save or not os.environ.get(ENV_STORE):
        return None
    return open_store(default_store_url())


def act_saved(solo: SoloGame, text: str) -> bool:
    """Play the person's move ``text`` in a saved game (to the store, where the bots
    answer); return whether this move stored the game, so the page is to keep its token
    now. An illegal move or a store that fails is :class:`Refused` with its reason, and
    the game is unchanged.
    """
    was_stored = solo.stored
    try:
        solo.act(text)
    except IllegalAction as exc:
        raise Refused("illegal: " + exc.reason) from None
    except RoomError as exc:
        raise Refused("refused: " + _("the game could not be saved ({exc})", exc=exc)) from None
    return not was_stored and solo.token is not None
