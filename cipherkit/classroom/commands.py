"""``cipherkit class ACTION``: a class's roster, homework, sessions and results.

``roster import FILE --class NAME`` (and ``roster list``/``roster remove``), ``assign
LESSON --class NAME --due TIME``, ``sessions`` and ``export --csv DIR``. :data:`CLASS`
defines the command's arguments and runs it. The store is ``--store URL``, else
``$CIPHERKIT_STORE``, else the store ``cipherkit serve`` uses; a missing SQLite store is
an error for reading actions (export and sessions never make one).
"""

from __future__ import annotations

import argparse
import json
from collections.abc import Callable

from cipherkit.classroom.classroom import Classroom, open_classroom
from cipherkit.classroom.export import export_csv
from cipherkit.classroom.homework import assign, homework_list, parse_due
from cipherkit.classroom.sessions import iso
from cipherkit.core.commands import Command, add_json, add_store, print_json
from cipherkit.core.errors import CipherkitError
from cipherkit.i18n import N_, _

__all__ = ["CLASS", "run_class"]


def _export(desk: Classroom, args: argparse.Namespace) -> int:
    paths = export_csv(desk, args.csv)
    sessions = desk.sessions()
    counts = {
        "attempts": sum(len(desk.attempts(s.id)) for s in sessions),
        "rooms": sum(len(desk.room_ids(s.id)) for s in sessions),
        "sessions": len(sessions),
    }
    if args.json:
        print(json.dumps({**counts, "files": [str(p) for p in paths]}, indent=2))
    else:
        print(
            f"wrote {paths[0]} ({counts['attempts']} attempts), {paths[1]} "
            f"({counts['rooms']} rooms) and {paths[2]} (one row per student) "
            f"from {counts['sessions']} class sessions"
        )
    return 0


def _roster(desk: Classroom, args: argparse.Namespace) -> int:
    groups = desk.groups
    if args.roster_action == "import":
        report = groups.import_file(args.class_name, args.file)
        for problem in report.problems:
            print(problem)
        if args.json:
            print_json({"added": report.added, "updated": report.updated,
                        "refused": len(report.problems)})  # fmt: skip
        else:
            print(
                f"{groups.name(args.class_name)}: {report.added} added, {report.updated} "
                f"updated, {len(report.problems)} rows refused"
            )
        return 1 if report.problems else 0
    if args.roster_action == "remove":
        gone = groups.remove(args.class_name, args.student_id)
        print(f"took {gone.name} ({gone.student_id}) off the roster; their results stay")
        return 0
    students = groups.roster(args.class_name)
    if args.json:
        print_json([s.to_json() for s in students])
    else:
        for s in students:
            print(f"{s.student_id}\t{s.name}\t{s.email}")
        many = "student" if len(students) == 1 else "students"
        print(f"{len(students)} {many} in {groups.name(args.class_name)}")
    return 0


def _assign(desk: Classroom, args: argparse.Namespace) -> int:
    work = assign(desk, args.class_name, args.lesson, due=parse_due(args.due))
    if args.json:
        print_json({**work.to_json(), "link": work.link(args.base)})
    else:
        print(
            f"{work.title}: due {iso(work.due)}; class code {work.code}\n"
            f"link for students: {work.link(args.base)}"
        )
    return 0


def _sessions(desk: Classroom, args: argparse.Namespace) -> int:
    due = {h.session_id: h for h in homework_list(desk)}
    rows = []
    for s in desk.sessions():
        results = desk.results(s.id)
        rows.append(
            {
                **s.to_json(),
                "class": desk.groups.name(s.group) if s.group else "",
                "due": iso(due[s.id].due) if s.id in due else None,
                "rooms": len(results),
                "finished": sum(r["finished"] for r in results),
                "answers": len(desk.attempts(s.id)),
            }
        )
    if args.json:
        print_json(rows)
        return 0
    for r in rows:
        extra = f", due {r['due']}" if r["due"] else ""
        print(
            f"{r['code']}  {r['status']:<6} {r['created']}  {r['title']}{extra}: "
            f"{r['rooms']} rooms ({r['finished']} finished), {r['answers']} answers"
        )
    print(f"{len(rows)} class sessions")
    return 0


ACTIONS: dict[str, Callable[[Classroom, argparse.Namespace], int]] = {
    "export": _export,
    "roster": _roster,
    "assign": _assign,
    "sessions": _sessions,
}


def run_class(args: argparse.Namespace) -> int:
    """Run ``cipherkit class ACTION`` (the arguments :data:`CLASS` parsed)."""
    action = ACTIONS.get(args.class_action)
    if action is None:  # pragma: no cover - argparse allows only these
        raise CipherkitError.say(
            "unknown class action {class_action!r}", class_action=args.class_action
        )
    reads_only = args.class_action in ("export", "sessions") or (
        args.class_action == "roster" and args.roster_action == "list"
    )
    with open_classroom(args.store, create=not reads_only) as desk:
        return action(desk, args)


def _add_class(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--class", dest="class_name", metavar="NAME", required=True,
        help=_("the class (made when first named), e.g. 'Year 9 codes'"),
    )  # fmt: skip


def _configure(parser: argparse.ArgumentParser) -> None:
    actions = parser.add_subparsers(dest="class_action", metavar="ACTION")
    actions.required = True
    export = actions.add_parser(
        "export",
        help=_("write students.csv, rooms.csv and attempts.csv"),
        description=_(
            "Write every class session's results into DIR: one row per student "
            "(students.csv, for a gradebook: every roster student, numbers as numbers, each "
            "game's score, maximum and percentage, a column per exercise), per seat of each "
            "room (rooms.csv, and records/ROOM.json) and per exercise attempt (attempts.csv). "
            "UTF-8 with a BOM, so spreadsheets read accents; the teacher page downloads the "
            "same files."
        ),
    )
    add_store(export)
    export.add_argument(
        "--csv", metavar="DIR", required=True, help=_("folder to write the CSV files in")
    )
    roster = actions.add_parser(
        "roster",
        help=_("a class's roster: import a CSV file, list, remove"),
        description=_(
            "A class's roster of students (id, name, email). Import reads a CSV "
            "file (UTF-8, commas, semicolons or tabs, a header naming id, name and email, or "
            "those three columns in order): a student id already there is updated, each bad "
            "row is named with what is wrong and left out (exit 1), nothing is lost."
        ),
    )
    which = roster.add_subparsers(dest="roster_action", metavar="ROSTER_ACTION")
    which.required = True
    imported = which.add_parser("import", help=_("add or update students from a CSV file"))
    listed = which.add_parser("list", help=_("the class's students"))
    removed = which.add_parser("remove", help=_("take a student off (their results stay)"))
    for sub in (imported, listed, removed):
        add_store(sub)
        _add_class(sub)
    imported.add_argument("file", metavar="FILE", help=_("the roster CSV file"))
    removed.add_argument("student_id", metavar="ID", help=_("the student's id"))
    given = actions.add_parser(
        "assign",
        help=_("set a lesson as homework with a due time"),
        description=_(
            "Set a lesson page as homework for a class: prints the link and the "
            "class code students open it with. Answers from roster students count until the "
            "due time; later ones are counted and marked late."
        ),
    )
    add_store(given)
    _add_class(given)
    given.add_argument("lesson", metavar="LESSON", help=_("a lesson page's name or path"))
    given.add_argument(
        "--due", required=True, metavar="TIME",
        help=_("when it is due: 2026-12-09 18:00 (local time), a date, or 3d / 48h from now"),
    )  # fmt: skip
    given.add_argument(
        "--base", default="http://localhost:8866",
        help=_("the server's address students open (default: %(default)s)"),
    )  # fmt: skip
    listing = actions.add_parser(
        "sessions",
        help=_("every class session, open or ended, with its results"),
        description=_(
            "Every class session (live lessons and homework), newest first, "
            "with its rooms, finished games and answers; `class export` writes them all."
        ),
    )
    add_store(listing)
    for sub in (export, imported, listed, removed, given, listing):
        add_json(sub, N_("print JSON"))


CLASS = Command(
    "class",
    help=N_("a class across a term: roster, homework, sessions, export"),
    description=N_(
        "A class from a room store (docs/classroom.md): its roster, homework, sessions and results."
    ),
    configure=_configure,
    run=run_class,
)
