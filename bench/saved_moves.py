"""Saved progress: what keeping a solo game in the store costs a move, and a resume.

Plays the same mission page game (Night at the Signal Box, one person and the page's
planner team-mate, a fixed seed) twice through the table's own message handler: once
as a notebook table (``save=False``, the game in the kernel only) and once saved in an
SQLite store (``save=store``, every move a transaction, the bots answering in the
store). Then a fresh table resumes the saved game from its token, as a reloaded page's
kernel does. Prints JSON: per-move p50/p95/max in milliseconds for each, the resume
time, and the moves played.

    python bench/saved_moves.py [--moves 40] [--seed 4]
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
MISSION = ROOT / "missions" / "02-signal-box.yaml"
OPTIONS: dict[str, Any] = {"players": 2, "humans": 1, "bots": "planner:normal,propose=off"}


def play(table: Any, moves: int) -> list[float]:
    """Per-move milliseconds of the person's first legal (non-answer) action."""
    spent = []
    for _ in range(moves):
        legal = [t for t in table.view.get("legal", []) if not t.startswith("propose")]
        if not legal or table.view.get("outcome"):
            break
        started = time.perf_counter()
        table.handle_message({"type": "action", "text": legal[0]})
        spent.append((time.perf_counter() - started) * 1000)
        if table.message:
            raise SystemExit(f"refused: {table.message}")
    return spent


def summary(values: list[float]) -> dict[str, float]:
    ordered = sorted(values)
    return {
        "p50_ms": round(statistics.median(ordered), 2),
        "p95_ms": round(ordered[max(0, round(0.95 * len(ordered)) - 1)], 2),
        "max_ms": round(ordered[-1], 2),
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--moves", type=int, default=40, help="moves to time (40)")
    parser.add_argument("--seed", type=int, default=4, help="seed of the game dealt (4)")
    args = parser.parse_args(argv)
    sys.path.insert(0, str(ROOT))
    from cipherkit.rooms import open_store
    from cipherkit.widgets.mission.table import MissionTable

    local = MissionTable(MISSION, seed=args.seed, **OPTIONS)
    local_ms = play(local, args.moves)
    with tempfile.TemporaryDirectory() as folder:
        store = open_store(f"sqlite:///{folder}/rooms.db")
        kept: list[str] = []
        saved = MissionTable(MISSION, seed=args.seed, save=store, **OPTIONS)
        saved.send = lambda m, b=None: kept.append(m.get("token", ""))  # the page's side
        saved_ms = play(saved, args.moves)
        started = time.perf_counter()
        again = MissionTable(MISSION, save=store, **OPTIONS)
        again.send = lambda m, b=None: None
        again.handle_message({"type": "saved", "token": kept[-1]})
        resume_ms = (time.perf_counter() - started) * 1000
        same = again.record.actions == saved.record.actions
        store.close()
    print(
        json.dumps(
            {
                "mission": MISSION.stem,
                "moves": len(saved_ms),
                "actions_stored": len(saved.record.actions),
                "local": summary(local_ms),
                "saved_sqlite": summary(saved_ms),
                "resume_ms": round(resume_ms, 1),
                "resumed_same_game": same,
            },
            indent=2,
        )
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
