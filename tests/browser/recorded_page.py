"""A page opened in Chromium that records every websocket frame the browser receives.

Each page test wraps one of these: it knows the page's path and what "ready" looks like;
this class opens it, keeps the first HTML response and every frame, and finds the one
kernel the page talks to.
"""

from __future__ import annotations

import json
from typing import Any

from tests.browser.conftest import Server


class RecordedPage:
    """Subclasses give :attr:`path` (below ``/voila/render/``) and :meth:`ready`."""

    def __init__(self, page: Any, server: Server, name: str = "") -> None:
        self.page = page
        self.server = server
        self.name = name
        self.frames: list[str | bytes] = []
        self.socket_urls: list[str] = []
        self.first_html = ""
        self.console: list[str] = []

    @property
    def path(self) -> str:
        raise NotImplementedError

    def ready(self) -> None:
        """Wait until the page is drawn and not waiting for its kernel."""

    def open(self) -> RecordedPage:
        def on_socket(ws: Any) -> None:
            self.socket_urls.append(ws.url)
            ws.on("framereceived", lambda payload: self.frames.append(payload))

        self.page.on("websocket", on_socket)
        self.page.on("console", lambda m: self.console.append(f"{m.type}: {m.text}"))
        self.page.on("pageerror", lambda e: self.console.append(f"page error: {e}"))
        response = self.page.goto(f"{self.server.url}/voila/render/{self.path}")
        assert response is not None and response.status == 200
        self.first_html = response.text()
        try:
            self.ready()
        except Exception as exc:  # say what the page was doing, for a failure in CI
            raise AssertionError(self.diagnosis()) from exc
        return self

    def diagnosis(self) -> str:
        """What the page shows, said and received: for a page that did not get ready."""
        try:
            shown = str(self.page.evaluate("() => document.body.innerText"))[:600]
        except Exception as exc:  # a closed page says why instead
            shown = f"(unreadable: {exc})"
        last = [str(f)[:160] for f in self.frames[-6:]]
        return (
            f"{self.path} did not get ready: {len(self.frames)} frames on "
            f"{self.socket_urls}; console {self.console[-15:]}; last frames {last}; "
            f"the page shows: {shown!r}"
        )

    def kernel_id(self, wait_seconds: float = 0.0) -> str:
        """The id of the one kernel the page's websockets talk to (waiting if asked)."""
        waited = 0.0
        while True:
            ids = {
                u.split("/api/kernels/")[1].split("/")[0]
                for u in self.socket_urls
                if "/api/kernels/" in u
            }
            if ids or waited >= wait_seconds:
                break
            self.page.wait_for_timeout(100)
            waited += 0.1
        assert len(ids) == 1, f"expected one kernel websocket, saw {self.socket_urls}"
        return ids.pop()

    def config_kernel_id(self) -> str:
        """The kernel id the page names in its ``jupyter-config-data``: what anyone with
        the page can reach, whether or not the page's own script connects."""
        config = self.page.locator("#jupyter-config-data").text_content()
        assert config, "the page names no kernel"
        return str(json.loads(config)["kernelId"])
