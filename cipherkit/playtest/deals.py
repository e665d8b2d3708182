"""Does the deal matter? The same playtest with ``deal: shuffled`` and ``deal: fixed``.

Design notes: ``docs/playtest.md``, ``cipherkit.playtest.deals``.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from cipherkit.games.mission.content.mission import Mission
from cipherkit.playtest.runner import (
    candidates_beside,
    load_mission,
    read_candidates,
    run_playtest,
)
from cipherkit.playtest.stats import PlaytestResult

WARN_POINTS = 10.0
"""Win rates of the two deals further apart than this (percentage points) are warned of."""
DEALS = ("shuffled", "fixed")


@dataclass(frozen=True, slots=True)
class DealComparison:
    """The win rate (and its 95% interval) of one mission under each deal."""

    mission: str
    deal: str
    """The mission's own deal (what it is printed and played with)."""
    win_rates: Mapping[str, float]
    intervals: Mapping[str, tuple[float, float]]
    games: int

    @property
    def points(self) -> float:
        """How far apart the two win rates are, in percentage points."""
        return round(100 * abs(self.win_rates["shuffled"] - self.win_rates["fixed"]), 1)

    @property
    def differs(self) -> bool:
        """Whether the deals' win rates differ by more than :data:`WARN_POINTS`."""
        return self.points > WARN_POINTS

    @property
    def warning(self) -> str | None:
        """A sentence for the author when the deal changes the game, else ``None``.

        >>> c = DealComparison("m", "shuffled", {"shuffled": 0.74, "fixed": 0.42},
        ...                    {"shuffled": (0.7, 0.78), "fixed": (0.38, 0.46)}, 600)
        >>> print(c.warning)
        warning: the deal changes this mission: the team wins 74% with deal: shuffled \
(this file's deal) and 42% with deal: fixed (32 points apart); the printed game follows \
deal: shuffled, so print and play with the deal you playtested
        """
        if not self.differs:
            return None
        other = next(d for d in DEALS if d != self.deal)
        return (
            f"warning: the deal changes this mission: the team wins "
            f"{self.win_rates[self.deal]:.0%} with deal: {self.deal} (this file's deal) and "
            f"{self.win_rates[other]:.0%} with deal: {other} ({self.points:g} points apart); "
            f"the printed game follows deal: {self.deal}, so print and play with the deal "
            "you playtested"
        )

    def summary_text(self) -> str:
        """One line: both deals' win rates with their intervals."""
        parts = []
        for deal in DEALS:
            lo, hi = self.intervals[deal]
            mine = " (this file)" if deal == self.deal else ""
            parts.append(
                f"{deal}{mine} {100 * self.win_rates[deal]:.1f}% "
                f"(95% CI {100 * lo:.1f}-{100 * hi:.1f}%)"
            )
        return "deals: " + ", ".join(parts) + f"; {self.points:g} points apart"

    def to_json(self) -> dict[str, Any]:
        """The comparison as JSON-safe data."""
        return {
            "deal": self.deal,
            "games": self.games,
            "win_rate": dict(self.win_rates),
            "win_rate_ci": {d: list(ci) for d, ci in self.intervals.items()},
            "points_apart": self.points,
            "warning": self.warning,
        }


def with_deal(mission: Mission, deal: str) -> Mission:
    """The same mission dealt ``deal`` (``shuffled`` or ``fixed``)."""
    return dataclasses.replace(mission, deal=deal)


def compare_deals(
    mission: str | Path | Mission,
    games: int = 600,
    *,
    played: PlaytestResult | None = None,
    seed: int = 0,
    **options: Any,
) -> DealComparison:
    """Playtest ``mission`` under both deals (same games, seed and ``options`` of
    :func:`~cipherkit.playtest.runner.run_playtest`). ``played`` is a playtest already
    run with the mission's own deal and these arguments: only the other deal is played.

    Examples
    --------
    >>> from cipherkit.playtest.deals import compare_deals
    >>> cmp = compare_deals("missions/01-lantern-archive.yaml", games=8, workers=1)
    >>> sorted(cmp.win_rates), cmp.deal
    (['fixed', 'shuffled'], 'shuffled')
    >>> isinstance(cmp.points, float)
    True
    """
    base = load_mission(mission)
    results: dict[str, PlaytestResult] = {}
    if played is not None:
        results[base.deal] = played
    candidates: Sequence[str] | str | Path | None = options.pop("candidates", None)
    if candidates is None and isinstance(mission, str | Path):
        beside = candidates_beside(mission)
        candidates = read_candidates(beside) if beside.is_file() else ()
    for deal in DEALS:
        if deal not in results:
            results[deal] = run_playtest(
                with_deal(base, deal), games, seed=seed, candidates=candidates, **options
            )
    return DealComparison(
        mission=base.id,
        deal=base.deal,
        win_rates={d: results[d].win_rate for d in DEALS},
        intervals={d: tuple(results[d].figures["win_rate_ci"]) for d in DEALS},
        games=games,
    )
