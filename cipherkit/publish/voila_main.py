"""Run Voila with cipherkit's page template on its search path and the gallery's handlers.

``cipherkit serve`` runs ``python -m cipherkit.publish.voila_main ...`` (the arguments
are Voila's). Voila looks for page templates in the Jupyter data folders
(``JUPYTER_PATH``); this puts ``cipherkit/publish/share`` first, where the ``cipherkit``
template lives (Voila's ``lab`` template without its links to a CDN), then runs
:class:`GalleryVoila`: Voila's application with the handlers of
:mod:`cipherkit.publish.voila_ext` in place of Voila's own for a page, its kernel's
websocket, its kernel's model, its shutdown and the template files, and plain one-line
errors on every other route. The committed ``voila.json`` selects the template.

It also holds what a page's kernel runs when the page cannot start
(:func:`page_failed`, :func:`failure_sentence`): this module imports nothing heavy, so
every spare kernel can install it at no cost.
"""

from __future__ import annotations

import html
import os
import re
import sys
from pathlib import Path
from typing import Any

SHARE = Path(__file__).resolve().parent / "share"
"""The Jupyter data folder holding ``voila/templates/cipherkit``."""


FAILURE_HINT = "Whoever runs this server can see why in its log."
"""What Voila says after "There was an error when executing cell [n]." (``voila.json``'s
``VoilaExecutor.cell_error_instruction``, in place of its ``--show_tracebacks`` hint)."""
GENERIC_FAILURE = "This page could not start. " + FAILURE_HINT
FAILURE_CLASS = "ck-page-failure"
_ABSOLUTE_PATH = re.compile(r"(?<![\w:/])(?:/[\w.@+-]+)+/([\w.@+-]+)")


def failure_sentence(exc: BaseException) -> str:
    """What a page that cannot start shows: what is wrong and who can fix it, in one
    sentence, without the server's paths.

    >>> from cipherkit.core.errors import CipherkitError
    >>> failure_sentence(CipherkitError("no published mission 'signal-box'"))
    "This page cannot start: no published mission 'signal-box'. Whoever runs this \
server can fix it (cipherkit publish puts missing pages' missions back)."
    >>> from cipherkit.rooms.errors import StoreError
    >>> failure_sentence(StoreError("no room store at /srv/x/rooms.db (create a room first)"))
    'This page cannot start: no room store at rooms.db (create a room first). Whoever \
runs this server can fix it: cipherkit serve --store must name a store it can reach.'
    >>> failure_sentence(KeyError("x"))
    'This page could not start. Whoever runs this server can see why in its log.'
    """
    from cipherkit.core.errors import CipherkitError
    from cipherkit.rooms.errors import StoreError

    if not isinstance(exc, CipherkitError):
        return GENERIC_FAILURE
    text = _ABSOLUTE_PATH.sub(r"\1", " ".join(str(exc).split())).rstrip(".")
    if isinstance(exc, StoreError):
        return (
            f"This page cannot start: {text}. Whoever runs this server can fix it: "
            "cipherkit serve --store must name a store it can reach."
        )
    if "mission" in text:
        return (
            f"This page cannot start: {text}. Whoever runs this server can fix it "
            "(cipherkit publish puts missing pages' missions back)."
        )
    return f"This page cannot start: {text}. {FAILURE_HINT}"


def page_failed(
    shell: Any, etype: type, value: BaseException, tb: Any, tb_offset: Any = None
) -> list[str]:
    """IPython's handler for an exception in a page's cell (installed in every spare
    kernel): the traceback goes to the server's log only, the page gets
    :func:`failure_sentence` as its output."""
    import sys
    import traceback

    from IPython.display import HTML, display

    traceback.print_exception(etype, value, tb, file=sys.__stderr__)
    sentence = html.escape(failure_sentence(value))
    display(
        HTML(
            f'<p class="{FAILURE_CLASS}" role="alert" style="font: 18px/1.5 system-ui, '
            f"sans-serif; background: #fdecea; color: #8a1c1c; border: 1px solid #e8b4b0; "
            f'border-radius: 8px; padding: 10px 14px">{sentence}</p>'
        )
    )
    return []


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

    class GalleryVoila(Voila):
        """Voila with the gallery's handlers (see the module docs)."""

        def init_settings(self) -> dict[str, Any]:
            settings: dict[str, Any] = super().init_settings()
            settings["default_handler_class"] = ext.NotFoundHandler
            return settings

        def init_handlers(self) -> list[Any]:
            return [(rule[0], harden(rule[1]), *rule[2:]) for rule in super().init_handlers()]

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

    GalleryVoila.__name__ = GalleryVoila.__qualname__ = "Voila"  # its log reads "[Voila]"
    return GalleryVoila


def main() -> None:
    """Start the gallery's Voila, its page kernels forked from a warm template (the ``voila``
    entry point of ``cipherkit serve``).
    """
    paths = [str(SHARE), *filter(None, os.environ.get("JUPYTER_PATH", "").split(os.pathsep))]
    os.environ["JUPYTER_PATH"] = os.pathsep.join(dict.fromkeys(paths))
    from cipherkit.publish.forkprov import install

    install()  # page kernels forked from a warm template ($CIPHERKIT_KERNELS=plain: not)
    sys.exit(gallery_app().launch_instance())


if __name__ == "__main__":
    main()
