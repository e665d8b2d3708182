"""The planner's use of the answer model: when to propose, how to vote, when to draw."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import lru_cache
from typing import Any

from cipherkit.core.protocol import Action
from cipherkit.core.rng import Rng
from cipherkit.games.mission.answers import AnswerModel, Assessment
from cipherkit.games.mission.planner.board import Board, loss_icons, same_answer
from cipherkit.games.mission.planner.settings import PlannerSettings
from cipherkit.games.mission.planner.view import DecisionView
from cipherkit.games.mission.rules.actions import (
    CONFIRM,
    DRAW,
    PROPOSE_READING,
    REJECT,
    STOP_DRAWING,
    Propose,
    RejectBecause,
)
from cipherkit.games.mission.rules.vote import ANOTHER, MANY, NO_FIT, NOT_LISTED, UNSETTLED

GUESS_AMONG = 3
"""A team that would otherwise lose guesses when at most this many candidates are left."""
DEFAULT_TIME = ("T1", "T1", "T1", "T2")
"""The time cards assumed when a seat never saw the discard pile before peril."""


@lru_cache(maxsize=64)
def answer_model(
    candidates: tuple[str, ...] = (), confidence: float = 1.0, use_words: bool = True
) -> AnswerModel:
    """A shared answer model (its memo then serves every game in the process)."""
    return AnswerModel("shipped" if use_words else None, candidates, confidence=confidence)


def reject_reason(found: Assessment, listed: bool, ready: bool) -> str:
    """Why a team-mate rejects a proposal, in words a player can act on, never naming an
    answer (the bot of a page does not solve for the player).

    >>> reject_reason(Assessment(None, 12, 1 / 12, False), False, False)
    '12 answers still fit the open windows: open more first'
    >>> reject_reason(Assessment("LAMP", 1, 1.0, False, options=("LAMP",)), False, True)
    'the open windows point to another answer'
    """
    if found.count == 0:
        return NO_FIT
    if ready and not listed:
        return ANOTHER
    if found.count > GUESS_AMONG:
        return MANY.format(n=found.count)
    if not listed:
        return NOT_LISTED
    return UNSETTLED


class AnswerPolicy:
    """The planner's answers: proposals, votes on a teammate's proposal, and drawing In
    Peril (the chance that the next card loses)."""

    settings: PlannerSettings
    model: AnswerModel
    _time_cards: tuple[str, ...] | None
    _assessed: Assessment | None
    _assessed_key: Any

    # ------------------------------------------------------------ answers
    def assessment(self, board: Board, opened: dict[str, str]) -> Assessment:
        """The answer model's verdict on the open windows (kept while they stay so)."""
        key = (board, tuple(opened.items()))
        if key != self._assessed_key or self._assessed is None:
            self._assessed = self.model.assess(board.cells, opened)
            self._assessed_key = key
        return self._assessed

    def _proposal(self, view: DecisionView, legal: Sequence[Action], rng: Rng) -> Action | None:
        if not self.settings.propose:
            return None
        if PROPOSE_READING in legal:
            return PROPOSE_READING
        found = self.assessment(view.board, view.opened)
        if found.answer is None:
            return None
        if self.model.ready(found):
            return Propose(found.answer)
        if (
            view.obs["peril"]
            and found.probability >= self.settings.peril_confidence
            and view.obs["discard"]["time_icons"] >= 1
        ):
            return Propose(found.answer)
        losing = self._stuck(view) or self._hopeless(view) or self._doomed(view)
        if found.options and found.count <= GUESS_AMONG and losing:
            return Propose(rng.choice(found.options))  # no prior: any is as likely
        return None

    def _hopeless(self, view: DecisionView) -> bool:
        """In Peril, this hand cannot act, and drawing is too risky: guess rather than
        lose on the next time card."""
        return (
            view.obs["peril"]
            and not self._can_act(view)
            and self._draw_risk(view.obs) > self.settings.peril_risk
        )

    def _stuck(self, view: DecisionView) -> bool:
        """Nothing left to find: no face-down token and no face-up needed glyph."""
        return not any(view.stacks) and not any(view.face_needed)

    def _doomed(self, view: DecisionView) -> bool:
        """The clock is about to run out (``strong`` only): In Peril, the next time card
        loses, and this hand is down to its last card or the deck is mostly time."""
        if not self.settings.desperate or not view.obs["peril"]:
            return False
        if view.obs["discard"]["time_icons"] < loss_icons(view.obs) - 1:
            return False
        return len(view.hand) <= 1 or self._draw_risk(view.obs) >= 0.5

    def _vote(self, obs: Mapping[str, Any], board: Board, legal: Sequence[Action]) -> Action:
        proposal = obs["proposal"]
        opened = {c["glyph"]: c["content"] for c in obs["console"]["cells"] if c["open"]}
        found = self.model.assess(board.cells, opened)
        text = proposal["text"] if proposal else ""
        # a teammate only proposes what the open windows allow: a guess among the few
        # candidates left is trusted (it is made when waiting would lose)
        listed = any(same_answer(option, text) for option in found.options)
        agree = (listed and (found.count <= GUESS_AMONG or self.model.ready(found))) or (
            found.answer is not None and self.model.ready(found) and same_answer(found.answer, text)
        )
        if agree and CONFIRM in legal:
            return CONFIRM
        reason = reject_reason(found, listed, self.model.ready(found))
        return RejectBecause(reason) if reason else REJECT

    # ------------------------------------------------------------ drawing (In Peril)
    def _draw_risk(self, obs: Mapping[str, Any]) -> float:
        """Chance that the next card drawn is a time card that loses the game."""
        deck = obs["deck_size"]
        if not deck:
            return 0.0
        discard = obs["discard"]
        icons = discard["time_icons"]
        remaining = list(self._time_cards or DEFAULT_TIME)
        for label in discard["time_cards"]:
            if label in remaining:
                remaining.remove(label)
        loss = loss_icons(obs)
        lethal = sum(1 for label in remaining if icons + int(label[1:]) >= loss)
        return min(1.0, lethal / deck)

    def _draw(self, view: DecisionView, legal: Sequence[Action]) -> Action:
        if DRAW not in legal:
            return legal[0]
        if not self.settings.careful_peril:
            return DRAW
        risk = self._draw_risk(view.obs)
        n = len(view.hand)
        if risk == 0.0 or n == 0 or not self._can_act(view):
            return DRAW  # a hand that cannot act would only pass: never stall
        if n < 2 and risk <= self.settings.peril_risk:
            return DRAW
        return STOP_DRAWING

    @staticmethod
    def _can_act(view: DecisionView) -> bool:
        if len(view.hand) >= 2:
            return True
        return any(view.lowest_over(a) for a in range(4))
