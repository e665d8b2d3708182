"""Each studio edit in one sentence, for the page's live region (a screen reader says it).

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
    if intent.to is not None and len(intent.rooms) == 1:
        return f"Room {intent.rooms[0]} moved to {_xy(intent.to[0])}."
    who = f"Room {intent.rooms[0]}" if len(intent.rooms) == 1 else f"{len(intent.rooms)} rooms"
    return f"{who} moved by {_xy(intent.delta or (0, 0))}." if intent.delta else f"{who} moved."


def _set_room(intent: SetRoom, graph: nx.Graph) -> str:
    parts = []
    for field, value in intent.fields:
        if field == "name":
            parts.append(
                f"Room {intent.room} is now called {value!r}."
                if value
                else f"Room {intent.room} has no name now."
            )
        elif field == "stack":
            parts.append(
                f"Room {intent.room} holds a placed stack of {len(value)} token"
                f"{'s' * (len(value) != 1)}."
                if value is not None
                else f"Room {intent.room} has no placed stack now."
            )
        elif field == "stack_size":
            parts.append(
                f"Room {intent.room} holds a stack of {value}."
                if value is not None
                else f"Room {intent.room} has no stack size now."
            )
    return " ".join(parts) or f"Room {intent.room} unchanged."


def _connect(intent: Connect, graph: nx.Graph) -> str:
    what = "a printed wall" if intent.kind == "wall" else "an open passage"
    if graph.has_edge(intent.a, intent.b):
        return f"The passage between {intent.a} and {intent.b} is now {what}."
    return f"{intent.a} and {intent.b} joined by {what}."


def _deleted(intent: DeleteRoom, graph: nx.Graph) -> str:
    gone = graph.degree(intent.room) if intent.room in graph else 0
    tail = f" with its {gone} passage{'s' * (gone != 1)}" if gone else ""
    return f"Room {intent.room} deleted{tail}; Ctrl+Z brings it back."


_SAID: dict[type, Callable[[Any, nx.Graph], str]] = {
    AddRoom: lambda i, g: f"Room {i.room} added at {_xy(i.pos)}.",
    MoveRoom: _moved,
    DeleteRoom: _deleted,
    SetRoom: _set_room,
    Connect: _connect,
    Disconnect: lambda i, g: f"The passage between {i.a} and {i.b} removed.",
    SetEntrance: lambda i, g: f"The entrance is now in room {i.room}.",
    SetAnswer: lambda i, g: f"The answer is now {i.solution!r}.",
    SetGlyphStyle: lambda i, g: f"Glyphs drawn in the {i.style} style, seed {i.seed}.",
    SetPool: lambda i, g: f"The pool holds {len(i.pool)} token{'s' * (len(i.pool) != 1)}.",
    SetField: lambda i, g: (
        f"The mission's {'.'.join(i.path)} removed."
        if i.value is None
        else f"The mission's {'.'.join(i.path)} set."
    ),
}


def said_of(intent: Intent, before: nx.Graph) -> str:
    """The sentence for ``intent``, applied to a map that was ``before``."""
    return _SAID[type(intent)](intent, before)
