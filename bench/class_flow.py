"""A lesson's classroom edges: seating by class code, the teacher's live table, the export.

A class of ``--students`` (30) joins through the *Play together* lobby with the class code
and a name, as their pages do (``Lobby.handle_message``), into Decipher pairs the teacher
made and then starts. The teacher's live desk (``TeacherDesk``, its full redraw set to a
minute so only its change detection counts) watches while students move; each move's
time until the desk's view shows it is measured. Then every student answers ten exercise
attempts and the gradebook export (students, rooms, attempts) is timed.

Prints one JSON object: ``seat_ms`` (class code to seated, p50/p95/max),
``teacher_update_ms`` (a move to the teacher's view, p50/p95/max), ``export_ms`` and the
counts. On an SQLite store in a temporary folder.

    python bench/class_flow.py [--students 30] [--moves 40]
"""

from __future__ import annotations

import argparse
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


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--students", type=int, default=30, help="students in the class (30)")
    parser.add_argument("--moves", type=int, default=40, help="moves timed to the desk (40)")
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
            },
            indent=2,
        )
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
