"""Playtest figures: one small record per game, and what many games add up to.

Aggregation only ever walks the records in game order (they are sorted by their index
first), so the figures do not depend on which worker played which game or when it
finished: the same seed gives the same figures, byte for byte, whatever the worker count.
"""

from __future__ import annotations

import html
import math
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from statistics import median
from typing import Any

from cipherkit.i18n import N_, _, ngettext

Z95 = 1.959963984540054
"""The 97.5% quantile of the standard normal distribution (a two-sided 95% interval)."""

WON, WRONG, TIME, STALLED = N_("solved"), N_("wrong answer"), N_("out of time"), N_("stalled")
LOSS_CAUSES = (WRONG, TIME, STALLED)
"""How a game ended (English ids in the figures; marked: said with ``_`` where shown)."""

LEVELS = (N_("easy"), N_("medium"), N_("hard"), N_("very hard"), N_("brutal"))
"""The difficulty ratings (English ids in the figures; said with ``_`` where shown)."""
SCORE_STEPS = (0.05, 0.2, 0.4, 0.65)
"""Difficulty scores below which a mission is easy, medium, hard, very hard (else brutal)."""
LATE_WEIGHT = 0.15
"""How much late wins (won only after the deck ran out) add to the difficulty score."""


def wilson_interval(successes: int, trials: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval for a binomial proportion, rounded to 4 places.

    It stays inside [0, 1] and behaves at 0 and 100% (unlike the normal approximation).
    """
    if trials <= 0:
        return (0.0, 1.0)
    p = successes / trials
    z2 = z * z
    centre = (p + z2 / (2 * trials)) / (1 + z2 / trials)
    half = z * math.sqrt(p * (1 - p) / trials + z2 / (4 * trials * trials)) / (1 + z2 / trials)
    return (round(max(0.0, centre - half), 4), round(min(1.0, centre + half), 4))


@dataclass(frozen=True, slots=True)
class Difficulty:
    """A rating: ``stars`` from 1 (easy) to 5 (brutal), and its ``label``."""

    stars: int
    label: str

    @property
    def text(self) -> str:
        """The rating as stars and a word (in the language in force).

        >>> Difficulty(2, "medium").text
        '★★☆☆☆ medium'
        """
        return "★" * self.stars + "☆" * (5 - self.stars) + f" {_(self.label)}"

    def to_json(self) -> dict[str, Any]:
        """The rating as a JSON-safe dict (stars, label)."""
        return {"stars": self.stars, "label": self.label}


def difficulty_score(win_rate: float, late_share: float) -> float:
    """The number behind the rating: the loss rate plus ``0.15 x`` the share of wins that
    came only In Peril, rounded to 4 places (0 is a walk-over; above 0.65 is brutal).

    >>> difficulty_score(0.9, 0.5)
    0.175
    """
    return round((1.0 - win_rate) + LATE_WEIGHT * late_share, 4)


def difficulty(win_rate: float, late_share: float) -> Difficulty:
    """Rate a mission from its win rate and how late its wins came.

    The score is the loss rate plus ``0.15 x`` the share of wins that came only In Peril
    (at or after the turn the deck first ran out: the team made it with the clock
    nearly gone). Below 0.05 is 1 star (easy), below 0.2 is 2 (medium), below 0.4 is 3
    (hard), below 0.65 is 4 (very hard), anything more is 5 (brutal).

    Examples
    --------
    >>> from cipherkit.playtest.stats import difficulty, wilson_interval
    >>> wilson_interval(45, 50)
    (0.7864, 0.9565)
    >>> wilson_interval(0, 20)
    (0.0, 0.1611)
    >>> difficulty(0.98, 0.1), difficulty(0.98, 0.8)     # late wins make it harder
    (Difficulty(stars=1, label='easy'), Difficulty(stars=2, label='medium'))
    >>> difficulty(0.5, 0.9).text
    '★★★★☆ very hard'
    """
    score = difficulty_score(win_rate, late_share)
    stars = 1 + sum(score >= step for step in SCORE_STEPS)
    return Difficulty(stars, LEVELS[stars - 1])


@dataclass(frozen=True, slots=True)
class GameRecord:
    """What one playtest game leaves behind.

    ``reason`` is ``solved``, ``wrong answer``, ``out of time`` or ``stalled`` (still
    going after the turn cap); ``solve_glyphs`` and ``solve_windows`` count the card's
    glyphs and windows open when the answer was given (``None`` when none was);
    ``guessed``: given before every answer window was open; ``peril_turn``: the turn
    In Peril began (``None``: never); ``room_visits``: how many times a character
    entered each room (by Run or ability), in the mission's room order.
    """

    index: int
    seed: int
    players: int
    won: bool
    reason: str
    turns: int
    actions: int
    solve_glyphs: int | None = None
    solve_windows: int | None = None
    guessed: bool = False
    peril_turn: int | None = None
    room_visits: tuple[int, ...] = ()


def _mean(values: Sequence[float]) -> float | None:
    return round(sum(values) / len(values), 4) if values else None


@dataclass(frozen=True)
class PlaytestResult:
    """The games of one playtest and their figures.

    :meth:`to_json` gives the figures (identical for the same seed whatever the worker
    count, except ``games_per_second``); :meth:`summary_text` a few lines for people;
    in a notebook the result shows itself as a table, and :meth:`plot` draws the turn
    histogram, the win rate by player count and a difficulty summary.
    """

    mission: str
    title: str
    rooms: tuple[str, ...]
    glyphs: int
    windows: int
    records: tuple[GameRecord, ...]
    seed: int = 0
    bots: str = "planner"
    players: int | None = None
    candidates: int = 0
    seconds: float = 0.0
    workers: int | None = None
    secrets: tuple[str, ...] = ()
    figures: dict[str, Any] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        ordered = tuple(sorted(self.records, key=lambda r: r.index))
        object.__setattr__(self, "records", ordered)
        object.__setattr__(self, "figures", self._figures())

    # ------------------------------------------------------------ figures
    @property
    def games(self) -> int:
        """How many games were played."""
        return len(self.records)

    @property
    def win_rate(self) -> float:
        """The share of games won (0 to 1)."""
        return self.figures["win_rate"]

    @property
    def games_per_second(self) -> float:
        """How many games were played a second (0 when too fast to time)."""
        return round(self.games / self.seconds, 1) if self.seconds > 0 else 0.0

    def _figures(self) -> dict[str, Any]:
        records = self.records
        n = len(records)
        won = [r for r in records if r.won]
        wins = len(won)
        causes = Counter(r.reason for r in records if not r.won)
        turns = [r.turns for r in records]
        solved = [r for r in records if r.solve_glyphs is not None]
        peril = [r.peril_turn for r in records if r.peril_turn is not None]
        late = sum(1 for r in won if r.peril_turn is not None)
        late_share = late / wins if wins else 0.0
        rating = difficulty(wins / n if n else 0.0, late_share)
        score = difficulty_score(wins / n if n else 0.0, late_share)
        by_players: dict[str, Any] = {}
        for p in sorted({r.players for r in records}):
            group = [r for r in records if r.players == p]
            w = sum(r.won for r in group)
            by_players[str(p)] = {
                "games": len(group),
                "win_rate": round(w / len(group), 4),
                "win_rate_ci": list(wilson_interval(w, len(group))),
                "mean_turns": _mean([r.turns for r in group]),
            }
        visits = [0] * len(self.rooms)
        for r in records:
            for i, v in enumerate(r.room_visits):
                visits[i] += v
        histogram = Counter(turns)
        return {
            "win_rate": round(wins / n, 4) if n else 0.0,
            "win_rate_ci": list(wilson_interval(wins, n)),
            "wins": wins,
            "mean_turns": _mean(turns),
            "median_turns": median(turns) if turns else None,
            "mean_turns_won": _mean([r.turns for r in won]),
            "turn_histogram": {str(t): histogram[t] for t in sorted(histogram)},
            "loss_causes": {cause: causes.get(cause, 0) for cause in LOSS_CAUSES},
            "wrong_guesses": causes.get(WRONG, 0),
            "solve": {
                "answers_given": len(solved),
                "mean_glyphs_open": _mean(
                    [r.solve_glyphs for r in solved if r.solve_glyphs is not None]
                ),
                "mean_windows_open": _mean(
                    [r.solve_windows for r in solved if r.solve_windows is not None]
                ),
                "glyphs": self.glyphs,
                "windows": self.windows,
                "before_all_windows_open": sum(1 for r in solved if r.guessed),
            },
            "peril": {
                "games": len(peril),
                "rate": round(len(peril) / n, 4) if n else 0.0,
                "mean_turn": _mean(peril),
                "wins_in_peril": late,
            },
            "room_visits": {
                room: round(v / n, 4) if n else 0.0
                for room, v in zip(self.rooms, visits, strict=True)
            },
            "by_players": by_players,
            "difficulty": {**rating.to_json(), "score": score},
        }

    # ------------------------------------------------------------ output
    def to_json(self) -> dict[str, Any]:
        """The figures as JSON-safe data; only ``games_per_second`` varies between runs."""
        f = self.figures
        return {
            "mission": self.mission,
            "title": self.title,
            "games": self.games,
            "seed": self.seed,
            "bots": self.bots,
            "players": self.players if self.players is not None else "mixed",
            "candidates": self.candidates,
            "secrets": list(self.secrets),
            "win_rate": f["win_rate"],
            "win_rate_ci": f["win_rate_ci"],
            "wins": f["wins"],
            "mean_turns": f["mean_turns"],
            "median_turns": f["median_turns"],
            "mean_turns_won": f["mean_turns_won"],
            "loss_causes": f["loss_causes"],
            "wrong_guesses": f["wrong_guesses"],
            "solve": f["solve"],
            "peril": f["peril"],
            "room_visits": f["room_visits"],
            "by_players": f["by_players"],
            "turn_histogram": f["turn_histogram"],
            "difficulty": f["difficulty"],
            "games_per_second": self.games_per_second,
        }

    @property
    def difficulty(self) -> Difficulty:
        """The mission's difficulty rating from these games."""
        d = self.figures["difficulty"]
        return Difficulty(d["stars"], d["label"])

    def players_words(self) -> str:
        """How many players the games had: ``"2 players"``, or the mix."""
        if self.players is not None:
            return ngettext("{n} player", "{n} players", self.players)
        counts = sorted({r.players for r in self.records})
        return _("players {counts} (mixed)", counts="/".join(str(p) for p in counts))

    def secret_titles(self) -> str:
        """The secret rules the games were played with, by title and id (``""``: none)."""
        from cipherkit.games.mission.content.words import secret_title

        return ", ".join(f"{secret_title(r)} ({r})" for r in self.secrets)

    def secrets_words(self) -> str:
        """The secret rules the games were played with, or ``"no secret rules"``."""
        if not self.secrets:
            return _("no secret rules")
        return _("secret rules {titles}", titles=self.secret_titles())

    def summary_text(self) -> str:
        """A few lines for the console, in the language in force."""
        f = self.figures
        lo, hi = f["win_rate_ci"]
        causes = ", ".join(f"{_(k)} {v}" for k, v in f["loss_causes"].items() if v)
        solve = f["solve"]
        peril = f["peril"]
        lines = [
            ngettext(
                "{title} ({mission}): {n} game, bots {bots}, seed {seed}",
                "{title} ({mission}): {n} games, bots {bots}, seed {seed}",
                self.games,
                title=self.title,
                mission=self.mission,
                bots=self.bots,
                seed=self.seed,
            ),
            f"{self.players_words()}, {self.secrets_words()}",
            _(
                "win rate {rate}% (95% CI {low}-{high}%)",
                rate=_percent(f["win_rate"]),
                low=_percent(lo),
                high=_percent(hi),
            ),
            _(
                "turns: mean {mean}, median {median}, mean when won {won}",
                mean=_one(f["mean_turns"]),
                median=_one(f["median_turns"]),
                won=_one(f["mean_turns_won"]),
            ),
            _("losses: {causes}", causes=causes or _("none")),
            _(
                "answer given with {glyphs} of {all_glyphs} glyphs and {windows} of "
                "{all_windows} windows open on average; {early} before every answer window "
                "was open",
                glyphs=_one(solve["mean_glyphs_open"]),
                all_glyphs=solve["glyphs"],
                windows=_one(solve["mean_windows_open"]),
                all_windows=solve["windows"],
                early=solve["before_all_windows_open"],
            ),
            _(
                "In Peril in {rate}% of games (from turn {turn} on average); {wins} wins came "
                "In Peril",
                rate=_percent(peril["rate"]),
                turn=_one(peril["mean_turn"]),
                wins=peril["wins_in_peril"],
            ),
        ]
        for p, g in f["by_players"].items():
            lines.append(
                "  "
                + ngettext(
                    "{n} player: {games} games, win rate {rate}%, mean turns {turns}",
                    "{n} players: {games} games, win rate {rate}%, mean turns {turns}",
                    int(p),
                    games=g["games"],
                    rate=_percent(g["win_rate"]),
                    turns=_one(g["mean_turns"]),
                )
            )
        lines.append(_("difficulty: {rating}", rating=self.difficulty.text))
        if self.seconds:
            if self.workers:
                speed = _(
                    "{speed} games/s ({seconds} s, {workers} workers)",
                    workers=self.workers,
                    speed=self.games_per_second,
                    seconds=_one(self.seconds),
                )
            else:
                speed = _(
                    "{speed} games/s ({seconds} s)",
                    speed=self.games_per_second,
                    seconds=_one(self.seconds),
                )
            lines.append(speed)
        return "\n".join(lines)

    def _repr_html_(self) -> str:
        """The figures as tables, in the language in force."""
        f = self.figures
        lo, hi = f["win_rate_ci"]
        esc = html.escape
        solve, peril = f["solve"], f["peril"]
        ci = _("95% CI {low}–{high}%", low=_percent(lo), high=_percent(hi))
        rows = [
            (_("games"), str(self.games)),
            (_("bots"), esc(self.bots)),
            (_("players"), esc(self.players_words())),
            (_("secret rules"), esc(self.secret_titles() or _("no secret rules"))),
            (_("win rate"), f"{100 * f['win_rate']:.1f}% <small>({esc(ci)})</small>"),
            (
                _("mean turns"),
                f"{_one(f['mean_turns'])} <small>"
                + esc(_("(won: {turns})", turns=_one(f["mean_turns_won"])))
                + "</small>",
            ),
            (
                _("losses"),
                esc(", ".join(f"{_(k)}: {v}" for k, v in f["loss_causes"].items())),
            ),
            (
                _("answer given with"),
                esc(
                    _(
                        "{glyphs} / {all_glyphs} glyphs, {windows} / {all_windows} windows open",
                        glyphs=_one(solve["mean_glyphs_open"]),
                        all_glyphs=self.glyphs,
                        windows=_one(solve["mean_windows_open"]),
                        all_windows=self.windows,
                    )
                ),
            ),
            (
                _("In Peril"),
                esc(
                    _(
                        "{rate}% of games, from turn {turn}",
                        rate=_percent(peril["rate"]),
                        turn=_one(peril["mean_turn"]),
                    )
                ),
            ),
            (_("difficulty"), esc(self.difficulty.text)),
        ]
        body = "".join(
            f"<tr><th style='text-align:left'>{esc(k)}</th><td>{v}</td></tr>" for k, v in rows
        )
        players = "".join(
            f"<tr><td>{p}</td><td>{g['games']}</td><td>{100 * g['win_rate']:.1f}%</td>"
            f"<td>{100 * g['win_rate_ci'][0]:.1f}–{100 * g['win_rate_ci'][1]:.1f}%</td>"
            f"<td>{_one(g['mean_turns'])}</td></tr>"
            for p, g in f["by_players"].items()
        )
        visits = "".join(
            f"<tr><td>{esc(room)}</td><td>{_one(v)}</td></tr>"
            for room, v in f["room_visits"].items()
        )
        heads = (_("players"), _("games"), _("win rate"), _("95% CI"), _("mean turns"))
        head = "".join(f"<th>{esc(h)}</th>" for h in heads)
        title = esc(_("Playtest: {title}", title=self.title))
        return (
            f"<div class='cipherkit-playtest'><h4>{title}</h4>"
            f"<table>{body}</table>"
            f"<table><tr>{head}</tr>{players}</table>"
            f"<table><tr><th>{esc(_('room'))}</th><th>{esc(_('visits per game'))}</th></tr>"
            f"{visits}</table></div>"
        )

    def __repr__(self) -> str:
        return (
            f"<PlaytestResult {self.mission}: {self.games} games, "
            f"win rate {self.win_rate:.3f}, {self.difficulty.label}>"
        )

    # ------------------------------------------------------------ plots
    def plot_turns(self, ax: Any = None) -> Any:
        """A histogram of game lengths in turns, wins and losses stacked."""
        from cipherkit.playtest.plots import turn_histogram

        return turn_histogram(self, ax=ax)

    def plot(self) -> Any:
        """All three plots side by side; returns the matplotlib figure."""
        from cipherkit.playtest.plots import overview

        return overview(self)


def merge_records(batches: Iterable[Sequence[GameRecord]]) -> tuple[GameRecord, ...]:
    """Every batch's records in game order (batches may arrive in any order)."""
    return tuple(sorted((r for batch in batches for r in batch), key=lambda r: r.index))


def counts(records: Iterable[GameRecord]) -> Mapping[str, int]:
    """Games per outcome reason, in a fixed order (for tests and quick looks)."""
    found = Counter(r.reason for r in records)
    return {reason: found.get(reason, 0) for reason in (WON, *LOSS_CAUSES)}


def _percent(share: float) -> str:
    """A share (0 to 1) as a percentage for people, one decimal: ``0.4567`` -> ``'45.7'``."""
    return f"{100 * share:.1f}"


def _one(value: float | None) -> str:
    """A figure for people: one decimal, or a dash when there is none.

    >>> _one(11.6458), _one(None), _one(11)
    ('11.6', '-', '11.0')
    """
    return "-" if value is None else f"{value:.1f}"
