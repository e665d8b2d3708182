"""The widgets' front ends: each widget's own ES module behind the shared helpers.

anywidget loads a widget's ``_esm`` as one ES module and there is no build step, so the
helpers every page shares (``table_common.js``: one ``h()``, one saved-game handshake,
``kernelSender``, ``followTable``) are put ahead of the widget's own ``NAME.js`` here,
in Python, when the class is defined; the tables' shared styles (``table_common.css``)
likewise ahead of their own. ``outage.js`` (the page says when it lost touch with its
server) goes ahead of the Play together lobby's own module.
"""

from __future__ import annotations

import pathlib

__all__ = ["COMMON", "COMMON_CSS", "OUTAGE", "page_module", "table_module", "table_styles"]

_HERE = pathlib.Path(__file__).parent

COMMON = "table_common.js"
"""The shared helpers' file, beside this module."""

OUTAGE = "outage.js"
"""The outage watcher's file (``watchOutage``), beside this module."""

COMMON_CSS = "table_common.css"
"""The styles the tables share (their root element has the class ``ck-table``)."""


def table_module(name: str) -> str:
    """The ES module of the widget whose front end is ``NAME.js`` (a path under
    ``cipherkit/widgets/``, e.g. ``"decipher/table"``): the shared helpers first, then its
    own code, as one module.

    >>> module = table_module("generic/table")
    >>> module.index("function h(") < module.index("function render(")
    True
    """
    common = (_HERE / COMMON).read_text(encoding="utf-8")
    own = (_HERE / f"{name}.js").read_text(encoding="utf-8")
    return f"{common}\n{own}"


def page_module(name: str) -> str:
    """The ES module of a widget whose front end is ``NAME.js``: the outage watcher
    (``outage.js``) first, then its own code, as one module.

    >>> module = page_module("lobby")
    >>> module.index("function watchOutage(") < module.index("function render(")
    True
    """
    outage = (_HERE / OUTAGE).read_text(encoding="utf-8")
    own = (_HERE / f"{name}.js").read_text(encoding="utf-8")
    return f"{outage}\n{own}"


def table_styles(name: str) -> str:
    """The styles of the table whose own are ``NAME.css`` (a path under
    ``cipherkit/widgets/``, e.g. ``"mission/table"``): the shared ones first.

    >>> table_styles("mission/table").startswith("/* What the tables' pages share")
    True
    """
    common = (_HERE / COMMON_CSS).read_text(encoding="utf-8")
    own = (_HERE / f"{name}.css").read_text(encoding="utf-8")
    return f"{common}\n{own}"
