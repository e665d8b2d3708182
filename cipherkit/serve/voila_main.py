"""Run Voila with cipherkit's page template on its search path and the gallery's handlers.

``cipherkit serve`` runs ``python -m cipherkit.serve.voila_main ...`` (the arguments are
Voila's). This puts ``cipherkit/serve/share`` first on ``JUPYTER_PATH`` (the ``cipherkit``
template: Voila's ``lab`` template without its links to a CDN and without inline scripts),
then runs Voila with the Content-Security-Policy of :mod:`cipherkit.serve.csp` and the
gallery's handlers (:mod:`cipherkit.serve.handlers`, :mod:`cipherkit.serve.wsfilter`) in
place of Voila's own, and plain one-line errors on every other route.
"""

from __future__ import annotations

import os
import signal
import sys
import tempfile
from pathlib import Path
from typing import Any

from cipherkit.widgets.figure_cache import CACHE_ENV

SHARE = Path(__file__).resolve().parent / "share"
"""The Jupyter data folder holding ``voila/templates/cipherkit``."""

IRI_GRAMMARS = "rfc3987_syntax"
"""jsonschema's optional checker of the ``iri`` formats: importing it compiles 38 Lark
grammars, 1.3 of the 2 CPU-seconds that importing Voila takes at each server start. No
schema the server checks (Jupyter's events, notebooks) uses those formats, so the server
does without it (:func:`skip_iri_grammars`)."""


def skip_iri_grammars() -> None:
    """Have jsonschema find no IRI checker in this process (an import of
    :data:`IRI_GRAMMARS` fails), unless one is already imported; called before Voila is
    imported (``tests/serve/test_launcher.py`` checks it in a fresh Python)."""
    sys.modules.setdefault(IRI_GRAMMARS, None)  # type: ignore[arg-type]


def gallery_app() -> Any:
    """The :class:`GalleryVoila` class (Voila is imported only when the server runs)."""
    from jupyter_server.services.kernels.handlers import KernelHandler
    from voila.app import Voila
    from voila.shutdown_kernel_handler import VoilaShutdownKernelHandler
    from voila.static_file_handler import AllowListFileHandler, TemplateStaticFileHandler
    from voila.tornado.handler import TornadoVoilaHandler
    from voila.tornado.kernel_websocket_handler import VoilaKernelWebsocketHandler

    from cipherkit.serve.contents import GalleryContentsManager
    from cipherkit.serve.csp import with_policy
    from cipherkit.serve.errors import (
        GalleryFileHandler,
        NotFoundHandler,
        PlainErrors,
        SafeTemplateStaticFileHandler,
    )
    from cipherkit.serve.handlers import PageKernelHandler, PageRenderHandler, PageShutdownHandler
    from cipherkit.serve.teacher_pass import teacher_routes
    from cipherkit.serve.wsfilter import PageKernelWebsocketHandler

    replaced: dict[type, type] = {
        KernelHandler: PageKernelHandler,
        VoilaKernelWebsocketHandler: PageKernelWebsocketHandler,
        VoilaShutdownKernelHandler: PageShutdownHandler,
        TemplateStaticFileHandler: SafeTemplateStaticFileHandler,
        AllowListFileHandler: GalleryFileHandler,
        TornadoVoilaHandler: PageRenderHandler,
    }

    def harden(handler_class: type) -> type:
        if handler_class in replaced:
            return replaced[handler_class]
        if issubclass(handler_class, PlainErrors):
            return handler_class
        return type(handler_class.__name__, (PlainErrors, handler_class), {})

    class GalleryVoila(Voila):
        """Voila with the gallery's handlers (see the module docs)."""

        def initialize(self, argv: Any = None) -> None:
            """Voila's start-up, with the gallery's Content-Security-Policy on every
            response (:mod:`cipherkit.serve.csp`); then SIGINT stops it as SIGTERM does
            (at once, kernels and all), even if it came in ignored, and never lands
            inside a page."""
            super().initialize(argv)
            self.tornado_settings = with_policy(dict(getattr(self, "tornado_settings", {})))
            signal.signal(signal.SIGINT, self._stop_on_sigint)

        def _stop_on_sigint(self, sig: int, frame: Any) -> None:
            if getattr(self, "ioloop", None) is None:  # not serving yet
                raise KeyboardInterrupt
            self._handle_signal_stop(sig, frame)

        def init_settings(self) -> dict[str, Any]:
            settings: dict[str, Any] = super().init_settings()
            settings["default_handler_class"] = NotFoundHandler
            # nothing through a link leading outside the gallery (cipherkit.serve.contents)
            self.contents_manager = GalleryContentsManager(parent=self)
            settings["contents_manager"] = self.contents_manager
            return settings

        def init_handlers(self) -> list[Any]:
            own = teacher_routes(self.base_url)  # the teacher's cookie
            return [*own, *((r[0], harden(r[1]), *r[2:]) for r in super().init_handlers())]

        def get_default_logging_config(self) -> dict[str, Any]:
            """traitlets' logging, with the server's logger at ``log_level`` (traitlets
            leaves it at DEBUG for handlers added by ``logging_config``): the messages
            below the level are not made at all, instead of being made and dropped by
            the handler (thousands in a class's burst of page loads)."""
            config: dict[str, Any] = super().get_default_logging_config()
            logger = config.get("loggers", {}).get(type(self).__name__)
            if logger is not None and not self.logging_config:
                logger["level"] = self.log_level
            return config

        def stop(self) -> None:
            """Voila's stop with its kernels ended first: a kernel still starting when
            Ctrl-C came wrote its connection file into the folder Voila was removing
            ("Directory not empty", a traceback on a busy server)."""
            import shutil

            from jupyter_core.utils import run_sync

            run_sync(self.kernel_manager.shutdown_all)()
            shutil.rmtree(self.connection_dir, ignore_errors=True)

    GalleryVoila.__name__ = GalleryVoila.__qualname__ = "Voila"  # its log reads "[Voila]"
    return GalleryVoila


def main() -> None:
    """Start the gallery's Voila, its page kernels forked from a warm template (the ``voila``
    entry point of ``cipherkit serve``).
    """
    paths = [str(SHARE), *filter(None, os.environ.get("JUPYTER_PATH", "").split(os.pathsep))]
    os.environ["JUPYTER_PATH"] = os.pathsep.join(dict.fromkeys(paths))
    from cipherkit.serve.forkprov import install

    install()  # page kernels forked from a warm template ($CIPHERKIT_KERNELS=plain: not)
    skip_iri_grammars()
    with tempfile.TemporaryDirectory(prefix="cipherkit-figures-") as figures:
        os.environ[CACHE_ENV] = figures  # the pages' plots, drawn once (figure_cache)
        code = gallery_app().launch_instance()
    sys.exit(code)


if __name__ == "__main__":
    main()
