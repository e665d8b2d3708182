"""How many kernels this machine holds: spare kernels kept warm (:func:`machine_spare_kernels`)
and page kernels the whole server may hold (:func:`machine_page_kernels`), from its CPUs
and memory."""

from __future__ import annotations

import math
import os

__all__ = [
    "FORKED_PAGE_KERNEL_MB",
    "PAGE_KERNEL_MB",
    "SPARE_KERNEL_MB",
    "machine_page_kernels",
    "machine_spare_kernels",
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
