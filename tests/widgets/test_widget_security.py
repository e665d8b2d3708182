"""Security properties every cipherkit widget shares (DESIGN.md, "Hidden information").

* A widget syncs only ``view`` and ``message`` (besides anywidget's own code and id);
  anything new must be added here on purpose.
* Several widgets live in one kernel, as on a page: the state of *every* live widget is
  dumped (``ipywidgets.Widget.widgets`` -> ``get_state()``, what the
  ``jupyter.widget.control`` comm's ``request_states`` returns) after every step of whole
  games and searched for what is still hidden in any of them.
* A forged update of any synced trait is reset, and forged custom messages to the
  lessons' workbench and exercise box reveal nothing and solve nothing; the front ends
  set HTML only from kernel-drawn SVG and send only their declared messages.
* The view builders are pure Python: they import without the notebook stack.
"""

from __future__ import annotations

import re
import subprocess
import sys
import warnings
from pathlib import Path
from typing import Any

import ipywidgets
import pytest

from cipherkit.ciphers.exercises import make_check
from cipherkit.games.mission import Mission, MissionBuilder
from cipherkit.widgets import (
    DecipherTable,
    ExerciseBox,
    GenericTable,
    InterceptTable,
    MissionTable,
    Replay,
    Workbench,
)
from cipherkit.widgets.mission.table import table_config
from tests.widgets.intercept_games import play_out as play_intercept
from tests.widgets.intercept_games import secret_keywords
from tests.widgets.leaks import cards_in
from tests.widgets.mission_games import heist_mission, mission_secrets, play_out, vault_mission
from tests.widgets.page_messages import all_synced_state, page_message, page_update, synced_data
from tests.widgets.records import bot_record, mission_record

SECRET_TEXT = "meet the courier beneath the clocktower at midnight"
EXERCISE_ANSWER = "LIGHTHOUSE KEEPER"

ROOT = Path(__file__).resolve().parents[2]
WIDGETS = ROOT / "cipherkit" / "widgets"
ANYWIDGET_OWN = {"_esm", "_css", "_anywidget_id"}
WIDGET_BASE = set(ipywidgets.DOMWidget().keys)


@pytest.fixture(autouse=True)
def _close_widgets():
    yield
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)
        registry = ipywidgets.Widget.widgets
    for widget in list(registry.values()):
        widget.close()


def cellar_mission() -> Mission:
    """A third mission whose hidden words differ from the vault's and the heist's."""
    b = MissionBuilder("cellar", title="The Cellar", question="Which vintage?")
    b.glyph("cork", "GRAPPA").glyph("cask", "BORDEAUX").glyph("dust", None)
    b.word("cork", "cask")
    b.room("stairs", pos=(0, 0), entrance=True, stack=["dust", "cork"])
    b.room("racks", pos=(1, 0), stack=["cask", "camera"])
    b.passage("stairs", "racks")
    return b.build()


def quick_cards_in(text: str, cards: list[str]) -> list[str]:
    """:func:`~tests.widgets.leaks.cards_in`, trying a plain substring search first (the
    registry's text is large and most cards are not in it at all)."""
    from cipherkit.games.decipher.cards import Card

    def maybe(card: str) -> bool:
        pretty = Card.parse(card).pretty
        escaped = pretty[:-1] + f"\\u{ord(pretty[-1]):04x}"
        return card in text or pretty in text or escaped in text

    return cards_in(text, [c for c in cards if maybe(c)])


def make_widgets() -> dict[str, Any]:
    return {
        "decipher": DecipherTable(bot="random", seed=1, human_first=True),
        "mission": MissionTable(vault_mission(), players=2, humans=[0], bots="planner", seed=2),
        "replay": Replay(mission_record(), viewer=0),
        "intercept": InterceptTable(players=4, seat=0, bots="random", seed=3),
        "workbench": Workbench(cipher="keyword", key="ZEBRAS", secret=SECRET_TEXT),
        "exercise": ExerciseBox("Who?", *make_check(EXERCISE_ANSWER, salt="q9")),
        "generic": GenericTable("decipher", bots="random", seed=4, config={"first_player": 0}),
    }


def test_widgets_sync_only_view_message_and_their_words() -> None:
    """The view, the last refusal, and the widget's language and front-end words (the
    catalog's, issue 47): nothing else reaches the page."""
    for name, widget in make_widgets().items():
        synced = set(widget.keys) - WIDGET_BASE - ANYWIDGET_OWN
        assert synced == {"view", "message", "words", "lang"}, (name, synced)


def test_every_synced_trait_resists_a_forged_update() -> None:
    for name, widget in make_widgets().items():
        for key in sorted(set(widget.keys) - {"_model_id"}):
            before = widget.get_state()
            page_update(widget, {key: "forged" if key != "view" else {"forged": True}})
            after = widget.get_state()
            after.pop("message", None), before.pop("message", None)
            assert after == before, (name, key)
            assert widget.message.startswith("refused: the page may not change"), (name, key)


def test_many_widgets_in_one_kernel_never_leak_over_whole_games() -> None:
    """A heist table (two people), a vault table (one person and bots), a replay of a
    cellar game, a Decipher table and an intercept table, all alive together: after
    every step of the three tables' games the whole widget registry is searched for
    every still-hidden value of every game."""
    heist = MissionTable(heist_mission(), players=2, bots="planner", seed=31)
    vault = MissionTable(vault_mission(), players=3, humans=[1], bots="planner", seed=32)
    record = bot_record("mission", table_config(cellar_mission(), 2), 33, "random")
    replay = Replay(record, viewer=1)
    decipher = DecipherTable(bot="solver", seed=34, human_first=True)
    intercept = InterceptTable(players=4, seat=1, bots="ck", seed=35)
    bench = Workbench(cipher="vigenere", key="ZEBRAS", secret=SECRET_TEXT)
    salt, digest = make_check(EXERCISE_ANSWER, salt="q9")
    exercise = ExerciseBox("Who keeps the light?", salt, digest)
    replayed = replay._states

    def secrets() -> list[str]:
        found: list[str] = ["COURIER", "courier", "ZEBRAS", EXERCISE_ANSWER, salt, digest]
        for state in (heist.state, vault.state, replayed[replay.step]):
            for values in mission_secrets(state).values():
                found.extend(values)
        return found

    def bot_cards() -> list[str]:
        state = decipher.state
        return [str(c) for c in [*state.hidden[1], *state.hands[1], *state.deck]]

    steps = 0

    def check(_: Any, step: int) -> None:
        nonlocal steps
        steps += 1
        text = all_synced_state()
        leaked = [s for s in secrets() if s in text]
        assert not leaked, f"step {step}: {leaked} in a synced trait"
        assert not quick_cards_in(text, bot_cards()), f"step {step}: a hidden card is synced"
        words = synced_data().lower()
        for word in secret_keywords(intercept):
            assert not re.search(rf"\b{re.escape(word)}\b", words), f"step {step}: {word}"
        # The student works at the lesson widgets meanwhile.
        if step % 5 == 0:
            page_message(bench, {"type": "hint"})
            page_message(exercise, {"type": "check", "answer": f"guess {step}"})
        # Move the replay on with the games, one step at a time.
        if replay.step < replay.view["steps"]:
            page_message(replay, {"type": "seek", "step": replay.step + 1})
            assert replay.message == ""

    play_out(heist, check=check)
    play_out(vault, check=check)
    play_intercept(intercept, check=check)
    assert steps >= 20 and replay.step >= 10
    assert bench.view["hint"] and exercise.view["tries"] >= 4 and not exercise.view["solved"]


LESSON_FORGERIES: list[Any] = [
    {"type": "check", "answer": "lighthouse"},
    {"type": "check", "answer": EXERCISE_ANSWER[:-1], "solved": "true"},
    {"type": "reveal"},
    {"type": "answer"},
    {"type": "solve"},
    {"type": "set", "text": "replace the secret"},
    {"type": "set", "key": ["Z"]},
    {"type": "set", "cipher": "enigma"},
    {"type": "run", "direction": "decrypt"},
    {"type": "run", "direction": "reveal"},
    {"type": "assign", "cipher_letter": "AB", "plain_letter": "C"},
    {"type": "check", "answer": "A" * 100_000},
    {"type": "hint", "secret": {"nested": [1] * 50}},
    ["not", "a", "dict"],
    "check",
    None,
]


def test_forged_messages_to_the_lesson_widgets_reveal_and_solve_nothing() -> None:
    """Every forged custom message and trait update to a locked workbench and an
    exercise box: the exercise stays unsolved, the workbench keeps its text, and
    neither the secret plaintext, its key, the answer, the salt nor the hash is ever
    synced or put in a message."""
    bench = Workbench(cipher="keyword", key="ZEBRAS", secret=SECRET_TEXT)
    salt, digest = make_check(EXERCISE_ANSWER, salt="q9")
    box = ExerciseBox("Who keeps the light?", salt, digest)
    text = bench.view["text"]
    for content in LESSON_FORGERIES:
        for widget in (bench, box):
            page_message(widget, content)
    page_message(bench, {"type": "x"}, buffers=[b"\x00" * 10])
    page_update(box, {"view": {**box.view, "solved": True, "correct": True}})
    page_update(bench, {"view": {**bench.view, "text": SECRET_TEXT}, "message": "ok"})
    assert not box.view["solved"] and not box.view["correct"]
    assert bench.view["text"] == text
    synced = all_synced_state()
    for secret in ("COURIER", "courier", "ZEBRAS", "LIGHTHOUSE", salt, digest):
        assert secret not in synced, secret
    assert box.message.startswith("refused") and bench.message.startswith("refused")


# ---------------------------------------------------------------- the front ends
FRONT_ENDS = {
    "decipher/table.js": {"action", "new_game"},
    "mission/table.js": {"action", "claim", "new_game"},
    "replay.js": {"seek", "viewer"},
    "intercept/table.js": {"action", "check", "new_game"},
    "workbench.js": {"set", "run", "assign", "hint", "clear", "crack", "cancel"},
    "exercises.js": {"check", "class", "leave_class", "roster"},
    "generic/table.js": {"action", "new_game"},
    "table_common.js": {"saved", "new_game"},
}


@pytest.mark.parametrize("name", sorted(FRONT_ENDS))
def test_front_ends_send_only_their_messages_and_run_no_strings(name: str) -> None:
    js = (WIDGETS / name).read_text(encoding="utf-8")
    # the types of HTML elements (h("button", { type: "submit" }) ...) are not messages
    sent = set(re.findall(r'\{ type: "(\w+)"', js)) - {"button", "submit", "text", "range"}
    assert sent == FRONT_ENDS[name]
    for danger in ("eval(", "new Function", "fetch(", "XMLHttpRequest", "document.write"):
        assert danger not in js, (name, danger)
    for target in re.findall(r"(\w+)\.innerHTML = (\S+?);", js):
        assert target[1] in ("svgText", 'view.glyph_icons[glyph] || ""'), (name, target)
    assert "save_changes" not in js and "model.set(" not in js  # the page sets no trait


def test_the_view_builders_import_without_the_notebook_stack() -> None:
    code = """
import sys
class Block:
    def find_spec(self, name, path=None, target=None):
        if name.split('.')[0] in ('ipywidgets', 'anywidget', 'IPython', 'voila', 'traitlets'):
            raise ImportError('blocked: ' + name)
sys.meta_path.insert(0, Block())
from cipherkit.widgets.mission.view import BoardArt, build_view
import cipherkit.widgets.decipher.view
import cipherkit.widgets.intercept.view
import cipherkit.widgets.generic.view
print('ok')
"""
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert done.returncode == 0 and done.stdout.strip() == "ok", done.stderr
