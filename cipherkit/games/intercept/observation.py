"""What an intercept observation holds (:class:`InterceptObservation`), built by
:mod:`.observe`.

>>> from cipherkit.games.intercept import new_game
>>> obs: InterceptObservation = new_game({"players": 4}, seed=1).observe("team:white")
>>> obs["keywords"]["black"], obs["tokens"]["white"]
(None, {'interceptions': 0, 'miscommunications': 0})
"""

from __future__ import annotations

from typing import TypedDict

from cipherkit.core.protocol import JsonDict, Seat, Viewer


class Options(TypedDict):
    """The game's options, as the config set them."""

    timer: bool
    no_repeat_codes: bool
    alternate_first: bool
    max_rounds: int
    language: str


class Limits(TypedDict):
    """The game's sizes: a code's length, keywords per team, rounds, tokens that end it."""

    code_length: int
    keywords: int
    max_rounds: int
    tokens_to_end: int


class Submitted(TypedDict):
    """Whether the decrypt and the interception guess of the code being read are in."""

    decrypt: bool
    intercept: bool


class Tokens(TypedDict):
    """A side's Interception and Miscommunication tokens."""

    interceptions: int
    miscommunications: int


class RoundRecord(TypedDict):
    """One code read aloud: its clues, then (once revealed) the code and both guesses.

    ``team`` is the side's index (0 or 1); a missing clue (the timer ran out) is ``None``.
    """

    round: int
    team: int
    encryptor: Seat | None
    clues: list[str | None]
    warnings: list[list[JsonDict]]
    """Each clue's warnings, as messages (JSON; :func:`.messages.words` says them)."""
    code: list[int] | None
    decrypt: list[int] | None
    intercept: list[int] | None
    interception: bool | None
    miscommunication: bool | None


class InterceptObservation(TypedDict):
    """What a viewer (a seat, ``"team:white"``, ``"team:black"``, ``"team:interceptor"``
    or ``"spectator"``) may know of an intercept game.

    ``keywords`` holds a side's keywords only for that side; ``code``, ``my_clues`` and
    ``my_warnings`` only for an Encryptor seat while its clues are unread;
    ``keyword_guesses`` is ``None`` before the keyword stage (a side's guess, or whether
    it is in, after). The log, the end reason and the warnings are messages (JSON: an id
    and its parameters), put into words in the language of whoever reads them.
    """

    game: str
    viewer: Viewer
    seat: Seat | None
    team: str | None
    players: int
    three_player: bool
    names: list[str]
    teams: dict[str, list[Seat]]
    options: Options
    limits: Limits
    round: int
    phase: str
    order: list[str]
    reading: str | None
    interception_open: bool
    encryptors: dict[str, Seat | None]
    actors: list[Seat]
    role: str | None
    keywords: dict[str, list[str] | None]
    code: list[int] | None
    my_clues: list[str] | None
    my_warnings: list[list[JsonDict]] | None
    written: dict[str, int]
    timed_out: bool
    submitted: Submitted
    my_guess: list[int] | None
    tokens: dict[str, Tokens]
    points: list[int] | None
    history: list[RoundRecord]
    notes: JsonDict
    keyword_guesses: dict[str, list[str] | bool] | None
    keyword_hits: list[int] | None
    end_reason: JsonDict | None
    outcome: JsonDict | None
    log: list[JsonDict]
