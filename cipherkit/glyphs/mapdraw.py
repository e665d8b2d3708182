"""The map: rooms at the author's positions (or laid out), passages, walls and tokens.

Design notes: ``docs/glyphs.md``, ``cipherkit.glyphs.mapdraw``.
"""

from __future__ import annotations

import math
from collections.abc import Mapping

from cipherkit.glyphs.cards import Glyphs, resolve_glyphs
from cipherkit.glyphs.data import ENTRANCE, PASSAGE_TOKEN, WALL_TOKEN, MapData, RoomData
from cipherkit.glyphs.drawing import Drawing, text_width, wrap_text
from cipherkit.glyphs.glyph import Glyph
from cipherkit.glyphs.icons import (
    entrance_badge,
    passage_token,
    standee,
    token,
    token_back,
    wall_token,
)
from cipherkit.glyphs.theme import CORRIDOR, INK, MAP_BACK, MUTED, ROOM, RULE
from cipherkit.i18n import N_, _

Point = tuple[float, float]
STEP = 330.0
ROOM_W = 244.0
ROOM_H = 184.0
CORRIDOR_W = 46.0
MARGIN = 60.0
ROOM_NAME_SIZE = 20.0
"""The size of a room's name on the map, in drawing units."""
ROOM_NAME_MIN = 13.0
"""The least size a long room name is shrunk to (see :func:`room_name_lines`)."""
ROOM_NAME_LINES = 2
"""A room's name takes at most this many lines."""
ROOM_NAME_INSET = 10.0
"""The room's name starts this far in from the room's left edge."""
ROOM_NAME_WIDTH = ROOM_W - 2 * ROOM_NAME_INSET
"""The width a room's name is wrapped to."""


def room_name_lines(label: str) -> tuple[float, list[str]]:
    """A room's name as the map draws it: its size and its lines. The name is wrapped to
    the room's width in two lines at most; a longer name (or a word wider than the room,
    as long words are in some languages) is drawn smaller, down to
    :data:`ROOM_NAME_MIN`, and what still does not fit ends in "…".

    >>> room_name_lines("Map Room")
    (20.0, ['Map Room'])
    >>> room_name_lines("Кабинет главного смотрителя старого маяка")
    (14.0, ['Кабинет главного', 'смотрителя старого маяка'])
    >>> room_name_lines("Электроэнцефалографическая лаборатория")
    (13.0, ['Электроэнцефалографичес…', 'лаборатория'])
    """
    size = ROOM_NAME_SIZE
    while True:
        lines = wrap_text(label, size, ROOM_NAME_WIDTH, bold=True)
        fits = len(lines) <= ROOM_NAME_LINES and all(
            text_width(line, size, bold=True) <= ROOM_NAME_WIDTH for line in lines
        )
        if fits or size <= ROOM_NAME_MIN:
            break
        size -= 1.0
    if fits:
        return size, lines
    kept = [_cut(line, size) for line in lines[:ROOM_NAME_LINES]]
    if len(lines) > ROOM_NAME_LINES and not kept[-1].endswith("…"):
        kept[-1] = _cut(kept[-1] + "…", size)
    return size, kept


def _cut(line: str, size: float) -> str:
    """``line``, ended with "…" where it is wider than a room's name may be."""
    if text_width(line, size, bold=True) <= ROOM_NAME_WIDTH:
        return line
    while line and text_width(line + "…", size, bold=True) > ROOM_NAME_WIDTH:
        line = line[:-1]
    return line.rstrip() + "…"


def room_positions(map_data: MapData, *, seed: int = 0) -> dict[str, Point]:
    """Room centres in steps (the closest two rooms one step apart), top-left at 0, 0."""
    if not map_data.rooms:
        return {}
    given = {r.id: r.pos for r in map_data.rooms if r.pos is not None}
    pos: dict[str, Point]
    if len(given) == len(map_data.rooms):
        pos = {k: (float(v[0]), float(v[1])) for k, v in given.items()}
    else:
        import networkx as nx

        graph: nx.Graph[str] = nx.Graph()
        graph.add_nodes_from(r.id for r in map_data.rooms)
        graph.add_edges_from((p.a, p.b) for p in map_data.passages)
        if given:
            layout = nx.spring_layout(graph, pos=dict(given), fixed=list(given), seed=seed)
        else:
            layout = nx.spring_layout(graph, seed=seed)
        pos = {str(k): (float(v[0]), float(v[1])) for k, v in layout.items()}
    ids = list(pos)
    closest = min(
        (math.dist(pos[a], pos[b]) for i, a in enumerate(ids) for b in ids[i + 1 :]),
        default=1.0,
    )
    if closest <= 1e-9:
        closest = 1.0
        pos = {k: (v[0] + i * 1e-3, v[1]) for i, (k, v) in enumerate(pos.items())}
    xs = [p[0] for p in pos.values()]
    ys = [p[1] for p in pos.values()]
    return {k: ((x - min(xs)) / closest, (y - min(ys)) / closest) for k, (x, y) in pos.items()}


def _clip(centre: Point, toward: Point, w: float, h: float) -> Point:
    """Where the segment from a box's centre toward a point leaves the box."""
    (cx, cy), (tx, ty) = centre, toward
    dx, dy = tx - cx, ty - cy
    if dx == 0 and dy == 0:
        return centre
    t = min(
        (w / 2) / abs(dx) if dx else math.inf,
        (h / 2) / abs(dy) if dy else math.inf,
    )
    return (cx + dx * t, cy + dy * t)


def map_drawing(
    map_data: MapData,
    glyphs: Glyphs | Mapping[str, Glyph],
    *,
    legend: bool = True,
    title: str | None = None,
    seed: int = 0,
) -> Drawing:
    """The map (see the module docstring).

    Examples
    --------
    >>> import networkx as nx
    >>> from cipherkit.glyphs import generate
    >>> from cipherkit.glyphs.data import MapData
    >>> from cipherkit.glyphs.mapdraw import map_drawing, room_positions
    >>> g = nx.cycle_graph(["a", "b", "c"])
    >>> m = MapData.from_graph(g)
    >>> sorted(room_positions(m))
    ['a', 'b', 'c']
    >>> d = map_drawing(m, generate("runes", seed=1))
    >>> sorted(k for k in d.regions if k.startswith("room:"))
    ['room:a', 'room:b', 'room:c']
    """
    face_ids = [t.name for r in map_data.rooms for t in r.face_up if not t.is_trap]
    key = resolve_glyphs(glyphs, face_ids) if face_ids else {}
    steps = room_positions(map_data, seed=seed)
    head = 70.0
    width_steps = max((p[0] for p in steps.values()), default=0.0)
    height_steps = max((p[1] for p in steps.values()), default=0.0)
    width = max(2 * MARGIN + width_steps * STEP + ROOM_W, 720.0)
    offset_x = (width - (width_steps * STEP + ROOM_W)) / 2
    legend_h = LEGEND_ROW_H * len(legend_rows(width)) if legend else 0.0
    height = head + 2 * MARGIN + height_steps * STEP + ROOM_H + legend_h
    heading = map_data.title if title is None else title
    d = Drawing(
        width,
        height,
        background=MAP_BACK,
        title=_("Map: {title}", title=heading) if heading else _("Map"),
    )
    d.text(MARGIN / 2 + 6, 44, heading or _("Map"), size=28, bold=True, font="serif", anchor="ls")
    if heading:
        d.text(
            width - MARGIN / 2 - 6,
            44,
            _("MAP"),
            size=14,
            bold=True,
            fill=MUTED,
            anchor="rs",
            spacing=3,
        )
    centres = {
        room: (offset_x + ROOM_W / 2 + x * STEP, head + MARGIN + ROOM_H / 2 + y * STEP)
        for room, (x, y) in steps.items()
    }
    # corridors under the rooms: an ink band with a lighter band inside
    for p in map_data.passages:
        a, b = centres[p.a], centres[p.b]
        d.line([a, b], stroke=INK, width=CORRIDOR_W + 8, round=False)
    for p in map_data.passages:
        a, b = centres[p.a], centres[p.b]
        d.line([a, b], stroke=CORRIDOR, width=CORRIDOR_W, round=False)
    for room in map_data.rooms:
        _room(d, room, centres[room.id], key)
    for p in map_data.passages:
        _passage_marks(d, p.a, p.b, p.wall, p.token, centres[p.a], centres[p.b])
    if legend:
        _legend(d, width, height - legend_h - 10)
    return d


def _passage_marks(
    d: Drawing, a: str, b: str, wall: bool, tok: str | None, pa: Point, pb: Point
) -> None:
    ea = _clip(pa, pb, ROOM_W + 6, ROOM_H + 6)
    eb = _clip(pb, pa, ROOM_W + 6, ROOM_H + 6)
    mx, my = (ea[0] + eb[0]) / 2, (ea[1] + eb[1]) / 2
    first, second = sorted((a, b))
    d.region(
        f"passage:{first}|{second}",
        mx - CORRIDOR_W / 2,
        my - CORRIDOR_W / 2,
        CORRIDOR_W,
        CORRIDOR_W,
    )
    dx, dy = pb[0] - pa[0], pb[1] - pa[1]
    length = math.hypot(dx, dy) or 1.0
    nx, ny = -dy / length, dx / length
    if wall:
        half = CORRIDOR_W / 2 + 14
        d.line(
            [(mx - nx * half, my - ny * half), (mx + nx * half, my + ny * half)],
            stroke=INK,
            width=16,
            round=False,
        )
    if tok == WALL_TOKEN:
        wall_token(d, mx, my, 50)
    elif tok == PASSAGE_TOKEN:
        passage_token(d, mx, my, 40)


def _room(d: Drawing, room: RoomData, centre: Point, key: Mapping[str, Glyph]) -> None:
    cx, cy = centre
    x, y = cx - ROOM_W / 2, cy - ROOM_H / 2
    d.rect(x + 5, y + 6, ROOM_W, ROOM_H, fill="#c9c0ad", radius=14)
    d.rect(x, y, ROOM_W, ROOM_H, fill=ROOM, stroke=INK, width=4, radius=14)
    d.region(f"room:{room.id}", x, y, ROOM_W, ROOM_H)
    # name
    size, lines = room_name_lines(room.label)
    ty = y + 20
    for line in lines:
        d.text(x + ROOM_NAME_INSET, ty, line, size=size, bold=True, anchor="lt")
        ty += size * 4 / 3
    # special tokens as tabs on the top edge
    badges = list(room.tokens)
    bx = x + ROOM_W - 14
    for special in reversed(badges):
        text = _("ENTRANCE") if special == ENTRANCE else special.upper().replace("-", " ")
        colour = "#3c8a4f" if special == ENTRANCE else "#6c6a8f"
        w = text_width(text, 12, bold=True) + 12 * 0.08 * len(text) + 26 * 1.5
        entrance_badge(d, bx - w / 2, y, 26, text, colour)
        d.region(f"special:{room.id}:{special}", bx - w, y - 13, w, 26)
        bx -= w + 6
    # standees, middle row
    for i, s in enumerate(room.standees[:5]):
        sx = x + 30 + i * 38
        standee(d, s, sx, y + 122, 50, i)
        d.region(f"standee:{room.id}:{i}", sx - 16, y + 72, 32, 50)
    # stack, bottom left
    sy = y + ROOM_H - 30
    sx = x + 30
    if room.stack:
        for k in range(min(room.stack, 3) - 1, -1, -1):
            token_back(d, sx + 4 * k, sy - 4 * k, 18)
        d.text(sx + 28, sy, f"×{room.stack}", size=19, bold=True, anchor="lm")
    else:
        d.circle(sx, sy, 18, stroke=RULE, width=2.5)
        d.text(sx + 26, sy, _("empty"), size=14, fill=MUTED, anchor="lm")
    d.region(f"stack:{room.id}", sx - 18, sy - 26, 26 + 36, 44)
    # face-up tokens, bottom right
    shown = room.face_up[:3]
    fx = x + ROOM_W - 30
    for i, tok in enumerate(reversed(shown)):
        index = len(shown) - 1 - i
        token(d, tok, fx, sy, 21, key)
        d.region(f"faceup:{room.id}:{index}", fx - 21, sy - 21, 42, 42)
        fx -= 47
    if len(room.face_up) > len(shown):
        d.text(
            x + ROOM_W - 14,
            y + ROOM_H - 62,
            _("+{n} more", n=len(room.face_up) - len(shown)),
            size=13,
            bold=True,
            anchor="rm",
        )


LEGEND: tuple[tuple[str, str], ...] = (
    (N_("passage"), "corridor"),
    (N_("printed wall"), "wall"),
    (N_("wall token"), "walltoken"),
    (N_("passage token"), "passagetoken"),
    (N_("face-down stack"), "stack"),
    (N_("trap"), "trap"),
    (N_("character"), "standee"),
)
"""The legend's items: the label (English: said with ``_``) and the symbol drawn above it."""
LEGEND_LABELS = tuple(label for label, _kind in LEGEND)
LEGEND_TEXT = 13.0
"""The legend labels' font size."""
LEGEND_ROW_H = 96.0
LEGEND_ICON_W = 60.0
"""The widest legend symbol."""
LEGEND_GAP = 18.0
"""The least space between two legend items."""


def legend_rows(width: float) -> list[list[tuple[str, str, float]]]:
    """The legend laid out for a map ``width`` wide: rows of ``(label, kind, centre x)``,
    the labels in the language in force.

    Each item is as wide as its label or its symbol, whichever is wider, plus
    :data:`LEGEND_GAP`; the items go in one row when they fit in the width, else in as
    few rows as fit, and each row shares its spare width out evenly. So no two labels
    ever overlap, however narrow the map.

    >>> [len(row) for row in legend_rows(720)]
    [7]
    >>> [len(row) for row in legend_rows(500)]
    [4, 3]
    >>> row = legend_rows(720)[0]
    >>> all(a[2] < b[2] for a, b in zip(row, row[1:]))
    True
    """
    available = width - MARGIN
    legend = [(_(label), kind) for label, kind in LEGEND]
    sizes = [
        max(text_width(label, LEGEND_TEXT), LEGEND_ICON_W) + LEGEND_GAP for label, _k in legend
    ]
    items = list(zip(legend, sizes, strict=True))
    for count in range(1, len(items) + 1):
        per = math.ceil(len(items) / count)
        chunks = [items[i : i + per] for i in range(0, len(items), per)]
        if all(sum(w for _, w in chunk) <= available for chunk in chunks):
            break
    rows = []
    for chunk in chunks:
        spare = max(available - sum(w for _, w in chunk), 0.0) / len(chunk)
        x = MARGIN / 2
        row = []
        for (label, kind), w in chunk:
            row.append((label, kind, x + (w + spare) / 2))
            x += w + spare
        rows.append(row)
    return rows


def _legend(d: Drawing, width: float, top: float) -> None:
    from cipherkit.glyphs.data import StandeeData, TokenData

    d.line([(MARGIN / 2, top), (width - MARGIN / 2, top)], stroke=RULE, width=2)
    rows = legend_rows(width)
    for r, row in enumerate(rows):
        y = top + 40 + r * LEGEND_ROW_H
        for _label, kind, cx in row:
            if kind == "corridor":
                d.line([(cx - 26, y), (cx + 26, y)], stroke=INK, width=22, round=False)
                d.line([(cx - 27, y), (cx + 27, y)], stroke=CORRIDOR, width=14, round=False)
            elif kind == "wall":
                d.line([(cx - 26, y), (cx + 26, y)], stroke=INK, width=22, round=False)
                d.line([(cx - 27, y), (cx + 27, y)], stroke=CORRIDOR, width=14, round=False)
                d.line([(cx, y - 18), (cx, y + 18)], stroke=INK, width=9, round=False)
            elif kind == "walltoken":
                wall_token(d, cx, y, 38)
            elif kind == "passagetoken":
                passage_token(d, cx, y, 32)
            elif kind == "stack":
                token_back(d, cx, y, 15)
            elif kind == "trap":
                token(d, TokenData("trap", "camera", colour="brown"), cx, y, 16, {})
            else:
                standee(d, StandeeData("", 0), cx, y + 20, 40)
    # the labels last, in the legend's order (icons may draw text of their own)
    for r, row in enumerate(rows):
        y = top + 40 + r * LEGEND_ROW_H
        for label, _kind, cx in row:
            d.text(cx, y + 36, label, size=LEGEND_TEXT, fill=MUTED, anchor="mt")
