"""``cipherkit crack [TEXT | --file F] [--cipher auto|...] [--time S] [--progress]
[--json]``: identify and break a classical cipher.
"""

from __future__ import annotations

import argparse
import sys
from typing import TextIO

from cipherkit.ciphers.budget import TIME_LIMIT, Progress
from cipherkit.core.commands import Command, add_json, print_json
from cipherkit.core.errors import CipherkitError
from cipherkit.core.files import read_limited, read_stream_limited
from cipherkit.i18n import N_, _

__all__ = ["CRACK", "MAX_CRACK_BYTES"]

MAX_CRACK_BYTES = 1_000_000
"""The longest ciphertext ``crack`` reads from a file or standard input."""
BAR = 20
"""Width of ``--progress``'s bar, in characters."""
READING = 60
"""Letters of the reading so far that ``--progress`` shows."""


def _configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("text", nargs="*", help=_("the ciphertext (or use --file / stdin)"))
    parser.add_argument(
        "--file", metavar="F", help=_("read the ciphertext from a file (- for standard input)")
    )
    parser.add_argument(
        "--cipher",
        default="auto",
        help=_(
            "auto (identify), caesar, atbash, affine, vigenere, beaufort, autokey, "
            "substitution, playfair, railfence, columnar (default auto); a text in Russian "
            "letters: auto, caesar, vigenere, beaufort"
        ),
    )
    parser.add_argument(
        "--time",
        type=_seconds,
        default=TIME_LIMIT,
        metavar="SECONDS",
        help=_(
            "the most seconds the search may take (default {seconds:g}); it stops sooner "
            "once a reading looks like English",
            seconds=TIME_LIMIT,
        ),
    )
    parser.add_argument(
        "--progress",
        action="store_true",
        help=_("show the best reading so far on standard error while the search runs"),
    )
    add_json(parser, _("print cipher, key, plaintext, score"))


def _seconds(value: str) -> float:
    try:
        seconds = float(value)
    except ValueError:
        seconds = float("nan")
    if not seconds > 0 or seconds == float("inf"):
        raise argparse.ArgumentTypeError(
            _("{value!r} is not a number of seconds above 0", value=value)
        )
    return seconds


class _ProgressLine:
    """``--progress``: a bar, the seconds used, the cipher and the best reading so far,
    redrawn in place on a terminal, a line a second otherwise."""

    def __init__(self, stream: TextIO) -> None:
        self.stream = stream
        self.terminal = stream.isatty()
        self.last = -1.0
        self.width = 0

    def __call__(self, seen: Progress) -> bool:
        if not self.terminal and seen.elapsed - self.last < 1.0:
            return False
        self.last = seen.elapsed
        done = round(seen.fraction * BAR)
        reading = seen.plaintext[:READING] + ("…" if len(seen.plaintext) > READING else "")
        line = "[{bar}] {text}".format(
            bar="#" * done + "." * (BAR - done),
            text=_(
                "{seconds:.1f}/{limit:g} s {cipher} (fitness {fitness:.2f}): {reading}",
                seconds=seen.elapsed,
                limit=seen.limit,
                cipher=seen.cipher,
                fitness=seen.fitness,
                reading=reading,
            ),
        )
        if self.terminal:
            self.stream.write("\r" + line.ljust(self.width))
            self.width = len(line)
        else:
            self.stream.write(line + "\n")
        self.stream.flush()
        return False

    def end(self) -> None:
        if self.terminal and self.width:
            self.stream.write("\n")
            self.stream.flush()


def _ciphertext(args: argparse.Namespace) -> str:
    """The text to crack: the arguments, else a file or standard input (bounded)."""
    if args.file and args.text:
        raise CipherkitError.say("give the ciphertext as arguments or with --file, not both")
    if args.text:
        return " ".join(args.text)
    if args.file and args.file != "-":
        name, blob = args.file, read_limited(args.file, max_bytes=MAX_CRACK_BYTES)
    else:
        name = _("standard input")
        blob = read_stream_limited(sys.stdin.buffer, max_bytes=MAX_CRACK_BYTES, name=name)
    try:
        return blob.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise CipherkitError.say(
            "cannot read {name}: not UTF-8 text (byte {byte})", name=name, byte=exc.start
        ) from None


def _run(args: argparse.Namespace) -> int:
    from cipherkit.ciphers.crack import crack_text

    text = _ciphertext(args).rstrip(
        "\r\n"
    )  # a file's or a pipe's last line break is not ciphertext
    shown = _ProgressLine(sys.stderr) if args.progress else None
    try:
        result = crack_text(text, cipher=args.cipher, time_limit=args.time, progress=shown)
    finally:
        if shown is not None:
            shown.end()
    if args.json:
        print_json(result.to_json())
    else:
        print(result.summary_text())
    return 0


CRACK = Command(
    "crack",
    # the command's help and description are marked here and said where the parser is made
    help=N_("break a classical cipher: Caesar, affine, Vigenère, substitution, ..."),
    description=N_(
        "Identify and break a classical cipher. Give the text as arguments, "
        "with --file, or on standard input. A text in Russian letters is read over the "
        "Russian alphabet."
    ),
    configure=_configure,
    run=_run,
)
