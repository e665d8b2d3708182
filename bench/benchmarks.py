"""Benchmarks: named functions that measure something and return JSON figures.

Register one with :func:`benchmark`; it takes ``quick`` (a smaller run for a quick look
and for tests) and returns a JSON-safe dict. :func:`run_benchmarks` runs some or all of
them and adds facts about the machine; the scripts beside this file and ``cipherkit
bench`` (which finds this folder next to the package in a source checkout) call it.

This module is part of the source checkout, not of the installed package: the scripts
import it as ``benchmarks`` (Python puts a script's folder first on ``sys.path``).

Games with bots are played the way everything else plays them, through
:class:`~cipherkit.core.session.Session` (:func:`decipher_solver`) or
:func:`~cipherkit.core.match.play_match`. The random playouts (:func:`random_playouts`)
keep a tight loop over the state API on purpose: they measure the engine itself (legal
actions listed, one applied), and a session's checks and records would be part of the
figure.

Examples
--------
>>> from benchmarks import benchmark_names, run_benchmarks
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
from pathlib import Path
from typing import Any

from cipherkit.core.errors import CipherkitError

ROOT = Path(__file__).resolve().parents[1]
"""The source checkout: ``bench/`` and ``missions/`` are here."""
BENCH = ROOT / "bench"

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


# ---------------------------------------------------------------- playouts
def random_playouts(
    new_state: Callable[[int], Any], games: int, *, any_actor: bool = False
) -> Figures:
    """Play games ``0 .. games - 1`` (``new_state(seed)``) with random legal actions:
    actions applied per second, legal-action listing included.

    A tight loop over the state API, not a :class:`~cipherkit.core.session.Session`:
    this measures the engine (``actors``, ``legal_actions``, ``apply``), so nothing else
    is timed. Game ``seed`` chooses with ``Rng(seed + 1)``: the first seat that may act
    (``any_actor``: a random one of them, for simultaneous play), then a random legal
    action.

    >>> from cipherkit.games.decipher import new_game
    >>> figures = random_playouts(lambda seed: new_game(seed=seed), 3)
    >>> figures["games"], figures["actions"] > 3 * 5
    (3, True)
    """
    from cipherkit.core.rng import Rng

    actions = 0
    started = time.perf_counter()
    for seed in range(games):
        state = new_state(seed)
        chooser = Rng(seed + 1)
        while state.outcome is None:
            actors = state.actors()
            seat = actors[chooser.randbelow(len(actors))] if any_actor else actors[0]
            state.apply(seat, chooser.choice(state.legal_actions(seat)))
            actions += 1
    seconds = time.perf_counter() - started
    return {
        "games": games,
        "actions": actions,
        "seconds": round(seconds, 3),
        "actions_per_second": round(actions / seconds, 1),
    }


def openspiel_playouts(game: Any, seeds: range) -> int:
    """Random playouts of an OpenSpiel game, driven as :func:`random_playouts` drives
    ours (``Rng(seed + 1)`` picks each legal action, chance outcomes included): the
    actions applied. For the comparisons of ``bench/*_playouts.py --openspiel``."""
    from cipherkit.core.rng import Rng

    actions = 0
    for seed in seeds:
        state = game.new_initial_state()
        chooser = Rng(seed + 1)
        while not state.is_terminal():
            state.apply_action(chooser.choice(state.legal_actions()))
            actions += 1
    return actions


# ---------------------------------------------------------------- decipher
@benchmark("decipher_playouts")
def decipher_playouts(quick: bool) -> Figures:
    """Random legal playouts: actions applied per second, legal-action listing included
    (:func:`random_playouts`: the engine alone)."""
    from cipherkit.games.decipher import new_game

    return random_playouts(lambda seed: new_game(seed=seed), 100 if quick else 4000)


@benchmark("decipher_solver")
def decipher_solver(quick: bool) -> Figures:
    """Solver decision time over its decisions in real games against random.

    Only decisions with a choice count (a lone legal action is returned at once), and
    only the solver's own ``act`` is timed. The games are sessions with the solver in
    seat ``seed % 2`` and a random bot in the other.
    """
    from cipherkit.core.bots import RandomBot
    from cipherkit.core.rng import Rng
    from cipherkit.core.session import Session
    from cipherkit.games.decipher.solver import SolverBot

    games = 6 if quick else 100
    times: list[float] = []
    for seed in range(games):
        solver_seat = seed % 2
        session = Session(
            "decipher",
            {"first_player": 0},
            seed=seed,
            bots={solver_seat: _Timed(SolverBot(), times), 1 - solver_seat: RandomBot()},
            rngs={0: Rng(seed * 2 + 1), 1: Rng(seed * 2 + 2)},
            fallback="raise",
            keep_log=False,
        )
        session.play_out()
    return {
        "games": games,
        "decisions": len(times),
        "median_ms": round(1000 * statistics.median(times), 3),
        "p95_ms": round(1000 * _percentile(times, 0.95), 3),
        "max_ms": round(1000 * max(times), 3),
    }


class _Timed:
    """A bot that times its inner bot's decisions with a choice into ``times``."""

    def __init__(self, bot: Any, times: list[float]) -> None:
        self.bot, self.times = bot, times
        self.name = getattr(bot, "name", "bot")

    def act(self, observation: Any, legal: list[Any], rng: Any) -> Any:
        started = time.perf_counter()
        action = self.bot.act(observation, legal, rng)
        if len(legal) > 1:
            self.times.append(time.perf_counter() - started)
        return action


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
    included, on the built-in demo mission with 2, 3 and 4 seats (target: 20,000;
    :func:`random_playouts`: the engine alone)."""
    from cipherkit.games.mission import new_game

    configs = [{"players": 2}, {"players": 3}, {"players": 4}]
    return random_playouts(
        lambda seed: new_game(configs[seed % len(configs)], seed=seed),
        40 if quick else 2000,
        any_actor=True,
    )


# ---------------------------------------------------------------- glyphs
def _glyphs_bench_mission() -> Any:
    """The shipped mission with the largest card (or the built-in demo when the
    repository's missions/ folder is not there)."""
    from cipherkit.games.mission import demo_mission, load

    path = ROOT / "missions" / "03-cold-ledger.yaml"
    return load(path) if path.is_file() else demo_mission()


@benchmark("glyphs_card_png")
def glyphs_card_png(quick: bool) -> Figures:
    """A mission card as PNG bytes: drawing built, glyphs rasterised (their cache emptied
    before every run) and PNG encoded (target: <= 100 ms)."""
    from cipherkit.games.mission.art.data import card_from_mission, mission_glyph_map
    from cipherkit.glyphs.cards import card_drawing
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

    from cipherkit.games.mission.art.data import mission_glyph_map
    from cipherkit.games.mission.art.printing import print_pages, save_pdf
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


# ---------------------------------------------------------------- intercept
def _intercept_match(bots: list[str], games: int, seed: int) -> dict[str, Any]:
    from cipherkit.core.match import play_match

    summary = play_match("intercept", bots, games=games, seed=seed)
    return {
        "games": games,
        "seed": seed,
        "bots": summary["bots"],
        "wins": summary["wins"],
        "win_rates": summary["win_rates"],
        "draws": summary["draws"],
        "mean_rounds": summary["mean_turns"],
        "per_round": {k: v["per_round"] for k, v in summary["team_stats"].items()},
        "rounds": {k: v["rounds"] for k, v in summary["team_stats"].items()},
    }


@benchmark("intercept_vs_baseline")
def intercept_vs_baseline(quick: bool) -> Figures:
    """cipherkit's intercept bot against the Decrypto benchmark's word-embedding baseline
    (targets: ck wins >= 60% of games; ck miscommunicates in <= 5% of rounds)."""
    figures = _intercept_match(["ck", "baseline"], 4 if quick else 200, 1000)
    figures["ck_win_rate"] = figures["win_rates"]["ck"]
    figures["ck_miscommunication_rate"] = figures["per_round"]["ck"]["miscommunications"]
    return figures


@benchmark("intercept_self_play")
def intercept_self_play(quick: bool) -> Figures:
    """ck against ck: how often a team misreads its own Encryptor (target <= 5% of rounds)
    and how often codes are intercepted."""
    figures = _intercept_match(["ck", "ck"], 2 if quick else 50, 2000)
    rounds = sum(figures["rounds"].values())
    misses = sum(figures["per_round"][k]["miscommunications"] * figures["rounds"][k]
                 for k in figures["rounds"])  # fmt: skip
    figures["miscommunication_rate"] = round(misses / rounds, 4) if rounds else None
    return figures


@benchmark("intercept_human_clues")
def intercept_human_clues(quick: bool) -> Figures:
    """The decoder on clue triples written by hand as a person would
    (bench/intercept_human_clues.json; aim >= 90% exact codes)."""
    import json

    from cipherkit.games.intercept.decode import decode_clues

    figures: Figures = {}
    for name in ("human", "dev"):
        path = BENCH / f"intercept_{name}_clues.json"
        if not path.exists():
            raise CipherkitError(f"{path} is missing")
        items = json.loads(path.read_text(encoding="utf-8"))["items"]
        wrong = []
        for item in items:
            got = decode_clues(item["keywords"], item["clues"]).code_text
            if got != item["code"]:
                wrong.append({"keywords": item["keywords"], "clues": item["clues"],
                              "code": item["code"], "decoded": got})  # fmt: skip
        figures[f"{name}_triples"] = len(items)
        figures[f"{name}_accuracy"] = round(1 - len(wrong) / len(items), 4)
        if name == "human":
            figures["human_misread"] = wrong
    return figures


# ---------------------------------------------------------------- playtest
@benchmark("mission_playtest")
def mission_playtest(quick: bool) -> Figures:
    """Planner playtests of the medium shipped mission (``missions/02-signal-box.yaml``):
    games per second with 1 and 2 worker processes, and the time 10,000 games take with
    2 workers (target: at most 30 s on a 2-core machine). The 1-worker run plays in this
    process, so its CPU time is measured too (``games_per_cpu_second``: what one free
    core would do, whatever else the machine is running). The two runs' common games
    must agree (``same_figures``): the seed, not the worker count, decides every game."""
    from cipherkit.playtest import run_playtest

    mission = ROOT / "missions" / "02-signal-box.yaml"
    games_one, games_two = (60, 60) if quick else (2_000, 10_000)
    run_playtest(mission, games=2, workers=1)  # load the word list before timing
    cpu = time.process_time()
    one = run_playtest(mission, games=games_one, workers=1, seed=0)
    cpu = time.process_time() - cpu
    two = run_playtest(mission, games=games_two, workers=2, seed=0)
    same = [r for r in two.records if r.index < games_one] == list(one.records)
    return {
        "mission": one.mission,
        "bots": one.bots,
        "games_1_worker": games_one,
        "games_per_second_1_worker": one.games_per_second,
        "games_per_cpu_second": round(games_one / cpu, 1) if cpu > 0 else None,
        "games_2_workers": games_two,
        "seconds_2_workers": two.seconds,
        "games_per_second_2_workers": two.games_per_second,
        "target_seconds_for_10000_games": 30,
        "target_met": (not quick) and two.seconds <= 30,
        "same_figures": same,
        "win_rate": two.win_rate,
        "win_rate_ci": two.figures["win_rate_ci"],
    }


# ---------------------------------------------------------------- widgets
@benchmark("mission_table_step")
def mission_table_step(quick: bool) -> Figures:
    """The kernel's share of a click on the mission table: a page message in, the new view
    (map and console drawn, built from one observation) out, over whole games of the
    Lantern Archive played through page messages (two people and a planner bot). The
    browser's share is measured by ``bench/widget_latency.py`` (click to redrawn view).

    The loop here is not a game loop but the two people at the table: it sends the
    messages a page would (a planner chooses their moves from their own observation);
    the table plays its bot seat itself."""
    from cipherkit.core.registry import make_bot
    from cipherkit.core.rng import Rng
    from cipherkit.widgets.mission.table import MissionTable

    mission = ROOT / "missions" / "01-lantern-archive.yaml"
    games = 2 if quick else 12
    times: list[float] = []
    for seed in range(games):
        table = MissionTable(mission, players=3, humans=[0, 1], bots="planner", seed=seed)
        deciders = {s: make_bot("mission", "planner") for s in table.humans}
        rng = Rng(seed)
        for _ in range(2000):
            view = table.view
            if view["outcome"] is not None:
                break
            if view["locked_for"] is not None:
                message: dict[str, Any] = {"type": "claim", "seat": view["locked_for"]["seat"]}
            elif view["vote"] and any(s["human"] and s["waiting"] for s in view["vote"]["seats"]):
                seat = next(s["seat"] for s in view["vote"]["seats"] if s["human"] and s["waiting"])
                message = {"type": "action", "text": "confirm", "seat": seat}
            else:
                seat = table.holder
                state = table.state
                action = deciders[seat].act(state.observe(seat), state.legal_actions(seat), rng)
                message = {"type": "action", "text": str(action)}
            started = time.perf_counter()
            table.handle_message(message)
            times.append(time.perf_counter() - started)
        table.close()
    return {
        "games": games,
        "messages": len(times),
        "median_ms": round(1000 * statistics.median(times), 2),
        "p95_ms": round(1000 * _percentile(times, 0.95), 2),
        "max_ms": round(1000 * max(times), 2),
    }


def _cipher_solve_figures(
    cases: list[tuple[str, str]], solve: Callable[[str, int], str]
) -> Figures:
    """Share of ``(ciphertext, plaintext letters)`` cases fully solved, and their times."""
    times, solved = [], 0
    for i, (cipher_text, plain) in enumerate(cases):
        start = time.perf_counter()
        got = solve(cipher_text, i)
        times.append(time.perf_counter() - start)
        solved += got == plain
    return {
        "texts": len(cases),
        "solved": solved,
        "solved_share": round(solved / len(cases), 3),
        "median_s": round(statistics.median(times), 3),
        "max_s": round(max(times), 3),
    }


@benchmark("ciphers_substitution")
def ciphers_substitution(quick: bool) -> Figures:
    """Substitution solver on texts from cipherkit.ciphers.samples (seed 5): 80 letters
    without word breaks (aim >= 95% fully solved, median <= 1 s) and 40 letters with
    word breaks kept (aim >= 90%). ``listed``: texts whose true reading is the solver's
    or one of the other readings ``crack`` lists with it (``other_readings``; not
    timed)."""
    from cipherkit.ciphers import (
        Solution,
        Substitution,
        letters_only,
        other_readings,
        solve_substitution,
    )
    from cipherkit.ciphers.samples import make_texts

    count = 2 if quick else 60
    figures: Figures = {}
    for label, letters, whole in (("no_breaks_80", 80, False), ("word_breaks_40", 40, True)):
        texts = make_texts(count, letters, seed=5, whole_words=whole)
        cases = [(Substitution.random(i).encrypt(t), letters_only(t)) for i, t in enumerate(texts)]
        solutions: list[Solution] = []

        def solve(text: str, i: int, found: list[Solution] = solutions) -> str:
            found.append(solve_substitution(text, seed=i))
            return found[-1].plaintext

        figures[label] = _cipher_solve_figures(cases, solve)
        listed = 0
        for (cipher_text, plain), solution in zip(cases, solutions, strict=True):
            assert isinstance(solution.cipher, Substitution)
            others = other_readings(cipher_text, solution.cipher.decryption_table())
            listed += plain in {solution.plaintext, *(r.plaintext for r in others)}
        figures[label]["listed"] = listed
        figures[label]["listed_share"] = round(listed / len(cases), 3)
    return figures


@benchmark("ciphers_vigenere")
def ciphers_vigenere(quick: bool) -> Figures:
    """Vigenère solver, random keys of 1-10 letters on 120-letter texts (seed 9; aim
    >= 95% fully solved within 0.5 s)."""
    import numpy as np

    from cipherkit.ciphers import Vigenere, solve_vigenere
    from cipherkit.ciphers.samples import make_texts

    count = 3 if quick else 100
    cases = []
    for i, text in enumerate(make_texts(count, 120, seed=9)):
        rng = np.random.default_rng(i)
        key = "".join(chr(65 + int(x)) for x in rng.integers(0, 26, int(rng.integers(1, 11))))
        cases.append((Vigenere(key).encrypt(text), text))
    return _cipher_solve_figures(cases, lambda text, i: solve_vigenere(text).plaintext)


@benchmark("ciphers_crack_auto")
def ciphers_crack_auto(quick: bool) -> Figures:
    """``crack --cipher auto`` on ten cipher types with random keys, 30, 60 and 120 letters
    of whole words (seed 13): per type and length the share read exactly as the true key
    reads it (``solved``; Playfair's solver needs longer texts) and the share named as
    the cipher used (``named``; an Atbash counts when named affine or substitution,
    which include it), and the median time. A quick run (one 120-letter text a type)
    gives each crack 2 s instead of ``crack``'s 10: it shows the harness works."""
    import numpy as np

    from cipherkit.ciphers import classical as cc
    from cipherkit.ciphers import crack_text, letters_only
    from cipherkit.ciphers.budget import TIME_LIMIT
    from cipherkit.ciphers.samples import make_texts

    def word(rng: np.random.Generator, low: int, high: int) -> str:
        return "".join(chr(65 + int(x)) for x in rng.integers(0, 26, int(rng.integers(low, high))))

    makers: dict[str, Callable[[np.random.Generator], Any]] = {
        "caesar": lambda rng: cc.Caesar(int(rng.integers(1, 26))),
        "atbash": lambda rng: cc.Atbash(),
        "affine": lambda rng: cc.Affine(
            int(rng.choice([3, 5, 7, 9, 11, 15])), int(rng.integers(26))
        ),
        "substitution": lambda rng: cc.Substitution.random(int(rng.integers(1 << 30))),
        "vigenere": lambda rng: cc.Vigenere(word(rng, 2, 9)),
        "beaufort": lambda rng: cc.Beaufort(word(rng, 2, 9)),
        "autokey": lambda rng: cc.Autokey(word(rng, 2, 7)),
        "railfence": lambda rng: cc.RailFence(int(rng.integers(2, 7))),
        "columnar": lambda rng: cc.Columnar(word(rng, 3, 8)),
        "playfair": lambda rng: cc.Playfair(word(rng, 5, 10)),
    }
    also = {"atbash": {"affine", "substitution"}}
    count = 1 if quick else 10
    figures: Figures = {}
    for letters in (120,) if quick else (30, 60, 120):
        texts = make_texts(count, letters, seed=13, whole_words=True)
        row: dict[str, Any] = {}
        for name, make in makers.items():
            solved = named = 0
            times = []
            for i, text in enumerate(texts):
                cipher = make(np.random.default_rng([13, letters, i, len(name)]))
                secret = cipher.encrypt(text)
                start = time.perf_counter()
                result = crack_text(secret, seed=i, time_limit=2.0 if quick else TIME_LIMIT)
                times.append(time.perf_counter() - start)
                solved += letters_only(result.plaintext) == letters_only(cipher.decrypt(secret))
                named += result.cipher == name or result.cipher in also.get(name, set())
            row[name] = {
                "solved": round(solved / count, 3),
                "named": round(named / count, 3),
                "median_s": round(statistics.median(times), 3),
            }
        figures[f"letters_{letters}"] = row
    return figures


@benchmark("serve_load")
def serve_load(quick: bool) -> Figures:
    """The gallery server under a class: warm time-to-interactive of a mission page, 30
    simultaneous page loads in headless Chromium (all must succeed within 60 s; median,
    p95, kernel RSS), and culling after the pages close (``bench/serve_load.py``; targets:
    warm TTI <= 1.5 s, 30/30 loads, <= 120 MB per open page). Needs Voila, Playwright and
    /usr/bin/chromium and takes minutes, so a quick run only says it was skipped."""
    import json
    import subprocess

    script = BENCH / "serve_load.py"
    if quick:
        return {"skipped": "quick run: run python bench/serve_load.py"}
    done = subprocess.run(
        [sys.executable, str(script), "--concurrent", "30", "--warm", "6", "--settle", "40"],
        capture_output=True,
        text=True,
        timeout=900,
        check=False,
    )
    if done.returncode != 0:
        raise CipherkitError(f"bench/serve_load.py failed: {done.stderr.strip()[-300:]}")
    return json.loads(done.stdout)
