"""Random legal mission playouts: applied actions per second (target: at least 20,000).

Legal-action listing is included in the time. Prints JSON to stdout: the registered
benchmark (``cipherkit bench mission_playouts``, the demo mission with 2-4 seats) and,
per shipped mission file, the same measure. ``--quick`` runs a smaller version.

``--openspiel`` (opt-in, not a dependency) compares, interleaved in one process on CPU
time, the registered measure with OpenSpiel's Python tic-tac-toe, both driven the same
way (an ``Rng(seed + 1)`` picks the seat, then each legal action). It needs
``open_spiel`` importable (``pip install open_spiel==2.0.2``, or ``PYTHONPATH`` to it).
"""

from __future__ import annotations

import json
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from benchmarks import machine_info, openspiel_playouts, random_playouts, run_benchmarks

from cipherkit.core.rng import Rng
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


def _mission(seeds: range) -> int:
    """Random playouts of the demo mission (2, 3 and 4 seats in turn): actions applied."""
    configs = [{"players": 2}, {"players": 3}, {"players": 4}]
    actions = 0
    for seed in seeds:
        state = new_game(configs[seed % len(configs)], seed=seed)
        chooser = Rng(seed + 1)
        while state.outcome is None:
            actors = state.actors()
            seat = actors[chooser.randbelow(len(actors))]
            state.apply(seat, chooser.choice(state.legal_actions(seat)))
            actions += 1
    return actions


def versus_openspiel(rounds: int, games: int) -> dict[str, Any]:
    """The mission's and tic-tac-toe's actions per CPU second in ``rounds`` rounds of
    ``games`` missions each and ten times as many tic-tac-toe games, taking turns: the
    median ratio of the rounds (a busy machine slows some rounds), and the totals."""
    import pyspiel
    from open_spiel.python.games import tic_tac_toe  # noqa: F401  (registers the game)

    game = pyspiel.load_game("python_tic_tac_toe")
    ratios: list[float] = []
    totals = {"mission": [0, 0.0], "tic_tac_toe": [0, 0.0]}
    for r in range(rounds):
        started = time.process_time()
        mission = _mission(range(r * games, (r + 1) * games))
        mission_seconds = time.process_time() - started
        started = time.process_time()
        ttt = openspiel_playouts(game, range(r * 10 * games, (r + 1) * 10 * games))
        ttt_seconds = time.process_time() - started
        ratios.append((mission / mission_seconds) / (ttt / ttt_seconds))
        for name, actions, seconds in (
            ("mission", mission, mission_seconds),
            ("tic_tac_toe", ttt, ttt_seconds),
        ):
            totals[name][0] += actions
            totals[name][1] += seconds
    rates = {name: actions / seconds for name, (actions, seconds) in totals.items()}
    return {
        "mission_actions_per_cpu_second": round(rates["mission"], 1),
        "tic_tac_toe_actions_per_cpu_second": round(rates["tic_tac_toe"], 1),
        "ratio": round(rates["mission"] / rates["tic_tac_toe"], 3),
        "median_round_ratio": round(statistics.median(ratios), 3),
    }


if __name__ == "__main__":
    quick = "--quick" in sys.argv[1:]
    if "--openspiel" in sys.argv[1:]:
        try:
            figures = versus_openspiel(4 if quick else 15, 20 if quick else 100)
        except ImportError as exc:
            sys.exit(f"mission_playouts: --openspiel needs open_spiel ({exc})")
        print(json.dumps(figures, indent=2))
        sys.exit(0)
    result = run_benchmarks(["mission_playouts"], quick=quick)
    result["missions"] = per_mission(40 if quick else 1000)
    result.setdefault("machine", machine_info())
    print(json.dumps(result, indent=2))
