"""Decipher's state: one dataclass whose fields are the whole game, and its JSON form.

What each action does, and when it is legal, is in :mod:`.rules` (the ``RULES`` table).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Self, cast

from cipherkit.core.protocol import JsonDict, Outcome, Seat, State, Viewer
from cipherkit.core.rng import Rng
from cipherkit.games.decipher import rules
from cipherkit.games.decipher.cards import CARDS, Card
from cipherkit.games.decipher.observation import DecipherObservation
from cipherkit.games.decipher.observe import observe
from cipherkit.games.decipher.rules import (
    COLUMNS,
    GUESS,
    PLAY,
    card_score,
    make_config,
    player_name,
)
from cipherkit.i18n import Message, say

Pile = list[list[Any]]
"""The ``[card, hit]`` pairs played on one column, oldest first; ``hit`` is ``None``
until the end of the turn the card was played in."""

_PLAIN = ("turn", "turn_number", "phase", "column", "played_this_turn", "declarer", "guesser")
"""The whose-turn fields: numbers, text or ``None``, written to JSON and copied as they are."""


@dataclass(eq=False, repr=False, slots=True, kw_only=True)
class DecipherState(State[DecipherObservation]):
    """The true state of a Decipher game (docs/rules/decipher.md).

    Make one with :func:`~cipherkit.games.decipher.rules.new_game` or :meth:`from_json`.
    """

    game_name = "decipher"

    config: dict[str, Any]
    rng: Rng
    deck: list[Card]
    hidden: list[list[Card]]
    """Each player's hidden code, one card a column."""
    hands: list[list[Card]]
    piles: list[list[Pile]]
    """``piles[p][c]``: what player ``p`` played on column ``c`` of the other's code."""
    turn: Seat
    turn_number: int = 1
    phase: str = PLAY
    column: int = 0
    """The column in turn: to play on in the play phase, to guess in the guess phase."""
    played_this_turn: int = 0
    declarer: Seat | None = None
    guesser: Seat | None = None
    guesses: list[list[Card]]
    end_reason: str = ""
    log: list[Message]
    """What happened, public, oldest first: each a message (an id and its parameters,
    no words; JSON in :meth:`to_json` and in an observation)."""
    outcome: Outcome | None = None

    def log_words(self) -> list[str]:
        """The log in the language in force, oldest first."""
        return [entry.words() for entry in self.log]

    @classmethod
    def new(cls, config: Mapping[str, Any] | None = None, *, seed: int) -> Self:
        """A new game: the shuffled deck, both hidden codes and both hands, and who
        goes first (the config's ``first_player``, else drawn)."""
        config = make_config(config)
        rng = Rng(seed)
        deck = list(CARDS)
        rng.shuffle(deck)
        size = config["hand_size"]
        top = deck[::-1]  # cards are dealt from the top of the deck, its end
        del deck[-2 * (COLUMNS + size) :]
        first = config["first_player"]
        turn = rng.randbelow(2) if first is None else first
        return cls(
            config=config,
            rng=rng,
            deck=deck,
            hidden=[top[:COLUMNS], top[COLUMNS : 2 * COLUMNS]],
            hands=[
                top[2 * COLUMNS : 2 * COLUMNS + size],
                top[2 * COLUMNS + size : 2 * (COLUMNS + size)],
            ],
            piles=[[[] for _ in range(COLUMNS)] for _ in range(2)],
            turn=turn,
            guesses=[[], []],
            log=[say("{name} goes first.", name=player_name(config["names"], turn))],
        )

    def name(self, seat: Seat) -> str | Message:
        """The name of ``seat``'s player (from the config), for a message: a default
        name is said in the reader's language (:func:`~.rules.player_name`)."""
        return player_name(self.config["names"], seat)

    # ------------------------------------------------------------------ the protocol
    def actors(self) -> list[Seat]:
        if self.phase == PLAY:
            return [self.turn]
        if self.phase == GUESS:
            return [cast(Seat, self.guesser)]  # the guessing phase has its guesser
        return []

    # what each action does and when it is legal: the rules module's RULES table
    legal_actions = rules.legal_actions
    check = rules.check
    apply = rules.apply
    _apply = rules.carry_out

    def observe(self, viewer: Viewer) -> DecipherObservation:
        """What ``viewer`` (seat 0, seat 1 or ``"spectator"``) may know.

        Decipher piles are public (every card was played face up) and so are hits;
        each player sees their own hidden code and hand; codes, hands and guesses of
        others are revealed only when the game is over.
        """
        return observe(self, viewer)

    # ------------------------------------------------------------------ queries
    def must_break(self) -> bool:
        """Deck exhausted and a hand empty: the player to move must Break the Code."""
        return not self.deck and (not self.hands[0] or not self.hands[1])

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

    # ------------------------------------------------------------------ persistence
    def _plain(self) -> dict[str, Any]:
        """The :data:`_PLAIN` fields by name: JSON as they are, and immutable."""
        return {name: getattr(self, name) for name in _PLAIN}

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
            **self._plain(),
            "guesses": [[str(c) for c in g] for g in self.guesses],
            "end_reason": self.end_reason,
            "log": [m.json for m in self.log],
            "outcome": None if self.outcome is None else self.outcome.to_json(),
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Self:
        parse = Card.parse
        return cls(
            config=make_config(data["config"]),
            rng=Rng.from_json(data["rng"]),
            deck=[parse(c) for c in data["deck"]],
            hidden=[[parse(c) for c in h] for h in data["hidden"]],
            hands=[[parse(c) for c in h] for h in data["hands"]],
            piles=[
                [[[parse(c), hit] for c, hit in column] for column in player]
                for player in data["piles"]
            ],
            **{name: data[name] for name in _PLAIN},
            guesses=[[parse(c) for c in g] for g in data["guesses"]],
            end_reason=data["end_reason"],
            log=[Message.from_json(m) for m in data["log"]],
            outcome=Outcome.from_json(data["outcome"]),
        )

    def copy(self) -> Self:
        return type(self)(
            config=self.config,
            rng=self.rng.copy(),
            deck=list(self.deck),
            hidden=[list(h) for h in self.hidden],
            hands=[list(h) for h in self.hands],
            piles=[[[list(e) for e in col] for col in p] for p in self.piles],
            **self._plain(),
            guesses=[list(g) for g in self.guesses],
            end_reason=self.end_reason,
            log=list(self.log),
            outcome=self.outcome,
        )

    def __repr__(self) -> str:
        return (
            f"<DecipherState turn {self.turn_number} phase={self.phase} "
            f"to_move={self.actors()} deck={len(self.deck)}>"
        )
