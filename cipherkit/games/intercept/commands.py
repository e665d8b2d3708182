"""``cipherkit decode --keywords a,b,c,d --clues "x;y;z"``: the decoder bot's reading."""

from __future__ import annotations

import argparse

from cipherkit.core.commands import Command, add_json, print_json
from cipherkit.i18n import N_, _

__all__ = ["DECODE"]


def _configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--keywords", required=True, help=_("four keywords, comma-separated"))
    parser.add_argument("--clues", required=True, help=_("three clues, separated by ';'"))
    add_json(parser, _("print the code and scores as JSON"))


def _run(args: argparse.Namespace) -> int:
    from cipherkit.games.intercept.decode import decode_clues

    keywords = [k.strip() for k in args.keywords.split(",")]
    clues = [c.strip() for c in args.clues.split(";")]
    result = decode_clues(keywords, clues)
    if args.json:
        print_json(result.to_json())
    else:
        print(result.code_text)
    return 0


DECODE = Command(
    "decode",
    help=N_("the intercept decoder bot: which keyword does each clue point to?"),
    description=N_(
        "Given a team's four keywords and three clues, print the code the "
        "decoder bot reads from them, as d.d.d."
    ),
    configure=_configure,
    run=_run,
)
