"""Which table shows a game: found by entry point, else the generic table.

Design notes: ``docs/design-notes.md``, ``cipherkit.widgets.tables``.

>>> from cipherkit.widgets.generic.table import GenericTable
>>> table_class("no-such-game") is GenericTable
True
>>> table_class("decipher").__name__
'DecipherTable'
"""

from __future__ import annotations

from importlib.metadata import entry_points
from typing import TYPE_CHECKING, Any

from cipherkit.core.errors import CipherkitError
from cipherkit.widgets.guard import GuardedWidget

if TYPE_CHECKING:
    from cipherkit.widgets.table_backend import RoomHandle

__all__ = ["TABLES_GROUP", "make_table", "table_class"]

TABLES_GROUP = "cipherkit.tables"
"""The entry-point group of table widgets, one per game (name = the game's name)."""


def table_class(game: str) -> type[GuardedWidget]:
    """The table widget class registered for ``game``, or the generic table.

    A registered value that is not a table widget class is a
    :class:`~cipherkit.core.errors.CipherkitError` naming it.
    """
    found = entry_points(group=TABLES_GROUP, name=game)
    for entry in found:
        loaded: Any = entry.load()
        if not (isinstance(loaded, type) and issubclass(loaded, GuardedWidget)):
            raise CipherkitError.say(
                "table {game!r} ({value}) is not a table widget class", game=game, value=entry.value
            )
        return loaded
    from cipherkit.widgets.generic.table import GenericTable

    return GenericTable


def make_table(handle: RoomHandle, *, lang: str | None = None) -> GuardedWidget:
    """The table for a seat handle (or a spectator) of any room: the game's registered
    table, or the generic one, playing (or watching) that seat live, in ``lang``."""
    game = handle.store.room(handle.room_id).info()["game"]
    return table_class(str(game))(room=handle, lang=lang)
