"""The benchmark harness: quick runs give JSON-safe figures with the expected keys."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from cipherkit.benchmarks import benchmark_names, format_results, run_benchmarks
from cipherkit.cli import main
from cipherkit.core.errors import CipherkitError

ROOT = Path(__file__).resolve().parents[1]

FIGURES = {
    "decipher_playouts": {"games", "actions", "seconds", "actions_per_second"},
    "decipher_solver": {"games", "decisions", "median_ms", "p95_ms", "seconds"},
    "decipher_match": {"solver_vs_random", "solver_vs_solver", "seconds"},
}


@pytest.fixture(scope="module")
def quick_results() -> dict:
    return run_benchmarks(quick=True)


def test_every_benchmark_runs_quick_and_is_json_safe(quick_results: dict) -> None:
    assert set(FIGURES) <= set(benchmark_names())
    assert json.loads(json.dumps(quick_results, allow_nan=False)) == quick_results
    assert quick_results["quick"] is True
    assert {"python", "cpu_count"} <= set(quick_results["machine"])
    for name, keys in FIGURES.items():
        assert keys <= set(quick_results["benchmarks"][name]), name


def test_figures_are_plausible(quick_results: dict) -> None:
    figures = quick_results["benchmarks"]
    playouts = figures["decipher_playouts"]
    assert playouts["actions"] > playouts["games"] * 5 and playouts["actions_per_second"] > 0
    solver = figures["decipher_solver"]
    assert solver["decisions"] > solver["games"] * 5
    assert 0 < solver["median_ms"] <= solver["p95_ms"]
    versus = figures["decipher_match"]["solver_vs_random"]
    assert versus["games"] > 0 and 0 <= versus["solver_win_rate"] <= 1
    assert 0 <= figures["decipher_match"]["solver_vs_solver"]["first_player_win_rate"] <= 1


def test_format_results_names_every_benchmark(quick_results: dict) -> None:
    text = format_results(quick_results)
    assert text.startswith("machine: python")
    for name in FIGURES:
        assert f"\n{name}\n" in text + "\n"


def test_unknown_benchmark_is_a_cipherkit_error() -> None:
    with pytest.raises(CipherkitError, match="unknown benchmark 'warp'"):
        run_benchmarks(["warp"])


def test_cli_bench_json(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["bench", "decipher_playouts", "--quick", "--json"]) == 0
    results = json.loads(capsys.readouterr().out)
    assert list(results["benchmarks"]) == ["decipher_playouts"]
    assert main(["bench", "nonsense", "--json"]) == 1


def test_bench_script_prints_json() -> None:
    done = subprocess.run(
        [sys.executable, str(ROOT / "bench" / "decipher_solver.py"), "--quick"],
        capture_output=True, text=True, timeout=120, check=False, cwd=ROOT,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    figures = json.loads(done.stdout)["benchmarks"]["decipher_solver"]
    assert FIGURES["decipher_solver"] <= set(figures)
