"""Decipher solver vs random over 1,000 games (win rate) and solver vs solver over 400
games (first-player win rate).

Prints JSON to stdout; ``--quick`` runs a smaller version. The same benchmark runs under
``cipherkit bench decipher_match``.
"""

from __future__ import annotations

import json
import sys

from benchmarks import run_benchmarks

if __name__ == "__main__":
    quick = "--quick" in sys.argv[1:]
    print(json.dumps(run_benchmarks(["decipher_match"], quick=quick), indent=2))
