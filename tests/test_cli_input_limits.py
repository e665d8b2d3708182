"""The command line refuses paths that are not plain files, and files too large, before
reading them: a device, a FIFO with no writer or a huge file costs nothing and gets one
line (the red-team finding: /dev/zero was read until memory ran out, a FIFO blocked)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

CLI = [str(Path(sys.executable).with_name("cipherkit"))]
MISSION = Path(__file__).resolve().parents[1] / "missions" / "01-lantern-archive.yaml"


def run(*args: str, stdin: bytes | None = None) -> subprocess.CompletedProcess[bytes]:
    # 60 s is far more than a refusal takes; a read of /dev/zero or a FIFO would hang
    return subprocess.run([*CLI, *args], capture_output=True, input=stdin, timeout=60)


@pytest.fixture
def fifo(tmp_path: Path) -> str:
    path = tmp_path / "pipe.yaml"
    os.mkfifo(path)
    return str(path)


@pytest.fixture
def huge(tmp_path: Path) -> str:
    path = tmp_path / "huge.yaml"
    with open(path, "wb") as handle:  # sparse: 6 GB on paper, nothing on disk
        handle.truncate(6_000_000_000)
    return str(path)


def _one_line_error(done: subprocess.CompletedProcess[bytes], *needles: str) -> None:
    err = done.stderr.decode()
    assert done.returncode == 1, err
    assert "Traceback" not in err and len(err.strip().splitlines()) == 1, err
    for needle in needles:
        assert needle in err, err


@pytest.mark.parametrize(
    "command",
    [
        ["validate"],
        ["render", "--out", "OUT"],
        ["publish", "--out", "OUT"],  # said "no such mission file" (issue 44, point 6)
        ["playtest", "--games", "2"],
        ["crack", "--file"],
    ],
    ids=lambda c: c[0],
)
def test_devices_fifos_and_huge_files_are_refused_before_reading(
    command: list[str], fifo: str, huge: str, tmp_path: Path
) -> None:
    def args(path: str) -> list[str]:
        out = [a.replace("OUT", str(tmp_path / "out")) for a in command]
        return [out[0], path, *out[1:]] if out[0] != "crack" else [*out, path]

    _one_line_error(run(*args("/dev/zero")), "/dev/zero", "not a regular file")
    _one_line_error(run(*args(fifo)), "not a regular file")
    _one_line_error(run(*args(huge)), "too large", "6000.0 MB")


def test_crack_reads_at_most_a_megabyte_of_standard_input() -> None:
    _one_line_error(
        run("crack", "--file", "-", stdin=b"a" * 2_000_000), "standard input", "too large"
    )
    done = run("crack", "--file", "-", "--json", stdin=b"Wkh txlfn eurzq ira\n")
    assert done.returncode == 0, done.stderr.decode()


def test_a_plain_mission_file_still_validates() -> None:
    done = run("validate", str(MISSION))
    assert done.returncode == 0, done.stderr.decode()


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--games", "4", "--workers", "1000000"], "workers must be from 1 to"),
        (["--games", "1000000000"], "at most 1,000,000 games"),
    ],
)
def test_playtest_caps_workers_at_the_cpus_and_games_at_a_stated_maximum(
    args: list[str], message: str
) -> None:
    """Red-team: --workers 1000000 spawned 2,808 processes; --games 1e9 ran until killed."""
    _one_line_error(run("playtest", str(MISSION), *args), message)
