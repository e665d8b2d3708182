"""Words a player reads (issue #21 item 2): whole games of each game, played by bots
through :class:`~cipherkit.core.session.Session`, and every event text and every text of
the page's view checked for internal words: no "Seat N", no raw ids (missions, secret
rules, characters, rooms), no doubled article ("the The")."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from cipherkit.core.session import Session
from cipherkit.games.mission.content.secret_rules import SECRET_RULES
from cipherkit.games.mission.format.files import load, load_campaign

ROOT = Path(__file__).resolve().parents[2]
MISSIONS = sorted((ROOT / "missions").glob("*.yaml"))
SEAT = re.compile(r"\b[Ss]eat \d")
IDS_NOT_SHOWN = {"svg", "glyph_icons", "id", "legal", "room", "g", "next", "unlock"}
"""View keys the page uses as data (ids to act on, pictures), never shows as words."""
DOUBLED = re.compile(r"\b(the|a|an) (the|a|an)\b", re.I)


def strings(value: Any) -> Iterator[str]:
    """Every string in a JSON-like value (SVG drawings left out: they are pictures)."""
    if isinstance(value, str):
        if not value.lstrip().startswith("<svg"):
            yield value
    elif isinstance(value, dict):
        for key, item in value.items():
            if key not in IDS_NOT_SHOWN:
                yield from strings(item)
    elif isinstance(value, list | tuple):
        for item in value:
            yield from strings(item)


def problems(text: str, ids: set[str]) -> list[str]:
    found = []
    if SEAT.search(text):
        found.append("a seat number")
    if DOUBLED.search(text):
        found.append("a doubled article")
    for raw in ids:
        if re.search(rf"(?<![\w-]){re.escape(raw)}(?![\w-])", text):
            found.append(f"the id {raw!r}")
    return [f"{what} in {text!r}" for what in found]


def mission_ids() -> set[str]:
    """Ids a player must not read: missions, secret rules, characters and rooms whose
    id is not also their name."""
    ids = set(SECRET_RULES)
    for path in MISSIONS:
        mission = load(path)
        ids.add(mission.id)
        ids.update(c.id for c in mission.characters if c.id.lower() != c.name.lower())
        for room in mission.rooms:
            name = mission.map.nodes[room].get("name") or room
            if room.lower() != name.lower() and ("-" in room or "_" in room):
                ids.add(room)
    return ids


def test_the_checks_catch_internal_words() -> None:
    ids = {"signal-box", "clerks-note"}
    assert problems("Seat 0 confirms.", ids)
    assert problems("Next mission: signal-box · unlocked: clerks-note", ids)
    assert problems("Teo moves to the The Stacks.", ids)
    assert not problems("Teo moves to the Stacks. Next mission: Night at the Signal Box.", ids)


@pytest.mark.parametrize("path", MISSIONS, ids=[p.stem for p in MISSIONS])
def test_a_whole_mission_game_reads_as_words(path: Path) -> None:
    from cipherkit.widgets.mission.view import BoardArt, SeatInfo, build_view

    campaign = load_campaign(ROOT / "missions")
    mission = load(path)
    secrets = list(campaign.secrets_on_arrival(mission.id))
    ids = mission_ids()
    session = Session(
        "mission",
        {"mission": str(path), "players": 2, "secrets": secrets},
        seed=5,
        bots={0: "planner", 1: "planner"},
    )
    art = BoardArt(session.state.mission)
    seats = [SeatInfo(0, "Ana", False, "planner"), SeatInfo(1, "Ben", False, "planner")]
    bad: list[str] = []
    step = 0
    while not session.is_over:
        session.step_bots(max_actions=7)
        step += 1
        view = build_view(session.view(0), seats=seats, art=art)
        for text in strings(view):
            bad += problems(text, ids)
    for logged in session.log:
        bad += problems(logged.event.text, ids)
    assert session.log[-1].event.kind == "campaign" or not mission.campaign.win.next
    assert not bad, "\n".join(dict.fromkeys(bad))


@pytest.mark.parametrize("seed", [1, 2])
def test_a_whole_decipher_game_reads_as_words(seed: int) -> None:
    from cipherkit.widgets.decipher.view import build_view, journal

    session = Session("decipher", {"first_player": 0}, seed=seed, bots={0: "solver", 1: "random"})
    bad: list[str] = []
    while not session.is_over:
        session.step_bots(max_actions=1)
        log = journal("Game 1: you play first.", session.log, human=0)
        view = build_view(session.view(0), human=0, log=log)
        for text in strings(view):
            bad += problems(text, set())
    for logged in session.log:
        bad += problems(logged.event.text, set())
    assert not bad, "\n".join(dict.fromkeys(bad))


def test_the_decipher_log_explains_hits_and_shows_both_last_turns() -> None:
    from cipherkit.widgets.decipher.view import HIT_WORDS, build_view, journal

    session = Session("decipher", {"first_player": 0}, seed=3, bots={0: "solver", 1: "solver"})
    while session.state.observe(0)["turn_number"] < 5:
        session.step_bots(max_actions=1)
    log = journal("Game 1.", session.log, human=0)
    explained = [words for _, words in log if HIT_WORDS in words]
    assert len(explained) == 1 and explained[0] == next(w for _, w in log if "hits" in w)
    view = build_view(session.view(0), human=0, log=log)
    # at the start of turn 5 (yours), the log holds the bot's turn 4 and your turn 3
    assert any(line.startswith("You play") for line in view["log"])
    assert any(line.startswith("The bot plays") for line in view["log"])


@pytest.mark.parametrize("players", [3, 4])
def test_a_whole_intercept_game_reads_as_words(players: int) -> None:
    from cipherkit.widgets.intercept.view import build_view

    bots = dict.fromkeys(range(players), "baseline")
    session = Session("intercept", {"players": players}, seed=4, bots=bots)
    bad: list[str] = []
    while not session.is_over:
        session.step_bots(max_actions=5)
        view = build_view(session.view(0), seat=0, bots=["baseline"] * players)
        for text in strings(view):
            bad += problems(text, set())
    for logged in session.log:
        bad += problems(logged.event.text, set())
    assert not bad, "\n".join(dict.fromkeys(bad))
