"""Glyph sets: generated styles, distinctness, determinism, drawing at any size."""

from __future__ import annotations

import io
import xml.etree.ElementTree as ET
from dataclasses import replace

import numpy as np
import pytest
from PIL import Image

from cipherkit.core.errors import CipherkitError
from cipherkit.glyphs import NAMES, STYLES, Glyph, GlyphSet, generate, min_pairwise_difference
from cipherkit.glyphs.raster import glyph_mask, ink, ink_difference

# Smallest ink difference between two glyphs of one set, at 40 px: at least this much of
# the ink of the two must differ. Pigpen's closest pair is a shape with and without a
# dot; the other styles differ by whole strokes.
THRESHOLDS = {"pigpen": 0.10, "runes": 0.25, "circuit": 0.35}
SEEDS = range(4)


def test_every_style_has_a_threshold() -> None:
    assert set(STYLES) == set(THRESHOLDS)
    assert len(STYLES) >= 3


@pytest.mark.parametrize("style", sorted(THRESHOLDS))
@pytest.mark.parametrize("seed", SEEDS)
def test_sets_have_36_distinct_glyphs(style: str, seed: int) -> None:
    gs = generate(style, seed)
    assert len(gs) == 36 and gs.names == NAMES
    value, pair = min_pairwise_difference(gs)
    assert value >= THRESHOLDS[style], f"{style} seed {seed}: {pair} differ by {value:.3f}"
    # and no two glyphs are the same data
    assert len({(g.strokes, g.dots, g.rings) for g in gs}) == 36


@pytest.mark.parametrize("style", sorted(THRESHOLDS))
def test_same_seed_same_set_other_seed_other_set(style: str) -> None:
    a = generate(style, 11)
    generate.cache_clear()
    b = generate(style, 11)
    assert a == b and a is not b
    assert generate(style, 12) != a


def test_the_distinctness_measure_can_fail() -> None:
    gs = generate("runes", 3)
    clone = replace(gs.glyphs[5], name="copy")
    value, pair = min_pairwise_difference([*gs.glyphs[:10], clone])
    assert value == 0.0 and set(pair) == {gs.glyphs[5].name, "copy"}
    # a dot more or less is a small difference, but not none
    square = Glyph("s", strokes=(((0.1, 0.1), (0.9, 0.1), (0.9, 0.9), (0.1, 0.9), (0.1, 0.1)),))
    dotted = replace(square, name="d", dots=((0.5, 0.5, 0.1),))
    assert 0.05 < ink_difference(ink(square), ink(dotted)) < THRESHOLDS["pigpen"] + 0.1


def test_count_and_errors() -> None:
    assert generate("pigpen", 1, count=5).names == tuple("ABCDE")
    with pytest.raises(CipherkitError, match="unknown glyph style 'rune'"):
        generate("rune", 1)
    with pytest.raises(CipherkitError, match="1 to 36"):
        generate("runes", 1, count=37)
    glyphs = generate("runes", 1).glyphs
    with pytest.raises(CipherkitError, match="at most 36"):
        GlyphSet("x", 0, (*glyphs, replace(glyphs[0], name="extra")))
    with pytest.raises(CipherkitError, match="two glyphs named 'A'"):
        GlyphSet("x", 0, (glyphs[0], glyphs[0]))


BAR = Glyph("bar", strokes=(((0.2, 0.5), (0.8, 0.5)),), weight=0.1)


@pytest.mark.parametrize("size", [12, 40, 97, 300])
def test_png_at_any_size_puts_ink_where_the_strokes_are(size: int) -> None:
    image = BAR.image(size, color="#c62f2f")
    assert image.size == (size, size)
    r, g, b = image.getpixel((size // 2, size // 2))
    assert r > g + 80 and abs(g - b) < 10  # red ink (blended at the smallest size)
    if size >= 40:
        assert (r, g, b) == (198, 47, 47)
    assert image.getpixel((size // 2, size // 8)) == (255, 255, 255)
    assert image.getpixel((size // 20, size // 2)) == (255, 255, 255)
    mask = np.asarray(glyph_mask(BAR, size)) > 127
    rows = np.nonzero(mask.any(axis=1))[0]
    # the stroke is 10 % of the square thick, centred on the middle row
    assert abs(len(rows) - 0.1 * size) <= max(2, 0.02 * size)


def test_glyph_svg_matches_the_data() -> None:
    root = ET.fromstring(BAR.svg(size=100))
    ns = {"s": "http://www.w3.org/2000/svg"}
    group = root.find("s:g", ns)
    assert group is not None and "scale(100" in group.attrib["transform"]
    line = group.find("s:polyline", ns)
    assert line is not None
    assert line.attrib["points"] == "0.2,0.5 0.8,0.5"
    assert float(line.attrib["stroke-width"]) == pytest.approx(0.1)
    assert line.attrib["stroke"] == "currentColor"


def test_assign_prefers_namesakes_then_order() -> None:
    gs = generate("circuit", 2, count=4)
    got = gs.assign(["owl", "C", "bat", "owl"])
    assert {k: g.name for k, g in got.items()} == {"owl": "A", "C": "C", "bat": "B"}
    with pytest.raises(CipherkitError, match="4 glyphs; 5 are needed"):
        gs.assign(["a", "b", "c", "d", "e"])


def test_glyph_set_shows_its_sheet_in_a_notebook() -> None:
    gs = generate("pigpen", 5, count=12)
    svg = gs._repr_svg_()
    root = ET.fromstring(svg)
    assert root.tag.endswith("svg")
    texts = [t.text for t in root.iter("{http://www.w3.org/2000/svg}text")]
    assert set("ABCDEFGHIJKL") <= set(texts)
    png = gs._repr_png_()
    assert png[:8] == b"\x89PNG\r\n\x1a\n"
    image = Image.open(io.BytesIO(png))
    sheet = gs.sheet()
    assert image.size == (round(sheet.width), round(sheet.height))


def test_sheet_draws_each_glyph_in_its_tile() -> None:
    gs = generate("runes", 4, count=9)
    sheet = gs.sheet(columns=3)
    image = sheet.image()
    for g in gs:
        box = sheet.pixel_box(f"glyph:{g.name}")
        crop = np.asarray(image.crop(box).convert("L"), dtype=float)
        own = ink(g, crop.shape[0])
        # dark pixels of the tile are where this glyph has ink, not elsewhere
        dark = crop < 110
        assert dark.sum() > 0
        assert (own[dark] > 0.2).mean() > 0.9
