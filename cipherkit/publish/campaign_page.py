"""The campaign page: the published missions played in turn, as one gallery page.

``cipherkit publish MISSION... --campaign`` writes ``campaign.ipynb`` beside the mission
pages, with the campaign graph as its thumbnail. The page's only code is::

    from cipherkit.publish.campaign_page import campaign_table

    campaign_table()

which builds a :class:`~cipherkit.widgets.campaign_table.CampaignTable` in the kernel
from the missions in the gallery's registry (``.cipherkit/published.json``, outside
what Voila serves), or from the shipped ``missions/`` when there is none.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from cipherkit.core.errors import CipherkitError
from cipherkit.publish.registry import REGISTRY_NAME, SHIPPED, read_registry

PAGE = "campaign.ipynb"
THUMBNAIL = Path("images") / "campaign.svg"
CAMPAIGN_PLAYERS = {"players": 2, "humans": 1, "bots": "planner"}
BACK_LINK = "[← All puzzles](index.ipynb)"
"""The page's way back to the gallery index (beside it)."""


def campaign_table(here: str | os.PathLike[str] | None = None, **options: Any) -> Any:
    """A :class:`CampaignTable` over the gallery's published missions (``here``: the
    page's folder, default the working directory)."""
    from cipherkit.widgets.campaign_table import CampaignTable

    registry = read_registry(Path(here if here is not None else os.getcwd()) / REGISTRY_NAME)
    missions: Any = sorted(registry.values(), key=lambda p: p.name) if registry else SHIPPED
    return CampaignTable(missions, **{**CAMPAIGN_PLAYERS, **options})


def publish_campaign(
    mission_paths: list[str | os.PathLike[str]], out: str | os.PathLike[str]
) -> list[Path]:
    """Write the campaign page and its picture into the gallery ``out``; the missions
    must form one campaign (:class:`~cipherkit.games.mission.campaign.CampaignMap`)."""
    from cipherkit.games.mission.art.campaigndraw import campaign_svg
    from cipherkit.games.mission.campaign import CampaignMap
    from cipherkit.publish.gallery import write_notebook

    campaign = CampaignMap.load([Path(p) for p in mission_paths])
    folder = Path(out)
    if folder.exists() and not folder.is_dir():
        raise CipherkitError(f"{folder}: not a folder")
    (folder / THUMBNAIL.parent).mkdir(parents=True, exist_ok=True)
    picture = folder / THUMBNAIL
    picture.write_text(campaign_svg(campaign), encoding="utf-8")
    first = campaign.missions[campaign.start].title
    intro = "\n".join(
        [
            BACK_LINK,
            "",
            "# The campaign",
            "",
            f"Play the {len(campaign.missions)} missions in turn, starting with *{first}*. "
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
