"""``cipherkit worksheet LESSON --pdf FILE [--paper a4|letter] [--no-answers]`` and
``cipherkit worksheet all --out DIR``: printable worksheets of the lessons.

>>> import argparse
>>> parser = argparse.ArgumentParser(prog="worksheet")
>>> _configure(parser)
>>> parser.parse_args(["01", "--pdf", "w.pdf", "--no-answers"])
Namespace(lesson='01', pdf='w.pdf', out=None, paper='a4', answers=False)
"""

from __future__ import annotations

import argparse

from cipherkit.core.commands import Command
from cipherkit.core.errors import CipherkitError
from cipherkit.i18n import N_, _

__all__ = ["WORKSHEET"]


def _configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "lesson",
        metavar="LESSON",
        help=_(
            "a lesson id (01-caesar-and-brute-force), a unique prefix of one (01), "
            "or all: every lesson"
        ),
    )
    parser.add_argument("--pdf", metavar="FILE", help=_("write the worksheet PDF here"))
    parser.add_argument(
        "--out",
        metavar="DIR",
        help=_("write one PDF per lesson into this folder, as LESSON.pdf (for all)"),
    )
    parser.add_argument(
        "--paper",
        choices=("a4", "letter"),
        default="a4",
        help=_("the PDF's paper: a4 (default) or letter (US Letter)"),
    )
    parser.add_argument(
        "--no-answers",
        dest="answers",
        action="store_false",
        help=_("leave out the teacher's pages (answers and hints)"),
    )


def _run(args: argparse.Namespace) -> int:
    from cipherkit.classroom.worksheets.output import write_worksheet, write_worksheets
    from cipherkit.classroom.worksheets.spec import find_lessons

    lessons = find_lessons(args.lesson)
    if args.lesson == "all" and args.pdf is not None:
        raise CipherkitError.say("all writes one PDF per lesson: give --out DIR, not --pdf")
    if args.pdf is not None and args.out is not None:
        raise CipherkitError.say("give --pdf FILE or --out DIR, not both")
    if args.pdf is None and args.out is None:
        if args.lesson == "all":
            raise CipherkitError.say("all writes one PDF per lesson: give --out DIR")
        raise CipherkitError.say("give --pdf FILE to write the worksheet (or --out DIR)")
    if args.pdf is not None:
        written = [
            write_worksheet(lessons[0], args.pdf, paper_size=args.paper, answers=args.answers)
        ]
    else:
        written = write_worksheets(lessons, args.out, paper_size=args.paper, answers=args.answers)
    for path in written:
        print(path)
    return 0


WORKSHEET = Command(
    "worksheet",
    help=N_("print a lesson's exercises as a worksheet PDF, with the teacher's answers"),
    description=N_(
        "Write a printable vector PDF of a lesson's exercises (A4 or US Letter): a title "
        "block with lines for name, class and date, each exercise with its material, its "
        "question and ruled lines to write on; then, on pages headed For the teacher, each "
        "answer with a short hint (--no-answers leaves them out). LESSON is a lesson id, a "
        "unique prefix of one, or all (with --out DIR: one PDF per lesson)."
    ),
    configure=_configure,
    run=_run,
)
