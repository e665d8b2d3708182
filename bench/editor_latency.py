"""Mission studio latency in Python: an intent applied with validation, and undo/redo
(issue 45; targets: intent + problems p95 <= 100 ms, undo and redo p95 <= 50 ms; through
the widget, an intent to the redrawn view p95 <= 100 ms, <= 200 ms while a 200-game
playtest runs in the background).

On the 10-room ``last-light`` mission a :class:`~cipherkit.studio.Draft` takes a cycle
of intents (a several-room move, a rename, a stack size, a passage joined and changed,
the entrance, the answer, the glyph style); each is timed from the ``{"op": ...}``
message to ``draft.problems`` computed (what ``cipherkit validate`` says of the new
text), as the editor does after every edit. Undo and redo are timed alone and with the
problems recomputed.

Then the same cycle through the widget (``widget``): a
:class:`~cipherkit.studio.MissionEditor` handles each message as the page's would be
handled (the intent checked, applied, validated; the map's view, the cipher's view and
the live window analysis's request made; the view serialised as JSON, as it goes to the
page), quiet and while a 200-game playtest runs in the background (``while_playtest``:
the edits made until it ends). No browser: the page's drawing is not timed.

Wall times, and under ``cpu`` the same steps' process CPU time (a busy machine's waits
left out), with the load average. Prints JSON to stdout; ``--edits N`` (default 300),
``--quick`` (40 edits).

    .venv/bin/python bench/editor_latency.py
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import time
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import Any

from benchmarks import machine_info

from cipherkit.studio import Draft, MissionEditor

MISSION = Path(__file__).resolve().parents[1] / "missions" / "08-last-light.yaml"

CYCLE: list[dict[str, Any]] = [
    {"op": "move_room", "rooms": ["lamp", "watch", "service"], "delta": [1, 0]},
    {"op": "set_room", "room": "cottage", "name": "The Keeper's Cottage"},
    {"op": "set_room", "room": "boathouse", "stack_size": 4},
    {"op": "connect", "a": "gallery", "b": "base", "kind": "wall"},
    {"op": "connect", "a": "watch", "b": "lamp"},
    {"op": "set_entrance", "room": "boathouse"},
    {"op": "set_answer", "solution": "UNDER THE LAMP"},
    {"op": "set_glyph_style", "style": "runes", "seed": 7},
    {"op": "add_room", "room": "jetty", "pos": [-1, 0], "name": "Jetty"},
    {"op": "move_room", "room": "causeway", "to": [0, -1]},
]


def _ms(samples: list[float]) -> dict[str, float]:
    ordered = sorted(samples)
    p95 = ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]
    return {
        "median_ms": round(1000 * statistics.median(ordered), 3),
        "p95_ms": round(1000 * p95, 3),
        "max_ms": round(1000 * ordered[-1], 3),
        "n": len(ordered),
    }


CPU: dict[str, list[float]] = {}
"""The process CPU time of each timed step, by measure: on a shared, busy machine the
wall time also counts the waits for a core."""


def _timed(step: Callable[[], Any], name: str = "") -> float:
    start, cpu = time.perf_counter(), time.process_time()
    step()
    CPU.setdefault(name, []).append(time.process_time() - cpu)
    return time.perf_counter() - start


def _edit_and_check(draft: Draft, message: dict[str, Any]) -> None:
    draft.edit(message)
    draft.problems  # noqa: B018 - computed as the editor does after each edit


def measure(edits: int) -> dict[str, Any]:
    """Edits, undos and redos on one draft; each edit is undone, redone and undone."""
    draft = Draft.open(MISSION)
    opened = draft.problems  # the opened text's problems, as the editor shows them at once
    edit, undo, redo, undo_checked, redo_checked = [], [], [], [], []
    for i in range(edits):
        message = CYCLE[i % len(CYCLE)]
        edit.append(_timed(partial(_edit_and_check, draft, message), "intent_with_problems"))
        undo.append(_timed(draft.undo, "undo"))
        redo.append(_timed(draft.redo, "redo"))
        undo_checked.append(_timed(lambda: (draft.undo(), draft.problems), "undo_with_problems"))
        redo_checked.append(_timed(lambda: (draft.redo(), draft.problems), "redo_with_problems"))
        draft.undo()
    assert draft.text == MISSION.read_text(encoding="utf-8")
    return {
        "mission": "last-light",
        "rooms": draft.graph.number_of_nodes(),
        "problems_when_opened": len(opened),
        "intent_with_problems": _ms(edit),
        "undo": _ms(undo),
        "redo": _ms(redo),
        "undo_with_problems": _ms(undo_checked),
        "redo_with_problems": _ms(redo_checked),
        "cpu": {name: _ms(samples) for name, samples in CPU.items()},
        "load_average": list(os.getloadavg()),
        "targets_ms": {"intent_with_problems_p95": 100, "undo_redo_p95": 50},
    }


def _handled(editor: MissionEditor, message: dict[str, Any]) -> None:
    editor.handle_message(message)
    assert not editor.message, editor.message
    json.dumps(editor.view), json.dumps(editor.cipher)  # what goes to the page


def measure_widget(edits: int, games: int = 200) -> dict[str, Any]:
    """The cycle through the widget, quiet, then while ``games`` games play."""
    editor = MissionEditor(MISSION)
    editor.wait_for_analysis(60)
    quiet, undo_redo = [], []
    for i in range(edits):
        step = CYCLE[i % len(CYCLE)]
        quiet.append(_timed(partial(_handled, editor, step), "widget_intent_to_view"))
        undo_redo.append(_timed(partial(_handled, editor, {"type": "undo"}), "widget_undo"))
        undo_redo.append(_timed(partial(_handled, editor, {"type": "redo"}), "widget_redo"))
        _handled(editor, {"type": "undo"})
    editor.wait_for_analysis(60)
    busy: list[float] = []
    started = time.perf_counter()
    editor.start_playtest(games)
    i = 0
    while editor.playtest.get("state") == "running":
        step = CYCLE[i % len(CYCLE)]
        busy.append(_timed(partial(_handled, editor, step), "widget_while_playtest"))
        _handled(editor, {"type": "undo"})
        i += 1
    final = editor.wait_for_playtest(600)
    return {
        "intent_to_view": _ms(quiet),
        "undo_redo_to_view": _ms(undo_redo),
        "while_playtest": {
            **_ms(busy or [0.0]),
            "games": games,
            "playtest_seconds": round(time.perf_counter() - started, 2),
            "playtest_state": final.get("state"),
        },
        "targets_ms": {"intent_to_view_p95": 100, "while_playtest_p95": 200},
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--edits", type=int, default=300)
    parser.add_argument("--games", type=int, default=200, help="the background playtest's games")
    parser.add_argument("--quick", action="store_true", help="a short run (40 edits, 40 games)")
    args = parser.parse_args()
    edits = 40 if args.quick else args.edits
    figures = measure(edits)
    figures["widget"] = measure_widget(edits, games=40 if args.quick else args.games)
    figures["cpu"] = {name: _ms(samples) for name, samples in CPU.items()}
    figures["quick"] = bool(args.quick)
    figures["machine"] = machine_info()
    print(json.dumps(figures, indent=2))


if __name__ == "__main__":
    main()
