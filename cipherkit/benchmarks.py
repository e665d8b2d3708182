"""Benchmarks: named functions that measure something and return JSON figures.

Register one with :func:`benchmark`; it takes ``quick`` (a smaller run for a quick look
and for tests) and returns a JSON-safe dict. :func:`run_benchmarks` runs some or all of
them and adds facts about the machine; ``cipherkit bench`` and the scripts in ``bench/``
call it.

Examples
--------
>>> from cipherkit.benchmarks import benchmark_names, run_benchmarks
>>> "decipher_playouts" in benchmark_names()
True
>>> result = run_benchmarks(["decipher_playouts"], quick=True)
>>> result["benchmarks"]["decipher_playouts"]["actions_per_second"] > 0
True
"""

from __future__ import annotations

import os
import platform
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from typing import Any

from cipherkit.core.errors import CipherkitError

Figures = dict[str, Any]
BenchmarkFn = Callable[[bool], Figures]

_BENCHMARKS: dict[str, BenchmarkFn] = {}


def benchmark(name: str) -> Callable[[BenchmarkFn], BenchmarkFn]:
    """Register ``fn(quick: bool) -> dict`` under ``name``.

    >>> @benchmark("demo_sum")
    ... def _demo(quick: bool) -> dict:
    ...     return {"total": sum(range(10 if quick else 1000))}
    >>> run_benchmarks(["demo_sum"], quick=True)["benchmarks"]["demo_sum"]["total"]
    45
    >>> _ = _BENCHMARKS.pop("demo_sum")
    """

    def register(fn: BenchmarkFn) -> BenchmarkFn:
        if name in _BENCHMARKS:
            raise ValueError(f"benchmark {name!r} is already registered")
        _BENCHMARKS[name] = fn
        return fn

    return register


def benchmark_names() -> list[str]:
    return sorted(_BENCHMARKS)


def machine_info() -> dict[str, Any]:
    """What the figures were measured on."""
    return {
        "python": platform.python_version(),
        "implementation": platform.python_implementation(),
        "platform": platform.platform(terse=True),
        "cpu_count": os.cpu_count(),
    }


def run_benchmarks(
    names: Sequence[str] | None = None, *, quick: bool = False, progress: bool = False
) -> dict[str, Any]:
    """Run the named benchmarks (default: all) and return their figures.

    Returns ``{"machine": {...}, "quick": bool, "benchmarks": {name: figures}}``; every
    benchmark's figures include the ``seconds`` it took. An unknown name is a
    :class:`CipherkitError` listing the known ones.
    """
    chosen = list(names) if names else benchmark_names()
    unknown = [n for n in chosen if n not in _BENCHMARKS]
    if unknown:
        known = ", ".join(benchmark_names())
        raise CipherkitError(f"unknown benchmark {unknown[0]!r} (known: {known})")
    results: dict[str, Figures] = {}
    for name in chosen:
        if progress:
            print(f"running {name}{' (quick)' if quick else ''} ...", file=sys.stderr, flush=True)
        started = time.perf_counter()
        figures = dict(_BENCHMARKS[name](quick))
        figures.setdefault("seconds", round(time.perf_counter() - started, 3))
        results[name] = figures
    return {"machine": machine_info(), "quick": quick, "benchmarks": results}


def format_results(results: dict[str, Any]) -> str:
    """Benchmark results as indented text, one figure a line.

    >>> print(format_results({"machine": {"python": "3.11"}, "quick": True,
    ...                       "benchmarks": {"demo": {"rate": 1234.5, "n": 3}}}))
    machine: python 3.11 (quick run)
    demo
      rate  1,234.5
      n     3
    """
    machine = ", ".join(f"{k} {v}" for k, v in results.get("machine", {}).items())
    lines = [f"machine: {machine}" + (" (quick run)" if results.get("quick") else "")]
    for name, figures in results.get("benchmarks", {}).items():
        lines.append(name)
        width = max((len(k) for k in figures), default=0)
        for key, value in figures.items():
            lines.append(f"  {key:<{width}}  {_format_value(value)}")
    return "\n".join(lines)


def _format_value(value: Any) -> str:
    if isinstance(value, float):
        return f"{value:,.4g}" if abs(value) < 1000 else f"{value:,.1f}"
    if isinstance(value, dict):
        return ", ".join(f"{k}: {_format_value(v)}" for k, v in value.items())
    return str(value)


def _percentile(values: Sequence[float], fraction: float) -> float:
    """Linear-interpolated percentile of a non-empty list (``fraction`` in [0, 1])."""
    ordered = sorted(values)
    position = fraction * (len(ordered) - 1)
    low = int(position)
    high = min(low + 1, len(ordered) - 1)
    return ordered[low] + (ordered[high] - ordered[low]) * (position - low)


# ---------------------------------------------------------------- decipher
@benchmark("decipher_playouts")
def decipher_playouts(quick: bool) -> Figures:
    """Random legal playouts: actions applied per second, legal-action listing included."""
    from cipherkit.core.rng import Rng
    from cipherkit.games.decipher import new_game

    games = 100 if quick else 4000
    actions = 0
    started = time.perf_counter()
    for seed in range(games):
        state = new_game(seed=seed)
        chooser = Rng(seed + 1)
        while state.outcome is None:
            seat = state.actors()[0]
            state.apply(seat, chooser.choice(state.legal_actions(seat)))
            actions += 1
    seconds = time.perf_counter() - started
    return {
        "games": games,
        "actions": actions,
        "seconds": round(seconds, 3),
        "actions_per_second": round(actions / seconds, 1),
    }


@benchmark("decipher_solver")
def decipher_solver(quick: bool) -> Figures:
    """Solver decision time over its decisions in real games against random.

    Only decisions with a choice count (a lone legal action is returned at once).
    """
    from cipherkit.core.bots import RandomBot
    from cipherkit.core.rng import Rng
    from cipherkit.games.decipher import new_game
    from cipherkit.games.decipher.solver import SolverBot

    games = 6 if quick else 100
    times: list[float] = []
    for seed in range(games):
        solver_seat = seed % 2
        bots = [SolverBot(), RandomBot()] if solver_seat == 0 else [RandomBot(), SolverBot()]
        rngs = [Rng(seed * 2 + 1), Rng(seed * 2 + 2)]
        state = new_game({"first_player": 0}, seed=seed)
        while state.outcome is None:
            seat = state.actors()[0]
            observation, legal = state.observe(seat), state.legal_actions(seat)
            started = time.perf_counter()
            action = bots[seat].act(observation, legal, rngs[seat])
            if seat == solver_seat and len(legal) > 1:
                times.append(time.perf_counter() - started)
            state.apply(seat, action)
    return {
        "games": games,
        "decisions": len(times),
        "median_ms": round(1000 * statistics.median(times), 3),
        "p95_ms": round(1000 * _percentile(times, 0.95), 3),
        "max_ms": round(1000 * max(times), 3),
    }


@benchmark("decipher_match")
def decipher_match(quick: bool) -> Figures:
    """Solver against random (win rate) and against itself (first-player win rate)."""
    from cipherkit.core.match import play_match

    versus_random = play_match("decipher", ["solver", "random"], games=40 if quick else 1000)
    self_play = play_match("decipher", ["solver", "solver"], games=20 if quick else 400)
    return {
        "solver_vs_random": {
            "games": versus_random["games"],
            "solver_win_rate": versus_random["win_rates"]["solver"],
            "random_win_rate": versus_random["win_rates"]["random"],
            "draw_rate": round(versus_random["draws"] / versus_random["games"], 4),
            "solver_mean_score": versus_random["mean_scores"]["solver"],
            "random_mean_score": versus_random["mean_scores"]["random"],
            "mean_turns": versus_random["mean_turns"],
        },
        "solver_vs_solver": {
            "games": self_play["games"],
            "first_player_win_rate": self_play["first_seat_win_rate"],
            "second_player_win_rate": round(
                (self_play["games"] - self_play["draws"] - self_play["first_seat_wins"])
                / self_play["games"],
                4,
            ),
            "draw_rate": round(self_play["draws"] / self_play["games"], 4),
            "mean_turns": self_play["mean_turns"],
        },
    }


# ---------------------------------------------------------------- mission
@benchmark("mission_playouts")
def mission_playouts(quick: bool) -> Figures:
    """Random legal mission playouts: actions applied per second, legal-action listing
    included, on the built-in demo mission with 2, 3 and 4 seats (target: 20,000)."""
    from cipherkit.core.rng import Rng
    from cipherkit.games.mission import new_game

    games = 40 if quick else 2000
    configs = [{"players": 2}, {"players": 3}, {"players": 4}]
    actions = 0
    started = time.perf_counter()
    for seed in range(games):
        state = new_game(configs[seed % len(configs)], seed=seed)
        chooser = Rng(seed + 1)
        while state.outcome is None:
            actors = state.actors()
            seat = actors[chooser.randbelow(len(actors))]
            state.apply(seat, chooser.choice(state.legal_actions(seat)))
            actions += 1
    seconds = time.perf_counter() - started
    return {
        "games": games,
        "actions": actions,
        "seconds": round(seconds, 3),
        "actions_per_second": round(actions / seconds, 1),
    }


# ---------------------------------------------------------------- glyphs
def _glyphs_bench_mission() -> Any:
    """The shipped mission with the largest card (or the built-in demo when the
    repository's missions/ folder is not there)."""
    from pathlib import Path

    import cipherkit
    from cipherkit.games.mission import demo_mission, load

    path = Path(cipherkit.__file__).resolve().parents[1] / "missions" / "03-cold-ledger.yaml"
    return load(path) if path.is_file() else demo_mission()


@benchmark("glyphs_card_png")
def glyphs_card_png(quick: bool) -> Figures:
    """A mission card as PNG bytes: drawing built, glyphs rasterised (their cache emptied
    before every run) and PNG encoded (target: <= 100 ms)."""
    from cipherkit.glyphs.cards import card_drawing
    from cipherkit.glyphs.data import card_from_mission, mission_glyph_map
    from cipherkit.glyphs.raster import glyph_mask

    mission = _glyphs_bench_mission()
    started = time.perf_counter()
    key = mission_glyph_map(mission)
    first_png = card_drawing(card_from_mission(mission), key).png()
    first = time.perf_counter() - started
    times: list[float] = []
    for _ in range(5 if quick else 40):
        glyph_mask.cache_clear()
        started = time.perf_counter()
        png = card_drawing(card_from_mission(mission), key).png()
        times.append(time.perf_counter() - started)
    assert png == first_png
    return {
        "mission": mission.id,
        "cells": len(mission.cells),
        "runs": len(times),
        "median_ms": round(1000 * statistics.median(times), 2),
        "max_ms": round(1000 * max(times), 2),
        "first_ms_with_glyph_set": round(1000 * first, 2),
        "png_bytes": len(png),
    }


@benchmark("glyphs_print_pdf")
def glyphs_print_pdf(quick: bool) -> Figures:
    """The whole print-and-play PDF: every A4 page drawn at 300 dpi and written
    (target: <= 2 s)."""
    import tempfile
    from pathlib import Path

    from cipherkit.glyphs.data import mission_glyph_map
    from cipherkit.glyphs.printing import print_pages, save_pdf
    from cipherkit.glyphs.raster import glyph_mask

    mission = _glyphs_bench_mission()
    key = mission_glyph_map(mission)
    times: list[float] = []
    with tempfile.TemporaryDirectory() as folder:
        target = Path(folder) / "play.pdf"
        for _ in range(1 if quick else 5):
            glyph_mask.cache_clear()
            started = time.perf_counter()
            pages = print_pages(mission, key)
            save_pdf([page for _, page in pages], target)
            times.append(time.perf_counter() - started)
        size = target.stat().st_size
    return {
        "mission": mission.id,
        "pages": len(pages),
        "runs": len(times),
        "median_seconds": round(statistics.median(times), 3),
        "max_seconds": round(max(times), 3),
        "pdf_bytes": size,
    }
