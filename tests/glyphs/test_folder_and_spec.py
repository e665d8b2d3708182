"""Custom glyph sets from folders of PNG and SVG files, and glyph-set specs."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from PIL import Image, ImageDraw

from cipherkit.core.errors import CipherkitError
from cipherkit.glyphs import generate, glyph_set_from_folder, glyph_set_from_spec
from cipherkit.glyphs.drawing import Drawing
from cipherkit.glyphs.raster import glyph_mask, ink, ink_difference

SVG = '<svg xmlns="http://www.w3.org/2000/svg" {attrs}>{body}</svg>'


def write_svg(folder: Path, name: str, body: str, attrs: str = 'viewBox="0 0 100 100"') -> Path:
    path = folder / f"{name}.svg"
    path.write_text(SVG.format(attrs=attrs, body=body), encoding="utf-8")
    return path


def write_png(folder: Path, name: str, draw, mode: str = "RGB", size=(60, 40)) -> Path:
    image = Image.new(mode, size, "white" if mode == "RGB" else (0, 0, 0, 0))
    draw(ImageDraw.Draw(image))
    path = folder / f"{name}.png"
    image.save(path)
    return path


def test_png_glyphs_are_ink_masks_fitted_into_the_square(tmp_path: Path) -> None:
    write_png(tmp_path, "block", lambda d: d.rectangle([20, 10, 39, 29], fill="black"))
    write_png(
        tmp_path,
        "ring",
        lambda d: d.ellipse([5, 5, 35, 35], outline=(200, 0, 0, 255), width=4),
        mode="RGBA",
    )
    gs = glyph_set_from_folder(tmp_path)
    assert gs.names == ("block", "ring") and gs.style == "folder" and gs.seed is None
    block = np.asarray(glyph_mask(gs["block"], 100))
    # a 20 x 20 block, cropped and fitted to 80 % of the square, centred
    assert block[50, 50] > 240 and block[5, 5] == 0 and block[50, 5] == 0
    assert (block > 127).mean() == pytest.approx(0.64, abs=0.03)
    ring = np.asarray(glyph_mask(gs["ring"], 100))
    assert ring[50, 50] < 20 and ring[50, 11] > 200  # transparent middle, opaque rim
    assert ink_difference(ink(gs["block"]), ink(gs["ring"])) > 0.5


def test_png_glyphs_draw_in_any_colour_in_svg_and_png(tmp_path: Path) -> None:
    write_png(tmp_path, "block", lambda d: d.rectangle([10, 10, 49, 29], fill="black"))
    glyph = glyph_set_from_folder(tmp_path)["block"]
    d = Drawing(100, 100, background="#ffffff")
    d.glyph(glyph, 0, 0, 100, color="#c62f2f")
    assert d.image().getpixel((50, 50)) == (198, 47, 47)
    svg = d.svg()
    assert "<mask" in svg and "data:image/png;base64," in svg and 'fill="currentColor"' in svg


def test_svg_glyphs_become_vector_data(tmp_path: Path) -> None:
    write_svg(tmp_path, "a-line", '<line x1="10" y1="50" x2="90" y2="50" stroke="#000"/>')
    write_svg(
        tmp_path,
        "b-shapes",
        '<g transform="translate(50 50)" fill="none" stroke="black">'
        '<circle r="20"/><circle cx="0" cy="0" r="5" fill="black" stroke="none"/></g>'
        '<rect x="0" y="0" width="10" height="10" style="fill:black;stroke:none"/>',
    )
    write_svg(tmp_path, "c-path", '<path d="M 10 90 Q 50 0 90 90 Z" fill="none" stroke="k"/>')
    write_svg(
        tmp_path,
        "d-wide",
        '<polyline points="0,0 200,100" fill="none" stroke="k"/>',
        attrs='width="200" height="100"',
    )
    gs = glyph_set_from_folder(tmp_path)
    assert gs["a-line"].strokes == (((0.1, 0.5), (0.9, 0.5)),)
    shapes = gs["b-shapes"]
    assert shapes.rings == ((0.5, 0.5, 0.2),) and shapes.dots == ((0.5, 0.5, 0.05),)
    assert shapes.fills == (((0.0, 0.0), (0.1, 0.0), (0.1, 0.1), (0.0, 0.1)),)
    (curve,) = gs["c-path"].strokes
    assert curve[0] == (0.1, 0.9) and curve[-1] == (0.1, 0.9) and len(curve) > 10
    assert min(y for _, y in curve) == pytest.approx(0.45, abs=0.01)  # the curve's apex
    # a 200 x 100 picture is fitted by its longer side and centred vertically
    assert gs["d-wide"].strokes == (((0.0, 0.25), (1.0, 0.75)),)


@pytest.mark.parametrize(
    ("setup", "message"),
    [
        (lambda p: None, "holds no .png or .svg files"),
        (lambda p: (p / "x.png").write_text("not an image"), "x.png: not a readable PNG"),
        (lambda p: write_svg(p, "t", "<text>hi</text>"), r"unsupported SVG element <text>"),
        (
            lambda p: write_svg(p, "a", '<path d="M0 0 A 5 5 0 0 1 9 9" stroke="k"/>'),
            "unsupported SVG path command 'A'",
        ),
        (lambda p: (p / "b.svg").write_text("<svg"), "b.svg: not a readable SVG"),
        (lambda p: write_svg(p, "e", ""), "the SVG draws nothing"),
        (
            lambda p: [
                write_svg(p, "same", '<circle r="3"/>'),
                write_png(p, "same", lambda d: d.point((1, 1), "black")),
            ],
            "two images named 'same'",
        ),
        (lambda p: [write_svg(p, f"g{i}", '<circle r="3"/>') for i in range(37)], "at most 36"),
    ],
)
def test_folder_errors_are_one_line(tmp_path: Path, setup, message: str) -> None:
    setup(tmp_path)
    with pytest.raises(CipherkitError, match=message) as err:
        glyph_set_from_folder(tmp_path)
    assert "\n" not in str(err.value)


def test_missing_folder(tmp_path: Path) -> None:
    with pytest.raises(CipherkitError, match="does not exist"):
        glyph_set_from_folder(tmp_path / "nowhere")


def test_specs(tmp_path: Path) -> None:
    assert glyph_set_from_spec({"style": "runes", "seed": 7}) == generate("runes", 7)
    assert glyph_set_from_spec("runes:7") == generate("runes", 7)
    assert glyph_set_from_spec("pigpen") == generate("pigpen", 0)
    assert len(glyph_set_from_spec({"style": "circuit", "seed": 1, "count": 9})) == 9
    folder = tmp_path / "art"
    folder.mkdir()
    write_svg(folder, "moon", '<circle cx="50" cy="50" r="30" fill="black"/>')
    by_folder = glyph_set_from_spec({"folder": "art"}, base_dir=tmp_path)
    assert by_folder.names == ("moon",) and by_folder.spec() == {"folder": "art"}
    assert glyph_set_from_spec("art", base_dir=tmp_path) == by_folder
    assert glyph_set_from_spec({"style": "runes", "seed": 7}).spec() == {
        "style": "runes",
        "seed": 7,
    }


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        ({"style": "runes", "sed": 1}, "unknown field 'sed'"),
        ({"style": "nope"}, "unknown glyph style 'nope'"),
        ({"style": "runes", "seed": "7"}, "seed must be a whole number"),
        ({"style": "runes", "seed": True}, "seed must be a whole number"),
        ({"folder": "x", "style": "runes"}, "either a folder or a style"),
        ({"folder": 3}, "folder must be a path"),
        ("runes:x", "seed 'x' is not a whole number"),
        ("no-such-folder", "does not exist"),
        (7, "expected a mapping or a string"),
    ],
)
def test_bad_specs(spec, message: str) -> None:
    with pytest.raises(CipherkitError, match=message):
        glyph_set_from_spec(spec)
