"""Intercept rules (Decrypto; docs/rules/intercept.md): the true state and what changes it.

Seats are players; teams are derived from them. With 4-8 players, seats alternate
White (even seats) and Black (odd seats), so each team has 2-4 players. With 3 players,
seats 0 and 1 are the team (White) and seat 2 is the lone Interceptor.

A round:

1. Each team's Encryptor (rotating through the team, round by round) draws a code from
   the team's deck of 24 codes, reshuffled every round (option ``no_repeat_codes``:
   a code drawn once is not drawn again in the game).
2. ``write``: both Encryptors write three clues each, at the same time, one ``clue``
   action per digit, in order. With the ``timer`` option, once one Encryptor is done any
   other player may claim ``timeout`` (the 30-second sand timer ran out); the other
   Encryptor's unwritten clues stay missing.
3. ``guess``: the clues of one team are read aloud (White first; option
   ``alternate_first``: Black first in even rounds). The Encryptor's team decrypts and,
   from round 2 on, the other side intercepts: each submits one ``guess`` (any eligible
   seat of the team may submit it; the first submission is the team's). Then the code is
   revealed: an exact interception earns an Interception token, a wrong decrypt a
   Miscommunication token (3 players: an Interception token for the Interceptor). Then
   the other team's clues are read the same way.
4. End of the round: 2 Interception tokens win, 2 Miscommunication tokens lose. A team
   with both, both teams winning, both losing, or nobody after round ``max_rounds`` (8):
   the tiebreaker, first by points (+1 per Interception, -1 per Miscommunication), then
   by a ``keywords`` stage where each team guesses the other's four keywords (more
   correct wins), then a shared victory. With 3 players the Interceptor wins with 2
   tokens by the end of round 5, otherwise the team wins.

Decisions where the rulebook is silent (documented in ``docs/intercept.md``):

* The team's guess is submitted by any non-Encryptor member (decrypt) or any member of
  the other side (intercept); the first submission counts. Discussion is out of scope.
* Clue checks use the Encryptor's own team's keywords and the team's own earlier clues
  (the other team's keywords are secret; their clues are about other keywords).
* The keyword stage is simultaneous (both guesses are hidden until both are in); a
  keyword guess counts if it is the keyword or one of its plural/singular forms.
* A shared victory is an outcome whose ``winners`` are every seat and ``draw`` is true.

Examples
--------
>>> from cipherkit.games.intercept import new_game, parse_action
>>> keywords = {"white": ["black", "dragonfly", "cocktail", "sombrero"],
...             "black": ["antiquity", "bone", "morning", "nightmare"]}
>>> state = new_game({"keywords": keywords}, seed=1)
>>> state.actors(), state.encryptors
([0, 1], [0, 1])
>>> state.observe(0)["code"] is not None, state.observe(2)["code"]
(True, None)
>>> state.is_legal(0, parse_action("clue dragonflies"))
False
>>> state.check(0, parse_action("clue Mexico")) is None
True
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, cast

from cipherkit.core.errors import ConfigError, IllegalAction
from cipherkit.core.protocol import (
    SPECTATOR,
    Action,
    Event,
    JsonDict,
    Outcome,
    Seat,
    State,
    Viewer,
    merge_config,
)
from cipherkit.core.rng import Rng
from cipherkit.games.intercept.actions import (
    BLANK,
    CODES,
    GUESSES,
    NO_KEYWORD_GUESS,
    TIMEOUT,
    Clue,
    Code,
    Guess,
    KeywordGuess,
    Timeout,
    code_text,
)
from cipherkit.games.intercept.clues import check_clue
from cipherkit.games.intercept.notes import build_notes
from cipherkit.games.intercept.words import keywords as keyword_list
from cipherkit.games.intercept.words import lemma

CLUES_PER_CODE = 3
KEYWORDS_PER_TEAM = 4
"""Keywords per team: a code's digits run from 1 to 4."""
TOKENS_TO_END = 2
"""Two Interception tokens win; two Miscommunication tokens lose."""
WRITE, GUESS, KEYWORDS, OVER = "write", "guess", "keywords", "over"
TEAM_NAMES = ("white", "black")
THREE_PLAYER_NAMES = ("white", "interceptor")

DEFAULT_CONFIG: dict[str, Any] = {
    "players": 4,
    "timer": False,
    "no_repeat_codes": False,
    "alternate_first": False,
    "max_rounds": None,  # None: 8, or 5 with 3 players
    "keywords": None,  # None: dealt from the shipped list; or {"white": [...], "black": [...]}
    "near_repeat_warnings": True,
    "names": None,
}

STOCK_CLUES: tuple[str, ...] = tuple(
    str.split(
        """
    ancient bright quiet heavy famous tiny giant sweet bitter cold warm loud gentle wild
    royal secret golden frozen broken hidden sharp round empty lucky noisy fancy shiny
    sleepy angry happy rich simple modern classic strange magic early late slow fast
    """
    )
)
"""Stock clues that ``legal_actions`` lists for an Encryptor.

``clue TEXT`` takes free text, so ``legal_actions`` cannot list every clue: it lists the
stock clues that are legal now (for random playouts and generic tools), and any other
text that passes the clue checks is just as legal."""


def make_config(config: Mapping[str, Any] | None) -> dict[str, Any]:
    """Validated config with defaults filled in."""
    merged = merge_config(DEFAULT_CONFIG, config, game="intercept")
    players = merged["players"]
    if not isinstance(players, int) or isinstance(players, bool) or not 3 <= players <= 8:
        raise ConfigError("intercept: players must be 3 (one Interceptor) or 4-8 (two teams)")
    for flag in ("timer", "no_repeat_codes", "alternate_first", "near_repeat_warnings"):
        if not isinstance(merged[flag], bool):
            raise ConfigError(f"intercept: {flag} must be true or false")
    rounds = merged["max_rounds"]
    if rounds is None:
        merged["max_rounds"] = 5 if players == 3 else 8
    elif not isinstance(rounds, int) or isinstance(rounds, bool) or not 1 <= rounds <= 24:
        raise ConfigError("intercept: max_rounds must be a whole number from 1 to 24")
    fixed = merged["keywords"]
    if fixed is not None:
        names = THREE_PLAYER_NAMES[:1] if players == 3 else TEAM_NAMES
        if not isinstance(fixed, Mapping) or set(fixed) != set(names):
            raise ConfigError(
                f"intercept: keywords must map {', '.join(names)} to {KEYWORDS_PER_TEAM} words"
            )
        cleaned = {}
        for team in names:
            words = fixed[team]
            if not isinstance(words, list | tuple) or len(words) != KEYWORDS_PER_TEAM:
                raise ConfigError(
                    f"intercept: keywords of {team} must be {KEYWORDS_PER_TEAM} words"
                )
            cleaned[team] = [" ".join(str(w).split()).lower() for w in words]
            if not all(cleaned[team]):
                raise ConfigError(f"intercept: keywords of {team} must not be empty")
        merged["keywords"] = cleaned
    names = merged["names"]
    if names is None:
        merged["names"] = [f"Player {s + 1}" for s in range(players)]
    elif not (isinstance(names, list | tuple) and len(names) == players):
        raise ConfigError(f"intercept: names must be a list of {players} names")
    else:
        merged["names"] = [str(n) for n in names]
    return merged


def team_seats(players: int) -> list[list[Seat]]:
    """The seats of each side: White and Black alternate; 3 players: team and Interceptor.

    >>> team_seats(4), team_seats(5), team_seats(3)
    ([[0, 2], [1, 3]], [[0, 2, 4], [1, 3]], [[0, 1], [2]])
    """
    if players == 3:
        return [[0, 1], [2]]
    return [list(range(0, players, 2)), list(range(1, players, 2))]


def code_list(code: Code | None) -> list[int] | None:
    """The code as a JSON list, or None.

    >>> code_list((3, 1, 4)), code_list(None)
    ([3, 1, 4], None)
    """
    return None if code is None else list(code)


def code_of(data: Any) -> Code | None:
    """The code read back from a JSON list, or None.

    >>> code_of([3, 1, 4])
    (3, 1, 4)
    """
    return None if data is None else (int(data[0]), int(data[1]), int(data[2]))


class InterceptState(State):
    """The true state of an intercept game; see the module docstring for the rules."""

    game_name = "intercept"

    __slots__ = (
        "_outcome",
        "codes",
        "config",
        "decks",
        "decrypt",
        "encryptors",
        "end_reason",
        "history",
        "intercept",
        "interceptions",
        "keyword_guesses",
        "keyword_hits",
        "keywords",
        "log",
        "miscommunications",
        "order",
        "phase",
        "reading",
        "rng",
        "round",
        "timed_out",
        "written",
        "written_warnings",
    )

    def __init__(self) -> None:  # use new_game() or from_json()
        self.config: dict[str, Any] = {}
        self.rng = Rng(0)
        self.keywords: list[list[str]] = [[], []]
        self.decks: list[list[Code]] = [[], []]
        self.round = 0
        self.phase = WRITE
        self.encryptors: list[Seat | None] = [None, None]
        self.codes: list[Code | None] = [None, None]
        self.written: list[list[str]] = [[], []]
        self.written_warnings: list[list[list[str]]] = [[], []]
        self.timed_out = False
        self.order: list[int] = []
        self.reading = 0
        self.decrypt: Code | None = None
        self.intercept: Code | None = None
        self.interceptions = [0, 0]
        self.miscommunications = [0, 0]
        self.history: list[dict[str, Any]] = []
        self.keyword_guesses: list[list[str] | None] = [None, None]
        self.keyword_hits: list[int] | None = None
        self.end_reason = ""
        self.log: list[str] = []
        self._outcome: Outcome | None = None

    # ------------------------------------------------------------------ setup
    @classmethod
    def new(cls, config: Mapping[str, Any] | None = None, *, seed: int) -> InterceptState:
        """A new game: each side's keywords (drawn, or fixed by the config) and round 1."""
        state = cls()
        state.config = make_config(config)
        state.rng = Rng(seed)
        fixed = state.config["keywords"]
        if fixed is not None:
            state.keywords = [list(fixed[name]) for name in state.team_names if name in fixed]
        else:
            dealt = state.rng.sample(keyword_list(), 4 * state.coding_teams)
            state.keywords = [dealt[4 * t : 4 * t + 4] for t in range(state.coding_teams)]
        while len(state.keywords) < 2:
            state.keywords.append([])
        state.decks = [[] for _ in range(2)]
        if state.config["no_repeat_codes"]:
            for team in range(state.coding_teams):
                state.decks[team] = list(CODES)
        state._start_round(1)
        return state

    # ------------------------------------------------------------------ structure
    @property
    def players(self) -> int:
        """How many people play (3 to 8)."""
        return int(self.config["players"])

    @property
    def three_player(self) -> bool:
        """Whether this is the three-player game (one team and an Interceptor)."""
        return self.players == 3

    @property
    def coding_teams(self) -> int:
        """How many sides have keywords and codes (1 with three players, else 2)."""
        return 1 if self.three_player else 2

    @property
    def team_names(self) -> tuple[str, str]:
        """The two sides' names: White and Black, or White and the Interceptor."""
        return THREE_PLAYER_NAMES if self.three_player else TEAM_NAMES

    @property
    def teams(self) -> list[list[Seat]]:
        """The seats of each side."""
        return team_seats(self.players)

    @property
    def turn_number(self) -> int:
        """The round being played (the match runner's ``mean_turns``)."""
        return self.round

    def team_of(self, seat: Seat) -> int:
        """The side ``seat`` plays on (0 or 1)."""
        if self.three_player:
            return 1 if seat == 2 else 0
        return seat % 2

    def opponent(self, team: int) -> int:
        """The other side."""
        return 1 - team

    def name(self, seat: Seat) -> str:
        """The name of ``seat``'s player (from the config)."""
        return self.config["names"][seat]

    def team_title(self, team: int) -> str:
        """The side's name, capitalised, for people to read."""
        return self.team_names[team].capitalize()

    def sides(self) -> list[int]:
        """Side of each seat, for the match runner: a bot name plays a whole side."""
        return [self.team_of(seat) for seat in range(self.players)]

    # ------------------------------------------------------------------ rounds
    def _start_round(self, number: int) -> None:
        self.round = number
        self.phase = WRITE
        self.timed_out = False
        self.written = [[], []]
        self.written_warnings = [[], []]
        self.encryptors = [None, None]
        self.codes = [None, None]
        self.decrypt = self.intercept = None
        for team in range(self.coding_teams):
            members = self.teams[team]
            self.encryptors[team] = members[(number - 1) % len(members)]
            if self.config["no_repeat_codes"]:
                if not self.decks[team]:
                    self.decks[team] = list(CODES)
                deck = self.decks[team]
            else:
                deck = list(CODES)
            self.rng.shuffle(deck)
            self.codes[team] = deck.pop()
            self.decks[team] = deck
        if self.three_player:
            self.order = [0]
        elif self.config["alternate_first"] and number % 2 == 0:
            self.order = [1, 0]
        else:
            self.order = [0, 1]
        self.reading = 0
        who = ", ".join(
            f"{self.name(cast(Seat, self.encryptors[t]))} encrypts for {self.team_title(t)}"
            for t in range(self.coding_teams)
        )
        self.log.append(f"Round {number}: {who}.")

    def interception_open(self) -> bool:
        """Interception is not attempted in round 1."""
        return self.round >= 2

    def writers(self) -> list[Seat]:
        """Encryptors still writing clues."""
        if self.phase != WRITE or self.timed_out:
            return []
        return [
            cast(Seat, self.encryptors[t])  # every coding team has one this round
            for t in range(self.coding_teams)
            if len(self.written[t]) < CLUES_PER_CODE
        ]

    def timer_claimers(self) -> list[Seat]:
        """Seats that may claim ``timeout``: timer on, one Encryptor done, one not."""
        if not self.config["timer"] or self.phase != WRITE or self.timed_out:
            return []
        writers = self.writers()
        done = [t for t in range(self.coding_teams) if len(self.written[t]) >= CLUES_PER_CODE]
        if not writers or not done:
            return []
        return [s for s in range(self.players) if s not in writers]

    @property
    def active_team(self) -> int | None:
        """The team whose clues are being guessed (``None`` outside the guess phase)."""
        return self.order[self.reading] if self.phase == GUESS else None

    def decryptors(self) -> list[Seat]:
        """Seats that may submit the decrypt guess now."""
        team = self.active_team
        if team is None or self.decrypt is not None:
            return []
        return [s for s in self.teams[team] if s != self.encryptors[team]]

    def interceptors(self) -> list[Seat]:
        """Seats that may submit the interception guess now."""
        team = self.active_team
        if team is None or self.intercept is not None or not self.interception_open():
            return []
        return list(self.teams[self.opponent(team)])

    def keyword_guessers(self) -> list[Seat]:
        """The seats that still have to guess keywords (none before the keywords stage)."""
        if self.phase != KEYWORDS:
            return []
        return [s for t in range(2) if self.keyword_guesses[t] is None for s in self.teams[t]]

    def role(self, seat: Seat) -> str | None:
        """What ``seat`` is asked to do now: encryptor, timer, decryptor, interceptor,
        keywords, or ``None``."""
        if seat in self.writers():
            return "encryptor"
        if seat in self.timer_claimers():
            return "timer"
        if seat in self.decryptors():
            return "decryptor"
        if seat in self.interceptors():
            return "interceptor"
        if seat in self.keyword_guessers():
            return "keywords"
        return None

    def team_clues(self, team: int) -> list[str]:
        """Every clue the team has given this game, read or only written, oldest first."""
        said = [
            clue
            for record in self.history
            if record["team"] == team
            for clue in record["clues"]
            if clue is not None
        ]
        current = any(r["team"] == team and r["round"] == self.round for r in self.history)
        return said if current else said + list(self.written[team])

    # ------------------------------------------------------------------ queries
    @property
    def outcome(self) -> Outcome | None:
        return self._outcome

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

    # ------------------------------------------------------------------ changes
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

    def points(self) -> list[int]:
        """Tiebreak points per team: +1 per Interception, -1 per Miscommunication."""
        return [self.interceptions[t] - self.miscommunications[t] for t in range(2)]

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

    # ------------------------------------------------------------------ statistics
    def side_stats(self) -> list[dict[str, int]]:
        """Per side: rounds played, own codes given, miscommunications (failed decrypts),
        interceptions made, interception attempts, own codes intercepted."""
        stats = [
            {
                "rounds": self.round,
                "codes": 0,
                "miscommunications": 0,
                "interceptions": 0,
                "intercept_attempts": 0,
                "intercepted": 0,
            }
            for _ in range(2)
        ]
        for record in self.history:
            if record["code"] is None:
                continue
            team, other = record["team"], self.opponent(record["team"])
            stats[team]["codes"] += 1
            stats[team]["miscommunications"] += int(bool(record["miscommunication"]))
            stats[team]["intercepted"] += int(bool(record["interception"]))
            if record["intercept"] is not None:
                stats[other]["intercept_attempts"] += 1
            stats[other]["interceptions"] += int(bool(record["interception"]))
        return stats

    # ------------------------------------------------------------------ views
    def viewer_team(self, viewer: Viewer) -> int | None:
        """The side a viewer belongs to (``None`` for a spectator); ValueError if unknown."""
        if isinstance(viewer, int) and not isinstance(viewer, bool):
            if 0 <= viewer < self.players:
                return self.team_of(viewer)
        elif viewer == SPECTATOR:
            return None
        elif isinstance(viewer, str) and viewer.startswith("team:"):
            name = viewer[5:]
            if name in self.team_names:
                return self.team_names.index(name)
        raise ValueError(f"intercept: unknown viewer {viewer!r}")

    def observe(self, viewer: Viewer) -> JsonDict:
        """What ``viewer`` may know: a seat, ``"team:white"`` (``team:black``,
        ``team:interceptor``) or ``"spectator"``.

        Everyone sees what was read aloud and revealed: clues once read, codes and
        guesses once revealed, tokens, and the note sheets. A team sees its own
        keywords and its own submitted guesses; an Encryptor seat sees its code and the
        clues it has written but not yet read. Everything is shown once the game is over.
        """
        team = self.viewer_team(viewer)
        seat = viewer if isinstance(viewer, int) else None
        over = self.phase == OVER
        names = self.team_names

        def knows_team(t: int) -> bool:
            return over or team == t

        encrypting = seat is not None and self.phase != OVER and seat in self.encryptors
        my_team = self.team_of(seat) if seat is not None else None
        revealed_this = {
            r["team"] for r in self.history if r["round"] == self.round and r["code"] is not None
        }
        own_code = (
            self.codes[my_team]
            if encrypting and my_team is not None and my_team not in revealed_this
            else None
        )
        unread = (
            list(self.written[my_team])
            if encrypting
            and my_team is not None
            and not any(r["team"] == my_team and r["round"] == self.round for r in self.history)
            else None
        )
        active = self.active_team
        pending = None
        if active is not None and team is not None:
            if team == active and self.decrypt is not None:
                pending = code_list(self.decrypt)
            elif team != active and self.intercept is not None:
                pending = code_list(self.intercept)
        return {
            "game": "intercept",
            "viewer": viewer,
            "seat": seat,
            "team": None if team is None else names[team],
            "players": self.players,
            "three_player": self.three_player,
            "names": list(self.config["names"]),
            "teams": {names[t]: list(self.teams[t]) for t in range(2)},
            "options": {
                "timer": self.config["timer"],
                "no_repeat_codes": self.config["no_repeat_codes"],
                "alternate_first": self.config["alternate_first"],
                "max_rounds": self.config["max_rounds"],
            },
            "limits": {
                "code_length": CLUES_PER_CODE,
                "keywords": KEYWORDS_PER_TEAM,
                "max_rounds": self.config["max_rounds"],
                "tokens_to_end": TOKENS_TO_END,
            },
            "round": self.round,
            "phase": self.phase,
            "order": [names[t] for t in self.order],
            "reading": None if active is None else names[active],
            "interception_open": self.interception_open(),
            "encryptors": {names[t]: self.encryptors[t] for t in range(self.coding_teams)},
            "actors": self.actors(),
            "role": None if seat is None else self.role(seat),
            "keywords": {
                names[t]: list(self.keywords[t]) if knows_team(t) else None
                for t in range(self.coding_teams)
            },
            "code": code_list(own_code),
            "my_clues": unread,
            "my_warnings": (
                [list(w) for w in self.written_warnings[my_team]]
                if unread is not None and my_team is not None
                else None
            ),
            "written": {names[t]: len(self.written[t]) for t in range(self.coding_teams)},
            "timed_out": self.timed_out,
            "submitted": {
                "decrypt": self.decrypt is not None,
                "intercept": self.intercept is not None,
            },
            "my_guess": pending,
            "tokens": {
                names[t]: {
                    "interceptions": self.interceptions[t],
                    "miscommunications": self.miscommunications[t],
                }
                for t in range(2)
            },
            "points": None if self.three_player else self.points(),
            "history": [dict(r) for r in self.history],
            "notes": build_notes(self.history, names, self.coding_teams).to_json(),
            "keyword_guesses": {
                names[t]: (
                    list(guess)
                    if (guess := self.keyword_guesses[t]) is not None and knows_team(t)
                    else guess is not None
                )
                for t in range(2)
            }
            if self.phase in (KEYWORDS, OVER) and not self.three_player
            else None,
            "keyword_hits": self.keyword_hits,
            "end_reason": self.end_reason or None,
            "outcome": None if self._outcome is None else self._outcome.to_json(),
            "log": list(self.log),
        }

    # ------------------------------------------------------------------ persistence
    def to_json(self) -> JsonDict:
        return {
            "game": "intercept",
            "config": self.config,
            "rng": self.rng.to_json(),
            "keywords": [list(k) for k in self.keywords],
            "decks": [[list(c) for c in d] for d in self.decks],
            "round": self.round,
            "phase": self.phase,
            "encryptors": list(self.encryptors),
            "codes": [code_list(c) for c in self.codes],
            "written": [list(w) for w in self.written],
            "written_warnings": [[list(x) for x in w] for w in self.written_warnings],
            "timed_out": self.timed_out,
            "order": list(self.order),
            "reading": self.reading,
            "decrypt": code_list(self.decrypt),
            "intercept": code_list(self.intercept),
            "interceptions": list(self.interceptions),
            "miscommunications": list(self.miscommunications),
            "history": [_copy_record(r) for r in self.history],
            "keyword_guesses": [None if g is None else list(g) for g in self.keyword_guesses],
            "keyword_hits": None if self.keyword_hits is None else list(self.keyword_hits),
            "end_reason": self.end_reason,
            "log": list(self.log),
            "outcome": None if self._outcome is None else self._outcome.to_json(),
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> InterceptState:
        state = cls()
        state.config = make_config(data["config"])
        state.rng = Rng.from_json(data["rng"])
        state.keywords = [list(k) for k in data["keywords"]]
        # a deck holds codes only (code_of gives None only for a JSON null, never in a deck)
        state.decks = [[cast(Code, code_of(c)) for c in d] for d in data["decks"]]
        state.round = int(data["round"])
        state.phase = data["phase"]
        state.encryptors = list(data["encryptors"])
        state.codes = [code_of(c) for c in data["codes"]]
        state.written = [list(w) for w in data["written"]]
        state.written_warnings = [[list(x) for x in w] for w in data["written_warnings"]]
        state.timed_out = bool(data["timed_out"])
        state.order = list(data["order"])
        state.reading = int(data["reading"])
        state.decrypt = code_of(data["decrypt"])
        state.intercept = code_of(data["intercept"])
        state.interceptions = list(data["interceptions"])
        state.miscommunications = list(data["miscommunications"])
        state.history = [_copy_record(r) for r in data["history"]]
        state.keyword_guesses = [None if g is None else list(g) for g in data["keyword_guesses"]]
        hits = data["keyword_hits"]
        state.keyword_hits = None if hits is None else list(hits)
        state.end_reason = data["end_reason"]
        state.log = list(data["log"])
        state._outcome = Outcome.from_json(data["outcome"])
        return state

    def copy(self) -> InterceptState:
        twin = type(self).__new__(type(self))
        twin.config = self.config
        twin.rng = self.rng.copy()
        twin.keywords = [list(k) for k in self.keywords]
        twin.decks = [list(d) for d in self.decks]
        twin.round = self.round
        twin.phase = self.phase
        twin.encryptors = list(self.encryptors)
        twin.codes = list(self.codes)
        twin.written = [list(w) for w in self.written]
        twin.written_warnings = [[list(x) for x in w] for w in self.written_warnings]
        twin.timed_out = self.timed_out
        twin.order = list(self.order)
        twin.reading = self.reading
        twin.decrypt = self.decrypt
        twin.intercept = self.intercept
        twin.interceptions = list(self.interceptions)
        twin.miscommunications = list(self.miscommunications)
        twin.history = [_copy_record(r) for r in self.history]
        twin.keyword_guesses = [None if g is None else list(g) for g in self.keyword_guesses]
        twin.keyword_hits = None if self.keyword_hits is None else list(self.keyword_hits)
        twin.end_reason = self.end_reason
        twin.log = list(self.log)
        twin._outcome = self._outcome
        return twin

    def __repr__(self) -> str:
        return (
            f"<InterceptState round {self.round} phase={self.phase} "
            f"tokens I={self.interceptions} M={self.miscommunications} to_act={self.actors()}>"
        )


def _copy_record(record: Mapping[str, Any]) -> dict[str, Any]:
    out = dict(record)
    out["clues"] = list(record["clues"])
    out["warnings"] = [list(w) for w in record["warnings"]]
    for key in ("code", "decrypt", "intercept"):
        out[key] = None if record[key] is None else list(record[key])
    return out


def keyword_matches(guess: str, truth: str) -> bool:
    """A tiebreak keyword guess counts if it is the keyword, singular or plural, any case.

    >>> keyword_matches("Wolves", "wolf"), keyword_matches("-", "wolf")
    (True, False)
    """
    cleaned = " ".join(guess.lower().split())
    if not cleaned or cleaned == BLANK:
        return False
    return lemma(cleaned) == lemma(truth.lower())


def new_game(config: Mapping[str, Any] | None = None, *, seed: int) -> InterceptState:
    """Deal a new game: keywords for each team, round 1's Encryptors and codes."""
    return InterceptState.new(config, seed=seed)
