"""Cipher solver figures (substitution): prints JSON; ``--quick`` runs a smaller version.

Texts come from :mod:`cipherkit.ciphers.samples` with a fixed seed; the same benchmark
runs under ``cipherkit bench ciphers_substitution``.
"""

from __future__ import annotations

import json
import sys

from benchmarks import run_benchmarks

if __name__ == "__main__":
    quick = "--quick" in sys.argv[1:]
    print(json.dumps(run_benchmarks(["ciphers_substitution"], quick=quick), indent=2))
