"""``crack --cipher auto`` figures: identification and solving over ten cipher types;
prints JSON; ``--quick`` runs a smaller version (also ``cipherkit bench
ciphers_crack_auto``)."""

from __future__ import annotations

import json
import sys

from benchmarks import run_benchmarks

if __name__ == "__main__":
    quick = "--quick" in sys.argv[1:]
    print(json.dumps(run_benchmarks(["ciphers_crack_auto"], quick=quick), indent=2))
