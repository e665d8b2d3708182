"""``cipherkit validate MISSION...`` and ``cipherkit render MISSION --out DIR [--pdf]``."""

from __future__ import annotations

import argparse
import sys

from cipherkit.core.commands import Command, add_json, add_quiet, print_json
from cipherkit.core.errors import CipherkitError
from cipherkit.games.mission.shipped import add_mission, mission_argument
from cipherkit.i18n import ngettext

__all__ = ["RENDER", "VALIDATE"]


def _configure_validate(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("missions", nargs="+", metavar="MISSION", help="mission YAML files")
    add_json(parser, "print the problems as JSON")


def _validate(args: argparse.Namespace) -> int:
    from cipherkit.games.mission.format.validate import validate_paths

    problems = validate_paths(args.missions)
    errors = [p for p in problems if p.severity == "error"]
    if args.json:
        print_json({"problems": [p.to_json() for p in problems], "ok": not errors})
    else:
        for problem in problems:
            print(problem.labelled(), file=sys.stderr if problem.is_error else sys.stdout)
        files = len(args.missions)
        if not problems:
            print(ngettext("{n} mission file(s) OK", "{n} mission file(s) OK", files))
        else:
            counts = {
                "errors": ngettext("{n} error", "{n} errors", len(errors)),
                "warnings": ngettext("{n} warning", "{n} warnings", len(problems) - len(errors)),
            }
            print(
                ngettext(
                    "{errors}, {warnings} in {n} file(s)",
                    "{errors}, {warnings} in {n} file(s)",
                    files,
                    **counts,
                )
            )
    return 1 if errors else 0


VALIDATE = Command(
    "validate",
    help="check mission files and report every problem",
    description="Check mission files. Each problem is printed as "
    "file:line: error: field.path: message (or warning:), errors on standard error; "
    "every check runs, also after an error, where it can. Exit 1 if any is an error.",
    configure=_configure_validate,
    run=_validate,
)


def _configure_render(parser: argparse.ArgumentParser) -> None:
    add_mission(parser)
    parser.add_argument("--out", metavar="DIR", help="folder to write images into")
    parser.add_argument("--pdf", metavar="FILE", help="write a print-and-play PDF here")
    parser.add_argument(
        "--paper",
        choices=("a4", "letter"),
        default="a4",
        help="the PDF's paper: a4 (default) or letter (US Letter)",
    )
    parser.add_argument(
        "--glyph-set",
        metavar="SPEC",
        help="draw in this glyph set instead of the mission's: a style and seed (runes:7, "
        "pigpen) or a folder of glyph images (relative to the mission file)",
    )
    parser.add_argument(
        "--watch",
        action="store_true",
        help="keep running: re-validate and redraw the card, map and console into DIR "
        "(and preview.html) each time the mission file is saved; errors are shown in place",
    )
    parser.add_argument(
        "--interval",
        type=float,
        default=0.3,
        help="with --watch: seconds between looks at the file (default 0.3)",
    )
    add_quiet(parser)


def _render(args: argparse.Namespace) -> int:
    from cipherkit.games.mission.art.render import render_mission

    if args.watch:
        from cipherkit.games.mission.art.watch import watch_mission

        if args.out is None:
            raise CipherkitError.say("--watch redraws into a folder: give --out DIR")
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


RENDER = Command(
    "render",
    help="draw a mission: card, console, map, glyph sheet; print-and-play PDF",
    description="Write the mission card, console, map and glyph sheet as PNG and SVG "
    "into DIR, and/or a print-and-play PDF (vector, A4 or US Letter).",
    configure=_configure_render,
    run=_render,
)
