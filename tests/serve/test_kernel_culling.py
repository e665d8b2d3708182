"""The gallery's kernel manager culls idle page kernels, but never a kernel a page has
just taken from a pool (its idle clock restarts when it leaves the pool), never one a
browser has not connected to yet within the grace period, and never a spare. A page's
kernel that no browser connects to is ended within a minute of its page being sent, and
one whose sockets all closed after ``disconnected_grace``; the kernel budget (per client,
per server) and page keys are kept by :class:`PageBook`."""

from __future__ import annotations

import asyncio
from concurrent.futures import ThreadPoolExecutor
from datetime import timedelta
from types import SimpleNamespace
from typing import Any

import pytest
from jupyter_server._tz import utcnow
from jupyter_server.services.kernels.kernelmanager import AsyncMappingKernelManager

from cipherkit.serve.budget import PageBook
from cipherkit.serve.manager import GalleryKernelManager
from cipherkit.serve.sizing import (
    FORKED_PAGE_KERNEL_MB,
    machine_page_kernels,
    machine_spare_kernels,
)


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


# ------------------------------------------------------------------ page kernels
class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def ended(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The kernels the manager shuts down."""
    stopped: list[str] = []

    async def shutdown(self: Any, kernel_id: str, *args: Any, **kwargs: Any) -> None:
        stopped.append(kernel_id)
        self._kernels.pop(kernel_id, None)

    monkeypatch.setattr(AsyncMappingKernelManager, "shutdown_kernel", shutdown)
    return stopped


def page_manager(clock: Clock) -> GalleryKernelManager:
    manager = GalleryKernelManager(root_dir="/tmp", spare_kernels=0)
    manager.pages = PageBook(clock=clock)
    manager._kernels["k"] = SimpleNamespace(last_activity=utcnow())
    manager.claim("k", "c:someone", "127.0.0.1", "decipher.ipynb")
    return manager


def test_a_page_kernel_no_browser_connects_to_ends_within_a_minute(
    culled: list[str], ended: list[str]
) -> None:
    clock = Clock()
    manager = page_manager(clock)
    clock.now += 600  # still rendering (a slow page): kept
    run(manager.cull_kernel_if_idle("k"))
    manager.page_sent("k", complete=True)
    clock.now += manager.unconnected_grace - 1
    run(manager.cull_kernel_if_idle("k"))
    assert ended == [] and culled == []
    clock.now += 2
    run(manager.cull_kernel_if_idle("k"))
    assert ended == ["k"] and culled == []
    assert manager.unconnected_grace + 10 <= 60  # grace plus one cull_interval (voila.json)


def test_a_page_whose_sockets_closed_ends_after_the_disconnected_grace(
    culled: list[str], ended: list[str]
) -> None:
    clock = Clock()
    manager = page_manager(clock)
    manager.page_sent("k", complete=True)
    manager.notify_connect("k")
    clock.now += 3600  # connected for an hour: the usual idle rule decides
    run(manager.cull_kernel_if_idle("k"))
    assert culled == ["k"] and ended == []
    manager.notify_disconnect("k")
    clock.now += manager.disconnected_grace - 1
    run(manager.cull_kernel_if_idle("k"))
    assert ended == []
    clock.now += 2
    run(manager.cull_kernel_if_idle("k"))
    assert ended == ["k"]


def test_a_page_that_could_not_be_sent_ends_its_kernel(ended: list[str]) -> None:
    async def go() -> None:
        manager = page_manager(Clock())
        key = manager.pages.pages["k"].key
        manager.page_sent("k", complete=False)
        assert manager.kernel_for_key(key) is None  # refused at once
        await asyncio.sleep(0.05)

    run(go())
    assert ended == ["k"]


def test_page_keys_name_page_kernels_and_nothing_else() -> None:
    book = PageBook(clock=Clock())
    assert book.admit("c:a", per_client=2, limit=10) is None
    key = book.claim("kernel-1", "c:a", "10.0.0.5", "decipher.ipynb")
    assert key != "kernel-1" and len(key) == 36
    assert book.kernel_for(key) == "kernel-1"
    assert book.kernel_for("kernel-1") is None and book.kernel_for("nope") is None
    book.forget("kernel-1")
    assert book.kernel_for(key) is None


def test_each_client_holds_a_few_kernels_counting_those_being_rendered() -> None:
    book = PageBook(clock=Clock())
    for _ in range(3):
        assert book.admit("c:a", per_client=3, limit=100) is None  # three renders at once
    refusal = book.admit("c:a", per_client=3, limit=100)
    assert refusal is not None and refusal.status == 429
    assert "Too many open pages" in str(refusal.text) and "3 puzzle pages" in str(refusal.text)
    assert book.admit("c:b", per_client=3, limit=100) is None  # another browser is not held
    book.release("c:a")  # a render that failed before its kernel
    assert book.admit("c:a", per_client=3, limit=100) is None


def test_a_closed_tab_makes_room_for_the_same_browser() -> None:
    def two_pages(first_connects: bool) -> PageBook:
        book = PageBook(clock=Clock())
        for i in range(2):
            book.admit("c:a", per_client=2, limit=100)
            book.claim(f"k{i}", "c:a", "a", "p")
        book.connected("k1", +1)  # the other tab is open
        if first_connects:
            book.connected("k0", +1)
            book.connected("k0", -1)  # its tab closed without saying so
        return book

    evicted: list[str] = []
    book = two_pages(first_connects=True)
    assert (
        book.admit("c:a", per_client=2, limit=100, evict=lambda p: evicted.append(p.kernel_id))
        is None
    )
    assert evicted == ["k0"] and [p.kernel_id for p in book.live("c:a")] == ["k1"]
    # A page no browser has connected to yet may still be loading: it is kept.
    book = two_pages(first_connects=False)
    refusal = book.admit(
        "c:a", per_client=2, limit=100, evict=lambda p: evicted.append(p.kernel_id)
    )
    assert refusal is not None and refusal.status == 429 and evicted == ["k0"]


def test_the_server_holds_at_most_its_limit_then_answers_503() -> None:
    clock = Clock()
    book = PageBook(clock=clock)
    for i in range(4):
        assert book.admit(f"c:{i}", per_client=3, limit=4) is None
        book.claim(f"k{i}", f"c:{i}", "a", "p")
    refusal = book.admit("c:new", per_client=3, limit=4)
    assert refusal is not None and refusal.status == 503 and "server is full" in str(refusal.text)
    book.connected("k2", +1)
    book.connected("k2", -1)
    clock.now += 30  # a tab closed half a minute ago: its kernel makes room
    evicted: list[str] = []
    assert (
        book.admit("c:new", per_client=3, limit=4, evict=lambda p: evicted.append(p.kernel_id))
        is None
    )
    assert evicted == ["k2"]


def test_page_kernels_are_sized_from_memory_and_a_stopping_server_admits_none() -> None:
    assert machine_page_kernels(24 * 2**30, spares=12) == 90
    assert machine_page_kernels(1 * 2**30, spares=1) == 4
    manager = GalleryKernelManager(root_dir="/tmp", spare_kernels=2, max_page_kernels=-1)
    assert manager.page_limit == machine_page_kernels(spares=2)
    manager._closing = True
    refusal = manager.admit("c:a")
    assert refusal is not None and refusal.status == 503


def test_forked_page_kernels_are_budgeted_at_their_own_size_while_the_template_runs(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from cipherkit.serve import forkprov

    manager = GalleryKernelManager(root_dir="/tmp", spare_kernels=2, max_page_kernels=-1)
    monkeypatch.setattr(forkprov, "forking", lambda: True)
    alive = [True]
    monkeypatch.setattr(forkprov.template(), "alive", lambda: alive[0])
    forked = manager.page_limit
    assert forked == machine_page_kernels(spares=2, kernel_mb=FORKED_PAGE_KERNEL_MB)
    alive[0] = False  # kernels start the ordinary way until a new template is ready
    assert manager.page_limit == machine_page_kernels(spares=2) < forked
    assert machine_page_kernels(24 * 2**30, spares=2, kernel_mb=FORKED_PAGE_KERNEL_MB) == 243
