"""The campaign page: the published missions played in turn, as one gallery page.

Design notes: ``docs/deploy.md``, ``cipherkit.publish.campaign_page``.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from cipherkit.core.errors import CipherkitError
from cipherkit.publish.escape import text_html
from cipherkit.publish.gallery import LANGUAGE_FOLDERS
from cipherkit.publish.nav import back_link, nav_html
from cipherkit.publish.registry import REGISTRY_NAME, SHIPPED, read_registry

PAGE = "campaign.ipynb"
THUMBNAIL = Path("images") / "campaign.svg"
CAMPAIGN_PLAYERS = {"players": 2, "humans": 1, "bots": "planner:normal,propose=off"}
BACK_LINK = nav_html([back_link()])
"""The page's way back to the gallery index (beside it)."""


def campaign_table(here: str | os.PathLike[str] | None = None, **options: Any) -> Any:
    """A :class:`CampaignTable` over the gallery's published missions (``here``: the
    page's folder, default the working directory); its progress is saved in the page's
    room store, so a reload resumes it."""
    from cipherkit.widgets.mission.campaign import CampaignTable

    folder = Path(here if here is not None else os.getcwd())
    registry = read_registry(folder / REGISTRY_NAME)
    # not the missions whose pages are in a language folder (that folder's own campaign)
    elsewhere = {
        mid
        for mid in registry
        if not (folder / f"{mid}.ipynb").is_file()
        and any((folder / lang / f"{mid}.ipynb").is_file() for lang in LANGUAGE_FOLDERS)
    }
    mine = {mid: path for mid, path in registry.items() if mid not in elsewhere}
    missions: Any = sorted(mine.values(), key=lambda p: p.name) if mine else SHIPPED
    return CampaignTable(missions, **{**CAMPAIGN_PLAYERS, "save": True, **options})


def publish_campaign(
    mission_paths: list[str | os.PathLike[str]], out: str | os.PathLike[str]
) -> list[Path]:
    """Write the campaign page and its picture into the gallery ``out``; the missions
    must form one campaign (:class:`~cipherkit.games.mission.content.campaign.CampaignMap`)."""
    from cipherkit.games.mission.format.files import load_campaign
    from cipherkit.publish.gallery import write_notebook

    campaign = load_campaign([Path(p) for p in mission_paths])
    folder = Path(out)
    if folder.exists() and not folder.is_dir():
        raise CipherkitError.say("{folder}: not a folder", folder=folder)
    (folder / THUMBNAIL.parent).mkdir(parents=True, exist_ok=True)
    picture = folder / THUMBNAIL
    picture.write_text(campaign_thumbnail_svg(campaign), encoding="utf-8")
    first = campaign.missions[campaign.start].title
    intro = "\n".join(
        [
            BACK_LINK,
            "",
            "# The campaign",
            "",
            f"Play the {len(campaign.missions)} missions in turn, starting with "
            f"*{text_html(first)}*. "
            "A win and a loss can lead to different missions, missions are not replayed, "
            "and what you win unlocks secret rules that help you in the missions after. "
            "The table below draws the campaign's graph, with the mission you are on "
            "framed in gold.",
        ]
    )
    code = "from cipherkit.publish.campaign_page import campaign_table\n\ncampaign_table()"
    meta = {
        "kind": "campaign",
        "title": "The campaign",
        "summary": f"All {len(campaign.missions)} missions in turn, with a bot team-mate: "
        "wins and losses lead different ways and unlock secret rules.",
        "players": "you and a planner bot",
        "thumbnail": THUMBNAIL.as_posix(),
        "order": 5,
    }
    page = write_notebook(folder / PAGE, [("markdown", intro), ("code", code)], meta)
    return [page, picture]


def campaign_thumbnail_svg(campaign: Any) -> str:
    """The index card's picture: the campaign's missions as numbered rings, in columns
    by how far into the campaign each comes, joined green for a win and red (dashed)
    for a loss (one grey line where both lead the same way), under a title big enough
    to read on the card (480 x 270, like the other thumbnails).

    >>> from cipherkit.games.mission.format.files import load_campaign
    >>> svg = campaign_thumbnail_svg(load_campaign(SHIPPED))
    >>> svg.startswith('<svg xmlns="http://www.w3.org/2000/svg" width="480"'), ">4b<" in svg
    (True, True)
    """
    import html

    order = campaign.order()
    depth: dict[str, int] = {}
    for mid in order:
        before = [depth[p] + 1 for p in campaign.graph.predecessors(mid) if p in depth]
        depth[mid] = max(before, default=0)
    columns = max(depth.values()) + 1
    rows: dict[int, list[str]] = {}
    for mid in order:
        rows.setdefault(depth[mid], []).append(mid)
    step = (480 - 2 * 34) / max(columns - 1, 1)
    where: dict[str, tuple[float, float]] = {}
    for col, mids in rows.items():
        for i, mid in enumerate(mids):
            y = 160 + (i - (len(mids) - 1) / 2) * 56
            where[mid] = (34 + col * step, y)
    out = [
        '<svg xmlns="http://www.w3.org/2000/svg" width="480" height="270" '
        'viewBox="0 0 480 270" font-family="sans-serif">',
        '<rect width="480" height="270" rx="18" fill="#1f2a44"/>',
        '<text x="24" y="52" font-family="Georgia, serif" font-size="34" font-weight="700" '
        'fill="#fdf6e3">The campaign</text>',
        f'<text x="26" y="82" font-size="17" fill="#e9c46a">{len(order)} missions in turn; '
        "wins and losses lead different ways</text>",
        '<path d="M300,250 h26" stroke="#5cb85c" stroke-width="4"/>'
        '<text x="332" y="256" font-size="15" fill="#fdf6e3">win</text>'
        '<path d="M376,250 h26" stroke="#e06060" stroke-width="4" stroke-dasharray="6 4"/>'
        '<text x="408" y="256" font-size="15" fill="#fdf6e3">loss</text>',
    ]
    for mid in order:
        link = campaign.missions[mid].campaign
        if link is None:
            continue
        x1, y1 = where[mid]
        ends = {link.win.next, link.loss.next} - {None}
        for nxt in ends:
            x2, y2 = where[nxt]
            both = link.win.next == link.loss.next
            colour = "#9aa6bd" if both else ("#5cb85c" if nxt == link.win.next else "#e06060")
            dash = "" if both or nxt == link.win.next else ' stroke-dasharray="6 4"'
            bend = y1 + 58 if x2 - x1 > 1.5 * step else (y1 + y2) / 2  # a skip dips below
            out.append(
                f'<path d="M{x1:.1f},{y1:.1f} Q{(x1 + x2) / 2:.1f},{bend:.1f} {x2:.1f},{y2:.1f}" '
                f'fill="none" stroke="{colour}" stroke-width="4"{dash}/>'
            )
    for mid in order:
        x, y = where[mid]
        first = mid == campaign.start
        out.append(
            f'<circle cx="{x:.1f}" cy="{y:.1f}" r="21" fill="#fdf6e3" '
            f'stroke="{"#e9c46a" if first else "#3b4f7a"}" stroke-width="{5 if first else 3}"/>'
            f'<text x="{x:.1f}" y="{y + 7:.1f}" font-size="20" font-weight="700" '
            f'text-anchor="middle" fill="#1f2a44">{html.escape(campaign.number(mid))}</text>'
        )
    out.append("</svg>")
    return "\n".join(out) + "\n"
