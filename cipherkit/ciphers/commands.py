"""``cipherkit crack [TEXT | --file F] [--cipher auto|...] [--json]``: identify and break
a classical cipher.
"""

from __future__ import annotations

import argparse
import sys

from cipherkit.core.commands import Command, add_json, print_json
from cipherkit.core.errors import CipherkitError
from cipherkit.core.files import read_limited, read_stream_limited
from cipherkit.i18n import N_, _, say

__all__ = ["CRACK", "MAX_CRACK_BYTES"]

MAX_CRACK_BYTES = 1_000_000
"""The longest ciphertext ``crack`` reads from a file or standard input."""


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
    add_json(parser, _("print cipher, key, plaintext, score"))


def _ciphertext(args: argparse.Namespace) -> str:
    """The text to crack: the arguments, else a file or standard input (bounded)."""
    if args.file and args.text:
        raise CipherkitError(say("give the ciphertext as arguments or with --file, not both"))
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
        raise CipherkitError(
            say("cannot read {name}: not UTF-8 text (byte {byte})", name=name, byte=exc.start)
        ) from None


def _run(args: argparse.Namespace) -> int:
    from cipherkit.ciphers.crack import crack_text

    text = _ciphertext(args).rstrip(
        "\r\n"
    )  # a file's or a pipe's last line break is not ciphertext
    result = crack_text(text, cipher=args.cipher)
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
