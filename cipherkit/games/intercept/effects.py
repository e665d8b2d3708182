"""What each intercept action does: clues written, read and guessed, rounds, the tiebreak."""

from __future__ import annotations

from cipherkit.core.protocol import Action, Event, Outcome, Seat
from cipherkit.games.intercept.actions import (
    BLANK,
    Clue,
    Code,
    Guess,
    KeywordGuess,
    Timeout,
    code_text,
)
from cipherkit.games.intercept.clues import check_clue
from cipherkit.games.intercept.config import (
    CLUES_PER_CODE,
    GUESS,
    KEYWORDS,
    OVER,
    TOKENS_TO_END,
    code_list,
)
from cipherkit.games.intercept.legality import InterceptLegality
from cipherkit.games.intercept.words import same_word


class InterceptEffects(InterceptLegality):
    """An intercept state that carries out checked actions (:meth:`_apply`)."""

    __slots__ = ()

    def _apply(self, seat: Seat, action: Action) -> list[Event]:
        if isinstance(action, Clue):
            return self._write(seat, action.text)
        if isinstance(action, Timeout):
            self.timed_out = True
            event = Event(
                "timeout",
                {"seat": seat, "written": [len(w) for w in self.written[: self.coding_teams]]},
                f"{self.name(seat)} calls time: unwritten clues stay missing.",
            )
            self.log.append(event.text)
            return [event, *self._read_next()]
        if isinstance(action, Guess):
            return self._guess(seat, action.code)
        assert isinstance(action, KeywordGuess)
        return self._keyword_guess(seat, list(action.words))

    def _write(self, seat: Seat, text: str) -> list[Event]:
        team = self.team_of(seat)
        warnings = self._warnings(team, text)
        self.written[team].append(text)
        self.written_warnings[team].append(warnings)
        count = len(self.written[team])
        event = Event(
            "clue-written",
            {"team": self.team_names[team], "count": count},
            f"{self.team_title(team)}'s Encryptor writes clue {count}.",
        )
        self.log.append(event.text)
        events = [event]
        if not self.writers():
            events += self._read_next()
        return events

    def _warnings(self, team: int, text: str) -> list[str]:
        if not self.config["near_repeat_warnings"]:
            return []
        from cipherkit.games.intercept.vectors import default_vectors

        vectors = default_vectors()
        if vectors is None:
            return []
        result = check_clue(text, self.keywords[team], self.team_clues(team), vectors=vectors)
        return [p.message for p in result.warnings if p.kind == "near-repeat"]

    def _read_next(self) -> list[Event]:
        """Read the next team's clues aloud (or end the round)."""
        if self.phase == GUESS:
            self.reading += 1
        if self.reading >= len(self.order):
            return self._end_round()
        self.phase = GUESS
        team = self.order[self.reading]
        clues: list[str | None] = list(self.written[team])
        warnings = list(self.written_warnings[team])
        while len(clues) < CLUES_PER_CODE:
            clues.append(None)
            warnings.append([])
        self.decrypt = self.intercept = None
        self.history.append(
            {
                "round": self.round,
                "team": team,
                "encryptor": self.encryptors[team],
                "clues": clues,
                "warnings": warnings,
                "code": None,
                "decrypt": None,
                "intercept": None,
                "interception": None,
                "miscommunication": None,
            }
        )
        shown = "; ".join("(missing)" if c is None else repr(c) for c in clues)
        event = Event(
            "read",
            {"team": self.team_names[team], "round": self.round, "clues": clues},
            f"{self.team_title(team)}'s Encryptor reads: {shown}.",
        )
        self.log.append(event.text)
        return [event]

    def _guess(self, seat: Seat, code: Code) -> list[Event]:
        role = self.role(seat)
        team = self.team_of(seat)
        if role == "decryptor":
            self.decrypt = code
        else:
            self.intercept = code
        what = "decrypt" if role == "decryptor" else "interception"
        event = Event(
            "guess",
            {"team": self.team_names[team], "role": role, "seat": seat},
            f"{self.name(seat)} writes {self.team_title(team)}'s {what} guess.",
        )
        self.log.append(event.text)
        if self.decryptors() or self.interceptors():
            return [event]
        return [event, *self._reveal()]

    def _reveal(self) -> list[Event]:
        team = self.active_team
        assert team is not None
        code = self.codes[team]
        other = self.opponent(team)
        intercepted = self.interception_open() and self.intercept == code
        missed = self.decrypt != code
        if intercepted:
            self.interceptions[other] += 1
        if missed:
            if self.three_player:
                self.interceptions[other] += 1
            else:
                self.miscommunications[team] += 1
        record = self.history[-1]
        record.update(
            code=code_list(code),
            decrypt=code_list(self.decrypt),
            intercept=code_list(self.intercept),
            interception=intercepted,
            miscommunication=missed,
        )
        parts = [f"{self.team_title(team)}'s code was {code_text(code)}"]
        parts.append(f"{self.team_title(team)} guessed {code_text(self.decrypt)}")
        if self.interception_open():
            parts.append(f"{self.team_title(other)} guessed {code_text(self.intercept)}")
        if intercepted:
            parts.append(f"{self.team_title(other)} intercepts")
        if missed:
            parts.append(f"{self.team_title(team)} miscommunicates")
        event = Event(
            "reveal",
            {
                "team": self.team_names[team],
                "round": self.round,
                "code": code_list(code),
                "decrypt": code_list(self.decrypt),
                "intercept": code_list(self.intercept),
                "interception": intercepted,
                "miscommunication": missed,
            },
            "; ".join(parts) + ".",
        )
        self.log.append(event.text)
        return [event, *self._read_next()]

    def _end_round(self) -> list[Event]:
        if self.three_player:
            if self.interceptions[1] >= TOKENS_TO_END:
                return [self._finish(1, "two interceptions")]
            if self.round >= self.config["max_rounds"]:
                return [self._finish(0, f"no two interceptions by round {self.round}")]
            self._start_round(self.round + 1)
            return [self._round_event()]
        wins = [n >= TOKENS_TO_END for n in self.interceptions]
        losses = [n >= TOKENS_TO_END for n in self.miscommunications]
        tie = (
            any(w and lo for w, lo in zip(wins, losses, strict=True))
            or all(wins)
            or all(losses)
            or (self.round >= self.config["max_rounds"] and not any(wins + losses))
        )
        if tie:
            return self._tiebreak()
        if any(wins):
            return [self._finish(wins.index(True), "two interceptions")]
        if any(losses):
            return [self._finish(1 - losses.index(True), "two miscommunications")]
        self._start_round(self.round + 1)
        return [self._round_event()]

    def _round_event(self) -> Event:
        return Event("round", {"round": self.round}, self.log[-1])

    def _tiebreak(self) -> list[Event]:
        points = self.points()
        if points[0] != points[1]:
            return [self._finish(0 if points[0] > points[1] else 1, "tiebreaker: points")]
        self.phase = KEYWORDS
        self.end_reason = "tiebreaker"
        event = Event(
            "tiebreak",
            {"points": points},
            f"Tie on points ({points[0]} each): each team guesses the other's keywords.",
        )
        self.log.append(event.text)
        return [event]

    def _keyword_guess(self, seat: Seat, words: list[str]) -> list[Event]:
        team = self.team_of(seat)
        self.keyword_guesses[team] = words
        event = Event(
            "keyword-guess",
            {"team": self.team_names[team], "seat": seat},
            f"{self.name(seat)} writes {self.team_title(team)}'s keyword guess.",
        )
        self.log.append(event.text)
        if any(g is None for g in self.keyword_guesses):
            return [event]
        hits = [
            sum(
                keyword_matches(guess, truth)
                for guess, truth in zip(
                    self.keyword_guesses[t] or [], self.keywords[1 - t], strict=True
                )
            )
            for t in range(2)
        ]
        self.keyword_hits = hits
        if hits[0] != hits[1]:
            return [event, self._finish(0 if hits[0] > hits[1] else 1, "tiebreaker: keywords")]
        return [event, self._finish(None, "tiebreaker: shared victory")]

    def _finish(self, winner: int | None, reason: str) -> Event:
        self.phase = OVER
        self.end_reason = reason
        if winner is None:
            winners = tuple(range(self.players))
            words = "Both teams share the victory"
        else:
            winners = tuple(self.teams[winner])
            words = f"{self.team_title(winner)} wins"
        scores = (
            None
            if self.three_player
            else {str(s): self.points()[self.team_of(s)] for s in range(self.players)}
        )
        self._outcome = Outcome(winners, reason, scores, draw=winner is None)
        revealed = "; ".join(
            f"{self.team_title(t)}'s keywords were {', '.join(self.keywords[t])}"
            for t in range(self.coding_teams)
        )
        event = Event(
            "end",
            {"outcome": self._outcome.to_json(), "keywords": self.keywords[: self.coding_teams]},
            f"{words} ({reason}). {revealed}.",
        )
        self.log.append(event.text)
        return event


def keyword_matches(guess: str, truth: str) -> bool:
    """A tiebreak keyword guess counts if it is the keyword, singular or plural, in any
    case and Unicode form, or another spelling of it (docs/rules/intercept.md §2.7).

    >>> keyword_matches("Wolves", "wolf"), keyword_matches("-", "wolf")
    (True, False)
    >>> keyword_matches("Cafe\u0301", "café"), keyword_matches("HARBOUR", "harbor")
    (True, True)
    """
    cleaned = " ".join(guess.split())
    if not cleaned or cleaned == BLANK:
        return False
    return same_word(cleaned, truth)
