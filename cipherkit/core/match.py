"""Matches between bots, for any game in the registry.

Design notes: ``docs/design-notes.md``, ``cipherkit.core.match``.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from cipherkit.core.bots import Bot
from cipherkit.core.commands import Command, add_game, add_json, add_seed, positive, print_json
from cipherkit.core.errors import CipherkitError
from cipherkit.core.protocol import GameSpec, Seat, State, StateT
from cipherkit.core.record import Record
from cipherkit.core.registry import get_game, make_bot
from cipherkit.core.rng import Rng
from cipherkit.core.session import MAX_BOT_ACTIONS, Session, bot_rng
from cipherkit.i18n import nsay

MAX_ACTIONS = MAX_BOT_ACTIONS
"""A game still running after this many actions is reported as an error (the session's
one bot-move limit, :data:`~cipherkit.core.session.MAX_BOT_ACTIONS`)."""


def match_config(spec: GameSpec[StateT]) -> dict[str, Any] | None:
    """The configuration a match plays with: seat 0 moves first where the game allows it.

    A game whose configuration has a ``first_player`` option gets ``first_player=0``,
    so that rotating the seats decides who moves first; other games keep their defaults.

    >>> match_config(get_game("decipher"))
    {'first_player': 0}
    """
    if "first_player" in spec.default_config:
        return {"first_player": 0}
    return None


def bot_keys(bots: Sequence[str]) -> list[str]:
    """Names to report bots under: the bot specs, numbered where one appears twice.

    >>> bot_keys(["solver", "random"]), bot_keys(["solver", "solver"])
    (['solver', 'random'], ['solver#1', 'solver#2'])
    """
    keys = []
    for index, name in enumerate(bots):
        if bots.count(name) > 1:
            keys.append(f"{name}#{bots[: index + 1].count(name)}")
        else:
            keys.append(name)
    return keys


@dataclass(frozen=True)
class GameResult:
    """One finished game: its final state, the actions applied, who moved first, and
    its :class:`~cipherkit.core.record.Record` (replays exactly)."""

    state: State
    actions: int
    first_seat: Seat
    record: Record | None = None


def play_game(
    spec: GameSpec[StateT],
    bots: Sequence[Bot],
    rngs: Sequence[Rng],
    *,
    seed: int,
    config: Mapping[str, Any] | None = None,
    names: Sequence[str] | None = None,
) -> GameResult:
    """Play one game; ``bots[s]`` (with ``rngs[s]``) sits in seat ``s``.

    The game is a :class:`~cipherkit.core.session.Session` with a bot in every seat. A
    bot that chooses an action outside ``legal_actions`` raises :class:`CipherkitError`
    naming it.

    >>> from cipherkit.core.bots import RandomBot
    >>> result = play_game(get_game("decipher"), [RandomBot(), RandomBot()],
    ...                    [Rng(1), Rng(2)], seed=3, config={"first_player": 1})
    >>> result.first_seat, result.state.outcome is not None
    (1, True)
    """
    session = Session(
        spec,
        config,
        seed=seed,
        bots=dict(enumerate(bots)),
        rngs=dict(enumerate(rngs)),
        names=names,
        fallback="raise",
        keep_log=False,
    )
    first_actors = session.actors()
    first_seat = first_actors[0] if first_actors else 0
    session.play_out(MAX_ACTIONS)
    return GameResult(session.state, session.version, first_seat, session.record)


def seat_sides(spec: GameSpec[StateT], config: Mapping[str, Any] | None, seed: int) -> list[int]:
    """The side of each seat: ``state.sides()`` where the game defines it, else one side
    per seat.

    >>> seat_sides(get_game("decipher"), {"first_player": 0}, 0)
    [0, 1]
    """
    probe = spec.new_game(config, seed=seed)
    sides = getattr(probe, "sides", None)
    if sides is None:
        return list(range(spec.seats(config)))
    return [int(side) for side in sides()]


def _check_bot_count(game: str, got: int, n_sides: int, team_game: bool) -> None:
    """Refuse a match with not one bot a side (a seat, but in a team game)."""
    if got == n_sides:
        return
    if team_game:
        wrong = nsay(
            "{game} needs {n} bot (one per side), got {got}",
            "{game} needs {n} bots (one per side), got {got}",
            n_sides,
            game=game,
            got=got,
        )
    else:
        wrong = nsay(
            "{game} needs {n} bot (one per seat), got {got}",
            "{game} needs {n} bots (one per seat), got {got}",
            n_sides,
            game=game,
            got=got,
        )
    raise CipherkitError(wrong)


def play_match(
    game: str,
    bots: list[str],
    *,
    games: int,
    seed: int = 0,
    progress: bool = False,
    config: Mapping[str, Any] | None = None,
) -> dict[str, Any]:
    """Play ``games`` games between ``bots`` and summarise them.

    Parameters
    ----------
    game:
        A game name from the registry (``"decipher"``).
    bots:
        One bot spec per seat, in the order of the first game's seats. Game ``i``
        rotates the list by ``i``, so each bot sits first equally often.
    games:
        How many games to play (at least 1).
    seed:
        Game ``i`` is dealt with seed ``seed + i``.
    progress:
        Show a progress bar on stderr.
    config:
        The game configuration (default: :func:`match_config`).

    Returns
    -------
    dict
        JSON-safe: ``game``, ``games``, ``seed``, ``config``, ``bots`` (the names it
        reports under), ``wins`` (name -> games won), ``win_rates``, ``draws``,
        ``no_winner`` (games nobody won that were not draws, as in lost co-operative
        games), ``mean_scores`` (name -> mean points, or ``None`` without scores),
        ``mean_turns``, ``mean_actions``, ``first_seat_wins`` and ``first_seat_win_rate``
        (games won by the seat that moved first), ``seconds``.

    Examples
    --------
    >>> from cipherkit.core.match import format_summary, play_match
    >>> summary = play_match("decipher", ["random", "random"], games=4, seed=1)
    >>> summary["bots"], summary["games"]
    (['random#1', 'random#2'], 4)
    >>> sum(summary["wins"].values()) + summary["draws"] + summary["no_winner"]
    4
    >>> print(format_summary(summary).splitlines()[0])  # doctest: +ELLIPSIS
    decipher: 4 games, seed 1, ...
    """
    spec = get_game(game)
    if games < 1:
        raise CipherkitError.say("a match needs at least one game")
    config = match_config(spec) if config is None else dict(config)
    seats = spec.seats(config)
    sides = seat_sides(spec, config, seed)
    team_game = sides != list(range(seats))
    n_sides = max(sides) + 1
    _check_bot_count(game, len(bots), n_sides, team_game)
    for name in bots:  # unknown names fail before any game is played
        make_bot(game, name)
    keys = bot_keys(bots)
    tally = _Tally(keys, sides, team_game)
    started = time.perf_counter()
    for index in _progress(range(games), progress, game):
        game_seed = seed + index
        side_bot = [(index + s) % n_sides for s in range(n_sides)]  # side -> bot position
        order = [side_bot[sides[seat]] for seat in range(seats)]  # seat -> bot position
        instances = [make_bot(game, bots[b]) for b in order]
        rngs = [bot_rng(game_seed, seat) for seat in range(seats)]
        result = play_game(
            spec, instances, rngs, seed=game_seed, config=config, names=[keys[b] for b in order]
        )
        tally.add(result, order, side_bot)
    summary: dict[str, Any] = {
        "game": game,
        "games": games,
        "seed": seed,
        "config": config,
        "bots": keys,
        **tally.figures(games),
        "seconds": round(time.perf_counter() - started, 3),
    }
    if tally.team_totals:
        summary["team_stats"] = {key: _with_rates(tally.team_totals.get(key, {})) for key in keys}
    return summary


@dataclass
class _Tally:
    """The running figures of a match, one game at a time."""

    keys: list[str]
    sides: list[int]
    team_game: bool
    wins: dict[str, int] = field(init=False)
    score_sums: dict[str, float] = field(init=False)
    side_size: list[int] = field(init=False)
    scored_games: int = 0
    draws: int = 0
    no_winner: int = 0
    first_seat_wins: int = 0
    turns_total: int = 0
    actions_total: int = 0
    team_totals: dict[str, dict[str, float]] = field(default_factory=dict)

    def __post_init__(self) -> None:
        self.wins = dict.fromkeys(self.keys, 0)
        self.score_sums = dict.fromkeys(self.keys, 0.0)
        self.side_size = [self.sides.count(side) for side in range(max(self.sides) + 1)]

    def add(self, result: GameResult, order: list[int], side_bot: list[int]) -> None:
        """Count one game whose seat ``i`` was bot ``order[i]``, side ``j`` bot ``side_bot[j]``."""
        keys, sides = self.keys, self.sides
        state, actions, first_seat = result.state, result.actions, result.first_seat
        outcome = state.outcome
        assert outcome is not None
        if outcome.is_draw:
            self.draws += 1
        elif not outcome.winners:
            self.no_winner += 1
        for key in dict.fromkeys(keys[order[seat]] for seat in outcome.winners):
            if self.team_game and outcome.is_draw:
                break  # a shared victory: counted as a draw
            self.wins[key] += 1
        if not outcome.is_draw and first_seat in outcome.winners:
            self.first_seat_wins += 1
        if outcome.scores is not None:
            self.scored_games += 1
            for seat in range(len(order)):
                points = float(outcome.scores.get(str(seat), 0))
                self.score_sums[keys[order[seat]]] += points / self.side_size[sides[seat]]
        side_stats = getattr(state, "side_stats", None)
        if side_stats is not None:
            for side, stats in enumerate(side_stats()):
                totals = self.team_totals.setdefault(keys[side_bot[side]], {})
                for name, value in stats.items():
                    totals[name] = totals.get(name, 0) + value
        self.turns_total += int(getattr(state, "turn_number", actions))
        self.actions_total += actions

    def figures(self, games: int) -> dict[str, Any]:
        """The summary's figures after ``games`` games, from ``wins`` to ``first_seat_win_rate``."""
        scored = self.scored_games
        return {
            "wins": self.wins,
            "win_rates": {k: round(v / games, 4) for k, v in self.wins.items()},
            "draws": self.draws,
            "no_winner": self.no_winner,
            "mean_scores": (
                {k: round(v / scored, 4) for k, v in self.score_sums.items()} if scored else None
            ),
            "mean_turns": round(self.turns_total / games, 4),
            "mean_actions": round(self.actions_total / games, 4),
            "first_seat_wins": self.first_seat_wins,
            "first_seat_win_rate": round(self.first_seat_wins / games, 4),
        }


def _with_rates(totals: Mapping[str, float]) -> dict[str, Any]:
    """Totals, plus each figure per round when a ``rounds`` total is known.

    >>> _with_rates({"rounds": 4, "misses": 1})
    {'rounds': 4, 'misses': 1, 'per_round': {'misses': 0.25}}
    """
    out: dict[str, Any] = dict(totals)
    rounds = totals.get("rounds")
    if rounds:
        out["per_round"] = {k: round(v / rounds, 4) for k, v in totals.items() if k != "rounds"}
    return out


def _progress(items: Iterable[int], show: bool, game: str) -> Iterable[int]:
    if not show:
        return items
    from tqdm.auto import tqdm  # lazy: only when a bar is wanted

    return tqdm(items, desc=f"{game} match", unit="game", file=sys.stderr, leave=False)


def format_summary(summary: Mapping[str, Any]) -> str:
    """A match summary as a small text table.

    >>> text = format_summary(play_match("decipher", ["random", "random"], games=2))
    >>> "draws" in text and "random#1" in text
    True
    """
    games = summary["games"]
    scores = summary.get("mean_scores")
    name_width = max(len("bot"), *(len(k) for k in summary["bots"]))
    lines = [
        f"{summary['game']}: {games} games, seed {summary['seed']}, {summary['seconds']:.1f} s",
        f"{'bot':<{name_width}}  {'wins':>6}  {'win %':>6}" + ("  mean score" if scores else ""),
    ]
    for key in summary["bots"]:
        won = summary["wins"][key]
        line = f"{key:<{name_width}}  {won:>6}  {100 * won / games:>5.1f}%"
        if scores:
            line += f"  {scores[key]:>10.2f}"
        lines.append(line)
    lines.append(
        f"draws {summary['draws']} ({100 * summary['draws'] / games:.1f}%)"
        + (f", no winner {summary['no_winner']}" if summary.get("no_winner") else "")
        + f"; mean turns {summary['mean_turns']:.1f}"
        + f"; first seat won {summary['first_seat_wins']} "
        f"({100 * summary['first_seat_win_rate']:.1f}%)"
    )
    for key, stats in (summary.get("team_stats") or {}).items():
        rates = ", ".join(
            f"{name} {value:.3f}" for name, value in stats.get("per_round", {}).items()
        )
        lines.append(f"{key} per round: {rates}")
    return "\n".join(lines)


# ---------------------------------------------------------------- the command
def _configure(parser: argparse.ArgumentParser) -> None:
    add_game(parser)
    parser.add_argument(
        "--bots", required=True, help="comma-separated bot names, e.g. solver,random"
    )
    parser.add_argument("--games", type=positive, default=100, help="number of games (default 100)")
    add_seed(parser, "seed of the first game (default 0)")
    add_json(parser, "print the summary as JSON")


def _run(args: argparse.Namespace) -> int:
    bots = [b.strip() for b in args.bots.split(",") if b.strip()]
    summary = play_match(args.game, bots, games=args.games, seed=args.seed, progress=not args.json)
    if args.json:
        print_json(summary)
    else:
        print(format_summary(summary))
    return 0


MATCH = Command(
    "match",
    help="play bots against each other and report the results",
    description="Play N games between bots, alternating who sits first, and report wins, "
    "draws, mean scores and mean turns.",
    configure=_configure,
    run=_run,
)
"""``cipherkit match GAME --bots A,B --games N [--seed S] [--json]``."""
