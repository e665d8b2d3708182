"""A :class:`~cipherkit.glyphs.drawing.Drawing` as vector PDF pages, with fpdf2.

Design notes: ``docs/design-notes.md``, ``cipherkit.games.mission.art.pdf``.

Examples
--------
>>> from cipherkit.glyphs.drawing import Drawing
>>> from cipherkit.games.mission.art.pdf import pdf_bytes
>>> d = Drawing(2480, 3508, background="#ffffff")
>>> d.rect(150, 150, 400, 200, fill="#c62f2f", radius=20)
>>> d.text(150, 600, "Signal box", size=60, anchor="lt")
>>> data = pdf_bytes([d])
>>> data[:5], b"/MediaBox [0 0 595.20 841.92]" in data
(b'%PDF-', True)
"""

from __future__ import annotations

import io
from collections.abc import Callable, Iterable, Sequence
from typing import TYPE_CHECKING, Any

from cipherkit.core.errors import CipherkitError
from cipherkit.glyphs.drawing import (
    Circle,
    Drawing,
    GlyphShape,
    Polyline,
    Rect,
    Shape,
    Text,
    _rgb,
    font_path,
    text_width,
)

if TYPE_CHECKING:
    from fpdf import FPDF
    from fpdf.drawing import PaintedPath

    from cipherkit.glyphs.glyph import Glyph

UNITS_PER_INCH = 300.0
"""Drawing units per inch: the print pages are laid out at 300 dots per inch."""
POINTS_PER_UNIT = 72.0 / UNITS_PER_INCH
STYLES = {(False, False): "", (True, False): "B", (False, True): "I", (True, True): "BI"}


def pdf_bytes(
    pages: Sequence[Drawing], *, title: str = "", progress: Callable[[], object] | None = None
) -> bytes:
    """``pages`` as one vector PDF (each page the size of its drawing, 300 units an inch).

    ``progress`` is called once a page. Raises :class:`CipherkitError` when there is no
    page.
    """
    from fpdf import FPDF

    if not pages:
        raise CipherkitError.say("a PDF needs at least one page")
    pdf = FPDF(unit=POINTS_PER_UNIT, format=(pages[0].width, pages[0].height))
    pdf.set_auto_page_break(False)
    pdf.set_margin(0)
    pdf.set_creator("cipherkit")
    pdf.set_title(title or pages[0].title)
    writer = _Writer(pdf)
    for page in pages:
        pdf.add_page(format=(page.width, page.height))
        if page.background and page.background.lower() not in ("#fff", "#ffffff", "white"):
            writer.shape(Rect(0, 0, page.width, page.height, fill=page.background))
        for shape in page.shapes:
            writer.shape(shape)
        writer.flush()
        if progress is not None:
            progress()
    return bytes(pdf.output())


class _Writer:
    """Draws shapes on the current page of ``pdf``; registers fonts as they are needed."""

    def __init__(self, pdf: FPDF) -> None:
        self.pdf = pdf
        self.fonts: dict[tuple[str, bool, bool], tuple[str, str]] = {}
        self.pending: list[PaintedPath] = []

    def new_path(self) -> PaintedPath:
        """A path drawn with the next :meth:`flush` (paths go out in batches: faster)."""
        from fpdf.drawing import PaintedPath

        path = PaintedPath()
        self.pending.append(path)
        return path

    def flush(self) -> None:
        if self.pending:
            from fpdf.drawing import GraphicsContext

            context = GraphicsContext()
            for path in self.pending:
                context.add_item(path, clone=False)
            self.pending = []
            self.pdf.draw_path(context, copy=False)

    # ------------------------------------------------------------ shapes
    def shape(self, shape: Shape) -> None:
        if isinstance(shape, Text):
            self.text(shape)
        elif isinstance(shape, GlyphShape):
            self.glyph(shape)
        else:
            self.path(shape)

    def path(self, shape: Rect | Polyline | Circle) -> None:
        fill = getattr(shape, "fill", None)
        stroke = shape.stroke
        if not fill and not stroke:
            return
        p = self.new_path()
        _paint(p, fill, stroke, shape.width)
        if isinstance(shape, Rect):
            r = min(shape.radius, shape.w / 2, shape.h / 2)
            _rounded_rect(p, shape.x, shape.y, shape.w, shape.h, r)
            if shape.dash and stroke:
                _dash(p, shape.dash, round_caps=False)
        elif isinstance(shape, Circle):
            _circle(p, shape.cx, shape.cy, shape.r)
        else:
            _polyline(p, shape.points, shape.closed)
            if shape.dash and stroke:
                _dash(p, shape.dash, round_caps=False)
            elif stroke:
                _caps(p, shape.round)

    def text(self, shape: Text) -> None:
        if not shape.text:
            return
        self.flush()
        family, style = self.font(shape.font, shape.bold, shape.italic)
        pdf = self.pdf
        pdf.set_font(family, style, shape.size * POINTS_PER_UNIT)
        pdf.set_text_color(*_rgb(shape.fill))
        width = text_width(shape.text, shape.size, shape.font, shape.bold, shape.italic)
        width += shape.spacing * (len(shape.text) - 1)
        x = shape.x - {"l": 0.0, "m": width / 2, "r": width}[shape.align]
        pdf.set_char_spacing(shape.spacing * POINTS_PER_UNIT)
        pdf.text(x, shape.y, shape.text)
        pdf.set_char_spacing(0)

    def glyph(self, shape: GlyphShape) -> None:
        glyph, s = shape.glyph, shape.size

        def at(x: float, y: float) -> tuple[float, float]:
            return shape.x + x * s, shape.y + y * s

        width = shape.weight * s
        dots = list(glyph.dots)
        for stroke in glyph.strokes:
            if len(stroke) == 1:
                dots.append((stroke[0][0], stroke[0][1], shape.weight / 2))
                continue
            closed = len(stroke) > 2 and stroke[0] == stroke[-1]
            points = stroke[:-1] if closed else stroke
            p = self.new_path()
            _paint(p, None, shape.color, width)
            _caps(p, True)
            _polyline(p, [at(x, y) for x, y in points], closed)
        for poly in glyph.fills:
            p = self.new_path()
            _paint(p, shape.color, None, 0)
            _polyline(p, [at(x, y) for x, y in poly], True)
        for x, y, r in dots:
            p = self.new_path()
            _paint(p, shape.color, None, 0)
            _circle(p, *at(x, y), r * s)
        for x, y, r in glyph.rings:
            p = self.new_path()
            _paint(p, None, shape.color, width)
            _circle(p, *at(x, y), r * s)
        if glyph.bitmap is not None:
            self.flush()
            self.bitmap(glyph, shape)

    def bitmap(self, glyph: Glyph, shape: GlyphShape) -> None:
        """A glyph read from a PNG: its ink as an image in the glyph's colour."""
        from PIL import Image

        assert glyph.bitmap is not None
        mask = glyph.bitmap.image()
        ink = Image.new("RGBA", mask.size, (*_rgb(shape.color), 0))
        ink.putalpha(mask)
        buffer = io.BytesIO()
        ink.save(buffer, format="PNG")
        self.pdf.image(buffer, shape.x, shape.y, shape.size, shape.size)

    # ------------------------------------------------------------ fonts
    def font(self, font: str, bold: bool, italic: bool) -> tuple[str, str]:
        """The fpdf family and style of a DejaVu face, embedded on first use."""
        key = (font, bold, italic)
        if key not in self.fonts:
            path = font_path(font, bold, italic)
            if path is None:
                raise CipherkitError.say(
                    "no DejaVu font found for the PDF (it comes with matplotlib: "
                    "pip install matplotlib)"
                )
            family = f"dejavu-{font}"
            style = STYLES[(bold, italic)]
            self.pdf.add_font(family, style, path)
            self.fonts[key] = (family, style)
        return self.fonts[key]


# ------------------------------------------------------------------ path helpers
def _paint(p: PaintedPath, fill: str | None, stroke: str | None, width: float) -> None:
    from fpdf.drawing import DeviceRGB

    def colour(text: str) -> Any:
        r, g, b = _rgb(text)
        return DeviceRGB(r / 255, g / 255, b / 255)

    p.style.fill_color = colour(fill) if fill else None
    p.style.stroke_color = colour(stroke) if stroke else None
    if stroke:
        p.style.stroke_width = width
    p.style.paint_rule = _rule(bool(fill), bool(stroke))
    p.style.auto_close = False  # fpdf closes open paths by default; a polyline stays open


def _rule(fill: bool, stroke: bool) -> Any:
    from fpdf.enums import PathPaintRule

    if fill and stroke:
        return PathPaintRule.STROKE_FILL_NONZERO
    return PathPaintRule.FILL_NONZERO if fill else PathPaintRule.STROKE


def _caps(p: PaintedPath, rounded: bool) -> None:
    from fpdf.enums import StrokeCapStyle, StrokeJoinStyle

    p.style.stroke_cap_style = StrokeCapStyle.ROUND if rounded else StrokeCapStyle.BUTT
    p.style.stroke_join_style = StrokeJoinStyle.ROUND if rounded else StrokeJoinStyle.MITER


def _dash(p: PaintedPath, dash: tuple[float, float], *, round_caps: bool) -> None:
    p.style.stroke_dash_pattern = dash
    _caps(p, round_caps)


def _polyline(p: PaintedPath, points: Iterable[tuple[float, float]], closed: bool) -> None:
    first = True
    for x, y in points:
        if first:
            p.move_to(x, y)
            first = False
        else:
            p.line_to(x, y)
    if closed and not first:
        p.close()


KAPPA = 0.5522847498
"""A quarter circle as one cubic Bezier: control points at this fraction of the radius."""


def _circle(p: PaintedPath, cx: float, cy: float, r: float) -> None:
    k = KAPPA * r
    p.move_to(cx + r, cy)
    p.curve_to(cx + r, cy + k, cx + k, cy + r, cx, cy + r)
    p.curve_to(cx - k, cy + r, cx - r, cy + k, cx - r, cy)
    p.curve_to(cx - r, cy - k, cx - k, cy - r, cx, cy - r)
    p.curve_to(cx + k, cy - r, cx + r, cy - k, cx + r, cy)
    p.close()


def _rounded_rect(p: PaintedPath, x: float, y: float, w: float, h: float, r: float) -> None:
    if r <= 0:
        p.move_to(x, y)
        p.line_to(x + w, y)
        p.line_to(x + w, y + h)
        p.line_to(x, y + h)
        p.close()
        return
    k = KAPPA * r
    right, bottom = x + w, y + h
    p.move_to(x + r, y)
    p.line_to(right - r, y)
    p.curve_to(right - r + k, y, right, y + r - k, right, y + r)
    p.line_to(right, bottom - r)
    p.curve_to(right, bottom - r + k, right - r + k, bottom, right - r, bottom)
    p.line_to(x + r, bottom)
    p.curve_to(x + r - k, bottom, x, bottom - r + k, x, bottom - r)
    p.line_to(x, y + r)
    p.curve_to(x, y + r - k, x + r - k, y, x + r, y)
    p.close()
