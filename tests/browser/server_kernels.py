"""A gallery server's page kernels, read from outside: which kernel served a page (its
log), every kernel process under the server, their memory, and waiting for one to end.
"""

from __future__ import annotations

import contextlib
import re
import time
from typing import Any

from tests.browser.gallery_servers import Server


def log_text(server: Server) -> str:
    return server.log.read_text(errors="replace")


def real_kernel(server: Server, page: str) -> str:
    """The kernel id of the last page ``page`` sent (from the server's log)."""
    found = re.findall(rf"Kernel (\S+) serves {re.escape(page)} to", log_text(server))
    assert found, f"no kernel served {page}"
    return found[-1]


def kernels(process: Any) -> dict[str, Any]:
    """Kernel id -> psutil process, for every kernel of the server."""
    import psutil

    out = {}
    for child in psutil.Process(process.pid).children(recursive=True):
        try:
            cmdline = " ".join(child.cmdline())
        except psutil.Error:
            continue
        if "ipykernel" in cmdline and "kernel-" in cmdline:
            out[cmdline.split("kernel-")[-1].split(".json")[0]] = child
    return out


def tree_mb(process: Any) -> float:
    """RSS of the server and all its kernels, in MB."""
    import psutil

    total = psutil.Process(process.pid).memory_info().rss
    for child in kernels(process).values():
        with contextlib.suppress(psutil.Error):
            total += child.memory_info().rss
    return round(total / 2**20, 1)


def settled(process: Any, seconds: float = 4.0, limit: float = 120.0) -> int:
    """The number of kernels once it has not changed for ``seconds`` (pools and spares
    filled)."""
    deadline = time.monotonic() + limit
    last, since = -1, time.monotonic()
    while time.monotonic() < deadline:
        n = len(kernels(process))
        if n != last:
            last, since = n, time.monotonic()
        elif time.monotonic() - since >= seconds:
            return n
        time.sleep(0.5)
    return last


def wait_gone(process: Any, kernel_id: str, seconds: float) -> float:
    """Seconds until ``kernel_id``'s process is gone (fails after ``seconds``)."""
    start = time.monotonic()
    while time.monotonic() - start < seconds:
        if kernel_id not in kernels(process):
            return time.monotonic() - start
        time.sleep(0.25)
    raise AssertionError(f"kernel {kernel_id} still runs after {seconds} s")
