"""The handlers of a page and its kernel: :class:`PageRenderHandler` renders a page as
Voila does within the page budget and render turns, and names its kernel by a random
*page key*; every route of a page's kernel answers only to that key. A page stops its
kernel only by ``POST /voila/api/shutdown/<page key>`` with the ``_xsrf`` token
(``DELETE /api/kernels/...`` is refused; restart and interrupt are not routed).
"""

from __future__ import annotations

import json
from typing import Any, cast
from urllib.parse import parse_qsl, urlencode, urlsplit, urlunsplit

import zmq
from jupyter_client.jsonutil import json_default
from jupyter_core.utils import ensure_async
from jupyter_server.base.handlers import APIHandler
from jupyter_server.services.kernels.handlers import KernelHandler
from jupyter_server.utils import url_path_join
from tornado import web
from voila.tornado.handler import TornadoVoilaHandler

from cipherkit.i18n import COOKIE as LANG_COOKIE
from cipherkit.i18n import say
from cipherkit.serve.budget import Refusal
from cipherkit.serve.clients import real_address
from cipherkit.serve.contents import inside
from cipherkit.serve.errors import PlainErrors, bad_text, plain, summary
from cipherkit.serve.failures import readable_failures
from cipherkit.serve.languages import (
    LANG_QUERY,
    chosen_language,
    follows_visitor,
    page_language,
    twin,
    visitor_language,
)
from cipherkit.serve.manager import GalleryKernelManager

__all__ = [
    "CLIENT_COOKIE",
    "COOKIE_MARK",
    "PageKernelHandler",
    "PageRenderHandler",
    "PageShutdownHandler",
    "address_of",
    "kernel_of",
    "visitor",
]

CLIENT_COOKIE = "ck_client"
"""The cookie naming a browser for the kernel budget (random, signed by the server,
HttpOnly: :class:`~cipherkit.serve.clients.CookieSigner`)."""
_FULL = Refusal(
    503,
    say(
        "The server is full: it already holds as many open puzzle pages as it can. "
        "Please try again in a minute."
    ),
    retry_after=60,
)
"""The answer to a page whose kernel could not start for want of sockets or files."""
HEARTBEAT = "<script>window.voila_heartbeat()</script>"
"""What Voila sends while a page's cell runs long (to keep the connection open): an
inline script, which the page's Content-Security-Policy would refuse; sent as
:data:`HEARTBEAT_TEXT` instead."""
HEARTBEAT_TEXT = "<!-- the page is still running -->"
COOKIE_MARK = "ck_cookie"
"""Query argument added by the one redirect that hands a cookie-less client its cookie."""


def address_of(handler: Any) -> str:
    """The address of ``handler``'s request: the peer's, or what a trusted proxy says
    (``GalleryKernelManager.trusted_proxies``: :func:`~cipherkit.serve.clients.real_address`)."""
    request = handler.request
    trusted = getattr(handler.settings["kernel_manager"], "trusted_proxies", ())
    return real_address(
        str(request.remote_ip or "unknown"),
        request.headers.get("X-Forwarded-For"),
        request.headers.get("X-Real-IP"),
        trusted,
    )


def visitor(handler: Any) -> str:
    """Who sent ``handler``'s request, as the limits count it: ``c:<id>`` for a
    ``ck_client`` cookie this server signed, else ``a:<address>`` (:func:`address_of`)."""
    ident = handler.settings["kernel_manager"].signer.client(handler.get_cookie(CLIENT_COOKIE))
    return f"c:{ident}" if ident is not None else f"a:{address_of(handler)}"


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
            bad_text(path)
            or (template is not None and template not in allowed)
            or (theme is not None and theme not in self.THEMES | {self.voila_configuration.theme})
        ):
            raise web.HTTPError(400)
        if not inside(self.settings["contents_manager"].root_dir, path):
            raise web.HTTPError(404)  # a link leading outside the gallery

    def _address(self) -> str:
        return address_of(self)

    def _client(self) -> str | None:
        """The budget key of this request, or ``None`` when it has been answered (the one
        redirect that hands a cookie-less client its cookie, or a refusal).

        Only a ``ck_client`` value this server signed names a client; any other value is
        no cookie: the request counts against its address, and gets a new signed cookie
        while its address has new cookies left (:meth:`GalleryKernelManager.new_client`).
        """
        manager = self.settings["kernel_manager"]
        ident = manager.signer.client(self.get_cookie(CLIENT_COOKIE))
        if ident is not None:
            return f"c:{ident}"
        address = f"a:{self._address()}"
        marked = self.get_query_argument(COOKIE_MARK, None) is not None
        issued = manager.new_client(self._address())
        if issued is not None:
            self.set_cookie(
                CLIENT_COOKIE, issued, path=self.base_url, httponly=True, samesite="Lax"
            )
        held = len(manager.pages.live(address)) + manager.pages.pending[address]
        if held < manager.kernels_per_client or marked:
            return address
        if issued is None:  # new cookies from this address come too fast: a loop
            wait = manager.new_client_wait(self._address())
            self.log.warning("429: new visitors too fast from %s", self._address())
            self._refuse(
                Refusal(
                    429,
                    say(
                        "Too many new visitors from this network at once. Please wait a few "
                        "seconds, then reload this page."
                    ),
                    retry_after=wait,
                )
            )
            return None
        # This address already holds its share of cookie-less pages (a proxy in front, or
        # a loop): a browser comes back at once with its own cookie, a loop does not.
        parts = urlsplit(self.request.uri or "")
        query = [*parse_qsl(parts.query, keep_blank_values=True), (COOKIE_MARK, "1")]
        self.redirect(urlunsplit(("", "", parts.path, urlencode(query), "")))
        return None

    def _follow_language(self, path: str) -> bool:
        """Send the visitor to the page's twin in their language (a switch's ``?lang=``
        choice is remembered in a cookie); whether the request was answered so."""
        chosen = chosen_language(self)
        if chosen is not None:
            self.set_cookie(
                LANG_COOKIE, chosen, path=self.base_url, samesite="Lax", expires_days=365
            )
        here = page_language(path)
        wanted = chosen or (visitor_language(self) if follows_visitor(path) else here)
        target = (
            path
            if wanted == here
            else twin(self.settings["contents_manager"].root_dir, path, wanted)
        )
        if target is None or (target == path and chosen is None):
            if chosen is None:
                return False
            target = path
        parts = urlsplit(self.request.uri or "")
        query = [
            (k, v) for k, v in parse_qsl(parts.query, keep_blank_values=True) if k != LANG_QUERY
        ]
        self.redirect(
            urlunsplit(
                ("", "", url_path_join(self.base_url, "voila/render", target), urlencode(query), "")
            )
        )
        return True

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
        if self._follow_language(path):
            return
        manager = self.settings["kernel_manager"]
        client = self._client()
        if client is None:
            return
        refusal = manager.admit(client)
        if refusal is not None:
            self.log.warning(
                "%d: page %s refused for %s", refusal.status, summary(path), self._address()
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
                await manager.drop_dead_pooled()  # never a dead preheated kernel
                sent = False
                try:
                    async for html in self.get_generator(path=path):
                        html = html.replace(HEARTBEAT, HEARTBEAT_TEXT)  # no inline script
                        if "kernel" in page:
                            html = html.replace(page["kernel"], page["key"])
                        self.write(readable_failures(html))
                        self.flush()
                        sent = True
                except (OSError, zmq.ZMQError) as exc:
                    if sent:
                        raise
                    # out of sockets or files despite the cap (another server's kernels?)
                    self.log.warning("503: page %s: no kernel: %s", summary(path), exc)
                    self._refuse(_FULL)
                    return
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


def kernel_of(handler: Any, key: str) -> str:
    """The kernel of the page key ``key`` (a 404 for anything else, kernel ids included)."""
    kernel_id = handler.settings["kernel_manager"].kernel_for_key(key)
    if kernel_id is None:
        raise web.HTTPError(404)
    return str(kernel_id)


class PageKernelHandler(PlainErrors, KernelHandler):
    """``/api/kernels/<page key>``: the kernel's model, named by the page key (Voila's
    frontend asks for it); deleting a kernel here is refused."""

    @web.authenticated
    async def get(self, kernel_id: str) -> None:
        real = kernel_of(self, kernel_id)
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
        real = kernel_of(self, kernel_id)
        manager = cast(GalleryKernelManager, self.kernel_manager)  # the gallery server runs it
        manager.end_page(real, "its page closed")
        self.set_status(204)
        self.finish()
