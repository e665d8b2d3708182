"""The suite's own marks (tests/conftest.py, tests/suite_marks.py): the commands that
start a server or a browser are recognised, and a test that starts one without its mark
fails, so ``make test-fast`` (``-m "not browser and not server"``) can start neither."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from tests.suite_marks import started_kind

ROOT = Path(__file__).resolve().parents[1]


def test_the_commands_that_start_a_server_or_a_browser_are_recognised() -> None:
    from playwright._impl._driver import compute_driver_executable

    from cipherkit.serve.launcher import voila_command

    servers = [
        voila_command(ROOT / "puzzles", 8866),
        [sys.executable, "-m", "cipherkit.cli", "serve", "puzzles", "--port", "1"],
        ["cipherkit", "serve", "g/", "--port", "1"],
        ["bash", "-c", "exec cipherkit serve my-gallery --port 8867"],
        [sys.executable, "-c", "import sys; from x.serve import serve; sys.exit(serve('p'))"],
    ]
    for command in servers:
        assert started_kind(command) == "server", command
    node, cli = compute_driver_executable()  # what Playwright runs to launch Chromium
    assert started_kind([node, cli, "run-driver"]) == "browser"
    others = [
        [sys.executable, "-m", "ipykernel_launcher", "-f", "/tmp/kernel-1.json"],
        [sys.executable, "-m", "cipherkit.serve.forkserver", "/tmp/x"],
        [sys.executable, "-m", "cipherkit.cli", "match", "decipher", "--bots", "a,b"],
        ["bash", "-c", "cipherkit render signal-box --pdf out/print.pdf"],
        "cipherkit publish missions/01-lantern-archive.yaml --out my-gallery/",
        ["/venv/bin/cipherkit", "serve", "--help"],  # prints its help and exits
    ]
    for command in others:
        assert started_kind(command) is None, command


def test_a_test_starting_a_server_without_its_mark_fails(tmp_path: Path) -> None:
    """Run by a pytest of its own with tests/conftest.py as a plugin: the unmarked test
    fails at its Popen; the same command through ``server_processes`` is marked
    ``server`` and runs, and ``-m "not server"`` leaves it out."""
    (tmp_path / "pytest.ini").write_text("[pytest]\n", encoding="utf-8")
    start = '[sys.executable, "-c", "pass", "--Voila.ip=127.0.0.1"]'
    (tmp_path / "test_starts.py").write_text(
        "import subprocess, sys\n\n"
        "def test_unmarked():\n"
        f"    subprocess.Popen({start}).wait()\n\n"
        "def test_through_the_fixture(server_processes):\n"
        f"    subprocess.Popen({start}).wait()\n\n"
        "def test_nothing_started():\n"
        "    subprocess.run([sys.executable, '-c', 'pass'], check=True)\n",
        encoding="utf-8",
    )

    def pytest(*args: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            [sys.executable, "-m", "pytest", "-p", "tests.conftest", "-q", *args],
            cwd=tmp_path,
            env={
                "PYTHONPATH": str(ROOT),
                "PATH": "/usr/bin:/bin",
                "PYTEST_DISABLE_PLUGIN_AUTOLOAD": "1",
            },
            capture_output=True,
            text=True,
            timeout=120,
        )

    everything = pytest("-rA")
    assert everything.returncode == 1, everything.stdout + everything.stderr
    out = everything.stdout
    assert "FAILED test_starts.py::test_unmarked" in out, out
    assert "is not marked 'server'" in out, out
    assert "PASSED test_starts.py::test_through_the_fixture" in out, out
    assert "PASSED test_starts.py::test_nothing_started" in out, out
    fast = pytest("-rA", "-m", "not browser and not server", "test_starts.py::test_nothing_started",
                  "test_starts.py::test_through_the_fixture")  # fmt: skip
    assert fast.returncode == 0, fast.stdout + fast.stderr
    assert "1 passed, 1 deselected" in fast.stdout, fast.stdout
