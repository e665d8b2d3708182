"""A mission's words are text in its drawings (issue 44, point 1): the card, console, map
and glyph sheet SVGs, every print-and-play page, the campaign graph, the ``render
--watch`` preview page and the PDF, for a mission holding injection strings in every
author field (``tests/publish/injection.py``)."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from html.parser import HTMLParser
from pathlib import Path

import pytest

from cipherkit.games.mission import load, load_campaign
from cipherkit.games.mission.art.campaigndraw import campaign_svg
from cipherkit.games.mission.art.data import mission_glyph_map
from cipherkit.games.mission.art.printing import print_pages
from cipherkit.games.mission.art.render import render_mission
from cipherkit.games.mission.art.watch import redraw
from tests.publish.injection import write_evil_missions

SVG = "{http://www.w3.org/2000/svg}"
LIVE = {"script", "foreignObject", "iframe", "img", "image", "a", "object", "embed", "use"}


@pytest.fixture(scope="module")
def evil(tmp_path_factory: pytest.TempPathFactory) -> list[Path]:
    return write_evil_missions(tmp_path_factory.mktemp("evil"))


def svg_text(source: str) -> str:
    """The text of an SVG document, after checking it is well-formed XML holding only
    drawing elements (no script, link, foreign object or event handler)."""
    root = ET.fromstring(source)
    for element in root.iter():
        tag = element.tag.removeprefix(SVG)
        assert tag not in LIVE, tag
        for name in element.attrib:
            assert not name.lower().startswith("on"), (tag, name)
    return " ".join("".join(root.itertext()).split())


def test_the_drawings_and_printed_pages_hold_the_words_as_text(
    evil: list[Path], tmp_path: Path
) -> None:
    written = render_mission(evil[0], tmp_path, pdf=tmp_path / "play.pdf")
    text = " ".join(svg_text(p.read_text(encoding="utf-8")) for p in written if p.suffix == ".svg")
    mission = load(evil[0])
    pages = print_pages(mission, mission_glyph_map(mission, None, evil[0].parent))
    text += " ".join(svg_text(page.svg()) for _, page in pages)
    assert "<script>" in text and 'onerror="window' in text  # shown, as written
    pdf = (tmp_path / "play.pdf").read_bytes()
    assert pdf.startswith(b"%PDF-")
    for action in (b"/JavaScript", b"/JS ", b"/JS(", b"/Launch", b"/URI", b"/AA"):
        assert action not in pdf, action
    assert pdf.count(b"/OpenAction") == 1 and b"/OpenAction [3 0 R /FitH null]" in pdf


def test_a_title_cannot_close_a_pdf_string(tmp_path: Path) -> None:
    """PDF strings are escaped: a ``)`` in a title cannot end one and add an action."""
    source = write_evil_missions(tmp_path / "m")[0]
    text = source.read_text(encoding="utf-8").splitlines()
    title = "x) /OpenAction << /S /JavaScript /JS (app.alert(1)) >> ("
    text[3] = f'title: "{title}"'
    source.write_text("\n".join(text) + "\n", encoding="utf-8")
    render_mission(source, None, pdf=tmp_path / "title.pdf")
    pdf = (tmp_path / "title.pdf").read_bytes()
    assert pdf.count(b"/OpenAction") == 1 + pdf.count(b"/OpenAction << /S")  # in the title
    # its parentheses escaped: all of it stays inside the title string
    assert b"/Title (x\\) /OpenAction << /S /JavaScript /JS \\(app.alert\\(1\\)\\)" in pdf


def test_the_campaign_graph_holds_the_titles_as_text(evil: list[Path]) -> None:
    text = svg_text(campaign_svg(load_campaign(evil)))
    assert "<script>" in text


class _Tags(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.tags: list[str] = []
        self.handlers: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append(tag)
        self.handlers += [name for name, _ in attrs if name.startswith("on")]


def test_the_watch_preview_page_shows_the_title_as_text(evil: list[Path], tmp_path) -> None:
    page = redraw(evil[0], tmp_path).page.read_text(encoding="utf-8")
    parsed = _Tags()
    parsed.feed(page)
    assert "script" not in parsed.tags and "img" not in parsed.tags and not parsed.handlers
    assert "&lt;script&gt;" in page
