"""The end of a mission turn: cameras, drawing back up, time cards, In Peril, the next turn."""

from __future__ import annotations

from typing import TYPE_CHECKING

from cipherkit.core.protocol import Action, Seat
from cipherkit.games.mission.rules.phases import ACT, DRAW_PHASE, TIME
from cipherkit.games.mission.rules.tables import T_CAMERA
from cipherkit.games.mission.rules.vote import finish
from cipherkit.i18n import nsay, say

if TYPE_CHECKING:
    from cipherkit.games.mission.rules.state import MissionState


def end(state: MissionState, seat: Seat, action: Action) -> None:
    """``end``: end the turn after one action."""
    c = state.turn
    state.emit("end", {"character": c}, say("{name} ends the turn.", name=state.name(c)))
    end_turn(state)


def forced_pass(state: MissionState, seat: Seat, action: Action) -> None:
    """``pass``: no action is possible; drawing back up is optional this turn."""
    c = state.turn
    state.emit(
        "pass",
        {"character": c},
        say("{name} cannot act and passes (forced pass).", name=state.name(c)),
    )
    end_turn(state, forced=True)


def draw(state: MissionState, seat: Seat, action: Action) -> None:
    """``draw``: draw one card while drawing is optional (In Peril, or after a pass)."""
    c = state.turn
    if not state.deck:
        refresh(state)
    card = state.deck.pop()
    if state.t.cards.icons[card]:
        _time_card(state, c, card)
        if state._outcome is not None:
            return
    else:
        state.hands[c].append(card)
        _drawn(state, c, 1)
    if not state.deck:
        refresh(state)
    if len(state.hands[c]) >= state.hand_size or not (state.deck or state.discard):
        next_turn(state)


def stop_drawing(state: MissionState, seat: Seat, action: Action) -> None:
    """``stop-drawing``: stop drawing and end the turn."""
    c = state.turn
    state.emit("stop-drawing", {"character": c}, say("{name} stops drawing.", name=state.name(c)))
    next_turn(state)


def finish_action(state: MissionState) -> None:
    """An action is done: back to choosing one, or (the second done) the turn ends."""
    state.phase = ACT
    state.steps = state.stage = 0
    state.room = state.fresh = -1
    if state.actions_taken >= 2:
        end_turn(state)


def end_turn(state: MissionState, forced: bool = False) -> None:
    """Cameras in the room discard from the deck; then the hand is drawn back up."""
    c = state.turn
    state.phase = ACT
    t = state.t
    cls = t.token_class
    cameras = sum(1 for x in state.faceup[state.pos[c]] if cls[x] == T_CAMERA)
    icons, labels = t.cards.icons, t.cards.labels
    for _ in range(cameras):
        if not state.deck:
            refresh(state)
            if not state.deck:
                break
        card = state.deck.pop()
        state.discard.append(card)
        state.time_icons += icons[card]
        state.emit(
            "camera",
            {"character": c, "card": labels[card]},
            say(
                "A camera watches {name}: {card} is discarded from the deck.",
                name=state.name(c),
                card=state.t.cards.words(card),
            ),
        )
        if _time_check(state):
            return
        if not state.deck:
            refresh(state)
    state.forced = forced
    _refill(state, c)


def _refill(state: MissionState, c: int) -> None:
    hand = state.hands[c]
    drawn = 0
    icons = state.t.cards.icons
    while len(hand) < state.hand_size:
        if not state.deck:
            drawn = _drawn(state, c, drawn)
            refresh(state)
            if not state.deck:
                break
        if state.forced or (state.peril and state.optional_peril):  # drawing is optional
            drawn = _drawn(state, c, drawn)
            state.phase = DRAW_PHASE
            return
        card = state.deck.pop()
        if icons[card]:
            drawn = _drawn(state, c, drawn)
            _time_card(state, c, card)
            if state._outcome is not None:
                return
        else:
            hand.append(card)
            drawn += 1
        if not state.deck:
            drawn = _drawn(state, c, drawn)
            refresh(state)
    _drawn(state, c, drawn)
    next_turn(state)


def _drawn(state: MissionState, c: int, count: int) -> int:
    if count:
        state.emit(
            "draw",
            {"character": c, "count": count},
            nsay("{name} draws {n} card.", "{name} draws {n} cards.", count, name=state.name(c)),
        )
    return 0


def _time_card(state: MissionState, c: int, card: int) -> None:
    state.discard.append(card)
    icons = state.t.cards.icons[card]
    state.time_icons += icons
    state.emit(
        "time",
        {"character": c, "icons": icons, "discard_icons": state.time_icons},
        say(
            "{name} draws a time card ({icons}) and discards it: {total} in the discard pile.",
            name=state.name(c),
            icons=nsay("{n} icon", "{n} icons", icons),
            total=nsay("{n} time icon", "{n} time icons", state.time_icons),
        ),
    )
    _time_check(state)


def _time_check(state: MissionState) -> bool:
    if state.peril and state.time_icons >= state.limits.loss_icons and state._outcome is None:
        finish(state, False, TIME)
        return True
    return False


def refresh(state: MissionState) -> None:
    """The deck has run out: In Peril, and the discard pile becomes the deck."""
    if state.deck:
        return
    first = not state.peril
    state.peril = True
    if state.discard:
        state.deck = state.discard
        state.discard = []
        state.time_icons = 0
        state.rng.shuffle(state.deck)
        if first:
            said = nsay(
                "The deck has run out: In Peril! The discard pile, time cards included, is "
                "shuffled into a new deck of {n}.",
                "The deck has run out: In Peril! The discard pile, time cards included, is "
                "shuffled into a new deck of {n}.",
                len(state.deck),
            )
        else:
            said = nsay(
                "The deck has run out again: In Peril! The discard pile, time cards included, "
                "is shuffled into a new deck of {n}.",
                "The deck has run out again: In Peril! The discard pile, time cards included, "
                "is shuffled into a new deck of {n}.",
                len(state.deck),
            )
        state.emit("peril", {"deck": len(state.deck), "first": first}, said)
    elif first:
        state.emit(
            "peril",
            {"deck": 0, "first": True},
            say("The deck has run out and the discard pile is empty: In Peril!"),
        )


def next_turn(state: MissionState) -> None:
    """The next character's turn."""
    state.turn = c = (state.turn + 1) % len(state.chars)
    state.turn_number += 1
    state.phase = ACT
    state.actions_taken = 0
    state.forced = False
    state.steps = state.stage = 0
    state.room = state.fresh = -1
    state.emit("turn", {"character": c}, say("{name}'s turn.", name=state.name(c)))
