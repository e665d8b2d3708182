"""Playtest the mission being edited, in the background, one run at a time per editor.

:class:`BackgroundPlaytest` plays N bot games of a mission in one worker process (so the
kernel keeps answering edits) from a thread that waits for it, and reports its state as
a JSON-safe dict after every batch: ``idle``, ``running`` (``done`` of ``total``),
``done`` (the figures ``cipherkit playtest`` prints, and turns by outcome for a plot) or
``failed`` (a sentence). A second run while one runs is refused.

>>> from cipherkit.games.mission.format.files import load
>>> seen = []
>>> runs = BackgroundPlaytest(seen.append, processes=False)
>>> runs.start(load("missions/01-lantern-archive.yaml"), games=4, seed=1)
>>> runs.wait()
>>> seen[-1]["state"], seen[-1]["done"], seen[-1]["total"], len(seen[-1]["turns"]) > 0
('done', 4, 4, True)
"""

from __future__ import annotations

import math
import threading
import time
from collections import Counter
from collections.abc import Callable
from concurrent.futures import Executor
from typing import Any

from cipherkit.core.errors import CipherkitError
from cipherkit.games.mission.content.mission import Mission
from cipherkit.playtest.runner import run_playtest
from cipherkit.playtest.stats import PlaytestResult
from cipherkit.playtest.tune import tune_deck
from cipherkit.studio.intents import StudioRefused
from cipherkit.studio.workers import new_pool, submit

__all__ = ["MAX_STUDIO_GAMES", "BackgroundPlaytest", "result_view"]

MAX_STUDIO_GAMES = 1000
"""The most games one playtest from the studio plays (a page's expensive request)."""
PROGRESS_STEPS = 20
"""About how many times a run reports its progress."""


def result_view(result: PlaytestResult) -> dict[str, Any]:
    """The figures of a finished run as the studio shows them (JSON-safe)."""
    f = result.figures
    won = Counter(r.turns for r in result.records if r.won)
    lost = Counter(r.turns for r in result.records if not r.won)
    return {
        "win_rate": f["win_rate"],
        "interval": list(f["win_rate_ci"]),
        "mean_turns": f["mean_turns"],
        "losses": {k: v for k, v in f["loss_causes"].items() if v},
        "rating": result.difficulty.text,
        "summary": result.summary_text().splitlines(),
        "turns": [[t, won.get(t, 0), lost.get(t, 0)] for t in sorted(set(won) | set(lost))],
    }


class BackgroundPlaytest:
    """One background playtest at a time; ``report`` gets its state after each step.
    ``processes=False`` plays in the thread itself (for doctests and tiny runs).

    ``share`` (a page's editor: 0.5) bounds the cost as a page's other expensive requests
    are bounded (:class:`~cipherkit.widgets.guard.CostGuard`): after a run of T seconds
    the next may start only T x (1 - share) / share seconds later."""

    def __init__(
        self,
        report: Callable[[dict[str, Any]], None],
        *,
        processes: bool = True,
        share: float | None = None,
        clock: Callable[[], float] = time.monotonic,
    ):
        self._report = report
        self._processes = processes
        self._share = share
        self._clock = clock
        self._next = -math.inf
        self._thread: threading.Thread | None = None
        self.state: dict[str, Any] = {"state": "idle"}

    @property
    def running(self) -> bool:
        """Whether a run is under way."""
        return self._thread is not None and self._thread.is_alive()

    def start(self, mission: Mission, games: int = 200, seed: int = 0) -> None:
        """Start playing ``games`` games of ``mission``; :class:`StudioRefused` while a
        run is under way or for a count out of range."""
        if self.running:
            raise StudioRefused("A playtest is already running; wait for it to finish.")
        if isinstance(games, bool) or not isinstance(games, int):
            raise StudioRefused("The number of games must be a whole number.")
        if not 1 <= games <= MAX_STUDIO_GAMES:
            raise StudioRefused(f"A playtest here plays from 1 to {MAX_STUDIO_GAMES} games.")
        self._check_wait()
        self._tell({"state": "running", "done": 0, "total": games, "mission": mission.id})
        self._thread = threading.Thread(
            target=self._timed,
            args=(self._play, mission, games, seed),
            name="studio-playtest",
            daemon=True,
        )
        self._thread.start()

    def start_tune(self, mission: Mission, win_rate: float, games: int = 100) -> None:
        """Find the deck size that brings the win rate nearest ``win_rate`` (as
        ``cipherkit tune --win-rate`` does, ``games`` games a deck size); the result is
        advice (``state: tuned``, with the deck to set), applied by the author."""
        if self.running:
            raise StudioRefused("A playtest is already running; wait for it to finish.")
        if isinstance(win_rate, bool) or not isinstance(win_rate, int | float):
            raise StudioRefused("The win rate to aim at is a number from 0 to 1.")
        if not 0 <= win_rate <= 1:
            raise StudioRefused("The win rate to aim at is a number from 0 to 1.")
        if isinstance(games, bool) or not isinstance(games, int) or not 10 <= games <= 300:
            raise StudioRefused("Tuning plays from 10 to 300 games a deck size.")
        self._check_wait()
        self._tell({"state": "tuning", "done": 0, "total": 0, "mission": mission.id})
        self._thread = threading.Thread(
            target=self._timed,
            args=(self._tune, mission, float(win_rate), games),
            name="studio-tune",
            daemon=True,
        )
        self._thread.start()

    def _check_wait(self) -> None:
        wait = self._next - self._clock()
        if wait > 0:
            raise StudioRefused(
                f"Playtests are limited on this page: start the next in {math.ceil(wait)} s."
            )

    def _tune(self, mission: Mission, win_rate: float, games: int) -> None:
        try:
            if self._processes:
                tuned = submit(tune_deck, mission, win_rate=win_rate, games=games, workers=1)
                found = tuned.result()
            else:
                found = tune_deck(mission, win_rate=win_rate, games=games, workers=1)
            best = found.best
        except CipherkitError as exc:
            self._tell({"state": "failed", "message": str(exc), "total": 0, "done": 0})
            return
        except Exception as exc:  # a broken worker: said in a sentence, never a traceback
            message = f"the tuning stopped: {type(exc).__name__}"
            self._tell({"state": "failed", "message": message, "total": 0, "done": 0})
            return
        self._tell(
            {
                "state": "tuned",
                "advice": found.advice,
                "values": best.values,
                "traps": best.traps,
                "win_rate": best.win_rate,
                "trials": [t.text() for t in found.trials],
            }
        )

    def wait(self, timeout: float | None = None) -> None:
        """Wait for the run under way (if any) to finish."""
        if self._thread is not None:
            self._thread.join(timeout)

    def _tell(self, state: dict[str, Any]) -> None:
        self.state = state
        self._report(dict(state))

    def _timed(self, work: Callable[..., None], *args: Any) -> None:
        started = self._clock()
        try:
            work(*args)
        finally:
            if self._share:
                took = self._clock() - started
                self._next = self._clock() + took * (1 - self._share) / self._share

    def _play(self, mission: Mission, games: int, seed: int) -> None:
        total = {"state": "running", "total": games, "mission": mission.id}
        batch = max(1, games // PROGRESS_STEPS)
        try:
            pool: Executor | None = None
            if self._processes:  # a fork server: no fork of the kernel's threads
                pool = new_pool()
            try:
                result = run_playtest(
                    mission,
                    games,
                    seed=seed,
                    workers=1,
                    executor=pool,
                    batch_size=batch,
                    progress=lambda done: self._tell({**total, "done": done}),
                )
            finally:
                if pool is not None:
                    pool.shutdown(cancel_futures=True)
        except CipherkitError as exc:
            self._tell({"state": "failed", "message": str(exc), "total": games, "done": 0})
            return
        except Exception as exc:  # a broken worker: said in a sentence, never a traceback
            message = f"the playtest stopped: {type(exc).__name__}"
            self._tell({"state": "failed", "message": message, "total": games, "done": 0})
            return
        self._tell({"state": "done", "done": games, "total": games, **result_view(result)})
