"""Secret rules in the engine, and the campaign graph of the shipped missions."""

from __future__ import annotations

import itertools
import json
import re

import pytest
from mission_helpers import CIPHERKIT, MISSIONS, act, game, give, hello_mission, texts
from test_mission_rules import into_peril, move_to_deck_top, room_of

from cipherkit.core.errors import CipherkitError, ConfigError
from cipherkit.core.registry import get_game
from cipherkit.core.testing import check_all
from cipherkit.games.mission import load, new_game
from cipherkit.games.mission.content.campaign import LOSS, WIN, CampaignLog, CampaignMap
from cipherkit.games.mission.content.secret_rules import SECRET_RULES
from cipherkit.games.mission.format.files import load_campaign
from cipherkit.games.mission.format.validate import validate_paths

ROOT = MISSIONS[0].parents[1]


# ---------------------------------------------------------------- secret rules
def test_without_secrets_the_rulebook_limits_hold() -> None:
    state = game()
    assert state.observe(0)["rules"] == {
        "run": 3,
        "intel": 2,
        "gather": 2,
        "hand": 0,
        "loss_icons": 3,
        "secrets": [],
    }


def test_signalmans_diary_lets_a_run_go_four_rooms() -> None:
    state = game(secrets=["signalmans-diary"])
    give(state, 0, [5, 6, 7, 8])
    act(state, 0, "play 5 run")
    for room in ("archive", "attic", "archive"):
        act(state, 0, f"step {room}")
    assert state.phase == "run"  # three steps taken, one more allowed
    act(state, 0, "step cellar")
    assert room_of(state, 0) == "cellar" and state.phase == "act"


def test_clerks_note_lets_intel_reveal_three() -> None:
    mission = hello_mission(archive=["Q", "E", "O"])
    plain, noted = game(mission), game(mission, secrets=["clerks-note"])
    for state in (plain, noted):
        give(state, 0, [5, 6, 7, 8])
        act(state, 0, "play 5 intel")
        act(state, 0, "intel archive")
        act(state, 0, "reveal")
    assert plain.phase == "act"  # the rulebook's two reveals are used up
    assert noted.phase == "intel"
    act(noted, 0, "reveal")
    assert noted.phase == "act" and len(noted.stacks[noted.t.room_index["archive"]]) == 0


def test_spare_satchel_lets_gather_collect_three() -> None:
    plain, satchel = game(), game(secrets=["spare-satchel"])
    for state in (plain, satchel):
        give(state, 0, [5, 6, 7, 8])
        act(state, 0, "play 5 gather")
    assert plain.steps == 2 and satchel.steps == 3


def test_torn_ticket_deals_five_card_hands_and_refills_to_five() -> None:
    state = game(secrets=["torn-ticket"])
    assert [len(h) for h in state.hands] == [5, 5]
    assert state.observe(0)["hand_limit"] == 5


def test_ledger_stub_loses_only_at_four_time_icons() -> None:
    state = game(secrets=["ledger-stub"])
    into_peril(state)
    icons = state.t.cards.icons
    t2 = next(c for c in state.deck if icons[c] == 2)
    ones = [c for c in state.deck if icons[c] == 1]
    move_to_deck_top(state, ones[1], ones[0], t2)
    act(state, 0, "draw")
    act(state, 0, "draw")
    assert state.time_icons == 3 and state.outcome is None  # three icons: still playing
    act(state, 0, "draw")
    assert state.time_icons == 4 and state.outcome is not None
    assert state.outcome.reason == "out of time"


def test_secret_rules_stack_and_survive_json_and_copy() -> None:
    state = game(secrets=["signalmans-diary", "harbour-chart", "torn-ticket"])
    assert state.limits.run == 5 and state.hand_size == 5
    again = type(state).from_json(json.loads(json.dumps(state.to_json())))
    assert again.limits == state.limits and again.to_json() == state.to_json()
    assert state.copy().limits == state.limits


@pytest.mark.parametrize(
    ("secrets", "message"),
    [
        (["torn-tiket"], "unknown secret rule 'torn-tiket' (did you mean 'torn-ticket'?)"),
        (["clerks-note", "clerks-note"], "a secret rule can be in play only once"),
        ("clerks-note", "secrets must be a list of secret rule ids"),
        ([3], "secrets must be a list of secret rule ids"),
    ],
)
def test_bad_secrets_are_refused_with_a_reason(secrets: object, message: str) -> None:
    with pytest.raises(ConfigError, match=re.escape(message)):
        game(secrets=secrets)


def test_a_hand_bonus_that_empties_the_deck_is_refused() -> None:
    mission = load(ROOT / "missions/08-last-light.yaml").to_dict()
    mission["deck"] = {**mission["deck"], "values": 6}  # 18 cards: 4 hands of 5 do not fit
    with pytest.raises(ConfigError, match="deck is too small"):
        new_game({"mission": mission, "players": 4, "secrets": ["torn-ticket"]}, seed=1)
    assert len(new_game({"mission": mission, "players": 4}, seed=1).hands) == 4  # of 4 do


def test_the_engine_stays_fair_with_secret_rules_in_play() -> None:
    config = {"mission": str(MISSIONS[4]), "players": 3, "secrets": list(SECRET_RULES)[:5]}
    report = check_all(get_game("mission"), seeds=range(4), config=config)
    assert report["states_checked"] > 100


def test_unlocking_an_unknown_rule_is_a_validation_error(tmp_path) -> None:  # type: ignore[no-untyped-def]
    text = MISSIONS[0].read_text().replace("unlock: [clerks-note]", "unlock: [clerk-note]")
    bad = tmp_path / "m.yaml"
    bad.write_text(text)
    line = next(n + 1 for n, s in enumerate(text.splitlines()) if "clerk-note" in s)
    (problem,) = validate_paths([bad])
    assert str(problem).startswith(f"{bad}:{line}: campaign.win.unlock[0]: unknown secret rule")
    assert "did you mean 'clerks-note'?" in str(problem)


# ---------------------------------------------------------------- the campaign graph
@pytest.fixture(scope="module")
def campaign() -> CampaignMap:
    return load_campaign(ROOT / "missions")


def test_the_shipped_campaign_holds_together(campaign: CampaignMap) -> None:
    assert len(campaign.missions) >= 8 and campaign.problems == ()
    assert campaign.start == "lantern-archive"
    assert campaign.finales == ("last-light",)
    order = campaign.order()
    assert order[0] == "lantern-archive" and order[-1] == "last-light"
    assert set(order) == set(campaign.missions)


def test_the_campaign_has_win_and_loss_branches(campaign: CampaignMap) -> None:
    forks = [
        mid for mid, m in campaign.missions.items() if m.campaign.win.next != m.campaign.loss.next
    ]
    assert forks  # some missions send winners and losers different ways
    assert [m for m in campaign.missions if campaign.branch(m)]  # reached only by a loss
    unlocks = {
        r
        for m in campaign.missions.values()
        for link in (m.campaign.win, m.campaign.loss)
        for r in link.unlock
    }
    assert len(unlocks) >= 5 and unlocks <= set(SECRET_RULES)


def test_every_route_ends_at_a_finale_and_plays_no_mission_twice(campaign: CampaignMap) -> None:
    routes = campaign.routes()
    assert len(routes) > 8
    for route in routes:
        ids = [step.mission for step in route]
        assert len(ids) == len(set(ids))
        assert ids[0] == campaign.start and ids[-1] in campaign.finales
        for before, after in itertools.pairwise(route):
            nxt, unlock = campaign.next(before.mission, won=before.result == WIN)
            assert nxt == after.mission
            assert set(after.secrets) == set(before.secrets) | set(unlock)
    assert {len(r) for r in routes} == {7, 8}  # a loss at mission 6 skips mission 7


def test_secrets_on_arrival_follow_the_winning_way(campaign: CampaignMap) -> None:
    assert campaign.secrets_on_arrival("lantern-archive") == ()
    assert campaign.secrets_on_arrival("cold-ledger") == ("clerks-note", "signalmans-diary")
    main = campaign.main_route()
    assert [s.mission for s in main][-1] == "last-light"
    for step in main:
        assert campaign.secrets_on_arrival(step.mission) == step.secrets


def test_a_campaign_log_plays_through_and_round_trips(campaign: CampaignMap) -> None:
    log = CampaignLog.begin(campaign)
    results = [True, False, False]  # win the tutorial, lose the signal box and the ledger
    for won in results:
        log = log.record(campaign, won=won)
    assert log.current == "flooded-cellar"
    assert log.secrets == ("clerks-note", "torn-ticket")
    assert log.played[-1] == ("cold-ledger", LOSS)
    assert CampaignLog.from_json(log.to_json()) == log
    config = log.config(mission=str(campaign.files[log.current]), players=2)
    state = new_game(config, seed=3)
    assert state.hand_size == 5 and state.limits.intel == 3
    while log.current is not None:
        log = log.record(campaign, won=True)
    with pytest.raises(CipherkitError, match="the campaign is over"):
        log.record(campaign, won=True)


def test_broken_campaigns_are_reported(tmp_path) -> None:  # type: ignore[no-untyped-def]
    for path in MISSIONS[:2]:
        (tmp_path / path.name).write_text(path.read_text())
    second = tmp_path / MISSIONS[1].name
    second.write_text(second.read_text().replace("next: cold-ledger", "next: lantern-archive"))
    with pytest.raises(CipherkitError, match="links loop: lantern-archive -> signal-box"):
        load_campaign(tmp_path)
    second.write_text(MISSIONS[1].read_text().replace("next: cold-ledger", "next: cold-ledgr"))
    with pytest.raises(CipherkitError, match="no mission has the id 'cold-ledgr'"):
        load_campaign(tmp_path)
    with pytest.raises(CipherkitError, match="not a folder"):
        load_campaign(tmp_path / "nowhere")


def test_validate_warns_about_a_loop_of_links(tmp_path) -> None:  # type: ignore[no-untyped-def]
    import subprocess

    files = []
    for path in MISSIONS[:2]:
        target = tmp_path / path.name
        target.write_text(path.read_text().replace("next: cold-ledger", "next: lantern-archive"))
        files.append(str(target))
    done = subprocess.run([str(CIPHERKIT), "validate", *files], capture_output=True, text=True)
    assert done.returncode == 0  # a warning, not an error
    assert "the links loop: lantern-archive -> signal-box -> lantern-archive" in done.stdout
    assert "Traceback" not in done.stdout + done.stderr


def test_every_shipped_mission_is_offered_its_legal_moves(campaign: CampaignMap) -> None:
    for mid in campaign.order():
        state = new_game(
            {
                "mission": str(campaign.files[mid]),
                "players": 2,
                "secrets": list(campaign.secrets_on_arrival(mid)),
            },
            seed=1,
        )
        assert texts(state, state.actors()[0])


# ---------------------------------------------------------------- the command line
def test_cli_campaign_lists_the_graph_and_draws_it(tmp_path) -> None:  # type: ignore[no-untyped-def]
    import subprocess

    picture = tmp_path / "c.svg"
    done = subprocess.run(
        [
            str(CIPHERKIT),
            "campaign",
            str(ROOT / "missions"),
            "--games",
            "0",
            "--json",
            "--graph",
            str(picture),
        ],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    data = json.loads(done.stdout)
    assert data["start"] == "lantern-archive" and data["finales"] == ["last-light"]
    assert {"from": "cold-ledger", "to": "flooded-cellar", "result": "loss", "unlock": []} in (
        data["links"]
    )
    assert data["routes"] == len(load_campaign(ROOT / "missions").routes())
    assert "difficulty" not in data  # no playtest with --games 0
    assert picture.read_text().startswith("<svg") and "The Last Light" in picture.read_text()


def test_cli_campaign_errors_are_one_line(tmp_path) -> None:  # type: ignore[no-untyped-def]
    import subprocess

    done = subprocess.run(
        [str(CIPHERKIT), "campaign", str(tmp_path)], capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 1
    assert (
        done.stderr.strip()
        == f"cipherkit: error: {tmp_path}: no mission files (*.yaml) in this folder"
    )
