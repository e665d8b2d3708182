"""The studio's worker process: slow analysis runs there, not in the kernel, so that a
thread doing it never holds the interpreter while an edit waits.

One process a kernel, started on first use from a fork server (a kernel has threads; a
plain fork of it is unsafe) that has the analysis modules imported already, and started
again if it died. A worker ends by itself once the kernel that started it has ended,
however it ended (a worker of a killed kernel would otherwise wait for work forever,
and keep its fork server alive).

>>> from cipherkit.studio.workers import submit
>>> submit(sum, [1, 2, 3]).result(timeout=120)
6
"""

from __future__ import annotations

import atexit
import multiprocessing
import os
import threading
import time
from collections.abc import Callable
from concurrent.futures import Future, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any

__all__ = ["PRELOAD", "fork_context", "new_pool", "submit"]

PRELOAD = ["cipherkit.playtest.runner", "cipherkit.playtest.windows"]
"""Modules the fork server imports once, so that each worker starts warm."""

PARENT_CHECK = 1.0
"""Seconds between a worker's looks at whether its kernel is still there."""

_lock = threading.Lock()
_pool: ProcessPoolExecutor | None = None


def fork_context() -> Any:
    """The fork-server start method, with :data:`PRELOAD` imported in the server."""
    context = multiprocessing.get_context("forkserver")
    context.set_forkserver_preload(PRELOAD)
    return context


def _end_with(parent: int) -> None:
    """In a worker: end it once the process ``parent`` (the kernel) has ended."""

    def watch() -> None:
        while True:
            time.sleep(PARENT_CHECK)
            try:
                os.kill(parent, 0)
            except ProcessLookupError:
                os._exit(0)
            except PermissionError:  # pragma: no cover - another user's pid: still there
                continue

    threading.Thread(target=watch, name="studio-parent", daemon=True).start()


def new_pool() -> ProcessPoolExecutor:
    """A one-worker pool on the fork server whose worker ends with this process."""
    return ProcessPoolExecutor(
        max_workers=1,
        mp_context=fork_context(),
        initializer=_end_with,
        initargs=(os.getpid(),),
    )


def _shutdown() -> None:
    """At exit: queued work is dropped, and the worker is let finish what it is doing (a
    worker still starting would otherwise find the parent's queue gone and say so with a
    traceback)."""
    global _pool
    with _lock:
        if _pool is not None:
            _pool.shutdown(wait=True, cancel_futures=True)
            _pool = None


def submit(work: Callable[..., Any], *args: Any, **kwargs: Any) -> Future[Any]:
    """Run ``work(*args, **kwargs)`` in the worker process; its future."""
    global _pool
    with _lock:
        for _ in range(2):
            if _pool is None:
                _pool = new_pool()
            try:
                return _pool.submit(work, *args, **kwargs)
            except BrokenProcessPool:  # the worker died: start another
                _pool = None
        raise BrokenProcessPool("the studio's worker process cannot be started")


atexit.register(_shutdown)
