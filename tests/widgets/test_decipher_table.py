"""DecipherTable on the Python side: real widget objects, no browser.

Every message goes through ``Widget._handle_msg``, the method ipywidgets calls for a comm
message from the page, so these tests exercise exactly the browser's path into the
kernel. After every step the synced state of *every* live widget is dumped and searched
for the cards the person may not know yet.
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
from cipherkit.games.decipher import CARDS, new_game
from cipherkit.games.decipher.cards import Card
from cipherkit.widgets import DecipherTable
from cipherkit.widgets.decipher.table import table_config
from cipherkit.widgets.guard import SEED_ENV
from tests.widgets.leaks import as_text, cards_in

ROOT = Path(__file__).resolve().parents[2]
ALL_CARDS = [str(c) for c in CARDS]
BIG_SEED = 987_654_321_123


# ---------------------------------------------------------------- helpers
def page_message(table: DecipherTable, content: Any, buffers: list[bytes] | None = None) -> None:
    """Deliver a custom message the way ipywidgets does for the page's ``model.send``."""
    table._handle_msg(
        {"content": {"data": {"method": "custom", "content": content}}, "buffers": buffers or []}
    )


def page_update(table: DecipherTable, state: dict[str, Any]) -> None:
    """Deliver a trait update the way ipywidgets does for the page's ``save_changes``."""
    table._handle_msg({"content": {"data": {"method": "update", "state": state}}, "buffers": []})


def all_synced_state() -> str:
    """The synced state of every live widget, as text (what ``request_states`` returns)."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)
        registry = ipywidgets.Widget.widgets
    return as_text({model_id: w.get_state() for model_id, w in list(registry.items())})


def secret_cards(table: DecipherTable) -> dict[str, list[str]]:
    """What the person may not know now: the bot's code and hand, and the deck."""
    state = table.state
    bot = 1 - table.human_seat
    return {
        "bot code": [str(c) for c in state.hidden[bot]],
        "bot hand": [str(c) for c in state.hands[bot]],
        "deck": [str(c) for c in state.deck],
    }


def assert_no_leak(table: DecipherTable, where: str) -> None:
    text = all_synced_state()
    for what, cards in secret_cards(table).items():
        found = cards_in(text, cards)
        assert not found, f"{where}: {what} card(s) {found} are in a synced widget trait"


def human_move(view: dict[str, Any], *, break_at: int) -> str:
    """A simple person: plays column 1 and skips the rest, breaks at turn ``break_at``,
    guesses their own hidden cards (never one of the bot's, so guesses leak nothing)."""
    legal = view["legal"]
    if view["phase"] == "guess":
        return f"guess {view['columns'][view['column']]['your_card']}"
    if "break" in legal and (view["turn_number"] >= break_at or legal == ["break"]):
        return "break"
    if "skip" in legal and view["column"] > 0:
        return "skip"
    return next(a for a in legal if a.startswith("play "))


def play_out(table: DecipherTable, *, break_at: int, check_leaks: bool = True) -> int:
    """Play the current game to its end through page messages; return the steps taken."""
    for step in range(1, 400):
        view = table.view
        if view["phase"] == "over":
            return step
        assert view["to_move"] == "you", f"waiting for the bot at step {step}: {view['status']}"
        if check_leaks:
            assert_no_leak(table, f"step {step} ({view['status']})")
        action = human_move(view, break_at=break_at)
        page_message(table, {"type": "action", "text": action})
        assert table.message == "", f"{action!r} refused: {table.message}"
    raise AssertionError("the game did not end")


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
@pytest.mark.parametrize(
    ("bot", "human_first", "seed"),
    [("solver", True, 1), ("solver", False, 2), ("random", None, 3), ("solver", None, 4)],
)
def test_whole_game_through_page_messages_never_leaks_before_the_reveal(
    bot: str, human_first: bool | None, seed: int
) -> None:
    table = DecipherTable(bot=bot, seed=seed, human_first=human_first)
    code = [str(c) for c in table.state.hidden[1]]
    play_out(table, break_at=7)
    view = table.view
    assert view["phase"] == "over"
    assert view["result"] in ("win", "loss", "draw")
    # Positive control: once revealed, the scan does find the bot's code, so an empty
    # scan before the reveal means something.
    assert sorted(cards_in(all_synced_state(), code)) == sorted(code)
    assert [c["bot_card"] for c in view["columns"]] == code
    scores = table.state.scores()
    assert view["scores"] == {"you": scores[0], "bot": scores[1]}
    assert sum(c["your_points"] for c in view["columns"]) == scores[0]
    assert sum(c["bot_points"] for c in view["columns"]) == scores[1]
    # The deck stays secret even after the game (bot guesses aside).
    bot_guesses = {str(c) for c in table.state.guesses[1]}
    deck_left = [str(c) for c in table.state.deck if str(c) not in bot_guesses]
    assert not cards_in(all_synced_state(), deck_left)
    assert table.record.replay() == table.state


def test_the_seed_never_reaches_the_page() -> None:
    table = DecipherTable(bot="random", seed=BIG_SEED, human_first=True)
    play_out(table, break_at=3)
    assert str(BIG_SEED) not in all_synced_state()
    assert "seed" not in json.dumps(table.view)


def test_bot_going_first_has_moved_before_the_person_sees_the_table() -> None:
    table = DecipherTable(bot="solver", seed=5, human_first=False)
    view = table.view
    assert view["to_move"] == "you" and view["turn_number"] == 2
    assert all(c["bot_pile"]["count"] == 1 for c in view["columns"])
    assert view["bot_hand_size"] == 6 and view["deck_size"] == 52 - 12 - 6 - 3
    assert "The bot goes first." in view["log"][0]


def test_default_bot_is_the_solver() -> None:
    table = DecipherTable(seed=1)
    assert table.bot_name == "solver"
    assert "solver" in table.view["log"][0]


# ---------------------------------------------------------------- refusals
BAD_MESSAGES: list[tuple[str, Any, str]] = [
    ("plain text", "play QS", "refused"),
    ("a list", ["action", "skip"], "refused"),
    ("a number", 42, "refused"),
    ("null", None, "refused"),
    ("no text", {"type": "action"}, "refused"),
    ("text not a string", {"type": "action", "text": 5}, "refused"),
    ("text is an object", {"type": "action", "text": {"x": 1}}, "refused"),
    ("empty text", {"type": "action", "text": ""}, "refused"),
    ("unknown field", {"type": "action", "text": "skip", "seat": 1}, "refused"),
    ("unknown type", {"type": "cheat", "text": "reveal"}, "refused"),
    ("no type", {"text": "skip"}, "refused"),
    ("huge", {"type": "action", "text": "play " + "Q" * 100_000}, "refused"),
    ("huge field", {"type": "new_game", "pad": ["x"] * 10_000}, "refused"),
    ("new game with fields", {"type": "new_game", "text": "x"}, "refused"),
    ("new game mid-game", {"type": "new_game"}, "illegal"),
    ("not notation", {"type": "action", "text": "play ZZ"}, "illegal"),
    ("gibberish", {"type": "action", "text": "rm -rf /"}, "illegal"),
    ("skip on the first turn", {"type": "action", "text": "skip"}, "illegal"),
    ("guess before breaking", {"type": "action", "text": "guess AS"}, "illegal"),
]


@pytest.mark.parametrize(
    ("what", "content", "kind"), BAD_MESSAGES, ids=[b[0] for b in BAD_MESSAGES]
)
def test_bad_messages_are_refused_visibly_and_change_nothing(
    what: str, content: Any, kind: str
) -> None:
    table = DecipherTable(bot="random", seed=11, human_first=True)
    before = (table.state.to_json(), list(table.record.actions), copy.deepcopy(table.view))
    page_message(table, content)
    assert table.message.startswith(f"{kind}: "), (what, table.message)
    assert len(table.message) < 200
    assert (table.state.to_json(), list(table.record.actions), table.view) == before


def test_playing_a_card_not_in_hand_names_the_reason() -> None:
    table = DecipherTable(bot="random", seed=11, human_first=True)
    stranger = next(str(c) for c in table.state.hidden[0])  # my own hidden card
    page_message(table, {"type": "action", "text": f"play {stranger}"})
    # the card in words, as the hand names it ("jack of diamonds")
    assert table.message == f"illegal: {Card.parse(stranger).name} is not in your hand"


def test_binary_buffers_are_refused() -> None:
    table = DecipherTable(bot="random", seed=11, human_first=True)
    before = table.state.to_json()
    page_message(table, {"type": "action", "text": "skip"}, buffers=[b"\x00" * 8])
    assert table.message == "refused: unexpected binary data"
    assert table.state.to_json() == before


def test_the_same_refusal_twice_is_sent_twice() -> None:
    table = DecipherTable(bot="random", seed=11, human_first=True)
    seen: list[str] = []
    table.observe(lambda change: seen.append(change["new"]), names="message")
    page_message(table, {"type": "action", "text": "skip"})
    page_message(table, {"type": "action", "text": "skip"})
    refusals = [m for m in seen if m]
    assert len(refusals) == 2 and refusals[0] == refusals[1]


def test_moves_after_the_end_are_refused_and_play_again_works() -> None:
    table = DecipherTable(bot="random", seed=12, human_first=True)
    play_out(table, break_at=3)
    final = table.state.to_json()
    page_message(table, {"type": "action", "text": "guess AS"})
    assert table.message == "illegal: the game is over; press Play again"
    assert table.state.to_json() == final
    page_message(table, {"type": "new_game"})
    assert table.message == ""
    assert table.view["phase"] == "play" and table.view["game_number"] == 2
    assert len(table.records) == 2 and table.records[0].replay().to_json() == final


# ---------------------------------------------------------------- forged trait updates
@pytest.mark.parametrize(
    "forged",
    [
        {"view": {"phase": "over", "columns": []}},
        {"view": "not even a dict"},
        {"message": "you win!"},
        {"view": {}, "message": "", "_esm": "export default {render(){}}"},
        {"no_such_trait": 1},
    ],
    ids=["view", "view-wrong-type", "message", "several", "unknown"],
)
def test_forged_trait_updates_are_reset(forged: dict[str, Any]) -> None:
    table = DecipherTable(bot="random", seed=13, human_first=True)
    view, esm, state = copy.deepcopy(table.view), table._esm, table.state.to_json()
    sent: list[dict[str, Any]] = []
    original_send = table._send
    table._send = lambda msg, buffers=None: (sent.append(msg), original_send(msg, buffers))  # type: ignore[method-assign]
    page_update(table, forged)
    assert table.view == view and table._esm == esm and table.state.to_json() == state
    assert table.message == "refused: the page may not change the table; it has been reset"
    # The true values are sent back to the page after the echo of the forged ones.
    updates = [m["state"] for m in sent if m["method"] == "update"]
    for key in forged:
        if key in table.keys and key != "message":
            assert any(u.get(key) == getattr(table, key) for u in updates), key


# ---------------------------------------------------------------- memory rule
def covered_cards(table: DecipherTable) -> dict[tuple[int, int], list[str]]:
    """Cards under the top of each pile: (player, column) -> cards."""
    return {
        (p, c): [str(card) for card, _ in pile[:-1]]
        for p, player in enumerate(table.state.piles)
        for c, pile in enumerate(player)
    }


def test_memory_rule_only_the_current_column_shows_its_history() -> None:
    table = DecipherTable(bot="solver", seed=21, human_first=True)
    checked_history = 0
    for _ in range(60):
        view = table.view
        if view["phase"] == "over":
            break
        text = as_text(view)
        current = view["column"]
        for (player, column), cards in covered_cards(table).items():
            mine = player == table.human_seat
            shown = cards_in(text, cards)
            if mine and column == current:
                history = view["columns"][column]["your_pile"]["history"]
                assert [e["card"] for e in history] == cards
                checked_history += bool(cards)
            else:
                assert not shown, f"covered cards {shown} of pile {(player, column)} are visible"
        for col in view["columns"]:
            assert col["bot_pile"]["history"] is None
            if not col["current"]:
                assert col["your_pile"]["history"] is None
        # Play on every column, so piles grow; break late.
        legal = view["legal"]
        if view["phase"] == "guess":
            action = f"guess {view['columns'][current]['your_card']}"
        elif view["turn_number"] >= 13 and "break" in legal:
            action = "break"
        else:
            action = next((a for a in legal if a.startswith("play ")), legal[0])
        page_message(table, {"type": "action", "text": action})
        assert table.message == ""
    assert checked_history >= 3, "the test never saw a pile with a history"


def test_log_shows_both_players_last_turns_and_no_covered_card() -> None:
    # seed 23: the random bot plays on (does not break) in its first two turns
    table = DecipherTable(bot="random", seed=23, human_first=True)
    for _ in range(3):
        page_message(table, {"type": "action", "text": f"play {table.view['hand'][0]}"})
    first_plays = [line for line in table.view["log"] if line.startswith("You play")]
    assert len(first_plays) == 3  # turn 3 starts: your turn 1 and the bot's turn 2 show
    assert any(line.startswith("The bot") for line in table.view["log"])
    page_message(table, {"type": "action", "text": f"play {table.view['hand'][0]}"})
    first_plays = [line for line in table.view["log"] if line.startswith("You play")]
    assert len(first_plays) == 1  # a card of turn 1 is covered now: turn 1 leaves the log


# ---------------------------------------------------------------- seeds and bots
def test_seed_from_the_environment_deals_a_known_game(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(SEED_ENV, "4242")
    table = DecipherTable(bot="random")
    assert table.record.seed == 4242
    expected = new_game(table_config(None), seed=4242)
    assert table.state.hidden == expected.hidden
    play_out(table, break_at=3)
    page_message(table, {"type": "new_game"})
    assert table.record.seed == 4243
    assert table.state.hidden == new_game(table_config(None), seed=4243).hidden


def test_without_a_seed_each_game_is_dealt_from_os_urandom() -> None:
    seeds = {DecipherTable(bot="random").record.seed for _ in range(4)}
    assert len(seeds) == 4


def test_a_bad_seed_in_the_environment_is_a_clear_error(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(SEED_ENV, "twelve")
    with pytest.raises(CipherkitError, match="CIPHERKIT_SEED must be a whole number"):
        DecipherTable(bot="random")


def test_an_unknown_bot_is_a_clear_error() -> None:
    with pytest.raises(CipherkitError, match="unknown decipher bot"):
        DecipherTable(bot="oracle", seed=1)


def test_a_failing_bot_is_replaced_by_a_legal_move_and_its_secrets_stay_in_the_kernel(
    caplog: pytest.LogCaptureFixture, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Log records in a kernel reach the page (stderr is forwarded), so the warning about
    a broken bot must not repeat what the bot said or tried to play."""
    from cipherkit.games.decipher import Play

    class Broken:
        name = "broken"
        calls = 0

        def act(self, observation: Any, legal: Any, rng: Any) -> Any:
            Broken.calls += 1
            hand = observation["hand"]
            if Broken.calls % 2:
                raise RuntimeError(f"my code is {observation['hidden'][1]}, my hand {hand}")
            return Play(Card.parse(observation["hidden"][1][0]))  # illegal: a code card

    caplog.set_level("WARNING")
    # The table's session makes its bot from the registry: a broken one named "random".
    monkeypatch.setattr("cipherkit.core.session.make_bot", lambda game, spec: Broken())
    table = DecipherTable(bot="random", seed=31, human_first=True)
    secrets = secret_cards(table)
    play_out(table, break_at=3)  # checks the synced state for leaks at every step
    assert table.view["phase"] == "over" and Broken.calls >= 2
    warnings_text = "\n".join(r.getMessage() for r in caplog.records)
    assert "broken bot failed (RuntimeError)" not in warnings_text  # the bot is named random
    assert "the random bot failed (RuntimeError)" in warnings_text
    assert "not legal; playing at random" in warnings_text
    assert not cards_in(warnings_text, secrets["bot code"] + secrets["bot hand"])


# ---------------------------------------------------------------- the front end files
def test_the_module_and_styles_are_files_beside_the_class() -> None:
    here = ROOT / "cipherkit" / "widgets"
    table = DecipherTable(bot="random", seed=1)
    own = (here / "decipher/table.js").read_text(encoding="utf-8")
    common = (here / "table_common.js").read_text(encoding="utf-8")
    css = (here / "decipher/table.css").read_text(encoding="utf-8")
    shared_css = (here / "table_common.css").read_text(encoding="utf-8")
    js = f"{common}\n{own}"
    bundle = (here / "decipher/table.bundle.js").read_text(encoding="utf-8")
    assert table._esm == bundle  # its module bundled with the shared one, helpers first
    assert bundle.index("function h(") < bundle.index("function render(")
    assert table._css == f"{shared_css}\n{css}"  # the shared styles first
    assert "export default" in js and "model.send" in js
    # No card names in the front end: keeps the leak scans free of false alarms.
    assert cards_in(js + css, ALL_CARDS) == []
    # The only messages the page sends.
    assert set(re.findall(r'send\(\{ type: "(\w+)"', js)) == {"action", "new_game", "saved"}


def test_the_puzzle_page_holds_no_hidden_content() -> None:
    notebook = json.loads((ROOT / "puzzles" / "decipher.ipynb").read_text(encoding="utf-8"))
    code = [c for c in notebook["cells"] if c["cell_type"] == "code"]
    assert all(not c.get("outputs") for c in code), "outputs must not be committed"
    source = "".join("".join(c["source"]) for c in notebook["cells"])
    assert "DecipherTable(save=True)" in source
    assert cards_in(source, ALL_CARDS) == []
    assert "seed" not in source.lower()


def test_the_page_holds_no_rule_number() -> None:
    """How many columns (and so guesses) a code has reaches the page in the view, read
    from the observation; the front end and the view builder hard-code none."""
    here = ROOT / "cipherkit" / "widgets"
    js = (here / "decipher/table.js").read_text(encoding="utf-8")
    assert "of 3 guesses" not in js and "last two turns" not in js
    assert "COLUMNS" not in (here / "decipher/view.py").read_text(encoding="utf-8")
    table = DecipherTable(bot="random", seed=3, human_first=True)
    assert len(table.view["columns"]) == len(table.state.observe(0)["piles"][0])
    assert table.view["log_turns"] >= 1
