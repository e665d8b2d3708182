"""Run Voila with cipherkit's page template on its search path and the gallery's handlers.

``cipherkit serve`` runs ``python -m cipherkit.publish.voila_main ...`` (the arguments
are Voila's). Voila looks for page templates in the Jupyter data folders
(``JUPYTER_PATH``); this puts ``cipherkit/publish/share`` first, where the ``cipherkit``
template lives (Voila's ``lab`` template without its links to a CDN), then runs
:class:`GalleryVoila`: Voila's application with the handlers of
:mod:`cipherkit.publish.voila_ext` in place of Voila's own for a page, its kernel's
websocket, its kernel's model, its shutdown and the template files, and plain one-line
errors on every other route. The committed ``voila.json`` selects the template.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import Any

SHARE = Path(__file__).resolve().parent / "share"
"""The Jupyter data folder holding ``voila/templates/cipherkit``."""


def gallery_app() -> Any:
    """The :class:`GalleryVoila` class (Voila is imported only when the server runs)."""
    from jupyter_server.services.kernels.handlers import KernelHandler
    from voila.app import Voila
    from voila.shutdown_kernel_handler import VoilaShutdownKernelHandler
    from voila.static_file_handler import TemplateStaticFileHandler
    from voila.tornado.handler import TornadoVoilaHandler
    from voila.tornado.kernel_websocket_handler import VoilaKernelWebsocketHandler

    from cipherkit.publish import voila_ext as ext

    replaced: dict[type, type] = {
        KernelHandler: ext.PageKernelHandler,
        VoilaKernelWebsocketHandler: ext.PageKernelWebsocketHandler,
        VoilaShutdownKernelHandler: ext.PageShutdownHandler,
        TemplateStaticFileHandler: ext.SafeTemplateStaticFileHandler,
        TornadoVoilaHandler: ext.PageRenderHandler,
    }

    def harden(handler_class: type) -> type:
        if handler_class in replaced:
            return replaced[handler_class]
        if issubclass(handler_class, ext.PlainErrors):
            return handler_class
        return type(handler_class.__name__, (ext.PlainErrors, handler_class), {})

    class GalleryVoila(Voila):  # type: ignore[misc]
        """Voila with the gallery's handlers (see the module docs)."""

        def init_settings(self) -> dict[str, Any]:
            settings: dict[str, Any] = super().init_settings()
            settings["default_handler_class"] = ext.NotFoundHandler
            return settings

        def init_handlers(self) -> list[Any]:
            return [(rule[0], harden(rule[1]), *rule[2:]) for rule in super().init_handlers()]

    GalleryVoila.__name__ = GalleryVoila.__qualname__ = "Voila"  # its log reads "[Voila]"
    return GalleryVoila


def main() -> None:
    paths = [str(SHARE), *filter(None, os.environ.get("JUPYTER_PATH", "").split(os.pathsep))]
    os.environ["JUPYTER_PATH"] = os.pathsep.join(dict.fromkeys(paths))
    sys.exit(gallery_app().launch_instance())


if __name__ == "__main__":
    main()
