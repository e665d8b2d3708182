"""Playtest the mission being edited, in the background, one run at a time per editor.

:class:`BackgroundPlaytest` plays N bot games of a mission in one worker process (so the
kernel keeps answering edits) from a thread that waits for it, and reports its state as
a dict of numbers after every batch: ``idle``, ``running`` (``done`` of ``total``),
``done`` (the figures ``cipherkit playtest`` prints, and turns by outcome for a plot),
``tuned`` (the deck advised and every trial) or ``failed`` (a message).
:func:`playtest_words` says a state in the language in force, for the page. A second
run while one runs is refused.

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

from cipherkit.core.errors import CipherkitError, message_of
from cipherkit.games.mission.content.mission import Mission
from cipherkit.i18n import _, ngettext, nsay, say
from cipherkit.playtest.runner import run_playtest
from cipherkit.playtest.stats import PlaytestResult
from cipherkit.playtest.tune import tune_deck
from cipherkit.studio.intents import StudioRefused
from cipherkit.studio.words import difficulty_words, loss_words
from cipherkit.studio.workers import new_pool, submit

__all__ = ["MAX_STUDIO_GAMES", "BackgroundPlaytest", "playtest_words", "result_view"]

MAX_STUDIO_GAMES = 1000
"""The most games one playtest from the studio plays (a page's expensive request)."""
PROGRESS_STEPS = 20
"""About how many times a run reports its progress."""


def result_view(result: PlaytestResult) -> dict[str, Any]:
    """The figures of a finished run as the studio shows them (JSON-safe, numbers only:
    :func:`playtest_words` says them)."""
    f = result.figures
    won = Counter(r.turns for r in result.records if r.won)
    lost = Counter(r.turns for r in result.records if not r.won)
    return {
        "win_rate": f["win_rate"],
        "interval": list(f["win_rate_ci"]),
        "mean_turns": f["mean_turns"],
        "losses": {k: v for k, v in f["loss_causes"].items() if v},
        "stars": result.difficulty.stars,
        "level": result.difficulty.label,
        "turns": [[t, won.get(t, 0), lost.get(t, 0)] for t in sorted(set(won) | set(lost))],
    }


def _percent(share: float, places: int = 1) -> str:
    return f"{100 * share:.{places}f}"


def _figures(state: dict[str, Any]) -> list[str]:
    """A finished run's lines: win rate, mean turns, what ended the lost games, rating."""
    lo, hi = state["interval"]
    mean = "-" if state["mean_turns"] is None else format(state["mean_turns"], ".1f")
    losses = ", ".join(f"{loss_words(k)} {v}" for k, v in state["losses"].items())
    stars = int(state["stars"])
    rating = "★" * stars + "☆" * (5 - stars) + " " + difficulty_words(state["level"])
    return [
        _(
            "win rate {rate}% (95% CI {lo}-{hi}%)",
            rate=_percent(state["win_rate"]),
            lo=_percent(lo),
            hi=_percent(hi),
        ),
        _("mean turns {turns}", turns=mean),
        _("losses: {causes}", causes=losses) if losses else _("losses: none"),
        _("difficulty: {rating}", rating=rating),
    ]


def _trial_words(trial: dict[str, Any]) -> str:
    """One line for a setting tried while tuning (as ``cipherkit tune`` prints it)."""
    values, traps = trial["values"], trial["traps"]
    if trial.get("skipped"):
        return _(
            "deck.values {values}: skipped ({reason})",
            values=values,
            reason=str(trial["skipped"]),
        )
    lo, hi = trial["win_rate_ci"]
    figures = {
        "values": values,
        "rate": f"{trial['win_rate']:.0%}",
        "lo": f"{lo:.0%}",
        "hi": f"{hi:.0%}",
        "score": f"{trial['score']:.3f}",
        "label": difficulty_words(trial["label"]),
    }
    if traps:
        return ngettext(
            "deck.values {values} + {n} camera: win rate {rate} (95% CI {lo}-{hi}), "
            "difficulty {score} ({label})",
            "deck.values {values} + {n} cameras: win rate {rate} (95% CI {lo}-{hi}), "
            "difficulty {score} ({label})",
            traps,
            **figures,
        )
    return _(
        "deck.values {values}: win rate {rate} (95% CI {lo}-{hi}), difficulty {score} ({label})",
        **figures,
    )


def _advice(state: dict[str, Any]) -> str:
    """What to write in the mission file, in one sentence (as ``cipherkit tune`` says)."""
    lo, hi = state["interval"]
    secrets = state.get("secrets") or []
    rules = _("secret rules {rules}", rules=", ".join(secrets)) if secrets else _("no secret rules")
    how = {
        "values": state["values"],
        "rate": f"{state['win_rate']:.0%}",
        "lo": f"{lo:.0%}",
        "hi": f"{hi:.0%}",
        "target": f"{state['target']:.0%}",
        "players": ngettext("{n} player", "{n} players", state["players"]),
        "rules": rules,
    }
    if state["traps"]:
        return ngettext(
            "Set deck.values: {values} and add {n} camera token to the clue tokens in the "
            "mission file (cards 1-{values} in each suit): the team wins {rate} (95% CI "
            "{lo}-{hi}), aimed at {target}; {players}, {rules}.",
            "Set deck.values: {values} and add {n} camera tokens to the clue tokens in the "
            "mission file (cards 1-{values} in each suit): the team wins {rate} (95% CI "
            "{lo}-{hi}), aimed at {target}; {players}, {rules}.",
            state["traps"],
            **how,
        )
    return _(
        "Set deck.values: {values} in the mission file (cards 1-{values} in each suit): the "
        "team wins {rate} (95% CI {lo}-{hi}), aimed at {target}; {players}, {rules}.",
        **how,
    )


def playtest_words(state: dict[str, Any]) -> dict[str, Any]:
    """``state`` with its words, in the language in force: the ``progress`` of a run, the
    ``figures`` of a finished one, a tuning's ``advice``, ``trials`` and ``use_deck``, a
    failure's ``message``, and ``said`` (what the page announces when a run ends).

    >>> words = playtest_words({"state": "running", "done": 3, "total": 50})
    >>> words["progress"]
    '3 of 50 games played'
    """
    out = dict(state)
    kind = state.get("state")
    if kind == "running":
        out["progress"] = ngettext(
            "{done} of {n} game played",
            "{done} of {n} games played",
            state["total"],
            done=state["done"],
        )
    elif kind == "tuning":
        out["progress"] = _("tuning the deck: playing each deck size")
    elif kind == "done":
        out["figures"] = _figures(state)
        out["progress"] = _("the playtest is done")
        out["said"] = _("Playtest done: {figure}.", figure=out["figures"][0])
    elif kind == "tuned":
        out["advice"] = _advice(state)
        out["trials"] = [_trial_words(t) for t in state["trials"]]
        values = state["values"]
        out["use_deck"] = ngettext("Use a deck of {n} value", "Use a deck of {n} values", values)
        out["said"] = ngettext(
            "Tuning done: a deck of {n} value comes nearest.",
            "Tuning done: a deck of {n} values comes nearest.",
            values,
        )
    elif kind == "failed":
        out["message"] = str(state.get("message", ""))
        out["progress"] = _("the playtest failed")
        out["said"] = _("The playtest failed: {message}.", message=out["message"])
    return out


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
            raise StudioRefused.say("A playtest is already running; wait for it to finish.")
        if isinstance(games, bool) or not isinstance(games, int):
            raise StudioRefused.say("The number of games must be a whole number.")
        if not 1 <= games <= MAX_STUDIO_GAMES:
            raise StudioRefused(
                nsay(
                    "A playtest here plays from 1 to {n} game.",
                    "A playtest here plays from 1 to {n} games.",
                    MAX_STUDIO_GAMES,
                )
            )
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
            raise StudioRefused.say("A playtest is already running; wait for it to finish.")
        if isinstance(win_rate, bool) or not isinstance(win_rate, int | float):
            raise StudioRefused.say("The win rate to aim at is a number from 0 to 1.")
        if not 0 <= win_rate <= 1:
            raise StudioRefused.say("The win rate to aim at is a number from 0 to 1.")
        if isinstance(games, bool) or not isinstance(games, int) or not 10 <= games <= 300:
            raise StudioRefused.say("Tuning plays from 10 to 300 games a deck size.")
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
            raise StudioRefused.say(
                "Playtests are limited on this page: start the next in {seconds} s.",
                seconds=math.ceil(wait),
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
            self._tell({"state": "failed", "message": message_of(exc), "total": 0, "done": 0})
            return
        except Exception as exc:  # a broken worker: said in a sentence, never a traceback
            message = say("the tuning stopped: {error}", error=type(exc).__name__)
            self._tell({"state": "failed", "message": message, "total": 0, "done": 0})
            return
        self._tell(
            {
                "state": "tuned",
                "values": best.values,
                "traps": best.traps,
                "win_rate": best.win_rate,
                "interval": list(best.interval),
                "target": found.target,
                "players": found.players,
                "secrets": list(found.secrets),
                "trials": [t.to_json() for t in found.trials],
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
            self._tell({"state": "failed", "message": message_of(exc), "total": games, "done": 0})
            return
        except Exception as exc:  # a broken worker: said in a sentence, never a traceback
            message = say("the playtest stopped: {error}", error=type(exc).__name__)
            self._tell({"state": "failed", "message": message, "total": games, "done": 0})
            return
        self._tell({"state": "done", "done": games, "total": games, **result_view(result)})
