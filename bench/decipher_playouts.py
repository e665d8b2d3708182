"""Random legal Decipher playouts: applied actions per second (target: at least 20,000).

Prints JSON to stdout; ``--quick`` runs a smaller version. The same benchmark runs under
``cipherkit bench decipher_playouts``.
"""

from __future__ import annotations

import json
import sys

from benchmarks import run_benchmarks

if __name__ == "__main__":
    quick = "--quick" in sys.argv[1:]
    print(json.dumps(run_benchmarks(["decipher_playouts"], quick=quick), indent=2))
