"""The Drawing: one list of shapes, the same picture in SVG and in Pillow."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path

import numpy as np
import pytest

from cipherkit.glyphs import drawing as drawing_module
from cipherkit.glyphs.drawing import Drawing, pil_font, text_width, wrap_text
from tests.glyphs.helpers import share

NS = "{http://www.w3.org/2000/svg}"


def test_shapes_land_where_they_are_drawn_at_any_scale() -> None:
    d = Drawing(200, 100, background="#ffffff")
    d.rect(10, 10, 50, 30, fill="#2a6f77")
    d.circle(150, 50, 20, fill="#c62f2f")
    d.line([(0, 90), (200, 90)], stroke="#000000", width=4)
    for scale in (0.5, 1, 3):
        image = d.image(scale=scale)
        assert image.size == (round(200 * scale), round(100 * scale))

        def px(x: float, y: float, image=image, scale=scale) -> tuple[int, int, int]:
            return image.getpixel((round(x * scale), round(y * scale)))

        assert px(35, 25) == (42, 111, 119)
        assert px(150, 50) == (198, 47, 47)
        assert px(100, 90) == (0, 0, 0)
        assert px(100, 50) == (255, 255, 255)


def test_strokes_are_centred_on_the_outline_in_both_backends() -> None:
    d = Drawing(100, 100, background="#ffffff")
    d.rect(20, 20, 60, 60, stroke="#000000", width=10)
    image = d.image(scale=1, supersample=1)
    assert image.getpixel((16, 50)) == (0, 0, 0)  # 5 units outside the edge
    assert image.getpixel((24, 50)) == (0, 0, 0)  # 5 units inside
    assert image.getpixel((12, 50)) == (255, 255, 255)
    assert image.getpixel((50, 50)) == (255, 255, 255)
    rect = ET.fromstring(d.svg()).findall(f"{NS}rect")[-1]
    assert (rect.attrib["x"], rect.attrib["width"], rect.attrib["stroke-width"]) == (
        "20",
        "60",
        "10",
    )


def test_dashed_lines_have_gaps() -> None:
    d = Drawing(100, 20, background="#ffffff")
    d.line([(0, 10), (100, 10)], stroke="#000000", width=4, dash=(10, 10))
    row = np.asarray(d.image(supersample=1).convert("L"))[10]
    assert row[5] == 0 and row[15] == 255 and row[25] == 0
    assert 'stroke-dasharray="10 10"' in d.svg()


def test_text_is_anchored_the_same_way_in_png_and_svg() -> None:
    d = Drawing(400, 100, background="#ffffff")
    d.text(200, 50, "HELLO", size=40, anchor="mm", bold=True)
    ink = np.asarray(d.image(supersample=1).convert("L")) < 128
    ys, xs = np.nonzero(ink)
    assert abs((xs.min() + xs.max()) / 2 - 200) <= 3
    assert abs((ys.min() + ys.max()) / 2 - 50) <= 3
    width = xs.max() - xs.min()
    assert 0 <= text_width("HELLO", 40, bold=True) - width <= 10  # ink within the advance
    text = ET.fromstring(d.svg()).find(f"{NS}text")
    assert text is not None and text.text == "HELLO"
    assert text.attrib["text-anchor"] == "middle" and text.attrib["font-weight"] == "bold"
    # the SVG baseline sits half a capital height below the anchor point
    assert float(text.attrib["y"]) == pytest.approx(50 + 0.729 * 40 / 2, abs=0.01)


def test_place_scales_shapes_and_regions() -> None:
    inner = Drawing(50, 50, background="#2a6f77")
    inner.rect(10, 10, 10, 10, fill="#c62f2f")
    inner.region("red", 10, 10, 10, 10)
    outer = Drawing(200, 200, background="#ffffff")
    outer.place(inner, 100, 20, scale=2)
    assert outer.regions["red"] == (120, 40, 20, 20)
    image = outer.image()
    assert share(image, outer.pixel_box("red"), "#c62f2f", 2) > 0.95
    assert image.getpixel((105, 25)) == (42, 111, 119)
    assert image.getpixel((50, 50)) == (255, 255, 255)


def test_svg_is_well_formed_and_escapes_text(tmp_path: Path) -> None:
    d = Drawing(100, 50, title="a <b> & c")
    d.text(5, 25, "x < y & z", size=10)
    root = ET.fromstring(d.svg())
    assert root.attrib["viewBox"] == "0 0 100 50"
    assert root.find(f"{NS}title").text == "a <b> & c"
    assert d.save(tmp_path / "x.svg").read_text().startswith("<svg")
    assert d.save(tmp_path / "x.png").read_bytes()[:4] == b"\x89PNG"
    with pytest.raises(ValueError, match="cannot save"):
        d.save(tmp_path / "x.gif")
    with pytest.raises(ValueError, match="unknown text anchor"):
        d.text(0, 0, "x", anchor="lx")


def test_wrapping() -> None:
    lines = wrap_text("one two three four five six seven", 20, 150)
    assert len(lines) > 1 and " ".join(lines) == "one two three four five six seven"
    assert all(text_width(line, 20) <= 150 for line in lines)
    assert wrap_text("Supercalifragilistic", 20, 30) == ["Supercalifragilistic"]


def test_fonts_fall_back_to_pillows_default(monkeypatch: pytest.MonkeyPatch) -> None:
    assert drawing_module.font_path("serif", True, False).endswith("DejaVuSerif-Bold.ttf")
    pil_font.cache_clear()
    monkeypatch.setattr(drawing_module, "font_path", lambda *a: None)
    try:
        font = pil_font(30)
        assert font.getlength("MMMM") > font.getlength("M") > 5
        d = Drawing(200, 60, background="#ffffff")
        d.text(10, 30, "fallback", size=30, anchor="lm")
        assert (np.asarray(d.image().convert("L")) < 128).sum() > 50
    finally:
        pil_font.cache_clear()
