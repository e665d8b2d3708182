"""A worksheet's pages: the student's exercises, then the teacher's answers.

The pages are :class:`~cipherkit.glyphs.drawing.Drawing` values at 300 units an inch
(A4 or US Letter, :mod:`cipherkit.games.mission.art.printing`), with the print-and-play
sheets' furniture: the title and a label on top, "page N of M" at the foot. Each
exercise is one block (its number, its material in a monospace box, its question and
ruled lines to write on); a block that does not fit starts a new page. With
``answers`` the teacher's pages follow, headed "For the teacher": each exercise's
answer and a short hint. Every word is said in the language in force.

Examples
--------
>>> from cipherkit.classroom.worksheets.spec import load_worksheet
>>> pages = worksheet_pages(load_worksheet("06-codebooks-and-reuse"))
>>> len(pages), pages[0].width, pages[-1].title
(2, 2480.0, 'Lesson 6: Codebooks and why reuse leaks: For the teacher')
>>> len(worksheet_pages(load_worksheet("06-codebooks-and-reuse"), "letter", answers=False))
1
"""

from __future__ import annotations

from collections.abc import Callable

from cipherkit.classroom.worksheets.spec import SheetExercise, Worksheet
from cipherkit.games.mission.art.printing import A4, MARGIN, Paper, paper, titled_page
from cipherkit.glyphs.drawing import CAP_HEIGHT, Drawing, Rect, text_width, wrap_text
from cipherkit.glyphs.theme import ANSWER, CARD, INK, MUTED, RULE
from cipherkit.i18n import _, pgettext

__all__ = ["worksheet_pages"]

BODY_SIZE = 40
SMALL_SIZE = 32
HINT_SIZE = 36
MONO_SIZE = 38
LEADING = 1.45
"""Line height as a multiple of the font size."""
RULED = 110.0
"""Space between two ruled lines to write on (9.3 mm)."""
PAD = 34.0
"""Inside the material box."""
GAP = 80.0
"""Between two blocks."""
GLYPH = 64.0
"""A glyph of the material, drawn this many units square."""
TOP = MARGIN + 160
"""Where a page's first block starts (under the title and its rule)."""


def worksheet_pages(
    sheet: Worksheet, paper_size: Paper | str = A4, *, answers: bool = True
) -> list[Drawing]:
    """The pages of ``sheet``: the student's, then (with ``answers``) the teacher's."""
    size = paper(paper_size)
    said = sheet.said()
    width = size.width - 2 * MARGIN
    student_label, teacher_label = _("Worksheet"), _("For the teacher")
    blocks = [_title_block(width)]
    blocks += [_exercise_block(e, n, width) for n, e in enumerate(said.exercises, start=1)]
    pages = _flow(blocks, lambda: _page(said.title, student_label, size), size)
    if answers:
        notes = [_answer_block(e, n, width) for n, e in enumerate(said.exercises, start=1)]
        pages += _flow(notes, lambda: _page(said.title, teacher_label, size), size)
    for number, page in enumerate(pages, start=1):
        _footer(page, number, len(pages))
    return pages


# ------------------------------------------------------------------ pages
def _page(title: str, label: str, size: Paper) -> Drawing:
    """An empty page with the title on the left, ``label`` on the right, and a rule."""
    return titled_page(title, label, size)


def _footer(d: Drawing, number: int, total: int) -> None:
    y = d.height - MARGIN + 40
    d.text(MARGIN, y, _("cipherkit · worksheet"), size=30, fill=MUTED, anchor="lm")
    page_of = _("page {number} of {total}", number=number, total=total)
    d.text(d.width - MARGIN, y, page_of, size=30, fill=MUTED, anchor="rm")


def _flow(blocks: list[Drawing], new_page: Callable[[], Drawing], size: Paper) -> list[Drawing]:
    """``blocks`` placed one under another on as many pages as they need."""
    bottom = size.height - MARGIN - 60
    pages, y = [new_page()], TOP
    for block in blocks:
        if y + block.height > bottom and y > TOP:
            pages.append(new_page())
            y = TOP
        pages[-1].place(block, MARGIN, y)
        y += block.height + GAP
    return pages


# ------------------------------------------------------------------ blocks
class _Column:
    """A block being written top down: text lines, boxes and rules, ``width`` wide."""

    def __init__(self, width: float) -> None:
        self.width = width
        self.y = 0.0
        self.shapes = Drawing(width, 1)

    def lines(
        self,
        text: str,
        size: float,
        *,
        x: float = 0.0,
        fill: str = INK,
        bold: bool = False,
        font: str = "sans",
    ) -> None:
        """``text`` wrapped to the column (from ``x``), one line after another."""
        for line in wrap_text(text, size, self.width - x, font=font, bold=bold):
            self.shapes.text(
                x, self.y, line, size=size, fill=fill, bold=bold, font=font, anchor="lt"
            )
            self.y += size * LEADING

    def skip(self, amount: float) -> None:
        """Leave ``amount`` units of space."""
        self.y += amount

    def done(self) -> Drawing:
        """The block as a drawing as tall as what was written."""
        block = Drawing(self.width, self.y)
        block.shapes = self.shapes.shapes
        return block


def _title_block(width: float) -> Drawing:
    """The name, class and date lines, and what to do."""
    col = _Column(width)
    fields = [
        (pgettext("worksheet", "Name"), 0.5),
        (pgettext("worksheet", "Class"), 0.22),
        (pgettext("worksheet", "Date"), 0.28),
    ]
    x, base = 0.0, 70.0
    for label, share in fields:
        col.shapes.text(x, base, label, size=36, fill=MUTED, anchor="ls")
        start = x + text_width(label, 36) + 20
        end = x + share * width - 50
        col.shapes.line([(start, base + 4), (end, base + 4)], stroke=INK, width=3)
        x += share * width
    col.skip(base + 60)
    col.lines(_("Write your answers on the lines under each exercise."), SMALL_SIZE, fill=MUTED)
    return col.done()


def _exercise_block(exercise: SheetExercise, number: int, width: float) -> Drawing:
    """One exercise for the student: number, material, question and lines to write on."""
    col = _Column(width)
    _heading(col, exercise, number)
    if exercise.material or exercise.glyphs is not None:
        _material(col, exercise)
        col.skip(30)
    col.lines(exercise.question, BODY_SIZE)
    col.skip(RULED * 0.4)
    for _line in range(exercise.lines):
        col.skip(RULED)
        col.shapes.line([(0, col.y), (width, col.y)], stroke=RULE, width=3)
    col.skip(10)
    return col.done()


def _heading(col: _Column, exercise: SheetExercise, number: int) -> None:
    heading = _("Exercise {number}", number=number)
    col.shapes.text(0, col.y, heading, size=36, bold=True, anchor="lt")
    if exercise.extra:
        x = text_width(heading, 36, bold=True) + 24
        col.shapes.text(
            x, col.y, _("pencil and paper"), size=30, fill=MUTED, italic=True, anchor="lt"
        )
    col.skip(36 * LEADING + 8)


def _material(col: _Column, exercise: SheetExercise) -> None:
    """The material in a box: the glyphs (if any) over the text, set in monospace."""
    inner = col.width - 2 * PAD
    top = col.y
    col.skip(PAD)
    if exercise.glyphs is not None:
        step = GLYPH * 1.2
        per_line = max(1, int(inner // step))
        glyphs = exercise.glyphs.glyphs()
        for start in range(0, len(glyphs), per_line):
            for k, glyph in enumerate(glyphs[start : start + per_line]):
                if glyph is not None:
                    col.shapes.glyph(glyph, PAD + k * step, col.y, GLYPH)
            col.skip(GLYPH * 1.35)
        col.skip(10)
    for line in mono_lines(exercise.material, MONO_SIZE, inner):
        col.shapes.text(PAD, col.y, line, size=MONO_SIZE, font="mono", anchor="lt")
        col.skip(MONO_SIZE * LEADING)
    col.skip(PAD - MONO_SIZE * (LEADING - 1) * (1 if exercise.material else 0))
    box = Rect(0.0, top, col.width, col.y - top, fill=CARD, stroke=RULE, width=3, radius=14)
    col.shapes.shapes.insert(0, box)


def mono_lines(text: str, size: float, width: float) -> list[str]:
    """``text`` in lines of monospace that fit ``width``: its own lines kept (and their
    spacing), a long line wrapped between words, a word too long for a line cut.

    >>> mono_lines("ABCDEFGHIJ KL", 10, 6.1 * 4)
    ['ABCD', 'EFGH', 'IJ', 'KL']
    """
    if not text:
        return []
    per_line = max(1, int(width // text_width("M", size, font="mono")))
    out: list[str] = []
    for paragraph in text.splitlines():
        if len(paragraph) <= per_line:
            out.append(paragraph)
            continue
        line = ""
        for word in paragraph.split():
            while len(word) > per_line:
                if line:
                    out.append(line)
                    line = ""
                out.append(word[:per_line])
                word = word[per_line:]
            trial = f"{line} {word}" if line else word
            if len(trial) > per_line:
                out.append(line)
                line = word
            else:
                line = trial
        if line:
            out.append(line)
    return out


def _answer_block(exercise: SheetExercise, number: int, width: float) -> Drawing:
    """One exercise for the teacher: its question, answer and hint."""
    col = _Column(width)
    col.shapes.text(
        0, col.y, _("Exercise {number}", number=number), size=36, bold=True, anchor="lt"
    )
    col.skip(36 * LEADING + 8)
    col.lines(exercise.question, SMALL_SIZE, fill=MUTED)
    col.skip(12)
    col.lines(_("Answer: {answer}", answer=exercise.answer), BODY_SIZE, fill=ANSWER, bold=True)
    col.skip(8)
    col.lines(_("Hint: {hint}", hint=exercise.hint), HINT_SIZE)
    col.skip(CAP_HEIGHT * SMALL_SIZE)
    return col.done()
