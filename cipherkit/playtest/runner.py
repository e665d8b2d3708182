"""Play many games of a mission with bots, over any ``concurrent.futures.Executor``.

Design notes: ``docs/playtest.md``, ``cipherkit.playtest.runner``.
"""

from __future__ import annotations

import math
import os
import sys
import time
from collections.abc import Callable, Sequence
from concurrent.futures import Executor, Future, ProcessPoolExecutor, as_completed
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any, cast

from cipherkit.core.errors import CipherkitError
from cipherkit.core.protocol import Action, Seat, State
from cipherkit.core.registry import make_bot
from cipherkit.core.rng import Rng
from cipherkit.core.session import Session, bot_rng
from cipherkit.games.mission import GAME
from cipherkit.games.mission.content.mission import Mission
from cipherkit.games.mission.content.secret_rules import SECRET_RULES
from cipherkit.games.mission.format.files import load, mission_from_dict
from cipherkit.games.mission.format.problems import MissionError
from cipherkit.games.mission.format.reader import suggest
from cipherkit.games.mission.rules.config import mission_from_config
from cipherkit.games.mission.rules.engine import MissionState
from cipherkit.i18n import _
from cipherkit.playtest.stats import STALLED, GameRecord, PlaytestResult, merge_records

MAX_TURNS = 1000
"""A game still going after this many turns is stopped and counted as ``stalled``."""
MAX_BATCH = 250
Progress = bool | Callable[[int], object]
"""A playtest's progress: a tqdm bar (``True``), none, or a function told the games done."""

MAX_GAMES = 1_000_000
"""The most games one playtest plays (a million planner games take hours on two cores;
a typo such as ``--games 1000000000`` is refused instead of running until killed)."""
"""The most games one task plays."""


@dataclass(frozen=True, slots=True)
class Batch:
    """One task: games ``start .. stop - 1`` of a playtest (picklable, small)."""

    mission: dict[str, Any]
    bots: str
    seed: int
    start: int
    stop: int
    players: int | None
    player_range: tuple[int, int]
    candidates: tuple[str, ...] = ()
    max_turns: int = MAX_TURNS
    secrets: tuple[str, ...] = ()


def game_players(index: int, players: int | None, player_range: tuple[int, int]) -> int:
    """How many players game ``index`` has: ``players``, or cycling through the range.

    >>> [game_players(i, None, (2, 4)) for i in range(5)], game_players(7, 3, (1, 4))
    ([2, 3, 4, 2, 3], 3)
    """
    if players is not None:
        return players
    lo, hi = player_range
    return lo + index % (hi - lo + 1)


def seat_rng(game_seed: int, seat: int) -> Rng:
    """The random numbers seat ``seat`` gets in the game dealt with ``game_seed``: the
    one bot stream of :func:`~cipherkit.core.session.bot_rng`.

    >>> seat_rng(5, 1).next64() == bot_rng(5, 1).next64()
    True
    """
    return bot_rng(game_seed, seat)


def make_bots(spec: str, seats: int, candidates: Sequence[str] = ()) -> list[Any]:
    """One bot per seat from a registry name (``planner:strong``); planners also read
    the mission's candidate answers."""
    bots = []
    for __ in range(seats):
        bot = make_bot("mission", spec)
        with_candidates: Callable[..., Any] | None = getattr(bot, "with_candidates", None)
        if candidates and with_candidates is not None:
            bot = with_candidates(candidates)
        bots.append(bot)
    return bots


_QUIET = ("act", "draw")
"""Phases where a proposal is always possible: a bot is asked even with one listed move."""


def forced_move(state: State, seat: Seat, legal: list[Action]) -> Action | None:
    """The playtest's ``shortcut``: a lone legal action outside the act and draw phases,
    taken without asking the bot (nor building its observation); ``None`` to ask.

    A playtest's session plays the mission game, so ``state`` is a :class:`MissionState`.
    """
    if len(legal) == 1 and cast(MissionState, state).phase not in _QUIET:
        return legal[0]
    return None


def play_game(
    mission: Mission,
    *,
    index: int,
    seed: int,
    players: int,
    bots: str = "planner",
    candidates: Sequence[str] = (),
    max_turns: int = MAX_TURNS,
    secrets: Sequence[str] = (),
) -> GameRecord:
    """Play game ``index`` (dealt with ``seed + index``) and record it.

    A bot's illegal action (or a bot that raises) is a :class:`CipherkitError` naming
    the bot, the mission and the game.

    >>> from cipherkit.games.mission import load
    >>> record = play_game(load("missions/01-lantern-archive.yaml"), index=0, seed=0, players=2)
    >>> record.won, record.reason, record.solve_glyphs <= 4
    (True, 'solved', True)
    """
    game_seed = seed + index
    config = {"mission": mission, "players": players, "secrets": list(secrets)}
    session = Session(
        GAME,
        config,
        seed=game_seed,
        bots=make_bots(bots, players, candidates),
        names=[bots] * players,
        rngs={s: seat_rng(game_seed, s) for s in range(players)},
        fallback="raise",
        shortcut=forced_move,
        keep_log=False,
    )
    state = session.state
    assert isinstance(state, MissionState)
    t = state.t
    visits = [0] * len(t.rooms)
    room_index = t.room_index
    peril_turn: int | None = None
    proposal: tuple[int, int, bool] | None = None
    step = session.step_bots
    while state.outcome is None and state.turn_number <= max_turns:
        try:
            events = step(1)
        except CipherkitError as exc:
            raise CipherkitError.say(
                "playtest of {mission}, game {index}: {exc}",
                mission=mission.id,
                index=index,
                exc=exc,
            ) from exc
        for event in events:
            kind = event.kind
            if kind == "move":
                visits[room_index[event.data["room"]]] += 1
            elif kind == "peril":
                if peril_turn is None:
                    peril_turn = state.turn_number
            elif kind == "propose":
                proposal = _open_counts(state)
            elif kind == "reject":
                proposal = None
    outcome = state.outcome
    if outcome is None:
        won, reason, proposal = False, STALLED, None
    else:
        won, reason = bool(outcome.winners), outcome.reason
        if reason not in ("solved", "wrong answer"):
            proposal = None
    return GameRecord(
        index=index,
        seed=game_seed,
        players=players,
        won=won,
        reason=reason,
        turns=state.turn_number,
        actions=session.version,
        solve_glyphs=None if proposal is None else proposal[0],
        solve_windows=None if proposal is None else proposal[1],
        guessed=False if proposal is None else proposal[2],
        peril_turn=peril_turn,
        room_visits=tuple(visits),
    )


def _open_counts(state: MissionState) -> tuple[int, int, bool]:
    """Glyphs and windows open on the card, and whether an answer window is closed."""
    t = state.t
    glyphs = windows = 0
    for g, is_open in enumerate(state.opened):
        if is_open and t.on_card[g]:
            glyphs += 1
            windows += t.windows[g]
    return glyphs, windows, not state.answer_open()


def play_batch(batch: Batch) -> list[GameRecord]:
    """Play one batch (the task each worker runs)."""
    mission = mission_from_config(batch.mission)
    return [
        play_game(
            mission,
            index=i,
            seed=batch.seed,
            players=game_players(i, batch.players, batch.player_range),
            bots=batch.bots,
            candidates=batch.candidates,
            max_turns=batch.max_turns,
            secrets=batch.secrets,
        )
        for i in range(batch.start, batch.stop)
    ]


# ---------------------------------------------------------------- inputs
def load_mission(mission: str | Path | Mission | dict[str, Any]) -> Mission:
    """A mission from a path, a mission dict or a :class:`Mission`; a bad file is a
    one-line :class:`CipherkitError`."""
    if isinstance(mission, Mission):
        return mission
    try:
        if isinstance(mission, dict):
            return mission_from_dict(mission)
        return load(mission)
    except MissionError as exc:
        raise CipherkitError(" ".join(str(exc).split())) from None


def read_candidates(path: str | Path) -> tuple[str, ...]:
    """Candidate answers from a text file: one a line; blank lines and ``#`` comments
    are skipped.

    >>> import pathlib, tempfile
    >>> f = pathlib.Path(tempfile.mkdtemp()) / "m.candidates.txt"
    >>> _ = f.write_text("# combinations\\n4017 52\\n\\n1740 25\\n")
    >>> read_candidates(f)
    ('4017 52', '1740 25')
    """
    try:
        text = Path(path).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise CipherkitError.say(
            "{path}: cannot read the candidate answers ({exc})", path=path, exc=exc
        ) from None
    lines = (line.strip() for line in text.splitlines())
    return tuple(line for line in lines if line and not line.startswith("#"))


def candidates_beside(path: str | Path) -> Path:
    """Where a mission file's candidate list lives: ``NAME.candidates.txt`` beside
    ``NAME.yaml``.

    >>> candidates_beside("missions/03-cold-ledger.yaml").name
    '03-cold-ledger.candidates.txt'
    """
    p = Path(path)
    return p.with_name(p.stem + ".candidates.txt")


def _candidates(
    mission: str | Path | Mission | dict[str, Any], given: Sequence[str] | str | Path | None
) -> tuple[str, ...]:
    if given is None:
        if isinstance(mission, str | Path) and candidates_beside(mission).is_file():
            return read_candidates(candidates_beside(mission))
        return ()
    if isinstance(given, str | Path):
        return read_candidates(given)
    return tuple(str(c) for c in given)


def batch_size_for(games: int, workers: int) -> int:
    """Games per task: about four tasks per worker, at most :data:`MAX_BATCH`.

    >>> batch_size_for(10_000, 2), batch_size_for(20, 2), batch_size_for(3, 8)
    (250, 3, 1)
    """
    return max(1, min(MAX_BATCH, math.ceil(games / (4 * max(1, workers)))))


# ---------------------------------------------------------------- the playtest
def run_playtest(
    mission: str | Path | Mission | dict[str, Any],
    games: int = 1000,
    *,
    workers: int | None = None,
    seed: int = 0,
    bots: str = "planner",
    players: int | None = None,
    progress: Progress = False,
    executor: Executor | None = None,
    candidates: Sequence[str] | str | Path | None = None,
    batch_size: int | None = None,
    max_turns: int = MAX_TURNS,
    secrets: Sequence[str] = (),
) -> PlaytestResult:
    """Play ``games`` games of ``mission`` and add up the figures.

    Parameters
    ----------
    mission:
        A mission file path, a mission dict or a :class:`Mission`.
    games:
        How many games (at least 1).
    workers:
        Processes of the default process pool (default: the machine's CPUs); 1 plays in
        this process. Ignored when ``executor`` is given.
    seed:
        Game ``i`` is dealt with ``seed + i``.
    bots:
        A mission bot name from the registry, for every seat (``planner``,
        ``planner:strong``, ``random``).
    players:
        Seats in every game (default: cycle through the mission's player range).
    progress:
        Show a tqdm progress bar; or a function, told the number of games done so far
        after each batch (the studio's progress bar).
    executor:
        Any :class:`concurrent.futures.Executor`, used as it is and not shut down:
        a ``ProcessPoolExecutor``, or a dask.distributed ``Client.get_executor()``.
    candidates:
        The mission's own candidate answers for the answer model: a list, or a text
        file (one a line). Default: ``NAME.candidates.txt`` beside the mission file,
        if there is one (the mission format has no field for them).
    batch_size:
        Games per task (default: :func:`batch_size_for`). Never changes the figures.
    max_turns:
        Games still going after this many turns count as ``stalled``.
    secrets:
        Secret rules in play (:mod:`cipherkit.games.mission.content.secret_rules`): what a campaign
        has unlocked by the time the team reaches this mission.

    Returns
    -------
    PlaytestResult
        Identical for the same arguments whatever ``workers``/``executor`` and
        ``batch_size`` (only the timing differs).

    Examples
    --------
    >>> from cipherkit.playtest import run_playtest
    >>> result = run_playtest("missions/01-lantern-archive.yaml", games=6, workers=1, seed=3)
    >>> result.games, result.figures["loss_causes"]["stalled"]
    (6, 0)
    >>> [r.players for r in result.records]        # cycles through the mission's 1-4 players
    [1, 2, 3, 4, 1, 2]
    """
    _check_counts(games, workers)
    chosen = load_mission(mission)
    if players is not None:
        check_players(chosen, players)
    answers = _candidates(mission, candidates)
    make_bots(bots, 1, answers)  # an unknown bot or option fails here, before any game
    secrets = _checked_secrets(secrets)
    n_workers = workers or os.cpu_count() or 1
    size = batch_size or batch_size_for(games, n_workers)
    whole = Batch(
        chosen.to_dict(), bots, seed, 0, games, players, chosen.players, answers, max_turns, secrets
    )
    tasks = [replace(whole, start=i, stop=min(games, i + size)) for i in range(0, games, size)]
    started = time.perf_counter()
    batches = _play_tasks(tasks, games, executor, n_workers, progress, chosen.id)
    seconds = time.perf_counter() - started
    card = {c.glyph for c in chosen.cells}
    return PlaytestResult(
        mission=chosen.id,
        title=chosen.title,
        rooms=tuple(chosen.map.nodes),
        glyphs=len(card),
        windows=len(chosen.cells),
        records=merge_records(batches),
        seed=seed,
        bots=bots,
        players=players,
        candidates=len(answers),
        seconds=round(seconds, 3),
        workers=None if executor is not None else n_workers,
        secrets=secrets,
    )


def check_players(mission: Mission, players: int) -> None:
    """Refuse a number of players ``mission`` is not for (a playtest's, a tuning's)."""
    lo, hi = mission.players
    if not lo <= players <= hi:
        raise CipherkitError.say(
            "mission {mission} is for {lo} to {hi} players, not {players}",
            mission=mission.id,
            lo=lo,
            hi=hi,
            players=players,
        )


def _check_counts(games: int, workers: int | None) -> None:
    """Refuse a game count or a worker count a playtest cannot run."""
    if not isinstance(games, int) or games < 1:
        raise CipherkitError.say("a playtest needs at least one game")
    if games > MAX_GAMES:
        raise CipherkitError.say(
            "a playtest plays at most {most:,} games, not {games:,}", most=MAX_GAMES, games=games
        )
    cpus = os.cpu_count() or 1
    if workers is not None and not 1 <= workers <= cpus:
        raise CipherkitError.say(
            "workers must be from 1 to {cpus} (the CPUs of this machine), not {workers:,}",
            cpus=cpus,
            workers=workers,
        )


def _checked_secrets(secrets: Sequence[str]) -> tuple[str, ...]:
    """The secret rules as a tuple, refusing a name no rule has."""
    chosen = tuple(secrets)
    for rule_id in chosen:
        if rule_id not in SECRET_RULES:
            hint = suggest(rule_id, SECRET_RULES)
            raise CipherkitError.say("unknown secret rule {rule!r}{hint}", rule=rule_id, hint=hint)
    return chosen


def _play_tasks(
    tasks: list[Batch],
    games: int,
    executor: Executor | None,
    n_workers: int,
    progress: Progress,
    name: str,
) -> list[list[GameRecord]]:
    """The batches' records: on ``executor``, here (one worker), or on a process pool."""
    if executor is not None:
        return _run(executor, tasks, games, progress, name)
    if n_workers == 1:
        return _run_here(tasks, games, progress, name)
    with ProcessPoolExecutor(max_workers=n_workers) as pool:
        return _run(pool, tasks, games, progress, name)


class _Told:
    """A progress "bar" that tells a function how many games are done so far."""

    def __init__(self, tell: Callable[[int], object]) -> None:
        self.done = 0
        self._tell = tell

    def update(self, n: int) -> None:
        self.done += n
        self._tell(self.done)

    def close(self) -> None:
        return None


def _bar(games: int, progress: Progress, name: str) -> Any:
    if callable(progress):
        return _Told(progress)
    if not progress:
        return None
    from tqdm.auto import tqdm  # lazy: only when a bar is wanted

    desc = _("playtest {name}", name=name)
    return tqdm(total=games, desc=desc, unit=_("game"), file=sys.stderr, leave=False)


def _run_here(
    tasks: list[Batch], games: int, progress: Progress, name: str
) -> list[list[GameRecord]]:
    bar = _bar(games, progress, name)
    out = []
    try:
        for task in tasks:
            out.append(play_batch(task))
            if bar is not None:
                bar.update(task.stop - task.start)
    finally:
        if bar is not None:
            bar.close()
    return out


def _run(
    executor: Executor, tasks: list[Batch], games: int, progress: Progress, name: str
) -> list[list[GameRecord]]:
    futures: dict[Future[list[GameRecord]], Batch] = {
        executor.submit(play_batch, task): task for task in tasks
    }
    bar = _bar(games, progress, name)  # after the submissions: no thread before a fork
    out = []
    try:
        for future in as_completed(futures):
            out.append(future.result())
            if bar is not None:
                task = futures[future]
                bar.update(task.stop - task.start)
    except BaseException:
        for future in futures:
            future.cancel()
        raise
    finally:
        if bar is not None:
            bar.close()
    return out
