"""Glyphs and glyph sets as data.

Design notes: ``docs/glyphs.md``, ``cipherkit.glyphs.glyph``.
"""

from __future__ import annotations

import base64
import hashlib
import io
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from cipherkit.core.errors import CipherkitError

if TYPE_CHECKING:
    from PIL import Image as PILImage

    from cipherkit.glyphs.drawing import Drawing

Point = tuple[float, float]
Disc = tuple[float, float, float]
"""``(x, y, radius)`` in the unit square."""

NAMES: tuple[str, ...] = tuple("ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789")
"""The names of a generated set's glyphs, in order."""
MAX_GLYPHS = len(NAMES)
DEFAULT_WEIGHT = 0.075


@dataclass(frozen=True, slots=True)
class Bitmap:
    """An ink mask (0 paper .. 255 ink), ``width`` x ``height``, row by row."""

    width: int
    height: int
    data: bytes = field(repr=False)

    def image(self) -> PILImage.Image:
        """The mask as a greyscale Pillow image."""
        from PIL import Image

        return Image.frombytes("L", (self.width, self.height), self.data)

    def png_base64(self) -> str:
        """The mask as a PNG file, base64 encoded (for a data URL)."""
        buffer = io.BytesIO()
        self.image().save(buffer, format="PNG")
        return base64.b64encode(buffer.getvalue()).decode("ascii")


@dataclass(frozen=True, slots=True)
class Glyph:
    """One glyph: shapes in the unit square (see the module docstring)."""

    name: str
    strokes: tuple[tuple[Point, ...], ...] = ()
    dots: tuple[Disc, ...] = ()
    rings: tuple[Disc, ...] = ()
    fills: tuple[tuple[Point, ...], ...] = ()
    bitmap: Bitmap | None = None
    weight: float = DEFAULT_WEIGHT

    @property
    def is_empty(self) -> bool:
        """Whether the glyph draws nothing."""
        return not (self.strokes or self.dots or self.rings or self.fills or self.bitmap)

    def svg(self, size: float = 64, color: str = "#1e2433") -> str:
        """This glyph alone as an SVG document ``size`` units square."""
        from cipherkit.glyphs.drawing import Drawing

        d = Drawing(size, size, title=self.name)
        d.glyph(self, 0, 0, size, color=color)
        return d.svg()

    def image(self, size: int = 64, color: str = "#1e2433") -> PILImage.Image:
        """This glyph on white as an RGB image ``size`` pixels square."""
        from PIL import Image

        from cipherkit.glyphs.drawing import _rgb
        from cipherkit.glyphs.raster import glyph_mask

        image = Image.new("RGB", (size, size), (255, 255, 255))
        image.paste(_rgb(color), (0, 0), glyph_mask(self, size, self.weight))
        return image

    def _repr_svg_(self) -> str:
        return self.svg()


def glyph_svg_body(glyph: Glyph, weight: float, defs: dict[str, str]) -> str:
    """SVG elements drawing ``glyph`` in the unit square in ``currentColor``.

    Bitmap glyphs add a mask to ``defs`` (keyed by content, so repeats share it).
    """

    def n(v: float) -> str:
        return f"{v:.4f}".rstrip("0").rstrip(".")

    parts: list[str] = []
    w = f"{weight:.4f}"
    for stroke in glyph.strokes:
        closed = len(stroke) > 2 and stroke[0] == stroke[-1]
        pts = stroke[:-1] if closed else stroke
        tag = "polygon" if closed else "polyline"
        coords = " ".join(f"{n(x)},{n(y)}" for x, y in pts)
        if len(pts) == 1:
            x, y = pts[0]
            parts.append(
                f'<circle cx="{n(x)}" cy="{n(y)}" r="{weight / 2:.4f}" fill="currentColor"/>'
            )
            continue
        parts.append(
            f'<{tag} points="{coords}" fill="none" stroke="currentColor" stroke-width="{w}" '
            'stroke-linecap="round" stroke-linejoin="round"/>'
        )
    for poly in glyph.fills:
        coords = " ".join(f"{n(x)},{n(y)}" for x, y in poly)
        parts.append(f'<polygon points="{coords}" fill="currentColor"/>')
    for x, y, r in glyph.dots:
        parts.append(f'<circle cx="{n(x)}" cy="{n(y)}" r="{n(r)}" fill="currentColor"/>')
    for x, y, r in glyph.rings:
        parts.append(
            f'<circle cx="{n(x)}" cy="{n(y)}" r="{n(r)}" fill="none" stroke="currentColor" '
            f'stroke-width="{w}"/>'
        )
    if glyph.bitmap is not None:
        digest = hashlib.sha1(glyph.bitmap.data).hexdigest()[:12]
        mask_id = f"ckglyph-{digest}"
        if mask_id not in defs:
            defs[mask_id] = (
                f'<mask id="{mask_id}" maskContentUnits="userSpaceOnUse" x="0" y="0" '
                f'width="1" height="1"><image width="1" height="1" preserveAspectRatio="none" '
                f'href="data:image/png;base64,{glyph.bitmap.png_base64()}"/></mask>'
            )
        parts.append(f'<rect width="1" height="1" fill="currentColor" mask="url(#{mask_id})"/>')
    return "".join(parts)


@dataclass(frozen=True)
class GlyphSet:
    """A named, ordered set of glyphs (at most :data:`MAX_GLYPHS`).

    ``style`` and ``seed`` say how it was made (``seed`` is ``None`` for a folder, whose
    path is ``source``). :meth:`spec` gives back what :func:`~cipherkit.glyphs.
    glyph_set_from_spec` needs to make it again.

    Examples
    --------
    >>> from cipherkit.glyphs.glyph import Glyph, GlyphSet
    >>> bar = Glyph("A", strokes=(((0.2, 0.5), (0.8, 0.5)),))
    >>> dot = Glyph("B", dots=((0.5, 0.5, 0.1),))
    >>> gs = GlyphSet("custom", None, (bar, dot))
    >>> len(gs), gs.names, gs["B"] is dot
    (2, ('A', 'B'), True)
    >>> {k: g.name for k, g in gs.assign(["owl", "B"]).items()}
    {'owl': 'A', 'B': 'B'}
    >>> "<polyline" in bar.svg()
    True
    """

    style: str
    seed: int | None
    glyphs: tuple[Glyph, ...]
    source: str | None = None

    def __post_init__(self) -> None:
        if len(self.glyphs) > MAX_GLYPHS:
            raise CipherkitError.say(
                "a glyph set holds at most {most} glyphs, not {count}",
                most=MAX_GLYPHS,
                count=len(self.glyphs),
            )
        names = [g.name for g in self.glyphs]
        if len(set(names)) != len(names):
            dup = next(n for n in names if names.count(n) > 1)
            raise CipherkitError.say("glyph set has two glyphs named {dup!r}", dup=dup)

    # -------------------------------------------------------------- container
    def __len__(self) -> int:
        return len(self.glyphs)

    def __iter__(self) -> Iterator[Glyph]:
        return iter(self.glyphs)

    def __contains__(self, name: object) -> bool:
        return any(g.name == name for g in self.glyphs)

    def __getitem__(self, key: str | int) -> Glyph:
        if isinstance(key, int):
            return self.glyphs[key]
        for g in self.glyphs:
            if g.name == key:
                return g
        raise KeyError(key)

    @property
    def names(self) -> tuple[str, ...]:
        """The glyphs' names, in order."""
        return tuple(g.name for g in self.glyphs)

    @property
    def label(self) -> str:
        """A short description: ``runes (seed 7)`` or ``folder glyphs/``."""
        if self.source is not None:
            return f"folder {self.source}"
        return f"{self.style} (seed {self.seed})" if self.seed is not None else self.style

    def spec(self) -> dict[str, Any]:
        """How to make the set again: ``{"folder": ...}`` or ``{"style": ..., "seed": ...}``."""
        if self.source is not None:
            return {"folder": self.source}
        return {"style": self.style, "seed": self.seed}

    def assign(self, ids: Iterable[str]) -> dict[str, Glyph]:
        """Give each glyph id a glyph: its namesake if there is one, else the next free
        glyph in order. Raise :class:`CipherkitError` when there are too few glyphs."""
        wanted = list(dict.fromkeys(ids))
        by_name = {g.name: g for g in self.glyphs}
        free = [g for g in self.glyphs if g.name not in wanted]
        out: dict[str, Glyph] = {}
        for gid in wanted:
            if gid in by_name:
                out[gid] = by_name[gid]
            elif free:
                out[gid] = free.pop(0)
            else:
                raise CipherkitError.say(
                    "glyph set {label} has {count} glyphs; {needed} are needed",
                    label=self.label,
                    count=len(self),
                    needed=len(wanted),
                )
        return out

    # -------------------------------------------------------------- drawing
    def sheet(self, *, columns: int | None = None, title: str | None = None) -> Drawing:
        """A sheet of every glyph with its name (a :class:`~cipherkit.glyphs.drawing.
        Drawing`; ``.svg()``, ``.image()``, ``.save(path)``)."""
        from cipherkit.glyphs.sheet import sheet_drawing

        return sheet_drawing(self, columns=columns, title=title)

    def _repr_svg_(self) -> str:
        from cipherkit.glyphs.sheet import sheet_drawing

        return sheet_drawing(self).svg()

    def _repr_png_(self) -> bytes:
        from cipherkit.glyphs.sheet import sheet_drawing

        return sheet_drawing(self).png()

    def __repr__(self) -> str:
        return f"<GlyphSet {self.label}: {len(self)} glyphs>"


GlyphMap = Mapping[str, Glyph]
