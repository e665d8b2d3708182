"""``cipherkit publish MISSION... [--out puzzles/]``: a page per mission or lesson, and
the gallery index.
"""

from __future__ import annotations

import argparse
import stat
from pathlib import Path

from cipherkit.core.commands import Command, add_quiet
from cipherkit.core.errors import CipherkitError
from cipherkit.i18n import N_, _, say

__all__ = ["PUBLISH"]


def _configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "files",
        nargs="*",
        metavar="FILE",
        help=_("mission YAML files and/or lesson notebooks (.ipynb)"),
    )
    parser.add_argument(
        "--lessons",
        action="append",
        metavar="LESSONS",
        help=_("publish every notebook in this folder as a lesson page (e.g. notebooks/lessons)"),
    )
    parser.add_argument(
        "--out", default="puzzles", metavar="DIR", help=_("gallery folder (puzzles)")
    )
    parser.add_argument(
        "--campaign",
        action="store_true",
        help=_("also write campaign.ipynb: the missions given, played in turn as a campaign"),
    )
    add_quiet(parser)


def _lesson_files(folders: list[str]) -> list[str]:
    """The lesson notebooks in each ``--lessons`` folder."""
    lessons: list[str] = []
    for folder in folders:
        if not Path(folder).is_dir():
            raise CipherkitError.say(
                "--lessons {folder}: no such folder of lesson notebooks", folder=folder
            )
        found = sorted(str(p) for p in Path(folder).glob("*.ipynb"))
        if not found:
            raise CipherkitError.say("--lessons {folder}: no lesson notebooks in it", folder=folder)
        lessons += found
    return lessons


_KINDS = (
    (stat.S_ISDIR, N_("a folder")),
    (stat.S_ISFIFO, N_("a FIFO (named pipe)")),
    (stat.S_ISCHR, N_("a character device")),
    (stat.S_ISBLK, N_("a block device")),
    (stat.S_ISSOCK, N_("a socket")),
)


def _check_regular(files: list[str]) -> None:
    """A file given that exists but is not a regular file is named for what it is (a
    FIFO is not "no such file"), without opening it.

    >>> _check_regular(["/dev/null"])
    Traceback (most recent call last):
    ...
    cipherkit.core.errors.CipherkitError: /dev/null: not a regular file but a character device
    """
    for file in files:
        try:
            mode = Path(file).stat().st_mode
        except OSError:
            continue  # missing: said by the step that reads it
        if not stat.S_ISREG(mode):
            kind = next((name for test, name in _KINDS if test(mode)), N_("a special file"))
            raise CipherkitError.say(
                "{file}: not a regular file but {kind}", file=file, kind=say(kind)
            )


def _run(args: argparse.Namespace) -> int:
    from cipherkit.publish.pages import publish_lessons, publish_missions

    lessons = [p for p in args.files if p.endswith(".ipynb")]
    missions = [p for p in args.files if not p.endswith(".ipynb")]
    lessons += _lesson_files(args.lessons or [])
    _check_regular([*lessons, *missions])
    if not lessons and not missions:
        raise CipherkitError.say("give mission files, lesson notebooks or --lessons DIR to publish")
    written = []
    if lessons:  # the index is rebuilt once, by the last step
        written += publish_lessons(lessons, out=args.out, index=not missions)
    if missions:
        if args.campaign:
            from cipherkit.publish.campaign_page import publish_campaign

            written += publish_campaign(missions, out=args.out)
        written += publish_missions(missions, out=args.out, progress=not args.quiet)
    elif args.campaign:
        raise CipherkitError.say("--campaign needs the campaign's mission files")
    from cipherkit.publish.languages import write_twins

    written += write_twins(args.out)  # the gallery's own pages in every language
    for path in written:
        print(path)
    return 0


PUBLISH = Command(
    "publish",
    help=N_("turn missions and lessons into Voila pages and update the gallery index"),
    description=N_(
        "Write a page notebook per mission (title, story, the playable table) "
        "and per lesson notebook (into DIR/lessons/: outputs cleared, code shown as text "
        "above its output, exercise cells hidden), then refresh the gallery index. "
        "Pages load their mission on the server; a page holds no answer or hidden content."
    ),
    configure=_configure,
    run=_run,
)
