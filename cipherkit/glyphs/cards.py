"""The mission card and the console, drawn from plain data.

Design notes: ``docs/glyphs.md``, ``cipherkit.glyphs.cards``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence

from cipherkit.core.errors import CipherkitError
from cipherkit.glyphs.data import CardData, CellData, ConsoleData
from cipherkit.glyphs.drawing import Drawing, text_width, wrap_text
from cipherkit.glyphs.glyph import Glyph, GlyphSet
from cipherkit.glyphs.theme import (
    ANSWER,
    CARD,
    CONSOLE,
    CONSOLE_EDGE,
    CONSOLE_TEXT,
    INK,
    MUTED,
    RULE,
    SHUTTER,
    SLAT,
    TILE,
    WHITE,
    WINDOW,
    mark_colour,
)
from cipherkit.i18n import _, ngettext

Glyphs = Mapping[str, Glyph] | GlyphSet
WIDTH = 960
MARGIN = 44


def resolve_glyphs(glyphs: Glyphs, ids: Iterable[str]) -> dict[str, Glyph]:
    """Each id's glyph: from a mapping, or assigned from a :class:`GlyphSet`."""
    wanted = list(dict.fromkeys(ids))
    if isinstance(glyphs, GlyphSet):
        return glyphs.assign(wanted)
    missing = [g for g in wanted if g not in glyphs]
    if missing:
        raise CipherkitError.say("no glyph drawn for glyph id {glyph!r}", glyph=missing[0])
    return {g: glyphs[g] for g in wanted}


# ------------------------------------------------------------------ layout
def layout_lines(
    words: Sequence[Sequence[int]], max_width: float, cell: float, gap: float, word_gap: float
) -> list[list[list[int]]]:
    """Words (lists of cell indices) wrapped onto lines of at most ``max_width``.

    A word goes to the next line when it does not fit; a word wider than a whole line
    is split into line-long pieces.

    >>> layout_lines([[0, 1, 2], [3, 4], [5, 6, 7, 8, 9]], 100, 20, 0, 20)
    [[[0, 1, 2]], [[3, 4]], [[5, 6, 7, 8, 9]]]
    >>> layout_lines([[0, 1], [2]], 100, 20, 0, 20)
    [[[0, 1], [2]]]
    >>> layout_lines([[0, 1, 2, 3, 4, 5, 6]], 100, 20, 0, 20)
    [[[0, 1, 2, 3, 4]], [[5, 6]]]
    """
    per_line = max(1, int((max_width + gap) // (cell + gap)))
    lines: list[list[list[int]]] = []
    line: list[list[int]] = []
    used = 0.0

    def width(n: int) -> float:
        return n * cell + (n - 1) * gap

    for word in words:
        pieces = [list(word[i : i + per_line]) for i in range(0, len(word), per_line)] or [[]]
        for piece in pieces:
            w = width(len(piece))
            if line and used + word_gap + w > max_width + 1e-9:
                lines.append(line)
                line, used = [], 0.0
            used += (word_gap if line else 0.0) + w
            line.append(piece)
    if line:
        lines.append(line)
    return lines


def _line_width(line: Sequence[Sequence[int]], cell: float, gap: float, word_gap: float) -> float:
    n = sum(len(w) for w in line)
    return n * cell + (n - len(line)) * gap + (len(line) - 1) * word_gap


def _row_cells(
    row: Sequence[Sequence[int]], width: float, cell: float, gap: float, word_gap: float
) -> Iterator[tuple[float, int]]:
    """The left edge and the cell index of every cell of a centred row of words."""
    x = (width - _line_width(row, cell, gap, word_gap)) / 2
    for word in row:
        for i in word:
            yield x, i
            x += cell + gap
        x += word_gap - gap


def _sections(words: list[tuple[bool, list[int]]]) -> list[tuple[bool, list[list[int]]]]:
    """Words grouped into the text section then the Answer section."""
    text = [w for a, w in words if not a]
    answer = [w for a, w in words if a]
    out: list[tuple[bool, list[list[int]]]] = []
    if text:
        out.append((False, text))
    if answer:
        out.append((True, answer))
    return out


def _answer_label(d: Drawing, x: float, y: float, colour: str, text_colour: str = WHITE) -> None:
    label = _("ANSWER")
    size = 14
    w = text_width(label, size, bold=True) + len(label) * 2 + 22
    d.rect(x, y - 13, w, 26, fill=colour, radius=13)
    d.text(x + w / 2, y, label, size=size, bold=True, fill=text_colour, anchor="mm", spacing=2)


def _marks_tag(d: Drawing, cell: CellData, x: float, y: float, size: float, colour: str) -> None:
    """A small tag in the corner for marks that do not colour the glyph."""
    others = [m for m in cell.marks if mark_colour([m]) is None]
    if others:
        d.circle(x + size - 9, y + 9, 5, fill=colour)


def _draw_sections(
    words: list[tuple[bool, list[int]]],
    y: float,
    *,
    width: float,
    spacing: tuple[float, float, float],
    row_height: float,
    answer_gaps: tuple[float, float, float],
    draw_cell: Callable[[float, float, int], None],
    frame: Callable[[float, float], None],
) -> float:
    """Lay out the text section, then the Answer section, of ``words`` from ``y`` down:
    each row centred, ``draw_cell(x, y, index)`` for every cell, rows ``row_height``
    apart (``spacing``: the cell, the gap between cells and between words). The Answer
    section is padded in, has ``answer_gaps`` (above, inside below, below) and room for
    its label, and ``frame(top, bottom)`` draws around it. Returns the ``y`` below."""
    cell, gap, word_gap = spacing
    above, inside, below = answer_gaps
    top = y
    for is_answer, section in _sections(words):
        pad = 26.0 if is_answer else 0.0
        lines = layout_lines(section, width - 2 * MARGIN - 2 * pad, cell, gap, word_gap)
        if is_answer:
            y += above
            top = y
            y += 30
        for line in lines:
            for x, i in _row_cells(line, width, cell, gap, word_gap):
                draw_cell(x, y, i)
            y += row_height
        if is_answer:
            y += inside
            frame(top, y)
            y += below
    return y


# ------------------------------------------------------------------ card
def card_drawing(card: CardData, glyphs: Glyphs, *, width: float = WIDTH) -> Drawing:
    """The mission card: header, question, cipher text, framed Answer section.

    Examples
    --------
    >>> from cipherkit.glyphs import generate
    >>> from cipherkit.glyphs.cards import card_drawing, console_drawing
    >>> from cipherkit.glyphs.data import CardData, ConsoleData
    >>> card = CardData.from_words("What bird guards the vault?",
    ...                            [["eye", {"glyph": "wing", "marks": ["red"]}, "claw"]])
    >>> glyphs = generate("runes", seed=1).assign(card.glyph_ids)
    >>> d = card_drawing(card, glyphs)
    >>> sorted(d.regions)
    ['cell:0', 'cell:1', 'cell:2', 'question']
    >>> console = ConsoleData.from_card(card, {"eye": "O"})
    >>> console_drawing(console, glyphs).image().size
    (960, 294)
    """
    key = resolve_glyphs(glyphs, card.glyph_ids)
    cell, gap, word_gap, row_gap = 76.0, 8.0, 34.0, 16.0
    inner = width - 2 * MARGIN
    d = Drawing(width, 10, title=_("Mission card: {title}", title=card.title or card.question))
    header = 92.0
    # header band (drawn last-but-one so the card outline sits over it)
    y = header + 34
    q_size = 28
    q_lines = wrap_text(card.question, q_size, inner, font="serif", italic=True)
    q_top = y
    for line in q_lines:
        d.text(MARGIN, y, line, size=q_size, font="serif", italic=True, anchor="lt")
        y += q_size * 1.38
    d.region("question", MARGIN, q_top, inner, y - q_top)
    y += 6
    d.line([(MARGIN, y), (width - MARGIN, y)], stroke=RULE, width=2)
    y += 30

    def draw_cell(x: float, y: float, i: int) -> None:
        c = card.cells[i]
        colour = mark_colour(c.marks)
        d.rect(
            x,
            y,
            cell,
            cell,
            fill="#f6e3dc" if colour else TILE,
            radius=10,
            stroke=colour,
            width=3,
        )
        g = 0.82 * cell
        d.glyph(key[c.glyph], x + (cell - g) / 2, y + (cell - g) / 2, g, color=colour or INK)
        _marks_tag(d, c, x, y, cell, INK)
        d.region(f"cell:{i}", x, y, cell, cell)

    def frame(top: float, bottom: float) -> None:
        d.rect(MARGIN, top, inner, bottom - top, stroke=ANSWER, width=3, radius=16)
        d.region("answer", MARGIN, top, inner, bottom - top)
        _answer_label(d, MARGIN + 22, top, ANSWER)

    y = _draw_sections(
        card.words,
        y,
        width=width,
        spacing=(cell, gap, word_gap),
        row_height=cell + row_gap,
        answer_gaps=(14, 14, 10),
        draw_cell=draw_cell,
        frame=frame,
    )
    y += 18
    footer = y
    height = footer + 40
    d.height = height
    # card, header and footer go underneath everything drawn so far
    under = Drawing(width, height)
    under.rect(3, 3, width - 6, height - 6, fill=CARD, stroke=INK, width=3, radius=26)
    under.rect(3, 3, width - 6, header, fill=INK, radius=26)
    under.rect(3, header - 24, width - 6, 27, fill=INK)
    under.text(MARGIN, 32, _("MISSION"), size=14, bold=True, fill="#aab2c3", anchor="lt", spacing=3)
    title = card.title or _("Mission card")
    under.text(MARGIN, 58, title, size=26, bold=True, font="serif", fill=WHITE, anchor="lt")
    under.text(MARGIN, footer + 14, "cipherkit", size=13, fill=MUTED, anchor="lm", bold=True)
    if card.mission_id:
        under.text(width - MARGIN, footer + 14, card.mission_id, size=13, fill=MUTED, anchor="rm")
    d.shapes[:0] = under.shapes
    return d


# ------------------------------------------------------------------ console
def _content_size(content: str, box: float) -> float:
    size = box * (0.62 if len(content) == 1 else 0.46)
    fit = box * 0.84 / max(1e-9, text_width(content, 1.0, font="mono", bold=True))
    return min(size, fit)


def _shutter(d: Drawing, x: float, y: float, w: float, h: float) -> None:
    d.rect(x, y, w, h, fill=SHUTTER, radius=4)
    step = 9.0
    yy = y + step
    while yy < y + h - 4:
        d.line([(x + 5, yy), (x + w - 5, yy)], stroke=SLAT, width=2.5, round=False)
        yy += step
    d.rect(x + w / 2 - 12, y + h - 11, 24, 6, fill="#a9b1c2", radius=3)


def console_drawing(
    console: ConsoleData, glyphs: Glyphs, *, width: float = WIDTH, status: bool = True
) -> Drawing:
    """The console: a window over every cell, closed (a shutter) or open (its content,
    ``?`` when the viewer does not know it), the glyph on a plate below. ``status``
    writes how many windows are open in the corner."""
    key = resolve_glyphs(glyphs, dict.fromkeys(c.glyph for c in console.cells))
    cell, gap, word_gap, row_gap = 76.0, 8.0, 34.0, 22.0
    window_h = 70.0
    inner = width - 2 * MARGIN
    d = Drawing(
        width,
        10,
        title=_("Console: {title}", title=console.title) if console.title else _("Console"),
    )
    y = 96.0

    def draw_cell(x: float, y: float, i: int) -> None:
        c = console.cells[i]
        d.rect(x - 3, y - 3, cell + 6, window_h + cell + 10, fill=CONSOLE_EDGE, radius=8)
        if c.open or c.content is not None:
            # open, or closed but known (the game is over): shown greyed
            d.rect(x, y, cell, window_h, fill=WINDOW if c.open else "#c9ccd4", radius=4)
            d.rect(x, y, cell, 5, fill="#d9d2c1", radius=2)
            text = c.content if c.content is not None else "?"
            if text:
                size = _content_size(text, cell)
                d.text(
                    x + cell / 2,
                    y + window_h / 2 + 2,
                    text,
                    size=size,
                    font="mono",
                    bold=True,
                    anchor="mm",
                    fill=INK if c.open else MUTED,
                )
        else:
            _shutter(d, x, y, cell, window_h)
        d.region(f"window:{i}", x, y, cell, window_h)
        plate_y = y + window_h + 4
        colour = mark_colour(c.marks)
        d.rect(x, plate_y, cell, cell, fill="#ece6d8", radius=4)
        g = 0.8 * cell
        d.glyph(key[c.glyph], x + (cell - g) / 2, plate_y + (cell - g) / 2, g, color=colour or INK)
        _marks_tag(d, c, x, plate_y, cell, INK)
        d.region(f"cell:{i}", x, plate_y, cell, cell)

    def frame(top: float, bottom: float) -> None:
        d.rect(MARGIN - 6, top, inner + 12, bottom - top, stroke="#5fb3bb", width=3, radius=16)
        d.region("answer", MARGIN - 6, top, inner + 12, bottom - top)
        _answer_label(d, MARGIN + 16, top, "#5fb3bb", CONSOLE_EDGE)

    y = _draw_sections(
        console.words,
        y,
        width=width,
        spacing=(cell, gap, word_gap),
        row_height=window_h + cell + 4 + row_gap,
        answer_gaps=(10, 8, 8),
        draw_cell=draw_cell,
        frame=frame,
    )
    height = y + 26
    d.height = height
    under = Drawing(width, height)
    under.rect(4, 4, width - 8, height - 8, fill=CONSOLE, stroke=CONSOLE_EDGE, width=5, radius=22)
    for sx, sy in ((24, 24), (width - 24, 24), (24, height - 24), (width - 24, height - 24)):
        under.circle(sx, sy, 7, fill="#8b93a5", stroke=CONSOLE_EDGE, width=2)
        under.line([(sx - 4, sy - 4), (sx + 4, sy + 4)], stroke=CONSOLE_EDGE, width=2)
    under.text(
        MARGIN + 8, 40, _("CONSOLE"), size=14, bold=True, fill="#8f98ab", anchor="lt", spacing=3
    )
    if console.title:
        under.text(
            MARGIN + 8, 62, console.title, size=20, bold=True, fill=CONSOLE_TEXT, anchor="lt"
        )
    if status:
        total = len(console.cells)
        count = ngettext(
            "{open} of {n} window open",
            "{open} of {n} windows open",
            total,
            open=console.open_count,
        )
        under.text(width - MARGIN - 8, 52, count, size=16, fill="#aab2c3", anchor="rm")
    d.shapes[:0] = under.shapes
    return d
