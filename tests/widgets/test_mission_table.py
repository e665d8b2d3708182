"""MissionTable on the Python side: real widget objects, no browser.

Every message goes through ``Widget._handle_msg``, the method ipywidgets calls for a
comm message from the page. Whole games are played through page messages (a planner
chooses the person's moves from the true observation of the seat that acts, the table
only sees the text), and after every step:

* the synced state of *every* live widget is dumped and searched for what the viewer
  may not know: the contents of unopened windows, the answer, face-down tokens never
  turned up, the face-down stack order (the test missions use unusual words so that a
  text search means something);
* the table's view is rebuilt from a **hidden variant** of the state (same observation
  for the viewer; other hands, deck, stacks, window contents and answer re-dealt) and
  must be identical: the view is a function of the viewer's observation only.
"""

from __future__ import annotations

import copy
import json
import re
import warnings
from pathlib import Path
from typing import Any

import ipywidgets
import pytest

from cipherkit.core.errors import CipherkitError
from cipherkit.core.protocol import SPECTATOR
from cipherkit.core.rng import Rng
from cipherkit.games.mission import new_game, parse_action
from cipherkit.games.mission.rules.variants import hidden_variant
from cipherkit.widgets import MissionTable
from cipherkit.widgets.guard import SEED_ENV
from cipherkit.widgets.mission.table import table_config
from tests.widgets.leaks import as_text
from tests.widgets.mission_games import (
    heist_mission,
    mission_secrets,
    play_out,
    vault_mission,
)
from tests.widgets.page_messages import all_synced_state, page_message, page_update

ROOT = Path(__file__).resolve().parents[2]
PAGES = ROOT / "tests" / "browser" / "pages"
MISSIONS = sorted((ROOT / "missions").glob("*.yaml"))
BIG_SEED = 876_543_210_987


# ---------------------------------------------------------------- helpers
def assert_no_leak(state: Any, where: str) -> None:
    text = all_synced_state()
    for what, secrets in mission_secrets(state).items():
        found = [s for s in secrets if s in text]
        assert not found, f"{where}: {what} {found} in a synced widget trait"


def assert_view_ignores_hidden(table: MissionTable, rng: Rng) -> bool:
    """The view of a state the viewer cannot tell apart is the same view; return whether
    the variant really differed from the true state."""
    state = table.state
    viewer, _ = table._viewpoint(state)
    twin = hidden_variant(state, viewer, rng)
    assert twin.observe(viewer) == state.observe(viewer)
    assert table.view_of(twin) == table.view, "the view depends on something hidden"
    return twin.to_json() != state.to_json()


@pytest.fixture(autouse=True)
def _no_seed_from_env(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(SEED_ENV, raising=False)


@pytest.fixture(autouse=True)
def _close_widgets():
    yield
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)
        registry = ipywidgets.Widget.widgets
    for widget in list(registry.values()):
        widget.close()


# ---------------------------------------------------------------- whole games
GAMES = [
    ("vault", 1, None, 1, "planner"),
    ("vault", 2, None, 2, "planner"),
    ("vault", 4, [0, 2], 3, "planner"),
    ("heist", 2, None, 4, "planner"),
    ("heist", 2, [1], 5, "planner"),
    # Random play: traps, gas, blocks, walls slipped through, peril and lost missions.
    ("vault", 2, None, 6, "random"),
    ("vault", 3, [0, 1], 7, "random"),
    ("vault", 1, None, 8, "random"),
]


@pytest.mark.parametrize(("mission", "players", "humans", "seed", "bot"), GAMES)
def test_whole_games_through_page_messages_never_leak(
    mission: str, players: int, humans: list[int] | None, seed: int, bot: str
) -> None:
    m = vault_mission() if mission == "vault" else heist_mission()
    table = MissionTable(m, players=players, humans=humans, bots=bot, seed=seed)
    rng = Rng(seed)
    differed = 0
    scanned: list[str] = []

    def check(t: MissionTable, step: int) -> None:
        nonlocal differed
        secrets = mission_secrets(t.state)
        scanned.extend(secrets)
        assert_no_leak(t.state, f"step {step} ({t.view['status']})")
        differed += assert_view_ignores_hidden(t, rng)

    steps = play_out(table, check=check, bot=bot, max_steps=3000)
    assert steps >= 3 and differed >= steps // 2, (steps, differed)
    assert "closed window contents" in scanned and "face-down tokens" in scanned
    view = table.view
    assert view["outcome"]["result"] in ("win", "loss")
    # Positive control: after the end the answer is on the page, so the scan can see it.
    assert table.state.true_answer() in all_synced_state()
    assert view["outcome"]["answer"] == table.state.true_answer()
    assert table.record.replay() == table.state


@pytest.mark.parametrize("path", MISSIONS, ids=[p.stem for p in MISSIONS])
def test_shipped_missions_views_depend_on_observations_only(path: Path) -> None:
    table = MissionTable(path, players=3, humans=[0, 1], bots="planner", seed=7)
    rng = Rng(3)
    differed = 0

    def check(t: MissionTable, step: int) -> None:
        nonlocal differed
        differed += assert_view_ignores_hidden(t, rng)

    steps = play_out(table, check=check)
    assert differed >= steps // 2
    assert table.record.replay() == table.state


# ---------------------------------------------------------------- pass the device
def test_the_hand_is_hidden_until_its_owner_claims_the_device() -> None:
    table = MissionTable(heist_mission(), players=2, first_player=0, seed=8)
    state = table.state
    view = table.view
    assert view["locked_for"] == {"seat": 0, "name": "Mara"}
    assert view["hands"] == [] and view["legal"] == [] and view["viewer"] is None
    assert view["status"] == "Pass the device to Mara: it is Mara’s turn."
    mara = state.cards_in_hand(0)

    page_message(table, {"type": "action", "text": "play 1 run"})
    assert table.message == "illegal: pass the device to Mara first: press “I am Mara”"
    page_message(table, {"type": "claim", "seat": 1})
    assert table.message == "illegal: it is Mara’s turn: only Mara may take the device"

    page_message(table, {"type": "claim", "seat": 0})
    assert table.message == ""
    assert [c["label"] for c in table.view["hands"][0]["cards"]] == mara
    assert table.view["viewer"] == 0 and table.view["legal"]
    page_message(table, {"type": "claim", "seat": 0})
    assert table.message == "illegal: Mara already holds the device"

    # Mara plays two actions; the turn passes to Teo: Mara's hand leaves the view.
    low = min(c["value"] for c in table.view["hands"][0]["cards"])
    for text in (f"play {low} run", "step den", "stop", "end"):
        if text == "end" and table.state.turn != 0:
            break
        page_message(table, {"type": "action", "text": text})
        assert table.message == "", (text, table.message)
    if table.state.turn == 0:
        page_message(table, {"type": "action", "text": "end"})
    view = table.view
    assert table.state.turn == 1 and view["locked_for"] == {"seat": 1, "name": "Teo"}
    assert view["hands"] == [] and view["legal"] == []
    hands_text = as_text(view["hands"]) + as_text(view["legal"])
    assert "value" not in hands_text
    page_message(table, {"type": "claim", "seat": 1})
    assert [c["label"] for c in table.view["hands"][0]["cards"]] == table.state.cards_in_hand(1)


def test_one_human_seat_never_sees_the_pass_screen() -> None:
    table = MissionTable(heist_mission(), players=2, humans=[0], bots="planner", seed=9)
    for _ in range(3):
        view = table.view
        assert view["locked_for"] is None and view["viewer"] == 0
        assert len(view["hands"]) == 1 and view["hands"][0]["character"] == 0
        if view["outcome"]:
            break
        page_message(table, {"type": "action", "text": view["legal"][0]})
        assert table.message == ""


def test_a_solo_player_holds_both_characters_hands() -> None:
    table = MissionTable(heist_mission(), players=1, seed=10)
    view = table.view
    assert [h["name"] for h in view["hands"]] == ["Mara", "Teo"]
    assert sum(h["current"] for h in view["hands"]) == 1
    assert view["seats"] == [{"seat": 0, "name": "Mara & Teo", "human": True, "bot": None}]


# ---------------------------------------------------------------- winning, losing, solving
def run(table: MissionTable, *texts: str, seat: int | None = None) -> None:
    for text in texts:
        message: dict[str, Any] = {"type": "action", "text": text}
        if seat is not None:
            message["seat"] = seat
        page_message(table, message)
        assert table.message == "", (text, table.message)


def any_card(table: MissionTable) -> int:
    hand = next(h for h in table.view["hands"] if h["current"])
    return min(c["value"] for c in hand["cards"])


def heist_to_the_vote(table: MissionTable) -> None:
    """The browser test's route: Mara gathers the star and runs to the den; Teo turns up
    the moon with Intel; Mara regroups Gather and collects the moon; Teo proposes."""
    page_message(table, {"type": "claim", "seat": 0})
    run(table, f"play {any_card(table)} gather", "reveal-top", "collect star", "stop")
    run(table, f"play {any_card(table)} run", "step den", "stop")
    page_message(table, {"type": "claim", "seat": 1})
    run(table, f"play {any_card(table)} intel", "intel den", "stop", "end")
    page_message(table, {"type": "claim", "seat": 0})
    run(table, f"play {any_card(table)} regroup", "regroup gather")
    run(table, f"play {any_card(table)} gather", "collect moon", "stop")
    page_message(table, {"type": "claim", "seat": 1})
    assert table.view["console"]["reading"] == "XYZZY PLUGH"
    assert table.view["can_solve"] and "propose-reading" in table.view["legal"]
    run(table, "propose-reading")


def test_win_the_tiny_heist_every_human_seat_confirms() -> None:
    table = MissionTable(heist_mission(), players=2, first_player=0, seed=11)
    heist_to_the_vote(table)
    view = table.view
    assert view["phase"] == "solve" and view["hands"] == [] and view["legal"] == []
    assert view["vote"]["text"] == "XYZZY PLUGH" and view["vote"]["proposer"] == "Teo"
    page_message(table, {"type": "action", "text": "confirm"})  # one voter: the seat is clear
    assert table.message == ""
    assert table.view["outcome"]["result"] == "win"
    assert table.view["status"] == "Mission accomplished! The answer is right."
    assert len(table.view["hands"]) == 2  # every hand is public at the end


def test_votes_name_their_seat_and_a_reject_hides_the_hand_again() -> None:
    table = MissionTable(heist_mission(), players=2, first_player=0, seed=11)
    heist_to_the_vote(table)
    page_message(table, {"type": "action", "text": "confirm", "seat": 1})
    assert table.message == "illegal: you proposed this answer; the others decide"
    page_message(table, {"type": "action", "text": "step hall", "seat": 0})
    assert table.message == (
        "illegal: the answer 'XYZZY PLUGH' has been proposed: confirm or reject it first"
    )
    page_message(table, {"type": "claim", "seat": 1})
    assert table.message.startswith("illegal: an answer is put to the vote")
    run(table, "reject", seat=0)
    view = table.view
    assert view["phase"] == "act" and view["locked_for"] == {"seat": 1, "name": "Teo"}
    assert view["hands"] == []


def test_three_humans_all_confirm_and_a_bot_votes_by_itself() -> None:
    table = MissionTable(heist_mission(), players=["Ana", "Ben"], first_player=0, seed=12)
    assert [s["name"] for s in table.view["seats"]] == ["Ana", "Ben"]
    page_message(table, {"type": "claim", "seat": 0})
    run(table, "propose OWL")
    view = table.view
    assert [s["waiting"] for s in view["vote"]["seats"]] == [False, True]
    page_message(table, {"type": "action", "text": "confirm", "seat": 1})
    assert table.view["outcome"]["result"] == "loss"
    assert "wrong" in table.view["status"]
    assert table.view["outcome"]["answer"] == "XYZZY PLUGH"

    bots = MissionTable(heist_mission(), players=2, humans=[0], first_player=0, seed=12)
    run(bots, "propose NOT IT")  # the planner bot checks the proposal and rejects it
    assert bots.view["outcome"] is None and bots.view["phase"] == "act"
    assert "rejects" in " ".join(bots.view["log"])


def test_lose_the_short_fuse_in_peril() -> None:
    table = MissionTable(PAGES / "short-fuse.yaml", players=1, first_player=0, seed=13)
    view = table.view
    assert view["deck_size"] == 0 and not view["peril"]
    run(table, f"play {any_card(table)} run", "stop", "end")
    view = table.view
    assert view["peril"] and view["phase"] == "draw"
    assert view["legal"] == ["draw", "stop-drawing"]
    assert "In Peril" in view["status"]
    for icons in (1, 2):
        run(table, "draw")
        assert table.view["discard"]["time_icons"] == icons
    run(table, "draw")
    view = table.view
    assert view["outcome"]["result"] == "loss" and view["outcome"]["reason"] == "out of time"
    assert view["status"].startswith("Mission failed: out of time")
    assert view["outcome"]["answer"] == "QUUX"


def test_play_again_deals_the_next_seed() -> None:
    table = MissionTable(PAGES / "short-fuse.yaml", players=1, first_player=0, seed=40)
    page_message(table, {"type": "new_game"})
    assert table.message == "illegal: finish this mission first"
    run(table, f"play {any_card(table)} run", "stop", "end", "draw", "draw", "draw")
    assert table.view["outcome"] is not None
    page_message(table, {"type": "action", "text": "draw"})
    assert table.message == "illegal: the mission is over; press Play again"
    page_message(table, {"type": "new_game"})
    assert table.message == "" and table.view["game_number"] == 2
    assert table.record.seed == 41 and len(table.records) == 2


# ---------------------------------------------------------------- illegal clicks explain why
def test_illegal_clicks_say_why() -> None:
    table = MissionTable(vault_mission(), players=1, first_player=0, seed=14)
    before = table.state.to_json()
    cases = [
        ("step hall", "illegal: step hall is not a main action: play a card (play 7 run)"),
        ("play 99 run", "illegal: you have no 99 in hand"),
        ("collect crown", "illegal: collect crown is not a main action"),
        ("regroup regroup", "illegal: regroup regroup is not a main action"),
        ("dance", "illegal: 'dance' is not a mission action"),
        ("play 3 cartwheel", "illegal: 'cartwheel' is not an action card"),
        ("confirm", "illegal: nobody has proposed an answer"),
        ("end", "illegal: take at least one action before ending your turn"),
    ]
    for text, reason in cases:
        page_message(table, {"type": "action", "text": text})
        assert table.message.startswith(reason), (text, table.message)
    assert table.state.to_json() == before
    run(table, f"play {any_card(table)} run")
    for text, reason in [
        ("step safe", "illegal: you cannot step from the gate to 'safe': no open passage"),
        ("step moon", "illegal: there is no room 'moon'"),
        ("play 5 intel", "illegal: finish the Run first: step to an adjacent room or stop"),
    ]:
        page_message(table, {"type": "action", "text": text})
        assert table.message.startswith(reason), (text, table.message)
    top = table.view["action_cards"][0]["top"]["value"]
    run(table, "stop")
    page_message(table, {"type": "action", "text": f"play {top} run"})
    hand = [c["value"] for c in table.view["hands"][0]["cards"]]
    expected = (
        f"illegal: the Run pile shows {top}: play a card higher than {top}"
        if top in hand
        else f"illegal: you have no {top} in hand"
    )
    assert table.message == expected


BAD_MESSAGES: list[tuple[str, Any, str]] = [
    ("plain text", "play 3 run", "refused"),
    ("a list", ["action", "end"], "refused"),
    ("null", None, "refused"),
    ("no text", {"type": "action"}, "refused"),
    ("text not a string", {"type": "action", "text": 5}, "refused"),
    ("empty text", {"type": "action", "text": ""}, "refused"),
    ("seat not a number", {"type": "action", "text": "confirm", "seat": "0"}, "refused"),
    ("seat a bool", {"type": "action", "text": "confirm", "seat": True}, "refused"),
    ("seat out of range", {"type": "action", "text": "confirm", "seat": 7}, "refused"),
    ("unknown field", {"type": "action", "text": "end", "viewer": "omniscient"}, "refused"),
    ("claim without seat", {"type": "claim"}, "refused"),
    ("claim a negative seat", {"type": "claim", "seat": -1}, "refused"),
    ("unknown type", {"type": "reveal_answer"}, "refused"),
    ("huge", {"type": "action", "text": "propose " + "A" * 100_000}, "refused"),
    ("new game mid-game", {"type": "new_game"}, "illegal"),
    ("gibberish", {"type": "action", "text": "rm -rf /"}, "illegal"),
    ("a bot's seat", {"type": "action", "text": "end", "seat": 1}, "illegal"),
    ("claim a bot's seat", {"type": "claim", "seat": 1}, "illegal"),
    ("propose nothing", {"type": "action", "text": "propose   "}, "illegal"),
]


@pytest.mark.parametrize(
    ("what", "content", "kind"), BAD_MESSAGES, ids=[b[0] for b in BAD_MESSAGES]
)
def test_bad_messages_are_refused_visibly_and_change_nothing(
    what: str, content: Any, kind: str
) -> None:
    table = MissionTable(vault_mission(), players=2, humans=[0], first_player=0, seed=15)
    before = (table.state.to_json(), list(table.record.actions), copy.deepcopy(table.view))
    page_message(table, content)
    assert table.message.startswith(f"{kind}: "), (what, table.message)
    assert len(table.message) < 200
    assert (table.state.to_json(), list(table.record.actions), table.view) == before


def test_binary_buffers_and_repeated_refusals() -> None:
    table = MissionTable(vault_mission(), players=1, seed=16)
    seen: list[str] = []
    table.observe(lambda change: seen.append(change["new"]), names="message")
    page_message(table, {"type": "action", "text": "end"}, buffers=[b"\x00"])
    assert table.message == "refused: unexpected binary data"
    page_message(table, {"type": "action", "text": "end"})
    page_message(table, {"type": "action", "text": "end"})
    assert [m for m in seen if m].count(table.message) == 2


@pytest.mark.parametrize(
    "forged",
    [
        {"view": {"phase": "over", "outcome": {"result": "win"}}},
        {"view": "not even a dict"},
        {"message": "you win!"},
        {"view": {}, "message": "", "_esm": "export default {render(){}}"},
        {"no_such_trait": 1},
    ],
    ids=["view", "view-wrong-type", "message", "several", "unknown"],
)
def test_forged_trait_updates_are_reset(forged: dict[str, Any]) -> None:
    table = MissionTable(vault_mission(), players=1, seed=17)
    view, esm, state = copy.deepcopy(table.view), table._esm, table.state.to_json()
    page_update(table, forged)
    assert table.view == view and table._esm == esm and table.state.to_json() == state
    assert table.message == "refused: the page may not change the table; it has been reset"


def test_a_proposed_answer_with_markup_is_only_text() -> None:
    table = MissionTable(vault_mission(), players=2, humans=[0, 1], first_player=0, seed=18)
    page_message(table, {"type": "claim", "seat": 0})
    run(table, "propose <img src=x onerror=alert(1)>")
    assert table.view["vote"]["text"] == "<img src=x onerror=alert(1)>"
    js = (ROOT / "cipherkit" / "widgets" / "mission/table.js").read_text(encoding="utf-8")
    # Only kernel-drawn SVG is ever set as HTML; words go in as text.
    assert set(re.findall(r"(\w+)\.innerHTML = ", js)) == {"box", "icon"}
    assert "innerHTML = svgText" in js and "innerHTML = view.glyph_icons[glyph]" in js


# ---------------------------------------------------------------- seeds, bots, setup
def test_seed_from_the_environment_deals_a_known_game(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(SEED_ENV, "4242")
    table = MissionTable(vault_mission(), players=2, humans=[0], bots="random")
    assert table.record.seed == 4242
    dealt = new_game(table_config(vault_mission(), 2), seed=4242)
    for seat, text in table.record.actions:  # the bot's opening moves, if it starts
        dealt.apply(seat, parse_action(text))
    assert table.state.to_json()["stacks"] == dealt.to_json()["stacks"]


def test_without_a_seed_each_table_deals_from_os_urandom() -> None:
    seeds = {MissionTable(vault_mission(), players=1).record.seed for _ in range(4)}
    assert len(seeds) == 4


def test_the_seed_and_the_config_never_reach_the_page() -> None:
    table = MissionTable(vault_mission(), players=2, humans=[0], bots="planner", seed=BIG_SEED)
    play_out(table)
    text = all_synced_state()
    assert str(BIG_SEED) not in text and "seed" not in json.dumps(table.view)
    assert '"solution"' not in text and '"glyphs": {' not in text  # no mission file data


def test_bots_fill_seats_and_the_record_replays() -> None:
    table = MissionTable(vault_mission(), players=3, humans=[1], bots="planner", seed=19)
    view = table.view
    assert view["current"]["seat"] == 1 or view["outcome"] is not None
    assert [s["bot"] for s in view["seats"]] == ["planner", None, "planner"]
    names = [s["name"] for s in view["seats"]]
    assert table.record.meta == {
        "humans": [1],
        "bots": "planner",
        "names": names,
        "players": [
            {"seat": 0, "bot": "planner", "name": ""},
            {"seat": 1, "bot": None, "name": ""},
            {"seat": 2, "bot": "planner", "name": ""},
        ],
    }
    play_out(table)
    assert table.record.replay() == table.state
    seats = {seat for seat, _ in table.record.actions}
    assert seats == {0, 1, 2}


@pytest.mark.parametrize(
    ("kwargs", "error"),
    [
        ({"players": 5}, "a mission is for 1 to 4 players, not 5"),
        ({"players": 2, "humans": 0}, "humans must be from 1 to 2"),
        ({"players": 2, "humans": [2]}, "humans must list at least one seat number from 0 to 1"),
        ({"players": "two"}, "players must be a number of seats or a list of names"),
        ({"bots": "oracle", "humans": [0]}, "unknown mission bot 'oracle'"),
        ({"mission": "no/such/mission.yaml"}, "no/such/mission.yaml"),
    ],
)
def test_setup_errors_are_clear(kwargs: dict[str, Any], error: str) -> None:
    kwargs = {"mission": vault_mission(), **kwargs}
    with pytest.raises(CipherkitError, match=re.escape(error)):
        MissionTable(**kwargs)


def test_a_failing_bot_is_replaced_by_a_legal_move_quietly(
    caplog: pytest.LogCaptureFixture, monkeypatch: pytest.MonkeyPatch
) -> None:
    class Broken:
        name = "broken"

        def act(self, observation: Any, legal: Any, rng: Any) -> Any:
            raise RuntimeError(f"my hand is {observation['hands']}")

    caplog.set_level("WARNING")
    # The table's session makes its bots from the registry: broken ones named "random".
    monkeypatch.setattr("cipherkit.core.session.make_bot", lambda game, spec: Broken())
    table = MissionTable(vault_mission(), players=2, humans=[0], bots="random", seed=20)
    play_out(table, max_steps=2000)
    text = "\n".join(r.getMessage() for r in caplog.records)
    assert "the random bot failed (RuntimeError)" in text
    assert "my hand" not in text


# ---------------------------------------------------------------- the view and the files
def test_the_view_has_what_the_page_draws() -> None:
    table = MissionTable(vault_mission(), players=2, humans=[0], first_player=0, seed=21)
    view = table.view
    assert view["map"]["svg"].startswith("<svg") and view["console"]["svg"].startswith("<svg")
    assert [r["id"] for r in view["map"]["rooms"]] == ["gate", "hall", "safe"]
    assert all(len(r["box"]) == 4 for r in view["map"]["rooms"])
    assert [a["id"] for a in view["action_cards"]] == ["run", "gather", "intel", "regroup"]
    assert view["discard"]["time_icons"] == 5 and view["loss_icons"] == 3
    assert set(view["glyph_icons"]) == {"crown", "key", "lamp"}
    assert view["serial"] >= 1 and view["log"][0].endswith("goes first.")
    assert view["question"] == "What is the phrase?"


def lose_in_peril(table: MissionTable) -> list[str]:
    """Play the Long Fuse (one person) into Peril and draw until the mission is lost;
    return the status line after each draw."""
    run = next(t for t in table.view["legal"] if t.endswith(" run"))
    for text in (run, "stop", "end"):
        page_message(table, {"type": "action", "text": text})
        assert table.message == "", table.message
    statuses = [table.view["status"]]
    while table.view["outcome"] is None:
        page_message(table, {"type": "action", "text": "draw"})
        assert table.message == "", table.message
        statuses.append(table.view["status"])
    return statuses


def test_the_ledger_stub_makes_four_time_icons_lose_on_the_page() -> None:
    """The limit comes from the game's observation (the secret rule raises it), never
    from a constant in the view: the loss limit, the Peril status and the out-of-time
    words all say 4 with the Ledger Stub and 3 without."""
    fuse = PAGES / "long-fuse.yaml"
    plain = MissionTable(fuse, players=1, first_player=0, seed=1)
    table = MissionTable(fuse, players=1, first_player=0, seed=1, secrets=["ledger-stub"])
    assert (plain.view["loss_icons"], table.view["loss_icons"]) == (3, 4)
    assert table.state.observe(0)["rules"]["loss_icons"] == 4

    statuses = lose_in_peril(table)
    assert statuses[0].endswith("0 of 4 time icons are in the discard pile.")
    assert statuses[-2].endswith("3 of 4 time icons are in the discard pile.")  # not lost yet
    assert statuses[-1] == (
        "Mission failed: out of time (4 time icons in the discard pile, In Peril)."
    )
    assert table.view["discard"]["time_icons"] == 4 and table.view["loss_icons"] == 4
    assert table.view["outcome"]["reason"] == "out of time"

    plain_statuses = lose_in_peril(plain)
    assert plain_statuses[-2].endswith("2 of 3 time icons are in the discard pile.")
    assert plain_statuses[-1] == (
        "Mission failed: out of time (3 time icons in the discard pile, In Peril)."
    )


def test_the_action_cards_say_the_limits_in_play() -> None:
    boosted = MissionTable(
        vault_mission(), players=1, seed=1, secrets=["signalmans-diary", "clerks-note"]
    )
    texts = {card["id"]: card["text"] for card in boosted.view["action_cards"]}
    assert texts["run"].startswith("Move up to 4 rooms")
    assert texts["intel"].startswith("Any room: reveal up to 3 tokens")
    assert texts["gather"].startswith("In your room: collect up to 2 card glyphs")


def test_the_page_holds_no_rule_number() -> None:
    """Limits reach the page in the view; the front end hard-codes none of them."""
    js = (ROOT / "cipherkit" / "widgets" / "mission/table.js").read_text(encoding="utf-8")
    assert not re.search(r"\d time icon", js)
    view_py = (ROOT / "cipherkit" / "widgets" / "mission/view.py").read_text(encoding="utf-8")
    assert "LOSS_ICONS" not in view_py and "Limits(" not in view_py
    assert not re.search(r"\(\d time icons", view_py)


def test_the_module_and_styles_are_files_beside_the_class() -> None:
    here = ROOT / "cipherkit" / "widgets"
    table = MissionTable(vault_mission(), players=1, seed=1)
    js = (here / "mission/table.js").read_text(encoding="utf-8")
    common = (here / "table_common.js").read_text(encoding="utf-8")
    css = (here / "mission/table.css").read_text(encoding="utf-8")
    shared_css = (here / "table_common.css").read_text(encoding="utf-8")
    bundle = (here / "mission/table.bundle.js").read_text(encoding="utf-8")
    assert table._esm == bundle  # its module bundled with the shared one, helpers first
    assert bundle.index("function h(") < bundle.index("function render(")
    assert table._css == f"{shared_css}\n{css}"
    both = common + js
    assert "export default" in js and "model.send" in both
    sent = set(re.findall(r'\{ type: "(\w+)"', both)) - {"button", "text"}  # minus <button>s
    assert sent == {"action", "claim", "new_game", "saved"}


def test_spectator_views_hold_no_hand_even_at_a_bot_turn() -> None:
    table = MissionTable(vault_mission(), players=3, humans=[0, 1], first_player=0, seed=22)
    assert table._viewpoint(table.state) == (SPECTATOR, 0)
    assert table.view["hands"] == []
