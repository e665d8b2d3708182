"""The print-and-play PDF is vector: real text in embedded fonts, glyphs as paths, A4 and
US Letter pages, and no raster image anywhere.

The PDF is read back with the small reader in art_helpers.py (objects, Flate streams, each
font's ToUnicode map, the text shown by ``Tj``), since no PDF library is installed.
"""

from __future__ import annotations

import re

import pytest
from art_helpers import Pdf

from cipherkit.cli import main
from cipherkit.games.mission.art.data import mission_glyph_map
from cipherkit.games.mission.art.pdf import pdf_bytes
from cipherkit.games.mission.art.printing import A4, LETTER, print_pages, save_pdf
from cipherkit.glyphs.drawing import Drawing

POINTS = {"a4": (595.2, 841.92), "letter": (612.0, 792.0)}


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_pages_have_the_papers_size_and_hold_the_missions_text(mission, paper, tmp_path):
    target = tmp_path / f"play-{paper}.pdf"
    pages = print_pages(mission, paper=paper)
    save_pdf([page for _, page in pages], target)
    pdf = Pdf(target.read_bytes())
    read = pdf.pages()
    assert len(read) == len(pages) == 8
    assert {page.size for page in read} == {POINTS[paper]}
    text = [" ".join(page.text) for page in read]
    assert mission.title in text[0] and "BRIEFING" in text[0]
    assert mission.story.split(".")[0].split()[-1] in text[0]
    assert "page 1 of 8" in text[0] and "page 8 of 8" in text[7]
    assert "SPOILER" in text[7] and mission.answer in text[7]  # the key page, last
    assert "SETUP" in text[6]  # the setup sheet, before the key
    rooms = [attrs.get("name") or room for room, attrs in mission.map.nodes(data=True)]
    assert all(room in text[4] for room in rooms)  # the map's room names are text
    assert "Move up to 3 rooms" in text[5]  # the action cards' rules
    for page in read:
        assert page.xobjects == b""  # no image anywhere: everything is drawn


def test_fonts_are_embedded_dejavu_subsets(mission, tmp_path):
    data = pdf_bytes([page for _, page in print_pages(mission)])
    fonts = set(re.findall(rb"/BaseFont /([A-Z]{6}\+DejaVu[\w-]+)", data))
    assert {b"MPDFAA+DejaVuSerifBold", b"MPDFAA+DejaVuSansBook"} <= fonts
    assert data.count(b"/FontFile2") == len(fonts)  # each TrueType font is in the file
    assert b"/Helvetica" not in data  # no standard font stands in for DejaVu
    assert b"/Subtype /Image" not in data


def test_glyphs_are_paths_from_the_same_drawing_model(mission):
    """A page holding only one glyph of the mission: its PDF draws that glyph's strokes
    as lines with round caps, scaled from the unit square, and shows no text."""
    key = mission_glyph_map(mission)
    glyph = next(g for g in key.values() if g.strokes)
    page = Drawing(A4.width, A4.height)
    page.glyph(glyph, 1000, 1000, 400, color="#c62f2f")
    content = Pdf(pdf_bytes([page])).pages()[0].content
    assert b"Tj" not in content and b"Do" not in content
    assert b"0.7765 0.1843 0.1843 RG" in content  # the glyph's colour, as a stroke
    states = re.findall(rb"/Type /ExtGState\s*(.*?)>>", Pdf(pdf_bytes([page])).data, re.S)
    width = f"/LW {400 * glyph.weight:g}".encode()
    assert any(width in st and b"/LC 1" in st and b"/LJ 1" in st for st in states)
    (x, _y), *_ = glyph.strokes[0]
    start = f"{1000 + 400 * x:.4f}".rstrip("0").rstrip(".")
    assert re.search(start.encode() + rb"\d* [\d.]+ m", content)
    moves = content.count(b" m ")
    assert moves == sum(1 for s in glyph.strokes if len(s) > 1) + len(glyph.dots) + len(
        glyph.rings
    ) + len(glyph.fills) + sum(1 for s in glyph.strokes if len(s) == 1)


def test_the_command_writes_a_letter_pdf_of_a_shipped_mission_by_id(tmp_path, capsys):
    target = tmp_path / "out.pdf"
    assert main(["render", "signal-box", "--pdf", str(target), "--paper", "letter", "--quiet"]) == 0
    assert capsys.readouterr().out.strip() == str(target)
    read = Pdf(target.read_bytes()).pages()
    assert read[0].size == POINTS["letter"] == (LETTER.width * 0.24, LETTER.height * 0.24)
    assert not list(tmp_path.glob("*.png"))  # no --out: the PDF alone


def test_a_pdf_needs_a_page():
    from cipherkit.core.errors import CipherkitError

    with pytest.raises(CipherkitError, match="at least one page"):
        pdf_bytes([])
