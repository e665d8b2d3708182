"""Nothing the gallery server started outlives it, however it stopped.

Voila's kernels run in sessions of their own, and the kernel template forks them, so when
Voila ends by itself (a SIGINT or SIGTERM sent to Voila alone, a crash) its descendants
are re-parented and the launcher could no longer find them. :class:`Orphans` makes the
launcher their *child subreaper* (Linux ``PR_SET_CHILD_SUBREAPER``): they are re-parented
to it instead, and :meth:`Orphans.sweep` gives them a moment to end, then kills and reaps
whatever is left.

>>> with Orphans() as orphans:
...     orphans.sweep(grace=0.1)
0
"""

from __future__ import annotations

import contextlib
import ctypes
import os
import signal
import time
from types import TracebackType

__all__ = ["Orphans", "descendants"]

PR_SET_CHILD_SUBREAPER = 36


def _prctl_subreaper(on: bool) -> bool:
    """Make this process its orphaned descendants' parent (False where that is not
    possible: not Linux, or no glibc)."""
    try:
        libc = ctypes.CDLL(None, use_errno=True)
        return int(libc.prctl(PR_SET_CHILD_SUBREAPER, int(on), 0, 0, 0)) == 0
    except (OSError, AttributeError):  # pragma: no cover - not Linux
        return False


def descendants(pid: int) -> set[int]:
    """``pid``'s descendants now (empty if it has gone)."""
    try:
        import psutil
    except ImportError:  # pragma: no cover - psutil comes with ipykernel
        return set()
    try:
        return {p.pid for p in psutil.Process(pid).children(recursive=True)}
    except psutil.Error:
        return set()


def _running(pid: int) -> bool:
    try:
        os.kill(pid, 0)
        with open(f"/proc/{pid}/stat", encoding="ascii", errors="replace") as stat:
            return stat.read().rsplit(")", 1)[-1].split()[0] != "Z"  # a zombie has ended
    except OSError:
        return False


class Orphans:
    """The processes started while this block runs, kept as this process's children
    even when their own parent ends; :meth:`sweep` ends them."""

    def __init__(self) -> None:
        self._before: set[int] = set()
        self._adopting = False

    def __enter__(self) -> Orphans:
        self._before = descendants(os.getpid())
        self._adopting = _prctl_subreaper(True)
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        if self._adopting:
            _prctl_subreaper(False)

    def left(self) -> set[int]:
        """Descendants started since the block began that are still running."""
        ours = descendants(os.getpid())
        for pid in self._before:
            ours -= {pid} | descendants(pid)
        self._reap(ours)  # those that have ended are reaped, not left as zombies
        return {pid for pid in ours if _running(pid)}

    def sweep(self, grace: float = 2.0) -> int:
        """Wait up to ``grace`` seconds for what is left to end, kill the rest with
        SIGKILL and reap them; the number killed."""
        deadline = time.monotonic() + grace
        left = self.left()
        while left and time.monotonic() < deadline:
            self._reap(left)
            time.sleep(0.1)
            left = {pid for pid in left if _running(pid)} | self.left()
        killed = len(left)
        for pid in left:
            with contextlib.suppress(OSError):
                os.kill(pid, signal.SIGKILL)
        end = time.monotonic() + 2.0
        while left and time.monotonic() < end:
            self._reap(left)
            left = {pid for pid in left if _running(pid)}
            if left:
                time.sleep(0.05)
        return killed

    @staticmethod
    def _reap(pids: set[int]) -> None:
        for pid in pids:
            with contextlib.suppress(ChildProcessError, OSError):
                os.waitpid(pid, os.WNOHANG)
