"""Every gallery page links back to the index, and a mission or lesson page on to the
next one (issue #21 item 3); the committed pages carry the links the code writes."""

from __future__ import annotations

import itertools
import json
import re
from pathlib import Path

import pytest

from cipherkit.games.mission import load
from cipherkit.publish.gallery import INDEX, page_files
from cipherkit.publish.nav import NavLink, back_link, nav_html, next_link
from cipherkit.publish.pages import next_mission, page_cells

ROOT = Path(__file__).resolve().parents[2]
PUZZLES = ROOT / "puzzles"
MISSIONS = sorted((ROOT / "missions").glob("*.yaml"))
HREF = re.compile(r'<a class="ck-nav-link" href="([^"]+)"[^>]*>([^<]*)</a>')


def links_of(page: Path) -> list[tuple[str, str]]:
    """``(href, text)`` of the page's first link bar."""
    cells = json.loads(page.read_text(encoding="utf-8"))["cells"]
    text = "".join(cells[0]["source"])
    bar = text.splitlines()[0]
    assert bar.startswith('<nav class="ck-nav"'), f"{page.name}: no link bar at the top"
    return HREF.findall(bar)


@pytest.mark.parametrize(
    "page",
    page_files(PUZZLES),
    ids=lambda p: p.relative_to(PUZZLES).as_posix(),
)
def test_every_page_links_back_to_the_gallery(page: Path) -> None:
    links = links_of(page)
    back = (page.parent / links[0][0]).resolve() if links else None
    assert links and links[0][1] == "← All puzzles", links
    assert back == (PUZZLES / INDEX).resolve()
    for href, _ in links[1:]:  # a next link goes to a page that exists
        assert (page.parent / href).is_file(), (page.name, href)


@pytest.mark.parametrize("mission_file", MISSIONS, ids=lambda p: p.stem)
def test_mission_pages_are_the_cells_the_code_writes(mission_file: Path) -> None:
    """The committed page is what ``cipherkit publish`` writes now (republish if not)."""
    mission = load(mission_file)
    published = {p.stem for p in PUZZLES.glob("*.ipynb")}
    cells = page_cells(mission, next_mission(mission, published))
    page = json.loads((PUZZLES / f"{mission.id}.ipynb").read_text(encoding="utf-8"))
    committed = [(c["cell_type"], "".join(c["source"])) for c in page["cells"]]
    assert committed == cells, "run: cipherkit publish missions/*.yaml --campaign --out puzzles/"


def test_missions_lead_on_through_the_campaign() -> None:
    nexts = {}
    for mission_file in MISSIONS:
        hrefs = [h for h, _ in links_of(PUZZLES / f"{load(mission_file).id}.ipynb")]
        nexts[load(mission_file).id] = hrefs[1] if len(hrefs) > 1 else None
    assert nexts["lantern-archive"] == "signal-box.ipynb"
    assert nexts["cold-ledger"] == "harbour-clock.ipynb"  # the win link, not the loss
    assert nexts["last-light"] is None  # the end of the campaign


def test_lessons_lead_on_to_the_next_lesson() -> None:
    lessons = sorted((PUZZLES / "lessons").glob("*.ipynb"))
    for page, following in itertools.pairwise(lessons):
        assert [h for h, _ in links_of(page)] == ["../index.ipynb", following.name]
    assert [h for h, _ in links_of(lessons[-1])] == ["../index.ipynb"]


def test_links_are_escaped_and_only_go_to_pages() -> None:
    bar = nav_html([next_link("a.ipynb", "<b>Fish & chips</b>")])
    assert "<b>" not in bar and "&lt;b&gt;Fish &amp; chips&lt;/b&gt;" in bar
    for bad in ("https://example.com/x.ipynb", "javascript:x", "/abs.ipynb", "a.yaml", "a b.ipynb"):
        with pytest.raises(ValueError, match="a gallery link goes to a page"):
            NavLink(bad, "x")
    assert back_link(depth=2).href == "../../index.ipynb"
