"""The preheat judge: with kernels forked from the template, a page stays preheated (its
kernel started and its cells run before anyone asks) only if that costs enough CPU to be
worth it; a quicker page is rendered when asked for, on a new fork, and its idle kernel
no longer holds memory. A page's translations (``ru/X.ipynb`` for ``X.ipynb``) cost what
it costs: they wait for its judgement, and are preheated only if it stays preheated, so a
fresh server runs each page once, not once per language. The verdicts are kept
(:mod:`cipherkit.serve.preheat_memory`): a server started again renders a page it knows
is quick when asked for, without running it first to judge it.
"""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

from jupyter_server.utils import ApiPath
from traitlets import Float

from cipherkit.serve.languages import FOLDERS, twin_path
from cipherkit.serve.preheat_memory import PreheatMemory
from cipherkit.serve.spares import SpareKernelManager

__all__ = ["PreheatJudgingManager"]


class PreheatJudgingManager(SpareKernelManager):
    """The spares' kernel manager, judging which pages Voila keeps preheated (module docs)."""

    # Voila's trait, on the class voila_kernel_manager_factory makes of this one (read in
    # judge_pools only after checking it is there)
    kernel_pools_config: dict[str, Any]

    preheat_min_cpu = Float(
        0.5,
        config=True,
        help="With kernels forked from the template, a page stays preheated only if its "
        "preheated kernel took at least this many CPU-seconds to start and run the page; "
        "a quicker page is rendered when asked for, on a new fork (0: every page stays "
        "preheated). Plain kernels keep every page preheated.",
    )

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._preheat_cpu: dict[str, float] = {}
        self._judging: asyncio.Task[None] | None = None
        self._twins: dict[str, list[str]] = {}
        self._memory: PreheatMemory | None = None
        self._defer_twins()
        self._recall()

    def _judged_root(self) -> str | None:
        """The served folder when pages are judged (forked kernels, a threshold above 0
        and Voila's pools), else ``None``."""
        from cipherkit.serve.forkprov import forking

        root = getattr(getattr(self, "parent", None), "root_dir", None)
        if forking() and self.preheat_min_cpu > 0 and root and self._has_pools():
            return str(root)
        return None

    def _unheat(self, names: list[str]) -> None:
        """Each page of ``names`` no longer preheated (its pool's size 0)."""
        config = dict(self.kernel_pools_config)
        sizes = config.get("default", {})
        for name in names:
            config[name] = {**sizes, **config.get(name, {}), "pool_size": 0}
        self.kernel_pools_config = config

    def _defer_twins(self) -> None:
        """With forked kernels, each translated page whose English page exists starts
        unheated (pool size 0) until that page is judged (:meth:`judge_pools`)."""
        root = self._judged_root()
        if root is None:
            return
        for folder in FOLDERS:
            for page in sorted((Path(root) / folder).rglob("*.ipynb")):
                name = page.relative_to(root).as_posix()
                source = twin_path(name, "en")
                if ".ipynb_checkpoints" in name or not (Path(root) / source).is_file():
                    continue
                self._twins.setdefault(source, []).append(name)
        self._unheat([name for twins in self._twins.values() for name in twins])

    def _recall(self) -> None:
        """With forked kernels, each page the judge found quick on an earlier start (and
        unchanged since) starts unheated, judged already."""
        root = self._judged_root()
        if root is None:
            return
        self._memory = PreheatMemory(root)
        quick = sorted(
            (name, cpu) for name, cpu in self._memory.recall().items() if cpu < self.preheat_min_cpu
        )  # a costly page is preheated, and judged again
        self._unheat([name for name, _cpu in quick])
        for name, cpu in quick:
            self._preheat_cpu[name] = cpu
            self._twins.pop(name, None)  # (never preheated)
            self.log.info(
                "Page %s started and ran in %.2f CPU-s on a forked kernel when judged "
                "before: rendered when asked for, not preheated",
                name,
                cpu,
            )

    def _has_pools(self) -> bool:
        return bool(self.has_trait("kernel_pools_config"))

    def _heat_twins(self, notebook: str) -> list[str]:
        """The translations of ``notebook`` (which stays preheated) are preheated too."""
        twins = self._twins.pop(notebook, [])
        if twins:
            config = dict(self.kernel_pools_config)
            for name in twins:
                config.pop(name, None)
            self.kernel_pools_config = config
            fill = getattr(self, "fill_if_needed", None)  # Voila's, as at start-up
            for name in twins:
                if fill is not None:
                    fill(notebook_name=name)
        return twins

    async def start_kernel(  # type: ignore[override]
        self, *, kernel_id: str | None = None, path: ApiPath | None = None, **kwargs: Any
    ) -> str:
        """A kernel for a page (:meth:`SpareKernelManager.start_kernel`); the first one
        starts the judge."""
        if not self._closing:
            self._judge_soon()
        return await super().start_kernel(kernel_id=kernel_id, path=path, **kwargs)

    def _judge_soon(self) -> None:
        """Start watching Voila's preheated pools (once, with forked kernels)."""
        if self._judging is None and self.preheat_min_cpu > 0:
            from cipherkit.serve.forkprov import forking

            if forking():
                self._judging = asyncio.get_running_loop().create_task(self._judge_pools())

    async def _judge_pools(self) -> None:
        while not self._closing:
            await asyncio.sleep(2.0)
            try:
                await self.judge_pools()
            except Exception as exc:  # never the server's end
                self.log.warning("Could not check the preheated pages: %s", exc)

    async def judge_pools(self) -> list[str]:
        """Stop preheating each page whose first preheated kernel cost less than
        ``preheat_min_cpu`` CPU-seconds (start and page run): it is rendered when asked
        for, on a new fork, and its idle kernel no longer holds memory. Return the pages
        judged so (Voila's pools are ``self._pools``, their sizes
        ``self.kernel_pools_config``)."""
        pools: dict[str, list[Any]] = getattr(self, "_pools", None) or {}
        if not hasattr(self, "kernel_pools_config"):
            return []
        quick = []
        for notebook, pool in list(pools.items()):
            if notebook in self._preheat_cpu:
                continue
            for item in list(pool):
                if not item.done() or item.cancelled() or item.exception() is not None:
                    continue
                content = item.result()
                task = content.get("task")  # Voila's run of the page in this kernel
                if task is not None and not task.done():
                    break  # judged once the page has run (ending it now kills the run)
                kernel_id = content.get("kernel_id")
                cpu = self._kernel_cpu(kernel_id)
                if cpu is None:
                    continue
                self._preheat_cpu[notebook] = cpu
                if self._memory is not None:
                    self._memory.remember(notebook, cpu)
                if cpu < self.preheat_min_cpu:
                    self._unheat([notebook])
                    self.log.info(
                        "Page %s starts and runs in %.2f CPU-s on a forked kernel: "
                        "rendered when asked for, not kept preheated",
                        notebook,
                        cpu,
                    )
                    quick.append(notebook)
                    self._twins.pop(notebook, None)  # (never preheated)
                    await self.shutdown_kernel(kernel_id, now=True)
                else:
                    self.log.info(
                        "Page %s starts and runs in %.2f CPU-s on a forked kernel: kept "
                        "preheated%s",
                        notebook,
                        cpu,
                        ", with its translations" if self._heat_twins(notebook) else "",
                    )
                break
        return quick

    def _kernel_cpu(self, kernel_id: str | None) -> float | None:
        """CPU-seconds the kernel's process has used, or None if unknown."""
        try:
            import psutil

            pid = self._kernels[str(kernel_id)].provisioner.pid
            times = psutil.Process(pid).cpu_times()
        except Exception:
            return None
        return float(times.user + times.system)

    def _stop_judging(self) -> None:
        """The server is stopping: the judge stops watching."""
        if self._judging is not None:
            self._judging.cancel()
