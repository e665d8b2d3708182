"""The teacher's hold on the rooms' timers: what each room's timer does now, and
extending it, turning it off or on and setting its length, for the class's own rooms
(those the teacher made included). The time itself is kept by the rooms' store
(:mod:`cipherkit.rooms.clock`); no game is named here.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from cipherkit.classroom.errors import ClassError
from cipherkit.core.registry import get_game
from cipherkit.rooms.clock import EXTEND_SECONDS

if TYPE_CHECKING:
    from cipherkit.classroom.classroom import Classroom

__all__ = ["TIMER_LENGTHS", "change_timer", "room_timers"]

TIMER_LENGTHS = (15, 30, 60, 90, 120, 300, 600)
"""The lengths (seconds) a teacher may give a room's timer."""

CHANGES = ("extend", "off", "on")


def _has_timer(info: dict[str, Any]) -> bool:
    """Whether the room's game keeps a real-time limit and the room was made with one
    (an option with choices, such as a timer's seconds, that is not off)."""
    spec = get_game(info["game"])
    if spec.clock is None:
        return False
    timed = [o.key for o in spec.room_options if o.choices]
    return any(info["config"].get(key) not in (None, False, 0) for key in timed)


def room_timers(classroom: Classroom, session_id: str) -> dict[str, dict[str, Any]]:
    """For each of the session's open rooms with a timer: whether it runs now, the
    seconds left, whether the teacher turned it off, the teacher's length, and
    ``unattended``: a timed round waits on seats no person holds (empty, a removed
    student's, a bot's), so nobody can act for it (docs/rooms.md, the sand timer).

    Rooms without a timer are left out."""
    out: dict[str, dict[str, Any]] = {}
    for info in classroom.room_infos(session_id):
        if info["status"] != "open" or info["over"] or not _has_timer(info):
            continue
        setting = classroom.store.clocks.setting(info["id"])
        clock = info.get("clock")
        out[info["id"]] = {
            "running": clock is not None,
            "seconds_left": None if clock is None else clock["seconds_left"],
            "off": setting.off,
            "unattended": bool(info.get("clock_unattended")),
            "length": None if setting.seconds is None else int(setting.seconds),
            "extend": int(EXTEND_SECONDS),
            "lengths": list(TIMER_LENGTHS),
        }
    return out


def change_timer(
    classroom: Classroom, session_id: str, room_id: str, change: str, seconds: int | None = None
) -> None:
    """``change`` one of the session's rooms' timer: ``"extend"`` (+30 s to the one
    running), ``"off"``, ``"on"``, or ``"length"`` with ``seconds`` (one of
    :data:`TIMER_LENGTHS`). A room not of the session, or without a timer, is a
    :class:`~cipherkit.classroom.errors.ClassError`."""
    if room_id not in classroom.room_ids(session_id):
        raise ClassError.say("room {room_id} is not one of this class's rooms", room_id=room_id)
    info = classroom.store.room(room_id).info()
    if not _has_timer(info):
        raise ClassError.say("that room has no timer")
    clocks = classroom.store.clocks
    if change == "extend":
        clocks.change(room_id, extend=EXTEND_SECONDS)
    elif change in ("off", "on"):
        clocks.change(room_id, off=change == "off")
    elif change == "length":
        if seconds not in TIMER_LENGTHS:
            lengths = ", ".join(map(str, TIMER_LENGTHS))
            raise ClassError.say("a timer lasts one of {lengths} seconds", lengths=lengths)
        clocks.change(room_id, seconds=seconds)
    else:
        raise ClassError.say(
            "a timer change is one of {join}", join=", ".join((*CHANGES, "length"))
        )
