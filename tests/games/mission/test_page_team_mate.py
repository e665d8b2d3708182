"""The bot team-mate of a published page does not solve for the player (issue #21 item 4).

A gallery page seats one person with the bot of :data:`cipherkit.publish.live.PAGE_PLAYERS`.
A *naive clicker* reads nothing: it plays its highest card, stops, ends its turn and
confirms whatever is proposed; it never types an answer. With the page's bot such a
player must not win the tutorial mission: the answer is the person's to give.
"""

from __future__ import annotations

from collections import Counter

import pytest
from mission_helpers import MISSIONS

from cipherkit.core.session import Session
from cipherkit.publish.live import PAGE_PLAYERS

TUTORIAL = str(MISSIONS[0])
SEEDS = range(20)
PERSON = 0


def naive_click(legal: list[str]) -> str:
    """What a player who reads nothing clicks: confirm, the highest card, stop, end.

    Anything else the game insists on (a forced choice) is the first button shown; the
    Solve dialog (``propose ...``) is never used.

    >>> naive_click(["play 3 run", "play 9 intel", "play 9 gather", "end"])
    'play 9 intel'
    >>> naive_click(["reject", "confirm"])
    'confirm'
    """
    if "confirm" in legal:
        return "confirm"
    plays = [t for t in legal if t.startswith("play ")]
    if plays:
        return max(plays, key=lambda t: int(t.split()[1]))
    for button in ("stop", "end", "stop-drawing", "pass"):
        if button in legal:
            return button
    clickable = [t for t in legal if not t.startswith("propose")]
    assert clickable, f"only an answer is left to give: {legal}"
    return clickable[0]


def play_as_naive_clicker(seed: int, first_player: int) -> Session:
    """One tutorial game: the naive clicker in seat 0, the page's bot in seat 1."""
    config = {"mission": TUTORIAL, "players": 2, "first_player": first_player}
    session = Session("mission", config, seed=seed, bots={1: PAGE_PLAYERS["bots"]})
    for _ in range(5000):
        session.step_bots()
        if session.is_over:
            return session
        assert PERSON in session.actors()
        session.apply(PERSON, naive_click(session.legal_texts(PERSON)))
    raise AssertionError(f"seed {seed}: the game did not end")


def test_the_page_bot_is_a_team_mate_that_does_not_propose() -> None:
    assert PAGE_PLAYERS["bots"] == "planner:normal,propose=off"


@pytest.mark.parametrize("first_player", [0, 1])
def test_a_naive_clicker_never_wins_the_tutorial_with_the_page_bot(first_player: int) -> None:
    results = Counter()
    for seed in SEEDS:
        session = play_as_naive_clicker(seed, first_player)
        assert session.outcome is not None
        results[session.outcome.reason] += 1
        assert session.outcome.winners == (), (seed, session.outcome)
        assert not [e for e in session.log if e.event.kind == "propose"], seed
    assert sum(results.values()) == len(SEEDS)


def test_control_the_same_clicker_wins_when_the_bot_may_answer() -> None:
    """Positive control: with the bot of old (it proposes), the clicker's confirm wins
    some of these games, so the test above can fail."""
    wins = 0
    for seed in SEEDS:
        config = {"mission": TUTORIAL, "players": 2, "first_player": seed % 2}
        session = Session("mission", config, seed=seed, bots={1: "planner"})
        for _ in range(5000):
            session.step_bots()
            if session.is_over:
                break
            session.apply(PERSON, naive_click(session.legal_texts(PERSON)))
        assert session.outcome is not None
        wins += bool(session.outcome.winners)
    assert wins >= 1
