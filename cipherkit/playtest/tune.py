"""Tune a mission to a target difficulty by changing one number and playtesting.

The time a team has is the deck: fewer numbered cards bring In Peril sooner. So the
simplest lever an author has is ``deck.values`` (cards 1..values in each suit).
:func:`tune_deck` playtests the mission at each deck size in a range, with the same
seed and bots, and picks the size whose difficulty score is closest to the target
(a score, or a rating name: ``"medium"`` aims at the middle of that band). The result
keeps every trial, so the notebook can plot score against deck size.

>>> from cipherkit.playtest.tune import tune_deck
>>> tuned = tune_deck("missions/01-lantern-archive.yaml", "easy", values=range(9, 13),
...                   games=12, workers=1)
>>> tuned.best_values in range(9, 13), len(tuned.trials)
(True, 4)
>>> tuned.mission.deck.values == tuned.best_values
True
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from cipherkit.core.errors import CipherkitError
from cipherkit.games.mission.model import Mission
from cipherkit.playtest.runner import load_mission, run_playtest
from cipherkit.playtest.stats import LEVELS, SCORE_STEPS

BAND_MIDDLES = {
    level: (lo + hi) / 2
    for level, lo, hi in zip(LEVELS, (0.0, *SCORE_STEPS), (*SCORE_STEPS, 0.9), strict=True)
}
"""The score a rating name aims at: the middle of its band (``easy`` aims at 0.025)."""


@dataclass(frozen=True, slots=True)
class Trial:
    """One deck size tried: its win rate and difficulty score."""

    values: int
    win_rate: float
    score: float
    label: str


@dataclass(frozen=True, slots=True)
class Tuned:
    """The tuned mission (its deck changed), the score aimed at and every trial."""

    mission: Mission
    target: float
    trials: tuple[Trial, ...]
    players: int = 2
    secrets: tuple[str, ...] = ()

    @property
    def best(self) -> Trial:
        """The trial whose score came nearest the target (the larger deck on a tie)."""
        return min(self.trials, key=lambda t: (abs(t.score - self.target), -t.values))

    @property
    def best_values(self) -> int:
        """The deck size (``deck.values``) of the best trial."""
        return self.best.values

    @property
    def advice(self) -> str:
        """What to write in the mission file, in one sentence.

        >>> from cipherkit.games.mission.samples import demo_mission
        >>> trial = Trial(11, 0.75, 0.031, "easy")
        >>> print(Tuned(demo_mission(), 0.025, (trial,)).advice)
        Set deck.values: 11 in the mission file (cards 1-11 in each suit): difficulty 0.031 \
(easy), aimed at 0.025; 2 players, no secret rules: the team wins 75% of games.
        """
        best = self.best
        rules = ", ".join(self.secrets) if self.secrets else "no secret rules"
        return (
            f"Set deck.values: {best.values} in the mission file (cards 1-{best.values} in "
            f"each suit): difficulty {best.score:.3f} ({best.label}), aimed at "
            f"{self.target:.3f}; {self.players} player{'s' * (self.players != 1)}, {rules}: "
            f"the team wins {best.win_rate:.0%} of games."
        )

    def __repr__(self) -> str:
        return f"<Tuned {self.mission.id}: {self.advice}>"

    def to_yaml(self) -> str:
        """The tuned mission as a mission file."""
        return self.mission.to_yaml()

    def plot(self, ax: Any = None) -> Any:
        """Difficulty score against deck size, with the target line."""
        import matplotlib.pyplot as plt

        if ax is None:
            _, ax = plt.subplots(figsize=(6, 3))
        xs = [t.values for t in self.trials]
        ax.plot(xs, [t.score for t in self.trials], "-o", label="playtest score")
        ax.axhline(self.target, color="C3", ls="--", label=f"target {self.target:.3f}")
        ax.plot([self.best.values], [self.best.score], "*", ms=14, color="C2", label="chosen")
        ax.set_xlabel("deck.values (cards per suit)")
        ax.set_ylabel("difficulty score")
        ax.legend(fontsize=8)
        return ax


def target_score(target: float | str) -> float:
    """A score from a number or a rating name.

    >>> target_score("hard"), target_score(0.3)
    (0.3, 0.3)
    """
    if isinstance(target, str):
        if target not in BAND_MIDDLES:
            raise CipherkitError(f"unknown rating {target!r}: one of {', '.join(LEVELS)}")
        return round(BAND_MIDDLES[target], 4)
    return float(target)


def with_deck_values(mission: Mission, values: int) -> Mission:
    """The same mission with ``values`` numbered cards per suit."""
    data = mission.to_dict()
    deck = dict(data.get("deck") or mission.deck.to_data())
    deck["values"] = values
    data["deck"] = deck
    return Mission.from_dict(data)


def tune_deck(
    mission: str | Path | Mission,
    target: float | str,
    *,
    values: Iterable[int] = range(7, 15),
    games: int = 300,
    players: int = 2,
    bots: str = "planner",
    seed: int = 0,
    workers: int | None = None,
    secrets: Sequence[str] = (),
    progress: bool = False,
) -> Tuned:
    """Playtest ``mission`` at each deck size in ``values``; keep the closest to ``target``."""
    base = load_mission(mission)
    aim = target_score(target)
    trials = []
    candidates = {}
    sizes = list(values)
    if not sizes:
        raise CipherkitError("give at least one deck size to try")
    bar = None
    if progress:
        from tqdm.auto import tqdm

        bar = tqdm(total=len(sizes), desc=f"tune {base.id}", unit="deck")
    try:
        for v in sizes:
            candidate = with_deck_values(base, v)
            result = run_playtest(
                candidate,
                games,
                players=players,
                bots=bots,
                seed=seed,
                workers=workers,
                secrets=secrets,
            )
            d = result.figures["difficulty"]
            trials.append(Trial(v, result.win_rate, d["score"], d["label"]))
            candidates[v] = candidate
            if bar is not None:
                bar.update(1)
    finally:
        if bar is not None:
            bar.close()
    tuned = Tuned(base, aim, tuple(trials), players, tuple(secrets))
    return Tuned(candidates[tuned.best_values], aim, tuned.trials, players, tuple(secrets))
