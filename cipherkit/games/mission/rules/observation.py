"""What a mission observation holds (:class:`MissionObservation`), built by :mod:`.observe`.

>>> from cipherkit.games.mission import new_game
>>> obs: MissionObservation = new_game({"players": 2}, seed=1).observe(0)
>>> sorted(obs["pending"])
['forced_pass', 'revealed', 'room', 'stage', 'steps_left']
"""

from __future__ import annotations

from typing import Any, TypedDict

from cipherkit.core.protocol import JsonDict, Seat, Viewer


class CharacterView(TypedDict):
    """A character as everyone sees it: who plays it, where it stands, how many cards."""

    index: int
    id: str
    name: str
    ability: str
    ability_text: str
    seat: Seat
    room: str
    hand_size: int


class PendingView(TypedDict):
    """The action under way: Run steps left, the Intel room, a token just revealed."""

    steps_left: int
    room: str | None
    revealed: str | None
    stage: int
    forced_pass: bool


class DiscardView(TypedDict):
    """The discard pile: its size, the top card, and the time cards in it."""

    size: int
    top: str | None
    time_icons: int
    time_cards: list[str]


class RoomView(TypedDict):
    """A room: its face-down stack's size, its face-up tokens, the characters in it."""

    stack: int
    face_up: list[str]
    characters: list[int]


class CellView(TypedDict):
    """A cell of the mission card; ``content`` only once its windows are open."""

    glyph: str
    word: int
    answer: bool
    open: bool
    content: str | None


class ConsoleView(TypedDict):
    """The mission card on its console: cells, open glyphs and what they read."""

    cells: list[CellView]
    opened: list[str]
    reading: str
    answer_open: bool


class KnownToken(TypedDict):
    """A token this seat has peeked at: ``depth`` 0 is the top of the stack."""

    depth: int
    token: str


class ProposalView(TypedDict):
    """A proposed answer and the seats still to confirm it."""

    text: str
    proposer: Seat
    waiting_for: list[Seat]


class MissionObservation(TypedDict):
    """What a viewer (a seat or ``"spectator"``) may know of a mission game.

    ``hands`` holds the viewer's own characters' cards (``None`` for the others),
    ``known`` the tokens it has peeked at; ``answer`` and ``campaign`` stay ``None``
    until the game is over.
    """

    game: str
    viewer: Viewer
    seat: Seat | None
    players: int
    mission: JsonDict
    characters: list[CharacterView]
    hands: list[list[str] | None]
    hand_limit: int
    rules: dict[str, Any]
    turn: int
    turn_number: int
    current_seat: Seat
    phase: str
    actors: list[Seat]
    actions_taken: int
    pending: PendingView
    piles: dict[str, list[str]]
    blocked: dict[str, int]
    deck_size: int
    discard: DiscardView
    peril: bool
    rooms: dict[str, RoomView]
    console: ConsoleView
    collected: list[str]
    removed: list[str]
    known: dict[str, list[KnownToken]]
    proposal: ProposalView | None
    outcome: JsonDict | None
    answer: str | None
    campaign: dict[str, Any] | None
    log: list[dict[str, Any]]
    """What happened, each a structured message (``{"id", "params"}``, and ``plural``,
    ``count``): a page says it in its viewer's language (``Message(**entry).words()``)."""
