"""Run the test suite as N pytest processes side by side (``make test``).

Each process runs one shard (``pytest --shard=K/N``, split by file on the times in
``tests/test_times.json``: see ``tests/sharding.py``) and writes its output to a log.
Every two minutes a line says how far each shard is; each shard's log is printed when
it ends; the run fails if any shard failed. The browser tests wait on pages and servers
much of the time, the others mostly compute: mixed in every shard, and three shards on
two cores, they keep both cores busy.

    python scripts/test_shards.py --jobs 3 -- -x     # arguments after -- go to pytest

Ctrl-C (or SIGTERM) stops every shard (and the servers and kernels they started). A
shard runs with SIGINT at its default even when this runs in the background, where a
shell would have it ignored (tests send SIGINT to servers they start).
"""

from __future__ import annotations

import argparse
import os
import re
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


NO_TESTS = 5
REPORT_EVERY = 120.0
"""Seconds between two lines saying how far each running shard has got."""
_PERCENT = re.compile(rb"\[\s*(\d+)%\]")


def progress(running: dict[int, tuple[subprocess.Popen[bytes], Path]], started: float) -> str:
    """One line: the minutes so far and how far each running shard's pytest says it is."""
    parts = []
    for k, (_, log) in sorted(running.items()):
        try:
            found = _PERCENT.findall(log.read_bytes()[-4096:])
        except OSError:
            found = []
        parts.append(f"shard {k} at {int(found[-1]) if found else 0}%")
    return f"after {(time.monotonic() - started) / 60:.0f} min: " + ", ".join(parts)


def _default_sigint() -> None:
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def _interrupt(signum: int, frame: object) -> None:
    raise KeyboardInterrupt


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description="Run the tests as N pytest shards side by side; print each shard's "
        "output when it ends; exit non-zero if any shard failed.",
        epilog="Arguments after -- go to every pytest (e.g. -m 'not browser').",
    )
    parser.add_argument("--jobs", type=int, default=3, help="shards run at once (default 3)")
    parser.add_argument(
        "--record",
        action="store_true",
        help="write each file's seconds into tests/test_times.json (the split's weights)",
    )
    args, rest = parser.parse_known_args(argv)
    pytest_args = [a for a in rest if a != "--"]
    if args.jobs < 1:
        parser.error("--jobs must be at least 1")
    env = dict(os.environ)
    if args.record:
        env["CIPHERKIT_TEST_TIMES"] = str(ROOT / "tests" / "test_times.json")
    signal.signal(signal.SIGTERM, _interrupt)  # (CI's stop ends the shards too)
    logs = Path(tempfile.mkdtemp(prefix="cipherkit-shards-"))
    started = time.monotonic()
    running: dict[int, tuple[subprocess.Popen[bytes], Path]] = {}
    for k in range(1, args.jobs + 1):
        log = logs / f"shard-{k}.log"
        command = [sys.executable, "-m", "pytest", f"--shard={k}/{args.jobs}", *pytest_args]
        with open(log, "wb") as out:
            process = subprocess.Popen(
                command,
                cwd=ROOT,
                env=env,
                stdout=out,
                stderr=subprocess.STDOUT,
                preexec_fn=_default_sigint,
                start_new_session=True,
            )
        running[k] = (process, log)
    codes: dict[int, int] = {}
    told = started
    try:
        while running:
            if time.monotonic() - told >= REPORT_EVERY:
                told = time.monotonic()
                print(progress(running, started), flush=True)
            for k, (process, log) in list(running.items()):
                code = process.poll()
                if code is None:
                    continue
                del running[k]
                codes[k] = code
                minutes = (time.monotonic() - started) / 60
                print(f"\n==== shard {k}/{args.jobs} ended after {minutes:.1f} min (exit {code})")
                print(log.read_text(encoding="utf-8", errors="replace"), flush=True)
            time.sleep(1)
    except KeyboardInterrupt:
        for process, _ in running.values():
            os.killpg(process.pid, signal.SIGINT)
        for process, _ in running.values():
            process.wait()
        return 130
    # pytest's 5 is "no tests": a shard may get none of a small selection (-k, a folder)
    failed = sorted(k for k, code in codes.items() if code not in (0, NO_TESTS))
    if all(code == NO_TESTS for code in codes.values()):
        failed = sorted(codes)
    minutes = (time.monotonic() - started) / 60
    verdict = f"shards {failed} failed" if failed else "every shard passed"
    print(f"\n==== {args.jobs} shards in {minutes:.1f} min: {verdict}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
