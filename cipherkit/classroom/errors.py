"""The classroom's errors: one line each, shown to a teacher or a student as they are.

>>> str(UnknownClass("no open class with code TIGER-00000-MOSS"))
'no open class with code TIGER-00000-MOSS'
"""

from __future__ import annotations

from cipherkit.core.errors import CipherkitError

__all__ = [
    "ClassEnded",
    "ClassError",
    "TooManyAnswers",
    "TooManyStudents",
    "UnknownClass",
    "WrongKey",
]


class ClassError(CipherkitError):
    """Base class of the classroom's errors."""


class UnknownClass(ClassError):
    """A class code that names no class session (or none still open)."""


class ClassEnded(ClassError):
    """The class session has ended: nothing more is made or recorded in it."""


class WrongKey(ClassError):
    """The teacher key given does not open the teacher page."""


class TooManyStudents(ClassError):
    """The class session already counts the most students one session may have."""


class TooManyAnswers(ClassError):
    """This student already sent the most answers one student may in one session."""
