"""The intercept table in a room (issue #31 items 8 and 9): the sand timer the view gives
(seconds left, the warning, the teacher's extend and off reaching the page), the clue
being typed kept when time runs out, the guess buttons' words, and the team's sent guess
shown to the team and never to the other team."""

from __future__ import annotations

import importlib
import json
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from cipherkit.core.protocol import SPECTATOR
from cipherkit.games.intercept import new_game, parse_action
from cipherkit.rooms import Store, open_store
from cipherkit.widgets import InterceptTable
from cipherkit.widgets.intercept.view import build_view
from tests.widgets.page_messages import page_message

sand = importlib.import_module("cipherkit.games.intercept.clock")

KEYWORDS = {
    "white": ["black", "dragonfly", "cocktail", "sombrero"],
    "black": ["antiquity", "bone", "morning", "nightmare"],
}
WHITE_CLUES = ("bar", "insect", "hat")
BLACK_CLUES = ("old", "skull", "dawn")


@pytest.fixture
def store(tmp_path: Path) -> Iterator[Store]:
    with open_store(f"sqlite:///{tmp_path / 'rooms.db'}") as opened:
        yield opened


def until(check: Callable[[], Any], timeout: float = 10.0) -> Any:
    """Wait for the table's live thread to publish what ``check`` looks for."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        found = check()
        if found:
            return found
        time.sleep(0.05)
    raise AssertionError("the table never showed it")


def seated(store: Store, config: dict[str, Any]) -> tuple[Any, list[Any], list[InterceptTable]]:
    room = store.create_room("intercept", {"keywords": KEYWORDS, **config}, seed=6)
    seats = [
        store.join(room.code, name, seat=s) for s, name in enumerate(("Ada", "Bo", "Cy", "Di"))
    ]
    return room, seats, [InterceptTable(room=seat) for seat in seats]


def test_the_view_gives_the_time_left_and_the_teacher_extends_and_stops_it(
    store: Store,
) -> None:
    room, seats, tables = seated(store, {"players": 4, "timer": 60})
    try:
        assert all(t.view["timer"] is None for t in tables)
        for word in WHITE_CLUES:
            seats[0].act(f"clue {word}")
        bo = tables[1]  # still writing: the countdown is beside the clue box
        timer = until(lambda: bo.view["timer"])
        assert 55 < timer["seconds_left"] <= 60 and timer["warning"] is False
        assert timer["warn_at"] == 10 and timer["label"] == "Time left to give the clues"
        assert "runs out" not in bo.view["status"]  # no frozen number in the status
        cy = until(lambda: tables[2].view["timer"])
        assert cy["label"] == "Time left for the last clues"
        assert cy["warn_text"] == "Only 10 seconds left for the last clues."
        store.clocks.change(room.id, extend=30)  # the teacher's +30 s reaches the page
        timer = until(lambda: (t := bo.view["timer"]) and t["seconds_left"] > 60 and t)
        assert timer["seconds_left"] <= 90
        store.clocks.change(room.id, seconds=10)  # the teacher's length: 10 s
        timer = until(lambda: (t := bo.view["timer"]) and t["seconds_left"] <= 10 and t)
        assert timer["warning"] is True and timer["warn_text"].startswith("Hurry: you have")
        store.clocks.change(room.id, off=True)
        until(lambda: bo.view["timer"] is None)
        assert room.session().state.phase == "write"
    finally:
        for table in tables:
            table.close()


def test_a_half_typed_clue_is_kept_when_time_runs_out(
    store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(sand, "SAND_TIMER_SECONDS", 1.0)
    room, seats, tables = seated(store, {"players": 4, "timer": True})
    try:
        bo = tables[1]
        for word in WHITE_CLUES:
            seats[0].act(f"clue {word}")
        page_message(bo, {"type": "action", "text": "clue skull"})
        page_message(bo, {"type": "check", "text": "sunri"})  # typing the next one
        assert bo.view["check"]["text"] == "sunri"
        until(lambda: room.session().state.timed_out, timeout=15)
        view = until(lambda: bo.view["time_up"] and bo.view)
        assert view["time_up"].startswith("Time ran out before you gave all your clues")
        assert view["kept_clue"] == "sunri"
        assert list(room.session().state.written[1]) == ["skull"]  # the rest stays blank
        assert all(t.view["time_up"] is None for t in tables if t is not bo)
    finally:
        for table in tables:
            table.close()


def test_the_guess_buttons_say_what_each_number_stands_for() -> None:
    state = new_game({"keywords": KEYWORDS, "players": 4}, seed=1)
    for seat, clues in ((0, WHITE_CLUES), (1, BLACK_CLUES)):
        for word in clues:
            state.apply(seat, parse_action(f"clue {word}"))
    cy = build_view(state.observe(2), seat=2)  # decrypting White's clues: White's keywords
    assert [c["label"] for c in cy["reading"]["choices"]] == KEYWORDS["white"]
    white_code = list(state.codes[0])
    state = round_two()
    seat = state.teams[1][0]  # intercepting White: the clues filed, no keyword
    view = build_view(state.observe(seat), seat=seat)
    assert view["you"]["role"] == "interceptor"
    filed = {d: WHITE_CLUES[i] for i, d in enumerate(white_code)}
    labels = {c["digit"]: c["label"] for c in view["reading"]["choices"]}
    assert labels == {d: filed.get(d, "no clues yet") for d in range(1, 5)}
    shown = json.dumps(view["reading"]).lower()
    assert not any(word in shown for word in KEYWORDS["white"])


def round_two() -> Any:
    """A game in round 2, both teams' clues written, White's being guessed."""
    state = new_game({"keywords": KEYWORDS, "players": 4}, seed=1)
    for seat, clues in ((0, WHITE_CLUES), (1, BLACK_CLUES)):
        for word in clues:
            state.apply(seat, parse_action(f"clue {word}"))
    for seat, team in ((2, 0), (3, 1)):
        state.apply(seat, parse_action("guess " + ".".join(map(str, state.codes[team]))))
    for seat in sorted(state.encryptors):
        for word in ("rum", "bee", "cap") if seat % 2 == 0 else ("ages", "rib", "noon"):
            state.apply(seat, parse_action(f"clue {word}"))
    assert state.round == 2 and state.active_team == 0
    return state


def test_the_teams_sent_guess_is_shown_to_the_team_only() -> None:
    """A team-mate sends White's guess while Black still intercepts: the other White
    player sees it; Black's players and a spectator see neither the guess nor that it
    was sent (a leak assertion over the whole view)."""
    state = round_two()
    (sender,) = state.decryptors()
    guess = "4.3.2" if tuple(state.codes[0]) != (4, 3, 2) else "1.2.3"
    state.apply(sender, parse_action(f"guess {guess}"))
    assert state.phase == "guess" and state.active_team == 0  # Black still intercepts
    mate = next(s for s in state.teams[0] if s != sender)
    for seat in (sender, mate):
        view = build_view(state.observe(seat), seat=seat)
        assert view["team_guess"] == f"Your team’s guess is sent: {guess}.", seat
    for seat in state.teams[1]:
        view = build_view(state.observe(seat), seat=seat)
        assert view["team_guess"] is None and view["my_guess"] is None
        assert view["you"]["role"] == "interceptor"
        assert guess not in json.dumps(view), seat
    spectator = build_view(state.observe("spectator"), seat=None)
    assert spectator["team_guess"] is None and guess not in json.dumps(spectator)


def test_the_lobby_makes_a_room_with_the_timer_length_chosen(store: Store) -> None:
    """The create form offers the RoomOption's choices; the room keeps the one chosen;
    a length not offered is refused in plain words."""
    from cipherkit.widgets.lobby import Lobby

    lobby = Lobby(store=store)
    try:
        (timer,) = lobby.view["games"]["intercept"]["options"]
        assert timer["choices"] == [30, 60, 90, 120, 300]
        create = {"type": "create", "game": "intercept", "players": 4, "bots": [1, 2, 3]}
        page_message(lobby, {**create, "name": "Ada", "options": {"timer": 45}})
        assert (
            lobby.message
            == "refused: room option 'timer' is off, on or one of 30, 60, 90, 120, 300, not 45"
        )
        assert store.rooms() == []
        page_message(lobby, {**create, "name": "Ada", "options": {"timer": 90}})
        assert lobby.message == "" and lobby.view["stage"] == "seated"
        (room,) = store.rooms()
        assert store.room(room["id"]).record().config["timer"] == 90
    finally:
        lobby.close()


def test_the_pinned_turn_line_is_for_the_seats_that_act_now() -> None:
    """Intercept's "Your turn: ..." line (issue #31 item 9): the Encryptors while they
    write, then the decrypting team-mate; never a spectator or a team whose guess is in."""
    state = new_game({"keywords": KEYWORDS, "players": 4}, seed=1)
    lines = {seat: build_view(state.observe(seat), seat=seat)["turn_line"] for seat in range(4)}
    assert lines[0].startswith("Your turn: You encrypt for White")
    assert lines[1].startswith("Your turn: You encrypt for Black")
    assert lines[2] == lines[3] == ""  # their team-mates wait for the clues
    assert build_view(state.observe(SPECTATOR), seat=None)["turn_line"] == ""
    for seat, clues in ((0, WHITE_CLUES), (1, BLACK_CLUES)):
        for word in clues:
            state.apply(seat, parse_action(f"clue {word}"))
    assert build_view(state.observe(2), seat=2)["turn_line"].startswith("Your turn: Decrypt")
    assert build_view(state.observe(0), seat=0)["turn_line"] == ""
    state.apply(2, parse_action("guess " + ".".join(map(str, state.codes[0]))))
    assert build_view(state.observe(2), seat=2)["turn_line"] == ""  # sent: nothing to do
