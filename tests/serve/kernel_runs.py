"""Real ipykernel kernels driven from a test through jupyter_client: start one, run code
and read what it printed, stop it, and run such a coroutine in a thread of its own."""

from __future__ import annotations

import asyncio
import threading
from typing import Any

from jupyter_client.manager import AsyncKernelManager


def run_async(main: Any) -> None:
    """``asyncio.run(main())`` in a thread of its own (the browser tests' Playwright may
    keep an event loop running in this one)."""
    failed: list[BaseException] = []

    def target() -> None:
        try:
            asyncio.run(main())
        except BaseException as exc:
            failed.append(exc)

    thread = threading.Thread(target=target)
    thread.start()
    thread.join(300)
    assert not thread.is_alive(), "the kernels did not finish in 300 s"
    if failed:
        raise failed[0]


async def start() -> tuple[AsyncKernelManager, Any]:
    km = AsyncKernelManager(kernel_name="python3")
    await km.start_kernel()
    kc = km.client()
    kc.start_channels()
    await kc.wait_for_ready(timeout=90)
    return km, kc


async def run(kc: Any, code: str) -> str:
    out: list[str] = []

    def keep(msg: dict[str, Any]) -> None:
        if msg["msg_type"] == "stream":
            out.append(msg["content"]["text"])

    reply = await kc.execute_interactive(code, output_hook=keep, timeout=60)
    assert reply["content"]["status"] == "ok", reply["content"]
    return "".join(out).strip()


async def stop(km: AsyncKernelManager, kc: Any) -> None:
    kc.stop_channels()
    await km.shutdown_kernel(now=True)
