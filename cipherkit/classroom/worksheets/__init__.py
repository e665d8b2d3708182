"""Printable worksheets of the lessons (``cipherkit worksheet``): each lesson's exercises
on paper, with the material to work on and lines to write on, then the teacher's
answers and hints. The specs are package data, ``cipherkit/data/worksheets/*.yaml``.

>>> from cipherkit.classroom.worksheets import find_lessons, worksheet_pdf
>>> worksheet_pdf(find_lessons("05")[0], "a4")[:5]
b'%PDF-'
"""

from cipherkit.classroom.worksheets.output import worksheet_pdf, write_worksheet, write_worksheets
from cipherkit.classroom.worksheets.spec import (
    SheetExercise,
    Worksheet,
    find_lessons,
    lesson_ids,
    load_worksheet,
)

__all__ = [
    "SheetExercise",
    "Worksheet",
    "find_lessons",
    "lesson_ids",
    "load_worksheet",
    "worksheet_pdf",
    "write_worksheet",
    "write_worksheets",
]
