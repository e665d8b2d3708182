"""Forged and malformed intents are refused with a sentence and change nothing."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from cipherkit.core.errors import CipherkitError
from cipherkit.studio import Draft, StudioRefused, parse_intent
from cipherkit.studio.intents import AddRoom, Connect, MoveRoom, SetAnswer, SetGlyphStyle

LAST_LIGHT = Path(__file__).resolve().parents[2] / "missions" / "08-last-light.yaml"

BAD: list[Any] = [
    None,
    "add_room",
    ["op", "add_room"],
    {},
    {"op": 3},
    {"op": "teleport", "room": "lamp"},
    {"op": "__class__"},
    {"op": "add_room"},
    {"op": "add_room", "room": "lamp"},  # already a room
    {"op": "add_room", "room": "new", "pos": [1, 2], "seat": 1},  # extra field
    {"op": "add_room", "room": "new room"},  # a space in an id
    {"op": "add_room", "room": "x" * 65},
    {"op": "add_room", "room": "new", "pos": [1]},
    {"op": "add_room", "room": "new", "pos": [1, float("nan")]},
    {"op": "add_room", "room": "new", "pos": [1, 10**6]},
    {"op": "add_room", "room": "new", "pos": [True, 0]},
    {"op": "add_room", "room": "new", "name": "N" * 121},
    {"op": "add_room", "room": "new", "stack_size": -1},
    {"op": "add_room", "room": "new", "stack_size": "3"},
    {"op": "move_room", "rooms": ["lamp"]},  # neither delta nor to
    {"op": "move_room", "rooms": ["lamp"], "delta": [1, 0], "to": [[0, 0]]},
    {"op": "move_room", "rooms": ["nowhere"], "delta": [1, 0]},
    {"op": "move_room", "rooms": ["lamp", "lamp"], "delta": [1, 0]},
    {"op": "move_room", "rooms": ["lamp", "watch"], "to": [[0, 0]]},
    {"op": "move_room", "rooms": [], "delta": [1, 0]},
    {"op": "move_room", "rooms": "lamp", "delta": [1, 0]},
    {"op": "delete_room", "room": "attic"},
    {"op": "delete_room", "room": {"$ne": ""}},
    {"op": "set_room", "room": "lamp"},
    {"op": "set_room", "room": "lamp", "pos": [0, 0]},
    {"op": "set_room", "room": "lamp", "name": ""},
    {"op": "set_room", "room": "lamp", "name": "bad\x00name"},
    {"op": "set_room", "room": "lamp", "name": "two\nlines"},
    {"op": "set_room", "room": "lamp", "stack_size": 101},
    {"op": "connect", "a": "lamp", "b": "lamp"},
    {"op": "connect", "a": "lamp", "b": "attic"},
    {"op": "connect", "a": "lamp", "b": "stair", "kind": "tunnel"},
    {"op": "connect", "a": "lamp", "b": "stair", "token": "door"},
    {"op": "disconnect", "a": "lamp", "b": "causeway"},  # not joined
    {"op": "set_entrance"},
    {"op": "set_entrance", "room": None},
    {"op": "set_answer", "solution": ""},
    {"op": "set_answer", "solution": "A" * 2001},
    {"op": "set_answer", "solution": "A'B"},  # no glyph can carry an apostrophe
    {"op": "set_answer", "solution": "AB", "card": [["nosuchglyph"]]},
    {"op": "set_answer", "solution": "AB", "card": "anchor rudder"},
    {"op": "set_answer", "solution": "AB", "card": [[]]},
    {"op": "set_glyph_style", "style": "emoji"},
    {"op": "set_glyph_style", "style": "runes", "seed": -1},
    {"op": "set_glyph_style", "style": "runes", "seed": 2**31},
    {"op": "set_glyph_style", "style": "runes", "seed": 1.5},
    {"op": "set_glyph_style", "style": "runes", 7: "seed"},
    {"op": "set_pool", "pool": "wave sprat"},
    {"op": "set_pool", "pool": ["<script>"]},
    {"op": "set_pool", "pool": ["camera"] * 301},
    {"op": "set_pool", "pool": [7]},
    {"op": "set_field", "field": "format", "value": 2},
    {"op": "set_field", "field": "players", "value": {"min": 0}},
    {"op": "set_field", "field": "players", "value": {"most": 3}},
    {"op": "set_field", "field": "title", "value": ""},
    {"op": "set_field", "field": "title", "value": "x" * 201},
    {"op": "set_field", "field": "campaign.win", "value": {"next": "../etc"}},
    {"op": "set_field", "field": "characters", "value": "lookout"},
    {"op": "set_field", "field": "deck", "value": {"values": 1000}},
    {"op": "set_room", "room": "lamp", "stack": ["<b>"]},
]


def test_there_are_enough_bad_messages() -> None:
    assert len(BAD) >= 15


@pytest.mark.parametrize("message", BAD, ids=[repr(m)[:60] for m in BAD])
def test_a_bad_message_is_refused_with_a_sentence_and_changes_nothing(message: Any) -> None:
    draft = Draft.open(LAST_LIGHT)
    draft.edit({"op": "set_room", "room": "lamp", "name": "The Lamp"})
    before = draft.text
    with pytest.raises(StudioRefused) as caught:
        draft.edit(message)
    reason = str(caught.value)
    assert isinstance(caught.value, CipherkitError)
    assert reason[0].isupper() and reason.endswith("."), reason
    assert len(reason) < 200 and "\n" not in reason and "Traceback" not in reason
    assert draft.text == before
    assert draft.can_undo and not draft.can_redo
    assert draft.undo() and draft.text == LAST_LIGHT.read_text(encoding="utf-8")


def test_good_messages_parse_to_value_objects() -> None:
    rooms = {"hall", "vault"}
    assert parse_intent({"op": "add_room", "room": "attic", "pos": [1.0, 2]}, rooms) == AddRoom(
        "attic", (1, 2)
    )
    assert parse_intent({"op": "move_room", "room": "hall", "to": [3, 4]}, rooms) == MoveRoom(
        ("hall",), to=((3, 4),)
    )
    assert parse_intent({"op": "connect", "a": "hall", "b": "vault", "token": "wall"}) == (
        Connect("hall", "vault", "open", "wall")
    )
    assert parse_intent({"op": "set_answer", "solution": "Ab", "card": [["x", "y"]]}) == (
        SetAnswer("Ab", (("x", "y"),))
    )
    assert parse_intent({"op": "set_glyph_style", "style": "runes"}) == SetGlyphStyle("runes")


def test_an_intent_value_is_applied_as_a_message_is() -> None:
    by_value, by_message = Draft.open(LAST_LIGHT), Draft.open(LAST_LIGHT)
    by_value.edit(MoveRoom(("lamp", "watch"), delta=(0, 1)))
    by_message.edit({"op": "move_room", "rooms": ["lamp", "watch"], "delta": [0, 1]})
    assert by_value.text == by_message.text
    with pytest.raises(StudioRefused, match="no room 'attic'"):
        by_value.edit(MoveRoom(("lamp", "attic"), delta=(0, 1)))
    assert by_value.text == by_message.text
