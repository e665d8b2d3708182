"""Glyph folders are bounded (issue 44, point 5): a PNG's file size and pixel count, an
SVG's file size, nesting depth and points each have a limit, refused in one sentence that
names the file and the limit; ``render`` stays within 200 MB on the largest image.

Red-team findings this reproduces: a 30000 x 30000 PNG gave a raw
``DecompressionBombError`` traceback, a 12000 x 12000 one cost 1.3 GB, a 100,000-deep SVG
a ``RecursionError``, a 31 MB SVG kept ``render`` at 1.4 GB past 120 s. The test images
are a few KB on disk: PNGs of one colour written a row at a time.
"""

from __future__ import annotations

import struct
import subprocess
import sys
import zlib
from pathlib import Path

import pytest

from cipherkit.core.errors import CipherkitError
from cipherkit.glyphs import glyph_set_from_folder

BASE = Path(__file__).resolve().parents[2] / "missions" / "01-lantern-archive.yaml"
MAX_PNG_BYTES, MAX_SVG_BYTES = 8_000_000, 2_000_000  # cipherkit.glyphs.folder
CLI = [str(Path(sys.executable).with_name("cipherkit"))]
SVG_HEAD = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10">'
LINE = '<line x1="1" y1="1" x2="9" y2="9" stroke="black"/>'


def _chunk(kind: bytes, data: bytes) -> bytes:
    body = kind + data
    return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body))


def one_colour_png(path: Path, side: int, *, rgba: bool = False) -> Path:
    """A ``side`` x ``side`` PNG, all black (1-bit grey, or opaque RGBA), compressed a row
    at a time so neither the test nor the disk holds the pixels."""
    colour_type, row = (6, b"\0\0\0\xff" * side) if rgba else (0, bytes((side + 7) // 8))
    depth = 8 if rgba else 1
    header = struct.pack(">IIBBBBB", side, side, depth, colour_type, 0, 0, 0)
    packer = zlib.compressobj(9)
    data = b"".join(packer.compress(b"\0" + row) for _ in range(side)) + packer.flush()
    path.write_bytes(
        b"\x89PNG\r\n\x1a\n"
        + _chunk(b"IHDR", header)
        + _chunk(b"IDAT", data)
        + _chunk(b"IEND", b"")
    )
    return path


def refusal(folder: Path) -> str:
    with pytest.raises(CipherkitError) as caught:
        glyph_set_from_folder(folder)
    message = str(caught.value)
    assert "\n" not in message
    return message


@pytest.mark.parametrize("side", [12000, 30000])
def test_a_png_of_too_many_pixels_is_one_sentence(tmp_path: Path, side: int) -> None:
    png = one_colour_png(tmp_path / "huge.png", side)
    assert png.stat().st_size < 200_000
    message = refusal(tmp_path)
    assert message.startswith(f"{png}: the image ") and "(2048 x 2048 = 4,194,304)" in message
    if side == 12000:  # the 30000 one is refused by Pillow's own check before its size is read
        assert "is 12000 x 12000 pixels" in message


def test_a_png_file_too_large_is_one_sentence(tmp_path: Path) -> None:
    png = one_colour_png(tmp_path / "a.png", 32)
    png.write_bytes(png.read_bytes() + bytes(MAX_PNG_BYTES))  # trailing junk after IEND
    assert refusal(tmp_path) == (
        f"{png}: the PNG file is larger than 8,000,000 bytes, the most a glyph may be"
    )


def test_svg_depth_size_points_and_entities_are_one_sentence(tmp_path: Path) -> None:
    svg = tmp_path / "a.svg"
    svg.write_text(SVG_HEAD + "<g>" * 100_000 + LINE + "</g>" * 100_000 + "</svg>")
    assert (
        refusal(tmp_path)
        == f"{svg}: the SVG nests elements more than 64 deep, the most a glyph may"
    )
    svg.write_text(SVG_HEAD + LINE + " " * MAX_SVG_BYTES + "</svg>")
    assert refusal(tmp_path) == (
        f"{svg}: the SVG file is larger than 2,000,000 bytes, the most a glyph may be"
    )
    svg.write_text(SVG_HEAD + LINE * 6000 + "</svg>")
    assert refusal(tmp_path) == (
        f"{svg}: the SVG draws more than 10,000 points, the most a glyph may; simplify it"
    )
    svg.write_text(SVG_HEAD + '<circle cx="5" cy="5" r="1"/>' * 10_001 + "</svg>")
    assert "draws more than 10,000 points" in refusal(tmp_path)
    svg.write_text('<!DOCTYPE svg [<!ENTITY a "aaaa">]>' + SVG_HEAD + LINE + "</svg>")
    assert refusal(tmp_path) == f"{svg}: an SVG glyph may not declare entities"
    # within every limit: still a glyph
    svg.write_text(SVG_HEAD + "<g>" * 60 + LINE * 100 + "</g>" * 60 + "</svg>")
    assert len(glyph_set_from_folder(tmp_path)["a"].strokes) == 100


PEAK = """
import sys
from cipherkit.core.errors import CipherkitError
from cipherkit.glyphs import glyph_set_from_folder
try:
    print(glyph_set_from_folder(sys.argv[1]).names)
except CipherkitError as exc:
    print(exc)
# VmHWM: this process's own peak (ru_maxrss would keep the forking pytest's)
status = open("/proc/self/status").read()
print(int(status.split("VmHWM:")[1].split()[0]) // 1024)
"""


@pytest.mark.parametrize(("side", "rgba"), [(12000, False), (2048, True)])
def test_reading_a_large_png_stays_within_200_mb(tmp_path: Path, side: int, rgba: bool) -> None:
    """Peak memory of a fresh interpreter reading the folder (was 1.3 GB at 12000 x 12000;
    2048 x 2048 RGBA is the largest PNG a glyph may be, and is read, scaled down)."""
    one_colour_png(tmp_path / "big.png", side, rgba=rgba)
    done = subprocess.run(
        [sys.executable, "-c", PEAK, str(tmp_path)],
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
    )
    said, peak = done.stdout.strip().splitlines()
    print(f"{side} x {side}: {said}; peak {peak} MB")
    assert ("4,194,304" in said) if side > 2048 else said == "('big',)"
    assert int(peak) < 200


def test_render_refuses_a_bomb_in_one_line(tmp_path: Path) -> None:
    folder = tmp_path / "glyphs"
    folder.mkdir()
    one_colour_png(folder / "a.png", 30000)
    done = subprocess.run(
        [*CLI, "render", str(BASE), "--glyph-set", str(folder), "--out", str(tmp_path / "out")],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 1 and "Traceback" not in done.stderr, done.stderr[-2000:]
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and f"{folder / 'a.png'}: the image has too many pixels" in lines[0]
