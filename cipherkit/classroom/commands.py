"""``cipherkit class export [--store URL] --csv DIR``: a class's results as CSV.

:data:`CLASS` defines the command's arguments and runs it. The store
is ``--store URL``, else ``$CIPHERKIT_STORE``, else ``cipherkit-rooms.db`` in the current
folder; a missing SQLite store is an error (export never makes one).
"""

from __future__ import annotations

import argparse
import json

from cipherkit.classroom.classroom import open_classroom
from cipherkit.classroom.export import export_csv
from cipherkit.core.commands import Command, add_json, add_store
from cipherkit.core.errors import CipherkitError

__all__ = ["CLASS", "run_class"]


def run_class(args: argparse.Namespace) -> int:
    """Run ``cipherkit class ACTION`` (the arguments :data:`CLASS` parsed)."""
    if args.class_action != "export":  # pragma: no cover - argparse allows only export
        raise CipherkitError(f"unknown class action {args.class_action!r}")
    with open_classroom(args.store, create=False) as desk:
        paths = export_csv(desk, args.csv)
        counts = {
            "attempts": sum(len(desk.attempts(s.id)) for s in desk.sessions()),
            "rooms": sum(len(desk.room_ids(s.id)) for s in desk.sessions()),
            "sessions": len(desk.sessions()),
        }
    if getattr(args, "json", False):
        print(json.dumps({**counts, "files": [str(p) for p in paths]}, indent=2))
    else:
        print(
            f"wrote {paths[0]} ({counts['attempts']} attempts), {paths[1]} "
            f"({counts['rooms']} rooms) and {paths[2]} (one row per student) "
            f"from {counts['sessions']} class sessions"
        )
    return 0


def _configure(parser: argparse.ArgumentParser) -> None:
    actions = parser.add_subparsers(dest="class_action", metavar="ACTION")
    actions.required = True
    export = actions.add_parser(
        "export",
        help="write students.csv, rooms.csv and attempts.csv",
        description="Write every class session's results into DIR: one row per student "
        "(students.csv, for a gradebook), per seat of each room (rooms.csv, and "
        "records/ROOM.json) and per exercise attempt (attempts.csv). UTF-8 with a BOM, "
        "so spreadsheets read accents; the teacher page downloads the same files.",
    )
    add_store(export)
    export.add_argument(
        "--csv", metavar="DIR", required=True, help="folder to write the CSV files in"
    )
    add_json(export, "print the counts as JSON")


CLASS = Command(
    "class",
    help="a class's results: export attempts and room results as CSV",
    description="A class's results from a room store (docs/classroom.md).",
    configure=_configure,
    run=run_class,
)
