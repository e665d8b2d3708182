"""What a ``cipherkit`` command is, and the argument shapes commands share.

Each package defines its commands beside their run functions, as :class:`Command`
values; :mod:`cipherkit.cli` only gathers them.

>>> parser = argparse.ArgumentParser(prog="demo")
>>> add_seed(parser)
>>> add_json(parser, "print the figures as JSON")
>>> parser.parse_args(["--seed", "3", "--json"])
Namespace(seed=3, json=True)
>>> positive("0")
Traceback (most recent call last):
...
argparse.ArgumentTypeError: must be at least 1
"""

from __future__ import annotations

import argparse
import json
import textwrap
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from cipherkit.core.registry import game_names
from cipherkit.i18n import N_, _

__all__ = [
    "STORE_HELP",
    "Command",
    "add_game",
    "add_json",
    "add_quiet",
    "add_seed",
    "add_store",
    "add_workers",
    "positive",
    "print_json",
    "whole",
]

STORE_HELP = N_(
    "room store (default: $CIPHERKIT_STORE, else rooms.db in "
    "~/.local/share/cipherkit, the store cipherkit serve uses)"
)
"""``--store``'s help where a command reads rooms (``rooms``, ``class export``)."""


@dataclass(frozen=True)
class Command:
    """A ``cipherkit`` subcommand: its name, its help, its arguments and its run function.

    ``configure`` adds the arguments to the command's parser; ``run`` gets the parsed
    arguments and returns the exit code (a :class:`~cipherkit.core.errors.CipherkitError`
    is the user's error: exit 1 with its one line).
    """

    name: str
    help: str
    description: str
    configure: Callable[[argparse.ArgumentParser], None]
    run: Callable[[argparse.Namespace], int]

    def add_to(self, commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
        """Add this command (its parser and arguments) to ``commands``."""
        parser = commands.add_parser(self.name, help=_(self.help), description=_(self.description))
        self.configure(parser)
        parser.set_defaults(func=self.run)


def positive(text: str) -> int:
    """A whole number from 1 up (an argument ``type``)."""
    return whole(text, least=1)


def whole(text: str, *, least: int = 0) -> int:
    """A whole number from ``least`` (default 0) up (an argument ``type``)."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(_("{text!r} is not a whole number", text=text)) from None
    if value < least:
        raise argparse.ArgumentTypeError(
            _("must be 0 or more") if least == 0 else _("must be at least {least}", least=least)
        )
    return value


def print_json(data: Any) -> None:
    """Print ``data`` as indented JSON (what ``--json`` prints)."""
    print(json.dumps(data, indent=2, sort_keys=False))


def add_json(parser: argparse.ArgumentParser, help: str) -> None:
    """``--json``: print what the command reports as JSON (``help`` says what)."""
    parser.add_argument("--json", action="store_true", help=_(help))


def add_seed(parser: argparse.ArgumentParser, help: str = N_("seed (default 0)")) -> None:
    """``--seed S``: a whole number, 0 by default."""
    parser.add_argument("--seed", type=int, default=0, help=_(help))


def add_workers(parser: argparse.ArgumentParser) -> None:
    """``--workers W``: processes, as many as CPUs by default."""
    parser.add_argument(
        "--workers", type=positive, default=None, help=_("processes (default: CPUs)")
    )


def add_quiet(parser: argparse.ArgumentParser, help: str = N_("no progress bar")) -> None:
    """``--quiet``: no progress bar."""
    parser.add_argument("--quiet", action="store_true", help=_(help))


def add_store(parser: argparse.ArgumentParser, help: str = STORE_HELP) -> None:
    """``--store URL``: the room store (``sqlite:///FILE`` or ``postgresql://...``)."""
    parser.add_argument("--store", metavar="URL", help=_(help))


class _WholeNames(argparse.HelpFormatter):
    """Help lines broken at spaces only, so a game's name (``toy-nim``) stays whole."""

    def _split_lines(self, text: str, width: int) -> list[str]:
        return textwrap.wrap(" ".join(text.split()), width, break_on_hyphens=False)


def add_game(parser: argparse.ArgumentParser) -> None:
    """``GAME``: a registered game's name (every game registered by entry point); the
    help lists them, each name whole."""
    parser.formatter_class = _WholeNames
    parser.add_argument(
        "game", metavar="GAME", help=_("game name: {names}", names=", ".join(game_names()))
    )
