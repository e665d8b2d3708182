"""The gallery's teacher page, ``teacher.ipynb``: a short text and one cell that shows
:class:`cipherkit.widgets.teacher.TeacherPage` (the kernel opens the server's store; the
page holds nothing of the class). ``cipherkit serve`` prints the link that opens it.

Beside it, the projector's page, ``projector.ipynb`` (issue #46 point 6): one cell that
shows :class:`cipherkit.widgets.projector.Projector`, opened by the teacher page's
*Project* button; it is not listed in the gallery index (``"listed": false``)."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

__all__ = [
    "PROJECTOR_METADATA",
    "PROJECTOR_PAGE",
    "TEACHER_METADATA",
    "TEACHER_PAGE",
    "write_projector_page",
    "write_teacher_page",
]

TEACHER_PAGE = "teacher.ipynb"
"""The gallery's teacher page (``puzzles/teacher.ipynb``)."""

TEACHER_METADATA: dict[str, object] = {
    "kind": "game",
    "title": "Teacher's desk",
    "summary": "For the teacher: start a class session, make rooms in bulk, watch every "
    "room live and see the class's answers. Opens with the teacher key that cipherkit "
    "serve prints.",
    "players": "the teacher",
    "thumbnail": "images/teacher.svg",
    "order": 90,
    "frontend": "full",
}
"""The teacher page's card in the gallery index."""

PROJECTOR_PAGE = "projector.ipynb"
"""The projector's page (``puzzles/projector.ipynb``), beside the teacher page."""

PROJECTOR_METADATA: dict[str, object] = {
    "kind": "game",
    "title": "Projector",
    "summary": "For the classroom's projector: the address to open, its QR code, the class "
    "code and the rooms' codes. Opened by the teacher page's Project button.",
    "players": "the teacher's projector",
    "order": 91,
    "listed": False,
}
"""The projector page's metadata: a light page (one widget), left out of the index."""


def write_teacher_page(folder: str | os.PathLike[str]) -> Path:
    """Write the gallery's teacher page, ``teacher.ipynb``, into ``folder``: a short
    text and one cell that shows :class:`cipherkit.widgets.teacher.TeacherPage` (the
    kernel opens the server's store; the page holds nothing of the class)."""
    from cipherkit.publish.gallery import write_notebook
    from cipherkit.publish.nav import back_link, nav_html

    cells = [
        (
            "markdown",
            f"{nav_html([back_link()])}\n\n"
            "# Teacher's desk\n\nStart a class session, make rooms for the class in one go "
            "and project their codes, watch every room live, and see who answered which "
            "exercise. The page opens with the **teacher key** printed by `cipherkit serve` "
            "(open the teacher link it prints).",
        ),
        (
            "code",
            "from cipherkit.publish.contents import room_contents\n"
            "from cipherkit.widgets.teacher import TeacherPage\n\n"
            "TeacherPage(contents=room_contents())",
        ),
    ]
    thumbnail = Path(folder) / str(TEACHER_METADATA["thumbnail"])
    if not thumbnail.exists():  # the index card's picture, beside the pages
        thumbnail.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(Path(__file__).with_name("teacher.svg"), thumbnail)
    return write_notebook(Path(folder) / TEACHER_PAGE, cells, dict(TEACHER_METADATA))


def write_projector_page(folder: str | os.PathLike[str]) -> Path:
    """Write the gallery's projector page, ``projector.ipynb``, into ``folder``: the
    link back, a heading and one cell that shows
    :class:`cipherkit.widgets.projector.Projector` (the teacher's pass opens its own
    class session there; the page holds nothing of the class)."""
    from cipherkit.publish.gallery import write_notebook
    from cipherkit.publish.nav import back_link, nav_html

    cells = [
        ("markdown", f"{nav_html([back_link()])}\n\n# Projector"),
        ("code", "from cipherkit.widgets.projector import Projector\n\nProjector()"),
    ]
    return write_notebook(Path(folder) / PROJECTOR_PAGE, cells, dict(PROJECTOR_METADATA))
