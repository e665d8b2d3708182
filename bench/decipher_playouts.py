"""Random legal Decipher playouts: applied actions per second (target: at least 20,000).

Prints JSON to stdout; ``--quick`` runs a smaller version. The same benchmark runs under
``cipherkit bench decipher_playouts``.

``--openspiel`` (opt-in, not a dependency) compares, interleaved in one process on CPU
time, Decipher with OpenSpiel's Python Kuhn poker, both driven the same way (an
``Rng(seed + 1)`` picks each legal action, chance outcomes included). It needs
``open_spiel`` importable (``pip install open_spiel==2.0.2``, or ``PYTHONPATH`` to it).
"""

from __future__ import annotations

import json
import sys
import time
from typing import Any

from benchmarks import openspiel_playouts, run_benchmarks

from cipherkit.core.rng import Rng


def _decipher(seeds: range) -> int:
    from cipherkit.games.decipher import new_game

    actions = 0
    for seed in seeds:
        state = new_game(seed=seed)
        chooser = Rng(seed + 1)
        while state.outcome is None:
            seat = state.actors()[0]
            state.apply(seat, chooser.choice(state.legal_actions(seat)))
            actions += 1
    return actions


def versus_openspiel(rounds: int, games: int) -> dict[str, Any]:
    """Decipher's and Kuhn poker's actions per CPU second, ``rounds`` times ``games``
    games each, taking turns (Kuhn plays 5x the games: its games are shorter)."""
    import pyspiel
    from open_spiel.python.games import kuhn_poker  # noqa: F401  (registers the game)

    kuhn = pyspiel.load_game("python_kuhn_poker")
    totals = {"decipher": [0, 0.0], "kuhn": [0, 0.0]}
    for r in range(rounds):
        started = time.process_time()
        totals["decipher"][0] += _decipher(range(r * games, (r + 1) * games))
        totals["decipher"][1] += time.process_time() - started
        started = time.process_time()
        totals["kuhn"][0] += openspiel_playouts(kuhn, range(r * 5 * games, (r + 1) * 5 * games))
        totals["kuhn"][1] += time.process_time() - started
    rates = {name: actions / seconds for name, (actions, seconds) in totals.items()}
    return {
        "openspiel": pyspiel.__version__ if hasattr(pyspiel, "__version__") else None,
        "decipher_actions_per_cpu_second": round(rates["decipher"], 1),
        "kuhn_actions_per_cpu_second": round(rates["kuhn"], 1),
        "ratio": round(rates["decipher"] / rates["kuhn"], 3),
    }


if __name__ == "__main__":
    quick = "--quick" in sys.argv[1:]
    if "--openspiel" in sys.argv[1:]:
        try:
            figures = versus_openspiel(4 if quick else 20, 50 if quick else 200)
        except ImportError as exc:
            sys.exit(f"decipher_playouts: --openspiel needs open_spiel ({exc})")
        print(json.dumps(figures, indent=2))
    else:
        print(json.dumps(run_benchmarks(["decipher_playouts"], quick=quick), indent=2))
