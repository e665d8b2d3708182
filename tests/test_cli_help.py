"""``cipherkit --help`` and every command's ``--help``, as they were when the commands'
parsers moved out of ``cli.py`` into their packages (issue 43): each usage line, the
command list with each command's help, and the same text whether a command line loads
its command alone or ``--help`` loads them all.
"""

from __future__ import annotations

import argparse
import subprocess
import sys

import pytest

from cipherkit.cli import COMMANDS, build_parser

USAGES = {
    "": "[-h] [--version] [--lang LANG] COMMAND ...",  # --lang: issue 47
    "serve": "[-h] [--port PORT] [--open] [--store URL] [--ip IP] [--trusted-proxy ADDRESS] "
    "[--teacher-key-file FILE] "
    "[--teacher-key KEY] [dir]",
    "validate": "[-h] [--json] MISSION [MISSION ...]",
    "render": "[-h] [--out DIR] [--pdf FILE] [--paper {a4,letter}] [--glyph-set SPEC] "
    "[--watch] [--interval INTERVAL] [--quiet] MISSION",
    "decode": "[-h] --keywords KEYWORDS --clues CLUES [--json]",
    "playtest": "[-h] [--games GAMES] [--workers WORKERS] [--seed SEED] [--bots BOTS] "
    "[--players PLAYERS] [--secrets IDS] [--no-deal-check] [--no-windows] [--json] MISSION",
    "tune": "[-h] [--win-rate RATE] [--rating NAME] [--players PLAYERS] [--values VALUES] "
    "[--games GAMES] [--workers WORKERS] [--seed SEED] [--bots BOTS] [--secrets IDS] "
    "[--no-traps] [--write FILE] [--json] MISSION",
    "campaign": "[-h] [--games GAMES] [--players PLAYERS] [--bots BOTS] [--seed SEED] "
    "[--workers WORKERS] [--graph FILE] [--json] [--quiet] [dir]",
    "publish": "[-h] [--lessons LESSONS] [--out DIR] [--campaign] [--quiet] [FILE ...]",
    "crack": "[-h] [--file F] [--cipher CIPHER] [--time SECONDS] [--progress] [--json] [text ...]",
    "match": "[-h] --bots BOTS [--games GAMES] [--seed SEED] [--json] GAME",
    "bench": "[-h] [--quick] [--json] [only ...]",
    "rooms": "[-h] ACTION ...",
    "rooms create": "[-h] [--store URL] [--json] [--config JSON] [--bots SEAT,...] "
    "[--seed SEED] GAME",
    "rooms list": "[-h] [--store URL] [--json] [--all]",
    "rooms show": "[-h] [--store URL] [--json] ROOM",
    "rooms close": "[-h] [--store URL] [--json] ROOM",
    "class": "[-h] ACTION ...",
    "class export": "[-h] [--store URL] --csv DIR [--json]",
    # issue 46 added these (and the class command's help line below)
    "class roster": "[-h] ROSTER_ACTION ...",
    "class roster import": "[-h] [--store URL] --class NAME [--json] FILE",
    "class roster list": "[-h] [--store URL] --class NAME [--json]",
    "class roster remove": "[-h] [--store URL] --class NAME [--json] ID",
    "class assign": "[-h] [--store URL] --class NAME --due TIME [--base BASE] [--json] LESSON",
    "class sessions": "[-h] [--store URL] [--json]",
    # issue 48 added this (and its line in the command list below)
    "worksheet": "[-h] [--pdf FILE] [--out DIR] [--paper {a4,letter}] [--no-answers] LESSON",
}
"""Each command's usage (whitespace squeezed), from ``cipherkit CMD --help`` before."""

COMMAND_LIST = """\
serve     serve the puzzle gallery under Voila (the main job)
validate  check mission files and report every problem
render    draw a mission: card, console, map, glyph sheet; print-and-play PDF
decode    the intercept decoder bot: which keyword does each clue point to?
playtest  simulate many games of a mission with bots and measure its difficulty
tune      find the deck size (and traps) that give a mission the win rate you want
campaign  check a campaign, draw its graph, and measure how hard each mission is
publish   turn missions and lessons into Voila pages and update the gallery index
worksheet print a lesson's exercises as a worksheet PDF, with the teacher's answers
crack     break a classical cipher: Caesar, affine, Vigenère, substitution, ...
match     play bots against each other and report the results
bench     run the benchmarks and print their figures
rooms     rooms where students play together: create, list, show, close
class     a class across a term: roster, homework, sessions, export"""
"""The command list of ``cipherkit --help`` before, in its order."""


def subparsers(parser: argparse.ArgumentParser) -> dict[str, argparse.ArgumentParser]:
    """A parser's subcommands by name (none if it has none)."""
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            return dict(action.choices)
    return {}


def every_parser() -> dict[str, argparse.ArgumentParser]:
    """Every parser of the full ``cipherkit`` parser, by its command words."""
    top = build_parser()
    found = {"": top}
    for name, parser in subparsers(top).items():
        found[name] = parser
        for action, inner in subparsers(parser).items():
            found[f"{name} {action}"] = inner
            for deeper, innermost in subparsers(inner).items():  # class roster import
                found[f"{name} {action} {deeper}"] = innermost
    return found


def squeezed(text: str) -> str:
    return " ".join(text.split())


def test_every_usage_is_unchanged(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COLUMNS", "100")
    parsers = every_parser()
    assert sorted(parsers) == sorted(USAGES)
    for words, parser in parsers.items():
        prog = f"cipherkit {words}".strip()
        assert squeezed(parser.format_usage()) == f"usage: {prog} {USAGES[words]}", words


def test_the_command_list_is_unchanged(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COLUMNS", "100")
    assert list(COMMANDS) == [line.split()[0] for line in COMMAND_LIST.splitlines()]
    text = squeezed(build_parser().format_help())
    for line in COMMAND_LIST.splitlines():  # the column moved with --lang LANG (issue 47)
        assert f" {squeezed(line)} " in text, line


@pytest.mark.parametrize("name", list(COMMANDS))
def test_a_command_loaded_alone_has_the_help_it_has_among_all(
    name: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("COLUMNS", "100")
    alone = subparsers(build_parser([name, "--help"]))[name]
    among_all = subparsers(build_parser())[name]
    assert alone.format_help() == among_all.format_help()
    for action, inner in subparsers(among_all).items():
        assert subparsers(alone)[action].format_help() == inner.format_help()


def test_a_command_line_imports_only_its_command() -> None:
    """``cipherkit crack ...`` starts without importing the playtest, rooms or mission code."""
    code = (
        "import sys; from cipherkit.cli import build_parser; build_parser(['crack', 'x']); "
        "print(sorted(m for m in ('cipherkit.playtest', 'cipherkit.rooms', "
        "'cipherkit.games.mission', 'cipherkit.ciphers') if m in sys.modules))"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=120, check=True
    )
    assert done.stdout.strip() == "['cipherkit.ciphers']"
