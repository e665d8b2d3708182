"""The map legend's labels never overlap (issue #21 item 7): every shipped mission's map
is drawn as a page shows it, and the legend's label boxes, computed from the drawing's
text shapes and the font's advance widths, are pairwise apart and inside the map."""

from __future__ import annotations

import itertools
from pathlib import Path

import networkx as nx
import pytest

from cipherkit.core.protocol import SPECTATOR
from cipherkit.games.mission import load, new_game
from cipherkit.games.mission.art.data import from_state, mission_glyph_map
from cipherkit.glyphs import generate
from cipherkit.glyphs.data import MapData
from cipherkit.glyphs.drawing import CAP_HEIGHT, Drawing, Text, text_width
from cipherkit.glyphs.mapdraw import LEGEND_LABELS, map_drawing

ROOT = Path(__file__).resolve().parents[2]
MISSIONS = sorted((ROOT / "missions").glob("*.yaml"))
Box = tuple[float, float, float, float]


def text_box(shape: Text) -> Box:
    """``(left, top, right, bottom)`` of a text shape: its advance width from the
    font, from the cap height above the baseline to the descenders below it."""
    width = text_width(shape.text, shape.size, shape.font, shape.bold, shape.italic)
    width += shape.spacing * max(len(shape.text) - 1, 0)
    left = {"l": shape.x, "m": shape.x - width / 2, "r": shape.x - width}[shape.align]
    return (left, shape.y - CAP_HEIGHT * shape.size, left + width, shape.y + 0.24 * shape.size)


def legend_boxes(drawing: Drawing) -> dict[str, Box]:
    """The box of each legend label's text (the legend is the last thing drawn)."""
    texts = [s for s in drawing.shapes if isinstance(s, Text)]
    legend = texts[-len(LEGEND_LABELS) :]
    assert [t.text for t in legend] == list(LEGEND_LABELS)
    return {t.text: text_box(t) for t in legend}


def overlaps(a: Box, b: Box, gap: float = 4.0) -> bool:
    return a[0] < b[2] + gap and b[0] < a[2] + gap and a[1] < b[3] and b[1] < a[3]


def assert_apart(drawing: Drawing, where: str) -> None:
    boxes = legend_boxes(drawing)
    for (la, a), (lb, b) in itertools.combinations(boxes.items(), 2):
        assert not overlaps(a, b), f"{where}: legend labels {la!r} {a} and {lb!r} {b} overlap"
    for label, (left, top, right, bottom) in boxes.items():
        assert left >= 0 and right <= drawing.width, f"{where}: {label!r} leaves the map"
        assert top >= 0 and bottom <= drawing.height, f"{where}: {label!r} leaves the map"


@pytest.mark.parametrize("path", MISSIONS, ids=lambda p: p.stem)
def test_every_shipped_maps_legend_labels_are_apart(path: Path) -> None:
    mission = load(path)
    state = new_game({"mission": mission.to_dict(), "players": 2}, seed=0)
    drawing = map_drawing(from_state(state.observe(SPECTATOR))[2], mission_glyph_map(mission))
    assert_apart(drawing, mission.id)


@pytest.mark.parametrize("rooms", [1, 2, 3, 6])
def test_small_and_wide_maps_too(rooms: int) -> None:
    """The narrowest map (one room: the least width) and wider ones."""
    drawing = map_drawing(MapData.from_graph(nx.path_graph(rooms)), generate("runes", seed=1))
    assert_apart(drawing, f"{rooms} rooms")


def test_the_check_finds_an_overlap() -> None:
    """Positive control: two labels drawn at one place are caught."""
    d = Drawing(300, 100)
    for label in LEGEND_LABELS:
        d.text(150, 50, label, size=13, anchor="mt")
    with pytest.raises(AssertionError, match="overlap"):
        assert_apart(d, "control")
