"""Two small hooks the committed ``voila.json`` plugs into Voila (no patching).

* :class:`GalleryIdentityProvider` is Voila's default identity provider plus one
  handler: ``GET /`` redirects to ``voila/render/index.ipynb`` when the served folder has
  an ``index.ipynb`` (the gallery index), and to the plain tree view otherwise. Voila adds
  an identity provider's handlers *before* its tree handler, so this one answers ``/``.
* :data:`ALLOWED_MESSAGE_TYPES` records what Voila 0.5 itself lets a browser send over
  the kernel websocket: Voila builds its kernel manager with exactly this
  ``allowed_message_types`` list (``voila/app.py``; a config value cannot widen it), and
  Jupyter Server drops every other message type before it reaches the kernel, with a
  warning in the log. So ``execute_request``, ``inspect_request``, ``complete_request``,
  ``history_request``, ``debug_request`` and the rest never run: the browser suite sends
  them and checks that nothing answers and nothing ran. ``shutdown_request`` stays
  allowed (a page may stop its *own* kernel, as ``/voila/api/shutdown`` also lets it).
  Voila runs the page's cells through its own kernel client, not the websocket.

Examples
--------
>>> "execute_request" in ALLOWED_MESSAGE_TYPES, "comm_msg" in ALLOWED_MESSAGE_TYPES
(False, True)
"""

from __future__ import annotations

import os
from typing import Any

from jupyter_server.auth.identity import PasswordIdentityProvider
from jupyter_server.utils import url_path_join
from tornado import web

__all__ = ["ALLOWED_MESSAGE_TYPES", "GalleryIdentityProvider", "IndexRedirectHandler"]

ALLOWED_MESSAGE_TYPES = (
    "comm_open",
    "comm_close",
    "comm_msg",
    "comm_info_request",
    "kernel_info_request",
    "shutdown_request",
)
INDEX = "index.ipynb"


class IndexRedirectHandler(web.RequestHandler):
    """``GET /``: the gallery index if there is one, else Voila's tree view."""

    def initialize(self, root_dir: str, base_url: str) -> None:
        self.root_dir = root_dir
        self.base_url = base_url

    def get(self) -> None:
        if os.path.isfile(os.path.join(self.root_dir, INDEX)):
            target = url_path_join(self.base_url, "voila/render", INDEX)
        else:
            target = url_path_join(self.base_url, "voila/tree/")
        self.redirect(target)


class GalleryIdentityProvider(PasswordIdentityProvider):
    """Voila's default identity provider, plus the landing redirect for ``/``."""

    def get_handlers(self) -> list[tuple[str, Any, dict[str, Any]]]:
        handlers: list[Any] = list(super().get_handlers())
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
