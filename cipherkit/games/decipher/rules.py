"""Decipher rules (docs/rules/decipher.md): the true state and everything that changes it.

Two players each hold a 3-card hidden code and play cards column by column onto decipher
piles against the other's code, until one Breaks the Code and both guess. The decisions
where the rulebook leaves room are listed in docs/rules/decipher.md.

Examples
--------
>>> from cipherkit.games.decipher import new_game, parse_action
>>> state = new_game({"first_player": 0}, seed=1)
>>> state.actors()
[0]
>>> [str(a) for a in state.legal_actions(0)][:3]
['break', 'play 6S', 'play 3H']
>>> events = state.apply(0, parse_action("play 6S"))
>>> events[0].text
'Player 1 plays 6♠ on column 1.'
>>> state.is_legal(0, parse_action("skip"))   # first turn: every column needs a card
False
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
from cipherkit.games.decipher.actions import (
    BREAK,
    GUESSES,
    PLAYS,
    SKIP,
    BreakCode,
    Guess,
    Play,
    Skip,
)
from cipherkit.games.decipher.cards import CARDS, Card
from cipherkit.games.decipher.observation import DecipherObservation

COLUMNS = 3
"""Cards in a hidden code, and decipher piles per player."""

DEFAULT_CONFIG: dict[str, Any] = {
    "first_player": None,  # None: chosen by the seeded RNG
    "hand_size": 6,
    "scoring": {"exact": 3, "rank": 2, "suit": 1},
    "names": ["Player 1", "Player 2"],
}

PLAY, GUESS, OVER = "play", "guess", "over"


def make_config(config: Mapping[str, Any] | None) -> dict[str, Any]:
    """Validated config with defaults filled in."""
    merged = merge_config(DEFAULT_CONFIG, config, game="decipher")
    if merged["first_player"] not in (None, 0, 1):
        raise ConfigError("decipher: first_player must be 0, 1 or null")
    if not isinstance(merged["hand_size"], int) or not 3 <= merged["hand_size"] <= 20:
        raise ConfigError("decipher: hand_size must be a whole number from 3 to 20")
    scoring = dict(DEFAULT_CONFIG["scoring"]) | dict(merged["scoring"])
    if set(scoring) != {"exact", "rank", "suit"}:
        raise ConfigError("decipher: scoring takes the keys exact, rank and suit")
    merged["scoring"] = scoring
    names = merged["names"]
    if not (isinstance(names, list | tuple) and len(names) == 2):
        raise ConfigError("decipher: names must be a list of two names")
    merged["names"] = [str(n) for n in names]
    return merged


def card_score(guess: Card | None, truth: Card, scoring: Mapping[str, int]) -> int:
    """Points for one guessed column: exact card, same rank only, same suit only, else 0.

    >>> from cipherkit.games.decipher.cards import Card
    >>> s = {"exact": 3, "rank": 2, "suit": 1}
    >>> [card_score(Card.parse(g), Card.parse("QS"), s) for g in ("QS", "QH", "2S", "2H")]
    [3, 2, 1, 0]
    """
    if guess is None:
        return 0
    if guess == truth:
        return int(scoring["exact"])
    if guess.rank == truth.rank:
        return int(scoring["rank"])
    if guess.suit == truth.suit:
        return int(scoring["suit"])
    return 0


class DecipherState(State[DecipherObservation]):
    """The true state of a Decipher game; its rules: docs/rules/decipher.md."""

    game_name = "decipher"

    __slots__ = (
        "_outcome",
        "column",
        "config",
        "deck",
        "declarer",
        "end_reason",
        "guesser",
        "guesses",
        "hands",
        "hidden",
        "log",
        "phase",
        "piles",
        "played_this_turn",
        "rng",
        "turn",
        "turn_number",
    )

    def __init__(self) -> None:  # use new_game() or from_json()
        self.config: dict[str, Any] = {}
        self.rng = Rng(0)
        self.deck: list[Card] = []
        self.hidden: list[list[Card]] = [[], []]
        self.hands: list[list[Card]] = [[], []]
        # piles[p][c]: [card, hit] pairs that player p played on column c of the
        # opponent's code, oldest first; hit is None until evaluated at the end of the turn.
        self.piles: list[list[list[list[Any]]]] = [[[] for _ in range(COLUMNS)] for _ in range(2)]
        self.turn: Seat = 0
        self.turn_number = 0
        self.phase = PLAY
        self.column = 0
        self.played_this_turn = 0
        self.declarer: Seat | None = None
        self.guesser: Seat | None = None
        self.guesses: list[list[Card]] = [[], []]
        self.end_reason = ""
        self.log: list[str] = []
        self._outcome: Outcome | None = None

    # ------------------------------------------------------------------ setup
    @classmethod
    def new(cls, config: Mapping[str, Any] | None = None, *, seed: int) -> DecipherState:
        """A new game: the shuffled deck, both hidden codes and both hands."""
        state = cls()
        state.config = make_config(config)
        state.rng = Rng(seed)
        deck = list(CARDS)
        state.rng.shuffle(deck)
        state.hidden = [[deck.pop() for _ in range(COLUMNS)] for _ in range(2)]
        size = state.config["hand_size"]
        state.hands = [[deck.pop() for _ in range(size)] for _ in range(2)]
        state.deck = deck
        first = state.config["first_player"]
        state.turn = state.rng.randbelow(2) if first is None else first
        state.turn_number = 1
        state.log.append(f"{state.name(state.turn)} goes first.")
        return state

    def name(self, seat: Seat) -> str:
        """The name of ``seat``'s player (from the config)."""
        return self.config["names"][seat]

    # ------------------------------------------------------------------ queries
    @property
    def outcome(self) -> Outcome | None:
        return self._outcome

    def actors(self) -> list[Seat]:
        if self.phase == PLAY:
            return [self.turn]
        if self.phase == GUESS:
            return [cast(Seat, self.guesser)]  # the guessing phase has its guesser
        return []

    def must_break(self) -> bool:
        """Deck exhausted and a hand empty: the player to move must Break the Code."""
        return not self.deck and (not self.hands[0] or not self.hands[1])

    def legal_actions(self, seat: Seat) -> list[Action]:
        if self.phase == PLAY:
            if seat != self.turn:
                return []
            if self.column == 0 and self.must_break():
                return [BREAK]
            actions: list[Action] = [BREAK] if self._may_break(seat) else []
            actions.extend(PLAYS[c.index] for c in self.hands[seat])
            if self._may_skip(seat):
                actions.append(SKIP)
            return actions
        if self.phase == GUESS and seat == self.guesser:
            return list(GUESSES)
        return []

    def _may_break(self, seat: Seat) -> bool:
        """At the start of any turn, the first included (docs/rules/decipher.md §3.6)."""
        return self.column == 0

    def _may_skip(self, seat: Seat) -> bool:
        if not self.piles[seat][self.column]:
            return False
        last_column = self.column == COLUMNS - 1
        return not (last_column and self.played_this_turn == 0)

    def check(self, seat: Seat, action: Action) -> None:
        if self._outcome is not None:
            raise IllegalAction("the game is over")
        if seat not in (0, 1):
            raise IllegalAction(f"there is no seat {seat!r} in decipher (seats are 0 and 1)")
        if self.phase == GUESS:
            if seat != self.guesser:
                guesser = cast(Seat, self.guesser)  # the guessing phase has its guesser
                raise IllegalAction(f"it is {self.name(guesser)}'s turn to guess")
            if not isinstance(action, Guess):
                raise IllegalAction(
                    f"the code has been broken: guess column {self.column + 1} (guess QS)"
                )
            return
        if seat != self.turn:
            raise IllegalAction(f"it is {self.name(self.turn)}'s turn")
        if isinstance(action, BreakCode):
            if self.column != 0:
                raise IllegalAction("you may Break the Code only at the start of your turn")
            return
        if self.column == 0 and self.must_break():
            raise IllegalAction(
                "the deck is exhausted and a hand is empty: you must Break the Code"
            )
        if isinstance(action, Play):
            if action.card not in self.hands[seat]:
                raise IllegalAction(f"{action.card.pretty} is not in your hand")
            return
        if isinstance(action, Skip):
            if not self.piles[seat][self.column]:
                raise IllegalAction(
                    f"column {self.column + 1} has no card yet: "
                    "on your first turn you must play on every column"
                )
            if self.column == COLUMNS - 1 and self.played_this_turn == 0:
                raise IllegalAction("you must play at least one card this turn")
            return
        if isinstance(action, Guess):
            raise IllegalAction("nobody has broken the code yet: play or skip")
        raise IllegalAction(f"{action!r} is not a decipher action")

    # ------------------------------------------------------------------ changes
    def _apply(self, seat: Seat, action: Action) -> list[Event]:
        if isinstance(action, Play):
            return self._play(seat, action.card)
        if isinstance(action, Skip):
            event = Event(
                "skip",
                {"seat": seat, "column": self.column},
                f"{self.name(seat)} skips column {self.column + 1}.",
            )
            self.log.append(event.text)
            return [event, *self._next_column(seat)]
        if isinstance(action, BreakCode):
            return self._break(seat)
        assert isinstance(action, Guess)
        return self._guess(seat, action.card)

    def _play(self, seat: Seat, card: Card) -> list[Event]:
        self.hands[seat].remove(card)
        self.piles[seat][self.column].append([card, None])
        self.played_this_turn += 1
        event = Event(
            "play",
            {"seat": seat, "column": self.column, "card": str(card)},
            f"{self.name(seat)} plays {card.pretty} on column {self.column + 1}.",
        )
        self.log.append(event.text)
        return [event, *self._next_column(seat)]

    def _next_column(self, seat: Seat) -> list[Event]:
        self.column += 1
        if self.column < COLUMNS and self.hands[seat]:
            return []
        # After the last column, or out of cards mid-turn (only once the deck is
        # exhausted): the turn ends and any remaining columns stay as they are.
        return self._end_turn(seat)

    def _end_turn(self, seat: Seat) -> list[Event]:
        events: list[Event] = []
        drawn = 0
        while len(self.hands[seat]) < self.config["hand_size"] and self.deck:
            self.hands[seat].append(self.deck.pop())
            drawn += 1
        if drawn:
            events.append(
                Event(
                    "draw",
                    {"seat": seat, "count": drawn},
                    f"{self.name(seat)} draws {drawn} card{'s' * (drawn != 1)}.",
                )
            )
        opponent = 1 - seat
        code = self.hidden[opponent]
        hits = []
        for column in range(COLUMNS):
            pile = self.piles[seat][column]
            if pile and pile[-1][1] is None:
                top = pile[-1][0]
                pile[-1][1] = top.suit == code[column].suit or top.rank == code[column].rank
            hits.append(bool(pile and pile[-1][1]))
        words = ", ".join(f"column {c + 1} {'hit' if h else 'miss'}" for c, h in enumerate(hits))
        events.append(
            Event(
                "evaluate",
                {"seat": opponent, "hits": hits},
                f"{self.name(opponent)} marks the hits: {words}.",
            )
        )
        for event in events:
            self.log.append(event.text)
        self.turn = opponent
        self.turn_number += 1
        self.column = 0
        self.played_this_turn = 0
        return events

    def _break(self, seat: Seat) -> list[Event]:
        forced = self.must_break()
        self.phase = GUESS
        self.declarer = self.guesser = seat
        self.column = 0
        self.end_reason = "deck exhausted" if forced else "code broken"
        why = " (the deck is exhausted)" if forced else ""
        event = Event(
            "break",
            {"seat": seat, "forced": forced},
            f"{self.name(seat)} breaks the code{why}. Guessing begins.",
        )
        self.log.append(event.text)
        return [event]

    def _guess(self, seat: Seat, card: Card) -> list[Event]:
        self.guesses[seat].append(card)
        event = Event(
            "guess",
            {"seat": seat, "column": self.column},
            f"{self.name(seat)} writes a guess for column {self.column + 1}.",
        )
        self.log.append(event.text)
        events = [event]
        self.column += 1
        if self.column < COLUMNS:
            return events
        if seat == self.declarer:
            self.guesser = 1 - seat
            self.column = 0
            return events
        return [*events, self._finish()]

    def scores(self) -> list[int]:
        """Points each player has from their guesses (complete once the game is over)."""
        table = self.config["scoring"]
        return [
            sum(
                card_score(g, t, table)
                for g, t in zip(self.guesses[p], self.hidden[1 - p], strict=False)
            )
            for p in (0, 1)
        ]

    def _finish(self) -> Event:
        self.phase = OVER
        self.guesser = None
        s0, s1 = self.scores()
        if s0 == s1:
            outcome = Outcome((), self.end_reason, {"0": s0, "1": s1}, draw=True)
            words = f"A draw, {s0} to {s1}."
        else:
            winner = 0 if s0 > s1 else 1
            outcome = Outcome((winner,), self.end_reason, {"0": s0, "1": s1})
            words = f"{self.name(winner)} wins, {max(s0, s1)} to {min(s0, s1)}."
        self._outcome = outcome
        codes = "; ".join(
            f"{self.name(p)}'s code was " + " ".join(c.pretty for c in self.hidden[p])
            for p in (0, 1)
        )
        event = Event(
            "reveal", {"scores": [s0, s1], "outcome": outcome.to_json()}, f"{codes}. {words}"
        )
        self.log.append(event.text)
        return event

    # ------------------------------------------------------------------ views
    def observe(self, viewer: Viewer) -> DecipherObservation:
        """What ``viewer`` (seat 0, seat 1 or ``"spectator"``) may know.

        Decipher piles are public (every card was played face up) and so are hits;
        each player sees their own hidden code and hand; codes, hands and guesses of
        others are revealed only when the game is over.
        """
        over = self.phase == OVER
        seat = viewer if viewer in (0, 1) else None
        if seat is None and viewer != SPECTATOR:
            raise ValueError(f"decipher viewers are 0, 1 and {SPECTATOR!r}, not {viewer!r}")

        def visible(p: Seat) -> bool:
            return over or p == seat

        return {
            "game": "decipher",
            "viewer": viewer,
            "seat": seat,
            "names": list(self.config["names"]),
            "phase": self.phase,
            "turn": self.turn,
            "turn_number": self.turn_number,
            "column": self.column,
            "played_this_turn": self.played_this_turn,
            "actors": self.actors(),
            "must_break": self.phase == PLAY and self.column == 0 and self.must_break(),
            "hand_size": self.config["hand_size"],
            "scoring": dict(self.config["scoring"]),
            "deck_size": len(self.deck),
            "hand_sizes": [len(self.hands[0]), len(self.hands[1])],
            "hand": [str(c) for c in self.hands[seat]] if seat is not None else None,
            "hidden": [[str(c) for c in self.hidden[p]] if visible(p) else None for p in (0, 1)],
            "hands": [[str(c) for c in self.hands[p]] if visible(p) else None for p in (0, 1)],
            "piles": [
                [[{"card": str(c), "hit": h} for c, h in column] for column in self.piles[p]]
                for p in (0, 1)
            ],
            "hits": [[bool(col and col[-1][1]) for col in self.piles[p]] for p in (0, 1)],
            "declarer": self.declarer,
            "guesser": self.guesser,
            "guesses": [
                [str(c) for c in self.guesses[p]] if visible(p) else len(self.guesses[p])
                for p in (0, 1)
            ],
            "scores": self.scores() if over else None,
            "outcome": None if self._outcome is None else self._outcome.to_json(),
            "log": list(self.log),
        }

    # ------------------------------------------------------------------ persistence
    def to_json(self) -> JsonDict:
        return {
            "game": "decipher",
            "config": self.config,
            "rng": self.rng.to_json(),
            "deck": [str(c) for c in self.deck],
            "hidden": [[str(c) for c in h] for h in self.hidden],
            "hands": [[str(c) for c in h] for h in self.hands],
            "piles": [
                [[[str(c), hit] for c, hit in column] for column in player] for player in self.piles
            ],
            "turn": self.turn,
            "turn_number": self.turn_number,
            "phase": self.phase,
            "column": self.column,
            "played_this_turn": self.played_this_turn,
            "declarer": self.declarer,
            "guesser": self.guesser,
            "guesses": [[str(c) for c in g] for g in self.guesses],
            "end_reason": self.end_reason,
            "log": list(self.log),
            "outcome": None if self._outcome is None else self._outcome.to_json(),
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> DecipherState:
        parse = Card.parse
        state = cls()
        state.config = make_config(data["config"])
        state.rng = Rng.from_json(data["rng"])
        state.deck = [parse(c) for c in data["deck"]]
        state.hidden = [[parse(c) for c in h] for h in data["hidden"]]
        state.hands = [[parse(c) for c in h] for h in data["hands"]]
        state.piles = [
            [[[parse(c), hit] for c, hit in column] for column in player]
            for player in data["piles"]
        ]
        state.turn = data["turn"]
        state.turn_number = data["turn_number"]
        state.phase = data["phase"]
        state.column = data["column"]
        state.played_this_turn = data["played_this_turn"]
        state.declarer = data["declarer"]
        state.guesser = data["guesser"]
        state.guesses = [[parse(c) for c in g] for g in data["guesses"]]
        state.end_reason = data["end_reason"]
        state.log = list(data["log"])
        state._outcome = Outcome.from_json(data["outcome"])
        return state

    def copy(self) -> DecipherState:
        twin = type(self).__new__(type(self))
        twin.config = self.config
        twin.rng = self.rng.copy()
        twin.deck = list(self.deck)
        twin.hidden = [list(h) for h in self.hidden]
        twin.hands = [list(h) for h in self.hands]
        twin.piles = [[[list(e) for e in col] for col in p] for p in self.piles]
        twin.turn = self.turn
        twin.turn_number = self.turn_number
        twin.phase = self.phase
        twin.column = self.column
        twin.played_this_turn = self.played_this_turn
        twin.declarer = self.declarer
        twin.guesser = self.guesser
        twin.guesses = [list(g) for g in self.guesses]
        twin.end_reason = self.end_reason
        twin.log = list(self.log)
        twin._outcome = self._outcome
        return twin

    def __repr__(self) -> str:
        return (
            f"<DecipherState turn {self.turn_number} phase={self.phase} "
            f"to_move={self.actors()} deck={len(self.deck)}>"
        )


def new_game(config: Mapping[str, Any] | None = None, *, seed: int) -> DecipherState:
    """Deal a new game: shuffle, 3 hidden cards and a hand of 6 each, random first player."""
    return DecipherState.new(config, seed=seed)
