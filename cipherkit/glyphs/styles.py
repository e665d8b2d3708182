"""Generated glyph styles: each a family of shapes, drawn from a seed.

Design notes: ``docs/glyphs.md``, ``cipherkit.glyphs.styles``.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from functools import lru_cache

import numpy as np

from cipherkit.core.errors import CipherkitError
from cipherkit.core.rng import Rng
from cipherkit.glyphs.glyph import MAX_GLYPHS, NAMES, Glyph, GlyphSet
from cipherkit.glyphs.raster import ink

Point = tuple[float, float]


@dataclass(frozen=True, slots=True)
class Style:
    """A glyph family: ``candidates(rng)`` lists shapes in the order to try them."""

    name: str
    description: str
    candidates: Callable[[Rng], list[Glyph]]
    min_difference: float
    weight: float


# ------------------------------------------------------------------ pigpen
_LO, _HI, _MID = 0.14, 0.86, 0.5
_CORNERS = {"tl": (_LO, _LO), "tr": (_HI, _LO), "br": (_HI, _HI), "bl": (_LO, _HI)}
_SIDES = ("top", "right", "bottom", "left")
_SIDE_ENDS = {
    "top": ("tl", "tr"),
    "right": ("tr", "br"),
    "bottom": ("br", "bl"),
    "left": ("bl", "tl"),
}


def _cell_polyline(sides: set[str]) -> tuple[Point, ...]:
    """Walk the present sides of a square clockwise as one polyline."""
    if len(sides) == 4:
        order = ["tl", "tr", "br", "bl", "tl"]
        return tuple(_CORNERS[c] for c in order)
    start = next(i for i in range(4) if _SIDES[i - 1] not in sides and _SIDES[i] in sides)
    corners = [_SIDE_ENDS[_SIDES[start]][0]]
    for k in range(4):
        side = _SIDES[(start + k) % 4]
        if side not in sides:
            break
        corners.append(_SIDE_ENDS[side][1])
    return tuple(_CORNERS[c] for c in corners)


def _pigpen_shapes() -> list[tuple[str, tuple[Point, ...], tuple[Point, Point]]]:
    """(key, polyline, direction of the open side) for the 13 pigpen cells."""
    shapes: list[tuple[str, tuple[Point, ...], tuple[Point, Point]]] = []
    for row, col in itertools.product(range(3), range(3)):
        sides = set()
        if row > 0:
            sides.add("top")
        if row < 2:
            sides.add("bottom")
        if col > 0:
            sides.add("left")
        if col < 2:
            sides.add("right")
        shapes.append((f"grid{row}{col}", _cell_polyline(sides), ((_MID, _MID), (0, 0))))
    v = {
        "xtop": ((_LO, _LO), (_MID, 0.80), (_HI, _LO)),
        "xright": ((_HI, _LO), (0.20, _MID), (_HI, _HI)),
        "xbottom": ((_LO, _HI), (_MID, 0.20), (_HI, _HI)),
        "xleft": ((_LO, _LO), (0.80, _MID), (_LO, _HI)),
    }
    centres = {
        "xtop": (_MID, 0.36),
        "xright": (0.64, _MID),
        "xbottom": (_MID, 0.64),
        "xleft": (0.36, _MID),
    }
    axes = {"xtop": (0, -1), "xright": (1, 0), "xbottom": (0, 1), "xleft": (-1, 0)}
    for key, pts in v.items():
        shapes.append((key, pts, (centres[key], axes[key])))
    return shapes


def _pigpen_candidates(rng: Rng) -> list[Glyph]:
    r = 0.095
    out: list[Glyph] = []
    for key, pts, ((cx, cy), axis) in _pigpen_shapes():
        out.append(Glyph(key, strokes=(pts,)))
        out.append(Glyph(key + "-dot", strokes=(pts,), dots=((cx, cy, r),)))
        if axis == (0, 0):
            pair = ((cx - 0.15, cy, r * 0.9), (cx + 0.15, cy, r * 0.9))
        else:
            # along the V's axis, toward the open side
            ax, ay = axis
            pair = (
                (cx - ax * 0.06, cy - ay * 0.06, r * 0.8),
                (cx + ax * 0.2, cy + ay * 0.2, r * 0.8),
            )
        out.append(Glyph(key + "-two", strokes=(pts,), dots=pair))
    rng.shuffle(out)
    return out


# ------------------------------------------------------------------ runes
_RUNE_Y = (0.1, 0.3, 0.5, 0.7, 0.9)
_RUNE_X = {"left": 0.2, "right": 0.8}
_STEM = ((0.5, 0.1), (0.5, 0.9))


def _rune_twigs() -> list[tuple[str, int, int]]:
    """Twigs as (side, stem row, side row): from the stave out to a side, one or two
    rows up or down."""
    twigs = []
    for side in _RUNE_X:
        for i in range(len(_RUNE_Y)):
            for step in (-2, -1, 1, 2):
                if 0 <= i + step < len(_RUNE_Y):
                    twigs.append((side, i, i + step))
    return twigs


def _twigs_clash(a: tuple[str, int, int], b: tuple[str, int, int]) -> bool:
    """Two twigs on one side that cross, or that meet (at the stave or at the side) in a
    thin wedge."""
    if a[0] != b[0]:
        return False
    (_, i, j), (_, k, m) = a, b
    if i == k:
        return (j - i) * (m - k) > 0
    if j == m:
        return (j - i) * (m - k) > 0
    return (i - k) * (j - m) < 0


def _runes_candidates(rng: Rng) -> list[Glyph]:
    twigs = _rune_twigs()
    out: list[Glyph] = []
    seen: set[frozenset[int]] = set()
    tries = 0
    while len(out) < 500 and tries < 20000:
        tries += 1
        count = 1 + (rng.randbelow(10) >= 3) + (rng.randbelow(10) >= 7)
        chosen = frozenset(rng.sample(range(len(twigs)), count))
        if chosen in seen:
            continue
        seen.add(chosen)
        picked = [twigs[i] for i in sorted(chosen)]
        if any(_twigs_clash(a, b) for a, b in itertools.combinations(picked, 2)):
            continue
        strokes: list[tuple[Point, ...]] = [_STEM]
        strokes.extend(((0.5, _RUNE_Y[i]), (_RUNE_X[side], _RUNE_Y[j])) for side, i, j in picked)
        out.append(Glyph("rune", strokes=tuple(strokes)))
    return out


# ------------------------------------------------------------------ circuit
_LATTICE = (0.16, 0.5, 0.84)
_STEPS = [(dx, dy) for dx in (-1, 0, 1) for dy in (-1, 0, 1) if (dx, dy) != (0, 0)]


def _circuit_paths() -> list[tuple[tuple[int, int], ...]]:
    """Every non-crossing path of 2 to 4 steps over the 3 x 3 lattice."""
    paths: list[tuple[tuple[int, int], ...]] = []

    def extend(path: list[tuple[int, int]], diagonals: set[frozenset[tuple[int, int]]]) -> None:
        if len(path) >= 3:
            paths.append(tuple(path))
        if len(path) == 5:
            return
        x, y = path[-1]
        for dx, dy in _STEPS:
            nx, ny = x + dx, y + dy
            if not (0 <= nx < 3 and 0 <= ny < 3) or (nx, ny) in path:
                continue
            if dx and dy:
                crossing = frozenset({(x + dx, y), (x, y + dy)})
                if crossing in diagonals:
                    continue
                extend([*path, (nx, ny)], diagonals | {frozenset({(x, y), (nx, ny)})})
            else:
                extend([*path, (nx, ny)], diagonals)

    for start in itertools.product(range(3), range(3)):
        extend([start], set())
    return paths


@lru_cache(maxsize=1)
def _all_circuit_paths() -> tuple[tuple[tuple[int, int], ...], ...]:
    return tuple(_circuit_paths())


def _is_straight(path: Sequence[tuple[int, int]]) -> bool:
    (x0, y0), (x1, y1) = path[0], path[1]
    d = (x1 - x0, y1 - y0)
    return all((b[0] - a[0], b[1] - a[1]) == d for a, b in itertools.pairwise(path))


def _circuit_candidates(rng: Rng) -> list[Glyph]:
    paths = [
        p
        for p in _all_circuit_paths()
        if (not _is_straight(p) or len(p) == 3)
        and max(abs(p[0][0] - p[-1][0]), abs(p[0][1] - p[-1][1])) == 2  # pads far apart
    ]
    order = list(range(len(paths)))
    rng.shuffle(order)
    out: list[Glyph] = []
    for index in order[:900]:
        path = paths[index]
        pts = tuple((_LATTICE[x], _LATTICE[y]) for x, y in path)
        # centre the trace's bounding box in the square
        xs, ys = [p[0] for p in pts], [p[1] for p in pts]
        dx, dy = 0.5 - (min(xs) + max(xs)) / 2, 0.5 - (min(ys) + max(ys)) / 2
        pts = tuple((x + dx, y + dy) for x, y in pts)
        # the trace stops at the pads' edges so the hollow pad stays hollow
        out.append(
            Glyph(
                "trace",
                strokes=(_trim_end(pts, 0.08),),
                dots=((*pts[0], 0.1),),
                rings=((*pts[-1], 0.08),),
            )
        )
    return out


def _trim_end(pts: tuple[Point, ...], by: float) -> tuple[Point, ...]:
    (x0, y0), (x1, y1) = pts[-2], pts[-1]
    length = ((x1 - x0) ** 2 + (y1 - y0) ** 2) ** 0.5
    t = (length - by) / length
    return (*pts[:-1], (x0 + (x1 - x0) * t, y0 + (y1 - y0) * t))


# ------------------------------------------------------------------ registry
STYLES: dict[str, Style] = {
    "pigpen": Style(
        "pigpen",
        "cells of a # grid and an X grid, bare, with a dot or with two dots",
        _pigpen_candidates,
        0.12,
        0.075,
    ),
    "runes": Style(
        "runes",
        "a stave with one to three twigs, like carved runes",
        _runes_candidates,
        0.30,
        0.08,
    ),
    "circuit": Style(
        "circuit",
        "a trace over a 3 x 3 lattice from a solid pad to a hollow pad",
        _circuit_candidates,
        0.40,
        0.065,
    ),
}
"""The generated styles by name."""

GREEDY_SIZE = 32
"""Pixel size at which candidates are compared while a set is made."""


def _choose(candidates: list[Glyph], count: int, threshold: float) -> list[Glyph]:
    """Take candidates in order, each only if it differs enough from those taken."""
    chosen: list[Glyph] = []
    rows: list[np.ndarray] = []
    matrix = np.zeros((0, GREEDY_SIZE * GREEDY_SIZE), dtype=np.float32)
    for glyph in candidates:
        vector = ink(glyph, GREEDY_SIZE).ravel()
        if vector.sum() == 0:
            continue
        if len(chosen):
            diff = np.abs(matrix - vector).sum(axis=1)
            union = np.maximum(matrix, vector).sum(axis=1)
            if float((diff / union).min()) < threshold:
                continue
        chosen.append(glyph)
        rows.append(vector)
        matrix = np.stack(rows)
        if len(chosen) == count:
            break
    return chosen


@lru_cache(maxsize=64)
def generate(style: str, seed: int = 0, count: int = MAX_GLYPHS) -> GlyphSet:
    """The glyph set of ``style`` made from ``seed``: ``count`` glyphs named ``A``..``9``.

    Raise :class:`CipherkitError` for an unknown style or a count outside 1..36.

    Examples
    --------
    >>> from cipherkit.glyphs.styles import STYLES, generate
    >>> sorted(STYLES)
    ['circuit', 'pigpen', 'runes']
    >>> gs = generate("circuit", seed=3)
    >>> len(gs), gs.names[:3], gs == generate("circuit", seed=3)
    (36, ('A', 'B', 'C'), True)
    >>> generate("runes", seed=1) == generate("runes", seed=2)
    False
    >>> len(generate("pigpen", seed=0, count=10))
    10
    """
    if style not in STYLES:
        raise CipherkitError.say(
            "unknown glyph style {style!r} (known: {known})",
            style=style,
            known=", ".join(sorted(STYLES)),
        )
    if not 1 <= count <= MAX_GLYPHS:
        raise CipherkitError.say(
            "a glyph set holds 1 to {most} glyphs, not {count}", most=MAX_GLYPHS, count=count
        )
    spec = STYLES[style]
    candidates = [replace(g, weight=spec.weight) for g in spec.candidates(Rng(int(seed)))]
    chosen = _choose(candidates, count, spec.min_difference)
    if len(chosen) < count:  # pragma: no cover - every style has enough candidates
        raise CipherkitError.say(
            "style {style!r} made only {count} distinct glyphs", style=style, count=len(chosen)
        )
    glyphs = tuple(
        replace(g, name=name, weight=spec.weight) for g, name in zip(chosen, NAMES, strict=False)
    )
    return GlyphSet(style, int(seed), glyphs)
