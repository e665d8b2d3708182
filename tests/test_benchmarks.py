"""The benchmark harness: quick runs give JSON-safe figures with the expected keys.

The benchmarks live in the source checkout (``bench/benchmarks.py``), not in the
package; ``cipherkit bench`` finds them beside the package folder.
"""

from __future__ import annotations

import doctest
import json
import subprocess
import sys
from pathlib import Path

import pytest

import cipherkit
from cipherkit.cli import bench_module, main
from cipherkit.core.errors import CipherkitError

ROOT = Path(__file__).resolve().parents[1]
benchmarks = bench_module()
benchmark_names = benchmarks.benchmark_names
format_results = benchmarks.format_results
run_benchmarks = benchmarks.run_benchmarks

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


def test_playfair_speed_script_prints_its_figures() -> None:
    script = [sys.executable, str(ROOT / "bench" / "ciphers_speed.py"), "--quick"]
    runs = []
    for _ in range(2):
        done = subprocess.run(
            script, capture_output=True, text=True, timeout=300, check=False, cwd=ROOT
        )
        assert done.returncode == 0, done.stderr
        runs.append(json.loads(done.stdout))
    first, second = runs
    assert first["letters"] == 102 and first["steps"] > 0 and first["steps_per_s_per_core"] > 0
    assert first["digest"] == second["digest"]  # a fixed seed finds the same squares


def test_the_registry_is_the_checkouts_bench_folder_and_its_examples_run() -> None:
    assert Path(benchmarks.__file__) == ROOT / "bench" / "benchmarks.py"
    assert bench_module() is benchmarks and sys.modules["benchmarks"] is benchmarks
    assert not (ROOT / "cipherkit" / "benchmarks.py").exists()  # not in the package
    found = doctest.testmod(benchmarks, optionflags=doctest.ELLIPSIS)
    assert found.attempted >= 5 and found.failed == 0


def test_cli_bench_help_and_installed_without_the_source_tree(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as done:
        main(["bench", "--help"])
    assert done.value.code == 0 and "bench/benchmarks.py" in capsys.readouterr().out
    # an installed package: site-packages/cipherkit, no bench/ beside it
    monkeypatch.setattr(cipherkit, "__file__", str(tmp_path / "cipherkit" / "__init__.py"))
    assert main(["bench", "decipher_playouts", "--quick"]) == 1
    err = capsys.readouterr().err
    assert err.startswith("cipherkit: error: no benchmarks here: ") and err.count("\n") == 1
    assert "installed without its source tree" in err
