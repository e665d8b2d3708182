"""bench/editor_latency.py runs and prints its figures as JSON."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_editor_latency_prints_json_figures() -> None:
    script = ROOT / "bench" / "editor_latency.py"
    done = subprocess.run(
        # (a short background playtest: the test is of the figures' shape, not their size)
        [sys.executable, str(script), "--edits", "6", "--games", "20"],
        cwd=ROOT / "bench",
        capture_output=True,
        text=True,
        timeout=300,
        check=True,
    )
    figures = json.loads(done.stdout)
    assert figures["mission"] == "last-light" and figures["rooms"] == 10
    for name in ("intent_with_problems", "undo", "redo", "undo_with_problems"):
        assert figures[name]["n"] == 6 and figures[name]["p95_ms"] >= 0
    assert figures["problems_when_opened"] == 0
    assert figures["widget"]["while_playtest"]["games"] == 20
