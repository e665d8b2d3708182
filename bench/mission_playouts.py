"""Random legal mission playouts: applied actions per second (target: at least 20,000).

Legal-action listing is included in the time. Prints JSON to stdout: the registered
benchmark (``cipherkit bench mission_playouts``, the demo mission with 2-4 seats) and,
per shipped mission file, the same measure. ``--quick`` runs a smaller version.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from benchmarks import machine_info, random_playouts, run_benchmarks

from cipherkit.games.mission import Mission, MissionState, load, new_game

MISSIONS = sorted((Path(__file__).resolve().parents[1] / "missions").glob("*.yaml"))


def dealer(mission: Mission) -> Callable[[int], MissionState]:
    """Game ``seed`` of a mission, cycling through its player range."""
    lo, hi = mission.players

    def deal(seed: int) -> MissionState:
        return new_game({"mission": mission, "players": lo + seed % (hi - lo + 1)}, seed=seed)

    return deal


def per_mission(games: int) -> dict[str, dict[str, Any]]:
    """The registered measure (:func:`benchmarks.random_playouts`) on each shipped mission."""
    figures: dict[str, dict[str, Any]] = {}
    for path in MISSIONS:
        mission = load(path)
        figures[mission.id] = random_playouts(dealer(mission), games, any_actor=True)
    return figures


if __name__ == "__main__":
    quick = "--quick" in sys.argv[1:]
    result = run_benchmarks(["mission_playouts"], quick=quick)
    result["missions"] = per_mission(40 if quick else 1000)
    result.setdefault("machine", machine_info())
    print(json.dumps(result, indent=2))
