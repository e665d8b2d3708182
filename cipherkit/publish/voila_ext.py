"""Small hooks the committed ``voila.json`` and :mod:`cipherkit.publish.voila_main` plug
into Voila (subclasses and configuration; no patching).

* :class:`GalleryIdentityProvider` is Voila's default identity provider plus one
  handler: ``GET /`` redirects to ``voila/render/index.ipynb`` when the served folder has
  an ``index.ipynb`` (the gallery index), and to the plain tree view otherwise. Voila adds
  an identity provider's handlers *before* its tree handler, so this one answers ``/``.
  Without a password (the gallery has none) it offers no ``/login`` or ``/logout`` page.
* :data:`ALLOWED_MESSAGE_TYPES` records what Voila 0.5 itself lets a browser send over
  the kernel websocket (its hard-coded ``allowed_message_types``; Jupyter Server drops
  every other type, so ``execute_request`` and the rest never run). The gallery's
  websocket handler narrows it further (:class:`PageKernelWebsocketHandler`): from a page
  only ``kernel_info_request``, ``comm_info_request``, ``comm_open`` of the widget
  control comm ``jupyter.widget.control`` (a few at a time), ``request_states`` on a
  control comm it opened, ``comm_close`` of such a comm, and ``comm_msg`` to the comms
  the kernel has shown the page (the widgets' own messages) reach the kernel, on the
  shell channel only. A page cannot create widgets in its kernel (``jupyter.widget``),
  open any other comm target, or stop the kernel (``shutdown_request``). What the
  kernel sends back goes through :class:`GalleryKernelConnection`, which drops
  ``error`` messages and stderr output: no traceback or server path reaches a page.
* **Pages and their kernels.** :class:`PageRenderHandler` renders a page as Voila does,
  and records which browser got which kernel. The page names its kernel by a *page
  key*, a random id made for that page, instead of the kernel's id: the kernel's own id
  (in the server's log) opens nothing, and every route of a page's kernel
  (:class:`PageKernelWebsocketHandler`, :class:`PageKernelHandler`,
  :class:`PageShutdownHandler`) answers only to its page key. The only way a page stops
  its kernel is ``POST /voila/api/shutdown/<page key>`` with the ``_xsrf`` token
  (``light.js`` and Voila's own frontend send it when the tab closes); ``DELETE
  /api/kernels/...`` is refused, and restart and interrupt are not routed at all.
* **A kernel budget.** :class:`GalleryKernelManager` lets each client hold at most
  :attr:`~GalleryKernelManager.kernels_per_client` live page kernels (a client is the
  browser's ``ck_client`` cookie, or, for a request without it, the address), and the
  whole server :attr:`~GalleryKernelManager.max_page_kernels` (sized from memory). Over
  a limit the page is a plain sentence with HTTP 429 (this browser) or 503 (the server);
  a kernel whose tab has closed without saying so is ended first to make room. A client
  without the cookie over the address's budget is sent the cookie and redirected once,
  so browsers behind one address (a proxy) each get their own budget while a loop that
  keeps no cookie gets no more kernels.
* :class:`GalleryKernelManager` is Jupyter Server's kernel manager (which Voila wraps
  with its preheated pools) with the idle culler fixed for pooled kernels. A pooled
  kernel is never culled, but its idle clock keeps running while it waits in the pool:
  once a page takes it, it looked idle since the pool was filled, so the culler shut it
  down in the second or two before the browser opened its websocket whenever the kernel
  had waited in the pool longer than ``cull_idle_timeout``. Here a kernel's idle clock
  starts again when the culler first finds it *out* of the pool, and it skips a kernel
  still starting. A page's kernel that no browser connects to within
  :attr:`~GalleryKernelManager.unconnected_grace` seconds of its page being sent is shut
  down, and so is one whose every socket has been closed for
  :attr:`~GalleryKernelManager.disconnected_grace` seconds.

  It also keeps **spare kernels**: started, with the gallery's heavy modules already
  imported (:attr:`~GalleryKernelManager.warm_imports`), and shared by every page. Voila
  asks this manager for a kernel whenever a page's preheated pool is used up or
  refilled; it gets a spare (moved to the page's folder and given the request's
  environment) instead of waiting for a new Python process and its imports. Spares are
  started at most :attr:`~GalleryKernelManager.max_starting` at a time, and requests
  that find none ready wait their turn in order, so a burst of page loads queues
  instead of starting thirty kernels at once on two cores. The number kept ready is
  sized from the machine (:attr:`~GalleryKernelManager.spare_kernels`). A spare also
  forgets the ``jupyter.widget`` comm target, so a page could not create widgets even
  past the websocket filter.
* **Readable failures.** A page whose code fails (its mission was moved, the room store
  cannot be reached) shows one sentence saying what is wrong and who can fix it
  (:func:`~cipherkit.publish.voila_main.failure_sentence`): every spare kernel runs
  :func:`~cipherkit.publish.voila_main.page_failed` (a light module) for an
  exception in a page's cell (the traceback goes to the server's log), and
  :func:`readable_failures` turns Voila's own line for a failed cell (whose
  ``--show_tracebacks`` hint ``voila.json`` replaces) into a plain sentence.
* Every other handler keeps Voila's behaviour with plain errors
  (:class:`PlainErrors`): a bad address is a one-line 400 or 404, never a traceback on
  the page or in the log.

Examples
--------
>>> "execute_request" in ALLOWED_MESSAGE_TYPES, "comm_msg" in ALLOWED_MESSAGE_TYPES
(False, True)
>>> PAGE_MESSAGE_TYPES < set(ALLOWED_MESSAGE_TYPES), "shutdown_request" in PAGE_MESSAGE_TYPES
(True, False)
"""

from __future__ import annotations

import asyncio
import collections
import contextlib
import http.client
import json
import math
import os
import re
import secrets
import time
import uuid
from collections.abc import AsyncIterator
from dataclasses import dataclass, field
from datetime import datetime
from queue import Empty
from typing import Any, cast
from urllib.parse import parse_qsl, urlencode, urlsplit, urlunsplit

from jupyter_client.jsonutil import json_default
from jupyter_core.utils import ensure_async
from jupyter_server._tz import utcnow
from jupyter_server.auth.decorator import ws_authenticated
from jupyter_server.auth.identity import PasswordIdentityProvider
from jupyter_server.base.handlers import APIHandler
from jupyter_server.services.kernels.connection.base import (
    deserialize_binary_message,
    deserialize_msg_from_ws_v1,
)
from jupyter_server.services.kernels.connection.channels import ZMQChannelsWebsocketConnection
from jupyter_server.services.kernels.handlers import KernelHandler
from jupyter_server.services.kernels.kernelmanager import AsyncMappingKernelManager
from jupyter_server.utils import ApiPath, url_path_join
from tornado import escape, web
from tornado.log import app_log
from traitlets import Float, Int, List, TraitError, Unicode
from voila.request_info_handler import RequestInfoSocketHandler
from voila.static_file_handler import TemplateStaticFileHandler
from voila.tornado.handler import TornadoVoilaHandler
from voila.tornado.kernel_websocket_handler import VoilaKernelWebsocketHandler

from cipherkit.publish.voila_main import FAILURE_CLASS, FAILURE_HINT, GENERIC_FAILURE

__all__ = [
    "ALLOWED_MESSAGE_TYPES",
    "CLIENT_COOKIE",
    "CONTROL_TARGET",
    "PAGE_MESSAGE_TYPES",
    "GalleryIdentityProvider",
    "GalleryKernelConnection",
    "GalleryKernelManager",
    "IndexRedirectHandler",
    "NotFoundHandler",
    "PageBook",
    "PageKernelHandler",
    "PageKernelWebsocketHandler",
    "PageRenderHandler",
    "PageShutdownHandler",
    "PlainErrors",
    "Refusal",
    "RenderTurns",
    "SafeTemplateStaticFileHandler",
    "machine_page_kernels",
    "machine_spare_kernels",
    "plain",
]

ALLOWED_MESSAGE_TYPES = (
    "comm_open",
    "comm_close",
    "comm_msg",
    "comm_info_request",
    "kernel_info_request",
    "shutdown_request",
)
PAGE_MESSAGE_TYPES = frozenset(
    {"comm_open", "comm_close", "comm_msg", "comm_info_request", "kernel_info_request"}
)
"""What a page may send its kernel (the websocket handler refuses everything else)."""
CONTROL_TARGET = "jupyter.widget.control"
"""The one comm target a page may open: the widget manager's state requests."""
INDEX = "index.ipynb"
CLIENT_COOKIE = "ck_client"
"""The cookie naming a browser for the kernel budget (random, HttpOnly)."""
COOKIE_MARK = "ck_cookie"
"""Query argument added by the one redirect that hands a cookie-less client its cookie."""
V1_PROTOCOL = "v1.kernel.websocket.jupyter.org"
MB = 2**20


# ------------------------------------------------------------------ plain errors
def plain(
    handler: web.RequestHandler,
    status: int,
    text: str,
    *,
    html: bool = False,
    headers: dict[str, str] | None = None,
) -> None:
    """Finish ``handler`` with ``status`` and one sentence (text, or a tiny HTML page that
    reads well on a phone)."""
    handler.clear()
    handler.set_status(status)
    handler.set_header("Cache-Control", "no-store")
    for name, value in (headers or {}).items():
        handler.set_header(name, value)
    if html:
        handler.set_header("Content-Type", "text/html; charset=UTF-8")
        body = (
            '<!DOCTYPE html><html lang="en"><head><meta charset="utf-8">'
            '<meta name="viewport" content="width=device-width, initial-scale=1">'
            f"<title>{status}</title></head>"
            '<body style="font: 18px/1.5 system-ui, sans-serif; margin: 2em auto; '
            'max-width: 36em; padding: 0 1em">'
            f'<p id="ck-refusal">{escape.xhtml_escape(text)}</p></body></html>\n'
        )
        handler.finish(body)
    else:
        handler.set_header("Content-Type", "text/plain; charset=UTF-8")
        handler.finish(text + "\n")


_SENTENCES = {
    400: "400: this address is not valid here.",
    403: "403: not allowed.",
    404: "404: there is no such page here.",
    405: "405: not allowed.",
}


class PlainErrors:
    """Mixin for every handler of the gallery: errors are one plain sentence (JSON for
    the kernel API), and the log gets one line per failure, never a traceback (an
    unexpected exception's traceback only at debug level)."""

    def write_error(self, status_code: int, **kwargs: Any) -> None:
        """Answer an error with one plain sentence (JSON for the kernel API), never a traceback."""
        handler: Any = self
        if isinstance(handler, APIHandler):
            handler.clear()
            handler.set_status(status_code)
            handler.set_header("Content-Type", "application/json")
            reason = http.client.responses.get(status_code, "Error")
            handler.finish(json.dumps({"message": reason, "reason": None}))
            return
        text = _SENTENCES.get(status_code, f"{status_code}: the server could not do that.")
        plain(handler, status_code, text)

    def log_exception(self, typ: Any, value: Any, tb: Any) -> None:
        """Log the failure in one line; an unexpected exception's traceback only at debug level."""
        handler: Any = self
        request = handler.request
        where = f"{request.method} {_summary(request.path)}"
        if isinstance(value, web.HTTPError):
            if value.log_message:
                detail = value.log_message % value.args if value.args else value.log_message
                app_log.warning("%d %s: %s", value.status_code, where, _summary(str(detail)))
            return
        app_log.error("%s: %s: %s", where, typ.__name__, _summary(str(value)))
        app_log.debug("%s failed", where, exc_info=(typ, value, tb))


def _summary(path: str) -> str:
    """A request path for the log: printable, at most 200 characters."""
    return "".join(c if c.isprintable() else "?" for c in path)[:200]


def _bad_text(text: str) -> bool:
    """Control characters or backslashes: never part of a page's address."""
    return any(ord(c) < 32 or ord(c) == 127 or c == "\\" for c in text)


class NotFoundHandler(PlainErrors, web.RequestHandler):
    """Any address no route takes: a plain 404."""

    def prepare(self) -> None:
        raise web.HTTPError(404)


class SafeTemplateStaticFileHandler(PlainErrors, TemplateStaticFileHandler):
    """Voila's template static files; a path without ``<template>/static/`` is a 404."""

    def parse_url_path(self, path: str) -> str:
        if _bad_text(path) or path.count("/") < 2 or path.split("/", 2)[1] != "static":
            raise web.HTTPError(404)
        try:
            return super().parse_url_path(path)
        except (ValueError, AssertionError):
            raise web.HTTPError(404) from None


# ------------------------------------------------------------------ the landing page
class IndexRedirectHandler(PlainErrors, web.RequestHandler):
    """``GET /``: the gallery index if there is one, else Voila's tree view."""

    def initialize(self, root_dir: str, base_url: str) -> None:
        """Keep the gallery folder and the server's base URL."""
        self.root_dir = root_dir
        self.base_url = base_url

    def get(self) -> None:
        """Redirect to the gallery's index page, or to the file tree when there is none."""
        if os.path.isfile(os.path.join(self.root_dir, INDEX)):
            target = url_path_join(self.base_url, "voila/render", INDEX)
        else:
            target = url_path_join(self.base_url, "voila/tree/")
        self.redirect(target)


class GalleryIdentityProvider(PasswordIdentityProvider):
    """Voila's default identity provider, plus the landing redirect for ``/``; without a
    password or token it offers no login or logout page (they only failed)."""

    # jupyter_server types handler specs as pairs; tornado's are (pattern, handler, kwargs)
    def get_handlers(self) -> list[tuple[str, Any, dict[str, Any]]]:  # type: ignore[override]
        handlers: list[Any] = list(super().get_handlers()) if self.auth_enabled else []
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


# ------------------------------------------------------------------ sizing
SPARE_KERNEL_MB = 100
"""Memory budgeted per spare kernel (one with the gallery's modules imported: ~80 MB)."""
PAGE_KERNEL_MB = 120
"""Memory budgeted per page kernel (a mission page's kernel: ~110 MB)."""
FORKED_PAGE_KERNEL_MB = 50
"""Memory budgeted per page kernel forked from the template: what it does not share
with the template (~25 MB once its page is drawn, bench/kernel_burst.py), twice over
for a game played on."""


def _memory_bytes() -> int:
    try:
        return os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES")
    except (ValueError, OSError, AttributeError):
        return 4 * 2**30


def machine_spare_kernels(cpus: int | None = None, memory_bytes: int | None = None) -> int:
    """How many spare kernels to keep on this machine: 6 per CPU, within 10 % of memory.

    >>> machine_spare_kernels(cpus=2, memory_bytes=24 * 2**30)
    12
    >>> machine_spare_kernels(cpus=16, memory_bytes=4 * 2**30)
    4
    """
    cpus = cpus or os.cpu_count() or 1
    memory = _memory_bytes() if memory_bytes is None else memory_bytes
    by_memory = math.floor(0.10 * memory / (SPARE_KERNEL_MB * MB))
    return max(1, min(6 * cpus, by_memory))


def machine_page_kernels(
    memory_bytes: int | None = None, spares: int = 0, kernel_mb: int = PAGE_KERNEL_MB
) -> int:
    """How many page kernels the whole server may hold: half of memory at ``kernel_mb``
    each (:data:`PAGE_KERNEL_MB`, or :data:`FORKED_PAGE_KERNEL_MB` for kernels forked
    from the template), less the spares, and at least 4.

    >>> machine_page_kernels(24 * 2**30, spares=12)
    90
    >>> machine_page_kernels(24 * 2**30, spares=2, kernel_mb=FORKED_PAGE_KERNEL_MB)
    243
    >>> machine_page_kernels(2 * 2**30, spares=2)
    6
    """
    memory = _memory_bytes() if memory_bytes is None else memory_bytes
    return max(4, math.floor(0.5 * memory / (kernel_mb * MB)) - spares)


# ------------------------------------------------------------------ page bookkeeping
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
    text: str
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
            who = "this browser" if client.startswith("c:") else "this computer"
            return Refusal(
                429,
                f"Too many open pages: {who} already has {held} puzzle pages open on this "
                "server. Close one of those tabs (or wait a minute), then reload this page.",
            )
        total = len(self.live()) + sum(self.pending.values())
        if total >= limit:
            for page in self.idle(self.live(), at_least=10.0)[: total - limit + 1]:
                self._evict(page, evict)
            if len(self.live()) + sum(self.pending.values()) >= limit:
                return Refusal(
                    503,
                    "The server is full: it already holds as many open puzzle pages as its "
                    "memory allows. Please try again in a minute.",
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


# ------------------------------------------------------------------ the kernel manager
_PAGE_SOCKETS: dict[str, set[Any]] = collections.defaultdict(set)
"""Open websockets of each page kernel (closed when the kernel ends or dies)."""


@dataclass
class _Comms:
    """The comms of one kernel a page may message: learnt from what the kernel sends
    (a widget's ``comm_open``, the ids in a ``request_states`` reply or a
    ``comm_info_reply``), whichever socket of the page it went to."""

    known: set[str] = field(default_factory=set)
    state_requests: collections.deque[str] = field(
        default_factory=lambda: collections.deque(maxlen=32)
    )

    MAX = 10_000

    def learn(self, ids: Any) -> None:
        for comm_id in ids:
            if isinstance(comm_id, str) and len(self.known) < self.MAX:
                self.known.add(comm_id)


_KERNEL_COMMS: dict[str, _Comms] = collections.defaultdict(_Comms)


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


class GalleryKernelManager(AsyncMappingKernelManager):
    """Jupyter Server's kernel manager with shared spare kernels, a fixed culler, page
    keys and a kernel budget (see the module docs).

    Voila subclasses this class (``VoilaConfiguration.multi_kernel_manager_class``) to add
    its preheated pools: its ``start_kernel`` (each pool's fill) and its handler (a page
    whose pool is empty) call :meth:`start_kernel` here, and its ``cull_kernel_if_idle``
    returns early for a kernel waiting in a pool and calls this one for every other.
    """

    # Voila's trait, on the class voila_kernel_manager_factory makes of this one (read in
    # judge_pools only after checking it is there)
    kernel_pools_config: dict[str, Any]

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
    max_rendering = Int(
        -1,
        config=True,
        help="Pages rendered (their cells run) at once; more wait their turn in the order "
        "they came. In a burst beyond what the CPUs can do, the first pages are then ready "
        "first instead of every page being slow together. -1: three per CPU.",
    )
    render_hold = Float(
        10.0,
        config=True,
        help="Seconds a page holds its turn to render; a page still rendering then gives "
        "it to the next one and goes on (a slow page never holds the others up for long).",
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
        45.0,
        config=True,
        help="A page's kernel that no browser has connected to is shut down this many "
        "seconds after its page was sent (checked every cull_interval).",
    )
    disconnected_grace = Float(
        120.0,
        config=True,
        help="A page's kernel whose every websocket has closed is shut down after this "
        "many seconds (a tab closed without saying so; Voila's frontend reconnects "
        "sooner after a network blip).",
    )
    kernels_per_client = Int(
        4,
        config=True,
        help="Live page kernels one client (a browser's cookie, or an address for "
        "requests without it) may hold; more pages get HTTP 429.",
    )
    max_page_kernels = Int(
        -1,
        config=True,
        help="Live page kernels the whole server may hold; more pages get HTTP 503. "
        "-1 sizes it from memory: half of it at 50 MB a kernel forked from the template "
        "(120 MB while kernels start the ordinary way), less the spares.",
    )
    max_sockets_per_kernel = Int(
        6, config=True, help="Websockets open at once on one page's kernel."
    )
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
        self._out_of_pool_since: dict[str, datetime] = {}
        self._ready: collections.deque[str] = collections.deque()
        self._waiters: collections.deque[asyncio.Future[str]] = collections.deque()
        self._spare_tasks: set[asyncio.Task[None]] = set()
        self._spare_env: dict[str, str] = {}
        self._warming: set[str] = set()
        self._connected_once: set[str] = set()
        self._slots: asyncio.Semaphore | None = None
        self._rendering: RenderTurns | None = None
        self._top_up_handle: asyncio.TimerHandle | None = None
        self._closing = False
        self.pages = PageBook()
        self._ending: set[asyncio.Task[None]] = set()
        self._preheat_cpu: dict[str, float] = {}
        self._judging: asyncio.Task[None] | None = None
        # Pages render from templates compiled once, not once per page (a burst's CPU).
        from cipherkit.publish.template_cache import install as cache_templates

        cache_templates()

    # -- spare kernels -------------------------------------------------------------------

    @property
    def spare_target(self) -> int:
        """The number of spare kernels kept ready: ``spare_kernels``, or if it is -1 one
        per CPU with kernels forked from the template (ready in milliseconds, so a
        spare saves little time and each costs memory), else sized from the machine."""
        n = self.spare_kernels
        if n >= 0:
            return n
        from cipherkit.publish.forkprov import forking

        return max(1, os.cpu_count() or 1) if forking() else machine_spare_kernels()

    # jupyter_client types start_kernel as MultiKernelManager's blocking wrapper (run_sync),
    # though the async managers' start_kernel, this one's base, is a coroutine
    async def start_kernel(  # type: ignore[override]
        self, *, kernel_id: str | None = None, path: ApiPath | None = None, **kwargs: Any
    ) -> str:
        if self._closing:
            raise web.HTTPError(503, "the server is stopping")
        self._judge_soon()
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
            from cipherkit.publish.forkprov import forking

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

    # -- which pages stay preheated ------------------------------------------------------

    def _judge_soon(self) -> None:
        """Start watching Voila's preheated pools (once, with forked kernels)."""
        if self._judging is None and self.preheat_min_cpu > 0:
            from cipherkit.publish.forkprov import forking

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
                if cpu < self.preheat_min_cpu:
                    config = dict(self.kernel_pools_config)
                    sizes = {**config.get("default", {}), **config.get(notebook, {})}
                    config[notebook] = {**sizes, "pool_size": 0}
                    self.kernel_pools_config = config
                    self.log.info(
                        "Page %s starts and runs in %.2f CPU-s on a forked kernel: "
                        "rendered when asked for, not kept preheated",
                        notebook,
                        cpu,
                    )
                    quick.append(notebook)
                    await self.shutdown_kernel(kernel_id, now=True)
                else:
                    self.log.info(
                        "Page %s starts and runs in %.2f CPU-s on a forked kernel: kept preheated",
                        notebook,
                        cpu,
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
        self._out_of_pool_since.pop(kernel_id, None)

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

    # jupyter_client types shutdown_all as MultiKernelManager's blocking wrapper (run_sync),
    # though the async managers' shutdown_all, this one's base, is a coroutine
    async def shutdown_all(self, now: bool = False) -> None:  # type: ignore[override]
        """Stop every kernel at once (``now``: page kernels keep nothing worth a graceful
        stop, and the server should stop within seconds)."""
        self._closing = True
        if self._judging is not None:
            self._judging.cancel()
        if self._top_up_handle is not None:
            self._top_up_handle.cancel()
        while self._waiters:
            waiter = self._waiters.popleft()
            if not waiter.done():
                waiter.set_exception(RuntimeError("the server is stopping"))
        # Voila stops its loop before calling this on another one: the spares' tasks
        # cannot be awaited here. Cancel them; every kernel they launched is registered
        # with this manager and is shut down below with all the others.
        for task in list(self._spare_tasks) + list(self._ending):
            task.cancel()
        self._ready.clear()
        await super().shutdown_all(now=True)

    # -- pages ---------------------------------------------------------------------------

    def render_turn(self) -> contextlib.AbstractAsyncContextManager[None]:
        """What a page holds while it is rendered: one of :class:`RenderTurns`
        (``max_rendering`` at once, each given up after ``render_hold`` seconds)."""
        if self._rendering is None:
            n = self.max_rendering if self.max_rendering > 0 else 3 * (os.cpu_count() or 1)
            self._rendering = RenderTurns(n, self.render_hold)
        return self._rendering.turn()

    @property
    def page_limit(self) -> int:
        """Live page kernels the whole server may hold (``max_page_kernels``, or if it is
        -1 as many as half of memory holds: :func:`machine_page_kernels`, at the forked
        kernels' size while the template runs, else at a whole Python's)."""
        n = self.max_page_kernels
        if n >= 0:
            return n
        from cipherkit.publish.forkprov import forking, template

        forked = forking() and template().alive()
        size = FORKED_PAGE_KERNEL_MB if forked else PAGE_KERNEL_MB
        return machine_page_kernels(spares=self.spare_target, kernel_mb=size)

    def admit(self, client: str) -> Refusal | None:
        """Reserve a page kernel for ``client`` (release it with :meth:`release` or turn
        it into a page with :meth:`claim`), or say why not."""
        if self._closing:
            return Refusal(503, "The server is stopping. Please try again in a minute.")
        return self.pages.admit(
            client,
            per_client=max(1, self.kernels_per_client),
            limit=max(1, self.page_limit),
            evict=lambda page: self.end_page(page.kernel_id, "a newer page needed room"),
        )

    def release(self, client: str) -> None:
        """Give back a ``client``'s reservation that got no kernel."""
        self.pages.release(client)

    def claim(
        self, kernel_id: str, client: str, address: str, path: str, *, reserved: bool = True
    ) -> str:
        """``kernel_id`` now belongs to the page being sent: its page key."""
        key = self.pages.claim(kernel_id, client, address, path, reserved=reserved)
        self.log.info("Kernel %s serves %s to %s", kernel_id, _summary(path), address)
        return key

    def kernel_for_key(self, key: str) -> str | None:
        """The kernel of a page key (``None`` for anything else, kernel ids included)."""
        kernel_id = self.pages.kernel_for(key)
        return kernel_id if kernel_id in self._kernels else None

    def page_sent(self, kernel_id: str, complete: bool) -> None:
        """Voila is done with the page: its HTML has gone out (``complete``), or its
        request failed or was left (then the kernel ends, now that nothing runs in it)."""
        self.pages.rendered(kernel_id)
        page = self.pages.pages.get(kernel_id)
        if not complete or (page is not None and page.ending):
            if page is not None:
                page.ending = False  # (left earlier: end it now)
            self.end_page(kernel_id, "its page was not sent")

    def abandon(self, kernel_id: str) -> None:
        """The browser left while its page was being made: the page key is refused and
        the kernel no longer counts; it ends once Voila is done with it
        (:meth:`page_sent`)."""
        page = self.pages.pages.get(kernel_id)
        if page is not None:
            page.ending = True

    def end_page(self, kernel_id: str, why: str) -> None:
        """Shut a page's kernel down soon (and refuse its page key from now on)."""
        page = self.pages.pages.get(kernel_id)
        if page is not None:
            if page.ending:
                return
            page.ending = True
        if kernel_id not in self._kernels:
            self.pages.forget(kernel_id)
            return
        self.log.info("Ending kernel %s: %s", kernel_id, why)
        task = asyncio.ensure_future(self._end_quietly(kernel_id))
        self._ending.add(task)
        task.add_done_callback(self._ending.discard)

    async def _end_quietly(self, kernel_id: str) -> None:
        try:
            await self.shutdown_kernel(kernel_id, now=True)
        except Exception as exc:  # already gone
            self.log.debug("kernel %s: %s", kernel_id, exc)
        finally:
            self.pages.forget(kernel_id)

    def remove_kernel(self, kernel_id: str) -> Any:
        """Forget a kernel that has stopped or died, and close its page's sockets."""
        kernel = super().remove_kernel(kernel_id)
        self.pages.forget(kernel_id)
        _KERNEL_COMMS.pop(kernel_id, None)
        RequestInfoSocketHandler._cache.pop(kernel_id, None)  # (Voila keeps one per page)
        sockets = _PAGE_SOCKETS.pop(kernel_id, set())
        if sockets:
            try:
                loop = asyncio.get_running_loop()
            except RuntimeError:
                return kernel
            # a moment for a 'dead' status to reach the page first
            loop.call_later(0.5, lambda: [s.close() for s in list(sockets)])
        return kernel

    def _handle_kernel_died(self, kernel_id: str) -> None:
        page = self.pages.pages.get(kernel_id)
        if page is not None:
            self.log.warning("The kernel of a page of %s died: its page is told.", page.path)
        super()._handle_kernel_died(kernel_id)

    # -- culling -------------------------------------------------------------------------

    def notify_connect(self, kernel_id: str) -> None:
        self._connected_once.add(kernel_id)
        self.pages.connected(kernel_id, +1)
        super().notify_connect(kernel_id)

    def notify_disconnect(self, kernel_id: str) -> None:
        self.pages.connected(kernel_id, -1)
        super().notify_disconnect(kernel_id)

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
        for kernel_id in [k for k in self.pages.pages if k not in self._kernels]:
            self.pages.forget(kernel_id)
        await super().cull_kernels()

    async def cull_kernel_if_idle(self, kernel_id: str) -> None:
        kernel = self._kernels.get(kernel_id)
        if kernel is None or kernel_id in self._ready or kernel_id in self._warming:
            return
        if kernel_id in self.pages.pages:
            why = self.pages.expired(kernel_id, self.unconnected_grace, self.disconnected_grace)
            if why is not None:
                self.pages.pages[kernel_id].ending = True
                self.log.info("Culling kernel %s: %s", kernel_id, why)
                await self._end_quietly(kernel_id)
                return
            if not self.pages.pages[kernel_id].connected_once:
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
            if idle < max(self.unconnected_grace, 120.0):
                return
        await super().cull_kernel_if_idle(kernel_id)


KERNEL_HARDENING = """\
try:  # pages may not create widgets in the kernel
    __import__('comm').get_comm_manager().targets.pop('jupyter.widget', None)
except Exception:
    pass
try:  # a page that cannot start says why in one sentence (cipherkit.publish.voila_ext)
    __import__('IPython').get_ipython().set_custom_exc(
        (Exception,), __import__('cipherkit.publish.voila_main').publish.voila_main.page_failed
    )
except Exception:
    pass"""
"""Run in every spare kernel after its imports (see the module docs)."""

_VOILA_FAILURE = re.compile(
    r"There was an error when executing cell \[\s*\d*\s*\]\.\s*" + re.escape(FAILURE_HINT)
)


def readable_failures(html: str) -> str:
    """Voila's line for a cell that failed, made a plain sentence: removed where the page
    already says why (:func:`~cipherkit.publish.voila_main.page_failed`), else
    :data:`GENERIC_FAILURE`.

    >>> readable_failures("<pre>There was an error when executing cell [2]. " + FAILURE_HINT)
    '<pre>This page could not start. Whoever runs this server can see why in its log.'
    """
    if FAILURE_HINT not in html:
        return html
    return _VOILA_FAILURE.sub("" if FAILURE_CLASS in html else GENERIC_FAILURE, html)


# ------------------------------------------------------------------ rendering a page
class _Claiming:
    """The kernel manager as Voila's page handler sees it: whichever kernel the page is
    given (from its pool, or a new one) is reported to ``on_kernel``."""

    def __init__(self, manager: Any, on_kernel: Any) -> None:
        self._manager = manager
        self._on_kernel = on_kernel

    def __getattr__(self, name: str) -> Any:
        return getattr(self._manager, name)

    async def get_rendered_notebook(self, *args: Any, **kwargs: Any) -> Any:
        result = await self._manager.get_rendered_notebook(*args, **kwargs)
        self._on_kernel(result[2])
        return result

    async def start_kernel(self, *args: Any, **kwargs: Any) -> str:
        kernel_id = await ensure_async(self._manager.start_kernel(*args, **kwargs))
        self._on_kernel(kernel_id)
        return kernel_id


class PageRenderHandler(PlainErrors, TornadoVoilaHandler):
    """Voila's page handler with the kernel budget and page keys (module docs).

    Only the configured template and ``cipherkit-full`` (what ``light.js`` reloads a page
    with) may be asked for, and only the light or dark theme.
    """

    TEMPLATES = frozenset({"cipherkit", "cipherkit-full"})
    THEMES = frozenset({"light", "dark"})

    _claiming: _Claiming | None = None
    _page: dict[str, Any] | None = None
    _gone = False

    @property
    def kernel_manager(self) -> Any:
        """The kernel manager, wrapped while a page is being rendered so its new kernel is
        claimed for it.
        """
        return self._claiming or self.settings["kernel_manager"]

    def _check_arguments(self, path: str) -> None:
        template = self.get_argument("template", None)
        theme = self.get_argument("theme", None)
        allowed = self.TEMPLATES | {self.voila_configuration.template}
        if (
            _bad_text(path)
            or (template is not None and template not in allowed)
            or (theme is not None and theme not in self.THEMES | {self.voila_configuration.theme})
        ):
            raise web.HTTPError(400)

    def _address(self) -> str:
        return str(self.request.remote_ip or "unknown")

    def _client(self) -> str | None:
        """The budget key of this request, or ``None`` when it has been answered (the one
        redirect that hands a cookie-less client its cookie, or a refusal)."""
        manager = self.settings["kernel_manager"]
        cookie = self.get_cookie(CLIENT_COOKIE) or ""
        if re.fullmatch(r"[0-9a-f]{32}", cookie):
            return f"c:{cookie}"
        address = f"a:{self._address()}"
        marked = self.get_query_argument(COOKIE_MARK, None) is not None
        self.set_cookie(
            CLIENT_COOKIE,
            secrets.token_hex(16),
            path=self.base_url,
            httponly=True,
            samesite="Lax",
        )
        held = len(manager.pages.live(address)) + manager.pages.pending[address]
        if held < manager.kernels_per_client or marked:
            return address
        # This address already holds its share of cookie-less pages (a proxy in front, or
        # a loop): a browser comes back at once with its own cookie, a loop does not.
        parts = urlsplit(self.request.uri or "")
        query = [*parse_qsl(parts.query, keep_blank_values=True), (COOKIE_MARK, "1")]
        self.redirect(urlunsplit(("", "", parts.path, urlencode(query), "")))
        return None

    def _refuse(self, refusal: Refusal) -> None:
        headers = {"Retry-After": str(refusal.retry_after)}
        plain(self, refusal.status, refusal.text, html=True, headers=headers)

    @web.authenticated
    async def get(self, path: str | None = None) -> None:
        """Render the gallery page at ``path`` in a kernel of its own, within the server's
        limits.
        """
        path = path or ""
        self._check_arguments(path)
        if not path.lower().endswith(".ipynb"):
            await super().get(path=path)  # Voila's redirect to the file route
            return
        manager = self.settings["kernel_manager"]
        client = self._client()
        if client is None:
            return
        refusal = manager.admit(client)
        if refusal is not None:
            self.log.warning(
                "%d: page %s refused for %s", refusal.status, _summary(path), self._address()
            )
            self._refuse(refusal)
            return
        page: dict[str, Any] = {"client": client, "reserved": True}
        self._page = page

        def on_kernel(kernel_id: str) -> None:
            reserved = page.pop("reserved", False)
            page["kernel"] = kernel_id
            page["key"] = manager.claim(kernel_id, client, self._address(), path, reserved=reserved)
            if self._gone:
                manager.abandon(kernel_id)

        self._claiming = _Claiming(manager, on_kernel)
        self.xsrf_token  # noqa: B018 - sets the _xsrf cookie the page's shutdown sends back
        complete = False
        try:
            async with manager.render_turn():
                if self._gone:  # left while waiting its turn
                    return
                async for html in self.get_generator(path=path):
                    if "kernel" in page:
                        html = html.replace(page["kernel"], page["key"])
                    self.write(readable_failures(html))
                    self.flush()
            complete = not self._gone
        finally:
            self._claiming = None
            if "kernel" in page:
                manager.page_sent(page["kernel"], complete)
            elif page.pop("reserved", False):
                manager.release(client)

    def on_connection_close(self) -> None:
        """The browser left while its page was being made: it no longer counts against
        its budget, and the kernel it was getting ends."""
        self._gone = True
        page = self._page
        if page is not None:
            manager = self.settings["kernel_manager"]
            if page.pop("reserved", False):
                manager.release(page["client"])
            if "kernel" in page:
                manager.abandon(page["kernel"])
        super().on_connection_close()


# ------------------------------------------------------------------ a page's kernel routes
def _kernel_of(handler: Any, key: str) -> str:
    kernel_id = handler.settings["kernel_manager"].kernel_for_key(key)
    if kernel_id is None:
        raise web.HTTPError(404)
    return str(kernel_id)


class PageKernelHandler(PlainErrors, KernelHandler):
    """``/api/kernels/<page key>``: the kernel's model, named by the page key (Voila's
    frontend asks for it); deleting a kernel here is refused."""

    @web.authenticated
    async def get(self, kernel_id: str) -> None:
        real = _kernel_of(self, kernel_id)
        model = await ensure_async(self.kernel_manager.kernel_model(real))
        model["id"] = kernel_id
        self.finish(json.dumps(model, default=json_default))

    @web.authenticated
    async def delete(self, kernel_id: str) -> None:
        raise web.HTTPError(403, "a page's kernel is stopped only by its own page")


class PageShutdownHandler(PlainErrors, APIHandler):
    """``POST /voila/api/shutdown/<page key>`` with the ``_xsrf`` token: the page's own
    kernel ends (what its tab sends when it closes)."""

    @web.authenticated
    async def post(self, kernel_id: str) -> None:
        """End the kernel of the page with this page key (its tab closed)."""
        real = _kernel_of(self, kernel_id)
        manager = cast(GalleryKernelManager, self.kernel_manager)  # the gallery server runs it
        manager.end_page(real, "its page closed")
        self.set_status(204)
        self.finish()


@dataclass
class _Verdict:
    refused: str | None = None
    opens: str | None = None
    closes: str | None = None


class PageKernelWebsocketHandler(PlainErrors, VoilaKernelWebsocketHandler):
    """A page's kernel websocket, named by the page key, with what the page may send
    filtered (module docs). At most ``max_sockets_per_kernel`` at once per kernel; a
    socket that keeps sending refused messages is closed."""

    MAX_CONTROL_COMMS = 4
    MAX_REFUSALS = 100

    _page_kernel: str | None = None

    @ws_authenticated
    async def get(self, kernel_id: str) -> None:
        real = _kernel_of(self, kernel_id)
        sockets = _PAGE_SOCKETS[real]
        if len(sockets) >= self.kernel_manager.max_sockets_per_kernel:
            raise web.HTTPError(429, "too many sockets on one page's kernel")
        self._page_kernel = real
        self._control: set[str] = set()
        self._refusals = 0
        sockets.add(self)
        try:
            await super().get(kernel_id=real)
        finally:
            sockets.discard(self)
            if not sockets:
                _PAGE_SOCKETS.pop(real, None)

    def on_message(self, ws_message: Any) -> None:
        verdict = self._judge(ws_message)
        if verdict.refused is not None:
            self._refusals += 1
            log = self.log.warning if self._refusals <= 3 else self.log.debug
            log("Refused from a page of kernel %s: %s", self._page_kernel, verdict.refused)
            if self._refusals > self.MAX_REFUSALS:
                self.close(1008, "too many refused messages")
            return
        if verdict.opens:
            self._control.add(verdict.opens)
        if verdict.closes:
            self._control.discard(verdict.closes)
        super().on_message(ws_message)

    def on_close(self) -> None:
        connection = getattr(self, "connection", None)
        if connection is not None:
            shell = connection.channels.get("shell")
            for comm_id in getattr(self, "_control", ()):
                try:  # the control comms this page left open: none piles up in the kernel
                    connection.session.send(shell, "comm_close", {"comm_id": comm_id, "data": {}})
                except Exception:
                    break
        super().on_close()

    def _parse(self, ws_message: Any) -> tuple[str | None, dict[str, Any], dict[str, Any]]:
        connection = getattr(self, "connection", None)
        if connection is not None and connection.subprotocol == V1_PROTOCOL:
            if not isinstance(ws_message, bytes):
                raise ValueError("text frame on a binary protocol")
            channel, parts = deserialize_msg_from_ws_v1(ws_message)
            header = json.loads(parts[0])
            content = json.loads(parts[3]) if len(parts) > 3 else {}
            return channel, header, content
        if isinstance(ws_message, bytes):
            msg = deserialize_binary_message(ws_message)
        else:
            msg = json.loads(ws_message)
        if not isinstance(msg, dict):
            raise ValueError("not a message")
        return msg.get("channel"), msg.get("header") or {}, msg.get("content") or {}

    def _judge(self, ws_message: Any) -> _Verdict:
        try:
            channel, header, content = self._parse(ws_message)
        except Exception:
            return _Verdict("a malformed message")
        if not isinstance(header, dict) or not isinstance(content, dict):
            return _Verdict("a malformed message")
        msg_type = header.get("msg_type")
        if channel not in (None, "shell"):
            return _Verdict(f"a message on the {str(channel)[:20]!r} channel")
        if msg_type not in PAGE_MESSAGE_TYPES:
            return _Verdict(f"a {str(msg_type)[:40]!r} message")
        comm_id = content.get("comm_id")
        proper_id = isinstance(comm_id, str) and 0 < len(comm_id) <= 100
        if msg_type in ("comm_open", "comm_close", "comm_msg") and not proper_id:
            return _Verdict("a comm message without a proper comm id")
        if msg_type == "comm_open":
            if content.get("target_name") != CONTROL_TARGET:
                return _Verdict(f"a comm_open of {str(content.get('target_name'))[:40]!r}")
            if len(self._control) >= self.MAX_CONTROL_COMMS:
                return _Verdict("too many widget control comms open")
            return _Verdict(opens=comm_id)
        if msg_type == "comm_close":
            if comm_id not in self._control:
                return _Verdict("a comm_close of a comm the page did not open")
            return _Verdict(closes=comm_id)
        if msg_type == "comm_msg" and comm_id in self._control:
            data = content.get("data")
            if not isinstance(data, dict) or data.get("method") != "request_states":
                return _Verdict("a control message other than request_states")
            msg_id = header.get("msg_id")
            if isinstance(msg_id, str):
                _KERNEL_COMMS[str(self._page_kernel)].state_requests.append(msg_id)
        elif msg_type == "comm_msg" and comm_id not in _KERNEL_COMMS[str(self._page_kernel)].known:
            return _Verdict("a message to a comm the kernel has not shown")
        return _Verdict()


# ------------------------------------------------------------------ what the kernel sends
TRACEBACK_MARKS = ("Traceback (most recent call last)", 'File "/')


class GalleryKernelConnection(ZMQChannelsWebsocketConnection):
    """Jupyter Server's kernel websocket connection without ``error`` messages or
    stderr output towards the page (a kernel's warnings and tracebacks, with server
    paths, used to reach every page on the kernel); they are logged, one line each."""

    def handle_outgoing_message(self, stream: Any, outgoing_msg: list[Any]) -> None:
        try:
            _, parts = self.session.feed_identities(outgoing_msg)
            header = self.session.unpack(parts[1])
            msg_type = header.get("msg_type")
            self._learn_comms(msg_type, parts)
            if msg_type in ("error", "stream"):
                content = self.session.unpack(parts[4])
                text = str(content.get("text", ""))
                if (
                    msg_type == "error"
                    or content.get("name") == "stderr"
                    or any(mark in text for mark in TRACEBACK_MARKS)
                ):
                    first = text.strip().splitlines()[-1:] or [str(content.get("ename", ""))]
                    self.log.debug(
                        "Kernel %s: %s kept from the page (%s)",
                        self.kernel_id,
                        msg_type,
                        first[0][:160],
                    )
                    return
        except Exception:  # not for us to judge: Jupyter Server handles it as before
            pass
        super().handle_outgoing_message(stream, outgoing_msg)

    def _learn_comms(self, msg_type: Any, parts: list[Any]) -> None:
        """Note the comm ids this message shows the page (see :class:`_Comms`)."""
        if msg_type not in ("comm_open", "comm_msg", "comm_info_reply"):
            return
        comms = _KERNEL_COMMS[self.kernel_id]
        if msg_type == "comm_msg":
            parent = self.session.unpack(parts[2])
            if parent.get("msg_id") not in comms.state_requests:
                return
            data = self.session.unpack(parts[4]).get("data") or {}
            comms.learn((data.get("states") or {}).keys())
            return
        content = self.session.unpack(parts[4])
        if msg_type == "comm_open":
            comms.learn([content.get("comm_id")])
        else:
            comms.learn((content.get("comms") or {}).keys())
