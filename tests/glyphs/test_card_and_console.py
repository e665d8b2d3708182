"""The mission card and the console: layout, marks, the Answer frame, windows."""

from __future__ import annotations

import itertools
import re

import numpy as np
import pytest

from cipherkit.core.errors import CipherkitError
from cipherkit.games.mission.art.data import card_from_mission, from_mission
from cipherkit.glyphs import CardData, ConsoleData, card_drawing, console_drawing, generate
from cipherkit.glyphs.cards import layout_lines
from cipherkit.glyphs.data import CellData
from cipherkit.glyphs.theme import ANSWER, RED, SHUTTER, WINDOW
from tests.glyphs.helpers import region_share, share

GLYPHS = generate("runes", seed=2)


def boxes(drawing, prefix: str) -> dict[int, tuple[float, float, float, float]]:
    return {
        int(k.split(":")[1]): v for k, v in drawing.regions.items() if k.startswith(prefix + ":")
    }


def overlap(a, b) -> bool:
    return a[0] < b[0] + b[2] and b[0] < a[0] + a[2] and a[1] < b[1] + b[3] and b[1] < a[1] + a[3]


@pytest.fixture(scope="module")
def marked_card() -> CardData:
    return CardData.from_words(
        "Which way?",
        [["A", {"glyph": "B", "marks": ["red"]}, "C"], ["D", "E"]],
        answer=[["F", "G"], [{"glyph": "A", "marks": ["red"]}]],
        title="Test",
        mission_id="test",
    )


def test_marked_cells_are_red_and_only_they(marked_card: CardData) -> None:
    d = card_drawing(marked_card, GLYPHS)
    image = d.image()
    for i, cell in enumerate(marked_card.cells):
        red = region_share(d, image, f"cell:{i}", RED, 30)
        if "red" in cell.marks:
            assert red > 0.08, (i, red)
        else:
            assert red == 0.0, (i, red)


def test_the_answer_section_is_framed_and_holds_the_answer_cells(marked_card: CardData) -> None:
    d = card_drawing(marked_card, GLYPHS)
    frame = d.regions["answer"]
    image = d.image()
    x0, y0, _x1, y1 = d.pixel_box("answer")
    left_edge = (x0 - 1, y0 + 40, x0 + 1, y1 - 40)
    assert share(image, left_edge, ANSWER, 30) > 0.9
    for i, cell in enumerate(marked_card.cells):
        box = d.regions[f"cell:{i}"]
        inside = frame[0] <= box[0] and box[0] + box[2] <= frame[0] + frame[2]
        inside = inside and frame[1] <= box[1] and box[1] + box[3] <= frame[1] + frame[3]
        assert inside == cell.answer, i
    assert "ANSWER" in d.svg()
    plain = CardData.from_words("Q?", [["A", "B"]])
    assert "answer" not in card_drawing(plain, GLYPHS).regions
    assert "ANSWER" not in card_drawing(plain, GLYPHS).svg()


def test_long_text_wraps_by_whole_words_inside_the_card() -> None:
    words = [["A", "B", "C", "D"][: 1 + i % 4] for i in range(25)]
    card = CardData.from_words("A long question " * 8, words)
    d = card_drawing(card, GLYPHS)
    cells = boxes(d, "cell")
    assert len(cells) == len(card.cells)
    for a, b in itertools.combinations(cells.values(), 2):
        assert not overlap(a, b)
    for x, y, w, h in cells.values():
        assert x > 0 and x + w < d.width and y + h < d.height
    # a word never straddles two lines
    for _, members in card.words:
        assert len({cells[i][1] for i in members}) == 1
    # the question wrapped too, inside the margins
    qx, _qy, qw, qh = d.regions["question"]
    assert qh > 60 and qx + qw <= d.width
    rows = sorted({round(b[1]) for b in cells.values()})
    assert len(rows) >= 4


def test_a_word_longer_than_a_line_is_split() -> None:
    assert layout_lines([list(range(30))], 300, 20, 5, 30)[0] == [list(range(12))]
    card = CardData.from_words("Q?", [["A"] * 30])
    cells = boxes(card_drawing(card, GLYPHS), "cell")
    assert len({round(b[1]) for b in cells.values()}) == 3


def test_console_windows_closed_and_open(marked_card: CardData) -> None:
    console = ConsoleData.from_card(marked_card, {"A": "Q", "F": "40"})
    d = console_drawing(console, GLYPHS)
    image = d.image()
    for i, cell in enumerate(console.cells):
        shutter = region_share(d, image, f"window:{i}", SHUTTER, 12)
        window = region_share(d, image, f"window:{i}", WINDOW, 12)
        if cell.glyph in ("A", "F"):
            assert cell.open and window > 0.5 and shutter < 0.01, i
            dark = region_share(d, image, f"window:{i}", "#1e2433", 60)
            assert dark > 0.05, i  # the content is written in
        else:
            assert not cell.open and shutter > 0.5 and window < 0.01, i
    texts = re.findall(r">([^<]*)</text>", d.svg())
    assert "Q" in texts and "40" in texts
    assert "3 of 8 windows open" in texts


def test_console_never_writes_content_it_does_not_show(missions) -> None:
    for mission in missions:
        _, console, _ = from_mission(mission)
        texts = set(re.findall(r">([^<]*)</text>", console_drawing(console, GLYPHS).svg()))
        contents = {c.content for c in mission.cells}
        assert not texts & contents, mission.id
        # an open window whose content is unknown shows a question mark
        unknown = ConsoleData(
            tuple(CellData(c.glyph, c.word, c.answer, (), True) for c in console.cells)
        )
        assert "?" in re.findall(r">([^<]*)</text>", console_drawing(unknown, GLYPHS).svg())


def test_shipped_missions_draw_every_cell(missions) -> None:
    for mission in missions:
        card = card_from_mission(mission)
        key = GLYPHS.assign(list(mission.glyphs))
        d = card_drawing(card, key)
        assert len(boxes(d, "cell")) == len(mission.cells)
        assert ("answer" in d.regions) == mission.has_answer_section
        assert d.title.endswith(mission.title)
        image = d.image()
        for i, cell in enumerate(mission.cells):
            assert (region_share(d, image, f"cell:{i}", RED, 30) > 0.05) == ("red" in cell.marks)


def test_unknown_glyph_ids_are_an_error() -> None:
    card = CardData.from_words("Q?", [["sun"]])
    with pytest.raises(CipherkitError, match="no glyph drawn for glyph id 'sun'"):
        card_drawing(card, {"moon": GLYPHS["A"]})
    with pytest.raises(CipherkitError, match="a cell is a glyph id"):
        CardData.from_words("Q?", [[3]])


def test_marks_other_than_red_get_a_tag() -> None:
    plain = card_drawing(CardData.from_words("Q?", [["A"]]), GLYPHS).image()
    tagged = card_drawing(
        CardData.from_words("Q?", [[{"glyph": "A", "marks": ["dot"]}]]), GLYPHS
    ).image()
    diff = np.abs(np.asarray(plain, dtype=int) - np.asarray(tagged, dtype=int)).sum(axis=2)
    assert 20 < (diff > 0).sum() < 400  # a small dot, nothing else
