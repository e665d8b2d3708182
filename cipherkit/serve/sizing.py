"""How many kernels this machine holds: spare kernels kept warm (:func:`machine_spare_kernels`)
and page kernels the whole server may hold (:func:`machine_page_kernels`), from its CPUs
and memory, and from the server's ZeroMQ sockets and file descriptors
(:func:`server_page_kernels`; ``docs/deploy.md``, limits)."""

from __future__ import annotations

import math
import os
from dataclasses import dataclass

__all__ = [
    "FDS_PER_KERNEL",
    "FORKED_PAGE_KERNEL_MB",
    "PAGE_KERNEL_MB",
    "RESERVED_FDS",
    "RESERVED_SOCKETS",
    "SOCKETS_PER_KERNEL",
    "SPARE_KERNEL_MB",
    "KernelCap",
    "machine_page_kernels",
    "machine_spare_kernels",
    "server_page_kernels",
    "short_of",
]

MB = 2**20
SPARE_KERNEL_MB = 100
"""Memory budgeted per spare kernel (one with the gallery's modules imported: ~80 MB)."""
PAGE_KERNEL_MB = 120
"""Memory budgeted per page kernel (a mission page's kernel: ~110 MB)."""
FORKED_PAGE_KERNEL_MB = 50
"""Memory budgeted per page kernel forked from the template: what it does not share
with the template (~25 MB once its page is drawn, bench/kernel_burst.py), twice over
for a game played on."""


def _memory_bytes() -> int:
    try:
        return os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES")
    except (ValueError, OSError, AttributeError):
        return 4 * 2**30


def machine_spare_kernels(cpus: int | None = None, memory_bytes: int | None = None) -> int:
    """How many spare kernels to keep on this machine: 6 per CPU, within 10 % of memory.

    >>> machine_spare_kernels(cpus=2, memory_bytes=24 * 2**30)
    12
    >>> machine_spare_kernels(cpus=16, memory_bytes=4 * 2**30)
    4
    """
    cpus = cpus or os.cpu_count() or 1
    memory = _memory_bytes() if memory_bytes is None else memory_bytes
    by_memory = math.floor(0.10 * memory / (SPARE_KERNEL_MB * MB))
    return max(1, min(6 * cpus, by_memory))


def machine_page_kernels(
    memory_bytes: int | None = None, spares: int = 0, kernel_mb: int = PAGE_KERNEL_MB
) -> int:
    """How many page kernels the whole server may hold: half of memory at ``kernel_mb``
    each (:data:`PAGE_KERNEL_MB`, or :data:`FORKED_PAGE_KERNEL_MB` for kernels forked
    from the template), less the spares, and at least 4.

    >>> machine_page_kernels(24 * 2**30, spares=12)
    90
    >>> machine_page_kernels(24 * 2**30, spares=2, kernel_mb=FORKED_PAGE_KERNEL_MB)
    243
    >>> machine_page_kernels(2 * 2**30, spares=2)
    6
    """
    memory = _memory_bytes() if memory_bytes is None else memory_bytes
    return max(4, math.floor(0.5 * memory / (kernel_mb * MB)) - spares)


SOCKETS_PER_KERNEL = 8
"""ZeroMQ sockets the server holds per page kernel: its activity watcher (1) and the
channels of its page's websocket (shell, control, iopub, stdin: 4), measured at 5, with
room for the server's own short-lived clients (spare warm-up, adoption) and a page
reconnecting."""
FDS_PER_KERNEL = 16
"""File descriptors the server holds per page kernel, measured at 10.5 (a ZeroMQ
socket's mailbox and connection, the page's websocket, the kernel's pipes), with a margin."""
RESERVED_SOCKETS = 64
"""ZeroMQ sockets kept for the server itself (spares starting, the preheat judge, pages
with more than one websocket)."""
RESERVED_FDS = 256
"""File descriptors kept for the server itself: listening sockets, browsers' HTTP
connections waiting for a page, log and store files, Python's own."""


@dataclass(frozen=True)
class KernelCap:
    """The server-wide page kernel cap and the limit that set it (``"memory"``,
    ``"zeromq sockets"`` or ``"file descriptors"``)."""

    kernels: int
    by: str


def short_of(used: int, limit: int, per_kernel: int, reserved: int) -> bool:
    """Whether one more kernel's ``per_kernel`` handles would eat into the half of
    ``reserved`` kept for the server itself, with ``used`` of ``limit`` in use now.

    >>> short_of(990, 1023, SOCKETS_PER_KERNEL, RESERVED_SOCKETS), short_of(10, 1023, 8, 64)
    (True, False)
    """
    return used + per_kernel > limit - reserved // 2


def server_page_kernels(
    by_memory: int, *, zmq_sockets: int, open_files: int, spares: int = 0
) -> KernelCap:
    """The page kernels the whole server may hold: the least of what memory allows
    (``by_memory``, :func:`machine_page_kernels`), what its ZeroMQ context's
    ``zmq_sockets`` allow at :data:`SOCKETS_PER_KERNEL` each, and what its
    ``open_files`` (RLIMIT_NOFILE) allow at :data:`FDS_PER_KERNEL` each, after each
    limit's reserve and the ``spares`` (which hold sockets too); at least 1.

    >>> server_page_kernels(243, zmq_sockets=1023, open_files=1024, spares=2)
    KernelCap(kernels=46, by='file descriptors')
    >>> server_page_kernels(243, zmq_sockets=1023, open_files=65536, spares=2)
    KernelCap(kernels=117, by='zeromq sockets')
    >>> server_page_kernels(90, zmq_sockets=8192, open_files=65536)
    KernelCap(kernels=90, by='memory')
    """
    limits = [
        (max(1, by_memory), "memory"),
        ((zmq_sockets - RESERVED_SOCKETS) // SOCKETS_PER_KERNEL - spares, "zeromq sockets"),
        ((open_files - RESERVED_FDS) // FDS_PER_KERNEL - spares, "file descriptors"),
    ]
    kernels, by = min(limits, key=lambda limit: limit[0])
    return KernelCap(max(1, kernels), by)
