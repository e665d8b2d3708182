"""Cipher solver figures (vigenere): prints JSON; ``--quick`` runs a smaller version.

Texts come from :mod:`cipherkit.ciphers.samples` with a fixed seed; the same benchmark
runs under ``cipherkit bench ciphers_vigenere``.
"""

from __future__ import annotations

import json
import sys

from benchmarks import run_benchmarks

if __name__ == "__main__":
    quick = "--quick" in sys.argv[1:]
    print(json.dumps(run_benchmarks(["ciphers_vigenere"], quick=quick), indent=2))
