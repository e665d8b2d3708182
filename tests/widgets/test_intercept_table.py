"""InterceptTable on the Python side: whole games through page messages.

The person's moves are chosen by a bot from the person's own observation (the table
only sees the text, as from the page). After every step the synced state of every live
widget is searched for the other team's keywords (those no public clue happens to
contain), and the view is rebuilt from a hidden variant of the state (other keywords,
codes and decks re-dealt; same observation for the person) and must be identical.
"""

from __future__ import annotations

import copy
import re
import warnings
from pathlib import Path
from typing import Any

import ipywidgets
import pytest

from cipherkit.core.errors import CipherkitError
from cipherkit.core.registry import make_bot
from cipherkit.core.rng import Rng
from cipherkit.games.intercept import hidden_variant, new_game
from cipherkit.widgets import InterceptTable
from cipherkit.widgets.guard import SEED_ENV
from cipherkit.widgets.intercept.table import table_config
from tests.widgets.intercept_games import play_out, secret_keywords
from tests.widgets.page_messages import all_synced_state, page_message, page_update, synced_data

ROOT = Path(__file__).resolve().parents[2]
BIG_SEED = 654_321_098_765


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


def assert_no_leak(table: InterceptTable, where: str) -> None:
    text = synced_data().lower()
    found = [w for w in secret_keywords(table) if re.search(rf"\b{re.escape(w)}\b", text)]
    assert not found, f"{where}: the other team's keywords {found} are synced"


def assert_view_ignores_hidden(table: InterceptTable, rng: Rng) -> bool:
    state = table.state
    twin = hidden_variant(state, table.seat, rng)
    assert twin.observe(table.seat) == state.observe(table.seat)
    assert table.view_of(twin) == table.view, "the view depends on something hidden"
    return twin.to_json() != state.to_json()


# ---------------------------------------------------------------- whole games
@pytest.mark.parametrize(
    ("players", "seat", "seed"),
    [(4, 0, 1), (4, 1, 2), (6, 2, 3), (3, 0, 4), (3, 2, 5)],
    ids=["4p-white", "4p-black", "6p-white", "3p-team", "3p-interceptor"],
)
def test_whole_games_never_leak(players: int, seat: int, seed: int) -> None:
    table = InterceptTable(players=players, seat=seat, bots="ck", seed=seed)
    rng = Rng(seed)
    differed = 0

    def check(t: InterceptTable, step: int) -> None:
        nonlocal differed
        assert_no_leak(t, f"step {step} ({t.view['status']})")
        differed += assert_view_ignores_hidden(t, rng)

    steps = play_out(table, check=check)
    assert steps >= 2 and differed == steps
    view = table.view
    assert view["outcome"]["result"] in ("win", "loss", "draw")
    # Positive control: once the game is over every keyword is on the page.
    state = table.state
    text = all_synced_state()
    assert all(w in text for team in state.keywords[: state.coding_teams] for w in team)
    assert table.record.replay() == state


def test_the_persons_code_only_while_encrypting_and_never_a_bot_teammates() -> None:
    table = InterceptTable(players=4, seat=0, bots="ck", seed=6)
    state = table.state
    assert table.view["code"] == list(state.codes[0])  # round 1: the person encrypts
    seen_round_two = False

    def check(t: InterceptTable, step: int) -> None:
        nonlocal seen_round_two
        s = t.state
        if s.round == 2 and s.phase == "guess":
            seen_round_two = True
            assert t.view["you"]["role"] in ("decryptor", "interceptor")
            assert t.view["code"] is None  # Boris, a bot, encrypts for White
            assert t.view["my_clues"] is None

    play_out(table, check=check)
    assert seen_round_two or table.state.round == 1


# ---------------------------------------------------------------- the live clue check
def test_clues_are_checked_live_with_reasons_and_checks_change_nothing() -> None:
    table = InterceptTable(
        players=4,
        seat=0,
        bots="ck",
        seed=7,
        keywords={
            "white": ["dragonfly", "piano", "harbour", "lemon"],
            "black": ["castle", "tiger", "winter", "candle"],
        },
    )
    before = (table.state.to_json(), list(table.record.actions))
    cases = {
        "dragonflies": "uses the keyword 'dragonfly' (as 'dragonflies')",
        "8 letters": "reads out digits",
        "": "",
    }
    for text, reason in cases.items():
        page_message(table, {"type": "check", "text": text})
        check = table.view["check"]
        assert check["text"] == text and not check["ok"]
        assert check["reason"] == reason, (text, check)
    warned = {  # legal (docs/rules/intercept.md §2.8), shown as warnings
        "fly": "'fly' is part of the keyword 'dragonfly': legal, but it may help the other team",
        "rhymes with tiano": "refers to spelling or sound: the rules ask for meaning",
    }
    for text, warning in warned.items():
        page_message(table, {"type": "check", "text": text})
        check = table.view["check"]
        assert check["ok"] and check["warnings"] == [warning], (text, check)
    page_message(table, {"type": "check", "text": "castle"})  # Black's keyword: fine here
    assert table.view["check"]["ok"] and table.view["check"]["errors"] == []
    assert (table.state.to_json(), table.record.actions) == before

    page_message(table, {"type": "action", "text": "clue insect"})
    assert table.message == "" and table.view["my_clues"][0]["text"] == "insect"
    page_message(table, {"type": "check", "text": "Insects"})
    assert table.view["check"]["reason"] == "repeats the earlier clue 'insect'"
    page_message(table, {"type": "action", "text": "clue Insects"})
    assert table.message == "illegal: the clue 'Insects' repeats the earlier clue 'insect'"


def test_a_check_is_refused_when_the_person_is_not_writing() -> None:
    table = InterceptTable(players=4, seat=3, bots="ck", seed=8)  # Black, decrypting
    assert table.view["you"]["role"] == "decryptor"
    page_message(table, {"type": "check", "text": "anything"})
    assert table.message == "illegal: you are not writing clues now"


# ---------------------------------------------------------------- roles, variants, ties
def test_bot_teammates_leave_the_teams_guess_to_the_person() -> None:
    table = InterceptTable(players=6, seat=2, bots="ck", seed=9)  # White: 0, 2, 4
    state = table.state
    assert state.encryptors[0] == 0 and table.view["you"]["role"] == "decryptor"
    assert state.decryptors() == [2, 4]  # seat 4 (a bot) could guess; it waits
    assert table.view["reading"]["team"] == "white"
    page_message(table, {"type": "action", "text": "guess 1.2.3"})
    assert table.message == ""
    assert any("You writes White's decrypt guess" in line for line in table.view["log"])
    assert not any(f"{state.name(4)} writes White's decrypt" in line for line in state.log)


def test_the_three_player_variant_as_the_interceptor() -> None:
    table = InterceptTable(players=3, seat=2, bots="ck", seed=10)
    view = table.view
    assert view["three_player"] and [t["id"] for t in view["teams"]] == ["white", "interceptor"]
    assert view["round"] == 2 and view["you"]["role"] == "interceptor"  # no interception in 1
    assert view["teams"][0]["keywords"] is None and view["keywords"] is None
    assert view["notes"][0]["rows"][0]["code"] is not None  # round 1 revealed
    play_out(table)
    assert table.state.round <= 5
    assert table.view["outcome"]["reason"] in (
        "two interceptions",
        f"no two interceptions by round {table.state.round}",
    )


def test_the_keyword_tiebreaker() -> None:
    """One round only: when nobody has a token, points tie and each team guesses the
    other's keywords. The person guesses right and their team wins on keywords."""
    for seed in range(40):
        table = InterceptTable(players=4, seat=1, bots="ck", seed=seed, max_rounds=1)
        for _ in range(20):
            if table.view["phase"] != "write" or table.view["you"]["role"] != "encryptor":
                break
            state = table.state
            action = make_bot("intercept", "ck").act(
                state.observe(1), state.legal_actions(1), Rng(seed)
            )
            page_message(table, {"type": "action", "text": str(action)})
        while table.view["you"]["role"] == "decryptor":
            code = ".".join(map(str, table.state.codes[1]))
            page_message(table, {"type": "action", "text": f"guess {code}"})
        if table.view["phase"] == "keywords":
            break
        table.close()
    else:
        raise AssertionError("no seed reached the keyword tiebreaker")
    view = table.view
    assert view["status"].startswith("Tiebreaker") and view["you"]["role"] == "keywords"
    assert view["keyword_stage"]["guesses"]["black"] is False
    truth = table.state.keywords[0]
    page_message(table, {"type": "action", "text": "keywords " + ", ".join(truth)})
    assert table.message == ""
    view = table.view
    assert view["keyword_stage"]["hits"][1] == 4
    assert view["outcome"]["result"] == "win" and view["outcome"]["reason"] == (
        "tiebreaker: keywords"
    )


# ---------------------------------------------------------------- messages
BAD: list[tuple[str, Any, str]] = [
    ("text", "clue x", "refused: a message must be an object"),
    ("extra field", {"type": "action", "text": "guess 1.2.3", "seat": 3}, "refused: an action"),
    ("check with a seat", {"type": "check", "text": "x", "seat": 3}, "refused: a check"),
    ("empty action", {"type": "action", "text": ""}, "refused: the text must be"),
    ("long text", {"type": "action", "text": "clue " + "a" * 200}, "refused: the text must"),
    ("huge", {"type": "check", "text": "a" * 10_000}, "refused: message too long"),
    ("unknown type", {"type": "peek"}, "refused: unknown message type"),
    ("not an action", {"type": "action", "text": "show me their code"}, "illegal: "),
    ("a guess while writing", {"type": "action", "text": "guess 1.2.3"}, "illegal: "),
    ("a bad code", {"type": "action", "text": "guess 1.1.2"}, "illegal: '1.1.2' is not a"),
    ("keywords now", {"type": "action", "text": "keywords a, b, c, d"}, "illegal: "),
    ("new game mid-game", {"type": "new_game"}, "illegal: finish this game first"),
]


@pytest.mark.parametrize(("what", "content", "reason"), BAD, ids=[b[0] for b in BAD])
def test_bad_messages_are_refused_and_change_nothing(what: str, content: Any, reason: str) -> None:
    table = InterceptTable(players=4, seat=0, bots="random", seed=11)
    before = (table.state.to_json(), copy.deepcopy(table.view))
    page_message(table, content)
    assert table.message.startswith(reason), (what, table.message)
    assert (table.state.to_json(), table.view) == before


def test_forged_updates_are_reset() -> None:
    table = InterceptTable(players=4, seat=0, bots="random", seed=12)
    before = copy.deepcopy(table.view)
    page_update(table, {"view": dict(before, keywords=["x"] * 4)})
    assert table.view == before
    assert table.message == "refused: the page may not change the table; it has been reset"


# ---------------------------------------------------------------- setup
def test_seed_from_the_environment_and_never_on_the_page(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(SEED_ENV, str(BIG_SEED))
    table = InterceptTable(players=4, seat=0, bots="random")
    dealt = new_game(table_config(4, 0), seed=BIG_SEED)
    assert table.state.keywords == dealt.keywords and table.record.seed == BIG_SEED
    assert str(BIG_SEED) not in all_synced_state()


@pytest.mark.parametrize(
    ("kwargs", "error"),
    [
        ({"players": 2}, "intercept is for 3 to 8 players"),
        ({"players": 4, "seat": 4}, "seat must be a seat number from 0 to 3"),
        ({"bots": "oracle"}, "unknown intercept bot 'oracle'"),
        ({"keywords": {"white": ["a"]}}, "intercept: keywords must map white, black"),
    ],
)
def test_setup_errors_are_clear(kwargs: dict[str, Any], error: str) -> None:
    with pytest.raises(CipherkitError, match=re.escape(error)):
        InterceptTable(**kwargs)


def test_the_module_and_styles_are_files_beside_the_class() -> None:
    here = ROOT / "cipherkit" / "widgets"
    table = InterceptTable(players=4, seat=0, bots="random", seed=1)
    common = (here / "table_common.js").read_text(encoding="utf-8")
    js = f"{common}\n" + (here / "intercept/table.js").read_text(encoding="utf-8")
    bundle = (here / "intercept/table.bundle.js").read_text(encoding="utf-8")
    assert table._esm == bundle  # its module bundled with the shared one, helpers first
    assert bundle.index("function h(") < bundle.index("function render(")
    shared_css = (here / "table_common.css").read_text(encoding="utf-8")
    own_css = (here / "intercept/table.css").read_text(encoding="utf-8")
    assert table._css == f"{shared_css}\n{own_css}"
    sent = set(re.findall(r'\{ type: "(\w+)"', js)) - {"button", "text"}
    assert sent == {"action", "check", "new_game", "saved"}


def test_the_limits_on_the_page_come_from_the_observation() -> None:
    """Code length, keywords, rounds and tokens reach the page in the view (read from
    the game's observation); the front end and the view builder hard-code none."""
    four = InterceptTable(players=4, seat=0, bots="random", seed=1)
    three = InterceptTable(players=3, seat=0, bots="random", seed=1, max_rounds=4)
    limits = four.state.observe(0)["limits"]
    assert limits == {"code_length": 3, "keywords": 4, "max_rounds": 8, "tokens_to_end": 2}
    assert four.view["limits"] == limits and four.view["max_rounds"] == 8
    assert three.view["limits"]["max_rounds"] == three.view["max_rounds"] == 4
    assert [cell["digit"] for cell in four.view["notes"][0]["index"]] == [1, 2, 3, 4]
    page_message(four, {"type": "action", "text": "clue parasol"})
    assert four.message == "" and four.view["status"].startswith("Clue 2 of 3: for digit")
    here = ROOT / "cipherkit" / "widgets"
    js = (here / "intercept/table.js").read_text(encoding="utf-8")
    for constant in ("[0, 1, 2]", "[1, 2, 3, 4]", "?.?.?", "null, null, null", "1–4", "two win"):
        assert constant not in js, constant
    view_py = (here / "intercept/view.py").read_text(encoding="utf-8")
    assert "(1, 2, 3, 4)" not in view_py and "of 3" not in view_py
