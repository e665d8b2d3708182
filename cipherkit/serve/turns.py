"""Render turns: at most a few pages have their cells run at once, in the order they
came, so a burst of page loads makes the first pages ready first instead of every page
slow together."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator

__all__ = ["RenderTurns"]


class RenderTurns:
    """At most ``n`` pages rendering at once, in the order they came; a page still
    rendering after ``hold`` seconds gives its turn to the next and goes on.

    >>> import asyncio
    >>> async def two_pages() -> list[str]:
    ...     turns, seen = RenderTurns(1, hold=0.05), []
    ...     async def page(name: str, seconds: float) -> None:
    ...         async with turns.turn():
    ...             seen.append(name)
    ...             await asyncio.sleep(seconds)
    ...     await asyncio.gather(page("slow", 1.0), page("next", 0.0))
    ...     return seen
    >>> from concurrent.futures import ThreadPoolExecutor
    >>> with ThreadPoolExecutor(1) as thread:  # an event loop of its own
    ...     thread.submit(asyncio.run, two_pages()).result()  # "next" got in while "slow" ran
    ['slow', 'next']
    """

    def __init__(self, n: int, hold: float) -> None:
        self._free = asyncio.Semaphore(max(1, n))
        self.hold = hold

    @contextlib.asynccontextmanager
    async def turn(self) -> AsyncIterator[None]:
        """Wait for a turn, hold it for the body (or ``hold`` seconds at most)."""
        await self._free.acquire()
        given_up = False

        def give_up() -> None:
            nonlocal given_up
            if not given_up:
                given_up = True
                self._free.release()

        timer = asyncio.get_running_loop().call_later(self.hold, give_up)
        try:
            yield
        finally:
            timer.cancel()
            give_up()
