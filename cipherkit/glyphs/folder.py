"""Custom glyph sets from a folder of PNG or SVG images, one glyph a file.

Design notes: ``docs/glyphs.md``, ``cipherkit.glyphs.folder``.
"""

from __future__ import annotations

import io
import itertools
import math
import re
import warnings
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import cast

from cipherkit.core.errors import CipherkitError
from cipherkit.glyphs.glyph import MAX_GLYPHS, Bitmap, Glyph, GlyphSet

BITMAP_SIZE = 128
"""Side of the ink mask a PNG glyph is stored as."""
SUFFIXES = (".png", ".svg")
Matrix = tuple[float, float, float, float, float, float]
Point = tuple[float, float]
IDENTITY: Matrix = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)
MAX_PNG_BYTES = 8_000_000
"""Largest PNG file read as a glyph (bytes)."""
MAX_PIXELS = 2048 * 2048
"""Most pixels of a PNG glyph: a larger one is refused before it is decoded."""
WORK_SIDE = 1024
"""A PNG is scaled to at most this side as soon as it is decoded (the glyph is 128)."""
MAX_SVG_BYTES = 2_000_000
"""Largest SVG file read as a glyph (bytes)."""
MAX_SVG_DEPTH = 64
"""Deepest nesting of elements in an SVG glyph."""
MAX_SVG_POINTS = 10_000
"""Most points an SVG glyph may draw (after curves are flattened)."""


def glyph_set_from_folder(folder: str | Path, *, label: str | None = None) -> GlyphSet:
    """Read every PNG and SVG file of ``folder`` (sorted by name) as a glyph.

    Raise :class:`CipherkitError` (one line, naming the file) for a missing folder, a
    folder without images, more than 36 images or an image that cannot be read.

    Examples
    --------
    >>> import tempfile, pathlib
    >>> with tempfile.TemporaryDirectory() as name:
    ...     folder = pathlib.Path(name)
    ...     _ = (folder / "bar.svg").write_text(
    ...         '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10">'
    ...         '<line x1="2" y1="5" x2="8" y2="5" stroke="black"/></svg>')
    ...     gs = glyph_set_from_folder(folder)
    >>> gs.names, gs["bar"].strokes
    (('bar',), (((0.2, 0.5), (0.8, 0.5)),))
    """
    path = Path(folder)
    if not path.is_dir():
        raise CipherkitError.say("glyph folder {path} does not exist", path=path)
    files = sorted(p for p in path.iterdir() if p.suffix.lower() in SUFFIXES and p.is_file())
    if not files:
        raise CipherkitError.say("glyph folder {path} holds no .png or .svg files", path=path)
    if len(files) > MAX_GLYPHS:
        raise CipherkitError.say(
            "glyph folder {path} holds {count} images; at most 36", path=path, count=len(files)
        )
    stems = [f.stem for f in files]
    if len(set(stems)) != len(stems):
        dup = next(s for s in stems if stems.count(s) > 1)
        raise CipherkitError.say(
            "glyph folder {path} has two images named {dup!r}", path=path, dup=dup
        )
    glyphs = tuple(glyph_from_file(f) for f in files)
    return GlyphSet("folder", None, glyphs, source=label if label is not None else str(folder))


def glyph_from_file(file: Path) -> Glyph:
    """The glyph drawn in a PNG or SVG file (by its suffix)."""
    if file.suffix.lower() == ".png":
        return glyph_from_png(file)
    return glyph_from_svg(file)


# ------------------------------------------------------------------ PNG
def glyph_from_png(file: Path) -> Glyph:
    """The glyph in a PNG file: its opaque (or, on an opaque image, dark) pixels as ink; an
    unreadable or blank image is a one-line error.
    """
    from PIL import Image, ImageOps, UnidentifiedImageError

    data = _read_bounded(file, MAX_PNG_BYTES, "PNG")
    try:
        with warnings.catch_warnings():  # the size is checked below, well under Pillow's
            warnings.simplefilter("ignore", Image.DecompressionBombWarning)
            opened = Image.open(io.BytesIO(data), formats=["PNG"])
        with opened:
            width, height = opened.size
            if width * height > MAX_PIXELS:
                raise CipherkitError.say(
                    "{file}: the image is {width} x {height} pixels, more than a glyph may "
                    "have (2048 x 2048 = {most:,}); scale it down",
                    file=file,
                    width=width,
                    height=height,
                    most=MAX_PIXELS,
                )
            opened.load()
            opened.thumbnail((WORK_SIDE, WORK_SIDE))  # the glyph is 128 pixels
            image = opened.copy()
    except Image.DecompressionBombError as exc:
        raise CipherkitError.say(
            "{file}: the image has too many pixels, more than a glyph may have "
            "(2048 x 2048 = {most:,}); scale it down",
            file=file,
            most=MAX_PIXELS,
        ) from exc
    except (OSError, UnidentifiedImageError, ValueError) as exc:
        raise CipherkitError.say("{file}: not a readable PNG image", file=file) from exc
    del data
    rgba = image.convert("RGBA")
    alpha = rgba.getchannel("A")
    # one band: Pillow's (min, max), typed for every band count
    lowest = cast("tuple[int, int]", alpha.getextrema())[0]
    if lowest < 250:  # transparent background: the ink is the opaque part
        ink = alpha
    else:  # opaque: the ink is what is dark
        ink = ImageOps.invert(rgba.convert("L"))
        ink = ink.point(lambda v: 0 if v < 24 else v)  # paper noise
    box = ink.getbbox()
    if box is None:
        raise CipherkitError.say("{file}: the image is blank", file=file)
    ink = ink.crop(box)
    w, h = ink.size
    inner = int(BITMAP_SIZE * 0.8)
    scale = inner / max(w, h)
    size = (max(1, round(w * scale)), max(1, round(h * scale)))
    ink = ink.resize(size, Image.Resampling.LANCZOS)
    canvas = Image.new("L", (BITMAP_SIZE, BITMAP_SIZE), 0)
    canvas.paste(ink, ((BITMAP_SIZE - size[0]) // 2, (BITMAP_SIZE - size[1]) // 2))
    return Glyph(file.stem, bitmap=Bitmap(BITMAP_SIZE, BITMAP_SIZE, canvas.tobytes()))


def _read_bounded(file: Path, limit: int, kind: str) -> bytes:
    """The bytes of ``file``, refused in one sentence when over ``limit`` (read at most
    one byte more, whatever the file claims to be)."""
    try:
        with file.open("rb") as handle:
            data = handle.read(limit + 1)
    except OSError as exc:
        raise CipherkitError.say(
            "{file}: not a readable {kind} file", file=file, kind=kind
        ) from exc
    if len(data) > limit:
        raise CipherkitError.say(
            "{file}: the {kind} file is larger than {most:,} bytes, the most a glyph may be",
            file=file,
            kind=kind,
            most=limit,
        )
    return data


# ------------------------------------------------------------------ SVG
def _local(tag: str) -> str:
    return tag.rsplit("}", 1)[-1]


def _floats(text: str) -> list[float]:
    return [float(v) for v in re.findall(r"[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?", text)]


def _multiply(a: Matrix, b: Matrix) -> Matrix:
    """``a`` then ``b`` applied to a point is ``_multiply(b, a)``: plain 2D affine product."""
    a0, a1, a2, a3, a4, a5 = a
    b0, b1, b2, b3, b4, b5 = b
    return (
        a0 * b0 + a2 * b1,
        a1 * b0 + a3 * b1,
        a0 * b2 + a2 * b3,
        a1 * b2 + a3 * b3,
        a0 * b4 + a2 * b5 + a4,
        a1 * b4 + a3 * b5 + a5,
    )


def _transform(text: str | None, file: Path) -> Matrix:
    m = IDENTITY
    if not text:
        return m
    for name, args in re.findall(r"(\w+)\s*\(([^)]*)\)", text):
        v = _floats(args)
        if name == "matrix" and len(v) == 6:
            t: Matrix = (v[0], v[1], v[2], v[3], v[4], v[5])
        elif name == "translate" and v:
            t = (1, 0, 0, 1, v[0], v[1] if len(v) > 1 else 0.0)
        elif name == "scale" and v:
            t = (v[0], 0, 0, v[1] if len(v) > 1 else v[0], 0, 0)
        elif name == "rotate" and v:
            a = math.radians(v[0])
            c, s = math.cos(a), math.sin(a)
            t = (c, s, -s, c, 0, 0)
            if len(v) == 3:
                cx, cy = v[1], v[2]
                t = _multiply(_multiply((1, 0, 0, 1, cx, cy), t), (1, 0, 0, 1, -cx, -cy))
        else:
            raise CipherkitError.say(
                "{file}: unsupported SVG transform {name}({args})",
                file=file,
                name=name,
                args=args.strip(),
            )
        m = _multiply(m, t)
    return m


def _apply(m: Matrix, p: Point) -> Point:
    x, y = p
    return (m[0] * x + m[2] * y + m[4], m[1] * x + m[3] * y + m[5])


def _style(element: ET.Element, inherited: dict[str, str]) -> dict[str, str]:
    style = dict(inherited)
    for key in ("fill", "stroke"):
        if key in element.attrib:
            style[key] = element.attrib[key].strip()
    for part in element.attrib.get("style", "").split(";"):
        if ":" in part:
            key, value = (s.strip() for s in part.split(":", 1))
            if key in ("fill", "stroke"):
                style[key] = value
    return style


def _paints(value: str | None) -> bool:
    return value is not None and value not in ("none", "transparent", "")


def _bezier(points: list[Point], steps: int = 12) -> list[Point]:
    """Points along a quadratic (3 points) or cubic (4 points) Bezier, start excluded."""
    out = []
    for i in range(1, steps + 1):
        t = i / steps
        pts = list(points)
        while len(pts) > 1:
            pts = [
                (a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t)
                for a, b in itertools.pairwise(pts)
            ]
        out.append(pts[0])
    return out


def _path_subpaths(d: str, file: Path) -> list[tuple[list[Point], bool]]:
    """Flatten path data into (points, closed) subpaths."""
    tokens = re.findall(r"[A-Za-z]|[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?", d)
    subpaths: list[tuple[list[Point], bool]] = []
    current: list[Point] = []
    pos: Point = (0.0, 0.0)
    start: Point = (0.0, 0.0)
    last_control: Point | None = None
    command = ""
    i = 0

    def take(n: int) -> list[float]:
        nonlocal i
        if i + n > len(tokens) or any(t.isalpha() for t in tokens[i : i + n]):
            raise CipherkitError.say("{file}: malformed SVG path data", file=file)
        values = [float(t) for t in tokens[i : i + n]]
        i += n
        return values

    while i < len(tokens):
        if tokens[i].isalpha():
            command = tokens[i]
            i += 1
            if command in "Zz":
                if current:
                    subpaths.append((current, True))
                current, pos, last_control = [], start, None
                continue
        if not command:
            raise CipherkitError.say("{file}: SVG path data must start with a command", file=file)
        rel = command.islower()
        op = command.upper()
        ox, oy = pos if rel else (0.0, 0.0)
        if op == "M":
            x, y = take(2)
            if current:
                subpaths.append((current, False))
            pos = start = (ox + x, oy + y)
            current = [pos]
            command = "l" if rel else "L"
            last_control = None
        elif op == "L":
            x, y = take(2)
            pos = (ox + x, oy + y)
            current.append(pos)
            last_control = None
        elif op == "H":
            (x,) = take(1)
            pos = ((pos[0] if rel else 0.0) + x, pos[1])
            current.append(pos)
            last_control = None
        elif op == "V":
            (y,) = take(1)
            pos = (pos[0], (pos[1] if rel else 0.0) + y)
            current.append(pos)
            last_control = None
        elif op in "CS":
            if op == "C":
                x1, y1, x2, y2, x, y = take(6)
                c1 = (ox + x1, oy + y1)
            else:
                x2, y2, x, y = take(4)
                c1 = (
                    pos
                    if last_control is None
                    else (2 * pos[0] - last_control[0], 2 * pos[1] - last_control[1])
                )
            c2, end = (ox + x2, oy + y2), (ox + x, oy + y)
            current.extend(_bezier([pos, c1, c2, end]))
            pos, last_control = end, c2
        elif op in "QT":
            if op == "Q":
                x1, y1, x, y = take(4)
                c = (ox + x1, oy + y1)
            else:
                x, y = take(2)
                c = (
                    pos
                    if last_control is None
                    else (2 * pos[0] - last_control[0], 2 * pos[1] - last_control[1])
                )
            end = (ox + x, oy + y)
            current.extend(_bezier([pos, c, end]))
            pos, last_control = end, c
        else:
            raise CipherkitError.say(
                "{file}: unsupported SVG path command {command!r}", file=file, command=command
            )
        if not current:
            current = [pos]
    if current and len(current) > 1:
        subpaths.append((current, False))
    return subpaths


def _num(element: ET.Element, name: str, default: float = 0.0) -> float:
    text = element.attrib.get(name)
    if text is None:
        return default
    values = _floats(text)
    return values[0] if values else default


def glyph_from_svg(file: Path) -> Glyph:
    """The glyph in an SVG file, fitted into the unit square: its strokes, dots, rings and filled
    shapes; an unreadable file is a one-line error.
    """
    root = _parse_svg(file)
    if _local(root.tag) != "svg":
        raise CipherkitError.say("{file}: the root element is not <svg>", file=file)
    base = _unit_square(root, file)
    strokes: list[tuple[Point, ...]] = []
    fills: list[tuple[Point, ...]] = []
    dots: list[tuple[float, float, float]] = []
    rings: list[tuple[float, float, float]] = []

    drawn = 0

    def count(points: int) -> None:
        nonlocal drawn
        drawn += points
        if drawn > MAX_SVG_POINTS:
            raise CipherkitError.say(
                "{file}: the SVG draws more than {most:,} points, "
                "the most a glyph may; simplify it",
                file=file,
                most=MAX_SVG_POINTS,
            )

    def shape(points: list[Point], closed: bool, m: Matrix, style: dict[str, str]) -> None:
        count(len(points))
        pts = [_round(_apply(m, p)) for p in points]
        if _paints(style.get("fill")) and closed and len(pts) >= 3:
            fills.append(tuple(pts))
        if _paints(style.get("stroke")) and pts:
            strokes.append(tuple([*pts, pts[0]] if closed else pts))

    def walk(element: ET.Element, m: Matrix, inherited: dict[str, str]) -> None:
        tag = _local(element.tag)
        m = _multiply(m, _transform(element.attrib.get("transform"), file))
        style = _style(element, inherited)
        if tag in ("svg", "g"):
            for child in element:
                walk(child, m, style)
        elif tag == "line":
            pts = [
                (_num(element, "x1"), _num(element, "y1")),
                (_num(element, "x2"), _num(element, "y2")),
            ]
            shape(pts, False, m, {**style, "fill": "none"})
        elif tag in ("polyline", "polygon"):
            v = _floats(element.attrib.get("points", ""))
            pts = list(zip(v[0::2], v[1::2], strict=False))
            shape(
                pts, tag == "polygon", m, style if tag == "polygon" else {**style, "fill": "none"}
            )
        elif tag == "rect":
            x, y = _num(element, "x"), _num(element, "y")
            w, h = _num(element, "width"), _num(element, "height")
            shape([(x, y), (x + w, y), (x + w, y + h), (x, y + h)], True, m, style)
        elif tag in ("circle", "ellipse"):
            count(1)
            cx, cy = _apply(m, (_num(element, "cx"), _num(element, "cy")))
            if tag == "circle":
                r = _num(element, "r")
            else:
                r = (_num(element, "rx") + _num(element, "ry", _num(element, "rx"))) / 2
            r *= math.sqrt(abs(m[0] * m[3] - m[1] * m[2]))
            disc = (round(cx, 4), round(cy, 4), round(r, 4))
            if _paints(style.get("fill")):
                dots.append(disc)
            if _paints(style.get("stroke")):
                rings.append(disc)
        elif tag == "path":
            for points, closed in _path_subpaths(element.attrib.get("d", ""), file):
                shape(points, closed, m, style)
        elif tag in ("title", "desc", "defs", "metadata", "style"):
            return
        else:
            raise CipherkitError.say("{file}: unsupported SVG element <{tag}>", file=file, tag=tag)

    walk(root, base, {"fill": "black"})
    glyph = Glyph(file.stem, tuple(strokes), tuple(dots), tuple(rings), tuple(fills))
    if glyph.is_empty:
        raise CipherkitError.say("{file}: the SVG draws nothing", file=file)
    return glyph


def _unit_square(root: ET.Element, file: Path) -> Matrix:
    """The transform that fits the ``<svg>`` element's viewBox (or its width and height)
    into the unit square, centred.

    >>> _unit_square(ET.fromstring('<svg viewBox="0 0 200 100"/>'), Path("g.svg"))
    (0.005, 0.0, 0.0, 0.005, 0.0, 0.25)
    """
    box = _floats(root.attrib.get("viewBox", ""))
    if len(box) == 4 and box[2] > 0 and box[3] > 0:
        vx, vy, vw, vh = box
    else:
        vx, vy = 0.0, 0.0
        vw, vh = _num(root, "width", 0.0), _num(root, "height", 0.0)
        if vw <= 0 or vh <= 0:
            raise CipherkitError.say(
                "{file}: give the <svg> a viewBox or a width and height", file=file
            )
    side = max(vw, vh)
    return (
        1 / side,
        0.0,
        0.0,
        1 / side,
        (side - vw) / 2 / side - vx / side,
        (side - vh) / 2 / side - vy / side,
    )


def _parse_svg(file: Path) -> ET.Element:
    """The root of an SVG file of at most :data:`MAX_SVG_BYTES`, nested at most
    :data:`MAX_SVG_DEPTH` deep, with no entity declarations (one sentence otherwise)."""
    data = _read_bounded(file, MAX_SVG_BYTES, "SVG")
    if b"<!ENTITY" in data:
        raise CipherkitError.say("{file}: an SVG glyph may not declare entities", file=file)
    depth = 0
    root: ET.Element | None = None
    try:
        for event, element in ET.iterparse(io.BytesIO(data), events=("start", "end")):
            if event == "end":
                depth -= 1
                continue
            depth += 1
            if depth > MAX_SVG_DEPTH:
                raise CipherkitError.say(
                    "{file}: the SVG nests elements more than {most} deep, the most a glyph may",
                    file=file,
                    most=MAX_SVG_DEPTH,
                )
            if root is None:
                root = element
    except ET.ParseError as exc:
        raise CipherkitError.say("{file}: not a readable SVG file", file=file) from exc
    if root is None:
        raise CipherkitError.say("{file}: not a readable SVG file", file=file)
    return root


def _round(p: Point) -> Point:
    return (round(p[0], 4), round(p[1], 4))
