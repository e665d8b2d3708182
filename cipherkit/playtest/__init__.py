"""Playtesting missions: bots play many games, the figures say how hard a mission is.

* :func:`run_playtest` plays N games of a mission with bots over any
  ``concurrent.futures.Executor`` (a process pool by default, or a dask.distributed
  ``Client.get_executor()``) and returns a :class:`PlaytestResult`: win rate with a
  95% (Wilson) interval, turns, loss causes, what was open when the answer was given,
  when peril began, room visits, a difficulty rating; a table in notebooks and plots.
* :func:`window_analysis` works without simulation: how many and which windows must
  open before the answer is the only candidate left under the word list, and which
  glyphs are critical.

``cipherkit playtest MISSION --games N [--workers W] [--seed S] [--json]`` is the same
from the command line; ``docs/playtest.md`` explains the figures and the rating.

>>> from cipherkit.playtest import run_playtest
>>> result = run_playtest("missions/01-lantern-archive.yaml", games=4, workers=1)
>>> sorted(result.to_json())[:4]
['bots', 'by_players', 'candidates', 'difficulty']
"""

from __future__ import annotations

from cipherkit.playtest.runner import (
    Batch,
    candidates_beside,
    load_mission,
    play_batch,
    play_game,
    read_candidates,
    run_playtest,
)
from cipherkit.playtest.stats import (
    Difficulty,
    GameRecord,
    PlaytestResult,
    difficulty,
    wilson_interval,
)
from cipherkit.playtest.windows import WindowAnalysis, window_analysis

__all__ = [
    "Batch",
    "Difficulty",
    "GameRecord",
    "PlaytestResult",
    "WindowAnalysis",
    "candidates_beside",
    "difficulty",
    "load_mission",
    "play_batch",
    "play_game",
    "read_candidates",
    "run_playtest",
    "wilson_interval",
    "window_analysis",
]
