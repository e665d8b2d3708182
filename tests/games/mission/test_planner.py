"""The planner bot: legal actions only, decisions from observations only, clearly better
than random, strength levels in order, options, and the tactics it claims."""

from __future__ import annotations

import itertools

import pytest
from mission_helpers import MISSIONS, give, hello_mission, set_pile

from cipherkit.core.errors import CipherkitError
from cipherkit.core.registry import make_bot
from cipherkit.core.rng import Rng
from cipherkit.games.mission import BOTS, GAME, MissionState, load, new_game
from cipherkit.games.mission.planner import (
    Board,
    PlannerBot,
    PlannerSettings,
    make_planner,
)
from cipherkit.games.mission.rules.actions import Propose
from cipherkit.playtest.runner import play_game, seat_rng


def planner_states(path, players: int, seeds: range, spec: str = "planner"):  # type: ignore[no-untyped-def]
    """Every decision point of planner games: (state copy, seat, action chosen)."""
    mission = load(path)
    for seed in seeds:
        state = new_game({"mission": mission, "players": players}, seed=seed)
        bots = [make_bot("mission", spec) for _ in range(players)]
        rngs = [seat_rng(seed, s) for s in range(players)]
        while state.outcome is None and state.turn_number < 200:
            seat = state.actors()[0]
            legal = state.legal_actions(seat)
            action = bots[seat].act(state.observe(seat), legal, rngs[seat])
            yield state.copy(), seat, legal, action
            state.apply(seat, action)


@pytest.mark.parametrize("spec", ["planner:weak", "planner", "planner:strong"])
def test_planner_only_returns_legal_actions(spec: str) -> None:
    decisions = proposals = 0
    for path, players in zip(MISSIONS, itertools.cycle((1, 4, 3))):
        for state, seat, legal, action in planner_states(path, players, range(3), spec):
            assert state.is_legal(seat, action), (str(action), state.phase)
            if type(action) is Propose:
                proposals += 1  # free text: legal by check(), never listed
            else:
                assert action in legal, (str(action), [str(a) for a in legal])
            decisions += 1
    assert decisions > 200
    # the word list lets a planner name the answer before every window is open; the
    # weak one waits for the reading
    assert (proposals == 0) == (spec == "planner:weak")


def test_planner_decides_from_the_observation_only() -> None:
    """States that differ only in what a seat cannot see (deck order, other hands, face-
    down tokens, closed windows) get the same decision from a fresh planner."""
    compared = differing = 0
    for path, players in zip(MISSIONS, itertools.cycle((2, 3, 2))):
        for i, (state, seat, _legal, _action) in enumerate(planner_states(path, players, range(2))):
            if i % 3:
                continue
            twin = GAME.hidden_variants(state, seat, Rng(i))
            assert twin.observe(seat) == state.observe(seat)
            differing += twin.to_json() != state.to_json()
            rng_a, rng_b = Rng(7), Rng(7)
            a = PlannerBot().act(state.observe(seat), state.legal_actions(seat), rng_a)
            b = PlannerBot().act(twin.observe(seat), twin.legal_actions(seat), rng_b)
            assert a == b
            assert twin.is_legal(seat, b)
            compared += 1
    assert compared > 50 and differing > compared // 2


def test_planner_wins_clearly_more_than_random_on_the_tutorial() -> None:
    mission = load(MISSIONS[0])
    planner = [play_game(mission, index=i, seed=0, players=1 + i % 4) for i in range(16)]
    random = [
        play_game(mission, index=i, seed=0, players=1 + i % 4, bots="random") for i in range(16)
    ]
    planner_wins = sum(r.won for r in planner)
    random_wins = sum(r.won for r in random)
    assert planner_wins >= 14 and random_wins <= 2
    assert max(r.turns for r in planner) < min(r.turns for r in random)


def test_strength_levels_are_in_order_on_the_signal_box() -> None:
    mission = load(MISSIONS[1])
    wins = {
        spec: sum(
            play_game(mission, index=i, seed=100, players=2, bots=spec).won for i in range(24)
        )
        for spec in ("planner:weak", "planner")
    }
    assert wins["planner:weak"] + 6 <= wins["planner"]


def test_registry_names_and_options() -> None:
    assert sorted(BOTS) == ["planner", "random"]
    bot = make_bot("mission", "planner:strong")
    assert isinstance(bot, PlannerBot) and bot.settings.level == "strong"
    tuned = make_planner("weak,confidence=0.5,words=on,intel=off")
    assert tuned.settings.confidence == 0.5 and tuned.settings.use_words
    assert not tuned.settings.use_intel and tuned.model.confidence == 0.5
    assert PlannerSettings.parse("") == PlannerSettings.level_named("normal")
    for bad, message in [
        ("heroic", "unknown planner level"),
        ("strong,speed=3", "unknown planner option"),
        ("confidence=2", "out of range"),
        ("strong,words", "key=value"),
        ("intel=maybe", "out of range"),
    ]:
        with pytest.raises(CipherkitError, match=message):
            make_bot("mission", f"planner:{bad}")


def test_board_routes_along_shortest_open_paths() -> None:
    board = Board.of(load(MISSIONS[1]).public_dict())  # the signal box: walls and tokens
    i = board.index
    assert board.dist[i["office"]][i["lamp"]] == 5  # the wall token closes office-lamp
    assert [board.rooms[r] for r in board.hops[i["office"]][i["lamp"]]] == ["levers"]
    assert i["lamp"] in board.any_adj[i["office"]] and i["lamp"] not in board.open_adj[i["office"]]


def _hello(players: int = 1, **config) -> MissionState:  # type: ignore[no-untyped-def]
    mission = hello_mission()
    state = new_game({"mission": mission, "players": players, "first_player": 0, **config}, seed=1)
    return state


def _decide(state: MissionState, spec: str = "planner") -> str:
    seat = state.actors()[0]
    return str(
        make_bot("mission", spec).act(state.observe(seat), state.legal_actions(seat), Rng(1))
    )


def test_spends_the_lowest_card_that_fits_and_gathers_where_it_stands() -> None:
    state = _hello()
    give(state, 0, [9, 3, 5, 12])
    set_pile(state, "gather", [4])
    assert _decide(state) == "play 5 gather"  # the hall's stack: gather, with the 5


def test_regroups_the_pile_it_needs_when_no_card_fits() -> None:
    state = _hello()
    give(state, 0, [3, 5, 2, 6])
    set_pile(state, "gather", [4, 11])
    assert _decide(state) == "play 2 regroup"
    state.apply(0, GAME.parse_action("play 2 regroup"))
    assert _decide(state) == "regroup gather"


def test_runs_to_a_room_with_a_face_up_needed_glyph_and_collects_it() -> None:
    state = _hello()
    state.stacks[0] = []  # the hall is empty; E lies face up in the archive
    archive = state.t.room_index["archive"]
    e_token = next(t for t in state.stacks[archive] if state.t.token_labels[t] == "E")
    state.stacks[archive].remove(e_token)
    state.faceup[archive].append(e_token)
    give(state, 0, [1, 2, 7, 8])
    assert _decide(state) == "play 1 run"
    state.apply(0, GAME.parse_action("play 1 run"))
    assert _decide(state) == "step archive"
    state.apply(0, GAME.parse_action("step archive"))
    assert _decide(state) == "stop"
    state.apply(0, GAME.parse_action("stop"))
    assert _decide(state) == "play 2 gather"
    state.apply(0, GAME.parse_action("play 2 gather"))
    assert _decide(state) == "collect E"


def test_does_not_turn_up_a_trap_it_has_peeked_at() -> None:
    mission = hello_mission()
    state = new_game(
        {"mission": mission, "players": 1, "first_player": 0, "characters": ["archivist", "fixer"]},
        seed=1,
    )
    cellar = state.t.room_index["cellar"]
    state.pos[0] = cellar  # cellar stack: O on top of a camera... put the camera on top
    state.stacks[cellar].reverse()
    state.peeks[0].update(state.stacks[cellar][-2:])
    give(state, 0, [2, 3, 4, 5])
    state.apply(0, GAME.parse_action("play 2 gather"))
    assert state.observe(0)["known"]["cellar"][0]["token"] == "camera"
    assert _decide(state) == "stop"
    assert _decide(state, "planner:weak") == "reveal-top"  # the weak team does not care


def test_in_peril_draws_only_while_a_losing_time_card_is_unlikely() -> None:
    state = _hello(2)
    give(state, 0, [3, 9])
    # In Peril with two T1 in the discard pile: the T1 and the T2 left in the deck lose
    time = state.t.cards.time_ids  # T1 T1 T1 T2
    state.discard = [time[0], time[1]]
    state.deck = [*state.deck[:12], time[2], time[3]]
    state.time_icons = 2
    state.peril = True
    state.phase = "draw"
    seat = 0
    obs = state.observe(seat)
    assert obs["discard"]["time_cards"] == ["T1", "T1"] and obs["deck_size"] == 14
    careful = PlannerBot(PlannerSettings.level_named("normal"))
    blind = PlannerBot(PlannerSettings.level_named("weak"))
    assert str(careful.act(obs, state.legal_actions(seat), Rng(1))) == "stop-drawing"
    assert str(blind.act(obs, state.legal_actions(seat), Rng(1))) == "draw"


def test_proposes_as_soon_as_a_single_candidate_is_left() -> None:
    state = new_game({"mission": str(MISSIONS[0]), "players": 1, "first_player": 0}, seed=2)
    t = state.t
    for glyph in ("kettle", "teacup", "acorn"):  # L A ? P: only LAMP fits
        state.opened[t.glyph_index[glyph]] = True
    assert _decide(state) == "propose LAMP"
    assert _decide(state, "planner:weak") != "propose LAMP"  # no word list: keeps going
    state.opened[t.glyph_index["scarf"]] = True
    assert _decide(state, "planner:weak") == "propose-reading"


def test_teammates_confirm_only_what_the_windows_allow() -> None:
    state = new_game({"mission": str(MISSIONS[0]), "players": 2, "first_player": 0}, seed=2)
    t = state.t
    for glyph in ("kettle", "teacup", "acorn"):
        state.opened[t.glyph_index[glyph]] = True
    state.apply(0, Propose("LAMP"))
    assert _decide(state) == "confirm"
    state = new_game({"mission": str(MISSIONS[0]), "players": 2, "first_player": 0}, seed=2)
    state.apply(0, Propose("LIMP"))
    decision = _decide(state)  # a reject that says why (issue #35 item 6)
    assert decision.startswith("reject ") and "answers still fit the open windows" in decision


def test_a_team_mate_with_propose_off_never_answers_for_the_person() -> None:
    """Issue #21 item 4: on a page the bot plays and votes but leaves the answer to the
    person; a team of such bots runs out of time with every window open."""
    from cipherkit.core.session import Session

    mission = str(MISSIONS[0])
    mates = {0: "planner", 1: "planner:normal,propose=off"}
    session = Session("mission", {"mission": mission, "players": 2}, seed=3, bots=mates)
    session.play_out()
    proposals = [e for e in session.log if e.event.kind == "propose"]
    assert proposals and all(e.seat == 0 for e in proposals)
    quiet = {0: "planner:normal,propose=off", 1: "planner:normal,propose=off"}
    alone = Session("mission", {"mission": mission, "players": 2}, seed=3, bots=quiet)
    alone.play_out()
    assert not [e for e in alone.log if e.event.kind == "propose"]
    assert alone.outcome is not None and alone.outcome.reason == "out of time"
