"""A picture of a campaign: missions left to right, win links in green, losses in red.

Columns are the missions' depth (the longest way from the first mission), rows keep
missions of one depth apart; each box shows the mission's number and title, and, when
a difficulty table is given, its rating stars. Labels on the links name the secret
rules they unlock.

>>> from cipherkit.games.mission.format.files import load_campaign
>>> from cipherkit.games.mission.art.campaigndraw import campaign_svg
>>> svg = campaign_svg(load_campaign("missions"))
>>> svg.startswith("<svg") and "The Lantern Archive" in svg and "clerks-note" in svg
True
"""

from __future__ import annotations

import html
from collections.abc import Mapping
from typing import Any

import networkx as nx

from cipherkit.glyphs.theme import GOLD, INK, MUTED, PAPER, PASSAGE, RED, ROOM, RULE

BOX_W, BOX_H, GAP_X, GAP_Y, MARGIN, DIP = 170, 58, 96, 34, 24, 46


def _layout(campaign: Any) -> dict[str, tuple[int, int]]:
    graph = campaign.graph
    depth = {campaign.start: 0}
    for node in nx.topological_sort(graph):
        for _, nxt in graph.out_edges(node):
            depth[nxt] = max(depth.get(nxt, 0), depth.get(node, 0) + 1)
    order = campaign.order()
    columns: dict[int, list[str]] = {}
    for node in order:
        columns.setdefault(depth.get(node, 0), []).append(node)
    return {node: (col, row) for col, nodes in columns.items() for row, node in enumerate(nodes)}


def campaign_svg(
    campaign: Any,
    table: Any = None,
    *,
    current: str | None = None,
    played: Mapping[str, str] | None = None,
) -> str:
    """The campaign graph as an SVG document (``table``: a difficulty table, optional).

    ``current`` (a mission id) is framed in gold; ``played`` (mission id -> ``win`` or
    ``loss``) marks the missions a team has played with a tick or a cross.
    """
    played = dict(played or {})
    place = _layout(campaign)
    cols = max(c for c, _ in place.values()) + 1
    rows = max(r for _, r in place.values()) + 1
    width = 2 * MARGIN + cols * BOX_W + (cols - 1) * GAP_X
    skips = any(place[b][0] - place[a][0] > 1 for a, b in campaign.graph.edges())
    height = 2 * MARGIN + rows * BOX_H + (rows - 1) * GAP_Y + 24 + (DIP if skips else 0)
    ratings = {r.mission: r for r in table.rows} if table is not None else {}

    def box(mid: str) -> tuple[float, float]:
        col, row = place[mid]
        return MARGIN + col * (BOX_W + GAP_X), MARGIN + row * (BOX_H + GAP_Y)

    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        f'viewBox="0 0 {width} {height}" font-family="sans-serif">',
        "<defs>",
    ]
    for name, colour in (("win", PASSAGE), ("loss", RED)):
        out.append(
            f'<marker id="arrow-{name}" viewBox="0 0 10 10" refX="9" refY="5" '
            f'markerWidth="7" markerHeight="7" orient="auto-start-reverse">'
            f'<path d="M0,0 L10,5 L0,10 z" fill="{colour}"/></marker>'
        )
    out.append("</defs>")
    out.append(f'<rect width="{width}" height="{height}" fill="{PAPER}"/>')
    for src, dst, data in campaign.graph.edges(data=True):
        skip = place[dst][0] - place[src][0] > 1
        out.extend(_link(box(src), box(dst), data, skip))
    for mid in campaign.order():
        out.extend(_mission_box(campaign, mid, box(mid), mid == current, played.get(mid), ratings))
    out.append(_legend(height - 14))
    out.append(
        f'<rect x="0.5" y="0.5" width="{width - 1}" height="{height - 1}" fill="none" '
        f'stroke="{RULE}"/>'
    )
    out.append("</svg>")
    return "\n".join(out)


def _link(
    start: tuple[float, float], end: tuple[float, float], data: Mapping[str, Any], skip: bool
) -> list[str]:
    """One campaign link: an arrow from a mission's box to the next (dipping under the
    boxes when it ``skip``s a column), labelled with the secret rules it unlocks."""
    (x1, y1), (x2, y2) = start, end
    win = data["result"] == "win"
    colour = PASSAGE if win else RED
    shift = -6 if win else 6
    dash = "" if win else ' stroke-dasharray="5 3"'
    if skip:
        sx, sy = x1 + BOX_W / 2 + shift, y1 + BOX_H
        ex, ey = x2 + BOX_W / 2 + shift, y2 + BOX_H
        low = max(sy, ey) + DIP
        d = f"M{sx:.1f},{sy:.1f} C{sx:.1f},{low:.1f} {ex:.1f},{low:.1f} {ex:.1f},{ey:.1f}"
        mx, ly = (sx + ex) / 2, sy + 0.75 * (low - sy) + 12
    else:
        sx, sy = x1 + BOX_W, y1 + BOX_H / 2 + shift
        ex, ey = x2, y2 + BOX_H / 2 + shift
        mx = (sx + ex) / 2
        d = f"M{sx:.1f},{sy:.1f} C{mx:.1f},{sy:.1f} {mx:.1f},{ey:.1f} {ex:.1f},{ey:.1f}"
        ly = (sy + ey) / 2 + (-5 if win else 13)
    out = [
        f'<path d="{d}" fill="none" stroke="{colour}" stroke-width="2"{dash} '
        f'marker-end="url(#arrow-{data["result"]})"/>'
    ]
    if data["unlock"]:
        label = html.escape(", ".join(data["unlock"]))
        out.append(
            f'<text x="{mx:.1f}" y="{ly:.1f}" font-size="9" text-anchor="middle" '
            f'fill="{colour}">{label}</text>'
        )
    return out


def _mission_box(
    campaign: Any,
    mid: str,
    corner: tuple[float, float],
    current: bool,
    result: str | None,
    ratings: Mapping[str, Any],
) -> list[str]:
    """One mission's box: its number and title, rooms and rating, and the tick or cross
    of a ``result`` a team has had on it."""
    x, y = corner
    mission = campaign.missions[mid]
    edge, weight = (GOLD, 4) if current else (INK, 1.5)
    out = [
        f'<rect x="{x}" y="{y}" width="{BOX_W}" height="{BOX_H}" rx="8" fill="{ROOM}" '
        f'stroke="{edge}" stroke-width="{weight}"/>'
    ]
    if result is not None:
        mark, colour = ("✔", PASSAGE) if result == "win" else ("✘", RED)
        out.append(
            f'<text x="{x + BOX_W - 18}" y="{y + 40}" font-size="16" fill="{colour}">{mark}</text>'
        )
    out.append(
        f'<text x="{x + 10}" y="{y + 20}" font-size="12" font-weight="bold" fill="{INK}">'
        f"{html.escape(campaign.number(mid))}. {html.escape(mission.title)}</text>"
    )
    row = ratings.get(mid)
    detail = f"{mission.map.number_of_nodes()} rooms"
    if row is not None:
        detail += f" · {'★' * row.stars}{'☆' * (5 - row.stars)} {row.label}"
    out.append(
        f'<text x="{x + 10}" y="{y + 40}" font-size="10" fill="{MUTED}">'
        f"{html.escape(detail)}</text>"
    )
    return out


def _legend(ly: float) -> str:
    """The key to the arrows, along the drawing's foot."""
    return (
        f'<line x1="{MARGIN}" y1="{ly}" x2="{MARGIN + 24}" y2="{ly}" stroke="{PASSAGE}" '
        f'stroke-width="2"/><text x="{MARGIN + 30}" y="{ly + 4}" font-size="10" '
        f'fill="{INK}">after a win</text>'
        f'<line x1="{MARGIN + 110}" y1="{ly}" x2="{MARGIN + 134}" y2="{ly}" stroke="{RED}" '
        f'stroke-width="2" stroke-dasharray="5 3"/><text x="{MARGIN + 140}" y="{ly + 4}" '
        f'font-size="10" fill="{INK}">after a loss</text>'
        f'<text x="{MARGIN + 230}" y="{ly + 4}" font-size="10" fill="{MUTED}">'
        f"labels: secret rules unlocked</text>"
    )
