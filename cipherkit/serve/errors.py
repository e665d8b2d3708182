"""Plain errors for every handler of the gallery: a bad address is a one-line 400 or 404
(JSON for the kernel API), never a traceback on the page or in the log."""

from __future__ import annotations

import http.client
import json
from typing import Any

from jupyter_server.base.handlers import APIHandler
from tornado import escape, web
from tornado.log import app_log
from voila.static_file_handler import AllowListFileHandler, TemplateStaticFileHandler

from cipherkit.i18n import N_, Message, say, speaking
from cipherkit.serve.contents import inside
from cipherkit.serve.languages import visitor_language

__all__ = [
    "GalleryFileHandler",
    "NotFoundHandler",
    "PlainErrors",
    "SafeTemplateStaticFileHandler",
    "bad_text",
    "plain",
    "summary",
    "wants_html",
]

_SENTENCES = {
    400: N_("{status}: this address is not valid here."),
    403: N_("{status}: not allowed."),
    404: N_("{status}: there is no such page here."),
    405: N_("{status}: not allowed."),
}


def plain(
    handler: web.RequestHandler,
    status: int,
    text: str | Message,
    *,
    html: bool = False,
    headers: dict[str, str] | None = None,
) -> None:
    """Finish ``handler`` with ``status`` and one sentence (text, or a tiny HTML page that
    reads well on a phone), in the visitor's language."""
    lang = visitor_language(handler)
    with speaking(lang):
        words = str(text)
    handler.clear()
    handler.set_status(status)
    handler.set_header("Cache-Control", "no-store")
    for name, value in (headers or {}).items():
        handler.set_header(name, value)
    if html:
        handler.set_header("Content-Type", "text/html; charset=UTF-8")
        body = (
            f'<!DOCTYPE html><html lang="{lang}"><head><meta charset="utf-8">'
            '<meta name="viewport" content="width=device-width, initial-scale=1">'
            f"<title>{status}</title></head>"
            '<body style="font: 18px/1.5 system-ui, sans-serif; margin: 2em auto; '
            'max-width: 36em; padding: 0 1em">'
            f'<p id="ck-refusal">{escape.xhtml_escape(words)}</p></body></html>\n'
        )
        handler.finish(body)
    else:
        handler.set_header("Content-Type", "text/plain; charset=UTF-8")
        handler.finish(words + "\n")


def wants_html(handler: web.RequestHandler) -> bool:
    """Whether the request is a browser's for a page (``Accept: text/html``): its error is
    then a tiny page that says its language (``<html lang>``), not bare text.

    >>> from types import SimpleNamespace
    >>> wants_html(SimpleNamespace(request=SimpleNamespace(headers={"Accept": "text/html"})))
    True
    >>> wants_html(SimpleNamespace(request=SimpleNamespace(headers={})))
    False
    """
    request = getattr(handler, "request", None)
    accept = request.headers.get("Accept", "") if request is not None else ""
    return "text/html" in accept


def summary(path: str) -> str:
    """A request path for the log: printable, at most 200 characters.

    >>> summary("/voila/render/x\\n.ipynb")
    '/voila/render/x?.ipynb'
    """
    return "".join(c if c.isprintable() else "?" for c in path)[:200]


def bad_text(text: str) -> bool:
    """Control characters or backslashes: never part of a page's address.

    >>> bad_text("decipher.ipynb"), bad_text("a\\\\b"), bad_text("a\\x7f")
    (False, True, True)
    """
    return any(ord(c) < 32 or ord(c) == 127 or c == "\\" for c in text)


def clean(parts: list[str]) -> bool:
    """No part of a path is empty, ``.`` or ``..``.

    >>> clean(["a", "static", "x.css"]), clean(["a", "static", "..", "x"]), clean(["a", ""])
    (True, False, False)
    """
    return all(part not in ("", ".", "..") for part in parts)


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
        sentence = _SENTENCES.get(status_code, N_("{status}: the server could not do that."))
        plain(handler, status_code, say(sentence, status=status_code), html=wants_html(handler))

    def set_default_headers(self) -> None:
        """The handler's own default headers, then any of the server's ``headers``
        setting it has not set: jupyter_server's handlers set them all (their
        Content-Security-Policy, :mod:`cipherkit.serve.csp`, sometimes tightened), file
        handlers and the plain 404 none, and every answer carries them."""
        parent: Any = super()
        parent.set_default_headers()
        handler: Any = self
        for name, value in handler.settings.get("headers", {}).items():
            if name not in handler._headers:
                handler.set_header(name, value)

    def log_exception(self, typ: Any, value: Any, tb: Any) -> None:
        """Log the failure in one line; an unexpected exception's traceback only at debug level."""
        handler: Any = self
        request = handler.request
        where = f"{request.method} {summary(request.path)}"
        if isinstance(value, web.HTTPError):
            if value.log_message:
                detail = value.log_message % value.args if value.args else value.log_message
                app_log.warning("%d %s: %s", value.status_code, where, summary(str(detail)))
            return
        app_log.error("%s: %s: %s", where, typ.__name__, summary(str(value)))
        app_log.debug("%s failed", where, exc_info=(typ, value, tb))


class NotFoundHandler(PlainErrors, web.RequestHandler):
    """Any address no route takes: a plain 404."""

    def prepare(self) -> None:
        raise web.HTTPError(404)


class SafeTemplateStaticFileHandler(PlainErrors, TemplateStaticFileHandler):
    """Voila's template static files; a path without ``<template>/static/<file>``, or with
    an empty, ``.`` or ``..`` part, is a 404 (``static/../x`` was a 500)."""

    def parse_url_path(self, path: str) -> str:
        parts = path.split("/")
        if bad_text(path) or len(parts) < 3 or parts[1] != "static" or not clean(parts):
            raise web.HTTPError(404)
        try:
            return super().parse_url_path(path)
        except (ValueError, AssertionError):
            raise web.HTTPError(404) from None


class GalleryFileHandler(PlainErrors, AllowListFileHandler):
    """Voila's ``/voila/files/`` (the gallery's images): a control character in the path
    (a NUL was a 500) or a file reached through a link leading outside the gallery is a
    404."""

    def parse_url_path(self, url_path: str) -> str:
        if bad_text(url_path):
            raise web.HTTPError(404)
        return str(super().parse_url_path(url_path))

    def validate_absolute_path(self, root: str, absolute_path: str) -> str | None:
        if not inside(root, absolute_path):
            raise web.HTTPError(404)
        return super().validate_absolute_path(root, absolute_path)
