"""The answer vote: a proposal, the other seats' confirm or reject, and the outcome."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

from cipherkit.core.protocol import Action, Outcome, Seat
from cipherkit.games.mission.content.console import answers_match
from cipherkit.games.mission.content.words import campaign_message
from cipherkit.games.mission.rules.actions import Propose, RejectBecause
from cipherkit.games.mission.rules.phases import OVER, SOLVE, WON, WRONG
from cipherkit.i18n import N_, Message, nsay, say, text

if TYPE_CHECKING:
    from cipherkit.games.mission.rules.state import MissionState


NO_FIT = N_("no answer I know fits the open windows yet")
ANOTHER = N_("the open windows point to another answer")
NOT_LISTED = N_("it does not fit the windows open so far")
UNSETTLED = N_("the open windows do not settle it yet")
MANY = "{n} answers still fit the open windows: open more first"
"""The reasons a bot gives with ``reject WHY`` (``MANY`` with its count filled in): the
log says them in each viewer's language (:func:`reason_words`)."""
_MANY = re.compile(re.escape(MANY).replace(re.escape("{n}"), r"(\d+)"))


def reason_words(reason: str) -> Message:
    """A ``reject WHY`` reason as a message: a bot's reason in the viewer's language,
    a person's as they wrote it.

    >>> from cipherkit.i18n import speaking
    >>> str(reason_words(MANY.format(n=12))), str(reason_words("I like it not"))
    ('12 answers still fit the open windows: open more first', 'I like it not')
    >>> with speaking("ru"):
    ...     str(reason_words(MANY.format(n=12)))
    'к открытым окнам подходят ещё 12 ответов: сначала откройте больше'
    """
    if reason in (NO_FIT, ANOTHER, NOT_LISTED, UNSETTLED):
        return say(reason)
    if many := _MANY.fullmatch(reason):
        return nsay(
            "{n} answer still fits the open windows: open more first",
            "{n} answers still fit the open windows: open more first",
            int(many[1]),
        )
    return text(reason)


def propose(state: MissionState, seat: Seat, action: Propose) -> None:
    """``propose WORDS``: put an answer to the vote."""
    _propose(state, seat, action.text)


def propose_reading(state: MissionState, seat: Seat, action: Action) -> None:
    """``propose-reading``: put what the open answer windows read to the vote."""
    _propose(state, seat, state.reading())


def _propose(state: MissionState, seat: Seat, text: str) -> None:
    state.proposal = text
    state.proposer = seat
    state.resume = state.phase
    state.votes = {s for s in range(state.players) if s != seat}
    state.emit(
        "propose",
        {"seat": seat, "text": text},
        say("{name} proposes the answer {answer!r}.", name=state.name(state.turn), answer=text),
    )
    if state.votes:
        state.phase = SOLVE
    else:
        resolve(state)


def confirm(state: MissionState, seat: Seat, action: Action) -> None:
    """``confirm``: agree to the proposed answer; the last to agree settles the game."""
    state.votes.discard(seat)
    state.emit("confirm", {"seat": seat}, say("{name} confirms.", name=state.seat_name(seat)))
    if not state.votes:
        resolve(state)


def reject(state: MissionState, seat: Seat, action: Action) -> None:
    """``reject``: cancel the proposal; play goes on."""
    _reject(state, seat, "")


def reject_because(state: MissionState, seat: Seat, action: RejectBecause) -> None:
    """``reject WHY``: cancel the proposal, saying why in the log."""
    _reject(state, seat, action.reason)


def _reject(state: MissionState, seat: Seat, reason: str) -> None:
    who = state.seat_name(seat)
    if reason:
        said = say(
            "{name} rejects the answer ({reason}); play goes on.",
            name=who,
            reason=reason_words(reason),
        )
        state.emit("reject", {"seat": seat, "reason": reason}, said)
    else:
        state.emit(
            "reject", {"seat": seat}, say("{name} rejects the answer; play goes on.", name=who)
        )
    state.phase = state.resume
    state.proposal = None
    state.proposer = -1
    state.votes = set()


def resolve(state: MissionState) -> None:
    """Every other seat agreed: the proposal is right or wrong, and the game ends."""
    right = answers_match(state.proposal or "", state.true_answer())
    finish(state, right, WON if right else WRONG)


def finish(state: MissionState, won: bool, reason: str) -> None:
    """End the game: everyone wins or nobody does, for ``reason`` (WON, WRONG or TIME)."""
    state.phase = OVER
    state.votes = set()
    state._outcome = Outcome(tuple(range(state.players)) if won else (), reason)
    said: Message
    if reason == WON:
        said = say("The answer is right: the mission is accomplished!")
    elif reason == WRONG:
        said = say(
            "The answer is wrong (it was {answer!r}): the mission fails.",
            answer=state.true_answer(),
        )
    else:
        said = nsay(
            "{n} time icons lie in the discard pile: out of time, the mission fails.",
            "{n} time icons lie in the discard pile: out of time, the mission fails.",
            state.time_icons,
        )
    state.emit("outcome", {"won": won, "reason": reason}, said)
    link = campaign_result(state)
    if link["next"] or link["unlock"] or link["text"]:
        state.emit("campaign", link, campaign_message(link))


def campaign_result(state: MissionState) -> dict[str, Any]:
    """After the game: ``result`` (win/loss), the ``next`` mission and what unlocks."""
    outcome = state._outcome
    if outcome is None:
        return {"result": None, "next": None, "unlock": [], "text": ""}
    won = bool(outcome.winners)
    link = state.mission.campaign.win if won else state.mission.campaign.loss
    return {"result": "win" if won else "loss", **link.to_json()}
