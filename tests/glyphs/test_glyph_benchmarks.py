"""The drawing benchmarks run quick and report their figures (no timing is asserted)."""

from __future__ import annotations

import json

from cipherkit.cli import bench_module

run_benchmarks = bench_module().run_benchmarks


def test_glyph_benchmarks_report_figures() -> None:
    result = run_benchmarks(["glyphs_card_png", "glyphs_print_pdf"], quick=True)
    assert json.loads(json.dumps(result)) == result
    card = result["benchmarks"]["glyphs_card_png"]
    assert card["runs"] == 5 and 0 < card["median_ms"] <= card["max_ms"]
    assert card["png_bytes"] > 1000 and card["cells"] > 0
    pdf = result["benchmarks"]["glyphs_print_pdf"]
    assert pdf["pages"] >= 7 and pdf["pdf_bytes"] > 10_000 and pdf["median_seconds"] > 0
