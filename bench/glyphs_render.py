"""Drawing speed: a mission card as PNG (target <= 100 ms), the whole print-and-play PDF
through the benchmark registry (target <= 2 s), and the vector PDF of a shipped mission
on A4 and on US Letter (issue #23: <= 1 s and <= 1 MB each).

Prints JSON to stdout; ``--quick`` runs fewer repetitions. The first two also run under
``cipherkit bench glyphs_card_png glyphs_print_pdf``.
"""

from __future__ import annotations

import json
import statistics
import sys
import tempfile
import time
from pathlib import Path

from benchmarks import ROOT, run_benchmarks

PDF_MISSION = ROOT / "missions" / "02-signal-box.yaml"
PDF_SECONDS = 1.0
PDF_BYTES = 1_000_000


def vector_pdf(paper: str, runs: int) -> dict[str, object]:
    """Seconds from mission file to PDF file (pages laid out, drawn, fonts embedded) and
        the file's size, the way ``cipherkit render MISSION --pdf FILE --paper PAPER`` makes
        it; the first run (in a process that has drawn nothing yet) is given on its own. CPU
    seconds of this process are given beside wall seconds, for a machine busy with other
    work."""
    from cipherkit.games.mission.art.render import render_mission

    times: list[float] = []
    cpu: list[float] = []
    with tempfile.TemporaryDirectory() as folder:
        target = Path(folder) / f"play-{paper}.pdf"
        for _ in range(runs):
            started, started_cpu = time.perf_counter(), time.process_time()
            render_mission(PDF_MISSION, None, pdf=target, paper=paper)
            times.append(time.perf_counter() - started)
            cpu.append(time.process_time() - started_cpu)
        data = target.read_bytes()
    median = statistics.median(times)
    return {
        "mission": PDF_MISSION.name,
        "paper": paper,
        "pages": data.count(b"/Type /Page\n") or data.count(b"/Type /Page"),
        "runs": runs,
        "first_seconds": round(times[0], 3),
        "median_seconds": round(median, 3),
        "max_seconds": round(max(times), 3),
        "cpu_median_seconds": round(statistics.median(cpu), 3),
        "pdf_bytes": len(data),
        "images": data.count(b"/Subtype /Image"),
        "within_targets": median <= PDF_SECONDS and len(data) <= PDF_BYTES,
        "within_targets_cpu": statistics.median(cpu) <= PDF_SECONDS and len(data) <= PDF_BYTES,
    }


if __name__ == "__main__":
    quick = "--quick" in sys.argv[1:]
    result = run_benchmarks(["glyphs_card_png", "glyphs_print_pdf"], quick=quick)
    runs = 2 if quick else 7
    result["vector_pdf"] = {paper: vector_pdf(paper, runs) for paper in ("a4", "letter")}
    print(json.dumps(result, indent=2))
