"""Plots a page shows, with words: each matplotlib figure a lesson's code displays is
also sent as an HTML image carrying an alt text, so a screen reader says what the plot
is (the page prefers HTML to the bare PNG; ``cipherkit publish`` turns this on for every
lesson page: ``cipherkit.publish.pages.FIGURES``).

The alt text is the figure's label when its code gave one (``fig.set_label(...)``),
else what its axes say: title, then "y against x" from the axis labels.

>>> import matplotlib
>>> matplotlib.use("Agg")
>>> import matplotlib.pyplot as plt
>>> fig, ax = plt.subplots()
>>> _ = ax.set_xlabel("bits of n"), ax.set_ylabel("seconds to factor")
>>> alt_text(fig)
'A plot: seconds to factor against bits of n.'
>>> figure_html(fig)[:72]
'<img alt="A plot: seconds to factor against bits of n." src="data:image/'
>>> plt.close(fig)
"""

from __future__ import annotations

import contextlib
import html
from typing import Any

from cipherkit.i18n import _
from cipherkit.widgets.figure_cache import CellTracker, kept_png

__all__ = ["alt_text", "describe_figures", "figure_html", "start_inline_plots"]

_tracker = CellTracker()


def alt_text(figure: Any) -> str:
    """What ``figure`` shows, in words, in the language in force."""
    label = str(figure.get_label() or "").strip()
    if label:
        return label
    parts = []
    for ax in figure.get_axes():
        title, x, y = ax.get_title().strip(), ax.get_xlabel().strip(), ax.get_ylabel().strip()
        if x and y:
            said = _("{y} against {x}", y=y, x=x)
            parts.append(f"{title}: {said}" if title else said)
        elif title or x or y:
            parts.append(title or x or y)
    if not parts:
        return _("A picture drawn by the lesson's code.")
    return _("A plot: {what}.", what="; ".join(parts))


def _png(figure: Any) -> str:
    from IPython.core.pylabtools import print_figure

    return str(print_figure(figure, "png", base64=True))


def figure_html(figure: Any) -> str:
    """``figure`` as an ``<img>`` with its :func:`alt_text` (escaped) and the PNG the
    inline backend would send (drawn once per server for a cell's figure:
    :mod:`cipherkit.widgets.figure_cache`)."""
    png = kept_png(figure, _tracker.next_key(), _png)
    return f'<img alt="{html.escape(alt_text(figure))}" src="data:image/png;base64,{png}">'


def describe_figures() -> None:
    """In a running IPython shell, show every matplotlib figure as :func:`figure_html`
    (a page's frontends prefer it to the PNG); elsewhere, nothing."""
    from IPython import get_ipython
    from matplotlib.figure import Figure

    shell = get_ipython()
    if shell is None:
        return
    # the inline backend sets the figure formats when it first loads, dropping any other
    # (select_figure_formats): load it first, so the HTML form stays
    with contextlib.suppress(ImportError):
        import matplotlib_inline.backend_inline  # noqa: F401
    formatters = shell.display_formatter.formatters
    formatters["text/html"].for_type(Figure, figure_html)
    # the HTML carries the picture: a second PNG output would draw every figure twice
    formatters["image/png"].pop(Figure, None)
    for event in ("pre_run_cell", "post_run_cell"):
        callback = getattr(_tracker, event)
        if callback not in shell.events.callbacks[event]:
            shell.events.register(event, callback)


def start_inline_plots() -> None:
    """In a kernel forked from the template (which imported matplotlib and the inline
    backend before any kernel existed): use the backend the kernel asks for
    (``$MPLBACKEND``) and, when it is the inline one, connect it to this shell as its
    import would have (figures shown at a cell's end)."""
    import os

    import matplotlib

    backend = os.environ.get("MPLBACKEND") or "agg"
    matplotlib.rcParams["backend"] = backend
    if backend not in ("inline", "module://matplotlib_inline.backend_inline"):
        return
    from IPython import get_ipython

    shell = get_ipython()
    if shell is None:
        return
    from IPython.core.pylabtools import activate_matplotlib
    from matplotlib_inline.backend_inline import configure_inline_support

    activate_matplotlib(backend)
    configure_inline_support(shell, backend)
