"""Game records played to their end by bots, for the replay tests."""

from __future__ import annotations

from typing import Any

from cipherkit.core.record import Record
from cipherkit.core.registry import get_game, make_bot
from cipherkit.core.rng import Rng
from cipherkit.widgets.mission.table import table_config
from tests.widgets.mission_games import vault_mission


def bot_record(game: str, config: dict[str, Any] | None, seed: int, bot: str) -> Record:
    """A whole game played by bots, as a record."""
    spec = get_game(game)
    record = Record.start(game, config, seed)
    state = spec.new_game(config, seed=seed)
    seats = spec.seats(config)
    bots = [make_bot(game, bot) for _ in range(seats)]
    rng = Rng(seed)
    for _ in range(5000):
        if state.outcome is not None:
            return record
        seat = state.actors()[0]
        action = bots[seat].act(state.observe(seat), state.legal_actions(seat), rng)
        state.apply(seat, action)
        record.add(seat, action)
    raise AssertionError("the bots did not finish")


def mission_record(seed: int = 5, players: int = 2, bot: str = "planner") -> Record:
    config = table_config(vault_mission(), players)
    return bot_record("mission", config, seed, bot)
