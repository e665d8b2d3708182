"""Write the campaign's difficulty table into README.md and its picture into docs/images.

Every mission in ``missions/`` is playtested by the ``planner`` bots (two players,
300 games, seed 0) with the secret rules a winning team holds when it gets there
(:func:`cipherkit.playtest.campaign.campaign_difficulty`). The table replaces the text
between the ``difficulty-table`` markers in README.md; ``docs/images/campaign.svg`` is
the campaign graph with each mission's rating. The figures are deterministic, so
``tests/playtest/test_campaign_table.py`` recomputes them and checks the README is
current. Run after changing a mission, the engine or the bots::

    .venv/bin/python scripts/difficulty_table.py
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
START, END = "<!-- difficulty-table:start -->", "<!-- difficulty-table:end -->"
SETTINGS = {"games": 300, "players": 2, "bots": "planner", "seed": 0}
"""What the README's table is measured with (the test uses the same)."""


def table_block(table) -> str:  # type: ignore[no-untyped-def]
    """The README block for a difficulty table (between and including the markers)."""
    note = (
        f"*Measured by `scripts/difficulty_table.py`: {table.games} games a mission, "
        f"{table.players} players, `{table.bots}` bots, seed {table.seed}, with the secret "
        "rules a winning team holds on arrival. Score = loss rate + 0.15 x the share of wins "
        "that came only In Peril; the rating bands are in `docs/playtest.md`.*"
    )
    return f"{START}\n{table.to_markdown()}\n\n{note}\n{END}"


def main() -> int:
    sys.path.insert(0, str(ROOT))
    from cipherkit.games.mission.art.campaigndraw import campaign_svg
    from cipherkit.games.mission.format.files import load_campaign
    from cipherkit.playtest.campaign import campaign_difficulty

    table = campaign_difficulty(ROOT / "missions", progress=True, **SETTINGS)  # type: ignore[arg-type]
    readme = ROOT / "README.md"
    text = readme.read_text(encoding="utf-8")
    if START not in text or END not in text:
        print(f"README.md has no {START} ... {END} block", file=sys.stderr)
        return 1
    head, rest = text.split(START, 1)
    _, tail = rest.split(END, 1)
    readme.write_text(head + table_block(table) + tail, encoding="utf-8")
    svg = campaign_svg(load_campaign(ROOT / "missions"), table)
    (ROOT / "docs" / "images" / "campaign.svg").write_text(svg, encoding="utf-8")
    print(table.to_markdown())
    print("main line rises:", table.main_line_rises())
    return 0 if table.main_line_rises() else 1


if __name__ == "__main__":
    sys.exit(main())
