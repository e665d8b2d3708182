"""``serve()`` runs the real server and stops cleanly on Ctrl-C."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.browser.conftest import free_port, stop_process_group, wait_until_up

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parents[2]


def test_serve_answers_and_stops_cleanly_on_ctrl_c(tmp_path: Path) -> None:
    port = free_port()
    log = tmp_path / "serve.log"
    code = (
        "import sys; from cipherkit.publish.serve import serve; "
        f"sys.exit(serve({str(ROOT / 'puzzles')!r}, port={port}))"
    )
    with log.open("wb") as out:
        process = subprocess.Popen(
            [sys.executable, "-c", code],
            stdout=out,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
    try:
        wait_until_up(f"http://127.0.0.1:{port}/", process, log, 90)
        # Ctrl-C in a terminal signals the whole foreground process group.
        os.killpg(process.pid, signal.SIGINT)
        started = time.monotonic()
        assert process.wait(timeout=30) == 0, log.read_text()
        assert time.monotonic() - started < 20
        output = log.read_text(errors="replace")
        assert "Traceback" not in output, output
    finally:
        stop_process_group(process)
