"""The glyph sheet: every glyph of a set in a grid, each with its name or a caption."""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence

from cipherkit.glyphs.drawing import Drawing
from cipherkit.glyphs.glyph import Glyph, GlyphSet
from cipherkit.glyphs.theme import CARD, INK, MUTED, RED, RULE, TILE

TILE_SIZE = 104
GLYPH_SIZE = 80
GAP = 20
MARGIN = 36
CAPTION = 40


def sheet_drawing(
    glyphs: GlyphSet | Sequence[Glyph],
    *,
    columns: int | None = None,
    title: str | None = None,
    captions: Mapping[str, str] | None = None,
    subtitle: str | None = None,
    colours: Mapping[str, str] | None = None,
) -> Drawing:
    """A sheet of ``glyphs``: each in a tile with its name (or ``captions[name]``)
    underneath. ``colours`` may colour some glyphs (by name). Region ``glyph:NAME``
    is each glyph's square.

    Examples
    --------
    >>> from cipherkit.glyphs import generate
    >>> from cipherkit.glyphs.sheet import sheet_drawing
    >>> d = sheet_drawing(generate("runes", seed=7, count=12), columns=6)
    >>> d.width, sorted(d.regions)[:2]
    (796.0, ['glyph:A', 'glyph:B'])
    """
    items = list(glyphs)
    n = max(1, len(items))
    cols = columns or min(9, max(4, math.ceil(math.sqrt(n * 1.6))))
    cols = min(cols, n) if n >= 4 else max(cols, n)
    rows = math.ceil(n / cols)
    if title is None and isinstance(glyphs, GlyphSet):
        title = f"Glyph set · {glyphs.label}"
    if subtitle is None and isinstance(glyphs, GlyphSet):
        subtitle = f"{len(glyphs)} glyphs"
    head = 0.0
    if title:
        head += 44
    if subtitle:
        head += 28
    if head:
        head += 16
    width = 2 * MARGIN + cols * TILE_SIZE + (cols - 1) * GAP
    height = 2 * MARGIN + head + rows * (TILE_SIZE + CAPTION) + (rows - 1) * GAP
    d = Drawing(width, height, background=CARD, title=title or "glyph sheet")
    y = MARGIN
    if title:
        d.text(MARGIN, y, title, size=26, bold=True, anchor="lt", font="serif")
        y += 44
    if subtitle:
        d.text(MARGIN, y, subtitle, size=16, fill=MUTED, anchor="lt")
        y += 28
    if head:
        d.line([(MARGIN, y + 2), (width - MARGIN, y + 2)], stroke=RULE, width=2)
        y += 16
    pad = (TILE_SIZE - GLYPH_SIZE) / 2
    for i, glyph in enumerate(items):
        r, c = divmod(i, cols)
        x0 = MARGIN + c * (TILE_SIZE + GAP)
        y0 = y + r * (TILE_SIZE + CAPTION + GAP)
        d.rect(x0, y0, TILE_SIZE, TILE_SIZE, fill=TILE, radius=12)
        colour = (colours or {}).get(glyph.name, INK)
        d.glyph(glyph, x0 + pad, y0 + pad, GLYPH_SIZE, color=colour)
        d.region(f"glyph:{glyph.name}", x0 + pad, y0 + pad, GLYPH_SIZE, GLYPH_SIZE)
        caption = (captions or {}).get(glyph.name, glyph.name)
        size = 20 if len(caption) <= 10 else max(12, 20 * 10 / len(caption))
        d.text(
            x0 + TILE_SIZE / 2,
            y0 + TILE_SIZE + 12,
            caption,
            size=size,
            anchor="mt",
            bold=len(caption) <= 2,
            fill=RED if colour == RED else INK,
        )
    return d
