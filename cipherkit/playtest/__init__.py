"""Playtesting missions: bots play many games, the figures say how hard a mission is.

Design notes: ``docs/playtest.md``, ``cipherkit.playtest``.

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
