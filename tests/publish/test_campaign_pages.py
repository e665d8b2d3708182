"""Every mission of the shipped campaign is a page of the gallery, with the campaign page."""

from __future__ import annotations

import json
from pathlib import Path

from cipherkit.games.mission.format.files import load_campaign
from cipherkit.publish.registry import read_registry

ROOT = Path(__file__).resolve().parents[2]
PUZZLES = ROOT / "puzzles"


def test_each_shipped_mission_is_published_in_puzzles() -> None:
    campaign = load_campaign(ROOT / "missions")
    registry = read_registry(PUZZLES / ".cipherkit" / "published.json")
    assert set(registry) == set(campaign.missions)
    for mid, path in campaign.files.items():
        page = json.loads((PUZZLES / f"{mid}.ipynb").read_text(encoding="utf-8"))
        meta = page["metadata"]["cipherkit"]
        assert meta["mission"] == mid and meta["kind"] == "mission"
        assert meta["title"] == campaign.missions[mid].title
        assert registry[mid].resolve() == path.resolve()
        assert (PUZZLES / meta["thumbnail"]).is_file()


def test_the_campaign_page_is_in_the_gallery_index() -> None:
    page = json.loads((PUZZLES / "campaign.ipynb").read_text(encoding="utf-8"))
    assert page["metadata"]["cipherkit"]["kind"] == "campaign"
    source = "".join("".join(cell["source"]) for cell in page["cells"])
    assert "campaign_table()" in source
    index = (PUZZLES / "index.ipynb").read_text(encoding="utf-8")
    assert 'data-page=\\"campaign.ipynb' in index
    assert (PUZZLES / "images" / "campaign.svg").is_file()
