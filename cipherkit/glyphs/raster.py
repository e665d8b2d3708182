"""Glyphs as pixels: ink masks drawn with Pillow, and how different two glyphs look.

Design notes: ``docs/glyphs.md``, ``cipherkit.glyphs.raster``.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from typing import TYPE_CHECKING

import numpy as np

if TYPE_CHECKING:
    from PIL import Image as PILImage

    from cipherkit.glyphs.glyph import Glyph, GlyphSet

SUPERSAMPLE = 4
COMPARE_SIZE = 40
"""Pixel size at which glyphs are compared."""


@lru_cache(maxsize=8192)
def glyph_mask(glyph: Glyph, size: int, weight: float | None = None) -> PILImage.Image:
    """The glyph's ink as an ``L`` image ``size`` pixels square (cached)."""
    from PIL import Image, ImageDraw

    w = glyph.weight if weight is None else weight
    vector = glyph.strokes or glyph.dots or glyph.rings or glyph.fills
    if glyph.bitmap is not None and not vector:
        return glyph.bitmap.image().resize((size, size), Image.Resampling.LANCZOS)
    ss = SUPERSAMPLE if size < 400 else 2
    k = size * ss
    canvas = Image.new("L", (k, k), 0)
    draw = ImageDraw.Draw(canvas)
    lw = max(1.0, w * k)
    r = lw / 2
    for stroke in glyph.strokes:
        pts = [(x * k, y * k) for x, y in stroke]
        if len(pts) > 1:
            draw.line(pts, fill=255, width=round(lw), joint="curve")
        for x, y in pts:
            draw.ellipse([x - r, y - r, x + r, y + r], fill=255)
    for poly in glyph.fills:
        draw.polygon([(x * k, y * k) for x, y in poly], fill=255)
    for x, y, rad in glyph.dots:
        draw.ellipse([(x - rad) * k, (y - rad) * k, (x + rad) * k, (y + rad) * k], fill=255)
    for x, y, rad in glyph.rings:
        outer = rad * k + r
        cx, cy = x * k, y * k
        draw.ellipse(
            [cx - outer, cy - outer, cx + outer, cy + outer],
            outline=255,
            width=max(1, round(lw)),
        )
    if glyph.bitmap is not None:
        bitmap = glyph.bitmap.image().resize((k, k), Image.Resampling.BILINEAR)
        canvas = Image.fromarray(np.maximum(np.asarray(canvas), np.asarray(bitmap)))
    return canvas.reduce(ss)


def ink(glyph: Glyph, size: int = COMPARE_SIZE) -> np.ndarray:
    """The glyph's ink as a float array in [0, 1], ``size`` x ``size``."""
    return np.asarray(glyph_mask(glyph, size), dtype=np.float32) / 255.0


def ink_difference(a: np.ndarray, b: np.ndarray) -> float:
    """Ink in one mask and not the other, over the ink in either (0 to 1).

    Examples
    --------
    >>> from cipherkit.glyphs.glyph import Glyph
    >>> from cipherkit.glyphs.raster import glyph_mask, ink, ink_difference
    >>> bar = Glyph("A", strokes=(((0.2, 0.5), (0.8, 0.5)),))
    >>> post = Glyph("B", strokes=(((0.5, 0.2), (0.5, 0.8)),))
    >>> glyph_mask(bar, 32).size, glyph_mask(bar, 32).getpixel((16, 16))
    ((32, 32), 255)
    >>> ink_difference(ink(bar), ink(bar))
    0.0
    >>> round(ink_difference(ink(bar), ink(post)), 2)
    0.94
    """
    union = float(np.maximum(a, b).sum())
    if union == 0:
        return 0.0
    return float(np.abs(a - b).sum()) / union


def difference_matrix(glyphs: Sequence[Glyph], size: int = COMPARE_SIZE) -> np.ndarray:
    """Pairwise :func:`ink_difference` of ``glyphs`` rendered at ``size`` pixels."""
    flat = np.stack([ink(g, size).ravel() for g in glyphs]) if glyphs else np.zeros((0, 1))
    n = len(glyphs)
    out = np.zeros((n, n))
    for i in range(n):
        diff = np.abs(flat - flat[i]).sum(axis=1)
        union = np.maximum(flat, flat[i]).sum(axis=1)
        out[i] = np.where(union > 0, diff / np.maximum(union, 1e-9), 0.0)
    return out


def min_pairwise_difference(
    glyph_set: GlyphSet | Sequence[Glyph], size: int = COMPARE_SIZE
) -> tuple[float, tuple[str, str]]:
    """The smallest ink difference between two glyphs, and their names.

    >>> from cipherkit.glyphs import generate
    >>> value, pair = min_pairwise_difference(generate("runes", seed=1))
    >>> value > 0.2
    True
    """
    glyphs = list(glyph_set)
    if len(glyphs) < 2:
        return 1.0, ("", "")
    matrix = difference_matrix(glyphs, size)
    np.fill_diagonal(matrix, np.inf)
    i, j = np.unravel_index(int(np.argmin(matrix)), matrix.shape)
    return float(matrix[i, j]), (glyphs[i].name, glyphs[j].name)
