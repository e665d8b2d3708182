"""The page budget: which page holds which kernel, under which page key, for which
client, and when a client or the whole server has as many pages as it may hold (pure
bookkeeping with an injectable clock; the kernel manager acts on its answers)."""

from __future__ import annotations

import collections
import time
import uuid
from dataclasses import dataclass, field
from typing import Any

from cipherkit.i18n import Message, nsay, say

__all__ = ["Page", "PageBook", "Refusal"]


@dataclass
class Page:
    """One rendered page and its kernel."""

    kernel_id: str
    key: str
    client: str
    address: str
    path: str
    claimed: float
    rendered: float | None = None
    rendering: bool = True
    sockets: int = 0
    connected_once: bool = False
    idle_since: float | None = None
    ending: bool = False


@dataclass(frozen=True)
class Refusal:
    """A page not served: HTTP status and the sentence shown instead."""

    status: int
    text: Message
    retry_after: int = 30


@dataclass
class PageBook:
    """Which page holds which kernel, under which page key, for which client.

    Pure bookkeeping with an injectable clock (the kernel manager acts on its answers).

    >>> book = PageBook(clock=lambda: 100.0)
    >>> book.admit("c:a", per_client=1, limit=5)
    >>> key = book.claim("k1", "c:a", "127.0.0.1", "decipher.ipynb")
    >>> book.kernel_for(key), book.kernel_for("k1")
    ('k1', None)
    >>> book.admit("c:a", per_client=1, limit=5).status
    429
    """

    clock: Any = time.monotonic
    pages: dict[str, Page] = field(default_factory=dict)
    keys: dict[str, str] = field(default_factory=dict)
    pending: collections.Counter[str] = field(default_factory=collections.Counter)

    def live(self, client: str | None = None) -> list[Page]:
        """The pages whose kernels are not ending, of one ``client`` or of all."""
        return [
            p
            for p in self.pages.values()
            if not p.ending and (client is None or p.client == client)
        ]

    def idle(self, pages: list[Page], at_least: float = 0.0) -> list[Page]:
        """Pages a browser was connected to and no longer is (a tab closed without
        saying so), longest idle first."""
        now = self.clock()
        found = [
            p
            for p in pages
            if p.connected_once
            and p.sockets == 0
            and p.idle_since is not None
            and now - p.idle_since >= at_least
        ]
        return sorted(found, key=lambda p: p.idle_since or 0.0)

    def unconnected(self, address: str, older_than: float) -> list[Page]:
        """Pages sent to ``address`` over ``older_than`` seconds ago that no browser has
        connected to (a browser connects within seconds; a loop of requests never does).

        >>> now = [0.0]
        >>> book = PageBook(clock=lambda: now[0])
        >>> book.rendered(book.pages[book.keys[book.claim("k1", "c:a", "10.0.0.7", "p",
        ...     reserved=False)]].kernel_id)
        >>> now[0] = 20.0
        >>> len(book.unconnected("10.0.0.7", 15.0)), len(book.unconnected("10.0.0.8", 15.0))
        (1, 0)
        """
        now = self.clock()
        return [
            page
            for page in self.pages.values()
            if page.address == address
            and not page.ending
            and not page.connected_once
            and page.rendered is not None
            and now - page.rendered > older_than
        ]

    def admit(
        self, client: str, *, per_client: int, limit: int, evict: Any = None
    ) -> Refusal | None:
        """Reserve a kernel for ``client``, or say why not. Idle pages are handed to
        ``evict`` (and stop counting) to make room first."""
        mine = self.live(client)
        over = len(mine) + self.pending[client] - per_client + 1
        for page in self.idle(mine)[: max(0, over)]:
            self._evict(page, evict)
        held = len(self.live(client)) + self.pending[client]
        if held >= per_client:
            if client.startswith("c:"):
                text = nsay(
                    "Too many open pages: this browser already has {n} puzzle page open on "
                    "this server. Close one of those tabs (or wait a minute), then reload "
                    "this page.",
                    "Too many open pages: this browser already has {n} puzzle pages open on "
                    "this server. Close one of those tabs (or wait a minute), then reload "
                    "this page.",
                    held,
                )
            else:
                text = nsay(
                    "Too many open pages: this computer already has {n} puzzle page open on "
                    "this server. Close one of those tabs (or wait a minute), then reload "
                    "this page.",
                    "Too many open pages: this computer already has {n} puzzle pages open on "
                    "this server. Close one of those tabs (or wait a minute), then reload "
                    "this page.",
                    held,
                )
            return Refusal(429, text)
        total = len(self.live()) + sum(self.pending.values())
        if total >= limit:
            for page in self.idle(self.live(), at_least=10.0)[: total - limit + 1]:
                self._evict(page, evict)
            if len(self.live()) + sum(self.pending.values()) >= limit:
                return Refusal(
                    503,
                    say(
                        "The server is full: it already holds as many open puzzle pages as "
                        "its memory allows. Please try again in a minute."
                    ),
                    retry_after=60,
                )
        self.pending[client] += 1
        return None

    def _evict(self, page: Page, evict: Any) -> None:
        if evict is not None:
            evict(page)
        page.ending = True

    def release(self, client: str) -> None:
        """A reservation that got no kernel (the page failed before its kernel)."""
        if self.pending[client] > 0:
            self.pending[client] -= 1
        if not self.pending[client]:
            del self.pending[client]

    def claim(
        self, kernel_id: str, client: str, address: str, path: str, *, reserved: bool = True
    ) -> str:
        """Record that ``client``'s reservation (if still ``reserved``) got ``kernel_id``;
        return the page key."""
        if reserved:
            self.release(client)
        key = str(uuid.uuid4())
        self.pages[kernel_id] = Page(kernel_id, key, client, address, path, self.clock())
        self.keys[key] = kernel_id
        return key

    def kernel_for(self, key: str) -> str | None:
        """The kernel serving the page key ``key``, or None if there is none or it is ending."""
        kernel_id = self.keys.get(key)
        page = self.pages.get(kernel_id) if kernel_id else None
        return None if page is None or page.ending else kernel_id

    def rendered(self, kernel_id: str) -> None:
        """Note that the kernel's page has been sent in full."""
        page = self.pages.get(kernel_id)
        if page is not None:
            page.rendering = False
            page.rendered = self.clock()

    def connected(self, kernel_id: str, change: int) -> None:
        """Count a websocket of the kernel's page opening (``change`` 1) or closing (-1)."""
        page = self.pages.get(kernel_id)
        if page is None:
            return
        page.sockets = max(0, page.sockets + change)
        if change > 0:
            page.connected_once = True
            page.idle_since = None
        elif page.sockets == 0:
            page.idle_since = self.clock()

    def forget(self, kernel_id: str) -> Page | None:
        """Drop the kernel's page from the book and return it (None if unknown)."""
        page = self.pages.pop(kernel_id, None)
        if page is not None:
            self.keys.pop(page.key, None)
        return page

    def expired(self, kernel_id: str, unconnected: float, disconnected: float) -> str | None:
        """Why this page's kernel should end now, if it should."""
        page = self.pages.get(kernel_id)
        if page is None or page.ending:
            return None
        now = self.clock()
        if not page.connected_once:
            sent = page.rendered if not page.rendering else None
            if sent is not None and now - sent > unconnected:
                return "no browser connected to its page"
            return None
        if (
            page.sockets == 0
            and page.idle_since is not None
            and now - page.idle_since > disconnected
        ):
            return "its page closed"
        return None
