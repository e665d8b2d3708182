"""Intercept legality: who acts now, their legal actions, and why any other is refused."""

from __future__ import annotations

from cipherkit.core.errors import IllegalAction
from cipherkit.core.protocol import Action, Seat
from cipherkit.games.intercept.actions import (
    GUESSES,
    NO_KEYWORD_GUESS,
    TIMEOUT,
    Clue,
    Guess,
    KeywordGuess,
    Timeout,
)
from cipherkit.games.intercept.clues import check_clue
from cipherkit.games.intercept.config import GUESS, KEYWORDS, STOCK_CLUES, WRITE
from cipherkit.games.intercept.state import InterceptData


class InterceptLegality(InterceptData):
    """An intercept state that knows who acts and checks an action with a reason."""

    __slots__ = ()

    def actors(self) -> list[Seat]:
        if self.phase == WRITE:
            return self.writers() + self.timer_claimers()
        if self.phase == GUESS:
            return self.decryptors() + self.interceptors()
        if self.phase == KEYWORDS:
            return self.keyword_guessers()
        return []

    def legal_actions(self, seat: Seat) -> list[Action]:
        role = self.role(seat) if self._outcome is None else None
        if role == "encryptor":
            team = self.team_of(seat)
            earlier = self.team_clues(team)
            return [
                Clue(word)
                for word in STOCK_CLUES
                if check_clue(word, self.keywords[team], earlier).ok
            ]
        if role == "timer":
            return [TIMEOUT]
        if role in ("decryptor", "interceptor"):
            return list(GUESSES.values())
        if role == "keywords":
            return [NO_KEYWORD_GUESS]
        return []

    def check(self, seat: Seat, action: Action) -> None:
        if self._outcome is not None:
            raise IllegalAction("the game is over")
        if not isinstance(seat, int) or not 0 <= seat < self.players:
            raise IllegalAction(f"there is no seat {seat!r} in this game (0-{self.players - 1})")
        role = self.role(seat)
        if isinstance(action, Clue):
            if role != "encryptor":
                raise IllegalAction(self._why_not("clue", seat))
            team = self.team_of(seat)
            result = check_clue(action.text, self.keywords[team], self.team_clues(team))
            if not result.ok:
                raise IllegalAction(f"the clue {action.text!r} {result.reason}")
            return
        if isinstance(action, Timeout):
            if role != "timer":
                raise IllegalAction(self._why_not("timeout", seat))
            return
        if isinstance(action, Guess):
            if role not in ("decryptor", "interceptor"):
                raise IllegalAction(self._why_not("guess", seat))
            return
        if isinstance(action, KeywordGuess):
            if role != "keywords":
                raise IllegalAction(self._why_not("keywords", seat))
            return
        raise IllegalAction(f"{action!r} is not an intercept action")

    def _why_not(self, verb: str, seat: Seat) -> str:
        team = self.team_of(seat)
        if self.phase == WRITE:
            if seat in self.encryptors and verb == "clue":
                return "you have written all your clues this round"
            if verb == "timeout":
                if not self.config["timer"]:
                    return "this game is played without the sand timer"
                if seat in self.writers():
                    return "you are still writing: the other side claims the timeout"
                return "the timer starts only once one Encryptor has finished"
            return "the Encryptors are writing their clues"
        if self.phase == GUESS:
            active = self.active_team
            assert active is not None
            if verb == "guess":
                if team == active and seat == self.encryptors[active]:
                    return "the Encryptor takes no part in the guess"
                if team != active and not self.interception_open():
                    return "no interception in round 1"
                return "your team has already guessed this code"
            return f"{self.team_title(active)}'s clues are being guessed: guess a code"
        if self.phase == KEYWORDS:
            if verb == "keywords":
                return "your team has already guessed the keywords"
            return "tiebreaker: guess the other team's keywords (keywords a, b, c, d)"
        return "the game is over"
