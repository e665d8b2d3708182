"""``cipherkit render``: a mission file to PNG and SVG drawings and a print-and-play PDF.

:func:`render_mission` writes, into the output folder, ``ID-card``, ``ID-console``,
``ID-map`` and ``ID-glyphs`` (the sheet of the mission's glyphs with their ids, no
contents), each as ``.png`` and ``.svg``, and with ``pdf=`` the print-and-play PDF
(:mod:`cipherkit.games.mission.art.printing`). It returns the paths written, in that order.

Examples
--------
>>> import tempfile, pathlib, cipherkit
>>> missions = pathlib.Path(cipherkit.__file__).parents[1] / "missions"
>>> with tempfile.TemporaryDirectory() as folder:
...     out = pathlib.Path(folder)
...     written = render_mission(missions / "01-lantern-archive.yaml", out, pdf=out / "play.pdf")
...     pdf_start = written[-1].read_bytes()[:5]
>>> [p.name for p in written][:3]
['lantern-archive-card.png', 'lantern-archive-card.svg', 'lantern-archive-console.png']
>>> written[-1].name, pdf_start
('play.pdf', b'%PDF-')
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Any

from cipherkit.core.errors import CipherkitError
from cipherkit.games.mission.art.data import card_from_mission, map_from_mission
from cipherkit.glyphs.cards import card_drawing, console_drawing
from cipherkit.glyphs.data import ConsoleData
from cipherkit.glyphs.drawing import Drawing
from cipherkit.glyphs.glyph import Glyph
from cipherkit.glyphs.mapdraw import map_drawing
from cipherkit.glyphs.sheet import sheet_drawing
from cipherkit.i18n import N_

if TYPE_CHECKING:
    from cipherkit.games.mission.content.mission import Mission


def mission_drawings(mission: Mission, key: dict[str, Glyph]) -> list[tuple[str, Drawing]]:
    """The card, the console (windows closed), the map and the glyph sheet."""
    from dataclasses import replace

    card = card_from_mission(mission)
    sheet = sheet_drawing(
        [replace(g, name=gid) for gid, g in key.items()],
        title=f"Glyphs · {mission.title}",
        subtitle=f"{len(key)} glyphs, by id (the key is not shown)",
    )
    return [
        ("card", card_drawing(card, key)),
        ("console", console_drawing(ConsoleData.from_card(card), key)),
        ("map", map_drawing(map_from_mission(mission), key)),
        ("glyphs", sheet),
    ]


def _prepare_out(out_dir: str | Path) -> Path:
    path = Path(out_dir)
    if path.exists() and not path.is_dir():
        raise CipherkitError.say("--out {folder} is a file, not a folder", folder=path)
    with _failing(N_("cannot create the folder {path}: {reason}"), path):
        path.mkdir(parents=True, exist_ok=True)
    return path


def _load(mission_path: str | Path) -> Any:
    from cipherkit.games.mission import load

    path = Path(mission_path)
    if path.is_dir():
        raise CipherkitError.say("{path} is a folder, not a mission file", path=path)
    if not path.exists():
        raise CipherkitError.say("{path}: no such mission file", path=path)
    return load(path)


def render_mission(
    mission_path: str | Path,
    out_dir: str | Path | None,
    *,
    pdf: str | Path | None = None,
    paper: str = "a4",
    progress: bool = False,
    glyph_set: Any = None,
) -> list[Path]:
    """Draw the mission at ``mission_path`` into ``out_dir`` (created if needed; ``None``
    for the PDF alone), and the print-and-play PDF on ``paper`` (``a4`` or ``letter``).

    ``glyph_set`` overrides the mission's glyph set (a spec or a
    :class:`~cipherkit.glyphs.GlyphSet`). ``progress`` shows a progress bar
    (``tqdm.auto``). Errors are :class:`CipherkitError` with a one-line message.
    """
    from cipherkit.games.mission.art.data import mission_glyph_map
    from cipherkit.games.mission.art.printing import paper as paper_named

    sheet = paper_named(paper)
    if out_dir is None and pdf is None:
        raise CipherkitError.say("nothing to render: give --out DIR, --pdf FILE or both")
    mission = _load(mission_path)
    out = None if out_dir is None else _prepare_out(out_dir)
    pdf_path = None if pdf is None else Path(pdf)
    if pdf_path is not None and pdf_path.is_dir():
        raise CipherkitError.say("--pdf {path} is a folder; give a file name", path=pdf_path)
    key = mission_glyph_map(mission, glyph_set, Path(mission_path).parent)
    drawings = mission_drawings(mission, key) if out is not None else []
    pages: list[Any] = []
    if pdf_path is not None:
        from cipherkit.games.mission.art.printing import print_pages

        pages = [page for _, page in print_pages(mission, key, paper=sheet)]
    steps = 2 * len(drawings) + (len(pages) + 1 if pdf_path is not None else 0)
    tick: Callable[[], object]  # tqdm's update returns whether it redrew
    bar = None
    if progress:
        from tqdm.auto import tqdm

        bar = tqdm(total=steps, desc=f"render {mission.id}", unit="file", leave=False)
        tick = bar.update
    else:

        def tick() -> None:
            return None

    written: list[Path] = []
    try:
        for name, drawing in drawings:
            for suffix in (".png", ".svg"):
                assert out is not None
                target = out / f"{mission.id}-{name}{suffix}"
                with _failing(_CANNOT_WRITE, target):
                    drawing.save(target)
                written.append(target)
                tick()
        if pdf_path is not None:
            from cipherkit.games.mission.art.printing import save_pdf

            if not pdf_path.parent.exists():
                raise CipherkitError.say(
                    "--pdf: the folder {folder} does not exist", folder=pdf_path.parent
                )
            with _failing(_CANNOT_WRITE, pdf_path):
                save_pdf(pages, pdf_path, progress=tick)
            tick()
            written.append(pdf_path)
    finally:
        if bar is not None:
            bar.close()
    return written


_CANNOT_WRITE = N_("cannot write {path}: {reason}")


@contextmanager
def _failing(words: str, path: Path) -> Iterator[None]:
    """An :class:`OSError` in the block as a one-line error: ``words`` with the ``path``
    and the reason."""
    try:
        yield
    except OSError as exc:
        raise CipherkitError.say(words, path=path, reason=exc.strerror or exc) from None
