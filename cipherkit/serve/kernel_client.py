"""The kernel client the server's page renderer uses: ready without a 0.2 s pause.

jupyter_client's :meth:`~jupyter_client.client.KernelClient.wait_for_ready` asks the
kernel for ``kernel_info`` until it answers on shell and a message arrives on IOPub,
then reads IOPub until it has been quiet for 0.2 s. Voila's executor (nbclient) calls
it once per page before running the page's cells, so every page load waited those
0.2 s. :class:`PageKernelClient` is ready at the same point, drains what IOPub holds
without waiting, and goes on: the executor reads only the replies to its own requests
(by ``msg_id``), so a late status message of the ``kernel_info`` request changes
nothing. ``voila.json`` selects it (``AsyncKernelManager.client_class``).
"""

from __future__ import annotations

import asyncio
import time
from queue import Empty

from jupyter_client.asynchronous import AsyncKernelClient
from jupyter_client.manager import KernelManager

__all__ = ["PageKernelClient"]


class PageKernelClient(AsyncKernelClient):
    """An asynchronous kernel client whose :meth:`wait_for_ready` does not wait for IOPub
    to fall quiet (the module docs)."""

    async def wait_for_ready(self, timeout: float | None = None) -> None:
        """Return once the kernel has answered ``kernel_info`` on shell and IOPub carries
        its messages; raise :class:`RuntimeError` if it dies or ``timeout`` seconds pass.
        """
        deadline = time.time() + (float("inf") if timeout is None else timeout)
        if not isinstance(self.parent, KernelManager):
            # not made by a kernel manager: wait for heartbeats first, as jupyter_client does
            while not await self._async_is_alive():
                if time.time() > deadline:
                    raise RuntimeError(f"Kernel didn't respond to heartbeats in {timeout} seconds")
                await asyncio.sleep(0.2)
        while True:
            self.kernel_info()
            try:
                msg = await self.shell_channel.get_msg(timeout=1)
            except Empty:
                pass
            else:
                if msg["msg_type"] == "kernel_info_reply":
                    try:  # IOPub is connected once the request's status arrives on it
                        await self.iopub_channel.get_msg(timeout=0.2)
                    except Empty:
                        pass
                    else:
                        self._handle_kernel_info_reply(msg)
                        break
            if not await self._async_is_alive():
                raise RuntimeError("Kernel died before replying to kernel_info")
            if time.time() > deadline:
                raise RuntimeError(f"Kernel didn't respond in {timeout} seconds")
        while True:  # what IOPub holds already, without waiting for more
            try:
                await self.iopub_channel.get_msg(timeout=0)
            except Empty:
                break
