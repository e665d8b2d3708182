"""A lesson's classroom edges: seating by class code, the teacher's live table, the export.

A class of ``--students`` (30) joins through the *Play together* lobby with the class code
and a name, as their pages do (``Lobby.handle_message``), into Decipher pairs the teacher
made and then starts. The teacher's live desk (``TeacherDesk``, its full redraw set to a
minute so only its change detection counts) watches while students move; each move's
time until the desk's view shows it is measured. Then every student answers ten exercise
attempts and the gradebook export (students, rooms, attempts) is timed.

Then a class across a term (issue #46), in a store of its own: a roster file of
``--roster`` (30) students, with ids, names in several scripts and emails, imported
(``ClassGroups.import_text``); the students seated by the class code in Decipher pairs of
the class, the rooms started, the next round made (``next_round``, each keeping their
seat) and every student seated again by the class code in the seat kept for them
(``seat_student``); then each student answers ``--exercises`` (10) exercises, a third of
them wrong first, and the session's export (``export_texts``) is timed.

Prints one JSON object: ``seat_ms`` (class code to seated, p50/p95/max),
``teacher_update_ms`` (a move to the teacher's view, p50/p95/max), ``export_ms`` and the
counts; and ``term``: ``roster_import_ms``, ``next_round_ms``, ``reseat_ms`` (from the
next round made until every student sits again), ``export_ms`` (students.csv keyed by
the roster, a column per exercise) and their counts. On SQLite stores in a temporary
folder.

    python bench/class_flow.py [--students 30] [--moves 40] [--roster 30] [--exercises 10]
"""

from __future__ import annotations

import argparse
import csv
import json
import logging
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
KEY = "bench-teacher-key-0001"
CLASS = "Bench term"
NAMES = [
    # Latin, with accents
    "Ada Lovelace", "Chloé Dubois", "Łukasz Nowak", "Zoë Brontë", "Iñaki Etxeberria",
    "Nguyễn Thị Lan", "Ömer Yılmaz", "Søren Holm", "Bo Chen",
    # Cyrillic, Greek, Arabic, Hebrew, Armenian, Georgian
    "Пётр Иванов", "Анна Смирнова", "Олена Коваль", "Дмитрий Орлов",
    "Ελένη Παππά", "Νίκος Γεωργίου", "ليلى حداد", "عمر الفاروق", "נועה כהן",
    "Արամ Պետրոսյան", "ნინო ბერიძე",
    # Devanagari, Bengali, Thai, Chinese, Japanese, Korean
    "अनन्या शर्मा", "रोहन गुप्ता", "প্রিয়া দাস", "สมชาย ใจดี",
    "王芳", "李伟", "佐藤花子", "鈴木一郎", "김민준", "이서연",
]  # fmt: skip


def summary(values: list[float]) -> dict[str, float]:
    """p50, p95 and max of milliseconds."""
    ordered = sorted(values)
    return {
        "p50": round(statistics.median(ordered), 1),
        "p95": round(ordered[max(0, round(0.95 * len(ordered)) - 1)], 1),
        "max": round(ordered[-1], 1),
    }


def wait_for(test: Any, limit: float = 10.0) -> float:
    """Seconds until ``test()`` holds (polled every millisecond)."""
    started = time.perf_counter()
    while not test():
        if time.perf_counter() - started > limit:
            raise SystemExit("the teacher's view did not show the change in 10 s")
        time.sleep(0.001)
    return time.perf_counter() - started


def roster_csv(count: int) -> tuple[str, list[str]]:
    """A roster file as a school system writes one (BOM, semicolons, a header naming
    its columns) for ``count`` students, and their names."""
    names = [
        NAMES[n % len(NAMES)] + ("" if n < len(NAMES) else f" {n // len(NAMES) + 1}")
        for n in range(count)
    ]
    rows = [f"S-{n + 1:03d};{name};s{n + 1:03d}@school.example" for n, name in enumerate(names)]
    return "\ufeffStudent ID;Full name;Email\n" + "\n".join(rows) + "\n", names


def term(url: str, count: int, exercises: int) -> dict[str, Any]:
    """A class across a term on the store at ``url``: the roster imported, the next
    round and everyone seated again, the export of a session's answers (milliseconds)."""
    from cipherkit.classroom import RoomPlan, open_classroom
    from cipherkit.classroom.export import export_texts
    from cipherkit.classroom.rounds import next_round
    from cipherkit.classroom.seating import seat_student

    with open_classroom(url) as desk:
        text, names = roster_csv(count)
        started = time.perf_counter()
        report = desk.groups.import_text(CLASS, text)
        roster_ms = (time.perf_counter() - started) * 1000
        if report.problems or report.added != count:
            raise SystemExit(f"the roster was not imported: {report}")
        roster = desk.groups.roster(CLASS)

        session = desk.start_session("Bench term: lesson 1", class_name=CLASS)
        pairs = (count + 1) // 2
        desk.make_rooms(session.id, RoomPlan("decipher", rooms=pairs, players=2, people=2))
        for name in names:
            seat_student(desk, session.code, name)
        desk.start_rooms(session.id)

        started = time.perf_counter()
        kept = next_round(desk, session.id)
        round_ms = (time.perf_counter() - started) * 1000
        if sorted(kept) != sorted(names):
            raise SystemExit(f"the next round kept {len(kept)} seats, not {count}")
        started = time.perf_counter()
        for name in names:
            seat = seat_student(desk, session.code, name)
            if (seat.code, seat.seat) != kept[name]:
                raise SystemExit(f"{name} sat at {seat.code} {seat.seat}, not {kept[name]}")
        reseat_ms = (time.perf_counter() - started) * 1000

        for n, name in enumerate(names):
            for q in range(exercises):
                if (n + q) % 3 == 0:  # a third of the answers are wrong first
                    desk.record_attempt(session.code, name, "01-caesar", f"Ex {q + 1}", False)
                desk.record_attempt(session.code, name, "01-caesar", f"Ex {q + 1}", True)
        started = time.perf_counter()
        texts = export_texts(desk, session.id)
        export_ms = (time.perf_counter() - started) * 1000
        lines = texts["students.csv"].removeprefix("\ufeff").splitlines()
        columns = next(csv.reader(lines[:1]))
        rows = list(csv.DictReader(lines))
        if [r["student_id"] for r in rows] != [s.student_id for s in roster]:
            raise SystemExit("students.csv is not keyed by the roster")
        return {
            "roster_students": len(roster),
            "rooms": pairs,
            "seats_kept": len(kept),
            "exercises": sum(c.endswith(" solved") for c in columns),
            "attempts": len(desk.attempts(session.id)),
            "roster_import_ms": round(roster_ms, 1),
            "next_round_ms": round(round_ms, 1),
            "reseat_ms": round(reseat_ms, 1),
            "export_ms": round(export_ms, 1),
            "export_students_rows": len(rows),
        }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--students", type=int, default=30, help="students in the class (30)")
    parser.add_argument("--moves", type=int, default=40, help="moves timed to the desk (40)")
    parser.add_argument("--roster", type=int, default=30, help="students on the roster (30)")
    parser.add_argument(
        "--exercises", type=int, default=10, help="exercises each roster student answers (10)"
    )
    args = parser.parse_args(argv)
    sys.path.insert(0, str(ROOT))
    from cipherkit.classroom import open_classroom
    from cipherkit.classroom.export import export_texts
    from cipherkit.widgets.lobby import Lobby
    from cipherkit.widgets.teacher import TeacherDesk

    with tempfile.TemporaryDirectory() as folder:
        desk = open_classroom(f"sqlite:///{folder}/rooms.db")
        desk.set_teacher_key(KEY)
        teacher = TeacherDesk(classroom=desk, refresh=60)
        teacher.handle_message({"type": "unlock", "key": KEY})
        teacher.handle_message({"type": "start", "title": "Bench class"})
        pairs = (args.students + 1) // 2
        teacher.handle_message(
            {"type": "make", "game": "decipher", "rooms": pairs, "players": 2, "people": 2}
        )
        code = teacher.view["session"]["code"]

        seat_ms, lobbies = [], []
        for n in range(args.students):
            lobby = Lobby(store=desk.store)
            started = time.perf_counter()
            lobby.handle_message({"type": "join", "code": code.lower(), "name": f"Student {n}"})
            seat_ms.append((time.perf_counter() - started) * 1000)
            if lobby.view.get("stage") != "seated":
                raise SystemExit(f"student {n} was not seated: {lobby.message}")
            lobbies.append(lobby)
        teacher.handle_message({"type": "start_rooms"})

        update_ms: list[float] = []
        handles = [lobby.handle for lobby in lobbies]
        for n in range(args.moves):
            movers = [h for h in handles if h.legal_actions()]
            if not movers:
                break
            mover = movers[n % len(movers)]
            version = mover.act(mover.legal_actions()[0])

            def shown(room: str = mover.code, at: int = version) -> bool:
                rows = teacher.view.get("rooms", [])
                return any(r["code"] == room and r["version"] >= at for r in rows)

            update_ms.append(wait_for(shown) * 1000)

        session_id = desk.session(code).id
        for n in range(args.students):
            for q in range(10):
                desk.record_attempt(code, f"Student {n}", "01-caesar", f"q{q}", q % 3 == 0)
        started = time.perf_counter()
        texts = export_texts(desk, session_id)
        export_ms = (time.perf_counter() - started) * 1000
        rows = len(texts["students.csv"].splitlines()) - 1

        logging.disable(logging.WARNING)  # the tables' live threads see the store close
        for lobby in lobbies:
            lobby.close()
        teacher.close()
        desk.close()
        figures = term(f"sqlite:///{folder}/term.db", args.roster, args.exercises)
    print(
        json.dumps(
            {
                "students": args.students,
                "rooms": pairs,
                "seat_ms": summary(seat_ms),
                "teacher_update_ms": summary(update_ms),
                "moves_timed": len(update_ms),
                "export_ms": round(export_ms, 1),
                "export_students_rows": rows,
                "term": figures,
            },
            indent=2,
        )
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
