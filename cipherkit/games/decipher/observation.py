"""What a decipher observation holds (:class:`DecipherObservation`).

>>> from cipherkit.games.decipher import new_game
>>> obs: DecipherObservation = new_game(seed=1).observe(0)
>>> obs["hidden"][1] is None, obs["piles"][0]
(True, [[], [], []])
"""

from __future__ import annotations

from typing import TypedDict

from cipherkit.core.protocol import JsonDict, Seat, Viewer


class PileCard(TypedDict):
    """A card played face up on a column, and whether it hit the opponent's code
    (``None`` until the end of the turn it was played in)."""

    card: str
    hit: bool | None


class DecipherObservation(TypedDict):
    """What a viewer (seat 0, seat 1 or ``"spectator"``) may know of a decipher game.

    ``hidden``, ``hands`` and ``guesses`` hold a player's cards only for that player
    (or once the game is over); otherwise ``None``, or the number of guesses.
    """

    game: str
    viewer: Viewer
    seat: Seat | None
    names: list[str]
    phase: str
    turn: Seat
    turn_number: int
    column: int
    played_this_turn: int
    actors: list[Seat]
    must_break: bool
    hand_size: int
    scoring: dict[str, int]
    deck_size: int
    hand_sizes: list[int]
    hand: list[str] | None
    hidden: list[list[str] | None]
    hands: list[list[str] | None]
    piles: list[list[list[PileCard]]]
    hits: list[list[bool]]
    declarer: Seat | None
    guesser: Seat | None
    guesses: list[list[str] | int]
    scores: list[int] | None
    outcome: JsonDict | None
    log: list[JsonDict]
    """What happened: each a message's id and parameters (say it with
    :class:`~cipherkit.i18n.Message`), no words."""
