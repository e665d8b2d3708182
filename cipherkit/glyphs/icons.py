"""Small pictures drawn in code: action symbols, traps, special tokens, standees, tokens.

Every icon is drawn into a :class:`~cipherkit.glyphs.drawing.Drawing` around a centre
point at a given size, so the same icon serves the map, the tokens and the cards.
"""

from __future__ import annotations

import math
from collections.abc import Mapping

from cipherkit.glyphs.data import StandeeData, TokenData
from cipherkit.glyphs.drawing import Drawing, Point
from cipherkit.glyphs.glyph import Glyph
from cipherkit.glyphs.theme import (
    BRICK,
    CARD,
    ENTRANCE,
    INK,
    MUTED,
    PASSAGE,
    RED,
    SEAT_COLOURS,
    TOKEN_BACK,
    TRAP_COLOURS,
    WHITE,
    mark_colour,
)
from cipherkit.i18n import N_, _

ACTION_ICONS = ("run", "gather", "intel", "regroup")


def _arc(cx: float, cy: float, r: float, a0: float, a1: float, steps: int = 24) -> list[Point]:
    """Points on a circle from angle ``a0`` to ``a1`` (degrees, 0 = right, clockwise)."""
    return [
        (
            cx + r * math.cos(math.radians(a0 + (a1 - a0) * i / steps)),
            cy + r * math.sin(math.radians(a0 + (a1 - a0) * i / steps)),
        )
        for i in range(steps + 1)
    ]


def action_icon(
    d: Drawing, action: str, cx: float, cy: float, size: float, colour: str = INK
) -> None:
    """The symbol of an action card (``run``, ``gather``, ``intel``, ``regroup``).

    Examples
    --------
    >>> from cipherkit.glyphs.drawing import Drawing
    >>> from cipherkit.glyphs.icons import action_icon, ACTION_ICONS
    >>> d = Drawing(100, 100)
    >>> for name in ACTION_ICONS:
    ...     action_icon(d, name, 50, 50, 60)
    >>> len(d.shapes) > 8
    True
    """
    s = size / 2
    w = size * 0.11
    if action == "run":
        for dx in (-0.42, 0.12):
            x0 = cx + dx * s
            d.line(
                [(x0, cy - 0.55 * s), (x0 + 0.42 * s, cy), (x0, cy + 0.55 * s)],
                stroke=colour,
                width=w,
            )
    elif action == "gather":
        d.line(
            [
                (cx - 0.7 * s, cy + 0.05 * s),
                (cx - 0.7 * s, cy + 0.7 * s),
                (cx + 0.7 * s, cy + 0.7 * s),
                (cx + 0.7 * s, cy + 0.05 * s),
            ],
            stroke=colour,
            width=w,
        )
        d.line([(cx, cy - 0.75 * s), (cx, cy + 0.3 * s)], stroke=colour, width=w)
        d.line(
            [(cx - 0.32 * s, cy), (cx, cy + 0.32 * s), (cx + 0.32 * s, cy)], stroke=colour, width=w
        )
    elif action == "intel":
        # an eye: two lids (arcs meeting at the corners), an iris and a pupil
        k, big_r, corner = 0.486 * s, 0.936 * s, 31.3
        d.line(_arc(cx, cy + k, big_r, 180 + corner, 360 - corner), stroke=colour, width=w)
        d.line(_arc(cx, cy - k, big_r, corner, 180 - corner), stroke=colour, width=w)
        d.circle(cx, cy, 0.3 * s, stroke=colour, width=w * 0.8)
        d.circle(cx, cy, 0.13 * s, fill=colour)
    elif action == "regroup":
        pts = _arc(cx, cy, 0.62 * s, -60, 230)
        d.line(pts, stroke=colour, width=w)
        ex, ey = pts[-1]
        # arrowhead at the end, pointing along the circle
        a = math.radians(230)
        tx, ty = -math.sin(a), math.cos(a)
        nx, ny = math.cos(a), math.sin(a)
        head = 0.34 * s
        d.polygon(
            [
                (ex + tx * head, ey + ty * head),
                (ex + nx * head * 0.7, ey + ny * head * 0.7),
                (ex - nx * head * 0.7, ey - ny * head * 0.7),
            ],
            fill=colour,
        )
    else:
        d.text(cx, cy, action[:1].upper(), size=size * 0.7, bold=True, fill=colour, anchor="mm")


def trap_icon(
    d: Drawing, token: TokenData, cx: float, cy: float, size: float, colour: str = WHITE
) -> None:
    """The picture of a trap: a camera, a gas cloud, or counter-intel over its action."""
    s = size / 2
    w = size * 0.09
    if token.name == "camera":
        d.rect(cx - 0.7 * s, cy - 0.4 * s, 1.4 * s, 0.9 * s, fill=colour, radius=0.15 * s)
        d.rect(cx - 0.35 * s, cy - 0.62 * s, 0.5 * s, 0.26 * s, fill=colour, radius=0.06 * s)
        d.circle(cx, cy + 0.05 * s, 0.3 * s, fill=TRAP_COLOURS["brown"])
        d.circle(cx, cy + 0.05 * s, 0.15 * s, fill=colour)
    elif token.name == "gas":
        for k, dy in enumerate((-0.45, 0.0, 0.45)):
            pts = [
                (
                    cx + (t / 12 - 0.5) * 1.5 * s,
                    cy + dy * s + 0.14 * s * math.sin(t / 12 * 2 * math.pi * 1.5 + k),
                )
                for t in range(13)
            ]
            d.line(pts, stroke=colour, width=w)
    elif token.name == "counter-intel":
        if token.action:
            action_icon(d, token.action, cx, cy, size * 0.62, colour)
        d.circle(cx, cy, 0.78 * s, stroke=RED, width=w * 1.1)
        p = 0.78 * s / math.sqrt(2)
        d.line([(cx - p, cy - p), (cx + p, cy + p)], stroke=RED, width=w * 1.1)
    else:
        d.text(cx, cy, "!", size=size * 0.8, bold=True, fill=colour, anchor="mm")


def trap_colour(colour: str | None) -> str:
    """A trap token's colour: a name of :data:`~cipherkit.glyphs.theme.TRAP_COLOURS`
    (``brown``, ``yellow``), a ``#rrggbb`` colour, or ``None`` (a plain, muted trap)."""
    if colour is None:
        return MUTED
    return TRAP_COLOURS.get(colour, colour if colour.startswith("#") else MUTED)


TRAP_LABELS = {"camera": N_("camera"), "gas": N_("gas"), "counter-intel": N_("counter-intel")}
"""The word printed on a trap token (in the catalog; other names are printed as they are)."""


def token(
    d: Drawing,
    tok: TokenData,
    cx: float,
    cy: float,
    r: float,
    glyphs: Mapping[str, Glyph],
    *,
    label: bool = False,
) -> None:
    """A face-up clue token: a glyph on a paper disc, or a trap on its colour."""
    if tok.is_trap:
        colour = trap_colour(tok.colour)
        d.circle(cx, cy, r, fill=colour, stroke=INK, width=max(1.0, r * 0.07))
        fg = INK if colour == TRAP_COLOURS["yellow"] else WHITE
        trap_icon(d, tok, cx, cy - (0.12 * r if label else 0), r * (1.0 if label else 1.2), fg)
        if label:
            known = TRAP_LABELS.get(tok.name)
            text = _(known) if known else tok.name.replace("-", " ")
            d.text(cx, cy + 0.58 * r, text, size=r * 0.2, bold=True, fill=fg, anchor="mm")
        return
    colour = mark_colour(tok.marks) or INK
    d.circle(cx, cy, r, fill=CARD, stroke=INK, width=max(1.0, r * 0.07))
    glyph = glyphs.get(tok.name)
    g = 1.5 * r
    if glyph is not None:
        d.glyph(glyph, cx - g / 2, cy - g / 2, g, color=colour)
    else:
        d.text(cx, cy, tok.name[:3], size=r * 0.6, anchor="mm", fill=colour)
    others = [m for m in tok.marks if mark_colour([m]) is None]
    if others:
        d.circle(cx + 0.62 * r, cy - 0.62 * r, 0.16 * r, fill=INK)


def token_back(d: Drawing, cx: float, cy: float, r: float) -> None:
    """The back every clue token shares."""
    d.circle(cx, cy, r, fill=TOKEN_BACK, stroke=INK, width=max(1.0, r * 0.07))
    d.circle(cx, cy, r * 0.7, stroke="#59627d", width=max(1.0, r * 0.08))
    d.circle(cx, cy, r * 0.36, stroke="#59627d", width=max(1.0, r * 0.08))
    d.circle(cx, cy, r * 0.12, fill="#8a93ab")


def standee(
    d: Drawing, s: StandeeData, cx: float, bottom: float, height: float, index: int = 0
) -> None:
    """A character's standee: a pawn in its seat's colour with the name's initial."""
    seat = s.seat if s.seat is not None else index
    colour = SEAT_COLOURS[seat % len(SEAT_COLOURS)]
    w = height * 0.62
    head = height * 0.2
    d.rect(cx - w / 2, bottom - height * 0.12, w, height * 0.12, fill=INK, radius=height * 0.04)
    d.polygon(
        [
            (cx - w * 0.38, bottom - height * 0.12),
            (cx - w * 0.2, bottom - height * 0.62),
            (cx + w * 0.2, bottom - height * 0.62),
            (cx + w * 0.38, bottom - height * 0.12),
        ],
        fill=colour,
        stroke=INK,
        width=height * 0.04,
    )
    d.circle(
        cx, bottom - height * 0.62 - head * 0.7, head, fill=colour, stroke=INK, width=height * 0.04
    )
    if s.initial:
        d.text(
            cx,
            bottom - height * 0.36,
            s.initial,
            size=height * 0.26,
            bold=True,
            fill=WHITE,
            anchor="mm",
        )


def entrance_badge(
    d: Drawing, cx: float, cy: float, h: float, text: str = "ENTRANCE", colour: str = ENTRANCE
) -> float:
    """A pill naming a special token, centred at ``(cx, cy)``; returns its width."""
    from cipherkit.glyphs.drawing import text_width

    size = h * 0.46
    w = text_width(text, size, bold=True) + len(text) * size * 0.08 + h * 1.5
    d.rect(cx - w / 2, cy - h / 2, w, h, fill=colour, radius=h / 2, stroke=INK, width=h * 0.06)
    # a door with an arrow into it
    x0 = cx - w / 2 + h * 0.35
    d.rect(x0, cy - h * 0.28, h * 0.36, h * 0.56, stroke=WHITE, width=h * 0.07)
    d.line([(x0 - h * 0.12, cy), (x0 + h * 0.22, cy)], stroke=WHITE, width=h * 0.08)
    d.text(
        cx + h * 0.33, cy, text, size=size, bold=True, fill=WHITE, anchor="mm", spacing=size * 0.08
    )
    return w


def wall_token(d: Drawing, cx: float, cy: float, size: float) -> None:
    """A wall token: bricks."""
    w, h = size, size * 0.66
    d.rect(cx - w / 2, cy - h / 2, w, h, fill=BRICK, stroke=INK, width=size * 0.06, radius=4)
    lw = max(1.0, size * 0.05)
    d.line([(cx - w / 2, cy), (cx + w / 2, cy)], stroke="#e8c4b8", width=lw, round=False)
    for k, y0, y1 in ((0, cy - h / 2, cy), (1, cy, cy + h / 2)):
        for fx in (-0.17, 0.3) if k == 0 else (-0.38, 0.06):
            x = cx + fx * w
            d.line([(x, y0), (x, y1)], stroke="#e8c4b8", width=lw, round=False)


def passage_token(d: Drawing, cx: float, cy: float, size: float) -> None:
    """A passage token: an open doorway."""
    r = size / 2
    d.circle(cx, cy, r, fill=PASSAGE, stroke=INK, width=size * 0.06)
    arch = _arc(cx, cy - r * 0.05, r * 0.36, 180, 360, 12)
    pts = [(cx - r * 0.36, cy + r * 0.5), *arch, (cx + r * 0.36, cy + r * 0.5)]
    d.line(pts, stroke=WHITE, width=size * 0.09)
