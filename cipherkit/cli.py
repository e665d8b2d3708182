"""The ``cipherkit`` command: it gathers the commands each package defines beside its run
function (a :class:`~cipherkit.core.commands.Command`).

Every subcommand has ``--help``; exit code 0 on success, 1 on a user error (one line on
stderr, no traceback), 2 on a usage error.

>>> main(["match", "decipher", "--bots", "random,random", "--games", "2", "--json"])
... # doctest: +ELLIPSIS
{...
0
"""

from __future__ import annotations

import argparse
import importlib
import os
import sys
from collections.abc import Sequence

from cipherkit import __version__
from cipherkit.core.bench import bench_module
from cipherkit.core.commands import Command
from cipherkit.core.errors import CipherkitError
from cipherkit.i18n import LANGUAGES, _, default_language, use
from cipherkit.i18n.commandline import language_from, speak_argparse
from cipherkit.serve.commands import teacher_key_argument
from cipherkit.serve.voila_main import skip_iri_grammars

__all__ = ["COMMANDS", "bench_module", "build_parser", "main", "program", "teacher_key_argument"]

COMMANDS = {
    "serve": "cipherkit.serve.commands:SERVE",
    "validate": "cipherkit.games.mission.commands:VALIDATE",
    "render": "cipherkit.games.mission.commands:RENDER",
    "decode": "cipherkit.games.intercept.commands:DECODE",
    "playtest": "cipherkit.playtest.commands:PLAYTEST",
    "tune": "cipherkit.playtest.commands:TUNE",
    "campaign": "cipherkit.playtest.commands:CAMPAIGN",
    "publish": "cipherkit.publish.commands:PUBLISH",
    "worksheet": "cipherkit.classroom.worksheets.commands:WORKSHEET",
    "crack": "cipherkit.ciphers.commands:CRACK",
    "match": "cipherkit.core.match:MATCH",
    "bench": "cipherkit.core.bench:BENCH",
    "rooms": "cipherkit.rooms.commands:ROOMS",
    "class": "cipherkit.classroom.commands:CLASS",
}
"""Every command, in ``--help``'s order: its name and where its :class:`Command` is."""


def command(name: str) -> Command:
    """The :class:`Command` called ``name`` (its module is imported only now)."""
    module, _, attribute = COMMANDS[name].partition(":")
    found: Command = getattr(importlib.import_module(module), attribute)
    return found


def build_parser(argv: Sequence[str] | None = None) -> argparse.ArgumentParser:
    """The ``cipherkit`` argument parser, with every command. Given the command line
    ``argv``, only the command it names is loaded (the others keep just their names, so a
    command starts without importing every package), and every command for ``--help``.
    """
    parser = argparse.ArgumentParser(
        prog="cipherkit",
        description=_("Cipher games, puzzle design and classroom cryptography for Jupyter."),
    )
    parser.add_argument(
        "--version",
        action="version",
        version=f"cipherkit {__version__}",
        help=_("show the version and exit"),
    )
    parser.add_argument(
        "--lang",
        metavar="LANG",
        choices=sorted(LANGUAGES),
        help=_("the language cipherkit speaks (default: LANGUAGE or LANG, else English)"),
    )
    commands = parser.add_subparsers(dest="command", metavar="COMMAND")
    commands.required = True
    first = None if argv is None else next(iter(argv), "")
    for name in COMMANDS:
        if first in (None, "-h", "--help", name):
            command(name).add_to(commands)
        else:
            commands.add_parser(name)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the ``cipherkit`` command; the exit code: 0 on success, 1 on a user error (one line,
    no traceback), 2 on a usage error.
    """
    argv = sys.argv[1:] if argv is None else list(argv)
    before = default_language()  # (restored: main may be called in a notebook or a test)
    use(language_from(argv, os.environ))
    try:
        return _run(argv)
    finally:
        use(before)


def program() -> int:
    """The ``cipherkit`` program (its console script): :func:`main` in a process of its
    own, which does without jsonschema's IRI grammars (:func:`skip_iri_grammars`):
    ``cipherkit publish`` checks the notebooks it writes with nbformat, and compiling
    those grammars took 1.3 of its 4.2 CPU-seconds."""
    skip_iri_grammars()
    return main()


def _run(argv: list[str]) -> int:
    speak_argparse()
    args = build_parser(_command_line(argv)).parse_args(argv)
    try:
        return int(args.func(args) or 0)
    except CipherkitError as exc:
        print(_("cipherkit: error: {reason}", reason=exc), file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        print(_("cipherkit: interrupted"), file=sys.stderr)
        return 1
    except BrokenPipeError:  # the reader went away (``cipherkit … | head``): stop quietly
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0


def _command_line(argv: Sequence[str]) -> list[str]:
    """``argv`` without the global ``--lang`` (the command it names comes first after it)."""
    out, skip = [], False
    for word in argv:
        if skip:
            skip = False
        elif word == "--lang":
            skip = True
        elif not word.startswith("--lang="):
            out.append(word)
    return out


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
