"""Every mission of the shipped campaign is a page of the gallery, with the campaign page."""

from __future__ import annotations

import json
from pathlib import Path

from cipherkit.games.mission.format.files import load_campaign
from cipherkit.publish.registry import read_registry

ROOT = Path(__file__).resolve().parents[2]
PUZZLES = ROOT / "puzzles"


def test_each_shipped_mission_is_published_in_puzzles() -> None:
    """Each shipped mission has its page: the English campaign's in the gallery, the
    Russian one's in its Russian folder (issue 47)."""
    campaign = load_campaign(ROOT / "missions")
    russian = load_campaign(ROOT / "missions" / "ru")
    registry = read_registry(PUZZLES / ".cipherkit" / "published.json")
    assert set(registry) == set(campaign.missions) | set(russian.missions)
    pages = [(PUZZLES, campaign, mid, path) for mid, path in campaign.files.items()]
    pages += [(PUZZLES / "ru", russian, mid, path) for mid, path in russian.files.items()]
    for folder, campaign, mid, path in pages:
        page = json.loads((folder / f"{mid}.ipynb").read_text(encoding="utf-8"))
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
