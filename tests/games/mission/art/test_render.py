"""``cipherkit render``: PNG and SVG files, the print-and-play PDF, errors, progress."""

from __future__ import annotations

import dataclasses
import re
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from PIL import Image

from cipherkit.cli import main
from cipherkit.core.errors import CipherkitError
from cipherkit.games.mission.art.printing import PAGE_H, PAGE_W, print_pages
from cipherkit.games.mission.art.render import render_mission
from cipherkit.glyphs.theme import RED, SHUTTER
from tests.glyphs.helpers import MISSIONS, region_share

KINDS = ("card", "console", "map", "glyphs")


@pytest.fixture(scope="module")
def rendered(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, list[Path]]:
    out = tmp_path_factory.mktemp("render")
    mission = MISSIONS[-1]
    return out, render_mission(mission, out / "images", pdf=out / "play.pdf")


def test_writes_every_drawing_as_png_and_svg_then_the_pdf(rendered, missions) -> None:
    _out, written = rendered
    mission = missions[-1]
    expected = [f"{mission.id}-{k}{s}" for k in KINDS for s in (".png", ".svg")] + ["play.pdf"]
    assert [p.name for p in written] == expected
    for path in written:
        assert path.is_file() and path.stat().st_size > 1000
        if path.suffix == ".png":
            with Image.open(path) as image:
                assert image.format == "PNG" and min(image.size) > 200
        elif path.suffix == ".svg":
            assert ET.parse(path).getroot().tag.endswith("svg")


def test_the_pdf_is_a4_and_vector(rendered, missions) -> None:
    _, written = rendered
    data = written[-1].read_bytes()
    assert data.startswith(b"%PDF-")
    pages = len(re.findall(rb"/Type /Page\b(?!s)", data))
    assert pages == len(print_pages(missions[-1]))
    boxes = re.findall(rb"/MediaBox \[ ?0 0 ([\d.]+) ([\d.]+) ?\]", data)
    assert {(float(w), float(h)) for w, h in boxes} == {(595.2, 841.92)}
    assert b"/Subtype /Image" not in data  # drawn, not pictures (test_pdf_print.py)


def test_the_glyph_sheet_shows_ids_not_contents(rendered, missions) -> None:
    out, _ = rendered
    mission = missions[-1]
    svg = (out / "images" / f"{mission.id}-glyphs.svg").read_text()
    texts = set(re.findall(r">([^<]*)</text>", svg))
    assert set(mission.glyphs) <= texts
    assert not texts & {c.content for c in mission.cells}


@pytest.fixture(scope="module")
def pages(missions):
    return print_pages(missions[1])


def test_print_pages_in_order_with_the_key_last_as_a_spoiler(pages, missions) -> None:
    mission = missions[1]
    names = [n for n, _ in pages]
    assert names == [
        "card",
        "console",
        "token fronts",
        "token backs",
        "map",
        "action cards",
        "setup",
        "glyph key",
    ]
    for _, page in pages:
        assert (page.width, page.height) == (PAGE_W, PAGE_H) == (2480, 3508)
    texts = [set(re.findall(r">([^<]*)</text>", page.svg())) for _, page in pages]
    assert "SPOILER" in texts[-1]
    key_texts = texts[-1]
    for gid, glyph in mission.glyphs.items():
        expected = f"{gid} = {glyph.content}" if glyph.content is not None else f"{gid}: decoy"
        assert expected in key_texts
    # no page before the key shows what the windows hide
    contents = {g.content for g in mission.glyphs.values() if g.content}
    for name, page_texts in zip(names[:-1], texts[:-1], strict=True):
        assert not page_texts & contents, name
    key = pages[-1][1]
    assert region_share(key, key.image(scale=0.25), "spoiler", RED, 10) > 0.8


def test_token_pages_hold_every_token_with_mirrored_backs(pages, missions) -> None:
    mission = missions[1]
    fronts, backs = pages[2][1], pages[3][1]
    count = sum(len(s) for s in mission.stacks.values())
    front_boxes = {k: v for k, v in fronts.regions.items() if k.startswith("token:")}
    assert len(front_boxes) == count
    for name, (x, y, w, h) in front_boxes.items():
        bx, by, bw, bh = backs.regions[name]
        assert (by, bw, bh) == (y, w, h)
        assert bx == pytest.approx(PAGE_W - x - w)
    texts = re.findall(r">([^<]*)</text>", backs.svg())
    assert mission.deal == "shuffled"  # backs all alike: shuffled at the table
    for room in mission.stacks:
        assert (mission.map.nodes[room].get("name") or room) not in texts
    fixed = dataclasses.replace(mission, deal="fixed")
    backs = print_pages(fixed)[3][1]
    texts = re.findall(r">([^<]*)</text>", backs.svg())
    for room, stack in fixed.stacks.items():
        name = fixed.map.nodes[room].get("name") or room
        assert texts.count(name) == len(stack)


def test_console_sheet_has_a_shutter_per_window(pages, missions) -> None:
    console = pages[1][1]
    shutters = [k for k in console.regions if k.startswith("shutter:")]
    assert len(shutters) == len(missions[1].cells)
    image = console.image(scale=0.5, supersample=1)
    assert region_share(console, image, shutters[0], SHUTTER, 10) > 0.5
    assert [k for k in pages[5][1].regions if k.startswith("card:")] == [
        "card:run",
        "card:gather",
        "card:intel",
        "card:regroup",
        "card:discard pile",
        "card:in peril",
    ]


def test_progress_bar_when_asked(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    render_mission(MISSIONS[0], tmp_path, progress=True)
    assert "render lantern-archive" in capsys.readouterr().err
    render_mission(MISSIONS[0], tmp_path, progress=False)
    assert capsys.readouterr().err == ""


def test_a_glyph_set_can_be_chosen(tmp_path: Path) -> None:
    a = render_mission(MISSIONS[0], tmp_path / "a", glyph_set={"style": "pigpen", "seed": 1})
    b = render_mission(MISSIONS[0], tmp_path / "b", glyph_set="runes:1")
    assert a[0].read_bytes() != b[0].read_bytes()


@pytest.mark.parametrize(
    ("case", "message"),
    [
        ("missing", "no such mission file"),
        ("folder", "is a folder, not a mission file"),
        ("bad-yaml", "bad.yaml"),
        ("out-is-file", "is a file, not a folder"),
        ("pdf-is-dir", "give a file name"),
        ("pdf-no-parent", "does not exist"),
    ],
)
def test_errors_are_cipherkit_errors_with_one_line(tmp_path: Path, case: str, message: str):
    mission, out, pdf = MISSIONS[0], tmp_path / "out", None
    if case == "missing":
        mission = tmp_path / "nope.yaml"
    elif case == "folder":
        mission = tmp_path
    elif case == "bad-yaml":
        mission = tmp_path / "bad.yaml"
        mission.write_text("id: [unclosed\n")
    elif case == "out-is-file":
        out.write_text("x")
    elif case == "pdf-is-dir":
        pdf = tmp_path
    else:
        pdf = tmp_path / "no" / "such" / "x.pdf"
    with pytest.raises(CipherkitError, match=message) as err:
        render_mission(mission, out, pdf=pdf)
    assert "\n" not in str(err.value)


def test_cli_render(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["render", str(MISSIONS[0]), "--out", str(tmp_path), "--quiet"]) == 0
    printed = capsys.readouterr().out.split()
    assert len(printed) == 8 and all(Path(p).is_file() for p in printed)
    bad = tmp_path / "bad.yaml"
    bad.write_text("title: x\n")
    assert main(["render", str(bad), "--out", str(tmp_path)]) == 1
    err = capsys.readouterr().err
    assert err.startswith("cipherkit: error: ") and err.count("\n") == 1


def test_glyphs_import_without_the_notebook_stack() -> None:
    code = """
import sys, pkgutil, importlib
BLOCKED = ("ipywidgets", "anywidget", "IPython", "voila", "traitlets")
class Block:
    def find_spec(self, name, path=None, target=None):
        if name.split('.')[0] in BLOCKED:
            raise ImportError('blocked: ' + name)
sys.meta_path.insert(0, Block())
import cipherkit.glyphs, cipherkit.games.mission.art as art
for info in pkgutil.walk_packages(cipherkit.glyphs.__path__, 'cipherkit.glyphs.'):
    importlib.import_module(info.name)
for info in pkgutil.walk_packages(art.__path__, 'cipherkit.games.mission.art.'):
    importlib.import_module(info.name)
gs = cipherkit.glyphs.generate("runes", 1)
gs._repr_svg_(); gs._repr_png_()
from cipherkit.games.mission import demo_mission
from cipherkit.games.mission.art.notebook import mission_svg
mission_svg(demo_mission())
leaked = [m for m in sys.modules if m.split('.')[0] in BLOCKED + ("tqdm",)]
assert not leaked, leaked
print("ok")
"""
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "ok"
