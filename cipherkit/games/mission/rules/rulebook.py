"""The mission's rules by action kind: :data:`RULES` maps an action's class (and
:data:`WORD_RULES` a one-word action) to its :class:`Rule`, its check and its effect.

Examples
--------
>>> from cipherkit.games.mission.rules.actions import END, Play
>>> RULES[Play].check.__name__, RULES[Play].apply.__name__
('check_play', 'play')
>>> WORD_RULES[END].apply.__name__
'end'
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, NamedTuple

from cipherkit.core.protocol import Action, Event, Seat
from cipherkit.games.mission.rules import actions as act
from cipherkit.games.mission.rules import effects, legality, turn_end, vote
from cipherkit.games.mission.rules.actions import Simple
from cipherkit.games.mission.rules.legality import check_seat, check_under_way
from cipherkit.games.mission.rules.legality import legal_actions as list_actions

if TYPE_CHECKING:
    from cipherkit.games.mission.rules.state import MissionState

__all__ = ["RULES", "WORD_RULES", "Rule", "apply", "carry_out", "check", "legal_actions"]


class Rule(NamedTuple):
    """An action kind's rule: ``check`` raises :class:`IllegalAction` with a reason (or
    returns), ``apply`` changes the state of a checked action (its events are emitted)."""

    check: Callable[[MissionState, Seat, Any], None]
    apply: Callable[[MissionState, Seat, Any], None]


_UNDER_WAY = legality.check_under_way
RULES: dict[type[Action], Rule] = {
    act.Play: Rule(legality.check_play, effects.play),
    act.Special: Rule(legality.check_special, effects.special),
    act.Step: Rule(_UNDER_WAY, effects.step),
    act.IntelRoom: Rule(_UNDER_WAY, effects.intel_room),
    act.Collect: Rule(_UNDER_WAY, effects.collect),
    act.RegroupCard: Rule(_UNDER_WAY, effects.regroup),
    act.Slip: Rule(_UNDER_WAY, effects.slip),
    act.Scout: Rule(_UNDER_WAY, effects.scout),
    act.Lower: Rule(_UNDER_WAY, effects.lower),
    act.Peek: Rule(_UNDER_WAY, effects.peek),
    act.Disarm: Rule(_UNDER_WAY, effects.disarm),
    act.Unblock: Rule(_UNDER_WAY, effects.unblock),
    act.Propose: Rule(legality.check_propose, vote.propose),
    act.RejectBecause: Rule(legality.check_vote, vote.reject_because),
}
"""Each action kind's rule, by the action's class (:class:`Simple` ones: :data:`WORD_RULES`)."""

WORD_RULES: dict[Action, Rule] = {
    act.END: Rule(legality.check_end, turn_end.end),
    act.PASS: Rule(legality.check_pass, turn_end.forced_pass),
    act.STOP: Rule(_UNDER_WAY, effects.stop),
    act.REVEAL: Rule(_UNDER_WAY, effects.reveal),
    act.REVEAL_TOP: Rule(_UNDER_WAY, effects.reveal_top),
    act.LEAVE: Rule(_UNDER_WAY, effects.leave),
    act.KEEP: Rule(_UNDER_WAY, effects.keep),
    act.SWAP: Rule(_UNDER_WAY, effects.swap),
    act.DRAW: Rule(_UNDER_WAY, turn_end.draw),
    act.STOP_DRAWING: Rule(_UNDER_WAY, turn_end.stop_drawing),
    act.PROPOSE_READING: Rule(legality.check_propose_reading, vote.propose_reading),
    act.CONFIRM: Rule(legality.check_vote, vote.confirm),
    act.REJECT: Rule(legality.check_vote, vote.reject),
}
"""The rule of each one-word action (``end``, ``stop``, ``confirm``, …), by the action."""


def _refuse(state: MissionState, seat: Seat, action: Action) -> None:
    raise AssertionError("an action no rule knows is refused by its check")  # pragma: no cover


_UNKNOWN = Rule(check_under_way, _refuse)
"""An action no rule knows is checked as a step of the action under way (and refused)."""


def rule_of(action: Action) -> Rule:
    """The rule that checks and carries out ``action``."""
    kind = type(action)
    if kind is Simple:
        return WORD_RULES.get(action, _UNKNOWN)
    return RULES.get(kind, _UNKNOWN)


# ---------------------------------------------------------------- the protocol
# MissionState's legal_actions, check, apply and _apply are these functions.
def legal_actions(state: MissionState, seat: Seat) -> list[Action]:
    """Every action ``seat`` may take now (empty if it may not act). The state keeps the
    list until its next action, so that taking one of them needs no second check."""
    acts = list_actions(state, seat)
    state._listed = (seat, tuple(acts))
    return acts


def check(state: MissionState, seat: Seat, action: Action) -> None:
    """Raise :class:`IllegalAction` with the reason if ``seat`` may not take ``action``."""
    check_seat(state, seat)
    rule_of(action).check(state, seat, action)


def apply(state: MissionState, seat: Seat, action: Action) -> list[Event]:
    """Check ``action`` (:func:`check`), then carry it out; return its events.

    An action of the list :func:`legal_actions` gave ``seat`` in this very state (no
    action since) is legal: it is not checked again.

    >>> from cipherkit.games.mission import new_game
    >>> state = new_game({"players": 2}, seed=1)
    >>> seat = state.actors()[0]
    >>> first = state.legal_actions(seat)[0]
    >>> apply(state, seat, first) != [], state._listed is None
    (True, True)
    """
    kind = type(action)  # rule_of(action), inline: this runs at every action
    rule = WORD_RULES.get(action, _UNKNOWN) if kind is Simple else RULES.get(kind, _UNKNOWN)
    listed = state._listed
    if listed is None or listed[0] != seat or action not in listed[1]:
        check_seat(state, seat)
        rule.check(state, seat, action)
    state._listed = None
    out: list[Event] = []
    state._out = out
    rule.apply(state, seat, action)
    state._out = []
    return out


def carry_out(state: MissionState, seat: Seat, action: Action) -> list[Event]:
    """Carry out a checked action; return its events."""
    state._listed = None
    out: list[Event] = []
    state._out = out
    rule_of(action).apply(state, seat, action)
    state._out = []
    return out
