"""What a viewer may know of a mission game: :func:`observe`.

Design notes: ``docs/design-notes.md``, ``cipherkit.games.mission.rules.observe``.

>>> from cipherkit.games.mission import new_game
>>> state = new_game({"players": 2, "first_player": 0}, seed=1)
>>> obs = state.observe(0)
>>> obs["hands"][1] is None, len(obs["hands"][0]), obs["rooms"]["foyer"]["stack"]
(True, 4, 2)
>>> obs["console"]["cells"][0]
{'glyph': 'eye', 'word': 0, 'answer': False, 'open': False, 'content': None}
>>> "OWL" in str(obs)
False
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from cipherkit.core.protocol import SPECTATOR, Viewer
from cipherkit.games.mission.content.tokens import ACTIONS
from cipherkit.games.mission.rules.observation import (
    CellView,
    CharacterView,
    KnownToken,
    MissionObservation,
    ProposalView,
    RoomView,
)

if TYPE_CHECKING:
    from cipherkit.games.mission.rules.state import MissionState


def _seat_of_viewer(state: MissionState, viewer: Viewer) -> int | None:
    if isinstance(viewer, int) and not isinstance(viewer, bool) and 0 <= viewer < state.players:
        return viewer
    if viewer == SPECTATOR:
        return None
    raise ValueError(
        f"mission viewers are seats 0-{state.players - 1} and {SPECTATOR!r}, not {viewer!r}"
    )


def observe(state: MissionState, viewer: Viewer) -> MissionObservation:
    """The observation of ``viewer`` (a seat number or ``"spectator"``)."""
    seat = _seat_of_viewer(state, viewer)
    t = state.t
    over = state._outcome is not None
    cards = t.cards.labels
    tokens = t.token_labels
    rooms = t.rooms
    mine = {c for c, s in enumerate(state.seat_of) if s == seat}
    return {
        "game": "mission",
        "viewer": viewer,
        "seat": seat,
        "players": state.players,
        "mission": t.public,  # built once per mission (tables.py); treat as read-only
        "characters": _characters(state),
        "hands": [
            [cards[x] for x in hand] if (over or c in mine) else None
            for c, hand in enumerate(state.hands)
        ],
        "hand_limit": state.hand_size,
        "rules": {**state.limits.to_json(), "secrets": list(state.config.get("secrets", ()))},
        "turn": state.turn,
        "turn_number": state.turn_number,
        "current_seat": state.seat_of[state.turn],
        "phase": state.phase,
        "actors": state.actors(),
        "actions_taken": state.actions_taken,
        "pending": {
            "steps_left": state.steps,
            "room": None if state.room < 0 else rooms[state.room],
            "revealed": None if state.fresh < 0 else tokens[state.fresh],
            "stage": state.stage,
            "forced_pass": state.forced,
        },
        "piles": {
            a: [cards[x] for x in pile] for a, pile in zip(ACTIONS, state.piles, strict=True)
        },
        "blocked": {a: len(b) for a, b in zip(ACTIONS, state.blocks, strict=True)},
        "deck_size": len(state.deck),
        "discard": {
            "size": len(state.discard),
            "top": cards[state.discard[-1]] if state.discard else None,
            "time_icons": state.time_icons,
            "time_cards": [cards[c] for c in state.discard if t.cards.icons[c]],
        },
        "peril": state.peril,
        "rooms": _rooms(state),
        "console": {
            "cells": _cells(state, over),
            "opened": [g for g, o in zip(t.glyphs, state.opened, strict=True) if o],
            "reading": state.reading(answer_only=False),
            "answer_open": state.answer_open(),
        },
        "collected": [tokens[x] for x in state.collected],
        "removed": [tokens[x] for x in state.removed],
        "known": _known(state, seat),
        "proposal": _proposal(state),
        "outcome": None if state._outcome is None else state._outcome.to_json(),
        "answer": state.true_answer() if over else None,
        "campaign": state.campaign_result() if over else None,
        "log": list(state.log),
    }


def _characters(state: MissionState) -> list[CharacterView]:
    """Every character: who plays it, where it stands, how many cards it holds."""
    rooms = state.t.rooms
    return [
        {
            "index": c,
            "id": ch.id,
            "name": ch.name,
            "ability": ch.ability,
            "ability_text": ch.ability_text,
            "seat": seat_of,
            "room": rooms[pos],
            "hand_size": len(hand),
        }
        for c, (ch, seat_of, pos, hand) in enumerate(
            zip(state.chars, state.seat_of, state.pos, state.hands, strict=True)
        )
    ]


def _cells(state: MissionState, over: bool) -> list[CellView]:
    """The console's cells; a cell's content only once it is open (or the game over)."""
    opened, key = state.opened, state.key
    return [
        {
            "glyph": glyph,
            "word": word,
            "answer": answer,
            "open": opened[g],
            "content": key[g] if (over or opened[g]) else None,
        }
        for glyph, word, answer, g in state.t.cell_rows
    ]


def _known(state: MissionState, seat: int | None) -> dict[str, list[KnownToken]]:
    """The tokens ``seat`` has peeked at and where they lie, by room."""
    known: dict[str, list[KnownToken]] = {}
    if seat is None or not state.peeks[seat]:
        return known
    peeked, tokens = state.peeks[seat], state.t.token_labels
    for r, stack in enumerate(state.stacks):
        seen: list[KnownToken] = [
            {"depth": depth, "token": tokens[token]}
            for depth, token in enumerate(reversed(stack))
            if token in peeked
        ]
        if seen:
            known[state.t.rooms[r]] = seen
    return known


def _rooms(state: MissionState) -> dict[str, RoomView]:
    """Each room's stack size, face-up tokens and the characters standing in it."""
    standing: dict[int, list[int]] = {}
    for c, r in enumerate(state.pos):
        standing.setdefault(r, []).append(c)
    tokens = state.t.token_labels
    return {
        room: {
            "stack": len(state.stacks[r]),
            "face_up": [tokens[x] for x in state.faceup[r]],
            "characters": standing.get(r, []),
        }
        for r, room in enumerate(state.t.rooms)
    }


def _proposal(state: MissionState) -> ProposalView | None:
    """The reading proposed to the team, if any, and who has yet to vote."""
    if state.proposal is None:
        return None
    return {"text": state.proposal, "proposer": state.proposer, "waiting_for": sorted(state.votes)}
