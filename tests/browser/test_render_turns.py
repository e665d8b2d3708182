"""Pages take turns to render (``GalleryKernelManager.max_rendering``), first come first
served: under a real gallery server whose committed configuration is changed only to
render one page at a time, a quick page asked for while a slow one runs is sent after
it. (By default three pages per CPU render at once: a burst beyond what the machine can
do then serves its first pages first instead of every page slowly together.)"""

from __future__ import annotations

import http.client
import threading

import pytest

from tests.browser.conftest import TEST_PAGES
from tests.browser.gallery_servers import GalleryServers
from tests.serve.kernel_runs import run_async

pytestmark = pytest.mark.browser

WIDGET = "application/vnd.jupyter.widget-view+json"


@pytest.fixture(scope="module")
def one_at_a_time(voila_servers: GalleryServers, request: pytest.FixtureRequest) -> int:
    """The port of a gallery server rendering one page at a time."""
    # one turn, held for as long as a page renders (the slow page's six seconds, however
    # busy the machine)
    turns = {"GalleryKernelManager": {"max_rendering": 1, "render_hold": 600}}
    return voila_servers.get(config=turns, user=request.fixturename).port


def test_a_page_asked_for_while_another_renders_waits_its_turn(one_at_a_time: int) -> None:
    finished: list[str] = []
    bodies: dict[str, str] = {}

    def read_all(name: str, response: http.client.HTTPResponse) -> None:
        bodies[name] = response.read().decode("utf-8", "replace")
        finished.append(name)

    slow = http.client.HTTPConnection("127.0.0.1", one_at_a_time, timeout=120)
    slow.request("GET", f"/voila/render/{TEST_PAGES}/slow-run.ipynb")
    first = slow.getresponse()  # its headers: it holds the turn and runs (six seconds)
    assert first.status == 200
    reading = threading.Thread(target=read_all, args=("slow", first))
    reading.start()

    quick = http.client.HTTPConnection("127.0.0.1", one_at_a_time, timeout=120)
    quick.request("GET", "/voila/render/decipher.ipynb")
    second = quick.getresponse()
    assert second.status == 200
    read_all("quick", second)
    reading.join(120)

    assert finished == ["slow", "quick"]  # sent after the slow page, not beside it
    assert "ran to its end" in bodies["slow"]
    assert WIDGET in bodies["quick"]  # and whole: its table's widget is in the page
    for connection in (slow, quick):
        connection.close()


def test_three_pages_per_cpu_render_at_once_and_a_slow_one_gives_its_turn_up() -> None:
    import asyncio
    import os

    from cipherkit.serve.manager import GalleryKernelManager

    async def main() -> None:
        manager = GalleryKernelManager(root_dir="/tmp", render_hold=1.0)
        n = 3 * (os.cpu_count() or 1)
        inside: list[int] = []
        leave = asyncio.Event()

        async def page(i: int) -> None:
            async with manager.render_turn():
                inside.append(i)
                await leave.wait()

        tasks = [asyncio.create_task(page(i)) for i in range(n + 1)]
        while len(inside) < n:
            await asyncio.sleep(0.01)
        assert sorted(inside) == list(range(n))  # the first n, the next one waits...
        # ...until the first pages have held their turns for render_hold seconds
        await asyncio.wait_for(_entered(inside, n + 1), timeout=30)
        assert inside[-1] == n
        leave.set()
        await asyncio.gather(*tasks)

    run_async(main)  # in a thread: the browser tests' Playwright keeps a loop in this one


async def _entered(inside: list[int], count: int) -> None:
    import asyncio

    while len(inside) < count:
        await asyncio.sleep(0.05)
