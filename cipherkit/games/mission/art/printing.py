"""Print-and-play pages, laid out at 300 units an inch on A4 or US Letter paper.

Design notes: ``docs/design-notes.md``, ``cipherkit.games.mission.art.printing``.

Examples
--------
>>> from cipherkit.games.mission import demo_mission
>>> from cipherkit.games.mission.art.printing import paper, print_pages
>>> pages = print_pages(demo_mission())
>>> [name for name, _ in pages]
['card', 'console', 'token fronts', 'token backs', 'map', 'action cards', 'setup', 'glyph key']
>>> pages[0][1].width, pages[0][1].height
(2480.0, 3508.0)
>>> letter = print_pages(demo_mission(), paper="letter")
>>> letter[0][1].width, letter[0][1].height, paper("letter").size_mm
(2550.0, 3300.0, (215.9, 279.4))
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from cipherkit.core.errors import CipherkitError
from cipherkit.games.mission.art.data import card_from_mission, map_from_mission, token_data
from cipherkit.games.mission.art.setup_sheet import back_note, prints_room_on_backs, setup_steps
from cipherkit.games.mission.content.tokens import ACTIONS
from cipherkit.games.mission.rules.phases import ACTION_NAMES
from cipherkit.glyphs.cards import card_drawing, console_drawing
from cipherkit.glyphs.data import CellData, ConsoleData, TokenData
from cipherkit.glyphs.drawing import Drawing, text_width, wrap_text
from cipherkit.glyphs.glyph import Glyph
from cipherkit.glyphs.icons import action_icon, token, token_back
from cipherkit.glyphs.mapdraw import map_drawing
from cipherkit.glyphs.sheet import sheet_drawing
from cipherkit.glyphs.theme import (
    ACTION_COLOURS,
    CARD,
    INK,
    MUTED,
    RED,
    RULE,
    SHUTTER,
    SLAT,
    WHITE,
)
from cipherkit.i18n import N_, _, ngettext

if TYPE_CHECKING:
    from cipherkit.games.mission.content.mission import Mission

DPI = 300
"""Layout units an inch."""


@dataclass(frozen=True, slots=True)
class Paper:
    """A paper size: its name and its size in layout units (300 an inch).

    >>> A4.size_mm, LETTER.size_mm
    ((210.0, 297.0), (215.9, 279.4))
    """

    name: str
    width: float
    height: float

    @property
    def size_mm(self) -> tuple[float, float]:
        """The paper's width and height in millimetres."""
        return (round(self.width / DPI * 25.4, 1), round(self.height / DPI * 25.4, 1))


A4 = Paper("a4", 2480.0, 3508.0)
LETTER = Paper("letter", 2550.0, 3300.0)
PAPERS = {p.name: p for p in (A4, LETTER)}
"""The paper sizes ``--paper`` accepts."""
PAGE_W, PAGE_H = A4.width, A4.height
"""A4 at 300 dots per inch (the default paper)."""


def paper(name: str | Paper) -> Paper:
    """The paper called ``name`` (``a4`` or ``letter``, any case).

    >>> paper("A4") is A4
    True
    >>> paper("legal")
    Traceback (most recent call last):
    ...
    cipherkit.core.errors.CipherkitError: unknown paper 'legal': choose a4 or letter
    """
    if isinstance(name, Paper):
        return name
    found = PAPERS.get(str(name).lower())
    if found is None:
        first, second = PAPERS
        raise CipherkitError.say(
            "unknown paper {name!r}: choose {first} or {second}",
            name=name,
            first=first,
            second=second,
        )
    return found


MARGIN = 150.0
CUT = "#9a9a9a"
TOKEN_CELL = 300.0
"""A token's square on the token pages: 300 px = 25.4 mm; the disc is 22 mm across."""
CARD_W, CARD_H = 744.0, 1039.0
"""Action cards: 63 x 88 mm."""

ACTION_TEXT = {
    "run": N_("Move up to 3 rooms, one step at a time, each through an open passage."),
    "gather": N_(
        "Collect up to 2 tokens in your room, one at a time: a face-up glyph on the "
        "mission card, or the top of your room's stack. Open every window under a collected "
        "glyph."
    ),
    "intel": N_(
        "Choose any room and reveal up to 2 tokens of its stack, one at a time. A "
        "revealed glyph that is not on the mission card is removed."
    ),
    "regroup": N_(
        "Choose another action card and discard every card and token on it. "
        "Regroup cannot clear itself."
    ),
}
"""What each action card says (in the catalog: said in the language in force)."""
PILE_RULE = N_("Play a card higher than the top card of this pile.")


# ------------------------------------------------------------------ page furniture
def titled_page(title: str, label: str, paper: Paper) -> Drawing:
    """An empty print page: ``title`` on the left (smaller if it would run into the
    label), ``label`` in capitals on the right, and a rule under them.

    >>> page = titled_page("The Lantern Archive", "Map", A4)
    >>> [shape.text for shape in page.shapes if hasattr(shape, "text")]
    ['The Lantern Archive', 'MAP']
    """
    W = paper.width
    d = Drawing(W, paper.height, background=WHITE, title=f"{title}: {label}")
    shown = label.upper()
    room = W - 2 * MARGIN - text_width(shown, 34, bold=True) - 6 * len(shown) - 60
    wide = max(1.0, text_width(title, 60, font="serif", bold=True))
    d.text(
        MARGIN, MARGIN, title, size=min(60, 60 * room / wide), bold=True, font="serif", anchor="lt"
    )
    _label(d, W - MARGIN, MARGIN + 10, shown, anchor="rt")
    d.line([(MARGIN, MARGIN + 100), (W - MARGIN, MARGIN + 100)], stroke=RULE, width=4)
    return d


def _label(d: Drawing, x: float, y: float, text: str, *, anchor: str = "lt") -> None:
    """Grey spaced capitals: a page's label and its sections' headings."""
    d.text(x, y, text, size=34, bold=True, fill=MUTED, anchor=anchor, spacing=6)


def _page(mission: Mission, name: str, paper: Paper) -> Drawing:
    return titled_page(mission.title, name, paper)


def _footer(d: Drawing, number: int, total: int, note: str = "") -> None:
    W, H = d.width, d.height
    y = H - MARGIN + 40
    d.text(MARGIN, y, _("cipherkit · print and play"), size=30, fill=MUTED, anchor="lm")
    if note:
        d.text(W / 2, y, note, size=30, fill=MUTED, anchor="mm")
    page_of = _("page {number} of {total}", number=number, total=total)
    d.text(W - MARGIN, y, page_of, size=30, fill=MUTED, anchor="rm")


def _crop_marks(d: Drawing, x: float, y: float, w: float, h: float) -> None:
    gap, length = 20.0, 70.0
    for cx, sx in ((x, -1), (x + w, 1)):
        for cy, sy in ((y, -1), (y + h, 1)):
            d.line([(cx + sx * gap, cy), (cx + sx * (gap + length), cy)], stroke=INK, width=3)
            d.line([(cx, cy + sy * gap), (cx, cy + sy * (gap + length))], stroke=INK, width=3)


def _fit(drawing: Drawing, max_w: float, max_h: float) -> float:
    return min(max_w / drawing.width, max_h / drawing.height)


def _place_centred(
    page: Drawing, drawing: Drawing, top: float, max_h: float, crop: bool = True
) -> tuple[float, float, float, float]:
    W = page.width
    scale = _fit(drawing, W - 2 * MARGIN - 120, max_h)
    w, h = drawing.width * scale, drawing.height * scale
    x = (W - w) / 2
    page.place(drawing, x, top, scale)
    if crop:
        _crop_marks(page, x, top, w, h)
    return x, top, w, h


def _grid_cut_lines(
    d: Drawing, x0: float, y0: float, cols: int, rows: int, cw: float, ch: float
) -> None:
    for c in range(cols + 1):
        x = x0 + c * cw
        d.line([(x, y0 - 40), (x, y0 + rows * ch + 40)], stroke=CUT, width=2, round=False)
    for r in range(rows + 1):
        y = y0 + r * ch
        d.line([(x0 - 40, y), (x0 + cols * cw + 40, y)], stroke=CUT, width=2, round=False)


# ------------------------------------------------------------------ pages
def card_page(mission: Mission, key: Mapping[str, Glyph], paper: Paper | None = None) -> Drawing:
    """The print page with the mission card front and its briefing."""
    paper = A4 if paper is None else paper
    W, H = paper.width, paper.height
    d = _page(mission, _("Mission card"), paper)
    card = card_drawing(card_from_mission(mission), key)
    top = MARGIN + 220
    h = _place_centred(d, card, top, 1700 - (A4.height - H))[3]
    y = top + h + 170
    if mission.story:
        _label(d, MARGIN, y, _("BRIEFING"))
        y += 80
        for line in wrap_text(mission.story, 46, W - 2 * MARGIN, font="serif"):
            d.text(MARGIN, y, line, size=46, font="serif", anchor="lt")
            y += 68
    return d


def console_page(mission: Mission, key: Mapping[str, Glyph], paper: Paper | None = None) -> Drawing:
    """The print page with the console (windows blank) and the shutters to cut out."""
    paper = A4 if paper is None else paper
    W, H = paper.width, paper.height
    d = _page(mission, _("Console"), paper)
    card = card_from_mission(mission)
    blank = ConsoleData(
        tuple(CellData(c.glyph, c.word, c.answer, c.marks, True, "") for c in card.cells),
        card.title,
    )
    console = console_drawing(blank, key, status=False)
    top = MARGIN + 220
    _x, y, w, h = _place_centred(d, console, top, 1500 - (A4.height - H))
    scale = w / console.width
    # shutters to cut out, one per window, the same size as a printed window
    sw, sh = 76.0 * scale, 70.0 * scale
    y = top + h + 150
    _label(d, MARGIN, y, _("SHUTTERS"))
    note = _(
        "Cut out the console and the shutters. Lay a shutter on every window; when a "
        "glyph is collected, lift the shutters over it and write in what the glyph key "
        "says (the key is on the last page: only the console keeper reads it)."
    )
    y += 70
    for line in wrap_text(note, 34, W - 2 * MARGIN):
        d.text(MARGIN, y, line, size=34, anchor="lt", fill=INK)
        y += 50
    y += 60
    cols = max(1, int((W - 2 * MARGIN) // sw))
    n = len(card.cells)
    rows = -(-n // cols)
    x0 = (W - cols * sw) / 2 if n >= cols else MARGIN
    cols_used = min(cols, n)
    for i in range(n):
        r, c = divmod(i, cols)
        sx, sy = x0 + c * sw, y + r * sh
        d.rect(sx, sy, sw, sh, fill=SHUTTER)
        d.region(f"shutter:{i}", sx, sy, sw, sh)
        step = 9.0 * scale
        yy = sy + step
        while yy < sy + sh - 4:
            d.line([(sx + 6, yy), (sx + sw - 6, yy)], stroke=SLAT, width=2.5 * scale, round=False)
            yy += step
    _grid_cut_lines(d, x0, y, cols_used, rows, sw, sh)
    return d


def _tokens(mission: Mission) -> list[tuple[str, int, TokenData]]:
    """Every clue token as (room, place in its stack from the top, token)."""
    out = []
    for room, stack in mission.stacks.items():
        for depth, tok in enumerate(stack):
            out.append((room, depth, token_data(tok)))
    return out


def token_pages(
    mission: Mission, key: Mapping[str, Glyph], paper: Paper | None = None
) -> list[tuple[str, Drawing]]:
    """The print pages of clue tokens: their fronts, then their mirrored backs."""
    paper = A4 if paper is None else paper
    W, H = paper.width, paper.height
    tokens = _tokens(mission)
    cols = int((W - 2 * MARGIN) // TOKEN_CELL)
    top = MARGIN + 260
    rows_per_page = int((H - top - MARGIN - 120) // TOKEN_CELL)
    per_page = cols * rows_per_page
    chunks = [tokens[i : i + per_page] for i in range(0, len(tokens), per_page)] or [[]]
    x0 = (W - cols * TOKEN_CELL) / 2
    names = {room: attrs.get("name") or room for room, attrs in mission.map.nodes(data=True)}
    labelled = prints_room_on_backs(mission)  # shuffled at the table: backs all alike
    out: list[tuple[str, Drawing]] = []
    for k, chunk in enumerate(chunks):
        part = f" ({k + 1}/{len(chunks)})" if len(chunks) > 1 else ""
        fronts = _page(mission, _("Clue tokens: fronts") + part, paper)
        backs = _page(mission, _("Clue tokens: backs") + part, paper)
        for page, text in (
            (fronts, _("Print the next page on the back (flip on the long edge), then cut.")),
            (backs, back_note(mission)),
        ):
            page.text(MARGIN, MARGIN + 160, text, size=34, fill=INK, anchor="lt")
        rows = -(-len(chunk) // cols) if chunk else 0
        r_disc = TOKEN_CELL * 0.44
        for i, (room, depth, tok) in enumerate(chunk):
            r, c = divmod(i, cols)
            cx = x0 + (c + 0.5) * TOKEN_CELL
            cy = top + (r + 0.5) * TOKEN_CELL
            token(fronts, tok, cx, cy, r_disc, key, label=True)
            fronts.region(f"token:{i}", cx - r_disc, cy - r_disc, 2 * r_disc, 2 * r_disc)
            # the back of the cell sits mirrored left to right
            bx = W - cx
            token_back(backs, bx, cy, r_disc)
            if labelled:
                _back_label(backs, bx, cy, r_disc, names.get(room, room), depth + 1)
            backs.region(f"token:{i}", bx - r_disc, cy - r_disc, 2 * r_disc, 2 * r_disc)
        if rows:
            _grid_cut_lines(fronts, x0, top, cols, rows, TOKEN_CELL, TOKEN_CELL)
            _grid_cut_lines(backs, x0, top, cols, rows, TOKEN_CELL, TOKEN_CELL)
        out.append(("token fronts", fronts))
        out.append(("token backs", backs))
    return out


def _back_label(d: Drawing, cx: float, cy: float, r: float, room: str, place: int) -> None:
    """The room's name across the lower half of a token back, its place on top."""
    size = min(30.0, 1.55 * r / max(1.0, text_width(room, 1.0, bold=True)))
    d.rect(cx - r * 0.86, cy + r * 0.3, 1.72 * r, size + 22, fill=WHITE, radius=(size + 22) / 2)
    d.text(cx, cy + r * 0.3 + (size + 22) / 2, room, size=size, bold=True, anchor="mm")
    d.circle(cx, cy - r * 0.5, 30, fill=WHITE, stroke=INK, width=3)
    d.text(cx, cy - r * 0.5, str(place), size=32, bold=True, anchor="mm")


def setup_page(mission: Mission, paper: Paper | None = None) -> Drawing:
    """The setup sheet: the rulebook's setup steps for the mission's deal, numbered."""
    paper = A4 if paper is None else paper
    W = paper.width
    d = _page(mission, _("Setup"), paper)
    y = MARGIN + 200
    _label(d, MARGIN, y, _("SETUP"))
    y += 90
    for number, step in enumerate(setup_steps(mission), 1):
        d.text(MARGIN, y, f"{number}.", size=40, bold=True, anchor="lt")
        for line in wrap_text(step, 40, W - 2 * MARGIN - 90):
            d.text(MARGIN + 90, y, line, size=40, anchor="lt", fill=INK)
            y += 60
        y += 40
    return d


def map_page(mission: Mission, key: Mapping[str, Glyph], paper: Paper | None = None) -> Drawing:
    """The print page with the map."""
    paper = A4 if paper is None else paper
    H = paper.height
    d = _page(mission, _("Map"), paper)
    drawing = map_drawing(map_from_mission(mission), key)
    _place_centred(d, drawing, MARGIN + 220, H - 2 * MARGIN - 420)
    return d


def _action_card(
    d: Drawing,
    x: float,
    y: float,
    name: str,
    colour: str,
    body: str,
    footer: str,
    icon: Callable[[Drawing, float, float, float], None] | None,
) -> None:
    pad = 36.0
    d.rect(
        x + pad,
        y + pad,
        CARD_W - 2 * pad,
        CARD_H - 2 * pad,
        fill=CARD,
        stroke=INK,
        width=5,
        radius=36,
    )
    band = 330.0
    d.rect(x + pad, y + pad, CARD_W - 2 * pad, band, fill=colour, radius=36)
    d.rect(x + pad, y + pad + band - 40, CARD_W - 2 * pad, 40, fill=colour)
    d.rect(x + pad, y + pad, CARD_W - 2 * pad, CARD_H - 2 * pad, stroke=INK, width=5, radius=36)
    if icon is not None:
        icon(d, x + CARD_W / 2, y + pad + band / 2, 190)
    ty = y + pad + band + 70
    d.text(x + CARD_W / 2, ty, name.upper(), size=66, bold=True, anchor="mt", spacing=8)
    ty += 130
    room = CARD_H - pad - 150 - (ty - y)
    size = 34.0
    lines = wrap_text(body, size, CARD_W - 2 * pad - 70)
    while len(lines) * size * 1.42 > room and size > 22:
        size -= 2
        lines = wrap_text(body, size, CARD_W - 2 * pad - 70)
    for line in lines:
        d.text(x + pad + 35, ty, line, size=size, anchor="lt")
        ty += size * 1.42
    if footer:
        lines = wrap_text(footer, 28, CARD_W - 2 * pad - 70, italic=True)
        fy = y + CARD_H - pad - 50 - 40 * (len(lines) - 1)
        for line in lines:
            d.text(x + CARD_W / 2, fy, line, size=28, italic=True, fill=MUTED, anchor="mm")
            fy += 40


def action_cards_page(mission: Mission, paper: Paper | None = None) -> Drawing:
    """The print page with the action cards and the discard-pile card."""
    paper = A4 if paper is None else paper
    W = paper.width
    d = _page(mission, _("Action cards"), paper)
    d.text(
        MARGIN,
        MARGIN + 160,
        _(
            "Cut along the grey lines. The last card is the discard "
            "pile (print it on both sides, or use one side at a time)."
        ),
        size=34,
        anchor="lt",
    )
    cols, rows = 3, 2
    x0 = (W - cols * CARD_W) / 2
    y0 = MARGIN + 300
    cards: list[tuple[str, str, str, str, str, Any]] = []
    for action in ACTIONS:
        colour = ACTION_COLOURS[action]

        def icon(dd: Drawing, cx: float, cy: float, s: float, a: str = action) -> None:
            action_icon(dd, a, cx, cy, s, WHITE)

        name, body = _(ACTION_NAMES[action]), _(ACTION_TEXT[action])
        cards.append((action, name, colour, body, _(PILE_RULE), icon))
    deck = mission.deck
    icons = ngettext("{n} time icon", "{n} time icons", sum(deck.time))
    cards.append(
        (
            "discard pile",
            _("Discard pile"),
            "#5b6478",
            ngettext(
                "The {n} time card ({icons}) starts here. When the deck runs out, turn "
                "this card to In Peril and shuffle the whole discard pile into a new deck.",
                "The {n} time cards ({icons}) start here. When the deck runs out, turn "
                "this card to In Peril and shuffle the whole discard pile into a new deck.",
                len(deck.time),
                icons=icons,
            ),
            _("Normal side"),
            _hourglass,
        )
    )
    cards.append(
        (
            "in peril",
            _("In Peril"),
            RED,
            _(
                "If the discard pile holds 3 or more time icons, the mission is lost at once. "
                "Drawing up at the end of a turn is optional, one card at a time."
            ),
            _("The other side of the discard pile"),
            _hourglass,
        )
    )
    for i, (key, name, colour, body, footer, icon_fn) in enumerate(cards):
        r, c = divmod(i, cols)
        _action_card(d, x0 + c * CARD_W, y0 + r * CARD_H, name, colour, body, footer, icon_fn)
        d.region(f"card:{key}", x0 + c * CARD_W, y0 + r * CARD_H, CARD_W, CARD_H)
    _grid_cut_lines(d, x0, y0, cols, rows, CARD_W, CARD_H)
    return d


def _hourglass(d: Drawing, cx: float, cy: float, s: float) -> None:
    h = s / 2
    w = s * 0.36
    d.line([(cx - w, cy - h), (cx + w, cy - h)], stroke=WHITE, width=s * 0.08)
    d.line([(cx - w, cy + h), (cx + w, cy + h)], stroke=WHITE, width=s * 0.08)
    d.line([(cx - w * 0.8, cy - h), (cx + w * 0.8, cy + h)], stroke=WHITE, width=s * 0.06)
    d.line([(cx + w * 0.8, cy - h), (cx - w * 0.8, cy + h)], stroke=WHITE, width=s * 0.06)
    d.polygon(
        [(cx - w * 0.45, cy + h * 0.95), (cx + w * 0.45, cy + h * 0.95), (cx, cy + h * 0.4)],
        fill=WHITE,
    )


def key_page(mission: Mission, key: Mapping[str, Glyph], paper: Paper | None = None) -> Drawing:
    """The print page with the author's glyph key, marked as a spoiler."""
    paper = A4 if paper is None else paper
    W, H = paper.width, paper.height
    d = _page(mission, _("Glyph key"), paper)
    y = MARGIN + 170
    d.rect(MARGIN, y, W - 2 * MARGIN, 190, fill=RED, radius=24)
    d.region("spoiler", MARGIN, y, W - 2 * MARGIN, 190)
    d.text(W / 2, y + 70, _("SPOILER"), size=84, bold=True, fill=WHITE, anchor="mm", spacing=16)
    d.text(
        W / 2,
        y + 145,
        _("The glyph key: what every window hides. Players, do not read on."),
        size=36,
        fill=WHITE,
        anchor="mm",
    )
    contents = {gid: g.content for gid, g in mission.glyphs.items()}
    captions = {}
    glyphs = []
    for gid, glyph in key.items():
        content = contents.get(gid)
        captions[f"{gid}"] = (
            f"{gid} = {content}" if content is not None else _("{glyph}: decoy", glyph=gid)
        )
        glyphs.append(_renamed(glyph, gid))
    sheet = sheet_drawing(glyphs, title="", captions=captions, subtitle="")
    sheet.background = None
    top = y + 290
    _place_centred(d, sheet, top, H - top - MARGIN - 460, crop=False)
    answer = getattr(mission, "answer", "")
    if answer:
        ay = H - MARGIN - 260
        d.line([(MARGIN, ay - 60), (W - MARGIN, ay - 60)], stroke=RULE, width=4)
        _label(d, MARGIN, ay, _("THE ANSWER CELLS SPELL"))
        d.text(MARGIN, ay + 70, answer, size=90, bold=True, font="mono", fill=RED, anchor="lt")
    return d


def _renamed(glyph: Glyph, name: str) -> Glyph:
    from dataclasses import replace

    return replace(glyph, name=name)


# ------------------------------------------------------------------ all pages
def print_pages(
    mission: Mission, key: Mapping[str, Glyph] | None = None, *, paper: str | Paper = "a4"
) -> list[tuple[str, Drawing]]:
    """Every print-and-play page of ``mission`` as ``(name, drawing)``, in order, laid
    out on ``paper`` (``a4`` or ``letter``)."""
    from cipherkit.games.mission.art.data import mission_glyph_map

    sheet = _paper(paper)
    key = mission_glyph_map(mission) if key is None else key
    pages: list[tuple[str, Drawing]] = [
        ("card", card_page(mission, key, sheet)),
        ("console", console_page(mission, key, sheet)),
        *token_pages(mission, key, sheet),
        ("map", map_page(mission, key, sheet)),
        ("action cards", action_cards_page(mission, sheet)),
        ("setup", setup_page(mission, sheet)),
        ("glyph key", key_page(mission, key, sheet)),
    ]
    total = len(pages)
    for number, (name, page) in enumerate(pages, 1):
        note = _("SPOILER: keep this page face down") if name == "glyph key" else ""
        _footer(page, number, total, note)
    return pages


_paper = paper


def save_pdf(
    pages: Sequence[Drawing],
    path: str | Path,
    progress: Callable[[], object] | None = None,
) -> Path:
    """Write ``pages`` as one vector PDF (each page the size of its drawing); return
    the path."""
    from cipherkit.games.mission.art.pdf import pdf_bytes

    title = pages[0].title.split(":")[0] if pages else ""
    target = Path(path)
    target.write_bytes(pdf_bytes(pages, title=title, progress=progress))
    return target
