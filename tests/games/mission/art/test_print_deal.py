"""The printed game is the playtested game: the PDF's token backs and setup sheet follow
the mission's deal (issue #35 item 1), read back from the PDF's text for both deals."""

from __future__ import annotations

import dataclasses
import re
from pathlib import Path

from art_helpers import Pdf

from cipherkit.cli import main
from cipherkit.games.mission.art.printing import print_pages
from cipherkit.games.mission.format.files import mission_to_yaml

NAMES = ["card", "console", "token fronts", "token backs", "map", "action cards", "setup"]


def _pdf_text(mission, tmp_path: Path, deal: str) -> dict[str, list[str]]:
    """The text runs of each page of the PDF that ``cipherkit render --pdf`` writes for
    ``mission`` saved with ``deal``."""
    path = tmp_path / f"{deal}.yaml"
    path.write_text(mission_to_yaml(dataclasses.replace(mission, deal=deal)), encoding="utf-8")
    target = tmp_path / f"{deal}.pdf"
    assert main(["render", str(path), "--pdf", str(target), "--quiet"]) == 0
    pages = Pdf(target.read_bytes()).pages()
    assert len(pages) == len(NAMES) + 1  # and the glyph key, last
    return dict(zip(NAMES, (page.text for page in pages), strict=False))


def _names(mission) -> dict[str, str]:
    return {room: attrs.get("name") or room for room, attrs in mission.map.nodes(data=True)}


def test_a_shuffled_deal_prints_alike_backs_and_says_to_mix_and_deal(mission, tmp_path):
    assert mission.deal == "shuffled"
    text = _pdf_text(mission, tmp_path, "shuffled")
    backs = " ".join(text["token backs"])
    assert "All backs are alike" in backs
    names = _names(mission)
    for room in mission.stacks:
        assert names[room] not in text["token backs"]  # no back names a room
    assert not any(re.fullmatch(r"\d+", run) for run in text["token backs"])  # nor a place
    setup = " ".join(text["setup"])
    count = sum(len(s) for s in mission.stacks.values())
    assert f"Mix all {count} clue tokens face down" in setup
    assert "Sort the" not in setup
    for room, stack in mission.stacks.items():
        if stack:
            assert f"{names[room]} {len(stack)}" in setup  # each room's pile size


def test_a_fixed_deal_prints_room_and_place_on_each_back(mission, tmp_path):
    text = _pdf_text(mission, tmp_path, "fixed")
    backs = text["token backs"]
    assert "Each back names the token's room and its place in the stack (1 = top)." in backs
    names = _names(mission)
    for room, stack in mission.stacks.items():
        assert backs.count(names[room]) == len(stack)
    deepest = max(len(s) for s in mission.stacks.values())
    assert str(deepest) in backs
    setup = " ".join(text["setup"])
    assert "stack each room's pile face down by the numbers on the backs" in setup
    assert "deal is fixed" in setup and "Mix all" not in setup


def test_the_setup_sheet_follows_the_rulebook_steps(mission) -> None:
    page = dict(print_pages(mission))["setup"]
    texts = " ".join(re.findall(r">([^<]*)</text>", page.svg()))
    entrance = _names(mission)[mission.entrance]
    assert f"Every character starts in {entrance}." in texts
    assert f"{len(mission.cells)} windows" in texts
    assert f"hand of {mission.deck.hand_size}" in texts
