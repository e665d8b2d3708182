"""``cipherkit playtest`` and ``cipherkit tune``: the parsed commands, run.

The parsers live in :mod:`cipherkit.cli`, which resolves the mission argument (a file or
a shipped mission's id) and hands it here. ``playtest`` prints the figures, then the
other deal's win rate (:mod:`.deals`, a warning on standard error when they differ by
more than 10 points) and the window analysis (:mod:`.windows`); ``tune`` prints every
trial and the advice (:mod:`.tune`).
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from cipherkit.core.errors import CipherkitError

__all__ = ["PLAYTEST_SUBSETS", "run_playtest_command", "run_tune"]

PLAYTEST_SUBSETS = 500
"""Sets of one size ``cipherkit playtest``'s window analysis examines exhaustively."""


def _print_json(data: Any) -> None:
    print(json.dumps(data, indent=2, sort_keys=False))


def run_playtest_command(args: argparse.Namespace, mission: Path, secrets: tuple[str, ...]) -> int:
    """Run ``cipherkit playtest`` on ``mission``; the exit code."""
    from cipherkit.playtest.runner import run_playtest

    options: dict[str, Any] = {
        "workers": args.workers,
        "seed": args.seed,
        "bots": args.bots,
        "players": args.players,
        "secrets": secrets,
    }
    result = run_playtest(mission, games=args.games, progress=not args.json, **options)
    data = result.to_json()
    lines = [result.summary_text()]
    if not args.no_deal_check:
        from cipherkit.playtest.deals import compare_deals

        deals = compare_deals(mission, args.games, played=result, **options)
        data["deals"] = deals.to_json()
        lines.append(deals.summary_text())
        if deals.warning:
            print(f"cipherkit: {deals.warning}", file=sys.stderr)
    if not args.no_windows:
        from cipherkit.playtest.windows import window_analysis

        windows = window_analysis(mission, subset_limit=PLAYTEST_SUBSETS)
        data["windows"] = windows.to_json()
        lines.append("windows: " + windows.verdict_text())
    if args.json:
        _print_json(data)
    else:
        print("\n".join(lines))
    return 0


def run_tune(args: argparse.Namespace, mission: Path, secrets: tuple[str, ...]) -> int:
    """Run ``cipherkit tune`` on ``mission``; the exit code."""
    from cipherkit.playtest.tune import FINE, tune_deck

    if (args.win_rate is None) == (args.rating is None):
        raise CipherkitError("give --win-rate (e.g. 60%) or --rating (e.g. medium), not both")
    tuned = tune_deck(
        mission,
        args.rating,
        win_rate=args.win_rate,
        values=args.values,
        games=args.games,
        players=args.players,
        bots=args.bots,
        seed=args.seed,
        workers=args.workers,
        secrets=secrets,
        fine=None if args.no_traps else FINE,
        progress=not args.json,
    )
    if args.write:
        try:
            Path(args.write).write_text(tuned.to_yaml(), encoding="utf-8")
        except OSError as exc:
            raise CipherkitError(f"{args.write}: cannot write ({exc.strerror})") from None
    if args.json:
        _print_json(tuned.to_json())
    else:
        print(tuned.summary_text())
    return 0
