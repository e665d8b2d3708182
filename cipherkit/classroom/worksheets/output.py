"""Worksheets written out: one lesson's PDF to a file, or every lesson's into a folder.

Examples
--------
>>> import tempfile
>>> from pathlib import Path
>>> with tempfile.TemporaryDirectory() as tmp:
...     written = write_worksheet("07", Path(tmp) / "sheet.pdf", paper_size="letter")
...     start = written.read_bytes()[:5]
>>> written.name, start
('sheet.pdf', b'%PDF-')
>>> write_worksheet("01", "/")
Traceback (most recent call last):
...
cipherkit.core.errors.CipherkitError: --pdf / is a folder; give a file name
"""

from __future__ import annotations

from pathlib import Path

from cipherkit.classroom.worksheets.layout import worksheet_pages
from cipherkit.classroom.worksheets.spec import find_lessons, load_worksheet
from cipherkit.core.errors import CipherkitError
from cipherkit.games.mission.art.pdf import pdf_bytes
from cipherkit.games.mission.art.printing import A4, Paper, paper

__all__ = ["worksheet_pdf", "write_worksheet", "write_worksheets"]


def worksheet_pdf(lesson: str, paper_size: Paper | str = A4, *, answers: bool = True) -> bytes:
    """The worksheet of ``lesson`` (an id or a unique prefix) as a vector PDF."""
    (found,) = _one(lesson)
    sheet = load_worksheet(found)
    pages = worksheet_pages(sheet, paper(paper_size), answers=answers)
    return pdf_bytes(pages, title=sheet.said().title)


def write_worksheet(
    lesson: str, pdf: str | Path, *, paper_size: Paper | str = A4, answers: bool = True
) -> Path:
    """Write the worksheet of ``lesson`` to the file ``pdf``; return its path."""
    target = Path(pdf)
    if target.is_dir():
        raise CipherkitError.say("--pdf {path} is a folder; give a file name", path=target)
    if not target.parent.exists():
        raise CipherkitError.say("--pdf: the folder {folder} does not exist", folder=target.parent)
    data = worksheet_pdf(lesson, paper_size, answers=answers)
    _write(target, data)
    return target


def write_worksheets(
    lessons: list[str], out: str | Path, *, paper_size: Paper | str = A4, answers: bool = True
) -> list[Path]:
    """Write each lesson's worksheet into the folder ``out`` (made if missing) as
    ``<lesson>.pdf``; return their paths."""
    folder = Path(out)
    if folder.exists() and not folder.is_dir():
        raise CipherkitError.say("--out {folder} is a file, not a folder", folder=folder)
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise CipherkitError.say(
            "cannot create the folder {path}: {reason}", path=folder, reason=_why(exc)
        ) from None
    written = []
    for lesson in lessons:
        target = folder / f"{lesson}.pdf"
        _write(target, worksheet_pdf(lesson, paper_size, answers=answers))
        written.append(target)
    return written


def _one(lesson: str) -> list[str]:
    found = find_lessons(lesson)
    if len(found) != 1:
        raise CipherkitError.say("all writes one PDF per lesson: give --out DIR, not --pdf")
    return found


def _write(target: Path, data: bytes) -> None:
    try:
        target.write_bytes(data)
    except OSError as exc:
        raise CipherkitError.say(
            "cannot write {path}: {reason}", path=target, reason=_why(exc)
        ) from None


def _why(exc: OSError) -> object:
    return exc.strerror or exc
