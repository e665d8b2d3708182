"""The next round: the class's students seated again in new rooms, in one step.

:func:`next_round` takes the session's rooms still open (playing or finished), makes
as many new rooms of the same games (same settings, bots in the same seats), keeps each
student's seat for them (the same seat, or a shuffled one), and closes the old rooms
(their records kept). Students' pages join again with the class code and their name and
land in the seat kept for them.

>>> import tempfile
>>> from cipherkit.classroom import RoomPlan, open_classroom
>>> from cipherkit.classroom.seating import seat_student
>>> desk = open_classroom(f"sqlite:///{tempfile.mkdtemp()}/rooms.db")
>>> s = desk.start_session("Year 9")
>>> first = desk.make_rooms(s.id, RoomPlan("decipher", rooms=2, players=2, people=2))
>>> seated = [seat_student(desk, s.code, n) for n in ("Ada", "Bo", "Cy", "Di")]
>>> kept = next_round(desk, s.id, shuffle=True, seed=4)
>>> sorted(kept), [r["status"] for r in desk.results(s.id)][:2]
(['Ada', 'Bo', 'Cy', 'Di'], ['closed', 'closed'])
>>> again = seat_student(desk, s.code, "Ada")   # the class code works for round two
>>> again.code == kept["Ada"][0] and again.code not in first
True
>>> desk.close()
"""

from __future__ import annotations

import random
import time
from typing import TYPE_CHECKING, Any

from cipherkit.classroom.errors import ClassEnded, ClassError

if TYPE_CHECKING:
    from cipherkit.classroom.classroom import Classroom

__all__ = ["next_round"]


def _people(info: dict[str, Any]) -> list[tuple[int, str]]:
    """The seats of a room people sat in (or that were kept for someone), with names."""
    out = []
    for seat in info["seats"]:
        name = seat.get("name") if seat.get("taken") and not seat.get("bot") else None
        name = name or seat.get("reserved")
        if name:
            out.append((int(seat["seat"]), str(name)))
    return out


def next_round(
    classroom: Classroom, session_id: str, *, shuffle: bool = False, seed: int | None = None
) -> dict[str, tuple[str, int]]:
    """Seat the session's students again in new rooms (see the module docs); returns
    each student's new room code and seat. ``shuffle``: students change seats and
    rooms at random (within the same game), else each keeps their seat and table."""
    session = classroom.session(session_id)
    if not session.is_open:
        raise ClassEnded.say("the class {title} has ended", title=session.title)
    rooms = [i for i in classroom.room_infos(session.id) if i["status"] == "open"]
    if not rooms:
        raise ClassError.say("no rooms to play again: make rooms first")
    plans = dict(
        classroom.db.connection()
        .execute("SELECT room_id, plan FROM class_rooms WHERE session_id = ?", (session.id,))
        .fetchall()
    )
    rng = random.Random(seed)
    kept: dict[str, tuple[str, int]] = {}
    for game in dict.fromkeys(i["game"] for i in rooms):
        olds = [i for i in rooms if i["game"] == game]
        news = [_remake(classroom, session.id, old, str(plans.get(old["id"], ""))) for old in olds]
        slots = [(new, seat) for new, old in zip(news, olds, strict=True) for seat in _open(old)]
        people = [(new, seat, name) for new, old in zip(news, olds, strict=True)
                  for seat, name in _people(old)]  # fmt: skip
        if shuffle:
            names = [name for _, _, name in people]
            rng.shuffle(names)
            chosen = rng.sample(slots, len(names))
            people = [(new, seat, name) for (new, seat), name in zip(chosen, names, strict=True)]
        for new, seat, name in people:
            new.give_seat(seat, name)
            kept[name] = (new.code, seat)
    for old in rooms:
        classroom.close_room(session.id, old["id"])
    return kept


def _open(info: dict[str, Any]) -> list[int]:
    """The seats of a room that are not a bot's."""
    return [int(s["seat"]) for s in info["seats"] if not s.get("bot")]


def _remake(classroom: Classroom, session_id: str, old: dict[str, Any], plan: str) -> Any:
    """A new room like ``old``: its game, settings and bots in the same seats."""
    bots = [int(s["seat"]) for s in old["seats"] if s.get("bot")]
    config = classroom.store.row(old["id"]).config  # the whole config, not the summary
    room = classroom.store.create_room(old["game"], config, bots=bots)
    conn = classroom.db.connection()
    with conn.transaction(write=True):
        conn.execute(
            "INSERT INTO class_rooms (session_id, room_id, plan, created) VALUES (?, ?, ?, ?)",
            (session_id, room.id, plan, time.time()),
        )
    return room
