"""What each mission action does: the main actions, their steps, the abilities, tokens.

One plain function per action kind, ``(state, seat, action)``; :mod:`.rulebook` holds the
table that finds them. The turn's end is in :mod:`.turn_end`, the vote in :mod:`.vote`.
What happens is told as structured messages (``say``): each seat reads them in its own
language; a parameter naming a glyph has "glyph" in its name.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from cipherkit.core.protocol import Action, Seat
from cipherkit.games.mission.content.characters import SLIP
from cipherkit.games.mission.content.tokens import ACTIONS, GATHER, REGROUP, RUN
from cipherkit.games.mission.content.words import room_words
from cipherkit.games.mission.rules.actions import (
    Collect,
    Disarm,
    IntelRoom,
    Lower,
    Peek,
    Play,
    RegroupCard,
    Scout,
    Slip,
    Special,
    Step,
    Unblock,
)
from cipherkit.games.mission.rules.legality import card_of_value
from cipherkit.games.mission.rules.phases import (
    ACTION_INDEX,
    ACTION_NAMES,
    ACTION_PHASE,
    GATHER_PHASE,
    INTEL_PHASE,
    RUN_PHASE,
    SPECIAL_PHASE,
)
from cipherkit.games.mission.rules.tables import T_CAMERA, T_GAS, T_GLYPH, T_OFF_CARD
from cipherkit.games.mission.rules.turn_end import finish_action
from cipherkit.i18n import N_, nsay, say

if TYPE_CHECKING:
    from cipherkit.games.mission.rules.state import MissionState

STOP_WORDS = {
    RUN_PHASE: N_("{name} stops moving."),
    INTEL_PHASE: N_("{name} stops revealing."),
    GATHER_PHASE: N_("{name} stops gathering."),
    SPECIAL_PHASE: N_("{name} makes no use of the ability."),
}
STOPS = N_("{name} stops.")
"""What ``stop`` says in each phase (``N_``-marked English; ``{name}``: the character),
and in any other (:data:`STOPS`)."""


# ---------------------------------------------------------------- main actions
def play(state: MissionState, seat: Seat, action: Play) -> None:
    """``play 7 run``: a card from hand on an action card, whose action starts."""
    c = state.turn
    a = ACTION_INDEX[action.action]
    card = card_of_value(state, c, action.value)
    state.hands[c].remove(card)
    state.piles[a].append(card)
    state.actions_taken += 1
    label = state.t.cards.labels[card]
    state.emit(
        "play",
        {"character": c, "card": label, "action": action.action},
        say(
            "{name} plays {card} on {action}.",
            name=state.name(c),
            card=state.t.cards.words(card),
            action=say(ACTION_NAMES[action.action]),
        ),
    )
    state.phase = ACTION_PHASE[a]
    lim = state.limits
    state.steps = 0 if a == REGROUP else (lim.run if a == RUN else lim.intel)
    if a == GATHER:
        state.steps = lim.gather
    state.room = state.fresh = -1


def special(state: MissionState, seat: Seat, action: Special) -> None:
    """``special 3 9``: discard two cards and use the character's ability."""
    c = state.turn
    first = card_of_value(state, c, action.low)
    second = card_of_value(state, c, action.high, skip=first)
    hand = state.hands[c]
    hand.remove(first)
    hand.remove(second)
    state.discard.append(first)
    state.discard.append(second)
    state.actions_taken += 1
    labels = state.t.cards.labels
    state.emit(
        "special",
        {"character": c, "cards": [labels[first], labels[second]]},
        say(
            "{name} discards {first} and {second} for a special action ({ability}).",
            name=state.name(c),
            first=state.t.cards.words(first),
            second=state.t.cards.words(second),
            ability=state.chars[c].ability,
        ),
    )
    state.phase = SPECIAL_PHASE
    state.stage = 0
    state.room = -1


def stop(state: MissionState, seat: Seat, action: Action) -> None:
    """``stop``: end the action under way early (or decline the ability)."""
    c = state.turn
    said = say(STOP_WORDS.get(state.phase, STOPS), name=state.name(c))
    state.emit("stop", {"character": c, "phase": state.phase}, said)
    finish_action(state)


# ---------------------------------------------------------------- run
def step(state: MissionState, seat: Seat, action: Step) -> None:
    """``step hall``: Run one room on."""
    c = state.turn
    r = state.t.room_index[action.room]
    state.pos[c] = r
    state.steps -= 1
    state.emit(
        "move",
        {"character": c, "room": action.room},
        say("{name} moves to {room}.", name=state.name(c), room=room_words(state.t.room_names[r])),
    )
    if state.steps <= 0:
        finish_action(state)


# ---------------------------------------------------------------- intel
def intel_room(state: MissionState, seat: Seat, action: IntelRoom) -> None:
    """``intel hall``: choose the room and reveal its top token."""
    state.room = state.t.room_index[action.room]
    _intel_reveal(state)


def reveal(state: MissionState, seat: Seat, action: Action) -> None:
    """``reveal``: Intel reveals another token in the same room."""
    _intel_reveal(state)


def _intel_reveal(state: MissionState) -> None:
    reveal_token(state, state.turn, state.room, by_intel=True)
    state.steps -= 1
    if state.steps <= 0 or not state.stacks[state.room]:
        finish_action(state)


# ---------------------------------------------------------------- gather
def collect(state: MissionState, seat: Seat, action: Collect) -> None:
    """``collect L``: take a face-up glyph in the room; its windows open."""
    c = state.turn
    t = state.t
    here = state.pos[c]
    g = t.glyph_index[action.glyph]
    if state.fresh >= 0:
        token = state.fresh
        state.fresh = -1
    else:
        cls, tglyph = t.token_class, t.token_glyph
        token = next(x for x in state.faceup[here] if cls[x] == T_GLYPH and tglyph[x] == g)
        state.steps -= 1
    state.faceup[here].remove(token)
    state.collected.append(token)
    windows = t.windows[g]
    content = state.key[g]
    told = {"name": state.name(c), "glyph": action.glyph, "content": content}
    if state.opened[g]:
        said = say("{name} collects {glyph}: its windows are already open ({content}).", **told)
    else:
        state.opened[g] = True
        said = nsay(
            "{name} collects {glyph}: {n} window open ({content}).",
            "{name} collects {glyph}: {n} windows open ({content}).",
            windows,
            **told,
        )
    state.emit(
        "collect",
        {"character": c, "glyph": action.glyph, "content": content, "windows": windows},
        said,
    )
    if state.steps <= 0:
        finish_action(state)


def reveal_top(state: MissionState, seat: Seat, action: Action) -> None:
    """``reveal-top``: Gather turns up the top token of the room's stack."""
    token = reveal_token(state, state.turn, state.pos[state.turn], by_intel=False)
    state.steps -= 1
    if state.t.token_class[token] == T_GLYPH:
        state.fresh = token
    elif state.steps <= 0:
        finish_action(state)


def leave(state: MissionState, seat: Seat, action: Action) -> None:
    """``leave``: do not collect the glyph just revealed."""
    state.fresh = -1
    if state.steps <= 0:
        finish_action(state)


# ---------------------------------------------------------------- regroup
def regroup(state: MissionState, seat: Seat, action: RegroupCard) -> None:
    """``regroup intel``: clear an action card's pile and its counter-intel tokens."""
    c = state.turn
    a = ACTION_INDEX[action.action]
    cards, tokens = state.piles[a], state.blocks[a]
    state.discard.extend(cards)
    state.removed.extend(tokens)
    state.piles[a] = []
    state.blocks[a] = []
    extra = (
        nsay(" and {n} counter-intel token", " and {n} counter-intel tokens", len(tokens))
        if tokens
        else ""
    )
    state.emit(
        "regroup",
        {"character": c, "action": action.action, "cards": len(cards), "tokens": len(tokens)},
        nsay(
            "{name} clears {action}: {n} card{tokens} discarded.",
            "{name} clears {action}: {n} cards{tokens} discarded.",
            len(cards),
            name=state.name(c),
            action=say(ACTION_NAMES[action.action]),
            tokens=extra,
        ),
    )
    finish_action(state)


# ---------------------------------------------------------------- abilities
def slip(state: MissionState, seat: Seat, action: Slip) -> None:
    """Locksmith: move to an adjacent room, through a wall if need be."""
    c = state.turn
    r = state.t.room_index[action.room]
    told = {"name": state.name(c), "room": room_words(state.t.room_names[r])}
    if r in state.t.open_adj[state.pos[c]]:
        said = say("{name} slips into {room}.", **told)
    else:
        said = say("{name} slips into {room} through the wall.", **told)
    state.pos[c] = r
    state.emit("move", {"character": c, "room": action.room, "ability": SLIP}, said)
    finish_action(state)


def scout(state: MissionState, seat: Seat, action: Scout) -> None:
    """Lookout: reveal the top token of a nearby stack."""
    reveal_token(state, state.turn, state.t.room_index[action.room], by_intel=False)
    finish_action(state)


def lower(state: MissionState, seat: Seat, action: Lower) -> None:
    """Fixer: discard the top card of an action card's pile."""
    c = state.turn
    a = ACTION_INDEX[action.action]
    card = state.piles[a].pop()
    state.discard.append(card)
    label = state.t.cards.labels[card]
    state.emit(
        "lower",
        {"character": c, "action": action.action, "card": label},
        say(
            "{name} discards {card} from the {action} pile.",
            name=state.name(c),
            card=state.t.cards.words(card),
            action=say(ACTION_NAMES[action.action]),
        ),
    )
    finish_action(state)


def peek(state: MissionState, seat: Seat, action: Peek) -> None:
    """Archivist: look at the top two tokens of a nearby stack (then keep or swap)."""
    c = state.turn
    r = state.t.room_index[action.room]
    seen = state.stacks[r][-2:]
    state.peeks[state.seat_of[c]].update(seen)
    count = len(seen)
    state.emit(
        "peek",
        {"character": c, "room": action.room, "count": count},
        nsay(
            "{name} looks at the top {n} token of {room} in secret.",
            "{name} looks at the top {n} tokens of {room} in secret.",
            count,
            name=state.name(c),
            room=room_words(state.t.room_names[r]),
        ),
    )
    if count >= 2:
        state.stage = 1
        state.room = r
    else:
        finish_action(state)


def keep(state: MissionState, seat: Seat, action: Action) -> None:
    """Archivist: put the two peeked tokens back as they were."""
    c = state.turn
    state.emit(
        "order", {"character": c, "swap": False}, say("{name} puts them back.", name=state.name(c))
    )
    finish_action(state)


def swap(state: MissionState, seat: Seat, action: Action) -> None:
    """Archivist: put the two peeked tokens back, swapped."""
    c = state.turn
    stack = state.stacks[state.room]
    stack[-1], stack[-2] = stack[-2], stack[-1]
    state.emit(
        "order",
        {"character": c, "swap": True},
        say("{name} puts them back, swapping the two.", name=state.name(c)),
    )
    finish_action(state)


def disarm(state: MissionState, seat: Seat, action: Disarm) -> None:
    """Technician: discard a face-up camera in a nearby room."""
    c = state.turn
    r = state.t.room_index[action.room]
    cls = state.t.token_class
    token = next(x for x in state.faceup[r] if cls[x] == T_CAMERA)
    state.faceup[r].remove(token)
    state.removed.append(token)
    state.emit(
        "disarm",
        {"character": c, "room": action.room},
        say(
            "{name} disarms a camera in {room}.",
            name=state.name(c),
            room=room_words(state.t.room_names[r]),
        ),
    )
    finish_action(state)


def unblock(state: MissionState, seat: Seat, action: Unblock) -> None:
    """Technician: discard a counter-intel token from an action card."""
    c = state.turn
    a = ACTION_INDEX[action.action]
    token = state.blocks[a].pop()
    state.removed.append(token)
    state.emit(
        "unblock",
        {"character": c, "action": action.action},
        say(
            "{name} removes a counter-intel token from {action}.",
            name=state.name(c),
            action=say(ACTION_NAMES[action.action]),
        ),
    )
    finish_action(state)


# ---------------------------------------------------------------- tokens
def reveal_token(state: MissionState, c: int, r: int, *, by_intel: bool) -> int:
    """Turn up the top token of room ``r``'s stack and apply what it is."""
    t = state.t
    token = state.stacks[r].pop()
    for known in state.peeks:
        known.discard(token)
    cls = t.token_class[token]
    label = t.token_labels[token]
    told = {"name": state.name(c), "room": room_words(t.room_names[r])}
    data = {"character": c, "room": t.rooms[r], "token": label}
    if cls == T_GLYPH:
        state.faceup[r].append(token)
        state.emit("reveal", data, say("{name} reveals {glyph} in {room}.", glyph=label, **told))
    elif cls == T_OFF_CARD:
        state.removed.append(token)
        state.emit(
            "reveal",
            data,
            say(
                "{name} reveals {glyph} in {room}: it is not on the card and is removed.",
                glyph=label,
                **told,
            ),
        )
    elif cls == T_CAMERA:
        state.faceup[r].append(token)
        state.emit("reveal", data, say("{name} reveals a security camera in {room}.", **told))
    elif cls == T_GAS:
        state.removed.append(token)
        state.emit("reveal", data, say("{name} reveals gas in {room}!", **told))
        _gas(state, r)
    else:
        a = t.token_action[token]
        card = say(ACTION_NAMES[ACTIONS[a]])
        if by_intel:
            state.blocks[a].append(token)
            said = say(
                "{name} reveals counter-intel in {room}: {action} is blocked.", action=card, **told
            )
        else:
            state.removed.append(token)
            said = say(
                "{name} reveals counter-intel ({action}) in {room}; it is discarded.",
                action=card,
                **told,
            )
        state.emit("reveal", {**data, "blocks": ACTIONS[a] if by_intel else None}, said)
    return token


def _gas(state: MissionState, r: int) -> None:
    """Gas: everyone in room ``r`` discards a card at random."""
    labels = state.t.cards.labels
    for other, room in enumerate(state.pos):
        hand = state.hands[other]
        if room != r or not hand:
            continue
        card = hand.pop(state.rng.randbelow(len(hand)))
        state.discard.append(card)
        state.emit(
            "gas",
            {"character": other, "card": labels[card]},
            say(
                "{name} discards {card} at random.",
                name=state.name(other),
                card=state.t.cards.words(card),
            ),
        )
