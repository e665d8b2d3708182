"""Edit intents: what the studio page may ask of a mission draft, checked in Python.

A page sends ``{"op": ..., ...}`` messages; :func:`parse_intent` turns one into a
small frozen dataclass or refuses it with :class:`StudioRefused`, whose message is a
sentence. Nothing from the browser is trusted: unknown ops, missing or extra fields,
wrong types, text that is too long and unknown rooms are all refused.

Examples
--------
>>> parse_intent({"op": "move_room", "rooms": ["hall"], "delta": [1, 0]}, rooms={"hall"})
MoveRoom(rooms=('hall',), delta=(1, 0), to=None)
>>> parse_intent({"op": "connect", "a": "hall", "b": "vault", "kind": "wall"})
Connect(a='hall', b='vault', kind='wall', token=None)
>>> try:
...     parse_intent({"op": "teleport"})
... except StudioRefused as exc:
...     print(exc)
There is no edit called 'teleport'.
"""

from __future__ import annotations

import math
import re
import unicodedata
from collections.abc import Callable, Collection, Mapping
from dataclasses import dataclass
from typing import Any

from cipherkit.core.errors import CipherkitError, message_of
from cipherkit.games.mission.format.reader import ID_PATTERN, MAX_ID_CHARS, MAX_TEXT_CHARS
from cipherkit.games.mission.format.schema import GLYPH_STYLES, MAX_POS, MAX_ROOMS
from cipherkit.i18n import Message, nsay, say
from cipherkit.studio.fields import FieldError, check_field, check_tokens
from cipherkit.studio.words import kind_words

__all__ = [
    "PASSAGE_KINDS",
    "AddRoom",
    "Connect",
    "DeleteRoom",
    "Disconnect",
    "Intent",
    "MoveRoom",
    "SetAnswer",
    "SetEntrance",
    "SetGlyphStyle",
    "SetRoom",
    "StudioRefused",
    "parse_intent",
]

MAX_NAME_CHARS = 120
"""The longest room name the studio accepts."""
MAX_STACK_SIZE = 100
MAX_SEED = 2**31 - 1
MAX_WORDS = 40
"""The most words a card line set from the studio may have."""
PASSAGE_KINDS = ("open", "wall")
"""``open``: a plain passage; ``wall``: a printed wall (``wall: true``)."""
PASSAGE_TOKENS = ("wall", "passage")
Pos = tuple[float, float]


class StudioRefused(CipherkitError):
    """An edit the draft will not make; its message is a sentence saying why (raised
    with a :class:`~cipherkit.i18n.Message`: it reads in the language where it is shown).

    >>> from cipherkit.i18n import speaking
    >>> refused = StudioRefused(say("There is no room '{room}' on the map.", room="attic"))
    >>> with speaking("ru"):
    ...     print(refused)
    На поле нет комнаты «attic».
    """


@dataclass(frozen=True, slots=True)
class AddRoom:
    """A new room ``room`` at ``pos``, with an optional name and pooled stack size."""

    room: str
    pos: Pos = (0, 0)
    name: str | None = None
    stack_size: int | None = None


@dataclass(frozen=True, slots=True)
class MoveRoom:
    """Move ``rooms`` together, by ``delta`` or each to its position in ``to``."""

    rooms: tuple[str, ...]
    delta: Pos | None = None
    to: tuple[Pos, ...] | None = None


@dataclass(frozen=True, slots=True)
class DeleteRoom:
    """Delete ``room`` and every passage that touches it."""

    room: str


@dataclass(frozen=True, slots=True)
class SetRoom:
    """Change a room's fields: only those in ``fields`` (``name``, ``stack_size``); a
    ``None`` value removes the field."""

    room: str
    fields: tuple[tuple[str, Any], ...]


@dataclass(frozen=True, slots=True)
class Connect:
    """Join rooms ``a`` and ``b`` (or change the passage's kind if they are joined)."""

    a: str
    b: str
    kind: str = "open"
    token: str | None = None


@dataclass(frozen=True, slots=True)
class Disconnect:
    """Remove the passage between ``a`` and ``b``."""

    a: str
    b: str


@dataclass(frozen=True, slots=True)
class SetEntrance:
    """Make ``room`` the one room holding the entrance token."""

    room: str


@dataclass(frozen=True, slots=True)
class SetAnswer:
    """Set the solution text and, if given, the card's line (words of glyph ids); with
    no ``card`` the draft spells the solution with glyphs of the same letters."""

    solution: str
    card: tuple[tuple[str, ...], ...] | None = None


@dataclass(frozen=True, slots=True)
class SetGlyphStyle:
    """Draw the glyphs in ``style`` with ``seed``."""

    style: str
    seed: int = 0


@dataclass(frozen=True, slots=True)
class SetField:
    """Set one of the mission's other fields (:data:`cipherkit.studio.fields.EDITABLE`:
    title, question, story, id, seed, players, characters, deck, a campaign link);
    ``None`` removes an optional one."""

    path: tuple[str, ...]
    value: Any


@dataclass(frozen=True, slots=True)
class SetPool:
    """Make ``pool`` the tokens that stacks given by ``stack_size`` are dealt from (glyph
    ids and the other tokens of the format, e.g. ``camera``, ``gas``)."""

    pool: tuple[str, ...]


Intent = (
    AddRoom
    | MoveRoom
    | DeleteRoom
    | SetRoom
    | Connect
    | Disconnect
    | SetEntrance
    | SetAnswer
    | SetGlyphStyle
    | SetPool
    | SetField
)


class _Fields:
    """Reads one message's fields, refusing with a sentence."""

    def __init__(self, message: Mapping[str, Any], rooms: Collection[str] | None) -> None:
        self.message = message
        self.rooms = rooms

    def get(self, name: str, default: Any = ...) -> Any:
        if name in self.message:
            return self.message[name]
        if default is ...:
            raise StudioRefused.say(
                "The {op} edit needs a '{field}' field.", op=self.message["op"], field=name
            )
        return default

    def ident(self, value: Any, what: Message) -> str:
        if not isinstance(value, str):
            raise StudioRefused.say(
                "A {what} must be text, not {kind}.", what=what, kind=kind_words(value)
            )
        value = unicodedata.normalize("NFC", value)
        if len(value) > MAX_ID_CHARS:
            raise StudioRefused(
                nsay(
                    "A {what} has at most {n} character.",
                    "A {what} has at most {n} characters.",
                    MAX_ID_CHARS,
                    what=what,
                )
            )
        if not ID_PATTERN.match(value):
            raise StudioRefused.say(
                "The {what} {value} must be letters, digits, '-' or '_', "
                "starting with a letter or digit.",
                what=what,
                value=repr(value),
            )
        return value

    def room(self, value: Any, *, known: bool = True) -> str:
        room = self.ident(value, say("room id"))
        if known and self.rooms is not None and room not in self.rooms:
            raise StudioRefused.say("There is no room '{room}' on the map.", room=room)
        return room

    def text(self, value: Any, what: Message, max_chars: int) -> str:
        if not isinstance(value, str):
            raise StudioRefused.say(
                "The {what} must be text, not {kind}.", what=what, kind=kind_words(value)
            )
        value = unicodedata.normalize("NFC", value)
        if not value.strip():
            raise StudioRefused.say("The {what} must not be empty.", what=what)
        if len(value) > max_chars:
            raise StudioRefused(
                nsay(
                    "The {what} has at most {n:,} character.",
                    "The {what} has at most {n:,} characters.",
                    max_chars,
                    what=what,
                )
            )
        if any(unicodedata.category(ch) in ("Cc", "Cs") for ch in value):
            raise StudioRefused.say(
                "The {what} holds a control character (such as a line break).", what=what
            )
        return value

    def integer(self, value: Any, what: Message, lo: int, hi: int) -> int:
        if isinstance(value, bool) or not isinstance(value, int):
            raise StudioRefused.say(
                "The {what} must be a whole number, not {kind}.", what=what, kind=kind_words(value)
            )
        if not lo <= value <= hi:
            raise StudioRefused.say(
                "The {what} must be from {lo} to {hi}, not {value}.",
                what=what,
                lo=lo,
                hi=hi,
                value=value,
            )
        return value

    def pos(self, value: Any, what: Message | None = None) -> Pos:
        what = what or say("position")
        ok = isinstance(value, list | tuple) and len(value) == 2
        ok = ok and all(isinstance(v, int | float) and not isinstance(v, bool) for v in value)
        if not ok:
            raise StudioRefused.say("A {what} must be two numbers [x, y].", what=what)
        if not all(math.isfinite(v) and abs(v) <= MAX_POS for v in value):
            raise StudioRefused.say(
                "A {what}'s numbers must lie from {lo} to {hi}.", what=what, lo=-MAX_POS, hi=MAX_POS
            )
        return (_number(value[0]), _number(value[1]))

    def choice(self, value: Any, what: Message, choices: tuple[str, ...]) -> str:
        if not isinstance(value, str) or value not in choices:
            shown = repr(value) if isinstance(value, str) and len(value) <= 40 else None
            raise StudioRefused.say(
                "The {what} must be one of {choices}, not {shown}.",
                what=what,
                choices=", ".join(choices),
                shown=shown if shown is not None else kind_words(value),
            )
        return value


def _number(value: float) -> float:
    return int(value) if float(value).is_integer() and abs(value) < 2**53 else float(value)


def _add_room(f: _Fields) -> Intent:
    room = f.ident(f.get("room"), say("room id"))
    if f.rooms is not None and room in f.rooms:
        raise StudioRefused.say("There is already a room '{room}'.", room=room)
    if f.rooms is not None and len(f.rooms) >= MAX_ROOMS:
        raise StudioRefused(
            nsay("A map has at most {n} room.", "A map has at most {n} rooms.", MAX_ROOMS)
        )
    name = f.get("name", None)
    size = f.get("stack_size", None)
    return AddRoom(
        room,
        f.pos(f.get("pos", [0, 0])),
        None if name is None else f.text(name, say("room name"), MAX_NAME_CHARS),
        None if size is None else f.integer(size, say("stack size"), 0, MAX_STACK_SIZE),
    )


def _room_list(f: _Fields, value: Any) -> tuple[str, ...]:
    if not isinstance(value, list | tuple) or not value:
        raise StudioRefused.say("The rooms to move must be a list of at least one room id.")
    if len(value) > MAX_ROOMS:
        raise StudioRefused(
            nsay(
                "At most {n} room can be moved at once.",
                "At most {n} rooms can be moved at once.",
                MAX_ROOMS,
            )
        )
    rooms = tuple(f.room(v) for v in value)
    if len(set(rooms)) != len(rooms):
        raise StudioRefused.say("A room is named twice in one move.")
    return rooms


def _move_room(f: _Fields) -> Intent:
    value = f.get("rooms", None)
    if value is None:
        value = [f.get("room")]
    rooms = _room_list(f, value)
    delta, to = f.get("delta", None), f.get("to", None)
    if (delta is None) == (to is None):
        raise StudioRefused.say("A move gives either a delta [dx, dy] or the positions to move to.")
    if delta is not None:
        return MoveRoom(rooms, delta=f.pos(delta, say("delta")))
    if isinstance(to, list) and len(to) == 2 and not isinstance(to[0], list) and len(rooms) == 1:
        to = [to]
    if not isinstance(to, list | tuple) or len(to) != len(rooms):
        raise StudioRefused.say("A move gives one position [x, y] for each room it moves.")
    return MoveRoom(rooms, to=tuple(f.pos(p) for p in to))


def _set_room(f: _Fields) -> Intent:
    room = f.room(f.get("room"))
    fields: list[tuple[str, Any]] = []
    if "name" in f.message:
        name = f.message["name"]
        checked_name = None if name is None else f.text(name, say("room name"), MAX_NAME_CHARS)
        fields.append(("name", checked_name))
    if "stack_size" in f.message:
        size = f.message["stack_size"]
        checked = None if size is None else f.integer(size, say("stack size"), 0, MAX_STACK_SIZE)
        fields.append(("stack_size", checked))
    if "stack" in f.message:
        stack = f.message["stack"]
        try:
            fields.append(("stack", None if stack is None else tuple(check_tokens(stack))))
        except FieldError as exc:
            raise StudioRefused(message_of(exc)) from None
    if not fields:
        raise StudioRefused.say("A set_room edit changes a name, a stack_size or a stack.")
    return SetRoom(room, tuple(fields))


def _connect(f: _Fields) -> Intent:
    a, b = f.room(f.get("a")), f.room(f.get("b"))
    if a == b:
        raise StudioRefused.say(
            "A passage joins two different rooms, not '{room}' to itself.", room=a
        )
    kind = f.choice(f.get("kind", "open"), say("passage kind"), PASSAGE_KINDS)
    token = f.get("token", None)
    if token is not None:
        token = f.choice(token, say("passage token"), PASSAGE_TOKENS)
    return Connect(a, b, kind, token)


def _disconnect(f: _Fields) -> Intent:
    a, b = f.room(f.get("a")), f.room(f.get("b"))
    if a == b:
        raise StudioRefused.say("A room is never joined to itself ('{room}').", room=a)
    return Disconnect(a, b)


def _set_answer(f: _Fields) -> Intent:
    solution = f.text(f.get("solution"), say("solution"), MAX_TEXT_CHARS)
    card = f.get("card", None)
    if card is None:
        return SetAnswer(solution)
    if not isinstance(card, list | tuple) or not card or len(card) > MAX_WORDS:
        raise StudioRefused(
            nsay(
                "The card's line must be a list of 1 to {n} word.",
                "The card's line must be a list of 1 to {n} words.",
                MAX_WORDS,
            )
        )
    words = []
    for word in card:
        if not isinstance(word, list | tuple) or not word or len(word) > MAX_WORDS:
            raise StudioRefused.say("Each word of the card is a list of glyph ids.")
        words.append(tuple(f.ident(g, say("glyph id")) for g in word))
    return SetAnswer(solution, tuple(words))


def _set_glyph_style(f: _Fields) -> Intent:
    style = f.choice(f.get("style"), say("glyph style"), GLYPH_STYLES)
    seed = f.integer(f.get("seed", 0), say("glyph seed"), 0, MAX_SEED)
    return SetGlyphStyle(style, seed)


MAX_POOL = 300
"""The most tokens a pool set from the studio may hold."""


def _set_pool(f: _Fields) -> Intent:
    try:
        return SetPool(tuple(check_tokens(f.get("pool"), MAX_POOL)))
    except FieldError as exc:
        raise StudioRefused(message_of(exc)) from None


def _set_field(f: _Fields) -> Intent:
    try:
        path, value = check_field(f.get("field"), f.get("value", None))
    except FieldError as exc:
        raise StudioRefused(message_of(exc)) from None
    return SetField(path, value)


_OPS: dict[str, tuple[frozenset[str], Callable[[_Fields], Intent]]] = {
    "add_room": (frozenset({"room", "pos", "name", "stack_size"}), _add_room),
    "move_room": (frozenset({"room", "rooms", "delta", "to"}), _move_room),
    "delete_room": (frozenset({"room"}), lambda f: DeleteRoom(f.room(f.get("room")))),
    "connect": (frozenset({"a", "b", "kind", "token"}), _connect),
    "disconnect": (frozenset({"a", "b"}), _disconnect),
    "set_entrance": (frozenset({"room"}), lambda f: SetEntrance(f.room(f.get("room")))),
    "set_answer": (frozenset({"solution", "card"}), _set_answer),
    "set_glyph_style": (frozenset({"style", "seed"}), _set_glyph_style),
    "set_pool": (frozenset({"pool"}), _set_pool),
    "set_field": (frozenset({"field", "value"}), lambda f: _set_field(f)),
    "set_room": (frozenset({"room", "name", "stack_size", "stack"}), _set_room),
}
_FIELD_NAME = re.compile(r"^[a-z_]{1,32}$")


def parse_intent(message: object, rooms: Collection[str] | None = None) -> Intent:
    """The intent a page's ``{"op": ...}`` message asks for; :class:`StudioRefused`
    (a sentence) for anything forged or malformed. ``rooms``, when given, are the room
    ids on the map now (a message naming another room is refused).

    >>> parse_intent({"op": "set_room", "room": "hall", "name": "Great Hall"})
    SetRoom(room='hall', fields=(('name', 'Great Hall'),))
    >>> parse_intent({"op": "set_entrance", "room": "attic"}, rooms={"hall"})
    Traceback (most recent call last):
    ...
    cipherkit.studio.intents.StudioRefused: There is no room 'attic' on the map.
    """
    if not isinstance(message, dict):
        raise StudioRefused.say(
            "An edit must be a mapping with an 'op', not {kind}.", kind=kind_words(message)
        )
    op = message.get("op")
    if not isinstance(op, str):
        raise StudioRefused.say("An edit must name its 'op' as text.")
    if op not in _OPS:
        shown = op if len(op) <= 40 else op[:40] + "..."
        raise StudioRefused.say("There is no edit called {op}.", op=repr(shown))
    allowed, build = _OPS[op]
    for key in message:
        if key == "op":
            continue
        if not isinstance(key, str) or not _FIELD_NAME.match(key) or key not in allowed:
            if isinstance(key, str) and len(key) <= 32:
                raise StudioRefused.say(
                    "The {op} edit has no field {field}.", op=op, field=repr(key)
                )
            raise StudioRefused.say("The {op} edit has no field with such a key.", op=op)
    return build(_Fields(message, rooms))
