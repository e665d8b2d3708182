"""The ``cipherkit`` command.

Every subcommand has ``--help``; exit code 0 on success, 1 on a user error (one line on
stderr, no traceback), 2 on a usage error.

>>> main(["match", "decipher", "--bots", "random,random", "--games", "2", "--json"])
... # doctest: +ELLIPSIS
{...
0
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from cipherkit import __version__
from cipherkit.core.errors import CipherkitError
from cipherkit.core.files import read_limited, read_stream_limited
from cipherkit.core.registry import game_names

MAX_CRACK_BYTES = 1_000_000
"""The longest ciphertext ``crack`` reads from a file or standard input."""


def _games_listed() -> str:
    """The registered games' names, for ``--help`` (every game registered by entry point)."""
    return ", ".join(game_names())


def _print_json(data: Any) -> None:
    print(json.dumps(data, indent=2, sort_keys=False))


# ---------------------------------------------------------------- subcommands
def cmd_match(args: argparse.Namespace) -> int:
    """``cipherkit match``: bots play a game against each other; print the summary."""
    from cipherkit.core.match import format_summary, play_match

    bots = [b.strip() for b in args.bots.split(",") if b.strip()]
    summary = play_match(args.game, bots, games=args.games, seed=args.seed, progress=not args.json)
    if args.json:
        _print_json(summary)
    else:
        print(format_summary(summary))
    return 0


def cmd_validate(args: argparse.Namespace) -> int:
    """``cipherkit validate``: check mission files; print every problem (1 when there is an
    error).
    """
    from cipherkit.games.mission.format.validate import validate_paths

    problems = validate_paths(args.missions)
    errors = [p for p in problems if p.severity == "error"]
    if args.json:
        _print_json({"problems": [p.to_json() for p in problems], "ok": not errors})
    else:
        for problem in problems:
            print(problem.labelled(), file=sys.stderr if problem.is_error else sys.stdout)
        if not problems:
            print(f"{len(args.missions)} mission file(s) OK")
        else:
            warnings = len(problems) - len(errors)
            print(
                f"{len(errors)} error{'s' * (len(errors) != 1)}, "
                f"{warnings} warning{'s' * (warnings != 1)} in {len(args.missions)} file(s)"
            )
    return 1 if errors else 0


def cmd_render(args: argparse.Namespace) -> int:
    """``cipherkit render``: draw a mission's card, console, map and glyph sheet (and a print
    PDF).
    """
    from cipherkit.games.mission.art.render import render_mission
    from cipherkit.publish.registry import mission_argument

    if args.watch:
        from cipherkit.games.mission.art.watch import watch_mission

        if args.out is None:
            raise CipherkitError("--watch redraws into a folder: give --out DIR")
        return watch_mission(
            args.mission, args.out, glyph_set=args.glyph_set, interval=args.interval
        )
    written = render_mission(
        mission_argument(args.mission),
        args.out,
        pdf=args.pdf,
        paper=args.paper,
        progress=not args.quiet,
        glyph_set=args.glyph_set,
    )
    for path in written:
        print(path)
    return 0


def cmd_decode(args: argparse.Namespace) -> int:
    """``cipherkit decode``: the intercept decoder bot's reading of clues against four keywords."""
    from cipherkit.games.intercept.decode import decode_clues

    keywords = [k.strip() for k in args.keywords.split(",")]
    clues = [c.strip() for c in args.clues.split(";")]
    result = decode_clues(keywords, clues)
    if args.json:
        _print_json(result.to_json())
    else:
        print(result.code_text)
    return 0


def cmd_playtest(args: argparse.Namespace) -> int:
    """``cipherkit playtest``: bots play a mission many times; print the figures, the
    other deal's win rate and the window analysis."""
    from cipherkit.playtest.commands import run_playtest_command
    from cipherkit.publish.registry import mission_argument

    return run_playtest_command(args, mission_argument(args.mission), _secrets(args.secrets))


def cmd_tune(args: argparse.Namespace) -> int:
    """``cipherkit tune``: playtest deck sizes (and, where a step is too coarse, added
    cameras) and say which setting comes nearest the target win rate or rating."""
    from cipherkit.playtest.commands import run_tune
    from cipherkit.publish.registry import mission_argument

    return run_tune(args, mission_argument(args.mission), _secrets(args.secrets))


def _win_rate(text: str) -> float:
    """``60%``, ``60`` or ``0.6``: a win rate from 0 to 1."""
    raw = text.strip().removesuffix("%")
    try:
        value = float(raw)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a win rate (e.g. 60%)") from None
    if text.strip().endswith("%") or value > 1:
        value /= 100
    if not 0 <= value <= 1:
        raise argparse.ArgumentTypeError(f"{text!r}: a win rate is from 0% to 100%")
    return value


def _values(text: str) -> list[int]:
    """``7-14`` or ``8,10,12``: deck sizes."""
    try:
        if "-" in text:
            lo, hi = (int(x) for x in text.split("-", 1))
            sizes = list(range(lo, hi + 1))
        else:
            sizes = [int(x) for x in text.split(",") if x.strip()]
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r}: give sizes as 7-14 or 8,10,12") from None
    if not sizes or min(sizes) < 1 or max(sizes) > 99:
        raise argparse.ArgumentTypeError(f"{text!r}: deck sizes are from 1 to 99")
    return sizes


def _secrets(text: str | None) -> tuple[str, ...]:
    return tuple(s.strip() for s in (text or "").split(",") if s.strip())


def cmd_campaign(args: argparse.Namespace) -> int:
    """``cipherkit campaign``: check, draw and playtest the campaign; print the difficulty table."""
    from cipherkit.games.mission.art.campaigndraw import campaign_svg
    from cipherkit.games.mission.campaign import CampaignMap
    from cipherkit.playtest.campaign import campaign_difficulty

    campaign = CampaignMap.load(args.dir)
    table = None
    if args.games:
        table = campaign_difficulty(
            args.dir,
            games=args.games,
            players=args.players,
            bots=args.bots,
            seed=args.seed,
            workers=args.workers,
            progress=not (args.json or args.quiet),
        )
    if args.graph:
        try:
            Path(args.graph).write_text(campaign_svg(campaign, table), encoding="utf-8")
        except OSError as exc:
            raise CipherkitError(
                f"{args.graph}: cannot write the picture ({exc.strerror})"
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
        _print_json(data)
        return 0
    if table is not None:
        print(table.to_markdown())
        print(
            f"\n{table.games} games a mission, {table.players} players, bots {table.bots}, "
            f"seed {table.seed}; the main line "
            + (
                "rises in difficulty."
                if table.main_line_rises()
                else "does NOT rise in difficulty."
            )
        )
    else:
        for mid in campaign.order():
            win, loss = campaign.missions[mid].campaign.win, campaign.missions[mid].campaign.loss
            print(f"{mid}: win -> {win.next or 'end'}, loss -> {loss.next or 'end'}")
    return 0


def cmd_crack(args: argparse.Namespace) -> int:
    """``cipherkit crack``: identify and break a classical cipher."""
    from cipherkit.ciphers.crack import crack_text

    if args.file and args.text:
        raise CipherkitError("give the ciphertext as arguments or with --file, not both")
    if args.text:
        text = " ".join(args.text)
    else:  # a file or standard input: checked and bounded before reading
        if args.file and args.file != "-":
            name, blob = args.file, read_limited(args.file, max_bytes=MAX_CRACK_BYTES)
        else:
            name = "standard input"
            blob = read_stream_limited(sys.stdin.buffer, max_bytes=MAX_CRACK_BYTES, name=name)
        try:
            text = blob.decode("utf-8")
        except UnicodeDecodeError as exc:
            raise CipherkitError(f"cannot read {name}: not UTF-8 text (byte {exc.start})") from None
    text = text.rstrip("\r\n")  # a file's or a pipe's last line break is not ciphertext
    result = crack_text(text, cipher=args.cipher)
    if args.json:
        _print_json(result.to_json())
    else:
        print(result.summary_text())
    return 0


def cmd_publish(args: argparse.Namespace) -> int:
    """``cipherkit publish``: write a page per mission or lesson, and the gallery index."""
    from pathlib import Path

    from cipherkit.publish.pages import publish_lessons, publish_missions

    lessons = [p for p in args.files if p.endswith(".ipynb")]
    missions = [p for p in args.files if not p.endswith(".ipynb")]
    for folder in args.lessons or []:
        if not Path(folder).is_dir():
            raise CipherkitError(f"--lessons {folder}: no such folder of lesson notebooks")
        found = sorted(str(p) for p in Path(folder).glob("*.ipynb"))
        if not found:
            raise CipherkitError(f"--lessons {folder}: no lesson notebooks in it")
        lessons += found
    if not lessons and not missions:
        raise CipherkitError("give mission files, lesson notebooks or --lessons DIR to publish")
    written = []
    if lessons:  # the index is rebuilt once, by the last step
        written += publish_lessons(lessons, out=args.out, index=not missions)
    if missions:
        if args.campaign:
            from cipherkit.publish.campaign_page import publish_campaign

            written += publish_campaign(missions, out=args.out)
        written += publish_missions(missions, out=args.out, progress=not args.quiet)
    elif args.campaign:
        raise CipherkitError("--campaign needs the campaign's mission files")
    for path in written:
        print(path)
    return 0


def cmd_serve(args: argparse.Namespace) -> int:
    """``cipherkit serve``: the gallery under Voila, until stopped."""
    from cipherkit.core.resources import default_gallery
    from cipherkit.serve.launcher import serve

    gallery = args.dir or ("puzzles" if Path("puzzles").is_dir() else default_gallery())
    return serve(
        gallery,
        port=args.port,
        open_browser=args.open,
        store=args.store,
        ip=args.ip,
        teacher_key=teacher_key_argument(args.teacher_key, args.teacher_key_file),
    )


def teacher_key_argument(given: str | None, key_file: str | None) -> str | None:
    """The teacher key ``cipherkit serve`` was given: read from ``--teacher-key-file``
    (its first line), or ``--teacher-key`` with a warning (a command line is visible to
    every user of the machine in ``ps``), else ``None`` (``$CIPHERKIT_TEACHER_KEY``, or a
    new key).

    >>> teacher_key_argument(None, None) is None
    True
    """
    if key_file is not None:
        if given is not None:
            raise CipherkitError("give --teacher-key-file or --teacher-key, not both")
        raw = read_limited(key_file, max_bytes=1000)
        lines = raw.decode("utf-8", errors="replace").splitlines()
        if not lines or not lines[0].strip():
            raise CipherkitError(f"{key_file}: no teacher key on its first line")
        return lines[0].strip()
    if given is not None:
        print(
            "cipherkit: warning: --teacher-key shows the key to every user of this machine "
            "(ps); use --teacher-key-file FILE or $CIPHERKIT_TEACHER_KEY",
            file=sys.stderr,
            flush=True,
        )
    return given


def bench_module() -> Any:
    """The benchmarks of a source checkout: ``bench/benchmarks.py`` beside the package
    folder, loaded as the module ``benchmarks`` (as the scripts in ``bench/`` import it).
    An installed cipherkit without its source tree has none: a :class:`CipherkitError`.
    """
    import importlib.util

    import cipherkit

    path = Path(cipherkit.__file__).resolve().parents[1] / "bench" / "benchmarks.py"
    loaded = sys.modules.get("benchmarks")
    if loaded is not None and Path(getattr(loaded, "__file__", None) or "").resolve() == path:
        return loaded
    if not path.is_file():
        raise CipherkitError(
            f"no benchmarks here: {path} is missing (cipherkit bench runs the benchmarks "
            "of a source checkout; this cipherkit is installed without its source tree)"
        )
    spec = importlib.util.spec_from_file_location("benchmarks", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["benchmarks"] = module
    try:
        spec.loader.exec_module(module)
    except BaseException:
        del sys.modules["benchmarks"]
        raise
    return module


def cmd_bench(args: argparse.Namespace) -> int:
    """``cipherkit bench``: run the benchmarks; print their figures."""
    bench = bench_module()
    results = bench.run_benchmarks(args.only or None, quick=args.quick, progress=not args.json)
    if args.json:
        _print_json(results)
    else:
        print(bench.format_results(results))
    return 0


def cmd_rooms(args: argparse.Namespace) -> int:
    """``cipherkit rooms``: open, list, show and close rooms in a store."""
    from cipherkit.rooms.commands import run_rooms

    return run_rooms(args)


def cmd_class(args: argparse.Namespace) -> int:
    """``cipherkit class``: a class's results, exported as CSV."""
    from cipherkit.classroom.commands import run_class

    return run_class(args)


# ---------------------------------------------------------------- parser
def _positive(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
    if value < 1:
        raise argparse.ArgumentTypeError("must be at least 1")
    return value


def _whole(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
    if value < 0:
        raise argparse.ArgumentTypeError("must be 0 or more")
    return value


def build_parser() -> argparse.ArgumentParser:
    """The ``cipherkit`` argument parser, with every command."""
    parser = argparse.ArgumentParser(
        prog="cipherkit",
        description="Cipher games, puzzle design and classroom cryptography for Jupyter.",
    )
    parser.add_argument("--version", action="version", version=f"cipherkit {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    sub.required = True

    p = sub.add_parser(
        "serve",
        help="serve the puzzle gallery under Voila (the main job)",
        description="Serve the puzzle gallery on 127.0.0.1 with Voila: sources stripped, "
        "tracebacks hidden, only images served as files.",
    )
    p.add_argument(
        "dir",
        nargs="?",
        help="folder of puzzle pages (default: ./puzzles if there is one, else the "
        "gallery shipped with cipherkit)",
    )
    p.add_argument("--port", type=_positive, default=8866, help="port (default 8866)")
    p.add_argument("--open", action="store_true", help="open a web browser too")
    p.add_argument(
        "--store",
        metavar="URL",
        help="rooms' store for Play together and the class (default: $CIPHERKIT_STORE, "
        "else rooms.db in ~/.local/share/cipherkit, the store 'cipherkit rooms' and "
        "'cipherkit class export' use too; postgresql://... to share rooms between servers)",
    )
    p.add_argument(
        "--ip",
        default="127.0.0.1",
        help="address to listen on (default 127.0.0.1: this machine only; 0.0.0.0: every "
        "machine that can reach this one, e.g. a classroom network)",
    )
    p.add_argument(
        "--teacher-key-file",
        metavar="FILE",
        help="read the teacher page's key from FILE's first line (default: "
        "$CIPHERKIT_TEACHER_KEY, else a new one, printed in the teacher link)",
    )
    p.add_argument(
        "--teacher-key",
        metavar="KEY",
        help="the teacher page's key on the command line (warned against: every user of "
        "this machine sees it in ps; prefer --teacher-key-file)",
    )
    p.set_defaults(func=cmd_serve)

    p = sub.add_parser(
        "validate",
        help="check mission files and report every problem",
        description="Check mission files. Each problem is printed as "
        "file:line: error: field.path: message (or warning:), errors on standard error; "
        "every check runs, also after an error, where it can. Exit 1 if any is an error.",
    )
    p.add_argument("missions", nargs="+", metavar="MISSION", help="mission YAML files")
    p.add_argument("--json", action="store_true", help="print the problems as JSON")
    p.set_defaults(func=cmd_validate)

    p = sub.add_parser(
        "render",
        help="draw a mission: card, console, map, glyph sheet; print-and-play PDF",
        description="Write the mission card, console, map and glyph sheet as PNG and SVG "
        "into DIR, and/or a print-and-play PDF (vector, A4 or US Letter).",
    )
    p.add_argument(
        "mission", metavar="MISSION", help="a mission YAML file, or a shipped mission's id"
    )
    p.add_argument("--out", metavar="DIR", help="folder to write images into")
    p.add_argument("--pdf", metavar="FILE", help="write a print-and-play PDF here")
    p.add_argument(
        "--paper",
        choices=("a4", "letter"),
        default="a4",
        help="the PDF's paper: a4 (default) or letter (US Letter)",
    )
    p.add_argument(
        "--glyph-set",
        metavar="SPEC",
        help="draw in this glyph set instead of the mission's: a style and seed (runes:7, "
        "pigpen) or a folder of glyph images (relative to the mission file)",
    )
    p.add_argument(
        "--watch",
        action="store_true",
        help="keep running: re-validate and redraw the card, map and console into DIR "
        "(and preview.html) each time the mission file is saved; errors are shown in place",
    )
    p.add_argument(
        "--interval",
        type=float,
        default=0.3,
        help="with --watch: seconds between looks at the file (default 0.3)",
    )
    p.add_argument("--quiet", action="store_true", help="no progress bar")
    p.set_defaults(func=cmd_render)

    p = sub.add_parser(
        "decode",
        help="the intercept decoder bot: which keyword does each clue point to?",
        description="Given a team's four keywords and three clues, print the code the "
        "decoder bot reads from them, as d.d.d.",
    )
    p.add_argument("--keywords", required=True, help="four keywords, comma-separated")
    p.add_argument("--clues", required=True, help="three clues, separated by ';'")
    p.add_argument("--json", action="store_true", help="print the code and scores as JSON")
    p.set_defaults(func=cmd_decode)

    p = sub.add_parser(
        "playtest",
        help="simulate many games of a mission with bots and measure its difficulty",
        description="Play N games of a mission with bots over a process pool and report "
        "the win rate (with a 95% interval), turns, loss causes and a difficulty rating; "
        "then the same games with the other deal (deal: shuffled or fixed; a warning when "
        "the win rates differ by more than 10 points) and which windows settle the answer. "
        "The JSON is identical for the same seed whatever the number of workers.",
    )
    p.add_argument(
        "mission", metavar="MISSION", help="a mission YAML file, or a shipped mission's id"
    )
    p.add_argument("--games", type=_positive, default=1000, help="games (default 1000)")
    p.add_argument("--workers", type=_positive, default=None, help="processes (default: CPUs)")
    p.add_argument("--seed", type=int, default=0, help="seed (default 0)")
    p.add_argument("--bots", default="planner", help="bot name (default planner)")
    p.add_argument("--players", type=_positive, default=None, help="seats (default: mixed)")
    p.add_argument(
        "--secrets", metavar="IDS", help="secret rules in play, comma-separated (campaigns)"
    )
    p.add_argument(
        "--no-deal-check",
        action="store_true",
        help="do not playtest the other deal (half the time)",
    )
    p.add_argument(
        "--no-windows", action="store_true", help="do not analyse which windows settle the answer"
    )
    p.add_argument("--json", action="store_true", help="print the figures as JSON")
    p.set_defaults(func=cmd_playtest)

    p = sub.add_parser(
        "tune",
        help="find the deck size (and traps) that give a mission the win rate you want",
        description="Playtest a mission at each deck size (deck.values) with the same seed "
        "and bots, and say which comes nearest a target win rate for a player count (or a "
        "difficulty rating). Sizes too small to deal the players their hands are skipped. "
        "When one deck step moves the win rate past the target by more than 5 points, "
        "security cameras are added one at a time at the easier size (a finer knob). Each "
        "trial is printed with its 95% interval.",
    )
    p.add_argument(
        "mission", metavar="MISSION", help="a mission YAML file, or a shipped mission's id"
    )
    p.add_argument(
        "--win-rate", type=_win_rate, metavar="RATE", help="the target win rate: 60%% or 0.6"
    )
    p.add_argument("--rating", metavar="NAME", help="or a target rating: easy, medium, hard, ...")
    p.add_argument("--players", type=_positive, default=2, help="seats (default 2)")
    p.add_argument(
        "--values", type=_values, default=list(range(7, 15)), help="deck sizes (default 7-14)"
    )
    p.add_argument("--games", type=_positive, default=300, help="games a setting (default 300)")
    p.add_argument("--workers", type=_positive, default=None, help="processes (default: CPUs)")
    p.add_argument("--seed", type=int, default=0, help="seed (default 0)")
    p.add_argument("--bots", default="planner", help="bot name (default planner)")
    p.add_argument("--secrets", metavar="IDS", help="secret rules in play, comma-separated")
    p.add_argument("--no-traps", action="store_true", help="tune the deck size only")
    p.add_argument("--write", metavar="FILE", help="write the tuned mission file here")
    p.add_argument("--json", action="store_true", help="print the trials as JSON")
    p.set_defaults(func=cmd_tune)

    p = sub.add_parser(
        "campaign",
        help="check a campaign, draw its graph, and measure how hard each mission is",
        description="Join the missions in DIR into the campaign graph (win and loss links, "
        "secret rules), check it, and playtest every mission with the secret rules a "
        "winning team holds when it gets there: the difficulty table (markdown or JSON).",
    )
    p.add_argument("dir", nargs="?", default="missions", help="folder of missions (missions)")
    p.add_argument(
        "--games", type=_whole, default=300, help="games a mission (default 300; 0: no playtest)"
    )
    p.add_argument("--players", type=_positive, default=2, help="seats (default 2)")
    p.add_argument("--bots", default="planner", help="bot name (default planner)")
    p.add_argument("--seed", type=int, default=0, help="seed (default 0)")
    p.add_argument("--workers", type=_positive, default=None, help="processes (default: CPUs)")
    p.add_argument("--graph", metavar="FILE", help="also draw the campaign graph as SVG here")
    p.add_argument("--json", action="store_true", help="print the campaign and table as JSON")
    p.add_argument("--quiet", action="store_true", help="no progress bars")
    p.set_defaults(func=cmd_campaign)

    p = sub.add_parser(
        "publish",
        help="turn missions and lessons into Voila pages and update the gallery index",
        description="Write a page notebook per mission (title, story, the playable table) "
        "and per lesson notebook (into DIR/lessons/: outputs cleared, code shown as text "
        "above its output, exercise cells hidden), then refresh the gallery index. "
        "Pages load their mission on the server; a page holds no answer or hidden content.",
    )
    p.add_argument(
        "files",
        nargs="*",
        metavar="FILE",
        help="mission YAML files and/or lesson notebooks (.ipynb)",
    )
    p.add_argument(
        "--lessons",
        action="append",
        metavar="LESSONS",
        help="publish every notebook in this folder as a lesson page (e.g. notebooks/lessons)",
    )
    p.add_argument("--out", default="puzzles", metavar="DIR", help="gallery folder (puzzles)")
    p.add_argument(
        "--campaign",
        action="store_true",
        help="also write campaign.ipynb: the missions given, played in turn as a campaign",
    )
    p.add_argument("--quiet", action="store_true", help="no progress bar")
    p.set_defaults(func=cmd_publish)

    p = sub.add_parser(
        "crack",
        help="break a classical cipher: Caesar, affine, Vigenère, substitution, ...",
        description="Identify and break a classical cipher. Give the text as arguments, "
        "with --file, or on standard input.",
    )
    p.add_argument("text", nargs="*", help="the ciphertext (or use --file / stdin)")
    p.add_argument(
        "--file", metavar="F", help="read the ciphertext from a file (- for standard input)"
    )
    p.add_argument(
        "--cipher",
        default="auto",
        help="auto (identify), caesar, atbash, affine, vigenere, beaufort, autokey, "
        "substitution, playfair, railfence, columnar (default auto)",
    )
    p.add_argument("--json", action="store_true", help="print cipher, key, plaintext, score")
    p.set_defaults(func=cmd_crack)

    p = sub.add_parser(
        "match",
        help="play bots against each other and report the results",
        description="Play N games between bots, alternating who sits first, and report wins, "
        "draws, mean scores and mean turns.",
    )
    p.add_argument("game", metavar="GAME", help=f"game name: {_games_listed()}")
    p.add_argument("--bots", required=True, help="comma-separated bot names, e.g. solver,random")
    p.add_argument("--games", type=_positive, default=100, help="number of games (default 100)")
    p.add_argument("--seed", type=int, default=0, help="seed of the first game (default 0)")
    p.add_argument("--json", action="store_true", help="print the summary as JSON")
    p.set_defaults(func=cmd_match)

    p = sub.add_parser(
        "bench",
        help="run the benchmarks and print their figures",
        description="Run cipherkit's benchmarks: the ones of bench/benchmarks.py, which the "
        "scripts in bench/ also run. They live in the source checkout beside the package, "
        "not in an installed cipherkit.",
    )
    p.add_argument("only", nargs="*", help="names of benchmarks to run (default: all)")
    p.add_argument("--quick", action="store_true", help="smaller runs, for a quick look")
    p.add_argument("--json", action="store_true", help="print the figures as JSON")
    p.set_defaults(func=cmd_bench)

    p = sub.add_parser(
        "rooms",
        help="rooms where students play together: create, list, show, close",
        description="Manage the rooms of a room store (docs/rooms.md). The store is --store "
        "URL (sqlite:///path/to/file.db or postgresql://...), else $CIPHERKIT_STORE, else "
        "rooms.db in your cipherkit data folder ($CIPHERKIT_HOME, else "
        "~/.local/share/cipherkit): the same store cipherkit serve uses, wherever you run it.",
    )
    rooms = p.add_subparsers(dest="rooms_action", metavar="ACTION")
    rooms.required = True
    common = argparse.ArgumentParser(add_help=False)
    common.add_argument(
        "--store",
        metavar="URL",
        help="room store (default: $CIPHERKIT_STORE, else rooms.db in "
        "~/.local/share/cipherkit, the store cipherkit serve uses)",
    )
    common.add_argument("--json", action="store_true", help="print the room facts as JSON")
    r = rooms.add_parser(
        "create",
        parents=[common],
        help="open a new room and print its id and join code",
        description="Open a room of GAME and print its id and join code (--json: its facts).",
    )
    r.add_argument("game", metavar="GAME", help=f"game name: {_games_listed()}")
    r.add_argument("--config", metavar="JSON", help="game config, e.g. '{\"players\": 4}'")
    r.add_argument(
        "--bots", metavar="SEAT,...", help="seats bots play: 1,3 (the game's best bot) or 1=random"
    )
    r.add_argument("--seed", type=_whole, default=None, help="the deal (default: random)")
    r = rooms.add_parser(
        "list",
        parents=[common],
        help="list the open rooms",
        description="List the open rooms (--all: closed ones too).",
    )
    r.add_argument("--all", action="store_true", help="closed rooms too")
    for action, text in (("show", "print a room's facts"), ("close", "close a room")):
        r = rooms.add_parser(
            action, parents=[common], help=text, description=f"{text[0].upper()}{text[1:]}."
        )
        r.add_argument("room", metavar="ROOM", help="the room's id or join code")
    p.set_defaults(func=cmd_rooms)

    p = sub.add_parser(
        "class",
        help="a class's results: export attempts and room results as CSV",
        description="A class's results from a room store (docs/classroom.md).",
    )
    classes = p.add_subparsers(dest="class_action", metavar="ACTION")
    classes.required = True
    r = classes.add_parser(
        "export",
        help="write students.csv, rooms.csv and attempts.csv",
        description="Write every class session's results into DIR: one row per student "
        "(students.csv, for a gradebook), per seat of each room (rooms.csv, and "
        "records/ROOM.json) and per exercise attempt (attempts.csv). UTF-8 with a BOM, "
        "so spreadsheets read accents; the teacher page downloads the same files.",
    )
    r.add_argument(
        "--store",
        metavar="URL",
        help="room store (default: $CIPHERKIT_STORE, else rooms.db in "
        "~/.local/share/cipherkit, the store cipherkit serve uses)",
    )
    r.add_argument("--csv", metavar="DIR", required=True, help="folder to write the CSV files in")
    r.add_argument("--json", action="store_true", help="print the counts as JSON")
    p.set_defaults(func=cmd_class)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the ``cipherkit`` command; the exit code: 0 on success, 1 on a user error (one line,
    no traceback), 2 on a usage error.
    """
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        return int(args.func(args) or 0)
    except CipherkitError as exc:
        print(f"cipherkit: error: {exc}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        print("cipherkit: interrupted", file=sys.stderr)
        return 1
    except BrokenPipeError:  # the reader went away (``cipherkit … | head``): stop quietly
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
