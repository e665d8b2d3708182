"""Decipher solver decision time: median and p95 milliseconds (target: median <= 50 ms).

Prints JSON to stdout; ``--quick`` runs a smaller version. The same benchmark runs under
``cipherkit bench decipher_solver``.
"""

from __future__ import annotations

import json
import sys

from benchmarks import run_benchmarks

if __name__ == "__main__":
    quick = "--quick" in sys.argv[1:]
    print(json.dumps(run_benchmarks(["decipher_solver"], quick=quick), indent=2))
