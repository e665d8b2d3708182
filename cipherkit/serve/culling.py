"""Culling, fixed for pooled kernels and pages.

A pooled kernel is never culled, but its idle clock runs while it waits in the pool, so
Jupyter Server's culler used to end a page's kernel in the second before the browser
connected. Here a kernel's idle clock starts again when the culler first finds it out of
the pool, a kernel still starting is skipped, and a page's kernel ends when no browser
connects within ``unconnected_grace`` or every socket has been closed for
``disconnected_grace`` seconds.
"""

from __future__ import annotations

import asyncio
from datetime import datetime
from typing import Any

from jupyter_server._tz import utcnow
from traitlets import Float, TraitError

from cipherkit.serve.activity import activity_recorder
from cipherkit.serve.budget import PageBook
from cipherkit.serve.preheat import PreheatJudgingManager

__all__ = ["CullingManager"]


class CullingManager(PreheatJudgingManager):
    """The kernel manager's culler (module docs), over the book of pages it owns
    (:attr:`pages`, a :class:`~cipherkit.serve.budget.PageBook`)."""

    unconnected_grace = Float(
        45.0,
        config=True,
        help="A page's kernel that no browser has connected to is shut down this many "
        "seconds after its page was sent (checked every cull_interval).",
    )
    disconnected_grace = Float(
        120.0,
        config=True,
        help="A page's kernel whose every websocket has closed is shut down after this "
        "many seconds (a tab closed without saying so; Voila's frontend reconnects "
        "sooner after a network blip).",
    )

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.pages = PageBook()
        self._out_of_pool_since: dict[str, datetime] = {}
        self._connected_once: set[str] = set()
        self._ending: set[asyncio.Task[None]] = set()

    async def _adopt(self, kernel_id: str, path: str | None, env: dict[str, str]) -> None:
        await super()._adopt(kernel_id, path, env)
        self._out_of_pool_since.pop(kernel_id, None)

    async def _end_quietly(self, kernel_id: str) -> None:
        try:
            await self.shutdown_kernel(kernel_id, now=True)
        except Exception as exc:  # already gone
            self.log.debug("kernel %s: %s", kernel_id, exc)
        finally:
            self.pages.forget(kernel_id)

    def start_watching_activity(self, kernel_id: str) -> None:
        """jupyter_server's watch of the kernel's messages (its idle clock and execution
        state), reading their headers alone (:mod:`cipherkit.serve.activity`)."""
        kernel = self._kernels[kernel_id]
        kernel.reason = ""
        kernel.last_activity = utcnow()
        kernel._activity_stream = kernel.connect_iopub()
        kernel._activity_stream.on_recv(activity_recorder(self, kernel))

    def notify_connect(self, kernel_id: str) -> None:
        self._connected_once.add(kernel_id)
        self.pages.connected(kernel_id, +1)
        super().notify_connect(kernel_id)

    def notify_disconnect(self, kernel_id: str) -> None:
        self.pages.connected(kernel_id, -1)
        super().notify_disconnect(kernel_id)

    def _pooled_kernel_ids(self) -> set[str]:
        pooled = set(self._ready) | self._warming
        for pool in getattr(self, "_pools", {}).values():
            for task in pool:
                if task.done() and not task.cancelled() and task.exception() is None:
                    pooled.add(task.result().get("kernel_id"))
        return pooled

    async def cull_kernels(self) -> None:
        pooled = self._pooled_kernel_ids()
        for kernel_id in list(self._out_of_pool_since):
            if kernel_id in pooled or kernel_id not in self._kernels:
                del self._out_of_pool_since[kernel_id]
        self._connected_once &= set(self._kernels)
        for kernel_id in [k for k in self.pages.pages if k not in self._kernels]:
            self.pages.forget(kernel_id)
        await super().cull_kernels()

    async def cull_kernel_if_idle(self, kernel_id: str) -> None:
        kernel = self._kernels.get(kernel_id)
        if kernel is None or kernel_id in self._ready or kernel_id in self._warming:
            return
        if kernel_id in self.pages.pages:
            why = self.pages.expired(kernel_id, self.unconnected_grace, self.disconnected_grace)
            if why is not None:
                self.pages.pages[kernel_id].ending = True
                self.log.info("Culling kernel %s: %s", kernel_id, why)
                await self._end_quietly(kernel_id)
                return
            if not self.pages.pages[kernel_id].connected_once:
                return
        try:
            last_activity = kernel.last_activity
        except (AttributeError, TraitError):  # still starting: not watched yet
            return
        if last_activity is None:
            return
        since = self._out_of_pool_since.setdefault(kernel_id, utcnow())
        if last_activity < since:
            kernel.last_activity = since
        if kernel_id not in self._connected_once:
            idle = (utcnow() - kernel.last_activity).total_seconds()
            if idle < max(self.unconnected_grace, 120.0):
                return
        await super().cull_kernel_if_idle(kernel_id)
