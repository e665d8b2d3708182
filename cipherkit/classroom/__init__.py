"""The teacher's classroom: class sessions over the rooms' store (``docs/classroom.md``).

* :func:`open_classroom` -> :class:`Classroom`: the teacher key (hashed), class sessions
  with a class code, rooms in bulk (:class:`RoomPlan`), live room summaries, closing
  rooms and ending sessions with their records kept, and lesson exercise attempts
  folded into a student × exercise grid;
* :mod:`cipherkit.classroom.export`: the class's results as CSV files.
"""

from __future__ import annotations

from cipherkit.classroom.attempts import Attempt, grid
from cipherkit.classroom.classroom import Classroom, open_classroom
from cipherkit.classroom.errors import ClassEnded, ClassError, UnknownClass, WrongKey
from cipherkit.classroom.keys import KEY_ENV, check_key, hash_key, new_key
from cipherkit.classroom.plans import RoomPlan
from cipherkit.classroom.sessions import ClassSession
from cipherkit.classroom.summaries import RoomSummary, summarise

__all__ = [
    "KEY_ENV",
    "Attempt",
    "ClassEnded",
    "ClassError",
    "ClassSession",
    "Classroom",
    "RoomPlan",
    "RoomSummary",
    "UnknownClass",
    "WrongKey",
    "check_key",
    "grid",
    "hash_key",
    "new_key",
    "open_classroom",
    "summarise",
]
