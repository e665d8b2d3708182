"""Intercept benchmark `intercept_self_play` (see benchmarks.py beside it for what it measures).

Prints JSON to stdout; ``--quick`` runs a smaller version. The same benchmark runs under
``cipherkit bench intercept_self_play``.
"""

from __future__ import annotations

import json
import sys

from benchmarks import run_benchmarks

if __name__ == "__main__":
    quick = "--quick" in sys.argv[1:]
    print(json.dumps(run_benchmarks(["intercept_self_play"], quick=quick), indent=2))
