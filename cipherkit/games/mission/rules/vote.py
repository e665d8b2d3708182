"""The answer vote: a proposal, the other seats' confirm or reject, and the outcome."""

from __future__ import annotations

from typing import Any

from cipherkit.core.protocol import Outcome, Seat
from cipherkit.games.mission.content.console import answers_match
from cipherkit.games.mission.content.words import campaign_words
from cipherkit.games.mission.rules.legality import MissionLegality
from cipherkit.games.mission.rules.state import OVER, SOLVE, TIME, WON, WRONG


class MissionVote(MissionLegality):
    """A mission state that takes a proposed answer to the vote and ends the game."""

    __slots__ = ()

    # solving
    def _propose(self, seat: Seat, text: str) -> None:
        c = self.turn
        self.proposal = text
        self.proposer = seat
        self.resume = self.phase
        self.votes = {s for s in range(self.players) if s != seat}
        self._emit(
            "propose",
            {"seat": seat, "text": text},
            f"{self.name(c)} proposes the answer {text!r}.",
        )
        if self.votes:
            self.phase = SOLVE
        else:
            self._resolve()

    def _do_propose_reading(self, seat: Seat, c: int) -> None:
        self._propose(seat, self.reading())

    def _do_confirm(self, seat: Seat, c: int) -> None:
        self.votes.discard(seat)
        self._emit("confirm", {"seat": seat}, f"{self.seat_name(seat)} confirms.")
        if not self.votes:
            self._resolve()

    def _do_reject(self, seat: Seat, c: int) -> None:
        self._reject(seat, "")

    def _reject(self, seat: Seat, reason: str) -> None:
        """Cancel the proposal; a ``reason`` (``reject WHY``) is said in the log."""
        who = self.seat_name(seat)
        if reason:
            text = f"{who} rejects the answer ({reason}); play goes on."
            self._emit("reject", {"seat": seat, "reason": reason}, text)
        else:
            self._emit("reject", {"seat": seat}, f"{who} rejects the answer; play goes on.")
        self.phase = self.resume
        self.proposal = None
        self.proposer = -1
        self.votes = set()

    def _resolve(self) -> None:
        right = answers_match(self.proposal or "", self.true_answer())
        self._finish(right, WON if right else WRONG)

    def _finish(self, won: bool, reason: str) -> None:
        self.phase = OVER
        self.votes = set()
        self._outcome = Outcome(tuple(range(self.players)) if won else (), reason)
        words = {
            WON: "The answer is right: the mission is accomplished!",
            WRONG: f"The answer is wrong (it was {self.true_answer()!r}): the mission fails.",
            TIME: f"{self.time_icons} time icons lie in the discard pile: out of time, "
            "the mission fails.",
        }[reason]
        self._emit("outcome", {"won": won, "reason": reason}, words)
        link = self.campaign_result()
        if link["next"] or link["unlock"] or link["text"]:
            self._emit("campaign", link, campaign_words(link))

    def campaign_result(self) -> dict[str, Any]:
        """After the game: ``result`` (win/loss), the ``next`` mission and what unlocks."""
        if self._outcome is None:
            return {"result": None, "next": None, "unlock": [], "text": ""}
        won = bool(self._outcome.winners)
        link = self.mission.campaign.win if won else self.mission.campaign.loss
        return {"result": "win" if won else "loss", **link.to_json()}
