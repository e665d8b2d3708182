"""The landing redirect: ``GET /`` opens the gallery's index page when the served folder
has one, else Voila's file tree. Without a password (the gallery has none) the server
offers no ``/login`` or ``/logout`` page."""

from __future__ import annotations

import os
from typing import Any

from jupyter_server.auth.identity import PasswordIdentityProvider
from jupyter_server.utils import url_path_join
from tornado import web

from cipherkit.serve.errors import PlainErrors
from cipherkit.serve.languages import twin, visitor_language

__all__ = ["INDEX", "GalleryIdentityProvider", "IndexRedirectHandler"]

INDEX = "index.ipynb"
"""The gallery's index page, what ``/`` opens."""


class IndexRedirectHandler(PlainErrors, web.RequestHandler):
    """``GET /``: the gallery index if there is one, else Voila's tree view."""

    def initialize(self, root_dir: str, base_url: str) -> None:
        """Keep the gallery folder and the server's base URL."""
        self.root_dir = root_dir
        self.base_url = base_url

    def get(self) -> None:
        """Redirect to the gallery's index page (in the visitor's language when it has
        one), or to the file tree when there is none."""
        if os.path.isfile(os.path.join(self.root_dir, INDEX)):
            index = twin(self.root_dir, INDEX, visitor_language(self)) or INDEX
            target = url_path_join(self.base_url, "voila/render", index)
        else:
            target = url_path_join(self.base_url, "voila/tree/")
        self.redirect(target)


class GalleryIdentityProvider(PasswordIdentityProvider):
    """Voila's default identity provider, plus the landing redirect for ``/`` (Voila adds
    an identity provider's handlers before its tree handler, so this one answers ``/``);
    without a password or token it offers no login or logout page (they only failed)."""

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
