"""An Intercept table's secrets for the person at it, and a whole game played through
page messages by a bot choosing from the person's own observation."""

from __future__ import annotations

from typing import Any

from cipherkit.core.registry import make_bot
from cipherkit.core.rng import Rng
from cipherkit.games.intercept import Clue
from cipherkit.widgets import InterceptTable
from tests.widgets.page_messages import page_message


def secret_keywords(table: InterceptTable) -> list[str]:
    """The keywords the person may not know yet, minus words public text already holds
    (a clue of the person's team may innocently be another team's keyword)."""
    state = table.state
    if state.outcome is not None:
        return []
    mine = state.team_of(table.seat)
    public = " ".join(state.log).lower()
    return [
        word
        for team in range(state.coding_teams)
        if team != mine
        for word in state.keywords[team]
        if word.lower() not in public
    ]


def play_out(table: InterceptTable, *, check: Any = None, max_steps: int = 200) -> int:
    """Play the game to its end through page messages; return the steps taken."""
    decider = make_bot("intercept", "ck")
    rng = Rng(5)
    for step in range(max_steps):
        view = table.view
        if view["outcome"] is not None:
            return step
        if check is not None:
            check(table, step)
        state = table.state
        assert table.seat in state.actors(), f"the person is not asked: {view['status']}"
        action = decider.act(state.observe(table.seat), state.legal_actions(table.seat), rng)
        if isinstance(action, Clue):
            page_message(table, {"type": "check", "text": action.text})
            assert table.view["check"]["text"] == action.text
            assert table.view["check"]["ok"], table.view["check"]
        page_message(table, {"type": "action", "text": str(action)})
        assert table.message == "", f"step {step}: {action} refused: {table.message}"
    raise AssertionError("the game did not end")
