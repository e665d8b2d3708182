"""Drawing speed: a mission card as PNG (target <= 100 ms) and the whole print-and-play
PDF, A4 at 300 dpi (target <= 2 s).

Prints JSON to stdout; ``--quick`` runs fewer repetitions. The same benchmarks run under
``cipherkit bench glyphs_card_png glyphs_print_pdf``.
"""

from __future__ import annotations

import json
import sys

from benchmarks import run_benchmarks

if __name__ == "__main__":
    quick = "--quick" in sys.argv[1:]
    print(
        json.dumps(run_benchmarks(["glyphs_card_png", "glyphs_print_pdf"], quick=quick), indent=2)
    )
