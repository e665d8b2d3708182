"""The gallery's kernel manager culls idle page kernels, but never a kernel a page has
just taken from a pool (its idle clock restarts when it leaves the pool), never one a
browser has not connected to yet within the grace period, and never a spare."""

from __future__ import annotations

import asyncio
from concurrent.futures import ThreadPoolExecutor
from datetime import timedelta
from types import SimpleNamespace
from typing import Any

import pytest
from jupyter_server._tz import utcnow
from jupyter_server.services.kernels.kernelmanager import AsyncMappingKernelManager

from cipherkit.publish.voila_ext import GalleryKernelManager, machine_spare_kernels


def run(coroutine: Any) -> None:
    """Run a coroutine to the end on a fresh loop in its own thread (the browser tests'
    Playwright session keeps an event loop running on the main thread)."""
    with ThreadPoolExecutor(1) as pool:
        pool.submit(asyncio.run, coroutine).result()


@pytest.fixture
def culled(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The kernels Jupyter Server's own idle check is asked about (it culls them when
    idle longer than cull_idle_timeout)."""
    asked: list[str] = []

    async def parent_check(self: Any, kernel_id: str) -> None:
        asked.append(kernel_id)

    monkeypatch.setattr(AsyncMappingKernelManager, "cull_kernel_if_idle", parent_check)
    return asked


def manager_with(kernel_id: str, idle_for: timedelta) -> GalleryKernelManager:
    manager = GalleryKernelManager(root_dir="/tmp", spare_kernels=0)
    manager._kernels[kernel_id] = SimpleNamespace(last_activity=utcnow() - idle_for)
    return manager


def test_a_kernel_just_taken_from_the_pool_starts_its_idle_clock_again(culled: list[str]) -> None:
    manager = manager_with("k1", timedelta(hours=2))  # waited two hours in the pool
    run(manager.cull_kernel_if_idle("k1"))
    kernel = manager._kernels["k1"]
    assert (utcnow() - kernel.last_activity).total_seconds() < 5  # the clock restarted
    assert culled == []  # no browser yet, within the grace period: not even considered


def test_a_connected_page_kernel_is_checked_by_the_usual_idle_rule(culled: list[str]) -> None:
    manager = manager_with("k2", timedelta(hours=2))
    run(manager.cull_kernel_if_idle("k2"))  # leaves the pool: clock restarts
    manager._connected_once.add("k2")  # a browser connected
    run(manager.cull_kernel_if_idle("k2"))
    assert culled == ["k2"]


def test_an_unconnected_kernel_is_culled_after_the_grace_period(culled: list[str]) -> None:
    manager = manager_with("k3", timedelta(hours=2))
    manager.unconnected_grace = 60.0
    run(manager.cull_kernel_if_idle("k3"))
    assert culled == []
    manager._out_of_pool_since["k3"] = utcnow() - timedelta(minutes=5)
    manager._kernels["k3"].last_activity = utcnow() - timedelta(minutes=5)
    run(manager.cull_kernel_if_idle("k3"))
    assert culled == ["k3"]  # a page that never connected does not keep its kernel


def test_spares_and_starting_kernels_are_never_culled(culled: list[str]) -> None:
    manager = manager_with("spare", timedelta(hours=2))
    manager._ready.append("spare")
    manager._kernels["starting"] = SimpleNamespace()  # no last_activity yet
    for kernel_id in ("spare", "starting", "gone"):
        run(manager.cull_kernel_if_idle(kernel_id))
    assert culled == []


def test_spares_are_sized_from_the_machine() -> None:
    assert machine_spare_kernels(cpus=2, memory_bytes=24 * 2**30) == 12
    assert machine_spare_kernels(cpus=2, memory_bytes=2 * 2**30) == 2  # 10% of 2 GiB
    assert GalleryKernelManager(root_dir="/tmp", spare_kernels=3).spare_target == 3
