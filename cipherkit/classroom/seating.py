"""Seat a student by the class code: the class's rooms fill one at a time, teams even.

Design notes: ``docs/classroom.md``, ``cipherkit.classroom.seating``.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from cipherkit.classroom.errors import ClassError
from cipherkit.rooms import RoomError, clean_name

if TYPE_CHECKING:
    from cipherkit.classroom.classroom import Classroom
    from cipherkit.rooms import SeatHandle

__all__ = ["choose_seat", "kept_seat", "seat_student"]

_TRIES = 5


def _same(a: object, b: str) -> bool:
    return isinstance(a, str) and a.casefold() == b.casefold()


def choose_seat(rooms: Sequence[Mapping[str, Any]], name: str) -> tuple[str, str | None] | None:
    """The room code (and team, in a team game) where ``name`` should sit, from the
    class's rooms' infos in the order they were made; ``None`` when every room is full.

    >>> free = {"seat": 1, "name": None, "bot": None, "taken": False}
    >>> room = {"code": "R1", "status": "open", "over": False,
    ...         "seats": [{"seat": 0, "name": "Ada", "bot": None, "taken": True}, free]}
    >>> choose_seat([room], "Bo")
    ('R1', None)
    """
    for room in rooms:  # a finished or closed room's seat does not hold a name back
        if room.get("status") != "open" or room.get("over"):
            continue
        for seat in room["seats"]:
            if seat.get("taken") and not seat.get("bot") and _same(seat.get("name"), name):
                raise ClassError.say(
                    "{name} already has a seat in this class: on a new device, "
                    "ask your teacher to give your seat to it",
                    name=name,
                )
    best: tuple[int, int, str, str | None] | None = None
    for order, room in enumerate(rooms):
        if room.get("status") != "open" or room.get("over"):
            continue
        seats = room["seats"]
        kept = [s for s in seats if not s.get("taken") and _same(s.get("reserved"), name)]
        if kept:  # the teacher kept this seat for them (a new device): theirs first
            return str(room["code"]), kept[0].get("team")
        free = [s for s in seats if not s.get("taken") and not s.get("reserved")]
        if not free:
            continue
        team: str | None = None
        teams = Counter(s.get("team") for s in seats if s.get("taken") and s.get("team"))
        free_teams = [s["team"] for s in free if s.get("team")]
        if free_teams:
            team = min(free_teams, key=lambda t: (teams[t], free_teams.index(t)))
        key = (len(free), order, str(room["code"]), team)
        if best is None or key[:2] < best[:2]:
            best = key
    return None if best is None else (best[2], best[3])


def seat_student(classroom: Classroom, class_code: str, name: str) -> SeatHandle:
    """Give ``name`` a free seat in one of the open class's rooms (see the module
    docstring). Raises :class:`~cipherkit.classroom.errors.ClassError` (an unknown or
    ended class, a name already seated, every room full).

    Examples
    --------
    >>> import tempfile
    >>> from cipherkit.classroom import RoomPlan, open_classroom
    >>> desk = open_classroom(f"sqlite:///{tempfile.mkdtemp()}/rooms.db")
    >>> s = desk.start_session("Year 9")
    >>> codes = desk.make_rooms(s.id, RoomPlan("intercept", rooms=2, players=4, people=4))
    >>> seated = [seat_student(desk, s.code, name) for name in ("Ada", "Bo", "Cy")]
    >>> [h.code for h in seated] == [codes[0]] * 3
    True
    >>> sorted(h.info()["seats"][h.seat]["team"] for h in seated)
    ['black', 'white', 'white']
    >>> desk.close()
    """
    session = classroom.open_session(class_code)
    name, _ = classroom.student_name(session, clean_name(name))
    for _ in range(_TRIES):  # another student may take the chosen seat first
        choice = choose_seat(classroom.room_infos(session.id), name)
        if choice is None:
            raise ClassError.say("every room of this class is full: ask your teacher for a seat")
        code, team = choice
        try:
            return classroom.store.join(code, name, team=team)
        except RoomError:
            continue
    raise ClassError.say("the rooms of this class are busy: try again")


def kept_seat(classroom: Classroom, class_code: str, name: str) -> SeatHandle | None:
    """The seat the teacher keeps for ``name`` in one of the open class's rooms (moved
    there, or seated for the next round), taken now; ``None`` if none is kept (a
    student's page follows them this way, and never into a seat nobody kept)."""
    try:
        session = classroom.open_session(class_code)
    except ClassError:
        return None
    for room in classroom.room_infos(session.id):
        if room.get("status") != "open" or room.get("over"):
            continue
        for seat in room["seats"]:
            if not seat.get("taken") and _same(seat.get("reserved"), name):
                try:
                    return classroom.store.join(str(room["code"]), name, team=seat.get("team"))
                except RoomError:
                    return None
    return None
