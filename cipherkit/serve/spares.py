"""Spare kernels: started, with the gallery's modules imported, and shared by every page.

Voila asks the kernel manager for a kernel whenever a page's preheated pool is used up
or refilled; it gets a spare (moved to the page's folder, given the request's
environment) instead of waiting for a new Python and its imports. Spares start a few at
a time and waiting requests are served in order, so a burst queues instead of starting
thirty kernels at once on two cores.
"""

from __future__ import annotations

import asyncio
import collections
import contextlib
import json
import os
import time
from queue import Empty
from typing import Any

from jupyter_core.utils import ensure_async
from jupyter_server._tz import utcnow
from jupyter_server.services.kernels.kernelmanager import AsyncMappingKernelManager
from jupyter_server.utils import ApiPath
from tornado import web
from traitlets import Float, Int, List, Unicode

from cipherkit.serve.sizing import machine_spare_kernels

__all__ = ["KERNEL_HARDENING", "SpareKernelManager"]

KERNEL_HARDENING = """\
try:  # pages may not create widgets in the kernel
    __import__('comm').get_comm_manager().targets.pop('jupyter.widget', None)
except Exception:
    pass
try:  # a page that cannot start says why in one sentence (cipherkit.serve.failures)
    __import__('IPython').get_ipython().set_custom_exc(
        (Exception,), __import__('cipherkit.serve.failures').serve.failures.page_failed
    )
except Exception:
    pass"""
"""Run in every spare kernel after its imports: a page cannot create widgets in its
kernel even past the websocket filter, and a failing page shows one sentence."""


class SpareKernelManager(AsyncMappingKernelManager):
    """Jupyter Server's kernel manager handing out shared spare kernels (module docs).

    The state every part of the gallery's manager shares starts here: ``_closing`` (the
    server is stopping), the spares ready (``_ready``) and those still warming.
    """

    spare_kernels = Int(
        -1,
        config=True,
        help="Spare kernels kept started and warm, shared by all pages (0: none); "
        "-1 sizes it from the machine (6 per CPU, within 10 % of memory; one per CPU "
        "when kernels are forked from the template).",
    )
    max_starting = Int(
        -1,
        config=True,
        help="Spare kernels starting at once (-1: the number of CPUs; four per CPU with "
        "kernels forked from the template, whose start is mostly waiting for replies).",
    )
    warm_imports = List(
        Unicode(),
        default_value=[],
        config=True,
        help="Modules each spare kernel imports before it is handed to a page "
        "(the committed voila.json names the gallery's).",
    )
    warm_timeout = Float(120.0, config=True, help="Seconds a spare may take to start.")
    refill_delay = Float(
        3.0,
        config=True,
        help="Seconds without a request before the spares are topped up again (kernels "
        "for waiting requests start at once; the top-up waits until a burst is over).",
    )

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._closing = False
        self._ready: collections.deque[str] = collections.deque()
        self._waiters: collections.deque[asyncio.Future[str]] = collections.deque()
        self._spare_tasks: set[asyncio.Task[None]] = set()
        self._spare_env: dict[str, str] = {}
        self._warming: set[str] = set()
        self._slots: asyncio.Semaphore | None = None
        self._top_up_handle: asyncio.TimerHandle | None = None
        self._launching: dict[str, Any] = {}

    @property
    def spare_target(self) -> int:
        """The number of spare kernels kept ready: ``spare_kernels``, or if it is -1 one
        per CPU with kernels forked from the template (ready in milliseconds, so a
        spare saves little time and each costs memory), else sized from the machine."""
        n = self.spare_kernels
        if n >= 0:
            return n
        from cipherkit.serve.forkprov import forking

        return max(1, os.cpu_count() or 1) if forking() else machine_spare_kernels()

    # jupyter_client types start_kernel as MultiKernelManager's blocking wrapper (run_sync),
    # though the async managers' start_kernel, this one's base, is a coroutine
    async def start_kernel(  # type: ignore[override]
        self, *, kernel_id: str | None = None, path: ApiPath | None = None, **kwargs: Any
    ) -> str:
        """A kernel for a page: a spare moved into its folder, or (a named kernel, another
        kernel spec, no spares) one started the ordinary way."""
        if self._closing:
            raise web.HTTPError(503, "the server is stopping")
        name = kwargs.get("kernel_name") or self.default_kernel_name
        if self.spare_target <= 0 or kernel_id is not None or name != self.default_kernel_name:
            return await self._launch(kernel_id=kernel_id, path=path, **kwargs)
        kernel_id = await self._take_spare()
        try:
            await self._adopt(kernel_id, path, kwargs.get("env") or {})
        except Exception:
            await self.shutdown_kernel(kernel_id, now=True)
            raise
        return kernel_id

    async def _take_spare(self) -> str:
        if self._closing:
            raise RuntimeError("the server is stopping")
        while self._ready:
            kernel_id = self._ready.popleft()
            self._refill()
            if await self.alive_now(kernel_id):
                return kernel_id
            self.log.warning("A spare kernel had died: the next one is used.")
            await self._drop(kernel_id)
        waiter: asyncio.Future[str] = asyncio.get_running_loop().create_future()
        self._waiters.append(waiter)
        self._refill()
        return await waiter

    def _refill(self) -> None:
        """Start a spare now for every waiting request; top up to the target once quiet."""
        if self._closing:
            return
        self._start_spares(len(self._waiters))
        loop = asyncio.get_running_loop()
        if self._top_up_handle is not None:
            self._top_up_handle.cancel()
        self._top_up_handle = loop.call_later(
            self.refill_delay, lambda: self._start_spares(self.spare_target + len(self._waiters))
        )

    def _start_spares(self, wanted: int) -> None:
        if self._closing:
            return
        while len(self._ready) + len(self._spare_tasks) < wanted:
            task = asyncio.get_running_loop().create_task(self._start_spare())
            self._spare_tasks.add(task)
            task.add_done_callback(self._spare_tasks.discard)

    async def _start_spare(self) -> None:
        if self._slots is None:
            from cipherkit.serve.forkprov import forking

            per_cpu = 4 if forking() else 1
            starting = (
                self.max_starting if self.max_starting > 0 else per_cpu * (os.cpu_count() or 1)
            )
            self._slots = asyncio.Semaphore(starting)
        try:
            async with self._slots:
                if self._closing:
                    return
                self._spare_env = self._spare_env or dict(os.environ)
                kernel_id = await self._launch(
                    kernel_name=self.default_kernel_name, env=dict(self._spare_env)
                )
                self._warming.add(kernel_id)
                try:
                    await asyncio.wait_for(
                        self._run_quietly(kernel_id, self._warm_code()), self.warm_timeout
                    )
                except Exception:
                    await self.shutdown_kernel(kernel_id, now=True)
                    raise
                finally:
                    self._warming.discard(kernel_id)
        except Exception as exc:  # a spare that fails to start: the next request says so
            if self._closing:
                return
            self.log.error("A spare kernel failed to start: %s", exc)
            if self._waiters:
                self._waiters.popleft().set_exception(exc)
            return
        while self._waiters:
            waiter = self._waiters.popleft()
            if not waiter.done():
                waiter.set_result(kernel_id)
                return
        self._ready.append(kernel_id)

    async def _launch(self, *, kernel_id: str | None = None, **kwargs: Any) -> str:
        """Jupyter Server's start of a kernel; a kernel whose start fails after its
        process began (no connection, no socket left) is killed, not left running
        unknown to the server."""
        kernel_id = kernel_id or self.new_kernel_id(**kwargs)
        try:
            return await super().start_kernel(kernel_id=kernel_id, **kwargs)
        except BaseException:
            km = self._launching.pop(kernel_id, None)
            if km is not None:
                await _reap(km)
            self._kernels.pop(kernel_id, None)
            self._pending_kernels.pop(kernel_id, None)  # (jupyter_client keeps it)
            raise
        finally:
            self._launching.pop(kernel_id, None)

    def pre_start_kernel(self, kernel_name: str | None, kwargs: Any) -> Any:
        """Jupyter's preparation of a kernel's start, noting its manager until it has
        started (see :meth:`_launch`)."""
        km, name, kernel_id = super().pre_start_kernel(kernel_name, kwargs)
        self._launching[kernel_id] = km
        return km, name, kernel_id

    async def alive_now(self, kernel_id: str) -> bool:
        """Whether the kernel is known and its process running, asked now (the restarter
        notices a dead kernel only seconds later)."""
        kernel = self._kernels.get(kernel_id)
        if kernel is None:
            return False
        try:
            return bool(await ensure_async(kernel.is_alive()))
        except Exception:
            return False

    async def _drop(self, kernel_id: str) -> None:
        if kernel_id in self._kernels:
            try:
                await self.shutdown_kernel(kernel_id, now=True)
            except Exception as exc:  # already gone: forget it all the same
                self.log.debug("A dead kernel's shutdown failed: %s", exc)
                if kernel_id in self._kernels:
                    self.remove_kernel(kernel_id)

    async def drop_dead_pooled(self) -> int:
        """Take every pooled (preheated) kernel that has died out of Voila's pools, so no
        page is given one; how many there were."""
        dropped = 0
        for name, pool in list(getattr(self, "_pools", {}).items()):
            before = dropped
            for item in list(pool):
                if not item.done() or item.cancelled() or item.exception() is not None:
                    continue
                kernel_id = item.result().get("kernel_id")
                if kernel_id and not await self.alive_now(kernel_id):
                    if item in pool:
                        pool.remove(item)
                    await self._drop(kernel_id)
                    dropped += 1
            fill = getattr(self, "fill_if_needed", None)  # Voila's, as at start-up
            if dropped > before and fill is not None:
                fill(notebook_name=name)
        if dropped:
            self.log.warning("%d preheated kernels had died: they are started again.", dropped)
        return dropped

    def _warm_code(self) -> str:
        lines = ["import importlib as _ck_importlib"]
        lines += [f"_ck_importlib.import_module({name!r})" for name in self.warm_imports]
        lines.append("del _ck_importlib")
        lines.append(KERNEL_HARDENING)
        return "\n".join(lines)

    async def _adopt(self, kernel_id: str, path: str | None, env: dict[str, str]) -> None:
        """Move a spare into the page's folder with the page's environment."""
        changed = {str(k): str(v) for k, v in env.items() if self._spare_env.get(k) != v}
        cwd = self.cwd_for_path(path or "", env=env)
        code = (
            f"__import__('os').chdir({cwd!r})\n"
            f"__import__('os').environ.update(__import__('json').loads({json.dumps(changed)!r}))"
        )
        await asyncio.wait_for(self._run_quietly(kernel_id, code), self.warm_timeout)
        kernel = self._kernels[kernel_id]
        kernel.last_activity = utcnow()

    async def _run_quietly(self, kernel_id: str, code: str) -> None:
        """Run trusted server-side code in a kernel: no output, no history, no count.

        Over the shell channel alone, sent at once (ZeroMQ holds it until the kernel is
        listening): the reply says the kernel is up and ran it. jupyter_client's
        ``wait_for_ready`` would open all five channels and then wait 0.2 s for quiet
        on IOPub, twice per page (spare and page)."""
        kernel = self._kernels[kernel_id]
        client = kernel.client()
        client.start_channels(shell=True, iopub=False, stdin=False, hb=False, control=False)
        try:
            msg_id = client.execute(code, silent=True, store_history=False, allow_stdin=False)
            deadline = time.monotonic() + self.warm_timeout
            while True:
                try:
                    reply = await client.get_shell_msg(timeout=1.0)
                except Empty:
                    if not await ensure_async(kernel.is_alive()):
                        raise RuntimeError("the kernel ended before it was ready") from None
                    if time.monotonic() > deadline:
                        raise TimeoutError("the kernel did not answer in time") from None
                    continue
                if reply["parent_header"].get("msg_id") == msg_id:
                    break
            if reply["content"].get("status") != "ok":
                raise RuntimeError(
                    f"{reply['content'].get('ename', 'error')} while warming a kernel: "
                    f"{reply['content'].get('evalue', '')}"
                )
        finally:
            client.stop_channels()

    def _stop_spares(self) -> None:
        """The server is stopping: no spare starts, and every request waiting for one is
        told so. The spares' tasks are cancelled (Voila stops its loop before shutting the
        kernels down on another one, so they cannot be awaited); every kernel they
        launched is registered here and shut down with all the others."""
        self._closing = True
        if self._top_up_handle is not None:
            self._top_up_handle.cancel()
        while self._waiters:
            waiter = self._waiters.popleft()
            if not waiter.done():
                waiter.set_exception(RuntimeError("the server is stopping"))
        for task in list(self._spare_tasks):
            task.cancel()
        self._ready.clear()


async def _reap(km: Any) -> None:
    """Kill a kernel whose start failed, and close what its manager opened."""
    provisioner = getattr(km, "provisioner", None)
    if provisioner is not None:
        with contextlib.suppress(Exception):  # it never started, or is gone already
            await provisioner.kill()
            await provisioner.wait()
        with contextlib.suppress(Exception):
            await provisioner.cleanup(restart=False)
    with contextlib.suppress(Exception):
        await ensure_async(km.cleanup_resources(restart=False))
