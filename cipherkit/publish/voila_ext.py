"""Small hooks the committed ``voila.json`` plugs into Voila (no patching).

* :class:`GalleryIdentityProvider` is Voila's default identity provider plus one
  handler: ``GET /`` redirects to ``voila/render/index.ipynb`` when the served folder has
  an ``index.ipynb`` (the gallery index), and to the plain tree view otherwise. Voila adds
  an identity provider's handlers *before* its tree handler, so this one answers ``/``.
* :data:`ALLOWED_MESSAGE_TYPES` records what Voila 0.5 itself lets a browser send over
  the kernel websocket: Voila builds its kernel manager with exactly this
  ``allowed_message_types`` list (``voila/app.py``; a config value cannot widen it), and
  Jupyter Server drops every other message type before it reaches the kernel, with a
  warning in the log. So ``execute_request``, ``inspect_request``, ``complete_request``,
  ``history_request``, ``debug_request`` and the rest never run: the browser suite sends
  them and checks that nothing answers and nothing ran. ``shutdown_request`` stays
  allowed (a page may stop its *own* kernel, as ``/voila/api/shutdown`` also lets it).
  Voila runs the page's cells through its own kernel client, not the websocket.
* :class:`GalleryKernelManager` is Jupyter Server's kernel manager (which Voila wraps
  with its preheated pools) with the idle culler fixed for pooled kernels. A pooled
  kernel is never culled, but its idle clock keeps running while it waits in the pool:
  once a page takes it, it looked idle since the pool was filled, so the culler shut it
  down in the second or two before the browser opened its websocket whenever the kernel
  had waited in the pool longer than ``cull_idle_timeout`` (the page then hung on
  "Kernel never reached an 'alive' state"). Here a kernel's idle clock starts again
  when the culler first finds it *out* of the pool. The culler also skips a kernel
  still starting (no ``last_activity`` yet) instead of logging a traceback for it.

  It also keeps **spare kernels**: started, with the gallery's heavy modules already
  imported (:attr:`~GalleryKernelManager.warm_imports`), and shared by every page. Voila
  asks this manager for a kernel whenever a page's preheated pool is used up or
  refilled; it gets a spare (moved to the page's folder and given the request's
  environment) instead of waiting for a new Python process and its imports. Spares are
  started at most :attr:`~GalleryKernelManager.max_starting` at a time, and requests
  that find none ready wait their turn in order, so a burst of page loads queues
  instead of starting thirty kernels at once on two cores. The number kept ready is
  sized from the machine (:attr:`~GalleryKernelManager.spare_kernels`).

Examples
--------
>>> "execute_request" in ALLOWED_MESSAGE_TYPES, "comm_msg" in ALLOWED_MESSAGE_TYPES
(False, True)
"""

from __future__ import annotations

import asyncio
import collections
import json
import math
import os
from datetime import datetime
from typing import Any

from jupyter_server._tz import utcnow
from jupyter_server.auth.identity import PasswordIdentityProvider
from jupyter_server.services.kernels.kernelmanager import AsyncMappingKernelManager
from jupyter_server.utils import url_path_join
from tornado import web
from traitlets import Float, Int, List, TraitError, Unicode

__all__ = [
    "ALLOWED_MESSAGE_TYPES",
    "GalleryIdentityProvider",
    "GalleryKernelManager",
    "IndexRedirectHandler",
]

ALLOWED_MESSAGE_TYPES = (
    "comm_open",
    "comm_close",
    "comm_msg",
    "comm_info_request",
    "kernel_info_request",
    "shutdown_request",
)
INDEX = "index.ipynb"


class IndexRedirectHandler(web.RequestHandler):
    """``GET /``: the gallery index if there is one, else Voila's tree view."""

    def initialize(self, root_dir: str, base_url: str) -> None:
        self.root_dir = root_dir
        self.base_url = base_url

    def get(self) -> None:
        if os.path.isfile(os.path.join(self.root_dir, INDEX)):
            target = url_path_join(self.base_url, "voila/render", INDEX)
        else:
            target = url_path_join(self.base_url, "voila/tree/")
        self.redirect(target)


class GalleryIdentityProvider(PasswordIdentityProvider):
    """Voila's default identity provider, plus the landing redirect for ``/``."""

    def get_handlers(self) -> list[tuple[str, Any, dict[str, Any]]]:
        handlers: list[Any] = list(super().get_handlers())
        app = self.parent
        root_dir = getattr(app, "root_dir", None)
        if root_dir and not getattr(app, "notebook_path", None):
            base_url = getattr(app, "base_url", "/") or "/"
            server_url = getattr(app, "server_url", None) or base_url
            handlers.append(
                (
                    server_url if server_url.endswith("/") else server_url + "/",
                    IndexRedirectHandler,
                    {"root_dir": str(root_dir), "base_url": base_url},
                )
            )
        return handlers


MB = 2**20
SPARE_KERNEL_MB = 100
"""Memory budgeted per spare kernel (one with the gallery's modules imported: ~80 MB)."""


def machine_spare_kernels(cpus: int | None = None, memory_bytes: int | None = None) -> int:
    """How many spare kernels to keep on this machine: 6 per CPU, within 10 % of memory.

    >>> machine_spare_kernels(cpus=2, memory_bytes=24 * 2**30)
    12
    >>> machine_spare_kernels(cpus=16, memory_bytes=4 * 2**30)
    4
    """
    cpus = cpus or os.cpu_count() or 1
    if memory_bytes is None:
        try:
            memory_bytes = os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES")
        except (ValueError, OSError, AttributeError):
            memory_bytes = 4 * 2**30
    by_memory = math.floor(0.10 * memory_bytes / (SPARE_KERNEL_MB * MB))
    return max(1, min(6 * cpus, by_memory))


class GalleryKernelManager(AsyncMappingKernelManager):
    """Jupyter Server's kernel manager with shared spare kernels and a fixed culler.

    Voila subclasses this class (``VoilaConfiguration.multi_kernel_manager_class``) to add
    its preheated pools: its ``start_kernel`` (each pool's fill) and its handler (a page
    whose pool is empty) call :meth:`start_kernel` here, and its ``cull_kernel_if_idle``
    returns early for a kernel waiting in a pool and calls this one for every other.
    """

    spare_kernels = Int(
        -1,
        config=True,
        help="Spare kernels kept started and warm, shared by all pages (0: none); "
        "-1 sizes it from the machine (6 per CPU, within 10 % of memory).",
    )
    max_starting = Int(
        -1,
        config=True,
        help="Spare kernels starting at once (-1: the number of CPUs).",
    )
    warm_imports = List(
        Unicode(),
        default_value=["cipherkit.publish.live", "cipherkit.widgets.mission_table"],
        config=True,
        help="Modules each spare kernel imports before it is handed to a page.",
    )
    warm_timeout = Float(120.0, config=True, help="Seconds a spare may take to start.")
    refill_delay = Float(
        3.0,
        config=True,
        help="Seconds without a request before the spares are topped up again (kernels "
        "for waiting requests start at once; the top-up waits until a burst is over).",
    )
    unconnected_grace = Float(
        120.0,
        config=True,
        help="A page's kernel that no browser has connected to yet is culled only after "
        "this many idle seconds, if longer than cull_idle_timeout (a page still loading "
        "on a busy machine keeps its kernel).",
    )

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._out_of_pool_since: dict[str, datetime] = {}
        self._ready: collections.deque[str] = collections.deque()
        self._waiters: collections.deque[asyncio.Future[str]] = collections.deque()
        self._spare_tasks: set[asyncio.Task[None]] = set()
        self._spare_env: dict[str, str] = {}
        self._warming: set[str] = set()
        self._connected_once: set[str] = set()
        self._slots: asyncio.Semaphore | None = None
        self._top_up_handle: asyncio.TimerHandle | None = None
        self._closing = False

    # -- spare kernels -------------------------------------------------------------------

    @property
    def spare_target(self) -> int:
        """The number of spare kernels kept ready."""
        n = self.spare_kernels
        return machine_spare_kernels() if n < 0 else n

    async def start_kernel(  # type: ignore[override]
        self, *, kernel_id: str | None = None, path: str | None = None, **kwargs: Any
    ) -> str:
        name = kwargs.get("kernel_name") or self.default_kernel_name
        if self.spare_target <= 0 or kernel_id is not None or name != self.default_kernel_name:
            return await super().start_kernel(kernel_id=kernel_id, path=path, **kwargs)
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
        if self._ready:
            kernel_id = self._ready.popleft()
            self._refill()
            return kernel_id
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
            starting = self.max_starting if self.max_starting > 0 else (os.cpu_count() or 1)
            self._slots = asyncio.Semaphore(starting)
        try:
            async with self._slots:
                if self._closing:
                    return
                self._spare_env = self._spare_env or dict(os.environ)
                kernel_id = await super().start_kernel(
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

    def _warm_code(self) -> str:
        lines = ["import importlib as _ck_importlib"]
        lines += [f"_ck_importlib.import_module({name!r})" for name in self.warm_imports]
        lines.append("del _ck_importlib")
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
        self._out_of_pool_since.pop(kernel_id, None)

    async def _run_quietly(self, kernel_id: str, code: str) -> None:
        """Run trusted server-side code in a kernel: no output, no history, no count."""
        client = self._kernels[kernel_id].client()
        client.start_channels()
        try:
            await client.wait_for_ready(timeout=self.warm_timeout)
            msg_id = client.execute(code, silent=True, store_history=False, allow_stdin=False)
            while True:
                reply = await client.get_shell_msg(timeout=self.warm_timeout)
                if reply["parent_header"].get("msg_id") == msg_id:
                    break
            if reply["content"].get("status") != "ok":
                raise RuntimeError(
                    f"{reply['content'].get('ename', 'error')} while warming a kernel: "
                    f"{reply['content'].get('evalue', '')}"
                )
        finally:
            client.stop_channels()

    async def shutdown_all(self, now: bool = False) -> None:
        self._closing = True
        if self._top_up_handle is not None:
            self._top_up_handle.cancel()
        while self._waiters:
            waiter = self._waiters.popleft()
            if not waiter.done():
                waiter.set_exception(RuntimeError("the server is stopping"))
        # Voila stops its loop before calling this on another one: the spares' tasks
        # cannot be awaited here. Cancel them; every kernel they launched is registered
        # with this manager and is shut down below with all the others.
        for task in list(self._spare_tasks):
            task.cancel()
        self._ready.clear()
        await super().shutdown_all(now=now)

    # -- culling -------------------------------------------------------------------------

    def notify_connect(self, kernel_id: str) -> None:
        self._connected_once.add(kernel_id)
        super().notify_connect(kernel_id)

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
        await super().cull_kernels()

    async def cull_kernel_if_idle(self, kernel_id: str) -> None:
        kernel = self._kernels.get(kernel_id)
        if kernel is None or kernel_id in self._ready or kernel_id in self._warming:
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
            if idle < self.unconnected_grace:
                return
        await super().cull_kernel_if_idle(kernel_id)
