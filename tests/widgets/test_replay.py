"""Replay on the Python side: records of every game, stepped through page messages.

At every step and for every viewer the page may choose, the synced state of every live
widget is searched for what that viewer may not know at that step, and the view is
rebuilt from a hidden variant of the step's state (same observation for the viewer)
and must be identical. The omniscient view exists only when asked for in Python.
"""

from __future__ import annotations

import copy
import dataclasses
import json
import subprocess
import sys
import warnings
from pathlib import Path
from typing import Any

import ipywidgets
import pytest

from cipherkit.core.errors import CipherkitError
from cipherkit.core.record import Record
from cipherkit.core.registry import get_game
from cipherkit.core.rng import Rng
from cipherkit.widgets import Replay
from cipherkit.widgets.replay import OMNISCIENT
from tests.widgets.leaks import cards_in
from tests.widgets.mission_games import mission_secrets
from tests.widgets.page_messages import all_synced_state, page_message, page_update
from tests.widgets.records import bot_record, mission_record

ROOT = Path(__file__).resolve().parents[2]
BIG_SEED = 765_432_109_876


@pytest.fixture(autouse=True)
def _close_widgets():
    yield
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)
        registry = ipywidgets.Widget.widgets
    for widget in list(registry.values()):
        widget.close()


def seek(replay: Replay, step: int) -> None:
    page_message(replay, {"type": "seek", "step": step})
    assert replay.message == "", replay.message
    assert replay.view["step"] == step


def choose(replay: Replay, viewer: str) -> None:
    page_message(replay, {"type": "viewer", "viewer": viewer})
    assert replay.message == "", replay.message


def assert_view_ignores_hidden(replay: Replay, step: int, viewer: Any, rng: Rng) -> bool:
    """The step's view, rebuilt from a state the viewer cannot tell apart, is the same."""
    spec = get_game(replay.record.game)
    state = replay._states[step]
    twin = spec.hidden_variants(state, viewer, rng)
    assert twin.observe(viewer) == state.observe(viewer)
    replay._states[step] = twin
    try:
        assert replay.view_at(step, viewer) == replay.view, "the view depends on something hidden"
    finally:
        replay._states[step] = state
    return twin.to_json() != state.to_json()


# ---------------------------------------------------------------- whole records
@pytest.mark.parametrize(("seed", "bot"), [(5, "planner"), (6, "random")])
def test_a_mission_replay_shows_each_viewer_only_what_it_knows(seed: int, bot: str) -> None:
    record = mission_record(seed, bot=bot)
    replay = Replay(record)
    assert [v["id"] for v in replay.view["viewers"]] == ["0", "1", "spectator"]
    rng = Rng(seed)
    differed = checked = 0
    steps = replay.view["steps"]
    assert steps == len(record.actions) >= 10
    for step in range(steps + 1):
        seek(replay, step)
        for viewer in (0, 1, "spectator"):
            choose(replay, str(viewer))
            state = replay.state
            text = all_synced_state()
            for what, secrets in mission_secrets(state).items():
                found = [s for s in secrets if s in text]
                assert not found, f"step {step}, viewer {viewer}: {what} {found} are synced"
                checked += 1
            hands = replay.view["board"]["tables"][0]["rows"]
            for c, row in enumerate(hands):
                mine = isinstance(viewer, int) and state.seat_of[c] == viewer
                if not (mine or state.outcome is not None):
                    shown = row[2].endswith((" card", " cards"))  # a count, not the cards
                    assert shown, f"step {step}: {row} shown to {viewer}"
            differed += assert_view_ignores_hidden(replay, step, viewer, rng)
    assert checked > steps and differed > steps
    # Positive control: the last step (the mission is over) shows the answer to everyone.
    assert replay.state.outcome is not None
    assert replay.state.true_answer() in all_synced_state()


def test_a_decipher_replay_never_shows_the_other_code_before_the_reveal() -> None:
    record = bot_record("decipher", None, BIG_SEED, "solver")
    replay = Replay(record, viewer=0)
    rng = Rng(1)
    steps = replay.view["steps"]
    for step in range(steps + 1):
        seek(replay, step)
        state = replay.state
        if state.outcome is not None:
            continue
        secret = [str(c) for c in state.hidden[1]] + [str(c) for c in state.hands[1]]
        secret += [str(c) for c in state.deck]
        found = cards_in(all_synced_state(), secret)
        assert not found, f"step {step}: hidden cards {found} are synced"
        assert_view_ignores_hidden(replay, step, 0, rng)
    seek(replay, steps)
    code = [str(c) for c in replay.state.hidden[1]]
    assert sorted(cards_in(all_synced_state(), code)) == sorted(code)  # positive control
    # The recorded actions (a guess names a card) and the seed never reach the page.
    text = all_synced_state()
    assert str(BIG_SEED) not in text
    assert not [t for _, t in record.actions if t.startswith("guess ") and t in text]


def test_play_steps_forward_one_seek_at_a_time() -> None:
    replay = Replay(mission_record(), viewer="spectator")
    seen = []
    for step in range(replay.view["steps"] + 1):
        seek(replay, step)
        seen.append(replay.view["events"])
    assert seen[0] == [] and all(isinstance(e, list) for e in seen)
    assert sum(len(e) for e in seen) >= replay.view["steps"]
    assert replay.view["over"] and replay.view["outcome"].startswith(("Won by", "Lost"))


# ---------------------------------------------------------------- the omniscient view
def test_the_omniscient_view_exists_only_when_asked_for_in_python() -> None:
    record = mission_record()
    replay = Replay(record)
    ids = [v["id"] for v in replay.view["viewers"]]
    assert OMNISCIENT not in ids and not replay.view["omniscient"]
    page_message(replay, {"type": "viewer", "viewer": OMNISCIENT})
    assert replay.message == "refused: this replay shows only: Mara, Teo, Spectator"
    answer = replay._states[0].true_answer()
    assert answer not in all_synced_state()

    author = Replay(record, omniscient=True)
    assert author.view["omniscient"] and author.view["viewers"] == [
        {"id": OMNISCIENT, "label": "Author (omniscient: everything, hidden included)"}
    ]
    truth = author.view["board"]["tables"][-1]
    assert truth["truth"] and truth["rows"][0] == ["answer", answer]
    page_message(author, {"type": "viewer", "viewer": "spectator"})
    assert author.message.startswith("refused: this replay shows only: Author")
    assert author.view["omniscient"]
    with pytest.raises(CipherkitError, match="an omniscient replay shows the true state only"):
        Replay(record, viewer=0, omniscient=True)


def test_the_author_can_fix_the_viewer() -> None:
    replay = Replay(mission_record(), viewer=0, viewers=[0])
    assert replay.view["viewers"] == [{"id": "0", "label": "Mara"}]
    page_message(replay, {"type": "viewer", "viewer": "1"})
    assert replay.message == "refused: this replay shows only: Mara"
    assert replay.view["viewer"] == "0"
    with pytest.raises(CipherkitError, match="mission viewers are"):
        Replay(mission_record(), viewers=[7])


def test_a_decipher_omniscient_replay_shows_both_codes() -> None:
    record = bot_record("decipher", None, 3, "random")
    author = Replay(record, omniscient=True)
    state = author.state
    code = [str(c) for c in state.hidden[1]]
    assert sorted(cards_in(all_synced_state(), code)) == sorted(code)


# ---------------------------------------------------------------- messages
BAD: list[tuple[str, Any, str]] = [
    ("text", "seek 3", "refused: a message must be an object"),
    ("step as text", {"type": "seek", "step": "3"}, "refused: a step is a whole number"),
    ("step as bool", {"type": "seek", "step": True}, "refused: a step is a whole number"),
    ("negative step", {"type": "seek", "step": -1}, "refused: steps go from 0 to"),
    ("step past the end", {"type": "seek", "step": 10_000}, "refused: steps go from 0 to"),
    ("extra field", {"type": "seek", "step": 1, "viewer": "omniscient"}, "refused: a seek"),
    ("viewer as number", {"type": "viewer", "viewer": 0}, "refused: a viewer is short text"),
    ("unknown viewer", {"type": "viewer", "viewer": "team:white"}, "refused: this replay"),
    ("omniscient", {"type": "viewer", "viewer": "omniscient"}, "refused: this replay"),
    ("unknown type", {"type": "state"}, "refused: unknown message type"),
    ("huge", {"type": "viewer", "viewer": "x" * 10_000}, "refused: message too long"),
]


@pytest.mark.parametrize(("what", "content", "reason"), BAD, ids=[b[0] for b in BAD])
def test_bad_messages_are_refused_and_change_nothing(what: str, content: Any, reason: str) -> None:
    replay = Replay(mission_record(), viewer=0, step=2)
    before = copy.deepcopy(replay.view)
    page_message(replay, content)
    assert replay.message.startswith(reason), (what, replay.message)
    assert replay.view == before


def test_forged_updates_are_reset() -> None:
    replay = Replay(mission_record(), viewer=0)
    before = copy.deepcopy(replay.view)
    page_update(replay, {"view": dict(before, viewer=OMNISCIENT, step=9)})
    assert replay.view == before
    assert replay.message == "refused: the page may not change the replay; it has been reset"


# ---------------------------------------------------------------- records in and out
def test_records_load_from_files_and_dicts(tmp_path: Path) -> None:
    record = mission_record()
    path = tmp_path / "game.json"
    record.save(path)
    by_path = Replay(path, step=-1)
    by_dict = Replay(record.to_json(), step=-1)
    assert by_path.view == by_dict.view and by_path.view["over"]
    assert by_path.view["step"] == len(record.actions)
    text = all_synced_state()
    assert '"solution"' not in text and '"glyphs": {' not in text  # no config on the page


def test_a_record_that_does_not_replay_is_a_clear_error() -> None:
    record = mission_record()
    broken = Record(record.game, record.config, record.seed, [*record.actions[:3], (0, "fly")])
    with pytest.raises(CipherkitError, match="record does not replay at move 4"):
        Replay(broken)
    with pytest.raises(CipherkitError, match="Replay needs a Record"):
        Replay(42)  # type: ignore[arg-type]


def test_the_module_and_styles_are_files_beside_the_class() -> None:
    here = ROOT / "cipherkit" / "widgets"
    replay = Replay(mission_record())
    js = (here / "replay.js").read_text(encoding="utf-8")
    common = (here / "table_common.js").read_text(encoding="utf-8")  # the shared h(), first
    bundle = (here / "replay.bundle.js").read_text(encoding="utf-8")
    assert replay._esm == bundle and "function h(" in common  # the shared h(), bundled
    assert bundle.index("function h(") < bundle.index("function render(")
    assert replay._css == (here / "replay.css").read_text(encoding="utf-8")
    sent = {m for m in ("seek", "viewer", "action", "claim") if f'type: "{m}"' in js}
    assert sent == {"seek", "viewer"}
    assert '"omniscient"' not in js  # the page never names it, let alone asks for it
    assert json.dumps(replay.view).count("svg") >= 2


def test_an_intercept_replay_hides_the_other_teams_keywords_and_codes() -> None:
    import re

    from tests.widgets.page_messages import synced_data

    record = bot_record("intercept", {"players": 4}, 21, "ck")
    replay = Replay(record, viewer="team:white", viewers=["team:white", 1])
    rng = Rng(2)
    steps = replay.view["steps"]
    differed = 0
    for step in range(steps + 1):
        seek(replay, step)
        state = replay.state
        if state.outcome is not None:
            continue
        public = " ".join(state.log).lower()
        text = synced_data().lower()
        hidden = [w for w in state.keywords[1] if w not in public]
        found = [w for w in hidden if re.search(rf"\b{re.escape(w)}\b", text)]
        assert not found, f"step {step}: Black's keywords {found} are synced"
        differed += assert_view_ignores_hidden(replay, step, "team:white", rng)
    assert differed >= steps // 2
    assert replay.view["board"]["tables"][1]["title"] == "Note sheet"
    assert all(w in all_synced_state() for w in replay.state.keywords[1])  # after the end


# ---------------------------------------------------------------- hooks, not game names
def test_replay_knows_no_game_by_name() -> None:
    """Every game-specific part comes from the game's GameSpec hooks."""
    source = (ROOT / "cipherkit" / "widgets" / "replay.py").read_text(encoding="utf-8")
    code = source.split('"""', 2)[2]  # past the module docstring (its example is a game)
    for name in ("mission", "decipher", "intercept", "BoardArt", "true_answer", "seat_of"):
        assert name not in code, name
    for game in ("mission", "decipher", "intercept"):
        spec = get_game(game)
        assert spec.title is not None and spec.board is not None, game
    mission = get_game("mission")
    assert mission.seat_names is not None and mission.omniscient is not None


def test_the_presentation_hooks_need_no_notebook_library() -> None:
    """The hooks are plain functions of a state or an observation: they run with the
    notebook stack and cipherkit.widgets unimportable."""
    code = """
import sys
class Block:
    def find_spec(self, name, path=None, target=None):
        top = name.split('.')[0]
        if top in ('ipywidgets', 'anywidget', 'IPython', 'voila', 'traitlets') or (
            name.startswith('cipherkit.widgets')
        ):
            raise ImportError('blocked: ' + name)
sys.meta_path.insert(0, Block())
from cipherkit.core.registry import get_game
for game, config in (("decipher", None), ("intercept", None), ("mission", {"players": 2})):
    spec = get_game(game)
    state = spec.new_game(config, seed=3)
    spec.title(state)
    board = spec.board(state.observe("spectator"), None)
    assert board["facts"] and board["tables"], game
    if spec.omniscient is not None:
        obs, truth = spec.omniscient(state)
        drawn = spec.board(obs, truth)
        assert (drawn["svg"] or "<svg").startswith("<svg") and drawn["tables"], game
print('ok')
"""
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert done.returncode == 0 and done.stdout.strip() == "ok", done.stderr


def test_a_game_without_hooks_gets_the_generic_views(monkeypatch: pytest.MonkeyPatch) -> None:
    bare = dataclasses.replace(
        get_game("decipher"), title=None, seat_names=None, omniscient=None, board=None
    )
    monkeypatch.setattr("cipherkit.widgets.replay.get_game", lambda name: bare)
    record = bot_record("decipher", {"first_player": 0}, 4, "random")
    replay = Replay(record, viewer=0, step=-1)
    view = replay.view
    assert view["title"] == "Decipher" and view["board"]["svg"] is None
    assert {"phase", "deck size"} <= {fact[0] for fact in view["board"]["facts"]}
    assert "piles" in view["board"]["details"]
    author = Replay(record, omniscient=True).view
    assert author["board"]["tables"][-1]["truth"] is True
    truth = dict(author["board"]["tables"][-1]["rows"])
    assert "hidden" in truth and "rng" not in truth and "config" not in truth
