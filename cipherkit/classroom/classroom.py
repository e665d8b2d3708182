"""The classroom over a room store: class sessions, rooms in bulk, live summaries,
kept records and exercise attempts. Everything lives in the store beside the rooms, so
any server process (and ``cipherkit class export``) sees the same class.
"""

from __future__ import annotations

import json
import secrets
import time
from pathlib import Path
from typing import Any

from cipherkit.classroom.attempts import Attempt, clean_label, clean_question, grid
from cipherkit.classroom.codes import new_class_code, normalize_class_code
from cipherkit.classroom.errors import (
    ClassEnded,
    ClassError,
    TooManyAnswers,
    TooManyStudents,
    UnknownClass,
)
from cipherkit.classroom.groups import ClassGroups, NotOnRoster
from cipherkit.classroom.homework import check_link
from cipherkit.classroom.keys import check_key, clean_key, hash_key
from cipherkit.classroom.lookalike import lookalikes
from cipherkit.classroom.plans import RoomPlan
from cipherkit.classroom.schema import migrate
from cipherkit.classroom.sessions import MAX_TITLE, ClassSession
from cipherkit.classroom.summaries import RoomSummary, outcome_text, summarise
from cipherkit.core.registry import get_game
from cipherkit.i18n import _, pgettext
from cipherkit.rooms import RoomError, Store, clean_name, normalize_code, open_store

__all__ = ["MAX_ATTEMPTS", "MAX_STUDENTS", "Classroom", "open_classroom"]

MAX_STUDENTS = 200
"""The most students (names) whose answers one class session counts: a class of 60
with room to spare, not a flood of made-up names."""

MAX_ATTEMPTS = 500
"""The most answers one student's name may send in one class session (a long lesson of
25 exercises, 20 tries each)."""

_SESSION_COLUMNS = "id, code, title, status, created, ended, class_key, kind"
KEY_SETTING = "teacher_key_sha256"  # the name is older than the scrypt hash it now holds


def open_classroom(url: str | Path | None = None, *, create: bool = True) -> Classroom:
    """The classroom in the room store at ``url`` (see :func:`cipherkit.rooms.open_store`)."""
    return Classroom(open_store(url, create=create))


class Classroom:
    """Class sessions in a room store. Safe to share between threads (as the store).

    Examples
    --------
    >>> import tempfile
    >>> from cipherkit.classroom import RoomPlan, open_classroom
    >>> desk = open_classroom(f"sqlite:///{tempfile.mkdtemp()}/rooms.db")
    >>> desk.set_teacher_key("teacher-key-123")
    >>> desk.check_key("teacher-key-123"), desk.check_key("guess-guess-guess")
    (True, False)
    >>> session = desk.start_session("Year 9")
    >>> codes = desk.make_rooms(session.id, RoomPlan("decipher", rooms=2, players=2, people=2))
    >>> len(codes), [s.free_seats for s in desk.summaries(session.id)]
    (2, [2, 2])
    >>> __ = desk.record_attempt(session.code, "Ada", "01-caesar", "q1", True)
    >>> desk.grid(session.id)["cells"]
    {'Ada': {'01-caesar · q1': {'tries': 1, 'solved': True}}}
    >>> desk.end_session(session.id)
    >>> [r["status"] for r in desk.results(session.id)]
    ['closed', 'closed']
    >>> desk.record_attempt(session.code, "Ada", "01-caesar", "q2", True)
    Traceback (most recent call last):
    ...
    cipherkit.classroom.errors.ClassEnded: the class Year 9 has ended
    >>> desk.close()
    """

    def __init__(self, store: Store) -> None:
        self.store = store
        self.db = store.db
        migrate(self.db.connection())
        self.groups = ClassGroups(self.db)
        """The classes that last a term, and their rosters."""

    def close(self) -> None:
        """Close the store's connection."""
        self.store.close()

    def __enter__(self) -> Classroom:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # ------------------------------------------------------------ the teacher key
    def set_teacher_key(self, key: str) -> None:
        """Keep ``key``'s salted scrypt hash as the teacher key (replacing any earlier),
        in one upsert, so servers starting together on one store never collide."""
        digest = hash_key(clean_key(key))
        conn = self.db.connection()
        with conn.transaction(write=True):
            conn.execute(
                "INSERT INTO class_settings (key, value) VALUES (?, ?) "
                "ON CONFLICT (key) DO UPDATE SET value = excluded.value",
                (KEY_SETTING, digest),
            )

    def has_teacher_key(self) -> bool:
        """Whether the store holds a teacher key yet."""
        row = (
            self.db.connection()
            .execute("SELECT 1 FROM class_settings WHERE key = ?", (KEY_SETTING,))
            .fetchone()
        )
        return row is not None

    def check_key(self, key: object) -> bool:
        """Whether ``key`` is the teacher key (constant-time comparison of hashes)."""
        row = (
            self.db.connection()
            .execute("SELECT value FROM class_settings WHERE key = ?", (KEY_SETTING,))
            .fetchone()
        )
        return check_key(key, None if row is None else str(row[0]))

    # ------------------------------------------------------------ sessions
    def start_session(
        self, title: str = "", *, class_name: str | None = None, kind: str = "live"
    ) -> ClassSession:
        """A new open class session with a fresh class code; ``class_name``: the class
        (term) it belongs to, whose roster then names its students."""
        # a session without a title is named by its date, in the teacher's language
        today = time.strftime(pgettext("strftime", "%d %b %Y"))
        title = " ".join(str(title).split())[:MAX_TITLE] or _("Class of {date}", date=today)
        group = "" if class_name is None else self.groups.ensure(class_name)
        conn = self.db.connection()
        for _attempt in range(16):
            session_id, code = secrets.token_hex(6), new_class_code()
            try:
                with conn.transaction(write=True):
                    conn.execute(
                        f"INSERT INTO class_sessions ({_SESSION_COLUMNS}) VALUES (?,?,?,?,?,?,?,?)",
                        (session_id, code, title, "open", time.time(), None, group, kind),
                    )
            except self.db.integrity_errors:
                continue
            return self.session(session_id)
        raise ClassError.say("could not find a free class code")  # pragma: no cover

    def session(self, id_or_code: str) -> ClassSession:
        """The session with this id or class code (open or ended)."""
        # today's class codes (KVMT-482), or a room-style code of an older session
        code = normalize_class_code(id_or_code) or normalize_code(id_or_code) or ""
        row = (
            self.db.connection()
            .execute(
                f"SELECT {_SESSION_COLUMNS} FROM class_sessions WHERE id = ? OR code = ?",
                (str(id_or_code), code),
            )
            .fetchone()
        )
        if row is None:
            raise UnknownClass.say("no class with code {id_or_code}", id_or_code=id_or_code)
        return ClassSession.of(row)

    def open_session(self, code: str) -> ClassSession:
        """The *open* session with class ``code`` (or this id), else a one-line error."""
        session = self.session(code)
        if not session.is_open:
            raise ClassEnded.say("the class {title} has ended", title=session.title)
        return session

    def sessions(self) -> list[ClassSession]:
        """Every session, newest first."""
        rows = self.db.connection().execute(
            f"SELECT {_SESSION_COLUMNS} FROM class_sessions ORDER BY created DESC, id"
        )
        return [ClassSession.of(r) for r in rows]

    def end_session(self, session_id: str) -> None:
        """Close the session's open rooms (keeping their records) and end it."""
        session = self.session(session_id)
        for room_id in self.room_ids(session.id):
            self.close_room(session.id, room_id)
        conn = self.db.connection()
        with conn.transaction(write=True):
            conn.execute(
                "UPDATE class_sessions SET status = 'ended', ended = ? WHERE id = ?",
                (time.time(), session.id),
            )

    # ------------------------------------------------------------ rooms
    def make_rooms(
        self,
        session_id: str,
        plan: RoomPlan,
        config: dict[str, Any] | None = None,
        *,
        held: bool = False,
    ) -> list[str]:
        """Make ``plan.rooms`` rooms in the open session; return their join codes.

        ``config``: the game's config (default: what the game's spec makes of the plan's
        seat count, as the Play together page does). ``held``: the rooms wait for
        :meth:`start_rooms` (students take their seats, then every game starts at once).
        """
        session = self.open_session(session_id)
        if config is None:
            config = get_game(plan.game).make_room_config(plan.players)
        codes = []
        conn = self.db.connection()
        for _room in range(plan.rooms):
            room = self.store.create_room(plan.game, config, bots=plan.bot_seats(), held=held)
            with conn.transaction(write=True):
                conn.execute(
                    "INSERT INTO class_rooms (session_id, room_id, plan, created) "
                    "VALUES (?, ?, ?, ?)",
                    (session.id, room.id, str(plan), time.time()),
                )
            codes.append(room.code)
        return codes

    def room_ids(self, session_id: str) -> list[str]:
        """The session's rooms, in the order they were made."""
        rows = self.db.connection().execute(
            "SELECT room_id FROM class_rooms WHERE session_id = ? ORDER BY created, room_id",
            (session_id,),
        )
        return [str(r[0]) for r in rows]

    def _check_room(self, session_id: str, room_id: str) -> str:
        room = self.store.room(room_id)
        if room.id not in self.room_ids(session_id):
            raise ClassError.say("room {room_id} is not one of this class's rooms", room_id=room_id)
        return room.id

    def close_room(self, session_id: str, room_id: str) -> None:
        """Close one of the session's rooms, keeping its record."""
        room_id = self._check_room(session_id, room_id)
        room = self.store.room(room_id)
        if room.info()["status"] == "open":
            room.close()
        self.keep_record(session_id, room_id)

    def start_rooms(self, session_id: str) -> int:
        """Start every held room of the open session at once; how many started."""
        session = self.open_session(session_id)
        started = 0
        for info in self.room_infos(session.id):
            if info["status"] == "open" and info.get("held"):
                self.store.room(info["id"]).start()
                started += 1
        return started

    def give_seat(self, session_id: str, room_id: str, seat: int) -> str:
        """Keep a student's seat for their new device: their old page stops working
        (and says so); they join again with the class code and the same name."""
        room = self.store.room(self._check_room(session_id, room_id))
        held = [s for s in room.info()["seats"] if s["seat"] == seat and s["taken"]]
        if not held or held[0]["bot"] or not held[0]["name"]:
            raise ClassError.say("nobody sits there")
        room.give_seat(int(seat), str(held[0]["name"]))
        return str(held[0]["name"])

    def remove_student(
        self, session_id: str, room_id: str, seat: int, *, bot: bool | None = None
    ) -> str:
        """Take a student out of one of the class's rooms. A bot takes the seat at once
        (``bot``; default: the class's setting, on unless the teacher turned it off) so
        the game goes on; else the seat is free for anyone. Their moves stay in the
        room's record and the results."""
        session = self.session(session_id)
        room = self.store.room(self._check_room(session.id, room_id))
        name = room.remove(int(seat))
        if name is None:
            raise ClassError.say("nobody sits there")
        self._departed(session.id, room.id, int(seat), name, "removed")
        replace = self.groups.bots_replace(session.group) if bot is None else bot
        if replace and room.info()["status"] == "open":
            room.fill_with_bots(only=[int(seat)])
        return name

    def move_student(
        self, session_id: str, room_id: str, seat: int, to_room: str, to_seat: int | None = None
    ) -> tuple[str, int]:
        """Move a student, mid-game or not, to a free seat (``to_seat``, else the first)
        of one of the class's open rooms (the same one too): the new seat waits for them
        and their page takes them there; a bot takes the old seat as on removal. Returns
        the new room's code and seat."""
        session = self.open_session(session_id)
        source = self.store.room(self._check_room(session.id, room_id))
        target = self.store.room(self._check_room(session.id, to_room))
        held = [s for s in source.info()["seats"] if s["seat"] == seat and s["taken"]]
        if not held or held[0]["bot"] or not held[0]["name"]:
            raise ClassError.say("nobody sits there")
        info = target.info()
        free = [
            s["seat"]
            for s in info["seats"]
            if not s["taken"] and not s.get("bot") and not s.get("reserved")
            and not (target.id == source.id and s["seat"] == seat)
        ]  # fmt: skip
        if info["status"] != "open" or info["over"] or not free:
            raise ClassError.say("room {info} has no free seat", info=info["code"])
        chosen = free[0] if to_seat is None else int(to_seat)
        if chosen not in free:
            raise ClassError.say(
                "seat {value} of room {info} is not free", value=chosen + 1, info=info["code"]
            )
        name = str(held[0]["name"])
        self.store.give_away(target.id, chosen, reserve=name)
        self.store.give_away(source.id, int(seat), reason="switched")
        self._departed(session.id, source.id, int(seat), name, "moved")
        if self.groups.bots_replace(session.group) and source.info()["status"] == "open":
            source.fill_with_bots(only=[int(seat)])
        return str(info["code"]), chosen

    def _departed(self, session_id: str, room_id: str, seat: int, name: str, why: str) -> None:
        """Note that ``name`` left ``seat`` mid-game: the game stays in their results."""
        conn = self.db.connection()
        with conn.transaction(write=True):
            conn.execute(
                "INSERT INTO class_departures (session_id, room_id, seat, name, reason, at) "
                "VALUES (?, ?, ?, ?, ?, ?)",
                (session_id, room_id, seat, name, why, time.time()),
            )

    def departures(self, session_id: str) -> list[dict[str, Any]]:
        """Who left a seat of the session mid-game (moved or removed), oldest first:
        ``room`` (its id), ``seat``, ``name``, ``reason``, ``at``."""
        rows = self.db.connection().execute(
            "SELECT room_id, seat, name, reason, at FROM class_departures "
            "WHERE session_id = ? ORDER BY at",
            (session_id,),
        )
        keys = ("room", "seat", "name", "reason", "at")
        return [
            dict(zip(keys, (str(r[0]), int(r[1]), str(r[2]), str(r[3]), float(r[4])), strict=True))
            for r in rows
        ]

    def rename_student(self, session_id: str, room_id: str, seat: int, name: str) -> str:
        """Give a seated student another name (in the room, and on the class's roster if
        they are on it); returns the new name."""
        session = self.session(session_id)
        room = self.store.room(self._check_room(session.id, room_id))
        new = clean_name(name)
        held = [s for s in room.info()["seats"] if s["seat"] == seat and s["taken"]]
        if not held or held[0]["bot"] or not held[0]["name"]:
            raise ClassError.say("nobody sits there")
        before = str(held[0]["name"])
        if session.group and self.groups.roster(session.group):
            try:
                found = self.groups.resolve(session.group, before)
            except NotOnRoster:  # seated before the roster had them: the room only
                found = None
            if found is not None:  # refused if it looks like another student's name
                self.groups.rename(session.group, found.student_id, new)
        else:
            twin = lookalikes(new, [n for n in self._names_in(session.id) if n != before])
            if twin is not None:
                raise ClassError.say(
                    "{new!r} looks like {twin!r}, already in this class", new=new, twin=twin
                )
        old = room.rename(int(seat), new)
        if old is None:
            raise ClassError.say("nobody sits there")
        conn = self.db.connection()
        with conn.transaction(write=True):  # the session's records follow the new name
            for table in ("class_departures", "class_attempts"):
                column = "name" if table == "class_departures" else "student"
                conn.execute(
                    f"UPDATE {table} SET {column} = ? WHERE session_id = ? AND {column} = ?",
                    (new, session.id, old),
                )
        return new

    def fill_with_bots(self, session_id: str, room_id: str | None = None) -> int:
        """Bots take the free seats of one of the open session's rooms (``room_id``), or
        of all its open rooms (``None``): for a class where fewer students came than
        seats. Each game's :func:`~cipherkit.rooms.default_bot` plays; the bots move at
        once (:meth:`cipherkit.rooms.Room.fill_with_bots`). Returns how many seats bots
        took."""
        session = self.open_session(session_id)
        ids = (
            self.room_ids(session.id)
            if room_id is None
            else [self._check_room(session.id, room_id)]
        )
        given = 0
        for one in ids:
            room = self.store.room(one)
            if room.info()["status"] == "open":
                given += len(room.fill_with_bots())
        return given

    def keep_record(self, session_id: str, room_id: str) -> None:
        """Save the room's record (JSON, with its players) in ``class_records``."""
        room = self.store.room(room_id)
        info = room.info()
        record = room.record()
        conn = self.db.connection()
        with conn.transaction(write=True):
            conn.execute("DELETE FROM class_records WHERE room_id = ?", (room_id,))
            conn.execute(
                "INSERT INTO class_records (room_id, session_id, game, record, outcome, "
                "players, saved) VALUES (?, ?, ?, ?, ?, ?, ?)",
                (
                    room_id,
                    session_id,
                    info["game"],
                    json.dumps(record.to_json()),
                    None if info["outcome"] is None else json.dumps(info["outcome"]),
                    json.dumps([s["name"] for s in info["seats"]]),
                    time.time(),
                ),
            )

    def record_json(self, room_id: str) -> dict[str, Any]:
        """A kept room record (JSON: opens in :class:`cipherkit.widgets.Replay`)."""
        row = (
            self.db.connection()
            .execute("SELECT record FROM class_records WHERE room_id = ?", (room_id,))
            .fetchone()
        )
        if row is None:
            raise ClassError.say("no kept record for room {room_id}", room_id=room_id)
        data: dict[str, Any] = json.loads(row[0])
        return data

    def _kept(self, session_id: str) -> dict[str, tuple[bool, float]]:
        rows = self.db.connection().execute(
            "SELECT room_id, outcome, saved FROM class_records WHERE session_id = ?",
            (session_id,),
        )
        return {str(r[0]): (r[1] is not None, float(r[2])) for r in rows}

    def summaries(self, session_id: str) -> list[RoomSummary]:
        """The live summary of every room of the session; a room that has just finished
        gets its record kept."""
        kept = self._kept(session_id)
        out = []
        for room_id in self.room_ids(session_id):
            try:
                info = self.store.room(room_id).info()
                view = None
                if info["status"] == "open":
                    view = self.store.spectate(info["code"]).observe()
            except RoomError:
                continue
            if info["over"] and not kept.get(room_id, (False, 0.0))[0]:
                self.keep_record(session_id, room_id)
            out.append(summarise(info, view))
        return out

    def activity(self, session_id: str) -> tuple[Any, ...]:
        """A cheap fingerprint of everything the teacher's page shows of the session:
        it changes when a room's game moves, a student sits down or leaves, a room
        starts or closes, or an answer is counted (two one-row-per-room reads)."""
        conn = self.db.connection()
        rooms = conn.execute(
            "SELECT r.id, r.version, r.stamp, r.status FROM rooms r "
            "JOIN class_rooms c ON c.room_id = r.id WHERE c.session_id = ? ORDER BY r.id",
            (session_id,),
        ).fetchall()
        answers = conn.execute(
            "SELECT COUNT(*) FROM class_attempts WHERE session_id = ?", (session_id,)
        ).fetchone()
        return (tuple(tuple(r) for r in rooms), int(answers[0]))

    def room_infos(self, session_id: str) -> list[dict[str, Any]]:
        """Each of the session's rooms' public facts (:meth:`cipherkit.rooms.Room.info`),
        in the order they were made; a finished room's record is kept now if not yet."""
        kept = self._kept(session_id)
        out = []
        for room_id in self.room_ids(session_id):
            try:
                info = self.store.room(room_id).info()
            except RoomError:
                continue
            if info["over"] and room_id not in kept:
                self.keep_record(session_id, room_id)
                kept[room_id] = (True, time.time())
            out.append({**info, "record_kept": room_id in kept})
        return out

    def results(self, session_id: str) -> list[dict[str, Any]]:
        """Each room's result: code, game, players, status, finished, result text,
        whether its record is kept (a finished room's record is kept now if not yet)."""
        out = []
        for info in self.room_infos(session_id):
            names = [s["name"] or _("seat {n}", n=s["seat"] + 1) for s in info["seats"]]
            out.append(
                {
                    "room": info["id"],
                    "code": info["code"],
                    "game": info["game"],
                    "players": names,
                    "status": info["status"],
                    "finished": bool(info["over"]),
                    "actions": int(info["version"]),
                    "result": outcome_text(info["outcome"], names) or _("not finished"),
                    "record_kept": info["record_kept"],
                }
            )
        return out

    # ------------------------------------------------------------ exercises
    def record_attempt(
        self,
        class_code: str,
        student: str,
        lesson: str,
        exercise: str,
        correct: bool,
        *,
        exercise_id: str = "",
        question: str = "",
        homework: str = "",
    ) -> Attempt:
        """Count one checked answer in the open class with ``class_code``; ``exercise``
        is the grid's short label, ``exercise_id`` and ``question`` (the whole text) go
        to the export. A homework session counts only answers sent with its link's
        ``homework`` token, from students on its class's roster; after the due time
        they are marked late."""
        session = self.open_session(class_code)
        late = False
        if session.kind == "homework":
            late = check_link(self, session, homework)
        name, student_id = self.student_name(session, student)
        attempt = Attempt(
            session.id,
            name,
            clean_label(lesson, "lesson"),
            clean_label(exercise, "exercise"),
            bool(correct),
            time.time(),
            clean_label(exercise_id, "exercise") if exercise_id else "",
            clean_question(question),
            late,
            student_id,
        )
        conn = self.db.connection()
        with conn.transaction(write=True):
            self._check_caps(conn, session, attempt.student)
            conn.execute(
                "INSERT INTO class_attempts (id, session_id, student, lesson, exercise, "
                "correct, at, exercise_id, question, late, student_id) "
                "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (
                    secrets.token_hex(8),
                    session.id,
                    attempt.student,
                    attempt.lesson,
                    attempt.exercise,
                    int(attempt.correct),
                    attempt.at,
                    attempt.exercise_id,
                    attempt.question,
                    int(attempt.late),
                    attempt.student_id,
                ),
            )
        return attempt

    def student_name(self, session: ClassSession, typed: object) -> tuple[str, str]:
        """The name (and roster id) a typed or picked name stands for in ``session``: the
        roster's spelling when its class has a roster (a name not on it is refused);
        else the name, refused if it only looks like another student's of the session."""
        name = clean_name(typed)
        if session.group and self.groups.roster(session.group):
            found = self.groups.resolve(session.group, name)
            return found.name, found.student_id
        known = (
            self.db.connection()
            .execute(
                "SELECT 1 FROM class_attempts WHERE session_id = ? AND student = ? LIMIT 1",
                (session.id, name),
            )
            .fetchone()
        )
        if known is not None:  # answered before under this very name: checked then
            return name, ""
        twin = lookalikes(name, self._names_in(session.id))
        if twin is not None:
            raise ClassError.say(
                "{name!r} looks like {twin!r}, already in this class: type "
                "your name as before, or add an initial",
                name=name,
                twin=twin,
            )
        return name, ""

    def _names_in(self, session_id: str) -> list[str]:
        rows = self.db.connection().execute(
            "SELECT DISTINCT student FROM class_attempts WHERE session_id = ?", (session_id,)
        )
        names = [str(r[0]) for r in rows]
        for info in self.room_infos(session_id):
            names += [str(s["name"]) for s in info["seats"] if s.get("name") and not s.get("bot")]
        return names

    @staticmethod
    def _check_caps(conn: Any, session: ClassSession, student: str) -> None:
        """Refuse an answer past :data:`MAX_ATTEMPTS` for the student, or from a new
        student past :data:`MAX_STUDENTS` (inside the write transaction)."""
        if conn.dialect == "postgresql":  # one answer at a time per session: counts hold
            conn.execute("SELECT id FROM class_sessions WHERE id = ? FOR UPDATE", (session.id,))
        mine = conn.execute(
            "SELECT COUNT(*) FROM class_attempts WHERE session_id = ? AND student = ?",
            (session.id, student),
        ).fetchone()[0]
        if int(mine) >= MAX_ATTEMPTS:
            raise TooManyAnswers.say(
                "{student} has sent {max_attempts} answers in this class, the most "
                "one student may: the next ones are not counted",
                student=student,
                max_attempts=MAX_ATTEMPTS,
            )
        if int(mine) == 0:
            students = conn.execute(
                "SELECT COUNT(DISTINCT student) FROM class_attempts WHERE session_id = ?",
                (session.id,),
            ).fetchone()[0]
            if int(students) >= MAX_STUDENTS:
                raise TooManyStudents.say(
                    "this class already counts the answers of {max_students} "
                    "students, the most it may: ask your teacher",
                    max_students=MAX_STUDENTS,
                )

    def attempts(self, session_id: str) -> list[Attempt]:
        """The session's attempts, oldest first."""
        rows = self.db.connection().execute(
            "SELECT session_id, student, lesson, exercise, correct, at, exercise_id, question, "
            "late, student_id FROM class_attempts WHERE session_id = ? ORDER BY at, id",
            (session_id,),
        )
        return [
            Attempt(
                str(r[0]),
                str(r[1]),
                str(r[2]),
                str(r[3]),
                bool(r[4]),
                float(r[5]),
                str(r[6] or ""),
                str(r[7] or ""),
                bool(r[8]),
                str(r[9] or ""),
            )
            for r in rows
        ]

    def grid(self, session_id: str) -> dict[str, Any]:
        """The student × exercise grid (:func:`cipherkit.classroom.attempts.grid`)."""
        return grid(self.attempts(session_id))
