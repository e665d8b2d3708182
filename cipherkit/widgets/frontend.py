"""The widgets' front ends: each widget's ES module, bundled with the shared ones.

A widget's own module (``NAME.js``) imports the shared modules (``table_common.js``:
one ``h()``, the saved-game handshake, ``kernelSender``, ``followTable`` and its focus
keeper; ``outage.js``: the page says when it lost touch with its server). anywidget
loads ``_esm`` from a blob URL, where a relative import does not resolve, so a widget's
``_esm`` is the path of its committed bundle, ``NAME.bundle.js``, made by
``scripts/build_widget_js.py`` (esbuild); nothing is joined or built at run time, and
anywidget's hot reload (``ANYWIDGET_HMR=1``, with ``watchfiles`` installed) follows the
bundle while the script runs with ``--watch``. The tables' shared styles
(``table_common.css``) go ahead of their own here.
"""

from __future__ import annotations

import pathlib

__all__ = ["COMMON", "COMMON_CSS", "OUTAGE", "es_module", "table_styles", "widget_files"]

_HERE = pathlib.Path(__file__).parent

COMMON = "table_common.js"
"""The shared helpers' module, beside this one."""

OUTAGE = "outage.js"
"""The outage watcher's module (``watchOutage``, ``deviceId``), beside this one."""

COMMON_CSS = "table_common.css"
"""The styles the tables share (their root element has the class ``ck-table``)."""


def es_module(name: str) -> pathlib.Path:
    """The ES module a widget whose own module is ``NAME.js`` (a path under
    ``cipherkit/widgets/``, e.g. ``"decipher/table"``) loads: its bundle.

    >>> path = es_module("generic/table")
    >>> path.name, path.is_file()
    ('table.bundle.js', True)
    >>> text = path.read_text(encoding="utf-8")
    >>> text.index("function h(") < text.index("function render(")
    True
    """
    return _HERE / f"{name}.bundle.js"


def widget_files(name: str) -> tuple[pathlib.Path, pathlib.Path]:
    """A widget's ``_esm`` and ``_css`` when its own files are ``NAME.js`` and
    ``NAME.css`` (paths under ``cipherkit/widgets/``, e.g. ``"studio/editor"``): the
    ES module's bundle (:func:`es_module`) and the stylesheet beside it.

    >>> esm, css = widget_files("studio/editor")
    >>> esm.name, css.name, css.is_file()
    ('editor.bundle.js', 'editor.css', True)
    """
    return es_module(name), _HERE / f"{name}.css"


def table_styles(name: str) -> str:
    """The styles of the table whose own are ``NAME.css`` (a path under
    ``cipherkit/widgets/``, e.g. ``"mission/table"``): the shared ones first.

    >>> table_styles("mission/table").startswith("/* What the tables' pages share")
    True
    """
    common = (_HERE / COMMON_CSS).read_text(encoding="utf-8")
    own = (_HERE / f"{name}.css").read_text(encoding="utf-8")
    return f"{common}\n{own}"
