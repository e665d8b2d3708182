"""Intercept's state: one dataclass whose fields are the whole game, its seats and roles,
and its JSON form. What each action does, and when it is legal, is in :mod:`.rules`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Self, cast

from cipherkit.core.protocol import SPECTATOR, JsonDict, Outcome, Seat, State, Viewer
from cipherkit.core.rng import Rng
from cipherkit.games.intercept import rules
from cipherkit.games.intercept.actions import CODES, Code
from cipherkit.games.intercept.config import (
    CLUES_PER_CODE,
    GUESS,
    KEYWORDS,
    TEAM_NAMES,
    THREE_PLAYER_NAMES,
    WRITE,
    code_list,
    code_of,
    make_config,
    team_seats,
)
from cipherkit.games.intercept.messages import english, from_json
from cipherkit.games.intercept.observation import InterceptObservation
from cipherkit.games.intercept.observe import observe
from cipherkit.games.intercept.words import keywords as keyword_list


@dataclass(eq=False, repr=False, slots=True, kw_only=True)
class InterceptState(State[InterceptObservation]):
    """The true state of an intercept game (docs/rules/intercept.md).

    Make one with :func:`~cipherkit.games.intercept.rules.new_game`, :meth:`new` or
    :meth:`from_json`.
    """

    game_name = "intercept"

    config: dict[str, Any]
    rng: Rng
    keywords: list[list[str]]
    decks: list[list[Code]]
    round: int = 0
    phase: str = WRITE
    encryptors: list[Seat | None]
    codes: list[Code | None]
    written: list[list[str]]
    """Each team's clues written this round, not yet read."""
    written_warnings: list[list[list[JsonDict]]]
    """The warnings of each team's written clues, as messages (JSON)."""
    timed_out: bool = False
    order: list[int]
    """The teams whose clues are read this round, in order."""
    reading: int = 0
    decrypt: Code | None = None
    intercept: Code | None = None
    interceptions: list[int]
    miscommunications: list[int]
    history: list[dict[str, Any]]
    keyword_guesses: list[list[str] | None]
    keyword_hits: list[int] | None = None
    end_said: JsonDict | None = None
    """Why the game ended (or ``tiebreaker`` in the keyword stage), as a message (JSON)."""
    said: list[JsonDict]
    """The game's log: what happened, public, one message (JSON) a line; no words in it
    (:attr:`log` is its English)."""
    outcome: Outcome | None = None

    # ------------------------------------------------------------------ setup
    @classmethod
    def new(cls, config: Mapping[str, Any] | None = None, *, seed: int) -> Self:
        """A new game: each side's keywords (drawn, or fixed by the config) and round 1."""
        config = make_config(config)
        rng = Rng(seed)
        names = THREE_PLAYER_NAMES if config["players"] == 3 else TEAM_NAMES
        teams = 1 if config["players"] == 3 else 2
        fixed = config["keywords"]
        if fixed is not None:
            keywords = [list(fixed[name]) for name in names if name in fixed]
        else:
            dealt = rng.sample(keyword_list(config["language"]), 4 * teams)
            keywords = [dealt[4 * t : 4 * t + 4] for t in range(teams)]
        while len(keywords) < 2:
            keywords.append([])
        state = cls(
            config=config,
            rng=rng,
            keywords=keywords,
            decks=[
                list(CODES) if config["no_repeat_codes"] and t < teams else [] for t in range(2)
            ],
            encryptors=[None, None],
            codes=[None, None],
            written=[[], []],
            written_warnings=[[], []],
            order=[],
            interceptions=[0, 0],
            miscommunications=[0, 0],
            history=[],
            keyword_guesses=[None, None],
            said=[],
        )
        rules.start_round(state, 1)
        return state

    # ------------------------------------------------------------------ the protocol
    # what each action does and when it is legal: the rules module's RULES table
    legal_actions = rules.legal_actions
    check = rules.check
    _apply = rules.carry_out

    def actors(self) -> list[Seat]:
        if self.phase == WRITE:
            return self.writers() + self.timer_claimers()
        if self.phase == GUESS:
            return self.decryptors() + self.interceptors()
        if self.phase == KEYWORDS:
            return self.keyword_guessers()
        return []

    def observe(self, viewer: Viewer) -> InterceptObservation:
        """What ``viewer`` may know: a seat, ``"team:white"`` (``team:black``,
        ``team:interceptor``) or ``"spectator"``.

        Everyone sees what was read aloud and revealed: clues once read, codes and
        guesses once revealed, tokens, and the note sheets. A team sees its own
        keywords and its own submitted guesses; an Encryptor seat sees its code and the
        clues it has written but not yet read. Everything is shown once the game is over.
        """
        return observe(self, viewer)

    # ------------------------------------------------------------------ words
    @property
    def log(self) -> list[str]:
        """The game's log in English, a line per public event (the log itself is
        :attr:`said`: messages, put into words where they are shown)."""
        return [english(from_json(line)) for line in self.said]

    @property
    def end_reason(self) -> str:
        """Why the game ended, in English ('' while it goes on)."""
        return "" if self.end_said is None else english(from_json(self.end_said))

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

    # ------------------------------------------------------------------ roles
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

    def points(self) -> list[int]:
        """Tiebreak points per team: +1 per Interception, -1 per Miscommunication."""
        return [self.interceptions[t] - self.miscommunications[t] for t in range(2)]

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
            "end_reason": self.end_said,
            "log": list(self.said),
            "outcome": None if self.outcome is None else self.outcome.to_json(),
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Self:
        hits = data["keyword_hits"]
        return cls(
            config=make_config(data["config"]),
            rng=Rng.from_json(data["rng"]),
            keywords=[list(k) for k in data["keywords"]],
            # a deck holds codes only (code_of gives None only for a JSON null)
            decks=[[cast(Code, code_of(c)) for c in d] for d in data["decks"]],
            round=int(data["round"]),
            phase=data["phase"],
            encryptors=list(data["encryptors"]),
            codes=[code_of(c) for c in data["codes"]],
            written=[list(w) for w in data["written"]],
            written_warnings=[[list(x) for x in w] for w in data["written_warnings"]],
            timed_out=bool(data["timed_out"]),
            order=list(data["order"]),
            reading=int(data["reading"]),
            decrypt=code_of(data["decrypt"]),
            intercept=code_of(data["intercept"]),
            interceptions=list(data["interceptions"]),
            miscommunications=list(data["miscommunications"]),
            history=[_copy_record(r) for r in data["history"]],
            keyword_guesses=[None if g is None else list(g) for g in data["keyword_guesses"]],
            keyword_hits=None if hits is None else list(hits),
            end_said=_message_json(data["end_reason"]),
            said=[cast(JsonDict, _message_json(line)) for line in data["log"]],
            outcome=Outcome.from_json(data["outcome"]),
        )

    def copy(self) -> Self:
        return type(self)(
            config=self.config,
            rng=self.rng.copy(),
            keywords=[list(k) for k in self.keywords],
            decks=[list(d) for d in self.decks],
            round=self.round,
            phase=self.phase,
            encryptors=list(self.encryptors),
            codes=list(self.codes),
            written=[list(w) for w in self.written],
            written_warnings=[[list(x) for x in w] for w in self.written_warnings],
            timed_out=self.timed_out,
            order=list(self.order),
            reading=self.reading,
            decrypt=self.decrypt,
            intercept=self.intercept,
            interceptions=list(self.interceptions),
            miscommunications=list(self.miscommunications),
            history=[_copy_record(r) for r in self.history],
            keyword_guesses=[None if g is None else list(g) for g in self.keyword_guesses],
            keyword_hits=None if self.keyword_hits is None else list(self.keyword_hits),
            end_said=self.end_said,
            said=list(self.said),
            outcome=self.outcome,
        )

    def __repr__(self) -> str:
        return (
            f"<InterceptState round {self.round} phase={self.phase} "
            f"tokens I={self.interceptions} M={self.miscommunications} to_act={self.actors()}>"
        )


def _message_json(data: Any) -> JsonDict | None:
    """A message's JSON as stored; the English text of an older state as a message of
    its own words; nothing (``None`` or "") as ``None``."""
    return from_json(data).to_json() if data else None


def _copy_record(record: Mapping[str, Any]) -> dict[str, Any]:
    out = dict(record)
    out["clues"] = list(record["clues"])
    out["warnings"] = [list(w) for w in record["warnings"]]
    for key in ("code", "decrypt", "intercept"):
        out[key] = None if record[key] is None else list(record[key])
    return out
