"""The bot team-mate says why it rejects an answer (issue #35 item 6): ``reject WHY`` is
the same vote as ``reject``, and its reason is in the log every seat's view shows."""

from __future__ import annotations

import pytest
from mission_helpers import MISSIONS

from cipherkit.core.errors import IllegalAction, NotationError
from cipherkit.core.session import Session
from cipherkit.games.mission.content.words import log_words
from cipherkit.games.mission.rules.actions import REJECT, RejectBecause, parse_action
from cipherkit.publish.live import PAGE_PLAYERS

TUTORIAL = str(MISSIONS[0])


def _to_first_choice(session: Session) -> None:
    """Play the person's (seat 0) first turn up to where a proposal may be made."""
    for _ in range(200):
        session.step_bots()
        if any(t.startswith("propose") for t in session.legal_texts(0)) or (
            "end" in session.legal_texts(0)
        ):
            return
        session.apply(0, session.legal_texts(0)[0])
    raise AssertionError("no point to propose at")


def test_the_page_bot_rejects_a_wrong_guess_and_says_why_in_the_log() -> None:
    config = {"mission": TUTORIAL, "players": 2, "first_player": 0}
    session = Session("mission", config, seed=3, bots={1: PAGE_PLAYERS["bots"]})
    _to_first_choice(session)
    session.apply(0, "propose WRONG GUESS")
    events = session.step_bots(max_actions=1)
    rejects = [e for e in events if e.kind == "reject"]
    assert rejects and rejects[0].data["seat"] == 1
    reason = rejects[0].data["reason"]
    assert reason and "WRONG" not in reason
    truth = session.state.true_answer()  # type: ignore[attr-defined]
    assert truth.lower() not in reason.lower()  # the bot never solves for the player
    log = session.state.observe(0)["log"]
    assert any(f"rejects the answer ({reason}); play goes on." in log_words(line) for line in log)
    assert session.state.observe(0)["log"] == session.state.observe("spectator")["log"]


def test_reject_why_round_trips_and_is_the_same_vote() -> None:
    action = parse_action("reject 12 answers still fit the open windows: open more first")
    assert action == RejectBecause("12 answers still fit the open windows: open more first")
    assert parse_action(str(action)) == action and parse_action("reject") is REJECT
    with pytest.raises(NotationError, match="at most"):
        parse_action("reject " + "x" * 200)
    session = Session("mission", {"mission": TUTORIAL, "players": 2}, seed=1)
    with pytest.raises(IllegalAction, match="nobody has proposed an answer"):
        session.apply(session.actors()[0], action)


def test_the_table_view_shows_the_bots_reason() -> None:
    from cipherkit.widgets import MissionTable
    from tests.widgets.mission_games import heist_mission
    from tests.widgets.page_messages import page_message

    table = MissionTable(heist_mission(), players=2, humans=[0], first_player=0, seed=12)
    page_message(table, {"type": "action", "text": "propose NOT IT"})
    assert table.message == "" and table.view["phase"] == "act"
    said = [line for line in table.view["log"] if "rejects the answer (" in line]
    assert said and "); play goes on." in said[-1], table.view["log"]
