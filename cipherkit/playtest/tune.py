"""Tune a mission toward a target win rate (or difficulty) by changing numbers and playtesting.

Design notes: ``docs/playtest.md``, ``cipherkit.playtest.tune``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import Any

from cipherkit.core.errors import CipherkitError
from cipherkit.games.mission.content.mission import Mission
from cipherkit.games.mission.format.files import mission_from_dict, mission_to_yaml
from cipherkit.games.mission.format.problems import MissionError
from cipherkit.i18n import _
from cipherkit.playtest.runner import check_players, load_mission, run_playtest
from cipherkit.playtest.stats import LEVELS, SCORE_STEPS, PlaytestResult

BAND_MIDDLES = {
    level: (lo + hi) / 2
    for level, lo, hi in zip(LEVELS, (0.0, *SCORE_STEPS), (*SCORE_STEPS, 0.9), strict=True)
}
"""The score a rating name aims at: the middle of its band (``easy`` aims at 0.025)."""

TRAP = "camera"
"""The trap the finer knob adds (a security camera: it stays, and costs cards each turn)."""
FINE = 0.05
"""Deck steps further apart than this in win rate (around the target) call for traps."""
MAX_TRAPS = 4
"""The most cameras the finer knob adds."""


@dataclass(frozen=True, slots=True)
class Trial:
    """One setting tried: deck size and added traps, its win rate (with the 95%
    interval) and difficulty score; ``skipped`` says why a setting could not be played."""

    values: int
    win_rate: float
    score: float
    label: str
    traps: int = 0
    interval: tuple[float, float] = (0.0, 1.0)
    skipped: str = ""

    @property
    def played(self) -> bool:
        """Whether the setting was playtested (not skipped)."""
        return not self.skipped

    def text(self) -> str:
        """One line: the setting and what it gave.

        >>> print(Trial(10, 0.62, 0.41, "hard", 1, (0.56, 0.68)).text())
        deck.values 10 + 1 camera: win rate 62% (95% CI 56%-68%), difficulty 0.410 (hard)
        """
        what = f"deck.values {self.values}" + (
            f" + {self.traps} camera{'s' * (self.traps != 1)}" if self.traps else ""
        )
        if self.skipped:
            return f"{what}: skipped ({self.skipped})"
        lo, hi = self.interval
        return (
            f"{what}: win rate {self.win_rate:.0%} (95% CI {lo:.0%}-{hi:.0%}), "
            f"difficulty {self.score:.3f} ({self.label})"
        )

    def to_json(self) -> dict[str, Any]:
        """The trial as JSON-safe data."""
        return {
            "values": self.values,
            "traps": self.traps,
            "win_rate": self.win_rate,
            "win_rate_ci": list(self.interval),
            "score": self.score,
            "label": self.label,
            "skipped": self.skipped or None,
        }


@dataclass(frozen=True, slots=True)
class Tuned:
    """The tuned mission (its deck changed, traps added), the target and every trial.

    ``aim`` is ``"score"`` (``target`` is a difficulty score) or ``"win_rate"``.

    Examples
    --------
    >>> from cipherkit.playtest.tune import tune_deck
    >>> tuned = tune_deck("missions/01-lantern-archive.yaml", "easy", values=range(9, 13),
    ...                   games=12, workers=1)
    >>> tuned.best_values in range(9, 13), len(tuned.trials)
    (True, 4)
    >>> tuned.mission.deck.values == tuned.best_values
    True
    """

    mission: Mission
    target: float
    trials: tuple[Trial, ...]
    players: int = 2
    secrets: tuple[str, ...] = ()
    aim: str = "score"

    def _miss(self, t: Trial) -> float:
        return abs((t.win_rate if self.aim == "win_rate" else t.score) - self.target)

    @property
    def best(self) -> Trial:
        """The played trial nearest the target (the larger deck, then fewer traps, on a
        tie)."""
        played = [t for t in self.trials if t.played]
        if not played:
            raise CipherkitError.say("no deck size could be dealt: try larger deck.values")
        return min(played, key=lambda t: (self._miss(t), -t.values, t.traps))

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
        traps = (
            f" and add {best.traps} camera token{'s' * (best.traps != 1)} to the clue tokens"
            if best.traps
            else ""
        )
        lo, hi = best.interval
        if self.aim == "win_rate":
            how = (
                f"the team wins {best.win_rate:.0%} (95% CI {lo:.0%}-{hi:.0%}), aimed at "
                f"{self.target:.0%}; {self.players} player{'s' * (self.players != 1)}, {rules}."
            )
            return (
                f"Set deck.values: {best.values}{traps} in the mission file (cards "
                f"1-{best.values} in each suit): {how}"
            )
        return (
            f"Set deck.values: {best.values}{traps} in the mission file (cards 1-{best.values} "
            f"in each suit): difficulty {best.score:.3f} ({best.label}), aimed at "
            f"{self.target:.3f}; {self.players} player{'s' * (self.players != 1)}, {rules}: "
            f"the team wins {best.win_rate:.0%} of games."
        )

    def summary_text(self) -> str:
        """Every trial on its line, then the advice."""
        lines = [t.text() for t in self.trials]
        return "\n".join([*lines, self.advice])

    def to_json(self) -> dict[str, Any]:
        """The tuning as JSON-safe data."""
        best = self.best
        return {
            "mission": self.mission.id,
            "aim": self.aim,
            "target": self.target,
            "players": self.players,
            "secrets": list(self.secrets),
            "trials": [t.to_json() for t in self.trials],
            "best": best.to_json(),
            "advice": self.advice,
        }

    def __repr__(self) -> str:
        return f"<Tuned {self.mission.id}: {self.advice}>"

    def to_yaml(self) -> str:
        """The tuned mission as a mission file."""
        return mission_to_yaml(self.mission)

    def plot(self, ax: Any = None) -> Any:
        """Win rate (or difficulty score) against deck size, with the intervals and the
        target line."""
        import matplotlib.pyplot as plt

        if ax is None:
            __, ax = plt.subplots(figsize=(6, 3))
        plain = [t for t in self.trials if t.played and not t.traps]
        xs = [t.values for t in plain]
        if self.aim == "win_rate":
            ys = [t.win_rate for t in plain]
            errs = [[y - t.interval[0] for y, t in zip(ys, plain, strict=True)],
                    [t.interval[1] - y for y, t in zip(ys, plain, strict=True)]]  # fmt: skip
            ax.errorbar(xs, ys, yerr=errs, fmt="-o", capsize=3, label="playtest win rate")
            ax.set_ylabel("win rate")
        else:
            ax.plot(xs, [t.score for t in plain], "-o", label="playtest score")
            ax.set_ylabel("difficulty score")
        ax.axhline(self.target, color="C3", ls="--", label=f"target {self.target:.3f}")
        best = self.best
        y = best.win_rate if self.aim == "win_rate" else best.score
        ax.plot([best.values], [y], "*", ms=14, color="C2", label="chosen")
        ax.set_xlabel("deck.values (cards per suit)")
        ax.legend(fontsize=8)
        return ax


def target_score(target: float | str) -> float:
    """A score from a number or a rating name.

    >>> target_score("hard"), target_score(0.3)
    (0.3, 0.3)
    """
    if isinstance(target, str):
        if target not in BAND_MIDDLES:
            raise CipherkitError.say(
                "unknown rating {target!r}: one of {levels}",
                target=target,
                levels=", ".join(LEVELS),
            )
        return round(BAND_MIDDLES[target], 4)
    return float(target)


def with_deck_values(mission: Mission, values: int) -> Mission:
    """The same mission with ``values`` numbered cards per suit (and, when that deck
    cannot deal the largest table its first hands, fewer players at most)."""
    data = mission.to_dict()
    deck = dict(data.get("deck") or mission.deck.to_data())
    deck["values"] = values
    data["deck"] = deck
    cards = values * len(mission.deck.suits)
    most = min(mission.players[1], cards // mission.deck.hand_size)
    if most < mission.players[1]:
        data["players"] = {"min": min(mission.players[0], max(1, most)), "max": max(1, most)}
    return mission_from_dict(data)


def with_extra_traps(mission: Mission, count: int, trap: str = TRAP) -> Mission:
    """The same mission with ``count`` more ``trap`` tokens among its clue tokens: each
    added at the bottom of a written stack, or to the pool with one more ``stack_size``
    (rooms in turn, from the last).

    >>> from cipherkit.games.mission.samples import demo_mission
    >>> m = with_extra_traps(demo_mission(), 2)
    >>> sum(t.name == "camera" for t in m.all_tokens()) - sum(
    ...     t.name == "camera" for t in demo_mission().all_tokens())
    2
    """
    data = mission.to_dict()
    rooms = data["map"]["rooms"]
    holders = [r for r, e in rooms.items() if "stack" in e or e.get("stack_size")]
    if not holders:
        holders = list(rooms)
    for i in range(count):
        entry = rooms[holders[-1 - i % len(holders)]]
        if "stack" in entry or not entry.get("stack_size"):
            entry["stack"] = [*entry.get("stack", []), trap]
        else:
            entry["stack_size"] += 1
            data["pool"] = [*data.get("pool", []), trap]
    return mission_from_dict(data)


def _deal_problem(mission: Mission, values: int, players: int) -> str:
    cards = values * len(mission.deck.suits)
    need = mission.deck.hand_size * players
    if cards < need:
        return (
            f"{len(mission.deck.suits)} suits x {values} values = {cards} cards; "
            f"{players} player(s) need {need} for their first hands"
        )
    return ""


def tune_deck(
    mission: str | Path | Mission,
    target: float | str | None = None,
    *,
    win_rate: float | None = None,
    values: Iterable[int] = range(7, 15),
    games: int = 300,
    players: int = 2,
    bots: str = "planner",
    seed: int = 0,
    workers: int | None = None,
    secrets: Sequence[str] = (),
    fine: float | None = FINE,
    max_traps: int = MAX_TRAPS,
    progress: bool = False,
) -> Tuned:
    """Playtest ``mission`` at each deck size in ``values``; keep the one nearest the target.

    Parameters
    ----------
    target:
        A difficulty score or rating name (``"medium"``); or give ``win_rate``.
    win_rate:
        The share of games the team should win with ``players`` players (0-1).
    values:
        Deck sizes to try; those too small to deal ``players`` first hands are skipped.
    fine:
        With ``win_rate``: when the deck steps around the target are further apart than
        this, cameras are added one at a time at the easier step (``None``: never).
    games, players, bots, seed, workers, secrets:
        As for :func:`~cipherkit.playtest.runner.run_playtest` (every trial the same).

    Examples
    --------
    >>> tuned = tune_deck("missions/01-lantern-archive.yaml", win_rate=0.9,
    ...                   values=[1, 2, 10], games=6, workers=1, players=2)
    >>> [t.values for t in tuned.trials if t.skipped]
    [1, 2]
    >>> print(tuned.trials[0].text())  # doctest: +NORMALIZE_WHITESPACE
    deck.values 1: skipped (3 suits x 1 values = 3 cards;
    2 player(s) need 8 for their first hands)
    """
    _check_target(target, win_rate)
    base = load_mission(mission)
    check_players(base, players)
    aim, kind = _aim(target, win_rate)
    sizes = list(values)
    if not sizes:
        raise CipherkitError.say("give at least one deck size to try")
    run = partial(
        run_playtest,
        games=games,
        players=players,
        bots=bots,
        seed=seed,
        workers=workers,
        secrets=secrets,
    )
    trials: list[Trial] = []
    candidates: dict[tuple[int, int], Mission] = {}

    def play(v: int, traps: int) -> None:
        trial, candidate = _trial(base, v, traps, players, run)
        trials.append(trial)
        if candidate is not None:
            candidates[(v, traps)] = candidate

    bar = _progress_bar(progress, len(sizes), base.id)
    try:
        for v in sizes:
            play(v, 0)
            if bar is not None:
                bar.update(1)
        easier = (
            _easier_step(trials, aim, fine) if kind == "win_rate" and fine is not None else None
        )
        if easier is not None:
            if bar is not None:
                bar.total = len(sizes) + max_traps
                bar.refresh()
            for traps in range(1, max_traps + 1):
                play(easier, traps)
                if bar is not None:
                    bar.update(1)
                if trials[-1].played and trials[-1].win_rate <= aim:
                    break
    finally:
        if bar is not None:
            bar.close()
    tuned = Tuned(base, aim, tuple(trials), players, tuple(secrets), kind)
    best = tuned.best
    return Tuned(
        candidates[(best.values, best.traps)], aim, tuned.trials, players, tuned.secrets, kind
    )


def _check_target(target: float | str | None, win_rate: float | None) -> None:
    """Refuse anything but exactly one target, and a win rate outside 0-1."""
    if (target is None) == (win_rate is None):
        raise CipherkitError.say("give a target difficulty or a win_rate to aim at (one of them)")
    if win_rate is not None and not 0.0 <= win_rate <= 1.0:
        raise CipherkitError.say(
            "a win rate is from 0 to 1 (0.6 is 60%), not {win_rate}", win_rate=win_rate
        )


def _aim(target: float | str | None, win_rate: float | None) -> tuple[float, str]:
    """The figure aimed at and its kind: a win rate, or a difficulty score."""
    if win_rate is not None:
        return float(win_rate), "win_rate"
    return target_score(target or 0.0), "score"


def _trial(
    base: Mission,
    values: int,
    traps: int,
    players: int,
    run: Callable[[Mission], PlaytestResult],
) -> tuple[Trial, Mission | None]:
    """One trial: ``base`` at ``values`` cards a suit with ``traps`` more cameras, played by
    ``run``; with the mission played (``None`` for a size skipped)."""
    problem = _deal_problem(base, values, players)
    if problem:
        return Trial(values, 0.0, 1.0, "-", traps, (0.0, 0.0), problem), None
    try:
        candidate = with_extra_traps(with_deck_values(base, values), traps)
    except MissionError as exc:
        return Trial(values, 0.0, 1.0, "-", traps, (0.0, 0.0), str(exc)), None
    result = run(candidate)
    d = result.figures["difficulty"]
    ci = result.figures["win_rate_ci"]
    trial = Trial(values, result.win_rate, d["score"], d["label"], traps, (ci[0], ci[1]))
    return trial, candidate


def _progress_bar(progress: bool, total: int, name: str) -> Any:
    """A tqdm bar over the deck sizes tried, or ``None``."""
    if not progress:
        return None
    from tqdm.auto import tqdm  # lazy: only when a bar is wanted

    return tqdm(total=total, desc=_("tune {name}", name=name), unit=_("setting"))


def _easier_step(trials: Sequence[Trial], aim: float, fine: float) -> int | None:
    """The deck size just above a win-rate target whose step down overshoots it by more
    than ``fine`` (where a finer knob is worth trying), else ``None``."""
    played = sorted((t for t in trials if t.played and not t.traps), key=lambda t: t.values)
    above = [t for t in played if t.win_rate > aim]
    below = [t for t in played if t.win_rate <= aim]
    if not above:
        return None
    easiest_above = min(above, key=lambda t: t.win_rate)
    if easiest_above.win_rate - aim <= fine / 2:
        return None  # already near enough
    harder = [t for t in below if t.values < easiest_above.values]
    if harder and easiest_above.win_rate - max(harder, key=lambda t: t.values).win_rate <= fine:
        return None
    return easiest_above.values
