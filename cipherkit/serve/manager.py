"""The gallery's kernel manager (``voila.json``'s ``multi_kernel_manager_class``): Jupyter
Server's, with shared spare kernels (:mod:`~cipherkit.serve.spares`), the preheat judge
(:mod:`~cipherkit.serve.preheat`), the fixed culler (:mod:`~cipherkit.serve.culling`), page
keys and the page budget (:mod:`~cipherkit.serve.budget`), render turns and each page
kernel's channels, all owned by the manager (``docs/serve.md``).
"""

from __future__ import annotations

import asyncio
import contextlib
import ipaddress
import os
from typing import Any

import zmq
import zmq.asyncio
from traitlets import Float, Int, List, TraitError, Unicode, default, validate
from voila.request_info_handler import RequestInfoSocketHandler

from cipherkit.i18n import say
from cipherkit.serve.budget import Refusal
from cipherkit.serve.channels import PageChannels
from cipherkit.serve.clients import CookieSigner, TokenBuckets, server_secret
from cipherkit.serve.culling import CullingManager
from cipherkit.serve.errors import summary
from cipherkit.serve.sizing import (
    FDS_PER_KERNEL,
    FORKED_PAGE_KERNEL_MB,
    PAGE_KERNEL_MB,
    RESERVED_FDS,
    RESERVED_SOCKETS,
    SOCKETS_PER_KERNEL,
    KernelCap,
    machine_page_kernels,
    server_page_kernels,
    short_of,
)
from cipherkit.serve.turns import RenderTurns

__all__ = ["GalleryKernelManager"]


class GalleryKernelManager(CullingManager):
    """Jupyter Server's kernel manager with shared spare kernels, a fixed culler, page
    keys and a kernel budget (see the module docs).

    Voila subclasses this class (``VoilaConfiguration.multi_kernel_manager_class``) to add
    its preheated pools: its ``start_kernel`` (each pool's fill) and its handler (a page
    whose pool is empty) call :meth:`start_kernel` here, and its ``cull_kernel_if_idle``
    returns early for a kernel waiting in a pool and calls this one for every other.

    Each client (the browser's ``ck_client`` cookie, or the address of a request without
    it) may hold :attr:`kernels_per_client` live page kernels, the whole server
    :attr:`max_page_kernels`; over a limit a page is refused (:class:`Refusal`), after a
    kernel whose tab has closed without saying so has been ended to make room.
    """

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
        "-1 sizes it from whichever limit breaks first: memory (half of it at 50 MB a "
        "kernel forked from the template, 120 MB while kernels start the ordinary way), "
        "the ZeroMQ sockets (12 a kernel) and the open files (28 a kernel) of the "
        "server, less the spares (docs/deploy.md).",
    )
    zmq_max_sockets = Int(
        -1,
        config=True,
        help="ZeroMQ sockets the server's context may open (ZeroMQ's default: 1,023). -1: "
        "half the open files the server may hold, at least 1,023 and at most 16,384.",
    )
    new_clients_burst = Int(
        120,
        config=True,
        help="New client cookies one address may get at once (a class of 60 behind one "
        "school address, twice over); then new_clients_per_second.",
    )
    new_clients_per_second = Float(
        2.0,
        config=True,
        help="New client cookies one address gets a second once its burst is spent.",
    )
    unconnected_pages_per_address = Int(
        8,
        config=True,
        help="Pages sent to one address that no browser connected to within "
        "unconnected_page_seconds: when a new visitor from that address comes with as "
        "many, their kernels are ended at once (a loop taking a new cookie per page never "
        "opens a page's websocket) instead of after unconnected_grace.",
    )
    unconnected_page_seconds = Float(
        15.0,
        config=True,
        help="Seconds after a page is sent within which its browser is expected to connect.",
    )
    secret_file = Unicode(
        "",
        config=True,
        help="The file of the secret signing client cookies (and the teacher's cookie): "
        "give several servers behind one address the same file. Empty: "
        "$CIPHERKIT_SERVE_SECRET_FILE, else serve-secret in cipherkit's data folder.",
    )
    trusted_proxies = List(
        Unicode(),
        default_value=[],
        config=True,
        help="Addresses or networks of reverse proxies in front of this server (e.g. "
        "127.0.0.1 for nginx on this machine): a request from one of them comes from the "
        "last address of its X-Forwarded-For header (else X-Real-IP), so the new-visitor "
        "budget counts each visitor, not the proxy. Headers from other peers are ignored.",
    )

    @validate("trusted_proxies")
    def _check_proxies(self, proposal: Any) -> list[str]:
        for value in proposal["value"]:
            try:
                ipaddress.ip_network(value.strip(), strict=False)
            except ValueError:
                raise TraitError(
                    say("trusted_proxies: {value!r} is not an address or network", value=value)
                ) from None
        return list(proposal["value"])

    max_sockets_per_kernel = Int(
        6, config=True, help="Websockets open at once on one page's kernel."
    )

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.channels = PageChannels()
        self._rendering: RenderTurns | None = None
        self._signer: CookieSigner | None = None
        self._new_clients: TokenBuckets | None = None
        self._cap: KernelCap | None = None
        _raise_open_files()
        # Pages render from templates compiled once, not once per page (a burst's CPU).
        from cipherkit.serve.kept_cells import install as keep_static_cells
        from cipherkit.serve.template_cache import install as cache_templates

        cache_templates()
        keep_static_cells()  # a lesson's static cells (its plots) run twice, then shown

    # jupyter_client types shutdown_all as MultiKernelManager's blocking wrapper (run_sync),
    # though the async managers' shutdown_all, this one's base, is a coroutine
    async def shutdown_all(self, now: bool = False) -> None:  # type: ignore[override]
        """Stop every kernel at once (``now``: page kernels keep nothing worth a graceful
        stop, and the server should stop within seconds)."""
        self._stop_spares()
        self._stop_judging()
        for task in list(self._ending):
            task.cancel()
        # Each kernel on its own: one that ended meanwhile (or never started) must not
        # stop the others' shutdown with a traceback (jupyter_client's gather did).
        kernel_ids = {*self.list_kernel_ids(), *self._pending_kernels}

        async def stop(kernel_id: str) -> None:
            try:
                await self.shutdown_kernel(kernel_id, now=True)
            except Exception as exc:
                self.log.debug("Kernel %s was gone already: %s", kernel_id, exc)
            self._pending_kernels.pop(kernel_id, None)

        await asyncio.gather(*(stop(kernel_id) for kernel_id in kernel_ids))

    @default("context")
    def _context_default(self) -> zmq.asyncio.Context:
        context = zmq.asyncio.Context()
        context.set(zmq.MAX_SOCKETS, self._zmq_sockets())
        self._created_context = True  # (destroyed with the manager, as jupyter_client does)
        return context

    def _zmq_sockets(self) -> int:
        if self.zmq_max_sockets > 0:
            return self.zmq_max_sockets
        return max(1023, min(16384, _open_files() // 2))

    # -- clients ---------------------------------------------------------------------------

    @property
    def signer(self) -> CookieSigner:
        """What signs and checks the client cookies (the server secret: ``secret_file``)."""
        if self._signer is None:
            self._signer = CookieSigner(server_secret(self.secret_file or None))
        return self._signer

    def new_client(self, address: str) -> str | None:
        """A new signed client cookie for a request from ``address``, or ``None`` when
        that address has had its share of new cookies for now (``new_clients_burst``,
        then ``new_clients_per_second``). An address holding
        ``unconnected_pages_per_address`` pages no browser opened has them ended first."""
        if self._new_clients is None:
            self._new_clients = TokenBuckets(self.new_clients_burst, self.new_clients_per_second)
        stale = self.pages.unconnected(address, self.unconnected_page_seconds)
        if len(stale) >= self.unconnected_pages_per_address:
            # pages no browser opened, many: a loop minting cookies; end them now
            for page in stale:
                self.end_page(page.kernel_id, "no browser opened its page")
        if not self._new_clients.take(address):
            return None
        return self.signer.issue()

    def new_client_wait(self, address: str) -> int:
        """Seconds until ``address`` may get a new client cookie again."""
        return self._new_clients.wait(address) if self._new_clients is not None else 1

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
        """Live page kernels the whole server may hold: ``max_page_kernels``, or if it is
        -1 :meth:`kernel_cap`'s."""
        n = self.max_page_kernels
        return n if n >= 0 else self.kernel_cap().kernels

    def kernel_cap(self) -> KernelCap:
        """The page kernels this server may hold by whichever limit breaks first
        (:func:`server_page_kernels`): half of memory at the forked kernels' size while
        the template runs, else at a whole Python's; its ZeroMQ sockets; its open files.
        Logged once, with the limit that set it."""
        from cipherkit.serve.forkprov import forking, template

        forked = forking() and template().alive()
        size = FORKED_PAGE_KERNEL_MB if forked else PAGE_KERNEL_MB
        cap = server_page_kernels(
            machine_page_kernels(spares=self.spare_target, kernel_mb=size),
            zmq_sockets=int(self.context.get(zmq.MAX_SOCKETS)),
            open_files=_open_files(),
            spares=self.spare_target,
        )
        if cap != self._cap:
            self.log.info("At most %d page kernels (set by %s)", cap.kernels, cap.by)
            self._cap = cap
        return cap

    def short_of_handles(self) -> str | None:
        """What the server is short of for one more kernel, counted now (ZeroMQ sockets
        in its context, its open files), or ``None``: kernels of other servers or a page
        with many websockets can use up what :meth:`kernel_cap` counted on."""
        sockets = len(getattr(self.context, "_sockets", ()))
        if short_of(
            sockets, int(self.context.get(zmq.MAX_SOCKETS)), SOCKETS_PER_KERNEL, RESERVED_SOCKETS
        ):
            return "zeromq sockets"
        if short_of(_open_fds(), _open_files(), FDS_PER_KERNEL, RESERVED_FDS):
            return "file descriptors"
        return None

    def admit(self, client: str) -> Refusal | None:
        """Reserve a page kernel for ``client`` (release it with :meth:`release` or turn
        it into a page with :meth:`claim`), or say why not."""
        if self._closing:
            return Refusal(503, say("The server is stopping. Please try again in a minute."))
        short = self.short_of_handles()
        if short is not None:
            self.log.warning("503: a page refused, the server is short of %s", short)
            return Refusal(
                503,
                say(
                    "The server is full: it already holds as many open puzzle pages as it "
                    "can. Please try again in a minute."
                ),
                retry_after=60,
            )
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
        self.log.info("Kernel %s serves %s to %s", kernel_id, summary(path), address)
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

    def remove_kernel(self, kernel_id: str) -> Any:
        """Forget a kernel that has stopped or died, and close its page's sockets."""
        kernel = super().remove_kernel(kernel_id)
        self.pages.forget(kernel_id)
        RequestInfoSocketHandler._cache.pop(kernel_id, None)  # (Voila keeps one per page)
        sockets = self.channels.forget(kernel_id)
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


def _open_files() -> int:
    """The server's limit of open files (RLIMIT_NOFILE, soft)."""
    try:
        import resource

        soft, _ = resource.getrlimit(resource.RLIMIT_NOFILE)
    except (ImportError, OSError, ValueError):  # pragma: no cover - not on Linux/macOS
        return 1024
    return soft if soft != resource.RLIM_INFINITY else 1 << 20


def _open_fds() -> int:
    """The file descriptors the server has open now (0 where it cannot tell)."""
    for folder in ("/proc/self/fd", "/dev/fd"):
        with contextlib.suppress(OSError):
            return len(os.listdir(folder))
    return 0


def _raise_open_files(most: int = 1 << 16) -> None:
    """Raise the soft limit of open files to the hard one (at most ``most``): each page
    kernel holds a few dozen, and 1,024 is a common soft limit."""
    with contextlib.suppress(ImportError, OSError, ValueError):
        import resource

        soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
        target = most if hard == resource.RLIM_INFINITY else min(hard, most)
        if soft != resource.RLIM_INFINITY and soft < target:
            resource.setrlimit(resource.RLIMIT_NOFILE, (target, hard))
