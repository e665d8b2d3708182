"""The classroom over a real store, SQLite and PostgreSQL: key, sessions, rooms in bulk,
live summaries, kept records, attempts, the grid and the CSV export."""

from __future__ import annotations

import csv
import hashlib
import json
import subprocess
import sys
from pathlib import Path

import pytest

from cipherkit.classroom import ClassEnded, RoomPlan, UnknownClass, open_classroom
from cipherkit.classroom.export import export_csv
from cipherkit.classroom.keys import check_key, hash_key
from cipherkit.core.record import Record
from cipherkit.rooms import open_store


def play_out(store_url: str, code: str, names: list[str]) -> None:
    """People join room ``code`` and play their first legal action until it ends."""
    store = open_store(store_url)
    seats = [store.join(code, name) for name in names]
    for _ in range(500):
        if store.room(code).info()["over"]:
            break
        for seat in seats:
            legal = seat.legal_actions()
            if legal:
                seat.act(legal[0])
                break
    store.close()


def test_teacher_key_is_stored_hashed(store_url: str) -> None:
    with open_classroom(store_url) as desk:
        desk.set_teacher_key("the-teacher-key-1")
        assert desk.check_key("the-teacher-key-1")
        assert not desk.check_key("the-teacher-key-2")
        assert not desk.check_key(None)
        rows = desk.db.connection().execute("SELECT key, value FROM class_settings").fetchall()
    ((setting, value),) = rows
    assert setting == "teacher_key_sha256" and value.startswith("scrypt$16384$8$1$")
    assert check_key("the-teacher-key-1", value) and not check_key("the-teacher-key-2", value)
    # salted: the same key hashes differently each time, so equal keys do not show
    assert hash_key("the-teacher-key-1") != value
    # a hash kept by an older cipherkit (plain SHA-256) still opens the page
    assert check_key("old-key-123456", hashlib.sha256(b"old-key-123456").hexdigest())
    assert "the-teacher-key-1" not in json.dumps(rows)


def test_session_rooms_summaries_and_results(store_url: str) -> None:
    desk = open_classroom(store_url)
    session = desk.start_session("Year 9 codes")
    assert desk.open_session(session.code.lower().replace("-", " ")).id == session.id
    codes = desk.make_rooms(session.id, RoomPlan.parse("2 decipher pairs"))
    intercept = desk.make_rooms(session.id, RoomPlan("intercept", rooms=1, players=4, people=2))
    summaries = desk.summaries(session.id)
    assert [s.code for s in summaries] == codes + intercept
    assert summaries[0].progress == "turn 1" and summaries[0].free_seats == 2
    assert summaries[2].progress == "round 1" and summaries[2].free_seats == 2
    assert "white" in summaries[2].score

    play_out(store_url, codes[0], ["Ada", "Bo"])
    first = desk.summaries(session.id)[0]
    assert first.over and ("won" in first.result or "draw" in first.result)
    assert [p[0] for p in first.people] == ["Ada", "Bo"]
    record = Record.from_json(desk.record_json(first.id))  # kept as soon as it finished
    assert record.replay().outcome is not None

    desk.close_room(session.id, codes[1])
    results = desk.results(session.id)
    assert [r["status"] for r in results] == ["open", "closed", "open"]
    assert results[0]["finished"] and results[0]["record_kept"]
    desk.end_session(session.id)
    assert {r["status"] for r in desk.results(session.id)} == {"closed"}
    with pytest.raises(ClassEnded):
        desk.make_rooms(session.id, RoomPlan.parse("1 decipher pair"))
    desk.close()


def test_attempts_grid_and_export(store_url: str, tmp_path: Path) -> None:
    desk = open_classroom(store_url)
    session = desk.start_session("Lesson day")
    with pytest.raises(UnknownClass):
        desk.record_attempt("TIGER-00000-MOSS", "Ada", "01", "q1", True)
    desk.record_attempt(session.code, "Ada", "01-caesar", "q1", False)
    desk.record_attempt(session.code, "Ada", "01-caesar", "q1", True)
    desk.record_attempt(session.code, "=cmd()", "01-caesar", "q2", False)
    grid = desk.grid(session.id)
    assert grid["cells"]["Ada"]["01-caesar · q1"] == {"tries": 2, "solved": True}
    codes = desk.make_rooms(session.id, RoomPlan.parse("1 decipher pair"))
    play_out(store_url, codes[0], ["Cy", "Di"])
    desk.close()

    out = tmp_path / "csv"
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "cipherkit.cli",
            "class",
            "export",
            "--store",
            store_url,
            "--csv",
            str(out),
        ],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert "3 attempts" in done.stdout
    attempts = list(csv.DictReader((out / "attempts.csv").open(encoding="utf-8-sig")))
    assert [(a["student"], a["exercise"], a["correct"]) for a in attempts] == [
        ("Ada", "q1", "no"),
        ("Ada", "q1", "yes"),
        ("'=cmd()", "q2", "no"),
    ]
    rooms = list(csv.DictReader((out / "rooms.csv").open(encoding="utf-8-sig")))
    assert rooms[0]["room_code"] == codes[0] and rooms[0]["players"] == "Cy / Di"
    assert rooms[0]["finished"] == "yes"
    assert Record.from_json(json.loads((out / "records" / f"{codes[0]}.json").read_text()))


def test_export_needs_a_store(tmp_path: Path) -> None:
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "cipherkit.cli",
            "class",
            "export",
            "--store",
            f"sqlite:///{tmp_path}/none.db",
            "--csv",
            str(tmp_path / "o"),
        ],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 1
    assert (
        done.stderr.startswith("cipherkit: error: no room store at")
        and "Traceback" not in done.stderr
    )


def test_export_to_a_fresh_classroom_writes_headers(sqlite_url: str, tmp_path: Path) -> None:
    with open_classroom(sqlite_url) as desk:
        paths = export_csv(desk, tmp_path / "x")
    texts = [p.read_text(encoding="utf-8") for p in paths]
    firsts = [t.splitlines()[0].split(",")[0] for t in texts]
    assert firsts == ["\ufeffclass_code", "\ufeffclass_code", "\ufeffstudent_id"]


def test_export_files_are_the_owners_only_as_the_store_is(sqlite_url: str, tmp_path: Path) -> None:
    """Names and grades: 0600 files in a 0700 folder, even over a file another left 0644."""
    (tmp_path / "x").mkdir(mode=0o755)
    (tmp_path / "x" / "students.csv").write_text("old")
    (tmp_path / "x" / "students.csv").chmod(0o644)
    with open_classroom(sqlite_url) as desk:
        session = desk.start_session("Year 9")
        desk.record_attempt(session.code, "Ada", "01-caesar", "q1", True)
        paths = export_csv(desk, tmp_path / "x" / "new")
        paths += export_csv(desk, tmp_path / "x")
    assert len(paths) == 6
    for path in paths:
        assert path.stat().st_mode & 0o777 == 0o600, path
    assert (tmp_path / "x" / "new").stat().st_mode & 0o777 == 0o700
    assert "Ada" in (tmp_path / "x" / "students.csv").read_text(encoding="utf-8-sig")
