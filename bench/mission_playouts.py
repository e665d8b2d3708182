"""Random legal mission playouts: applied actions per second (target: at least 20,000).

Legal-action listing is included in the time. Prints JSON to stdout: the registered
benchmark (``cipherkit bench mission_playouts``, the demo mission with 2-4 seats) and,
per shipped mission file, the same measure. ``--quick`` runs a smaller version.
"""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path

from benchmarks import machine_info, run_benchmarks

from cipherkit.core.rng import Rng
from cipherkit.games.mission import load, new_game

MISSIONS = sorted((Path(__file__).resolve().parents[1] / "missions").glob("*.yaml"))


def per_mission(games: int) -> dict[str, dict[str, float]]:
    figures: dict[str, dict[str, float]] = {}
    for path in MISSIONS:
        mission = load(path)
        lo, hi = mission.players
        actions = 0
        started = time.perf_counter()
        for seed in range(games):
            players = lo + seed % (hi - lo + 1)
            state = new_game({"mission": mission, "players": players}, seed=seed)
            chooser = Rng(seed + 1)
            while state.outcome is None:
                actors = state.actors()
                seat = actors[chooser.randbelow(len(actors))]
                state.apply(seat, chooser.choice(state.legal_actions(seat)))
                actions += 1
        seconds = time.perf_counter() - started
        figures[mission.id] = {
            "games": games,
            "actions": actions,
            "seconds": round(seconds, 3),
            "actions_per_second": round(actions / seconds, 1),
        }
    return figures


if __name__ == "__main__":
    quick = "--quick" in sys.argv[1:]
    result = run_benchmarks(["mission_playouts"], quick=quick)
    result["missions"] = per_mission(40 if quick else 1000)
    result.setdefault("machine", machine_info())
    print(json.dumps(result, indent=2))
