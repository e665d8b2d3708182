"""Server processes for the tests: a free port, a process in its own session with its
log in a file, a wait until it answers, and a stop that takes its kernels with it.

Every test that starts a server goes through a fixture that ``tests/conftest.py``
knows, which marks it ``server`` (see :mod:`tests.suite_marks`).
"""

from __future__ import annotations

import contextlib
import os
import random
import signal
import socket
import subprocess
import time
import urllib.error
import urllib.request
from collections.abc import Callable, Sequence
from pathlib import Path

TEST_PORTS = range(20_000, 32_000)
"""Where the test servers' ports are drawn from: below Linux's ephemeral range
(32768-60999), where kernels and clients of the other shards of the suite get theirs, so
none takes a port between our pick and our server's bind."""

_PICK = random.SystemRandom()  # (not the seeded random a test may have set)


def free_port() -> int:
    """A TCP port on 127.0.0.1 that nothing listens on now (from :data:`TEST_PORTS`)."""
    for _ in range(200):
        port = _PICK.choice(TEST_PORTS)
        with socket.socket() as sock:
            try:
                sock.bind(("127.0.0.1", port))
            except OSError:
                continue
            return port
    with socket.socket() as sock:  # (the range is full: any free port)
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def wait_until_up(url: str, process: subprocess.Popen[bytes], log: Path, timeout: float) -> None:
    """Return once ``url`` answers 200; fail with the log if the process exits or
    ``timeout`` seconds pass first."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"voila exited with {process.returncode}:\n{log.read_text()}")
        try:
            with urllib.request.urlopen(url, timeout=2) as response:
                if response.status == 200:
                    return
        except (urllib.error.URLError, ConnectionError, TimeoutError):
            pass
        time.sleep(0.25)
    raise RuntimeError(f"voila did not answer within {timeout} s:\n{log.read_text()}")


def family_cpu_seconds(pid: int) -> float:
    """CPU seconds used so far by process ``pid`` and every live process descended from
    it (a forked kernel starts a session of its own, so this follows parents)."""
    tick = os.sysconf("SC_CLK_TCK")
    parent: dict[int, int] = {}
    used: dict[int, float] = {}
    for entry in os.scandir("/proc"):
        if not entry.name.isdigit():
            continue
        try:
            fields = Path(entry.path, "stat").read_text().rsplit(")", 1)[1].split()
        except (OSError, IndexError):
            continue
        parent[int(entry.name)] = int(fields[1])
        used[int(entry.name)] = (int(fields[11]) + int(fields[12])) / tick
    family, grown = {pid}, True
    while grown:
        more = {child for child, up in parent.items() if up in family} - family
        family |= more
        grown = bool(more)
    return sum(used.get(p, 0.0) for p in family)


def wait_until_settled(pid: int, timeout: float = 120, window: float = 2.0) -> float:
    """Wait until server ``pid`` and its kernels have settled (less than a fifth of a
    core over ``window`` seconds: its pages preheated), at most ``timeout`` seconds;
    return the seconds waited. A server still busy then is used as it is."""
    started = time.monotonic()
    before = family_cpu_seconds(pid)
    while time.monotonic() - started < timeout:
        time.sleep(window)
        now = family_cpu_seconds(pid)
        if now - before < 0.2 * window:
            break
        before = now
    return time.monotonic() - started


def stop_process_group(process: subprocess.Popen[bytes], grace: float = 15) -> None:
    """Stop a process we started in its own session (SIGTERM, then after ``grace``
    seconds SIGKILL to its whole group), and its kernels."""
    if process.poll() is None:
        process.send_signal(signal.SIGTERM)
        with contextlib.suppress(subprocess.TimeoutExpired):
            process.wait(timeout=grace)
    with contextlib.suppress(ProcessLookupError):
        os.killpg(process.pid, signal.SIGKILL)  # kernels left in the server's group
    process.wait(timeout=10)


def stop_process_groups(processes: list[subprocess.Popen[bytes]], grace: float = 15) -> None:
    """:func:`stop_process_group` for several at once: all are asked to stop first, so
    their shutdowns overlap."""
    for process in processes:
        if process.poll() is None:
            process.send_signal(signal.SIGTERM)
    deadline = time.monotonic() + grace
    for process in processes:
        with contextlib.suppress(subprocess.TimeoutExpired):
            process.wait(timeout=max(0.0, deadline - time.monotonic()))
        stop_process_group(process, grace=0)


def start_server_process(
    command: Sequence[str],
    *,
    url: str,
    log: Path,
    cwd: Path | None = None,
    env: dict[str, str] | None = None,
    timeout: float = 90,
) -> subprocess.Popen[bytes]:
    """Run ``command`` in its own session (output to ``log``) and return it once ``url``
    answers; a server that does not come up is stopped and its log raised."""
    with log.open("wb") as out:
        process = subprocess.Popen(
            list(command),
            env=env,
            stdout=out,
            stderr=subprocess.STDOUT,
            cwd=cwd,
            start_new_session=True,
        )
    try:
        wait_until_up(url, process, log, timeout)
    except BaseException:
        stop_process_group(process)
        raise
    return process


class ServerProcesses:
    """Servers a test starts (the ``server_processes`` fixture): each is stopped,
    kernels and all, when the test ends."""

    def __init__(self) -> None:
        self.started: list[subprocess.Popen[bytes]] = []

    def start(
        self,
        command: Sequence[str],
        *,
        url: str,
        log: Path,
        cwd: Path | None = None,
        env: dict[str, str] | None = None,
        timeout: float = 90,
    ) -> subprocess.Popen[bytes]:
        """:func:`start_server_process`, remembered for :meth:`stop_all`."""
        process = start_server_process(command, url=url, log=log, cwd=cwd, env=env, timeout=timeout)
        self.started.append(process)
        return process

    def stop_all(self) -> None:
        """Stop every server started here, the last first (a ``cipherkit serve`` has a
        minute to stop the Voila it runs in a session of its own)."""
        while self.started:
            stop_process_group(self.started.pop(), grace=60)


def wait_for(check: Callable[[], object], seconds: float = 15.0) -> bool:
    """Whether ``check()`` becomes truthy within ``seconds`` (looked at every 50 ms)."""
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        if check():
            return True
        time.sleep(0.05)
    return False
