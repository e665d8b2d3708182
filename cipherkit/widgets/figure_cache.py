"""Plots drawn once per server: a lesson page's figures are the same in every student's
kernel, and drawing one (layout, text, rasterizing) costs far more than running the rest
of the page. A server names a private folder in ``$CIPHERKIT_FIGURE_CACHE``
(``cipherkit serve`` does, :mod:`cipherkit.serve.voila_main`); the first kernel to show a
figure keeps its PNG there, and every later kernel showing the same figure from the same
cell reads it instead of drawing it.

"The same figure" is the same cell's code (as run, hashed), the figure's place among that
cell's figures, and :func:`fingerprint`: what the figure holds (its size, and every
artist's kind, data, texts, colours, limits and styles), read without drawing it. A
figure a student's input makes (a widget's callback runs outside any cell) is never
kept, and the folder holds at most :data:`MAX_FILES` figures.

>>> import matplotlib
>>> matplotlib.use("Agg")
>>> import matplotlib.pyplot as plt
>>> fig, ax = plt.subplots()
>>> _ = ax.plot([1, 2, 3], [1, 4, 9])
>>> first = fingerprint(fig)
>>> first == fingerprint(fig)
True
>>> _ = ax.set_title("squares")
>>> first == fingerprint(fig)
False
>>> plt.close(fig)
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

__all__ = ["CACHE_ENV", "MAX_FILES", "CellTracker", "fingerprint", "kept_png"]

CACHE_ENV = "CIPHERKIT_FIGURE_CACHE"
"""The environment variable naming the server's figure folder (unset: nothing is kept)."""
MAX_FILES = 2000
"""The most figures a folder keeps (a page whose figures change on every run, e.g. a
timing measured live, must not fill the disk)."""

GETTERS = (
    "get_visible",
    "get_zorder",
    "get_alpha",
    "get_text",
    "get_position",
    "get_xydata",
    "get_offsets",
    "get_sizes",
    "get_facecolor",
    "get_edgecolor",
    "get_color",
    "get_linewidth",
    "get_linestyle",
    "get_marker",
    "get_markersize",
    "get_fontsize",
    "get_fontweight",
    "get_fontfamily",
    "get_rotation",
    "get_horizontalalignment",
    "get_verticalalignment",
    "get_array",
    "get_extent",
    "get_clim",
    "get_cmap",
    "get_interpolation",
    "get_xlim",
    "get_ylim",
    "get_xscale",
    "get_yscale",
    "get_aspect",
    "get_title",
    "get_xlabel",
    "get_ylabel",
    "get_label",
    "get_hatch",
    "get_xy",
    "get_x",
    "get_y",
    "get_width",
    "get_height",
    "get_angle",
    "get_center",
    "get_radius",
    "get_theta1",
    "get_theta2",
    "get_boxstyle",
)
"""What :func:`fingerprint` reads of each artist that has it."""


def _feed(digest: Any, value: Any) -> None:
    """Add ``value`` to ``digest``: arrays by their bytes (their ``repr`` elides), lists
    and tuples item by item, objects whose ``repr`` is only an address by their kind and
    name (a colormap), anything else by its ``repr``."""
    import numpy as np

    if isinstance(value, np.ndarray):
        array = np.ma.getdata(value)
        digest.update(f"{array.dtype}{array.shape}".encode())
        digest.update(np.ascontiguousarray(array).tobytes())
        if np.ma.isMaskedArray(value):
            digest.update(np.ma.getmaskarray(value).tobytes())
        return
    if isinstance(value, (list, tuple)):
        digest.update(f"[{len(value)}".encode())
        for item in value:
            _feed(digest, item)
        digest.update(b"]")
        return
    text = repr(value)
    if " at 0x" in text:  # an object named by its address: by its kind and name instead
        text = f"{type(value).__name__}:{getattr(value, 'name', '')}:{getattr(value, 'N', '')}"
    digest.update(text.encode("utf-8", "replace"))


def _axis(digest: Any, axis: Any) -> None:
    """An axis by what makes its ticks (their places and words come from the limits,
    already read, when it is drawn): its locator's and formatter's kinds and fixed values,
    and its label."""
    from matplotlib.ticker import FixedLocator

    for ticker in (axis.get_major_locator(), axis.get_major_formatter()):
        function = getattr(ticker, "func", None)
        fixed = ticker.tick_values(0, 1) if isinstance(ticker, FixedLocator) else None
        _feed(
            digest,
            (
                type(ticker).__name__,
                fixed,
                getattr(ticker, "seq", None),
                getattr(ticker, "fmt", None),
                getattr(function, "__qualname__", None),
            ),
        )
    _feed(digest, (axis.get_label_text(), axis.get_visible(), axis.get_scale()))


def _artists(artist: Any) -> Any:
    """``artist`` and all it holds, depth first; an axis stands alone (its ticks are made
    and remade as it is read)."""
    from matplotlib.axis import Axis

    yield artist
    if isinstance(artist, Axis):
        return
    for child in artist.get_children():
        yield from _artists(child)


def fingerprint(figure: Any) -> str:
    """What ``figure`` holds, as a hex digest, read without drawing it (see the module
    docs): two figures with the same fingerprint draw the same picture."""
    from matplotlib.axis import Axis

    digest = hashlib.blake2b(digest_size=20)
    _feed(digest, (tuple(figure.get_size_inches()), figure.dpi, figure.get_label()))
    _feed(digest, (figure.get_facecolor(), type(figure.get_layout_engine()).__name__))
    for artist in _artists(figure):
        digest.update(type(artist).__name__.encode())
        if isinstance(artist, Axis):
            _axis(digest, artist)
            continue
        for name in GETTERS:
            method = getattr(artist, name, None)
            if method is None:
                continue
            try:
                value = method()
            except Exception:  # a getter that needs what this artist lacks
                continue
            _feed(digest, value)
    return digest.hexdigest()


class CellTracker:
    """Which cell the shell runs (its code's hash) and how many figures it has shown: a
    figure is kept only while a cell runs (:meth:`next_key`), never from a widget's
    callback."""

    def __init__(self) -> None:
        self.cell: str | None = None
        self.shown = 0

    def pre_run_cell(self, info: Any) -> None:
        """IPython's ``pre_run_cell`` event: a cell starts."""
        code = str(getattr(info, "raw_cell", "") or "")
        self.cell = hashlib.blake2b(code.encode("utf-8", "replace"), digest_size=20).hexdigest()
        self.shown = 0

    def post_run_cell(self, result: Any) -> None:
        """IPython's ``post_run_cell`` event: the cell ended (figures are flushed before)."""
        self.cell = None

    def next_key(self) -> str | None:
        """The cell's hash and the place of the figure shown now, or ``None`` outside a
        cell."""
        if self.cell is None:
            return None
        self.shown += 1
        return f"{self.cell}-{self.shown}"


def kept_png(figure: Any, key: str | None, draw: Callable[[Any], str]) -> str:
    """``figure``'s PNG (base64) as ``draw(figure)`` gives it, read from the server's
    folder when this cell's figure at this place, with this :func:`fingerprint`, was
    drawn before; drawn and kept there otherwise (when there is a folder and a ``key``)."""
    folder = os.environ.get(CACHE_ENV)
    if not folder or key is None:
        return draw(figure)
    path = Path(folder) / f"{key}-{fingerprint(figure)}.png.b64"
    with contextlib.suppress(OSError, UnicodeDecodeError):
        return path.read_text(encoding="ascii")
    png = draw(figure)
    with contextlib.suppress(OSError):
        if sum(1 for _ in os.scandir(folder)) < MAX_FILES:
            handle, temporary = tempfile.mkstemp(dir=folder, suffix=".part")
            try:
                with os.fdopen(handle, "w", encoding="ascii") as out:
                    out.write(png)
                os.replace(temporary, path)  # a reader sees the whole file or none
            finally:
                with contextlib.suppress(OSError):
                    os.unlink(temporary)
    return png
