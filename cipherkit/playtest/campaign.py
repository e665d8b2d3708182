"""How hard each mission of a campaign is, measured by playtests: the difficulty table.

Design notes: ``docs/playtest.md``, ``cipherkit.playtest.campaign``.
"""

from __future__ import annotations

import html
import itertools
from collections.abc import Callable
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from cipherkit.games.mission.content.campaign import LOSS, CampaignMap
from cipherkit.games.mission.content.mission import Mission
from cipherkit.games.mission.content.tokens import GLYPH
from cipherkit.games.mission.format.files import load_campaign
from cipherkit.i18n import N_, _
from cipherkit.playtest.runner import run_playtest

HEADS = (
    N_("mission"),
    N_("after"),
    N_("rooms"),
    N_("glyphs"),
    N_("traps"),
    N_("style"),
    N_("secrets"),
    N_("win rate"),
    N_("turns"),
    N_("peril"),
    N_("score"),
    N_("rating"),
)
"""The heads of the campaign table's columns after ``#`` (English, marked)."""


@dataclass(frozen=True, slots=True)
class Row:
    """One mission's line of the table."""

    number: str
    mission: str
    title: str
    after: str
    rooms: int
    passages: int
    glyphs: int
    traps: int
    style: str
    secrets: tuple[str, ...]
    win_rate: float
    mean_turns: float
    peril_rate: float
    score: float
    stars: int
    label: str

    def to_json(self) -> dict[str, Any]:
        """The row as a JSON-safe dict."""
        return {**asdict(self), "secrets": list(self.secrets)}


@dataclass(frozen=True, slots=True)
class DifficultyTable:
    """The campaign's missions in campaign order with their playtest figures."""

    rows: tuple[Row, ...]
    games: int
    players: int
    bots: str
    seed: int

    def main_line_rises(self) -> bool:
        """Whether the score rises from each mission to the next along the missions a
        win leads to (side branches reached only by a loss sit between their
        neighbours and are left out)."""
        main = [r.score for r in self.rows if not r.after.startswith("lost ")]
        return all(a < b for a, b in itertools.pairwise(main))

    def to_json(self) -> dict[str, Any]:
        """The table as a JSON-safe dict (what ``cipherkit campaign --json`` prints)."""
        data = asdict(self)
        del data["rows"]
        return {
            **data,
            "main_line_rises": self.main_line_rises(),
            "missions": [r.to_json() for r in self.rows],
        }

    def to_markdown(self) -> str:
        """The table as the Markdown the README shows, a row per mission."""
        head = (
            "| # | mission | after | map | glyphs | traps | style | secrets held | "
            "win rate | turns | peril | score | rating |"
        )
        lines = [head, "|" + "---|" * 13]
        for r in self.rows:
            stars = "★" * r.stars + "☆" * (5 - r.stars)
            lines.append(
                f"| {r.number} | {r.title} (`{r.mission}`) | {r.after} | "
                f"{r.rooms} rooms | {r.glyphs} | {r.traps} | {r.style} | "
                f"{', '.join(r.secrets) or '-'} | {r.win_rate:.0%} | {r.mean_turns:.1f} | "
                f"{r.peril_rate:.0%} | {r.score:.3f} | {stars} {r.label} |"
            )
        return "\n".join(lines)

    def _repr_html_(self) -> str:
        """The table, a row per mission, its heads in the language in force."""
        cells = ["#", *(_(c) for c in HEADS)]
        out = ["<table><thead><tr>"]
        out += [f"<th>{html.escape(c)}</th>" for c in cells]
        out.append("</tr></thead><tbody>")
        for r in self.rows:
            values = [
                r.number,
                r.title,
                r.after,
                r.rooms,
                r.glyphs,
                r.traps,
                r.style,
                ", ".join(r.secrets) or "-",
                f"{r.win_rate:.0%}",
                f"{r.mean_turns:.1f}",
                f"{r.peril_rate:.0%}",
                f"{r.score:.3f}",
                "★" * r.stars + "☆" * (5 - r.stars) + f" {_(r.label)}",
            ]
            out.append("<tr>" + "".join(f"<td>{html.escape(str(v))}</td>" for v in values))
            out.append("</tr>")
        out.append("</tbody></table>")
        return "".join(out)

    def plot(self, ax: Any = None) -> Any:
        """Difficulty score by mission in campaign order, the rating bands shaded."""
        import matplotlib.pyplot as plt

        from cipherkit.playtest.stats import LEVELS, SCORE_STEPS

        if ax is None:
            __, ax = plt.subplots(figsize=(8, 3.2))
        xs = list(range(len(self.rows)))
        bounds = (0.0, *SCORE_STEPS, 1.0)
        for i, level in enumerate(LEVELS):
            ax.axhspan(bounds[i], bounds[i + 1], color=f"C{i}", alpha=0.08, lw=0)
            ax.text(len(xs) - 0.6, (bounds[i] + bounds[i + 1]) / 2, level, va="center", size=8)
        main = [i for i, r in zip(xs, self.rows, strict=True) if not r.after.startswith("lost ")]
        ax.plot(main, [self.rows[i].score for i in main], "-o", color="C0", label="main line")
        side = [i for i in xs if i not in main]
        if side:
            ax.plot(side, [self.rows[i].score for i in side], "s", color="C3", label="branch")
        ax.set_xticks(xs, [r.number for r in self.rows])
        ax.set_xlabel("mission")
        ax.set_ylabel("difficulty score")
        ax.set_ylim(0, max(0.7, max((r.score for r in self.rows), default=0) + 0.05))
        ax.legend(loc="upper left", fontsize=8)
        return ax


def _after(campaign: CampaignMap, mid: str) -> str:
    edges = list(campaign.graph.in_edges(mid, data=True))
    if not edges:
        return "start"
    order = campaign.order()
    wins = sorted({src for src, __, d in edges if d["result"] != LOSS}, key=order.index)
    losses = sorted({src for src, __, d in edges if d["result"] == LOSS}, key=order.index)
    if wins:
        return "won " + ", ".join(campaign.number(m) for m in wins)
    return "lost " + ", ".join(campaign.number(m) for m in losses)


def _traps(mission: Mission) -> int:
    return sum(1 for stack in mission.stacks.values() for t in stack if t.kind != GLYPH)


def _style(mission: Mission) -> str:
    spec = mission.glyph_set or {}
    return str(spec.get("style") or ("folder" if spec.get("folder") else "circuit"))


def campaign_difficulty(
    folder: str | Path = "missions",
    *,
    games: int = 400,
    players: int = 2,
    bots: str = "planner",
    seed: int = 0,
    workers: int | None = None,
    progress: bool = False,
    on_mission: Callable[[str], None] | None = None,
) -> DifficultyTable:
    """Playtest every mission of the campaign in ``folder`` and tabulate the figures.

    Examples
    --------
    >>> from cipherkit.playtest.campaign import campaign_difficulty
    >>> table = campaign_difficulty("missions", games=8, workers=1)
    >>> [row.mission for row in table.rows][:3]
    ['lantern-archive', 'signal-box', 'cold-ledger']
    >>> table.to_markdown().splitlines()[0].split(" | ")[:4]
    ['| #', 'mission', 'after', 'map']
    """
    campaign = load_campaign(folder)
    rows = []
    for mid in campaign.order():
        if on_mission is not None:
            on_mission(mid)
        mission = campaign.missions[mid]
        secrets = campaign.secrets_on_arrival(mid)
        path = campaign.files.get(mid)
        result = run_playtest(
            path if path is not None else mission,
            games,
            players=players,
            bots=bots,
            seed=seed,
            workers=workers,
            progress=progress,
            secrets=secrets,
        )
        f = result.figures
        rating = f["difficulty"]
        rows.append(
            Row(
                number=campaign.number(mid),
                mission=mid,
                title=mission.title,
                after=_after(campaign, mid),
                rooms=mission.map.number_of_nodes(),
                passages=mission.map.number_of_edges(),
                glyphs=result.glyphs,
                traps=_traps(mission),
                style=_style(mission),
                secrets=secrets,
                win_rate=f["win_rate"],
                mean_turns=float(f["mean_turns"] or 0.0),
                peril_rate=f["peril"]["rate"],
                score=rating["score"],
                stars=rating["stars"],
                label=rating["label"],
            )
        )
    return DifficultyTable(tuple(rows), games, players, bots, seed)
