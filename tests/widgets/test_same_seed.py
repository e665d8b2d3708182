"""One seed, one game: a table, a saved table, a room and a match deal the same game and
their bots play the same moves.

Every place that seats a bot gives it the one stream of
:func:`cipherkit.core.session.bot_rng` (the seed and the seat), so a game is a function
of its config, seed, bots and the person's moves wherever it is played. Here the person
plays like a bot of their own (the same bot, with the same private stream, in every
mode): through the page's messages at a local table, a saved table (a solo room on a
temporary SQLite store) and a room's table (``store.create_room`` with bots), and as
that bot in :func:`cipherkit.core.match.play_game`. All four records are the same.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from cipherkit.core.match import play_game
from cipherkit.core.record import Record
from cipherkit.core.registry import get_game, make_bot
from cipherkit.core.rng import Rng
from cipherkit.core.session import bot_rng
from cipherkit.rooms import Store, open_store
from cipherkit.widgets import DecipherTable, InterceptTable, MissionTable
from tests.widgets.test_mission_table import page_message

PERSON_STREAM = 0xA11CE
"""The seed of the stream the person's own bot draws from (the same in every mode)."""

MAX_MOVES = 400


@dataclass(frozen=True)
class Case:
    """A game as a table plays it: the person's seat, the table's bots, the person's bot."""

    game: str
    seat: int
    bot: str
    person: str
    make: Callable[..., Any]
    simultaneous: bool = False


CASES = [
    Case("decipher", 0, "random", "random", lambda **kw: DecipherTable("random", 5, True, **kw)),
    Case("decipher", 0, "solver", "random", lambda **kw: DecipherTable("solver", 6, None, **kw)),
    Case(
        "intercept",
        0,
        "baseline",
        "baseline",
        lambda **kw: InterceptTable(4, 0, "baseline", 11, **kw),
        simultaneous=True,
    ),
    Case(
        "mission",
        0,
        "planner",
        "planner",
        lambda **kw: MissionTable(None, 2, [0], "planner", 3, **kw),
    ),
]


@pytest.fixture
def store(tmp_path: Path) -> Iterator[Store]:
    with open_store(f"sqlite:///{tmp_path / 'rooms.db'}") as opened:
        yield opened


class Person:
    """The person: their own bot and stream, asked with the seat's observation only."""

    def __init__(self, case: Case) -> None:
        self.spec = get_game(case.game)
        self.bot = make_bot(case.game, case.person)
        self.rng = Rng(PERSON_STREAM)

    def move(self, observation: dict[str, Any], legal: list[Any]) -> str:
        return str(self.bot.act(observation, legal, self.rng))


def play_at(table: Any, case: Case, session_of: Callable[[], Any]) -> None:
    """Play the person's moves through the page's messages until the game is over."""
    person = Person(case)
    for _ in range(MAX_MOVES):
        session = session_of()
        if session.is_over:
            return
        assert session.waiting() == [case.seat], "the bots stopped but the person may not act"
        move = person.move(session.view(case.seat), session.legal_actions(case.seat))
        page_message(table, {"type": "action", "text": move})
        assert table.message == "", table.message
    raise AssertionError(f"not over after {MAX_MOVES} moves")


def local_record(case: Case) -> Record:
    table = case.make()
    play_at(table, case, lambda: table.session)
    return table.record


def saved_record(case: Case, store: Store) -> Record:
    table = case.make(save=store)
    play_at(table, case, lambda: table.session)
    assert table.saved is not None and table.saved.stored
    stored = store.room(table.saved.handle.room_id).record()  # type: ignore[union-attr]
    assert stored.actions == table.record.actions
    return stored


def room_record(case: Case, store: Store, dealt: Record) -> Record:
    seats = get_game(case.game).seats(dealt.config)
    bots = {s: case.bot for s in range(seats) if s != case.seat}
    room = store.create_room(case.game, dealt.config, bots=bots, seed=dealt.seed)
    handle = store.join(room.code, "Ada", seat=case.seat)
    table = case.make(room=handle)
    try:
        play_at(table, case, lambda: store.room(handle.room_id).session())
    finally:
        table.close()
    return store.room(handle.room_id).record()


def match_record(case: Case, dealt: Record) -> Record:
    spec = get_game(case.game)
    seats = spec.seats(dealt.config)
    bots = [make_bot(case.game, case.person if s == case.seat else case.bot) for s in range(seats)]
    rngs = [Rng(PERSON_STREAM) if s == case.seat else bot_rng(dealt.seed, s) for s in range(seats)]
    result = play_game(spec, bots, rngs, seed=dealt.seed, config=dealt.config)
    assert result.record is not None
    return result.record


@pytest.mark.parametrize("case", CASES, ids=[f"{c.game}-{c.bot}" for c in CASES])
def test_one_seed_plays_the_same_game_at_a_table_a_saved_table_a_room_and_a_match(
    case: Case, store: Store
) -> None:
    local = local_record(case)
    assert local.replay().outcome is not None
    assert any(seat != case.seat for seat, _ in local.actions), "the bots never moved"
    saved = saved_record(case, store)
    room = room_record(case, store, local)
    match = match_record(case, local)
    for other in (saved, room, match):
        assert (other.game, other.config, other.seed) == (local.game, local.config, local.seed)
    assert saved.actions == local.actions
    assert room.actions == local.actions
    if case.simultaneous:  # a match seats no person: its bots act in the game's actor order
        assert by_seat(match) == by_seat(local)
        assert match.replay().outcome == local.replay().outcome
    else:
        assert match.actions == local.actions


def by_seat(record: Record) -> dict[int, list[str]]:
    """Each seat's moves in order (simultaneous moves may be listed in either order)."""
    moves: dict[int, list[str]] = {}
    for seat, text in record.actions:
        moves.setdefault(seat, []).append(text)
    return moves


def test_a_different_bot_stream_plays_another_game() -> None:
    """The check above can fail: the same deal with another stream for the random bot
    goes another way."""
    case = CASES[0]
    local = local_record(case)
    spec = get_game(case.game)
    bots = [make_bot(case.game, case.person if s == 0 else case.bot) for s in range(2)]
    rngs = [Rng(PERSON_STREAM), bot_rng(local.seed + 1, 1)]
    result = play_game(spec, bots, rngs, seed=local.seed, config=local.config)
    assert result.record is not None and result.record.actions != local.actions
