"""``cipherkit playtest``, ``cipherkit tune`` and ``cipherkit campaign``: their arguments
and their runs.

``playtest`` prints the figures, then the other deal's win rate (:mod:`.deals`, a warning
on standard error when they differ by more than 10 points) and the window analysis
(:mod:`.windows`); ``tune`` prints every trial and the advice (:mod:`.tune`);
``campaign`` checks, draws and playtests the campaign (:mod:`.campaign`).

>>> win_rate("60%"), win_rate("0.6"), deck_sizes("7-9")
(0.6, 0.6, [7, 8, 9])
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from cipherkit.core.commands import (
    Command,
    add_json,
    add_quiet,
    add_seed,
    add_workers,
    positive,
    print_json,
    whole,
)
from cipherkit.core.errors import CipherkitError
from cipherkit.games.mission.shipped import add_mission, mission_argument
from cipherkit.i18n import N_, _, say

__all__ = ["CAMPAIGN", "PLAYTEST", "PLAYTEST_SUBSETS", "TUNE", "deck_sizes", "win_rate"]

PLAYTEST_SUBSETS = 500
"""Sets of one size ``cipherkit playtest``'s window analysis examines exhaustively."""


def run_playtest_command(args: argparse.Namespace) -> int:
    """Run ``cipherkit playtest``; the exit code."""
    from cipherkit.playtest.runner import run_playtest

    mission, secrets = mission_argument(args.mission), _secrets(args.secrets)
    options = {**_batch(args), "secrets": secrets}
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
        print_json(data)
    else:
        print("\n".join(lines))
    return 0


def run_tune(args: argparse.Namespace) -> int:
    """Run ``cipherkit tune``; the exit code."""
    from cipherkit.playtest.tune import FINE, tune_deck

    mission, secrets = mission_argument(args.mission), _secrets(args.secrets)

    if (args.win_rate is None) == (args.rating is None):
        raise CipherkitError.say("give --win-rate (e.g. 60%) or --rating (e.g. medium), not both")
    tuned = tune_deck(
        mission,
        args.rating,
        win_rate=args.win_rate,
        values=args.values,
        games=args.games,
        secrets=secrets,
        **_batch(args),
        fine=None if args.no_traps else FINE,
        progress=not args.json,
    )
    if args.write:
        try:
            Path(args.write).write_text(tuned.to_yaml(), encoding="utf-8")
        except OSError as exc:
            raise CipherkitError.say(
                "{path}: cannot write ({reason})", path=args.write, reason=exc.strerror
            ) from None
    if args.json:
        print_json(tuned.to_json())
    else:
        print(tuned.summary_text())
    return 0


def run_campaign(args: argparse.Namespace) -> int:
    """Run ``cipherkit campaign``: check, draw and playtest the campaign; the exit code."""
    from cipherkit.games.mission.format.files import load_campaign
    from cipherkit.playtest.campaign import campaign_difficulty

    campaign = load_campaign(args.dir)
    table = None
    if args.games:
        table = campaign_difficulty(
            args.dir,
            games=args.games,
            progress=not (args.json or args.quiet),
            **_batch(args),
        )
    if args.graph:
        from cipherkit.games.mission.art.campaigndraw import campaign_svg

        try:
            Path(args.graph).write_text(campaign_svg(campaign, table), encoding="utf-8")
        except OSError as exc:
            raise CipherkitError.say(
                "{path}: cannot write the picture ({reason})", path=args.graph, reason=exc.strerror
            ) from None
    if args.json:
        data: dict[str, Any] = {
            "start": campaign.start,
            "order": campaign.order(),
            "finales": list(campaign.finales),
            "routes": len(campaign.routes()),
            "links": [
                {"from": a, "to": b, "result": d["result"], "unlock": list(d["unlock"])}
                for a, b, d in campaign.graph.edges(data=True)
            ],
        }
        if table is not None:
            data["difficulty"] = table.to_json()
        print_json(data)
    elif table is not None:
        rises = "rises" if table.main_line_rises() else "does NOT rise"
        print(table.to_markdown())
        print(
            f"\n{table.games} games a mission, {table.players} players, bots {table.bots}, "
            f"seed {table.seed}; the main line {rises} in difficulty."
        )
    else:
        for mid in campaign.order():
            win, loss = campaign.missions[mid].campaign.win, campaign.missions[mid].campaign.loss
            print(f"{mid}: win -> {win.next or 'end'}, loss -> {loss.next or 'end'}")
    return 0


# ---------------------------------------------------------------- arguments
def win_rate(text: str) -> float:
    """``60%``, ``60`` or ``0.6``: a win rate from 0 to 1."""
    raw = text.strip().removesuffix("%")
    try:
        value = float(raw)
    except ValueError:
        raise argparse.ArgumentTypeError(
            say("{text!r} is not a win rate (e.g. 60%)", text=text)
        ) from None
    if text.strip().endswith("%") or value > 1:
        value /= 100
    if not 0 <= value <= 1:
        raise argparse.ArgumentTypeError(say("{text!r}: a win rate is from 0% to 100%", text=text))
    return value


def deck_sizes(text: str) -> list[int]:
    """``7-14`` or ``8,10,12``: deck sizes."""
    try:
        if "-" in text:
            lo, hi = (int(x) for x in text.split("-", 1))
            sizes = list(range(lo, hi + 1))
        else:
            sizes = [int(x) for x in text.split(",") if x.strip()]
    except ValueError:
        raise argparse.ArgumentTypeError(
            say("{text!r}: give sizes as 7-14 or 8,10,12", text=text)
        ) from None
    if not sizes or min(sizes) < 1 or max(sizes) > 99:
        raise argparse.ArgumentTypeError(say("{text!r}: deck sizes are from 1 to 99", text=text))
    return sizes


def _batch(args: argparse.Namespace) -> dict[str, Any]:
    """The options every batch of games takes from the command line (not ``--games``)."""
    return {"players": args.players, "bots": args.bots, "seed": args.seed, "workers": args.workers}


def _secrets(text: str | None) -> tuple[str, ...]:
    return tuple(s.strip() for s in (text or "").split(",") if s.strip())


def _add_bots(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--bots", default="planner", help=_("bot name (default planner)"))


def _add_two_players(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--players", type=positive, default=2, help=_("seats (default 2)"))


def _configure_playtest(parser: argparse.ArgumentParser) -> None:
    add_mission(parser)
    parser.add_argument("--games", type=positive, default=1000, help=_("games (default 1000)"))
    add_workers(parser)
    add_seed(parser)
    _add_bots(parser)
    parser.add_argument("--players", type=positive, default=None, help=_("seats (default: mixed)"))
    parser.add_argument(
        "--secrets", metavar="IDS", help=_("secret rules in play, comma-separated (campaigns)")
    )
    parser.add_argument(
        "--no-deal-check",
        action="store_true",
        help=_("do not playtest the other deal (half the time)"),
    )
    parser.add_argument(
        "--no-windows",
        action="store_true",
        help=_("do not analyse which windows settle the answer"),
    )
    add_json(parser, N_("print the figures as JSON"))


def _configure_tune(parser: argparse.ArgumentParser) -> None:
    add_mission(parser)
    parser.add_argument(
        "--win-rate", type=win_rate, metavar="RATE", help=_("the target win rate: 60%% or 0.6")
    )
    parser.add_argument(
        "--rating", metavar="NAME", help=_("or a target rating: easy, medium, hard, ...")
    )
    _add_two_players(parser)
    parser.add_argument(
        "--values", type=deck_sizes, default=list(range(7, 15)), help=_("deck sizes (default 7-14)")
    )
    parser.add_argument(
        "--games", type=positive, default=300, help=_("games a setting (default 300)")
    )
    add_workers(parser)
    add_seed(parser)
    _add_bots(parser)
    parser.add_argument("--secrets", metavar="IDS", help=_("secret rules in play, comma-separated"))
    parser.add_argument("--no-traps", action="store_true", help=_("tune the deck size only"))
    parser.add_argument("--write", metavar="FILE", help=_("write the tuned mission file here"))
    add_json(parser, N_("print the trials as JSON"))


def _configure_campaign(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "dir", nargs="?", default="missions", help=_("folder of missions (missions)")
    )
    parser.add_argument(
        "--games", type=whole, default=300, help=_("games a mission (default 300; 0: no playtest)")
    )
    _add_two_players(parser)
    _add_bots(parser)
    add_seed(parser)
    add_workers(parser)
    parser.add_argument(
        "--graph", metavar="FILE", help=_("also draw the campaign graph as SVG here")
    )
    add_json(parser, N_("print the campaign and table as JSON"))
    add_quiet(parser, N_("no progress bars"))


PLAYTEST = Command(
    "playtest",
    help=N_("simulate many games of a mission with bots and measure its difficulty"),
    description=N_(
        "Play N games of a mission with bots over a process pool and report "
        "the win rate (with a 95% interval), turns, loss causes and a difficulty rating; "
        "then the same games with the other deal (deal: shuffled or fixed; a warning when "
        "the win rates differ by more than 10 points) and which windows settle the answer. "
        "The JSON is identical for the same seed whatever the number of workers."
    ),
    configure=_configure_playtest,
    run=run_playtest_command,
)
TUNE = Command(
    "tune",
    help=N_("find the deck size (and traps) that give a mission the win rate you want"),
    description=N_(
        "Playtest a mission at each deck size (deck.values) with the same seed "
        "and bots, and say which comes nearest a target win rate for a player count (or a "
        "difficulty rating). Sizes too small to deal the players their hands are skipped. "
        "When one deck step moves the win rate past the target by more than 5 points, "
        "security cameras are added one at a time at the easier size (a finer knob). Each "
        "trial is printed with its 95% interval."
    ),
    configure=_configure_tune,
    run=run_tune,
)
CAMPAIGN = Command(
    "campaign",
    help=N_("check a campaign, draw its graph, and measure how hard each mission is"),
    description=N_(
        "Join the missions in DIR into the campaign graph (win and loss links, "
        "secret rules), check it, and playtest every mission with the secret rules a "
        "winning team holds when it gets there: the difficulty table (markdown or JSON)."
    ),
    configure=_configure_campaign,
    run=run_campaign,
)
