"""``bench/class_flow.py`` runs end to end on a small class (and a roster of 30 across a
term) and prints its figures."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_the_class_flow_bench_prints_its_figures() -> None:
    done = subprocess.run(
        [sys.executable, str(ROOT / "bench" / "class_flow.py"), "--students", "4", "--moves", "3"],
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    figures = json.loads(done.stdout)
    assert figures["students"] == 4 and figures["rooms"] == 2
    assert figures["export_students_rows"] == 4 and figures["moves_timed"] == 3
    for key in ("seat_ms", "teacher_update_ms"):
        assert 0 < figures[key]["p50"] <= figures[key]["p95"] <= figures[key]["max"]
    # a class across a term (issue 46): 30 roster students, 10 exercises each
    term = figures["term"]
    assert term["roster_students"] == 30 and term["export_students_rows"] == 30
    assert term["rooms"] == 15 and term["seats_kept"] == 30
    assert term["exercises"] == 10 and term["attempts"] >= 300
    for key in ("roster_import_ms", "next_round_ms", "reseat_ms", "export_ms"):
        assert isinstance(term[key], float) and term[key] > 0, key
