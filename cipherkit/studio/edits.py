"""Applying one intent to a round-trip mission document, in place.

Each function checks what the intent needs of the document first and raises
:class:`~cipherkit.studio.intents.StudioRefused` (a sentence) before changing anything.

Examples
--------
>>> from cipherkit.studio.yamltext import load_doc
>>> doc = load_doc("map:\\n  rooms:\\n    hall: {pos: [0, 0]}\\n")
>>> apply_intent(doc, AddRoom("vault", (1, 0), "Vault"))
>>> apply_intent(doc, Connect("hall", "vault", "wall"))
>>> sorted(doc["map"]["rooms"]), doc["map"]["passages"]
(['hall', 'vault'], [{'rooms': ['hall', 'vault'], 'wall': True}])
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ruamel.yaml.comments import CommentedMap, CommentedSeq
from ruamel.yaml.scalarstring import LiteralScalarString

from cipherkit.games.mission.content.mission import ENTRANCE
from cipherkit.games.mission.format.schema import CONTENT_PATTERN
from cipherkit.studio.intents import (
    AddRoom,
    Connect,
    DeleteRoom,
    Disconnect,
    Intent,
    MoveRoom,
    Pos,
    SetAnswer,
    SetEntrance,
    SetField,
    SetGlyphStyle,
    SetPool,
    SetRoom,
    StudioRefused,
)

__all__ = ["SECTIONS", "apply_intent", "flow_list", "flow_map", "rooms_of", "sections_of"]


def flow_list(items: list[Any]) -> CommentedSeq:
    """A list written on one line (``[a, b]``)."""
    seq = CommentedSeq(items)
    seq.fa.set_flow_style()
    return seq


def flow_map(items: dict[str, Any]) -> CommentedMap:
    """A mapping written on one line (``{a: 1}``)."""
    mapping = CommentedMap(items)
    mapping.fa.set_flow_style()
    return mapping


def _map(doc: Any) -> Any:
    if not isinstance(doc, dict) or not isinstance(doc.get("map"), dict):
        raise StudioRefused.say("The draft has no map to edit: fix its map: section first.")
    return doc["map"]


def rooms_of(doc: Any) -> Any:
    """The document's ``map.rooms`` mapping (refused if there is none)."""
    rooms = _map(doc).get("rooms")
    if not isinstance(rooms, dict):
        raise StudioRefused.say("The draft's map has no rooms mapping: fix map.rooms first.")
    return rooms


def _room(doc: Any, room: str) -> Any:
    rooms = rooms_of(doc)
    if room not in rooms:
        raise StudioRefused.say("There is no room '{room}' on the map.", room=room)
    if rooms[room] is None:
        rooms[room] = CommentedMap()
    if not isinstance(rooms[room], dict):
        raise StudioRefused.say(
            "The room '{room}' is not a mapping: fix it in the text first.", room=room
        )
    return rooms[room]


def _passages(doc: Any) -> Any:
    mp = _map(doc)
    if mp.get("passages") is None:
        mp["passages"] = CommentedSeq()
    if not isinstance(mp["passages"], list):
        raise StudioRefused.say("The draft's passages are not a list: fix map.passages first.")
    return mp["passages"]


def _pair(entry: Any) -> tuple[Any, ...]:
    pair = entry.get("rooms") if isinstance(entry, dict) else entry
    return tuple(pair) if isinstance(pair, list) and len(pair) == 2 else ()


def _find_passage(doc: Any, a: str, b: str) -> int | None:
    for i, entry in enumerate(_passages(doc)):
        if set(_pair(entry)) == {a, b}:
            return i
    return None


def _set_pos(entry: Any, pos: Pos) -> None:
    old = entry.get("pos")
    if isinstance(old, list) and len(old) == 2:
        old[0], old[1] = pos
    else:
        entry["pos"] = flow_list(list(pos))


def _add_room(doc: Any, intent: AddRoom) -> None:
    rooms = rooms_of(doc)
    if intent.room in rooms:
        raise StudioRefused.say("There is already a room '{room}'.", room=intent.room)
    entry = CommentedMap()
    if intent.name is not None:
        entry["name"] = intent.name
    entry["pos"] = flow_list(list(intent.pos))
    if intent.stack_size is not None:
        entry["stack_size"] = intent.stack_size
    rooms[intent.room] = entry


def _move_room(doc: Any, intent: MoveRoom) -> None:
    entries = [_room(doc, room) for room in intent.rooms]  # every room checked first
    for i, entry in enumerate(entries):
        if intent.to is not None:
            _set_pos(entry, intent.to[i])
            continue
        old = entry.get("pos")
        ok = isinstance(old, list) and len(old) == 2
        ok = ok and all(isinstance(v, int | float) and not isinstance(v, bool) for v in old)
        if not ok:
            raise StudioRefused.say(
                "The room '{room}' has no position to move from.", room=intent.rooms[i]
            )
    if intent.delta is not None:
        dx, dy = intent.delta
        for entry in entries:
            x, y = entry["pos"]
            _set_pos(entry, (_tidy(x + dx), _tidy(y + dy)))


def _tidy(value: float) -> float:
    value = round(value, 6)
    return int(value) if float(value).is_integer() else value


def _delete_room(doc: Any, intent: DeleteRoom) -> None:
    _room(doc, intent.room)
    passages = _passages(doc)
    for i in reversed(range(len(passages))):
        if intent.room in _pair(passages[i]):
            del passages[i]
    del rooms_of(doc)[intent.room]


def _set_room(doc: Any, intent: SetRoom) -> None:
    entry = _room(doc, intent.room)
    for field, value in intent.fields:
        if value is None:
            entry.pop(field, None)
            continue
        if field == "stack_size":
            entry.pop("stack", None)
        if field == "stack":  # a placed stack: its tokens, not a size dealt from the pool
            entry.pop("stack_size", None)
            value = flow_list(list(value))
        entry[field] = value


def _connect(doc: Any, intent: Connect) -> None:
    for room in (intent.a, intent.b):
        _room(doc, room)
    passages = _passages(doc)
    if intent.kind == "open" and intent.token is None:
        entry: Any = flow_list([intent.a, intent.b])
    else:
        fields: dict[str, Any] = {"rooms": flow_list([intent.a, intent.b])}
        if intent.kind == "wall":
            fields["wall"] = True
        if intent.token is not None:
            fields["token"] = intent.token
        entry = flow_map(fields)
    index = _find_passage(doc, intent.a, intent.b)
    if index is None:
        passages.append(entry)
    else:
        passages[index] = entry


def _disconnect(doc: Any, intent: Disconnect) -> None:
    index = _find_passage(doc, intent.a, intent.b)
    if index is None:
        raise StudioRefused.say("The rooms '{a}' and '{b}' are not joined.", a=intent.a, b=intent.b)
    del _passages(doc)[index]


def _set_entrance(doc: Any, intent: SetEntrance) -> None:
    target = _room(doc, intent.room)
    for room in list(rooms_of(doc)):
        entry = rooms_of(doc)[room]
        tokens = entry.get("tokens") if isinstance(entry, dict) else None
        if isinstance(tokens, list) and ENTRANCE in tokens and room != intent.room:
            while ENTRANCE in tokens:
                tokens.remove(ENTRANCE)
            if not tokens:
                del entry["tokens"]
    tokens = target.get("tokens")
    if isinstance(tokens, list):
        if ENTRANCE not in tokens:
            tokens.append(ENTRANCE)
    else:
        target["tokens"] = flow_list([ENTRANCE])


def _glyphs(doc: Any) -> Any:
    if doc.get("glyphs") is None:
        doc["glyphs"] = CommentedMap()
    if not isinstance(doc["glyphs"], dict):
        raise StudioRefused.say("The draft's glyphs are not a mapping: fix glyphs: first.")
    return doc["glyphs"]


def _content(entry: Any) -> Any:
    return entry.get("content") if isinstance(entry, dict) else entry


def _spell(doc: Any, solution: str) -> list[list[str]]:
    """The card's words for ``solution``: a glyph of each letter, new ones added."""
    glyphs = _glyphs(doc)
    by_content = {str(_content(v)).upper(): k for k, v in glyphs.items() if _content(v)}
    words: list[list[str]] = []
    for word in solution.split():
        cells = []
        for ch in word:
            if not CONTENT_PATTERN.match(ch) or ch == "_":
                raise StudioRefused.say(
                    "No glyph can carry {letter}; give the card's line with the solution.",
                    letter=repr(ch),
                )
            if ch.upper() not in by_content:
                n = len(glyphs) + 1
                while f"glyph-{n}" in glyphs:
                    n += 1
                glyphs[f"glyph-{n}"] = ch.upper()
                by_content[ch.upper()] = f"glyph-{n}"
            cells.append(by_content[ch.upper()])
        words.append(cells)
    return words


def _set_answer(doc: Any, intent: SetAnswer) -> None:
    if not isinstance(doc, dict):
        raise StudioRefused.say("The draft is not a mission mapping: fix its text first.")
    if intent.card is not None:
        glyphs = _glyphs(doc)
        for word in intent.card:
            for glyph in word:
                if glyph not in glyphs:
                    raise StudioRefused.say(
                        "There is no glyph '{glyph}' in the glyphs section.", glyph=glyph
                    )
        words = [list(word) for word in intent.card]
    else:
        words = _spell(doc, intent.solution)
    card = doc.get("card")
    if not isinstance(card, dict):
        card = doc["card"] = CommentedMap()
    card["text"] = CommentedSeq(flow_list(word) for word in words)
    card.pop("answer", None)
    doc["solution"] = intent.solution


def _set_glyph_style(doc: Any, intent: SetGlyphStyle) -> None:
    if not isinstance(doc, dict):
        raise StudioRefused.say("The draft is not a mission mapping: fix its text first.")
    old = doc.get("glyph_set")
    if isinstance(old, dict):
        old.pop("folder", None)
        old["style"], old["seed"] = intent.style, intent.seed
    else:
        doc["glyph_set"] = flow_map({"style": intent.style, "seed": intent.seed})


def _set_pool(doc: Any, intent: SetPool) -> None:
    if not isinstance(doc, dict):
        raise StudioRefused.say("The draft is not a mission mapping: fix its text first.")
    if intent.pool:
        doc["pool"] = flow_list(list(intent.pool))
    else:
        doc.pop("pool", None)


def _set_field(doc: Any, intent: SetField) -> None:
    if not isinstance(doc, dict):
        raise StudioRefused.say("The draft is not a mission mapping: fix its text first.")
    *parents, last = intent.path
    holder = doc
    for key in parents:
        if not isinstance(holder.get(key), dict):
            if intent.value is None:
                return
            holder[key] = CommentedMap()
        holder = holder[key]
    if intent.value is None:
        holder.pop(last, None)
        if parents and not holder:
            doc.pop(parents[0], None)
        return
    holder[last] = _written(intent.value)


def _written(value: Any) -> Any:
    """A value as the file shows it: short lists and mappings on one line, a text of
    several lines as a block."""
    if isinstance(value, list):
        return flow_list(list(value))
    if isinstance(value, dict):
        long = any(isinstance(v, str) and len(v) > 40 for v in value.values())
        items = {k: _written(v) for k, v in value.items()}
        return CommentedMap(items) if long else flow_map(items)
    if isinstance(value, str) and "\n" in value.strip():
        return LiteralScalarString(value if value.endswith("\n") else value + "\n")
    return value


_APPLY: dict[type, Callable[[Any, Any], None]] = {
    AddRoom: _add_room,
    MoveRoom: _move_room,
    DeleteRoom: _delete_room,
    SetRoom: _set_room,
    Connect: _connect,
    Disconnect: _disconnect,
    SetEntrance: _set_entrance,
    SetAnswer: _set_answer,
    SetGlyphStyle: _set_glyph_style,
    SetPool: _set_pool,
    SetField: _set_field,
}


_MAP = frozenset({"map"})
SECTIONS: dict[type, frozenset[str]] = {
    **{kind: _MAP for kind in (AddRoom, MoveRoom, DeleteRoom, SetRoom, Connect, Disconnect)},
    SetEntrance: _MAP,
    SetAnswer: frozenset({"glyphs", "card", "solution"}),
    SetGlyphStyle: frozenset({"glyph_set"}),
    SetPool: frozenset({"pool"}),
}
"""The top-level sections of a mission file each kind of intent reads and writes
(a ``set_field`` edit: the one it names, :func:`sections_of`)."""


def sections_of(intent: Intent) -> frozenset[str]:
    """The top-level sections ``intent`` reads and writes."""
    if isinstance(intent, SetField):
        return frozenset({intent.path[0]})
    return SECTIONS.get(type(intent), frozenset())


def apply_intent(doc: Any, intent: Intent) -> None:
    """Apply ``intent`` to ``doc`` in place (refused with a sentence if it cannot be).

    The document may be left half changed when an intent is refused: the draft loads a
    fresh document for each edit and keeps its text until the edit succeeds.
    """
    apply = _APPLY.get(type(intent))
    if apply is None:
        raise StudioRefused.say("That is not an edit the studio knows.")
    apply(doc, intent)
