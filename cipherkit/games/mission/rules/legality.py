"""Mission legality: the actions a seat may take now, and why any other is refused.

:func:`legal_actions` lists them; each action kind has its check (``check_play``, …),
found through :data:`~.rulebook.RULES`. A refusal is an :class:`IllegalAction` holding a
structured message: its words are chosen where it is shown.

>>> from cipherkit.core.errors import IllegalAction
>>> from cipherkit.games.mission import new_game
>>> from cipherkit.i18n import speaking
>>> state = new_game({"players": 2, "first_player": 0}, seed=1)
>>> try:
...     state.apply(1, state.legal_actions(0)[0])
... except IllegalAction as exc:
...     refusal = exc
>>> refusal.reason
"it is Mara's turn (seat 0)"
>>> with speaking("ru"):
...     refusal.reason
'сейчас ходит Mara (место 0)'
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from cipherkit.core.errors import IllegalAction
from cipherkit.core.protocol import Action, Seat
from cipherkit.games.mission.content.characters import DISARM, LOWER, PEEK, SCOUT, SLIP
from cipherkit.games.mission.content.tokens import REGROUP
from cipherkit.games.mission.content.words import room_words
from cipherkit.games.mission.rules.actions import (
    CONFIRM,
    DRAW,
    END,
    KEEP,
    LEAVE,
    PASS,
    PROPOSE_READING,
    REJECT,
    REVEAL,
    REVEAL_TOP,
    STOP,
    STOP_DRAWING,
    SWAP,
    Collect,
    IntelRoom,
    Play,
    Propose,
    RegroupCard,
    Special,
    Step,
)
from cipherkit.games.mission.rules.phases import (
    ACT,
    ACTION_INDEX,
    ACTION_NAMES,
    DRAW_PHASE,
    GATHER_PHASE,
    INTEL_PHASE,
    REGROUP_PHASE,
    RUN_PHASE,
    SOLVE,
    SPECIAL_PHASE,
)
from cipherkit.games.mission.rules.tables import T_CAMERA, T_GLYPH, Tables
from cipherkit.i18n import N_, Message, say

if TYPE_CHECKING:
    from cipherkit.games.mission.rules.state import MissionState

PENDING_HINT = {
    RUN_PHASE: N_("finish the Run first: step to an adjacent room or stop"),
    INTEL_PHASE: N_("finish the Intel first: choose a room, reveal another token or stop"),
    GATHER_PHASE: N_("finish the Gather first: collect, reveal-top, leave or stop"),
    REGROUP_PHASE: N_("finish the Regroup first: choose the action card to clear"),
    SPECIAL_PHASE: N_("finish your special action first (or stop)"),
    DRAW_PHASE: N_("you are drawing: draw another card or stop-drawing"),
}
"""What the action under way still needs (``N_``-marked English: ``say`` it)."""


def pending(phase: str) -> Message:
    """What the action under way in ``phase`` still needs, as a message."""
    return say(PENDING_HINT.get(phase, phase))


# ---------------------------------------------------------------- listing
def legal_actions(state: MissionState, seat: Seat) -> list[Action]:
    """Every action ``seat`` may take now (empty if it may not act)."""
    if state._outcome is not None:
        return []
    phase = state.phase
    if phase == SOLVE:
        return [CONFIRM, REJECT] if seat in state.votes else []
    c = state.turn
    if seat != state.seat_of[c]:
        return []
    if phase == ACT:
        acts = main_actions(state, c)
        if state.actions_taken == 0:
            if not acts:
                acts.append(PASS)
        else:
            acts.append(END)
        if state.answer_open():
            acts.append(PROPOSE_READING)
        return acts
    if phase == DRAW_PHASE and state.answer_open():
        return [DRAW, STOP_DRAWING, PROPOSE_READING]
    return sub_actions(state, c)


def main_actions(state: MissionState, c: int) -> list[Action]:
    """The cards character ``c`` may play, and the special actions its pairs allow."""
    t = state.t
    value = t.cards.value
    tops = [
        99 if blocked else (value[pile[-1]] if pile else 0)
        for pile, blocked in zip(state.piles, state.blocks, strict=True)
    ]
    vals = tuple(sorted([value[x] for x in state.hands[c]]))
    play = t.play
    acts: list[Action] = []
    previous = -1
    for v in vals:
        if v == previous:
            continue
        previous = v
        row = play[v]
        acts.extend([row[a] for a in range(4) if tops[a] < v])
    if len(vals) >= 2:
        memo = t.main_memo  # the specials depend on the hand alone
        specials = memo.get(vals)
        if specials is None:
            if len(memo) >= 4096:
                memo.clear()
            specials = memo[vals] = _specials(t, vals)
        acts.extend(specials)
    return acts


def _specials(t: Tables, vals: tuple[int, ...]) -> tuple[Action, ...]:
    """The special actions of a hand of sorted card values: one per pair of values."""
    n = len(vals)
    pairs = dict.fromkeys((vals[i], vals[j]) for i in range(n - 1) for j in range(i + 1, n))
    return tuple(t.specials[p] for p in pairs)


def sub_actions(state: MissionState, c: int) -> list[Action]:
    """Legal actions while an action, an ability or drawing is under way."""
    t = state.t
    phase = state.phase
    here = state.pos[c]
    if phase == RUN_PHASE:
        step = t.step
        return [*(step[r] for r in t.open_adj[here]), STOP]
    if phase == INTEL_PHASE:
        if state.room < 0:
            intel = t.intel
            return [*(intel[r] for r, s in enumerate(state.stacks) if s), STOP]
        return [REVEAL, STOP]
    if phase == GATHER_PHASE:
        if state.fresh >= 0:
            return [t.collect[t.token_glyph[state.fresh]], LEAVE]
        acts: list[Action] = []
        seen: set[int] = set()
        cls, tglyph = t.token_class, t.token_glyph
        for token in state.faceup[here]:
            if cls[token] == T_GLYPH and tglyph[token] not in seen:
                seen.add(tglyph[token])
                acts.append(t.collect[tglyph[token]])
        if state.stacks[here]:
            acts.append(REVEAL_TOP)
        acts.append(STOP)
        return acts
    if phase == REGROUP_PHASE:
        return [t.regroup[a] for a in range(4) if a != REGROUP]
    if phase == SPECIAL_PHASE:
        return ability_actions(state, c)
    if phase == DRAW_PHASE:
        return [DRAW, STOP_DRAWING]
    return []


def ability_actions(state: MissionState, c: int) -> list[Action]:
    """What character ``c``'s ability allows, once a special action started it."""
    t = state.t
    ability = state.chars[c].ability
    here = state.pos[c]
    if ability == SLIP:
        return [*(t.slip[r] for r in t.any_adj[here]), STOP]
    if ability == SCOUT:
        return [*(t.scout[r] for r in t.nearby[here] if state.stacks[r]), STOP]
    if ability == LOWER:
        return [*(t.lower[a] for a in range(4) if state.piles[a]), STOP]
    if ability == PEEK:
        if state.stage == 1:
            return [KEEP, SWAP]
        return [*(t.peek[r] for r in t.nearby[here] if state.stacks[r]), STOP]
    if ability == DISARM:
        cls = t.token_class
        acts: list[Action] = [
            t.disarm[r] for r in t.nearby[here] if any(cls[x] == T_CAMERA for x in state.faceup[r])
        ]
        acts.extend(t.unblock[a] for a in range(4) if state.blocks[a])
        acts.append(STOP)
        return acts
    return [STOP]  # pragma: no cover - every ability is handled above


def card_of_value(state: MissionState, c: int, value: int, skip: int = -1) -> int:
    """The lowest card of ``value`` in character ``c``'s hand (not ``skip``), or -1."""
    values = state.t.cards.value
    best = -1
    for card in state.hands[c]:
        if values[card] == value and card != skip and (best < 0 or card < best):
            best = card
    return best


# ---------------------------------------------------------------- checks
def check_seat(state: MissionState, seat: Seat) -> None:
    """Every action: the mission is on and ``seat`` is one of its seats."""
    if state._outcome is not None:
        raise IllegalAction.say("the mission is over")
    if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < state.players:
        raise IllegalAction.say(
            "there is no seat {seat!r} (seats are 0 to {last})", seat=seat, last=state.players - 1
        )


def check_turn(state: MissionState, seat: Seat) -> None:
    """Every action but a vote: no answer awaits its vote, and it is ``seat``'s turn."""
    if state.phase == SOLVE:
        raise IllegalAction.say(
            "the answer {answer!r} has been proposed: confirm or reject it first",
            answer=state.proposal,
        )
    c = state.turn
    if seat != state.seat_of[c]:
        raise IllegalAction.say(
            "it is {name}'s turn (seat {seat})", name=state.name(c), seat=state.seat_of[c]
        )


def check_vote(state: MissionState, seat: Seat, action: Action) -> None:
    """``confirm``, ``reject`` and ``reject WHY``: an answer awaits this seat's vote."""
    if state.phase != SOLVE:
        raise IllegalAction.say("nobody has proposed an answer")
    if seat not in state.votes:
        if seat == state.proposer:
            raise IllegalAction.say("you proposed this answer; the others decide")
        raise IllegalAction.say("you have already confirmed this answer")


def check_play(state: MissionState, seat: Seat, action: Play) -> None:
    """``play 7 run``: between actions, a card in hand higher than the pile's top."""
    check_turn(state, seat)
    if state.phase != ACT:
        raise IllegalAction(pending(state.phase))
    a = ACTION_INDEX.get(action.action)
    if a is None:
        raise IllegalAction.say("there is no action card {card!r}", card=action.action)
    if card_of_value(state, state.turn, action.value) < 0:
        raise IllegalAction.say("you have no {value} in hand", value=action.value)
    card_name = say(ACTION_NAMES[action.action])
    if state.blocks[a]:
        raise IllegalAction.say(
            "the {card} card is blocked by counter-intel until a Regroup clears it", card=card_name
        )
    pile = state.piles[a]
    if pile:
        top = state.t.cards.value[pile[-1]]
        if top >= action.value:
            raise IllegalAction.say(
                "the {card} pile shows {top}: play a card higher than {top}",
                card=card_name,
                top=top,
            )


def check_special(state: MissionState, seat: Seat, action: Special) -> None:
    """``special 3 9``: between actions, both cards in hand."""
    check_turn(state, seat)
    if state.phase != ACT:
        raise IllegalAction(pending(state.phase))
    c = state.turn
    first = card_of_value(state, c, action.low)
    if first < 0 or card_of_value(state, c, action.high, skip=first) < 0:
        if action.low == action.high:
            raise IllegalAction.say("you do not have two {value}s in hand", value=action.low)
        raise IllegalAction.say(
            "you do not have a {low} and a {high} in hand", low=action.low, high=action.high
        )


def check_propose(state: MissionState, seat: Seat, action: Propose) -> None:
    """``propose WORDS``: between actions (or while drawing), some words."""
    check_turn(state, seat)
    _between_actions(state)
    if not str(action.text).strip():
        raise IllegalAction.say("propose what? give the answer")


def check_propose_reading(state: MissionState, seat: Seat, action: Action) -> None:
    """``propose-reading``: between actions, every answer window open."""
    check_turn(state, seat)
    _between_actions(state)
    if not state.answer_open():
        raise IllegalAction.say("some answer windows are still closed: propose WORDS instead")


def _between_actions(state: MissionState) -> None:
    phase = state.phase
    if phase not in (ACT, DRAW_PHASE):
        raise IllegalAction.say("{hint}; propose between actions", hint=pending(phase))


def check_end(state: MissionState, seat: Seat, action: Action) -> None:
    """``end``: between actions, after at least one."""
    check_turn(state, seat)
    if state.phase != ACT:
        raise IllegalAction(pending(state.phase))
    if state.actions_taken == 0:
        raise IllegalAction.say("take at least one action before ending your turn")


def check_pass(state: MissionState, seat: Seat, action: Action) -> None:
    """``pass``: before any action, when none is possible."""
    check_turn(state, seat)
    if state.phase != ACT:
        raise IllegalAction(pending(state.phase))
    if state.actions_taken:
        raise IllegalAction.say("you have taken an action: end your turn instead of passing")
    if state.can_act(state.turn):
        raise IllegalAction.say("you can still act: pass only when no action is possible")


def check_under_way(state: MissionState, seat: Seat, action: Action) -> None:
    """A step of the action, ability or drawing under way: one that is listed now."""
    check_turn(state, seat)
    if state.phase == ACT:
        raise IllegalAction.say(
            "{action} is not a main action: play a card (play 7 run), use your special "
            "action (special 3 9), end or pass",
            action=str(action),
        )
    if action not in sub_actions(state, state.turn):
        raise IllegalAction(why_not(state, state.turn, action))


def why_not(state: MissionState, c: int, action: Action) -> Message:
    """Why ``action`` is not one of the steps under way (a message a person can read)."""
    phase = state.phase
    t = state.t
    room = getattr(action, "room", None)
    if room is not None and room not in t.room_index:
        return say("there is no room {room!r}", room=room)
    if phase == RUN_PHASE and isinstance(action, Step):
        here = room_words(t.room_names[state.pos[c]])
        return say(
            "you cannot step from {here} to {room!r}: no open passage joins them",
            here=here,
            room=room,
        )
    if phase == INTEL_PHASE and isinstance(action, IntelRoom):
        if state.room >= 0:
            return say("Intel reveals in one room only: reveal another token there, or stop")
        where = room_words(t.room_names[t.room_index[action.room]])
        return say("{where} has no face-down token left", where=where)
    if phase == GATHER_PHASE and isinstance(action, Collect):
        if state.fresh >= 0:
            return say("collect the glyph you just revealed, or leave it")
        return say(
            "there is no face-up {glyph} on the card's glyphs in your room", glyph=action.glyph
        )
    if phase == GATHER_PHASE and action == REVEAL_TOP:
        if state.fresh >= 0:
            return say("collect the glyph you just revealed, or leave it")
        return say("your room has no face-down token left")
    if phase == REGROUP_PHASE and isinstance(action, RegroupCard):
        return say("Regroup cannot clear itself: choose run, gather or intel")
    if phase == SPECIAL_PHASE:
        return say(
            "{action} is not possible for {name} now ({ability})",
            action=str(action),
            name=state.name(c),
            ability=state.chars[c].ability,
        )
    return say("{action} is not possible now: {hint}", action=str(action), hint=pending(phase))
