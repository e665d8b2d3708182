"""A process whose parent has ended is still found and ended (cipherkit.serve.reaper)."""

from __future__ import annotations

import os
import subprocess
import sys
import time

import pytest

from cipherkit.serve.reaper import Orphans, _running

# A child that starts a grandchild in a session of its own (as the kernel template
# forks kernels), prints the grandchild's pid and ends at once.
STUBBORN = "import signal as s, time; s.signal(s.SIGTERM, s.SIG_IGN); time.sleep(60)"
ORPHANING = f"""
import os, subprocess, sys
child = subprocess.Popen(
    [sys.executable, "-c", {STUBBORN!r}],
    start_new_session=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
)
print(child.pid, flush=True)
"""


def test_an_orphaned_grandchild_is_adopted_and_killed() -> None:
    with Orphans() as orphans:
        out = subprocess.run(
            [sys.executable, "-c", ORPHANING], capture_output=True, text=True, check=True
        )
        grandchild = int(out.stdout.strip())
        assert _running(grandchild)
        assert grandchild in orphans.left()  # re-parented to us, not to init
        started = time.monotonic()
        assert orphans.sweep(grace=0.3) == 1
        assert time.monotonic() - started < 3.0
    assert not _running(grandchild)
    with pytest.raises(ChildProcessError):
        os.waitpid(grandchild, os.WNOHANG)  # reaped: no zombie left behind


def test_children_from_before_the_block_are_left_alone() -> None:
    before = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(30)"])
    try:
        with Orphans() as orphans:
            assert before.pid not in orphans.left()
            assert orphans.sweep(grace=0.1) == 0
        assert before.poll() is None
    finally:
        before.kill()
        before.wait()
