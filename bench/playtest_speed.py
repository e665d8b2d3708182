"""Playtest speed: planner games of the medium shipped mission per second, at 1 and 2
workers, and the time 10,000 games take with 2 workers (target: at most 30 s on a
2-core machine). Prints JSON to stdout (``--quick`` runs a small version).

Also: the registered benchmark ``cipherkit bench mission_playtest``, and per shipped
mission the planner's win rate by player count (``--missions``: 1,000 games each).
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from benchmarks import machine_info, run_benchmarks

from cipherkit.playtest import run_playtest

MISSIONS = sorted((Path(__file__).resolve().parents[1] / "missions").glob("*.yaml"))


def per_mission(games: int, bots: str) -> dict[str, dict[str, object]]:
    figures: dict[str, dict[str, object]] = {}
    for path in MISSIONS:
        result = run_playtest(path, games=games, workers=2, seed=0, bots=bots)
        data = result.to_json()
        figures[result.mission] = {
            "bots": bots,
            "games": data["games"],
            "win_rate": data["win_rate"],
            "win_rate_ci": data["win_rate_ci"],
            "mean_turns": data["mean_turns"],
            "loss_causes": data["loss_causes"],
            "by_players": {p: g["win_rate"] for p, g in data["by_players"].items()},
            "difficulty": data["difficulty"],
            "games_per_second": data["games_per_second"],
        }
    return figures


if __name__ == "__main__":
    quick = "--quick" in sys.argv[1:]
    result = run_benchmarks(["mission_playtest"], quick=quick)
    if "--missions" in sys.argv[1:]:
        games = 100 if quick else 1000
        result["missions"] = {
            bots: per_mission(games, bots)
            for bots in ("planner:weak", "planner", "planner:strong", "random")
        }
    result.setdefault("machine", machine_info())
    print(json.dumps(result, indent=2))
