"""A small vector drawing: one list of shapes, written out as SVG or drawn with Pillow.

Design notes: ``docs/glyphs.md``, ``cipherkit.glyphs.drawing``.
"""

from __future__ import annotations

import io
import itertools
import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from functools import cache
from pathlib import Path as FilePath
from typing import TYPE_CHECKING, Any
from xml.sax.saxutils import escape

if TYPE_CHECKING:
    from PIL import Image as PILImage
    from PIL import ImageFont

    from cipherkit.glyphs.glyph import Glyph

Point = tuple[float, float]
Color = str

CAP_HEIGHT = 0.729
"""DejaVu's capital height as a fraction of the font size (used to anchor text)."""

FONT_FILES: dict[tuple[str, bool, bool], str] = {
    ("sans", False, False): "DejaVuSans.ttf",
    ("sans", True, False): "DejaVuSans-Bold.ttf",
    ("sans", False, True): "DejaVuSans-Oblique.ttf",
    ("sans", True, True): "DejaVuSans-BoldOblique.ttf",
    ("serif", False, False): "DejaVuSerif.ttf",
    ("serif", True, False): "DejaVuSerif-Bold.ttf",
    ("serif", False, True): "DejaVuSerif-Italic.ttf",
    ("serif", True, True): "DejaVuSerif-BoldItalic.ttf",
    ("mono", False, False): "DejaVuSansMono.ttf",
    ("mono", True, False): "DejaVuSansMono-Bold.ttf",
    ("mono", False, True): "DejaVuSansMono-Oblique.ttf",
    ("mono", True, True): "DejaVuSansMono-BoldOblique.ttf",
}
SVG_FAMILIES = {
    "sans": "'DejaVu Sans', Verdana, Arial, sans-serif",
    "serif": "'DejaVu Serif', Georgia, 'Times New Roman', serif",
    "mono": "'DejaVu Sans Mono', Menlo, Consolas, monospace",
}
FONT_DIRS = (
    "/usr/share/fonts/truetype/dejavu",
    "/usr/share/fonts/dejavu",
    "/usr/share/fonts/TTF",
    "/usr/local/share/fonts",
    "/Library/Fonts",
)


# ------------------------------------------------------------------ shapes
@dataclass(frozen=True, slots=True)
class Rect:
    """A rectangle shape (corners rounded by ``radius``), in drawing units."""

    x: float
    y: float
    w: float
    h: float
    fill: Color | None = None
    stroke: Color | None = None
    width: float = 1.0
    radius: float = 0.0
    dash: tuple[float, float] | None = None

    def moved(self, dx: float, dy: float, s: float) -> Rect:
        """The rectangle scaled by ``s`` then moved by ``(dx, dy)``."""
        return replace(
            self,
            x=dx + s * self.x,
            y=dy + s * self.y,
            w=s * self.w,
            h=s * self.h,
            width=s * self.width,
            radius=s * self.radius,
            dash=_scale_dash(self.dash, s),
        )


@dataclass(frozen=True, slots=True)
class Polyline:
    """A line through ``points`` (a polygon when ``closed``), in drawing units."""

    points: tuple[Point, ...]
    stroke: Color | None = None
    width: float = 1.0
    fill: Color | None = None
    closed: bool = False
    dash: tuple[float, float] | None = None
    round: bool = True

    def moved(self, dx: float, dy: float, s: float) -> Polyline:
        """The line scaled by ``s`` then moved by ``(dx, dy)``."""
        return replace(
            self,
            points=tuple((dx + s * x, dy + s * y) for x, y in self.points),
            width=s * self.width,
            dash=_scale_dash(self.dash, s),
        )


@dataclass(frozen=True, slots=True)
class Circle:
    """A circle shape, in drawing units."""

    cx: float
    cy: float
    r: float
    fill: Color | None = None
    stroke: Color | None = None
    width: float = 1.0

    def moved(self, dx: float, dy: float, s: float) -> Circle:
        """The circle scaled by ``s`` then moved by ``(dx, dy)``."""
        return Circle(
            dx + s * self.cx, dy + s * self.cy, s * self.r, self.fill, self.stroke, s * self.width
        )


@dataclass(frozen=True, slots=True)
class Text:
    """A line of text shape, aligned left, centre or right (``align``) at its point."""

    x: float
    y: float
    """The baseline point (already anchored vertically)."""
    text: str
    size: float
    fill: Color = "#1e2433"
    align: str = "l"
    font: str = "sans"
    bold: bool = False
    italic: bool = False
    spacing: float = 0.0
    """Extra space between letters, in units."""

    def moved(self, dx: float, dy: float, s: float) -> Text:
        """The text scaled by ``s`` then moved by ``(dx, dy)``."""
        return replace(
            self, x=dx + s * self.x, y=dy + s * self.y, size=s * self.size, spacing=s * self.spacing
        )


@dataclass(frozen=True, slots=True)
class GlyphShape:
    """A glyph drawn ``size`` units square at ``(x, y)`` in ``color``."""

    glyph: Glyph
    x: float
    y: float
    size: float
    color: Color
    weight: float

    def moved(self, dx: float, dy: float, s: float) -> GlyphShape:
        """The glyph scaled by ``s`` then moved by ``(dx, dy)``."""
        return replace(self, x=dx + s * self.x, y=dy + s * self.y, size=s * self.size)


Shape = Rect | Polyline | Circle | Text | GlyphShape


def _scale_dash(dash: tuple[float, float] | None, s: float) -> tuple[float, float] | None:
    return None if dash is None else (dash[0] * s, dash[1] * s)


# ------------------------------------------------------------------ fonts
@cache
def font_path(font: str = "sans", bold: bool = False, italic: bool = False) -> str | None:
    """The DejaVu file for a family (``sans``, ``serif``, ``mono``), or ``None``."""
    import importlib.util

    name = FONT_FILES[(font, bold, italic)]
    dirs = list(FONT_DIRS)
    spec = importlib.util.find_spec("matplotlib")
    if spec is not None and spec.origin:
        dirs.append(str(FilePath(spec.origin).parent / "mpl-data" / "fonts" / "ttf"))
    for folder in dirs:
        candidate = FilePath(folder) / name
        if candidate.is_file():
            return str(candidate)
    return None


@cache
def pil_font(
    size: int, font: str = "sans", bold: bool = False, italic: bool = False
) -> ImageFont.FreeTypeFont | ImageFont.ImageFont:
    """A Pillow font of ``size`` pixels: DejaVu when found, else Pillow's default."""
    from PIL import ImageFont

    size = max(1, int(size))
    path = font_path(font, bold, italic)
    if path is not None:
        return ImageFont.truetype(path, size)
    return ImageFont.load_default(size=size)


def text_width(
    text: str, size: float, font: str = "sans", bold: bool = False, italic: bool = False
) -> float:
    """Advance width of ``text`` at ``size`` units.

    >>> text_width("", 20), text_width("MM", 20) > text_width("M", 20) > 0
    (0.0, True)
    """
    if not text:
        return 0.0
    ref = pil_font(100, font, bold, italic)
    return float(ref.getlength(text)) * size / 100.0


def wrap_text(
    text: str,
    size: float,
    max_width: float,
    font: str = "sans",
    bold: bool = False,
    italic: bool = False,
) -> list[str]:
    """Greedy word wrap; a word longer than a line stands alone on its line.

    >>> wrap_text("the quick brown fox", 10, 60)
    ['the quick', 'brown fox']
    """
    lines: list[str] = []
    for paragraph in text.splitlines() or [""]:
        line = ""
        for word in paragraph.split():
            trial = f"{line} {word}" if line else word
            if line and text_width(trial, size, font, bold, italic) > max_width:
                lines.append(line)
                line = word
            else:
                line = trial
        lines.append(line)
    return lines


# ------------------------------------------------------------------ drawing
class Drawing:
    """A list of shapes on a ``width`` x ``height`` page; see the module docstring.

    Examples
    --------
    >>> from cipherkit.glyphs.drawing import Drawing
    >>> d = Drawing(120, 60, background="#ffffff")
    >>> d.rect(10, 10, 40, 40, fill="#c62f2f")
    >>> d.text(90, 30, "Hi", size=20, anchor="mm")
    >>> d.region("box", 10, 10, 40, 40)
    >>> d.svg().startswith("<svg")
    True
    >>> img = d.image(scale=2)
    >>> img.size, img.getpixel((60, 60))
    ((240, 120), (198, 47, 47))
    >>> d.pixel_box("box", scale=2)
    (20, 20, 100, 100)
    """

    def __init__(
        self, width: float, height: float, *, background: Color | None = None, title: str = ""
    ) -> None:
        self.width = float(width)
        self.height = float(height)
        self.background = background
        self.title = title
        self.shapes: list[Shape] = []
        self.regions: dict[str, tuple[float, float, float, float]] = {}

    def __repr__(self) -> str:
        return f"<Drawing {self.title or 'untitled'!r} {self.width:g}x{self.height:g}>"

    # -------------------------------------------------------------- adding shapes
    def rect(
        self,
        x: float,
        y: float,
        w: float,
        h: float,
        *,
        fill: Color | None = None,
        stroke: Color | None = None,
        width: float = 1.0,
        radius: float = 0.0,
        dash: tuple[float, float] | None = None,
    ) -> None:
        """Add a rectangle, ``w`` by ``h`` with its top left corner at ``(x, y)``."""
        self.shapes.append(Rect(x, y, w, h, fill, stroke, width, radius, dash))

    def line(
        self,
        points: Iterable[Point],
        *,
        stroke: Color = "#1e2433",
        width: float = 1.0,
        dash: tuple[float, float] | None = None,
        closed: bool = False,
        round: bool = True,
    ) -> None:
        """Add a line through ``points`` (closed back to the first with ``closed``)."""
        pts = tuple((float(x), float(y)) for x, y in points)
        self.shapes.append(Polyline(pts, stroke, width, None, closed, dash, round))

    def polygon(
        self,
        points: Iterable[Point],
        *,
        fill: Color | None = None,
        stroke: Color | None = None,
        width: float = 1.0,
    ) -> None:
        """Add a closed polygon through ``points``."""
        pts = tuple((float(x), float(y)) for x, y in points)
        self.shapes.append(Polyline(pts, stroke, width, fill, True, None, True))

    def circle(
        self,
        cx: float,
        cy: float,
        r: float,
        *,
        fill: Color | None = None,
        stroke: Color | None = None,
        width: float = 1.0,
    ) -> None:
        """Add a circle of radius ``r`` centred at ``(cx, cy)``."""
        self.shapes.append(Circle(cx, cy, r, fill, stroke, width))

    def text(
        self,
        x: float,
        y: float,
        text: str,
        *,
        size: float = 16,
        fill: Color = "#1e2433",
        anchor: str = "ls",
        font: str = "sans",
        bold: bool = False,
        italic: bool = False,
        spacing: float = 0.0,
    ) -> None:
        """Text anchored at ``(x, y)``: see the module docstring for ``anchor``."""
        align, vertical = anchor[0], anchor[1]
        if vertical == "t":
            y += CAP_HEIGHT * size
        elif vertical == "m":
            y += CAP_HEIGHT * size / 2
        elif vertical not in "sb":
            raise ValueError(f"unknown text anchor {anchor!r}")
        if align not in "lmr":
            raise ValueError(f"unknown text anchor {anchor!r}")
        self.shapes.append(Text(x, y, text, size, fill, align, font, bold, italic, spacing))

    def glyph(
        self,
        glyph: Glyph,
        x: float,
        y: float,
        size: float,
        *,
        color: Color = "#1e2433",
        weight: float | None = None,
    ) -> None:
        """Draw ``glyph`` in the square ``(x, y, size, size)``."""
        w = glyph.weight if weight is None else weight
        self.shapes.append(GlyphShape(glyph, x, y, size, color, w))

    def region(self, name: str, x: float, y: float, w: float, h: float) -> None:
        """Remember that ``name`` was drawn in this box."""
        self.regions[name] = (x, y, w, h)

    def place(self, other: Drawing, x: float, y: float, scale: float = 1.0) -> None:
        """Copy ``other`` in, its top-left corner at ``(x, y)``, scaled by ``scale``.

        Its background becomes a rectangle and its regions are kept under their names.
        """
        if other.background:
            self.rect(x, y, other.width * scale, other.height * scale, fill=other.background)
        self.shapes.extend(shape.moved(x, y, scale) for shape in other.shapes)
        for name, (rx, ry, rw, rh) in other.regions.items():
            self.regions[name] = (x + rx * scale, y + ry * scale, rw * scale, rh * scale)

    def pixel_box(self, name: str, scale: float = 1.0) -> tuple[int, int, int, int]:
        """A region as pixel bounds ``(left, top, right, bottom)`` at ``scale``."""
        x, y, w, h = self.regions[name]
        return (round(x * scale), round(y * scale), round((x + w) * scale), round((y + h) * scale))

    # -------------------------------------------------------------- output
    def svg(self) -> str:
        """The drawing as an SVG document (a string)."""
        return _to_svg(self)

    def image(self, scale: float = 1.0, supersample: int = 2) -> PILImage.Image:
        """The drawing as an RGB Pillow image, ``scale`` pixels per unit.

        ``supersample`` draws at that many times the size and shrinks the result, which
        smooths edges (1 is fastest, for print pages at 300 dpi).
        """
        return _to_image(self, scale, max(1, int(supersample)))

    def png(self, scale: float = 1.0, supersample: int = 2) -> bytes:
        """The drawing as PNG bytes, ``scale`` pixels a unit (drawn ``supersample`` times larger,
        then reduced).
        """
        buffer = io.BytesIO()
        self.image(scale, supersample).save(buffer, format="PNG", optimize=False)
        return buffer.getvalue()

    def save(self, path: str | FilePath, scale: float = 1.0, supersample: int = 2) -> FilePath:
        """Write ``.svg`` or ``.png`` (by the file's suffix); return the path."""
        target = FilePath(path)
        if target.suffix.lower() == ".svg":
            target.write_text(self.svg(), encoding="utf-8")
        elif target.suffix.lower() == ".png":
            self.image(scale, supersample).save(target, format="PNG")
        else:
            raise ValueError(f"cannot save a drawing as {target.suffix or 'a file without suffix'}")
        return target

    def _repr_svg_(self) -> str:
        return self.svg()


# ------------------------------------------------------------------ SVG backend
def _num(value: float) -> str:
    text = f"{value:.2f}".rstrip("0").rstrip(".")
    return "0" if text == "-0" else text


def _paint(fill: Color | None, stroke: Color | None, width: float) -> str:
    parts = [f'fill="{fill or "none"}"']
    if stroke:
        parts.append(f'stroke="{stroke}" stroke-width="{_num(width)}"')
    return " ".join(parts)


def _to_svg(d: Drawing) -> str:
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{_num(d.width)}" '
        f'height="{_num(d.height)}" viewBox="0 0 {_num(d.width)} {_num(d.height)}">'
    ]
    if d.title:
        out.append(f"<title>{escape(d.title)}</title>")
    defs: dict[str, str] = {}
    body: list[str] = []
    if d.background:
        body.append(f'<rect width="100%" height="100%" fill="{d.background}"/>')
    for shape in d.shapes:
        body.append(_svg_shape(shape, defs))
    if defs:
        out.append("<defs>" + "".join(defs.values()) + "</defs>")
    out.extend(body)
    out.append("</svg>")
    return "\n".join(out)


def _svg_shape(shape: Shape, defs: dict[str, str]) -> str:
    if isinstance(shape, Rect):
        extra = f' rx="{_num(shape.radius)}"' if shape.radius else ""
        if shape.dash:
            extra += f' stroke-dasharray="{_num(shape.dash[0])} {_num(shape.dash[1])}"'
        return (
            f'<rect x="{_num(shape.x)}" y="{_num(shape.y)}" width="{_num(shape.w)}" '
            f'height="{_num(shape.h)}"{extra} {_paint(shape.fill, shape.stroke, shape.width)}/>'
        )
    if isinstance(shape, Polyline):
        pts = " ".join(f"{_num(x)},{_num(y)}" for x, y in shape.points)
        tag = "polygon" if shape.closed else "polyline"
        extra = ' stroke-linecap="round" stroke-linejoin="round"' if shape.round else ""
        if shape.dash:
            extra += f' stroke-dasharray="{_num(shape.dash[0])} {_num(shape.dash[1])}"'
            extra = extra.replace('stroke-linecap="round"', 'stroke-linecap="butt"')
        paint = _paint(shape.fill, shape.stroke, shape.width)
        return f'<{tag} points="{pts}"{extra} {paint}/>'
    if isinstance(shape, Circle):
        return (
            f'<circle cx="{_num(shape.cx)}" cy="{_num(shape.cy)}" r="{_num(shape.r)}" '
            f"{_paint(shape.fill, shape.stroke, shape.width)}/>"
        )
    if isinstance(shape, Text):
        anchor = {"l": "start", "m": "middle", "r": "end"}[shape.align]
        style = ' font-weight="bold"' if shape.bold else ""
        style += ' font-style="italic"' if shape.italic else ""
        if shape.spacing:
            style += f' letter-spacing="{_num(shape.spacing)}"'
        return (
            f'<text x="{_num(shape.x)}" y="{_num(shape.y)}" font-family="'
            f'{SVG_FAMILIES[shape.font]}" font-size="{_num(shape.size)}" text-anchor="{anchor}"'
            f'{style} fill="{shape.fill}" xml:space="preserve">{escape(shape.text)}</text>'
        )
    from cipherkit.glyphs.glyph import glyph_svg_body

    s = shape.size
    body = glyph_svg_body(shape.glyph, shape.weight, defs)
    return (
        f'<g transform="translate({_num(shape.x)} {_num(shape.y)}) scale({s:.4f})" '
        f'color="{shape.color}" style="color:{shape.color}">{body}</g>'
    )


# ------------------------------------------------------------------ Pillow backend
def _rgb(color: Color) -> tuple[int, int, int]:
    text = color.lstrip("#")
    if len(text) == 3:
        text = "".join(ch * 2 for ch in text)
    return (int(text[0:2], 16), int(text[2:4], 16), int(text[4:6], 16))


def _to_image(d: Drawing, scale: float, ss: int) -> PILImage.Image:
    from PIL import Image, ImageDraw

    k = scale * ss
    size = (max(1, round(d.width * k)), max(1, round(d.height * k)))
    image = Image.new("RGB", size, _rgb(d.background) if d.background else (255, 255, 255))
    draw = ImageDraw.Draw(image)
    for shape in d.shapes:
        _pil_shape(image, draw, shape, k)
    if ss > 1:
        image = image.reduce(ss)
    return image


def _dashes(
    points: Sequence[Point], dash: tuple[float, float], closed: bool
) -> list[tuple[Point, Point]]:
    """Split a polyline into dash segments."""
    pts = list(points) + ([points[0]] if closed else [])
    on, off = dash
    period = on + off
    out: list[tuple[Point, Point]] = []
    phase = 0.0
    for (x0, y0), (x1, y1) in itertools.pairwise(pts):
        length = math.hypot(x1 - x0, y1 - y0)
        if length == 0:
            continue
        t = 0.0
        while t < length:
            pos = (phase + t) % period
            if pos < on:
                end = min(length, t + on - pos)
                a, b = t / length, end / length
                out.append(
                    (
                        (x0 + (x1 - x0) * a, y0 + (y1 - y0) * a),
                        (x0 + (x1 - x0) * b, y0 + (y1 - y0) * b),
                    )
                )
                t = end
            else:
                t = min(length, t + period - pos)
        phase = (phase + length) % period
    return out


def _pil_shape(image: Any, draw: Any, shape: Shape, k: float) -> None:
    if isinstance(shape, Rect):
        x0, y0 = shape.x * k, shape.y * k
        x1, y1 = (shape.x + shape.w) * k, (shape.y + shape.h) * k
        w = shape.width * k
        if shape.dash and shape.stroke:
            if shape.fill:
                draw.rounded_rectangle([x0, y0, x1, y1], radius=shape.radius * k, fill=shape.fill)
            pts = [(shape.x, shape.y), (shape.x + shape.w, shape.y)]
            pts += [(shape.x + shape.w, shape.y + shape.h), (shape.x, shape.y + shape.h)]
            _pil_shape(
                image,
                draw,
                Polyline(tuple(pts), shape.stroke, shape.width, None, True, shape.dash, False),
                k,
            )
            return
        if shape.stroke:
            half = w / 2
            box = [x0 - half, y0 - half, x1 + half, y1 + half]
            radius = (shape.radius * k + half) if shape.radius else 0
            draw.rounded_rectangle(
                box, radius=radius, fill=shape.fill, outline=shape.stroke, width=max(1, round(w))
            )
        else:
            draw.rounded_rectangle([x0, y0, x1, y1], radius=shape.radius * k, fill=shape.fill)
        return
    if isinstance(shape, Polyline):
        pts = [(x * k, y * k) for x, y in shape.points]
        w = shape.width * k
        if shape.fill and len(pts) >= 3:
            draw.polygon(pts, fill=shape.fill)
        if not shape.stroke or not pts:
            return
        lw = max(1, round(w))
        if shape.dash:
            scaled = (shape.dash[0] * k, shape.dash[1] * k)
            for a, b in _dashes(pts, scaled, shape.closed):
                draw.line([a, b], fill=shape.stroke, width=lw)
            return
        line = pts + ([pts[0]] if shape.closed else [])
        draw.line(line, fill=shape.stroke, width=lw, joint="curve" if shape.round else None)
        if shape.round and lw > 2:
            r = w / 2
            ends = line if shape.closed else [line[0], line[-1]]
            for x, y in ends:
                draw.ellipse([x - r, y - r, x + r, y + r], fill=shape.stroke)
        return
    if isinstance(shape, Circle):
        cx, cy, r = shape.cx * k, shape.cy * k, shape.r * k
        w = shape.width * k
        if shape.stroke:
            half = w / 2
            draw.ellipse(
                [cx - r - half, cy - r - half, cx + r + half, cy + r + half],
                fill=shape.fill,
                outline=shape.stroke,
                width=max(1, round(w)),
            )
        else:
            draw.ellipse([cx - r, cy - r, cx + r, cy + r], fill=shape.fill)
        return
    if isinstance(shape, Text):
        font = pil_font(round(shape.size * k), shape.font, shape.bold, shape.italic)
        anchor = shape.align + "s"
        if shape.spacing:
            _spaced_text(draw, shape, k, font)
        else:
            draw.text(
                (shape.x * k, shape.y * k), shape.text, fill=shape.fill, font=font, anchor=anchor
            )
        return
    from cipherkit.glyphs.raster import glyph_mask

    px = max(1, round(shape.size * k))
    mask = glyph_mask(shape.glyph, px, shape.weight)
    image.paste(_rgb(shape.color), (round(shape.x * k), round(shape.y * k)), mask)


def _spaced_text(draw: Any, shape: Text, k: float, font: Any) -> None:
    advances = [float(font.getlength(ch)) + shape.spacing * k for ch in shape.text]
    total = sum(advances) - shape.spacing * k
    x = shape.x * k
    if shape.align == "m":
        x -= total / 2
    elif shape.align == "r":
        x -= total
    for ch, adv in zip(shape.text, advances, strict=True):
        draw.text((x, shape.y * k), ch, fill=shape.fill, font=font, anchor="ls")
        x += adv
