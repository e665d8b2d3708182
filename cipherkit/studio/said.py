"""Each studio edit in one sentence, for the page's live region (a screen reader says it),
in the language in force.

>>> import networkx as nx
>>> from cipherkit.studio.intents import parse_intent
>>> g = nx.Graph([("hall", "vault")])
>>> said_of(parse_intent({"op": "connect", "a": "hall", "b": "vault", "kind": "wall"}), g)
'The passage between hall and vault is now a printed wall.'
>>> said_of(parse_intent({"op": "move_room", "rooms": ["hall", "vault"], "delta": [1, 0]}), g)
'2 rooms moved by (1, 0).'
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import networkx as nx

from cipherkit.i18n import _, ngettext
from cipherkit.studio.intents import (
    AddRoom,
    Connect,
    DeleteRoom,
    Disconnect,
    Intent,
    MoveRoom,
    SetAnswer,
    SetEntrance,
    SetField,
    SetGlyphStyle,
    SetPool,
    SetRoom,
)

__all__ = ["said_of"]


def _xy(pos: Any) -> str:
    return "(" + ", ".join(f"{v:g}" for v in pos) + ")"


def _moved(intent: MoveRoom, graph: nx.Graph) -> str:
    rooms = intent.rooms
    if intent.to is not None and len(rooms) == 1:
        return _("Room {room} moved to {pos}.", room=rooms[0], pos=_xy(intent.to[0]))
    if intent.delta:
        delta = _xy(intent.delta)
        if len(rooms) == 1:
            return _("Room {room} moved by {delta}.", room=rooms[0], delta=delta)
        return ngettext(
            "{n} room moved by {delta}.", "{n} rooms moved by {delta}.", len(rooms), delta=delta
        )
    if len(rooms) == 1:
        return _("Room {room} moved.", room=rooms[0])
    return ngettext("{n} room moved.", "{n} rooms moved.", len(rooms))


def _set_room(intent: SetRoom, graph: nx.Graph) -> str:
    parts = []
    room = intent.room
    for field, value in intent.fields:
        if field == "name":
            parts.append(
                _("Room {room} is now called {name}.", room=room, name=repr(value))
                if value
                else _("Room {room} has no name now.", room=room)
            )
        elif field == "stack":
            parts.append(
                ngettext(
                    "Room {room} holds a placed stack of {n} token.",
                    "Room {room} holds a placed stack of {n} tokens.",
                    len(value),
                    room=room,
                )
                if value is not None
                else _("Room {room} has no placed stack now.", room=room)
            )
        elif field == "stack_size":
            parts.append(
                _("Room {room} holds a stack of {size}.", room=room, size=value)
                if value is not None
                else _("Room {room} has no stack size now.", room=room)
            )
    return " ".join(parts) or _("Room {room} unchanged.", room=room)


def _connect(intent: Connect, graph: nx.Graph) -> str:
    a, b = intent.a, intent.b
    if graph.has_edge(a, b):
        if intent.kind == "wall":
            return _("The passage between {a} and {b} is now a printed wall.", a=a, b=b)
        return _("The passage between {a} and {b} is now an open passage.", a=a, b=b)
    if intent.kind == "wall":
        return _("{a} and {b} joined by a printed wall.", a=a, b=b)
    return _("{a} and {b} joined by an open passage.", a=a, b=b)


def _deleted(intent: DeleteRoom, graph: nx.Graph) -> str:
    gone = graph.degree(intent.room) if intent.room in graph else 0
    if gone:
        return ngettext(
            "Room {room} deleted with its {n} passage; Ctrl+Z brings it back.",
            "Room {room} deleted with its {n} passages; Ctrl+Z brings it back.",
            gone,
            room=intent.room,
        )
    return _("Room {room} deleted; Ctrl+Z brings it back.", room=intent.room)


def _field(intent: SetField, graph: nx.Graph) -> str:
    field = ".".join(intent.path)
    if intent.value is None:
        return _("The mission's {field} removed.", field=field)
    return _("The mission's {field} set.", field=field)


_SAID: dict[type, Callable[[Any, nx.Graph], str]] = {
    AddRoom: lambda i, g: _("Room {room} added at {pos}.", room=i.room, pos=_xy(i.pos)),
    MoveRoom: _moved,
    DeleteRoom: _deleted,
    SetRoom: _set_room,
    Connect: _connect,
    Disconnect: lambda i, g: _("The passage between {a} and {b} removed.", a=i.a, b=i.b),
    SetEntrance: lambda i, g: _("The entrance is now in room {room}.", room=i.room),
    SetAnswer: lambda i, g: _("The answer is now {answer}.", answer=repr(i.solution)),
    SetGlyphStyle: lambda i, g: _(
        "Glyphs drawn in the {style} style, seed {seed}.", style=i.style, seed=i.seed
    ),
    SetPool: lambda i, g: ngettext(
        "The pool holds {n} token.", "The pool holds {n} tokens.", len(i.pool)
    ),
    SetField: _field,
}


def said_of(intent: Intent, before: nx.Graph) -> str:
    """The sentence for ``intent``, applied to a map that was ``before``."""
    return _SAID[type(intent)](intent, before)
