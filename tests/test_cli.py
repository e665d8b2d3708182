"""The `cipherkit` command's contract: --help everywhere, exit codes, no tracebacks."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from cipherkit.cli import build_parser, main

CLI = [str(Path(sys.executable).with_name("cipherkit"))]


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([*CLI, *args], capture_output=True, text=True, timeout=120)


def subcommands() -> list[str]:
    parser = build_parser()
    action = next(a for a in parser._actions if a.dest == "command")
    return sorted(action.choices)  # type: ignore[arg-type]


def test_top_level_help_lists_every_subcommand() -> None:
    done = run("--help")
    assert done.returncode == 0
    for name in subcommands():
        assert name in done.stdout


@pytest.mark.parametrize("name", subcommands())
def test_every_subcommand_has_help(name: str) -> None:
    done = run(name, "--help")
    assert done.returncode == 0, done.stderr
    assert f"usage: cipherkit {name}" in done.stdout


def test_usage_errors_exit_2_without_traceback() -> None:
    for args in (("nonsense",), ("match",), ("match", "decipher", "--bots", "a", "--games", "0")):
        done = run(*args)
        assert done.returncode == 2, args
        assert "Traceback" not in done.stderr and "usage:" in done.stderr


def test_user_errors_exit_1_with_one_line() -> None:
    done = run("match", "nosuchgame", "--bots", "random,random", "--games", "1")
    assert done.returncode == 1
    assert "Traceback" not in done.stderr
    assert done.stderr.strip().count("\n") == 0
    assert "unknown game 'nosuchgame'" in done.stderr


def test_serve_refuses_a_missing_directory(tmp_path: Path) -> None:
    assert main(["serve", str(tmp_path / "nowhere")]) == 1


def test_output_cut_short_by_a_pipe_is_not_a_traceback() -> None:
    """Like ``cipherkit … | head``: the reader is gone before the command writes."""
    proc = subprocess.Popen(
        [*CLI, "match", "decipher", "--bots", "random,random", "--games", "3", "--json"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    assert proc.stdout is not None and proc.stderr is not None
    proc.stdout.close()  # nobody will read what it prints
    stderr = proc.stderr.read()
    assert proc.wait(timeout=120) == 0
    assert "Traceback" not in stderr and "BrokenPipe" not in stderr


def test_the_program_publishes_without_jsonschemas_iri_grammars(tmp_path: Path) -> None:
    # the console script (cli.program) keeps jsonschema's IRI checker out (38 Lark
    # grammars compiled on import, 1.3 CPU-s); the notebooks it writes are still checked
    mission = Path(__file__).resolve().parents[1] / "missions" / "04-harbour-clock.yaml"
    done = subprocess.run(
        [sys.executable, "-X", "importtime", *CLI, "publish", str(mission), "--out",
         str(tmp_path), "--quiet"],
        capture_output=True, text=True, timeout=120,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr[-2000:]
    imported = [line.rsplit("|", 1)[-1].strip() for line in done.stderr.splitlines()]
    assert "nbformat.validator" in imported  # the check ran
    assert "rfc3987_syntax.syntax_helpers" not in imported  # (its import is refused)
    assert (tmp_path / "harbour-clock.ipynb").is_file()
