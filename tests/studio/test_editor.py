"""The studio's widget from Python and from forged page messages (no browser)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import networkx as nx
import pytest

from cipherkit.games.mission.format.files import load
from cipherkit.studio import MissionEditor, StudioRefused

ROOT = Path(__file__).resolve().parents[2]
LAST_LIGHT = ROOT / "missions" / "08-last-light.yaml"


def sent(editor: MissionEditor) -> list[dict[str, Any]]:
    """What the widget sends to the page as custom messages, kept in a list."""
    out: list[dict[str, Any]] = []
    editor.send = out.append  # type: ignore[method-assign]
    return out


def test_opens_a_path_a_mission_a_graph_or_nothing() -> None:
    assert MissionEditor(LAST_LIGHT).yaml == LAST_LIGHT.read_text(encoding="utf-8")
    from_mission = MissionEditor(load(LAST_LIGHT))
    assert from_mission.mission is not None
    assert set(from_mission.graph.nodes) == set(load(LAST_LIGHT).map.nodes)
    graph = MissionEditor.from_graph(nx.path_graph(["gate", "hall"]))
    passage = graph.view["passages"][0]
    assert {passage["a"], passage["b"]} == {"gate", "hall"}
    assert [r["id"] for r in MissionEditor().view["rooms"]] == ["start"]


def test_an_edit_redraws_the_view_with_its_problems_and_says_it() -> None:
    editor = MissionEditor(LAST_LIGHT)
    editor.handle_message({"op": "add_room", "room": "far", "pos": [9, 9], "name": "Far"})
    far = next(r for r in editor.view["rooms"] if r["id"] == "far")
    assert (far["x"], far["y"], far["name"], far["marks"]) == (9, 9, "Far", ["error"])
    assert editor.view["errors"] == 1 and editor.view["can_undo"]
    assert editor.view["problems"][0]["room"] == "far"
    assert editor.said == "Room far added at (9, 9)."
    assert editor.message == ""
    editor.handle_message({"type": "undo"})
    assert editor.yaml == LAST_LIGHT.read_text(encoding="utf-8")
    assert editor.view["errors"] == 0 and editor.view["can_redo"]
    editor.handle_message({"type": "redo"})
    assert any(r["id"] == "far" for r in editor.view["rooms"])


@pytest.mark.parametrize(
    ("message", "reason"),
    [
        ({"op": "delete_room", "room": "attic"}, "There is no room 'attic' on the map."),
        ({"op": "move_room", "room": "lamp", "delta": [1e9, 0]}, "numbers must lie"),
        ({"op": "drop_tables"}, "There is no edit called 'drop_tables'."),
        ({"op": "set_room", "room": "lamp", "name": "x", "script": "alert(1)"}, "no field"),
        ({"type": "undo", "steps": 99}, "an edit has an 'op'"),
        ({"type": "playtest", "games": 10**6}, "from 1 to 1000 games"),
        ({"type": "playtest", "games": "all"}, "whole number"),
        (["op", "add_room"], "a message must be an object"),
        ({"op": "add_room", "room": "x" * 300_000}, "message too long"),
        ({"op": "connect", "a": "lamp", "b": "lamp"}, "itself"),
    ],
)
def test_a_forged_or_malformed_message_is_refused_and_changes_nothing(
    message: Any, reason: str
) -> None:
    editor = MissionEditor(LAST_LIGHT)
    before, view = editor.yaml, dict(editor.view)
    editor.handle_message(message)
    assert editor.message.startswith("refused: ") and reason in editor.message, editor.message
    assert editor.yaml == before and editor.view == view and not editor.draft.can_undo


def test_python_callers_get_the_refusal_as_an_exception() -> None:
    editor = MissionEditor(LAST_LIGHT)
    with pytest.raises(StudioRefused, match="no room 'attic'"):
        editor.edit({"op": "set_entrance", "room": "attic"})
    assert not editor.draft.can_undo


def test_save_writes_the_file_in_a_notebook_and_offers_a_download_on_a_page(
    tmp_path: Path,
) -> None:
    copy = tmp_path / "last-light.yaml"
    copy.write_bytes(LAST_LIGHT.read_bytes())
    editor = MissionEditor(copy)
    out = sent(editor)
    editor.handle_message({"op": "set_room", "room": "lamp", "name": "Lamp"})
    editor.handle_message({"type": "save"})
    assert copy.read_text(encoding="utf-8") == editor.yaml and out == []
    assert editor.said == "Saved to last-light.yaml."

    page = MissionEditor(copy, write=False)
    out = sent(page)
    page.handle_message({"op": "set_room", "room": "lamp", "name": "Lantern"})
    page.handle_message({"type": "save"})
    assert "Lantern" not in copy.read_text(encoding="utf-8")  # nothing written
    assert out == [{"type": "download", "name": "last-light.yaml", "text": page.yaml}]

    new = MissionEditor()
    out = sent(new)
    new.handle_message({"type": "save"})
    assert out[0]["name"] == "new-mission.yaml" and out[0]["text"] == new.yaml


def test_the_page_may_not_set_the_view() -> None:
    editor = MissionEditor(LAST_LIGHT)
    view = editor.view
    editor.set_state({"view": {"rooms": [], "passages": []}})
    assert editor.view == view and editor.message.startswith("refused:")


def test_a_playtest_runs_in_the_background_and_a_second_is_refused() -> None:
    editor = MissionEditor(ROOT / "missions" / "01-lantern-archive.yaml")
    editor.handle_message({"type": "playtest", "games": 40})
    assert editor.playtest["state"] == "running" and editor.playtest["total"] == 40
    assert editor.said == "Playtest started: 40 games."
    editor.handle_message({"type": "playtest", "games": 10})  # while the first runs
    assert editor.message == "refused: A playtest is already running; wait for it to finish."
    editor.handle_message({"op": "set_room", "room": "lobby", "name": "Great Lobby"})
    assert editor.message == ""  # editing stays live meanwhile
    final = editor.wait_for_playtest(timeout=120)
    assert final["state"] == "done" and final["done"] == 40
    lo, hi = final["interval"]
    assert lo <= final["win_rate"] <= hi
    assert sum(won + lost for _, won, lost in final["turns"]) == 40
    assert editor.said.startswith("Playtest done: win rate")


def test_a_mission_with_an_error_is_not_playtested() -> None:
    editor = MissionEditor()  # a new mission: no entrance, no answer
    editor.handle_message({"type": "playtest"})
    assert editor.message == "refused: Fix the mission's errors before a playtest."
    assert editor.playtest == {"state": "idle"}


def test_a_pages_playtests_take_at_most_half_the_time() -> None:
    from cipherkit.games.mission.format.files import load as load_mission
    from cipherkit.studio.playtest import BackgroundPlaytest

    now = iter([0.0, 0.0, 30.0, 30.0, 31.0, 61.0, 61.0, 62.0, 62.0]).__next__
    runs = BackgroundPlaytest(lambda state: None, processes=False, share=0.5, clock=now)
    mission = load_mission(ROOT / "missions" / "01-lantern-archive.yaml")
    runs.start(mission, games=2)  # at 0 s; it takes 30 s by the clock
    runs.wait()
    with pytest.raises(StudioRefused, match="start the next in 29 s"):
        runs.start(mission, games=2)  # at 31 s
    runs.start(mission, games=2)  # at 61 s
    runs.wait()


def test_the_cipher_view_and_the_window_analysis_follow_the_edits() -> None:
    editor = MissionEditor(ROOT / "missions" / "01-lantern-archive.yaml")
    assert editor.cipher["windows"]["teacup"] == [1]
    assert [c["content"] for c in editor.cipher["cells"]] == list("LAMP")
    assert set(editor.cipher["images"]) == {"kettle", "teacup", "scarf", "acorn", "gull", "bell"}
    first = editor.wait_for_analysis(timeout=300)  # (returns once done; slow on a busy CI)
    assert first["state"] == "done" and first["critical"] == ["kettle", "teacup", "acorn"]
    reports: list[dict[str, Any]] = []
    editor.observe(lambda change: reports.append(change["new"]), names="analysis")
    editor.edit({"op": "move_room", "room": "lobby", "delta": [1, 0]})
    assert reports == []  # where a room is does not change which glyphs settle the answer
    editor.edit(
        {"op": "set_answer", "solution": "LAMP", "card": [["kettle", "teacup"], ["scarf", "acorn"]]}
    )
    assert editor.cipher["windows"]["scarf"] == [2] and editor.cipher["cells"][2]["word"] == 1
    final = editor.wait_for_analysis(timeout=60)
    assert reports[0] == {"state": "running"} and final["state"] == "done"
    editor.edit({"op": "delete_room", "room": "lobby"})  # an error: nothing to analyse
    assert editor.analysis == {"state": "none"}


def test_print_makes_the_pdf_beside_the_file_or_offers_it_as_a_download(
    tmp_path: Path,
) -> None:
    copy = tmp_path / "lantern.yaml"
    copy.write_bytes((ROOT / "missions" / "01-lantern-archive.yaml").read_bytes())
    editor = MissionEditor(copy)
    editor.handle_message({"type": "print"})
    assert (tmp_path / "lantern.pdf").read_bytes().startswith(b"%PDF-")
    assert editor.said == "Printed to lantern.pdf."

    page = MissionEditor(copy, write=False)
    out: list[Any] = []
    page.send = lambda content, buffers=None: out.append((content, buffers))  # type: ignore[method-assign]
    page.handle_message({"type": "print"})
    ((content, buffers),) = out
    assert content == {"type": "download", "name": "lantern-archive.pdf", "mime": "application/pdf"}
    assert bytes(buffers[0]).startswith(b"%PDF-")

    broken = MissionEditor()
    broken.handle_message({"type": "print"})
    assert broken.message == "refused: Fix the mission's errors before printing it."


def test_tuning_gives_advice_the_author_applies_as_one_edit() -> None:
    editor = MissionEditor(ROOT / "missions" / "01-lantern-archive.yaml")
    editor.handle_message({"type": "tune", "win_rate": 2})
    assert editor.message == "refused: The win rate to aim at is a number from 0 to 1."
    editor.handle_message({"type": "tune", "win_rate": 0.6, "games": 20})
    assert editor.playtest["state"] == "tuning"
    editor.handle_message({"type": "playtest"})  # one run at a time, tuning included
    assert editor.message == "refused: A playtest is already running; wait for it to finish."
    final = editor.wait_for_playtest(timeout=300)
    assert final["state"] == "tuned" and final["advice"].startswith("Set deck.values: ")
    assert f"a deck of {final['values']} values" in editor.said
    editor.handle_message(
        {"op": "set_field", "field": "deck", "value": {"values": final["values"]}}
    )
    assert editor.mission is not None and editor.mission.deck.values == final["values"]


def test_a_worker_ends_when_the_kernel_that_started_it_is_killed(tmp_path: Path) -> None:
    import os
    import signal
    import subprocess
    import sys
    import time

    import psutil

    code = (
        "import os, time\n"
        "from cipherkit.studio.workers import submit\n"
        "submit(sum, [1]).result(timeout=120)\n"
        "print(os.getpid(), flush=True)\n"
        "time.sleep(300)\n"
    )
    kernel = subprocess.Popen([sys.executable, "-c", code], stdout=subprocess.PIPE, text=True)
    assert kernel.stdout is not None
    int(kernel.stdout.readline())
    started = psutil.Process(kernel.pid).children(recursive=True)
    assert started, "no fork server or worker was started"
    forkserver_family = set()
    for child in started:
        forkserver_family |= {child.pid} | {c.pid for c in child.children(recursive=True)}
    os.kill(kernel.pid, signal.SIGKILL)
    kernel.wait()
    deadline = time.monotonic() + 15
    while time.monotonic() < deadline:
        alive = [
            p
            for p in forkserver_family
            if psutil.pid_exists(p) and psutil.Process(p).status() != psutil.STATUS_ZOMBIE
        ]
        if not alive:
            break
        time.sleep(0.2)
    assert not alive, f"still running after the kernel was killed: {alive}"
