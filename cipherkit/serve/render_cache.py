"""What every page load would compute again, computed once per server: a markdown cell's
HTML, sanitized HTML, and the dates in the kernels' message headers.

A lesson page has 20-30 markdown cells; each load parsed each with mistune and cleaned
the result with bleach (about 2.5 ms a cell), though the cell is the same for every
student. Both are pure functions of their text, so :func:`install` keeps their results
(bounded: :data:`KEPT` entries each, texts up to :data:`LONGEST` characters). Markdown
that shows a picture or carries attachments is rendered afresh (a picture is read from
disk and may change). Message dates are read with :meth:`datetime.fromisoformat`
instead of dateutil's parser (the server reads every kernel message twice), and a
kernel's outputs are checked by their fields instead of by the JSON schema.

>>> from nbconvert.filters.strings import clean_html
>>> cleaned = kept(clean_html)
>>> cleaned("<b onclick='x()'>hi</b>"), cleaned("<b onclick='x()'>hi</b>")
('<b>hi</b>', '<b>hi</b>')
>>> parse_date("2026-12-04T20:13:54.123456Z").tzinfo is not None
True
"""

from __future__ import annotations

import functools
from collections import OrderedDict
from collections.abc import Callable
from datetime import datetime
from typing import Any

from jupyter_client import jsonutil

_DATEUTIL: Callable[[str], datetime] = getattr(jsonutil, "_dateutil_parse", datetime.fromisoformat)
"""jupyter_client's own parser (dateutil's), for the dates ``fromisoformat`` cannot read."""

__all__ = ["KEPT", "LONGEST", "install", "kept", "kept_markdown", "parse_date"]

KEPT = 4096
"""Results kept per function (the oldest used goes first)."""
LONGEST = 65536
"""Longer texts are not kept (an output of a student's own, not a page's cell)."""


def _recall(results: OrderedDict[Any, str], key: Any, make: Callable[[], str]) -> str:
    """``results[key]``, made by ``make`` the first time; the least recently used goes
    once there are more than :data:`KEPT`."""
    found = results.get(key)
    if found is None:
        found = results[key] = make()
        if len(results) > KEPT:
            results.popitem(last=False)
    else:
        results.move_to_end(key)
    return found


def kept(function: Callable[[Any], str]) -> Callable[[Any], str]:
    """``function`` (pure, of one text) with its results kept by text."""
    results: OrderedDict[str, str] = OrderedDict()

    @functools.wraps(function)
    def call(text: Any) -> str:
        if not isinstance(text, str) or len(text) > LONGEST:
            return function(text)
        return _recall(results, text, lambda: function(text))

    call.__cipherkit_kept__ = True  # type: ignore[attr-defined]
    return call


_MARKDOWN: OrderedDict[tuple[str, str, str], str] = OrderedDict()


def kept_markdown(render: Callable[[Any, str], str]) -> Callable[[Any, str], str]:
    """nbconvert's ``markdown2html`` filter (``render(context, source)``) with its
    results kept by source, except for cells with attachments or a picture."""
    from jinja2 import pass_context

    exporter = getattr(render, "__self__", None)
    settings = (type(exporter).__name__, str(getattr(exporter, "anchor_link_text", "")))
    results = _MARKDOWN  # shared by every page's exporter (one per page load)

    @pass_context
    def markdown2html(context: Any, source: str) -> str:
        cell = context.get("cell") or {}
        if (
            not isinstance(source, str)
            or len(source) > LONGEST
            or cell.get("attachments")
            or "![" in source
            or "<img" in source.lower()
        ):
            return render(context, source)
        return _recall(results, (*settings, source), lambda: render(context, source))

    markdown2html.__cipherkit_kept__ = True  # type: ignore[attr-defined]
    return markdown2html


def parse_date(text: str) -> datetime:
    """An ISO 8601 date of a message header (what replaces dateutil's parser there:
    about ten times quicker on the dates kernels write; anything else goes to it)."""
    try:
        return datetime.fromisoformat(text)
    except ValueError:
        return _DATEUTIL(text)


def keep_filters(environment: Any) -> None:
    """Give a page template's Jinja environment the kept markdown and clean filters."""
    filters = environment.filters
    render = filters.get("markdown2html")
    if render is not None and not getattr(render, "__cipherkit_kept__", False):
        filters["markdown2html"] = kept_markdown(render)
    clean = filters.get("clean_html")
    if clean is not None and not getattr(clean, "__cipherkit_kept__", False):
        if clean not in _CLEAN:
            _CLEAN[clean] = kept(clean)
        filters["clean_html"] = _CLEAN[clean]


_CLEAN: dict[Callable[[Any], str], Callable[[Any], str]] = {}
"""One kept form of each clean filter, shared by every page's environment."""


OUTPUT_FIELDS: dict[str, dict[str, type | tuple[type, ...]]] = {
    "stream": {"name": str, "text": str},
    "display_data": {"data": dict, "metadata": dict},
    "execute_result": {"data": dict, "metadata": dict, "execution_count": (int, type(None))},
    "error": {"ename": str, "evalue": str, "traceback": list},
}
"""The fields of a kernel's output, by kind, and their types (nbformat's schema)."""


def _mime_ok(mime: Any, value: Any) -> bool:
    """A mime bundle's entry as the schema has it: JSON kinds hold any value, the
    others text (a string or a list of strings)."""
    if not isinstance(mime, str):
        return False
    if mime == "application/json" or (mime.startswith("application/") and mime.endswith("+json")):
        return True
    return isinstance(value, str) or (
        isinstance(value, list) and all(isinstance(line, str) for line in value)
    )


def quick_validate(full: Callable[..., Any]) -> Callable[..., Any]:
    """nbformat's check of a new notebook node, with a kernel's outputs checked by
    their fields and types (:data:`OUTPUT_FIELDS`) instead of by the JSON schema, which
    took a twentieth of a page load's server CPU; anything else, or an output that
    fails the quick check, goes to the full check (which raises as before).

    >>> from nbformat import ValidationError
    >>> from nbformat.v4 import nbbase
    >>> check = quick_validate(nbbase.validate)
    >>> check({"output_type": "stream", "name": "stdout", "text": "hi"}, "stream")
    >>> try:
    ...     check({"output_type": "stream", "name": "stdout", "text": 3}, "stream")
    ... except ValidationError:
    ...     print("refused")
    refused
    """

    def validate(node: Any, ref: str | None = None) -> Any:
        fields = OUTPUT_FIELDS.get(str(ref))
        if (
            fields is not None
            and isinstance(node, dict)
            and node.get("output_type") == ref
            and set(node) == {"output_type", *fields}
            and all(isinstance(node[k], kind) for k, kind in fields.items())
            and all(_mime_ok(k, v) for k, v in node.get("data", {}).items())
        ):
            return None
        return full(node, ref)

    validate.__cipherkit_kept__ = True  # type: ignore[attr-defined]
    return validate


def install() -> None:
    """Read message dates the quick way (jupyter_client's ``parse_date`` keeps its
    pattern check and its time zone) and check kernel outputs by their fields
    (:func:`quick_validate`). Safe to call more than once; the filters are given to each
    page's environment by :func:`cipherkit.serve.template_cache.install`."""
    from nbformat.v4 import nbbase

    jsonutil._dateutil_parse = parse_date
    if not getattr(nbbase.validate, "__cipherkit_kept__", False):
        nbbase.validate = quick_validate(nbbase.validate)
