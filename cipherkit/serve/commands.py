"""``cipherkit serve [DIR]``: the puzzle gallery under Voila, until stopped.

>>> teacher_key_argument(None, None) is None
True
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from cipherkit.core.commands import Command, add_store, positive
from cipherkit.core.errors import CipherkitError
from cipherkit.core.files import read_limited
from cipherkit.i18n import N_, _

__all__ = ["SERVE", "teacher_key_argument"]


def teacher_key_argument(given: str | None, key_file: str | None) -> str | None:
    """The teacher key ``cipherkit serve`` was given: read from ``--teacher-key-file``
    (its first line), or ``--teacher-key`` with a warning (a command line is visible to
    every user of the machine in ``ps``), else ``None`` (``$CIPHERKIT_TEACHER_KEY``, or a
    new key).
    """
    if key_file is not None:
        if given is not None:
            raise CipherkitError.say("give --teacher-key-file or --teacher-key, not both")
        raw = read_limited(key_file, max_bytes=1000)
        lines = raw.decode("utf-8", errors="replace").splitlines()
        if not lines or not lines[0].strip():
            raise CipherkitError.say("{path}: no teacher key on its first line", path=key_file)
        return lines[0].strip()
    if given is not None:
        print(
            "cipherkit: warning: --teacher-key shows the key to every user of this machine "
            "(ps); use --teacher-key-file FILE or $CIPHERKIT_TEACHER_KEY",
            file=sys.stderr,
            flush=True,
        )
    return given


def _configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "dir",
        nargs="?",
        help=_(
            "folder of puzzle pages (default: ./puzzles if there is one, else the "
            "gallery shipped with cipherkit)"
        ),
    )
    parser.add_argument("--port", type=positive, default=8866, help=_("port (default 8866)"))
    parser.add_argument("--open", action="store_true", help=_("open a web browser too"))
    add_store(
        parser,
        N_(
            "rooms' store for Play together and the class (default: $CIPHERKIT_STORE, "
            "else rooms.db in ~/.local/share/cipherkit, the store 'cipherkit rooms' and "
            "'cipherkit class export' use too; postgresql://... to share rooms between servers)"
        ),
    )
    parser.add_argument(
        "--ip",
        default="127.0.0.1",
        help=_(
            "address to listen on (default 127.0.0.1: this machine only; 0.0.0.0: every "
            "machine that can reach this one, e.g. a classroom network)"
        ),
    )
    parser.add_argument(
        "--trusted-proxy",
        metavar="ADDRESS",
        action="append",
        default=[],
        help=_(
            "a reverse proxy in front of this server (an address or network, e.g. "
            "127.0.0.1; repeatable): its X-Forwarded-For names each visitor, so the limits on "
            "new visitors count visitors, not the proxy (docs/deploy.md)"
        ),
    )
    parser.add_argument(
        "--teacher-key-file",
        metavar="FILE",
        help=_(
            "read the teacher page's key from FILE's first line (default: "
            "$CIPHERKIT_TEACHER_KEY, else a new one, printed in the teacher link)"
        ),
    )
    parser.add_argument(
        "--teacher-key",
        metavar="KEY",
        help=_(
            "the teacher page's key on the command line (warned against: every user of "
            "this machine sees it in ps; prefer --teacher-key-file)"
        ),
    )


def _run(args: argparse.Namespace) -> int:
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
        trusted_proxies=_trusted(args.trusted_proxy),
    )


def _trusted(given: list[str]) -> list[str]:
    """The ``--trusted-proxy`` values, each an address or network (else a one-line error).

    >>> _trusted(["127.0.0.1", "10.0.0.0/8"])
    ['127.0.0.1', '10.0.0.0/8']
    """
    import ipaddress

    for value in given:
        try:
            ipaddress.ip_network(value, strict=False)
        except ValueError:
            raise CipherkitError.say(
                "--trusted-proxy {value!r} is not an address or network", value=value
            ) from None
    return list(given)


SERVE = Command(
    "serve",
    help=N_("serve the puzzle gallery under Voila (the main job)"),
    description=N_(
        "Serve the puzzle gallery on 127.0.0.1 with Voila: sources stripped, "
        "tracebacks hidden, only images served as files."
    ),
    configure=_configure,
    run=_run,
)
