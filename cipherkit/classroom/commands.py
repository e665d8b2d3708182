"""``cipherkit class export [--store URL] --csv DIR``: a class's results as CSV.

The parser lives in :mod:`cipherkit.cli`; this module runs the parsed command. The store
is ``--store URL``, else ``$CIPHERKIT_STORE``, else ``cipherkit-rooms.db`` in the current
folder; a missing SQLite store is an error (export never makes one).
"""

from __future__ import annotations

import argparse
import json

from cipherkit.classroom.classroom import open_classroom
from cipherkit.classroom.export import export_csv
from cipherkit.core.errors import CipherkitError

__all__ = ["run_class"]


def run_class(args: argparse.Namespace) -> int:
    """Run ``cipherkit class ACTION`` (the parsed arguments of :mod:`cipherkit.cli`)."""
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
