"""The page renderer's kernel client (:mod:`cipherkit.serve.kernel_client`), on real
ipykernel kernels: ready when the kernel answers and IOPub carries its messages, and a
dead kernel is an error, not a wait."""

from __future__ import annotations

import json
import os
import signal
from typing import Any

import pytest
from jupyter_client.manager import AsyncKernelManager
from traitlets.config import Config

from cipherkit.serve.kernel_client import PageKernelClient
from cipherkit.serve.launcher import CONFIG_DIR
from tests.serve.kernel_runs import run, run_async


def committed_config() -> Config:
    """The kernel managers' part of the committed ``voila.json``."""
    data = json.loads((CONFIG_DIR / "voila.json").read_text(encoding="utf-8"))
    return Config({"AsyncKernelManager": data["AsyncKernelManager"]})


async def started() -> tuple[AsyncKernelManager, Any]:
    km = AsyncKernelManager(kernel_name="python3", config=committed_config())
    await km.start_kernel()
    return km, km.client()


def test_the_committed_config_gives_pages_a_client_that_is_ready_and_hears_iopub() -> None:
    async def main() -> None:
        km, kc = await started()
        try:
            assert isinstance(kc, PageKernelClient)
            kc.start_channels()
            await kc.wait_for_ready(timeout=90)
            # IOPub is connected: the first cell's output arrives, as the page's does
            assert await run(kc, "print(6 * 7)") == "42"
        finally:
            kc.stop_channels()
            await km.shutdown_kernel(now=True)

    run_async(main)


def test_a_kernel_that_died_is_an_error_at_once() -> None:
    async def main() -> None:
        km, kc = await started()
        try:
            assert km.provisioner is not None and km.provisioner.pid is not None
            os.kill(km.provisioner.pid, signal.SIGKILL)
            await km.provisioner.wait()
            kc.start_channels()
            with pytest.raises(RuntimeError, match="died"):
                await kc.wait_for_ready(timeout=60)
        finally:
            kc.stop_channels()
            await km.shutdown_kernel(now=True)

    run_async(main)
