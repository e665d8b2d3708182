"""``cipherkit publish``: a Voila page per mission, a thumbnail, and the gallery index.

Design notes: ``docs/deploy.md``, ``cipherkit.publish.pages``.

Examples
--------
>>> import tempfile
>>> out = tempfile.mkdtemp()
>>> [p.name for p in publish_missions(["missions/02-signal-box.yaml"], out=out, games=20)]
['signal-box.ipynb', 'signal-box.png', 'index.ipynb']
"""

from __future__ import annotations

import html
import io
import json
import os
import re
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from cipherkit.core.errors import CipherkitError
from cipherkit.i18n import N_, SOURCE, _, canonical, speaking
from cipherkit.publish.escape import paragraphs_html, text_html
from cipherkit.publish.gallery import (
    INDEX,
    LANGUAGE_FOLDERS,
    STATIC_CODE,
    build_index,
    language_folder,
    write_notebook,
)
from cipherkit.publish.nav import NavLink, back_link, nav_html, next_link
from cipherkit.publish.registry import check_id, write_registry
from cipherkit.publish.static_cells import is_static, static_problem

FIGURES = "from cipherkit.widgets.figures import describe_figures\n\ndescribe_figures()"
"""Run first on a lesson page (in its first code cell): its plots carry an alt text."""

if TYPE_CHECKING:
    from cipherkit.games.mission.content.mission import Mission

__all__ = [
    "LESSONS_FOLDER",
    "PLAYTEST_GAMES",
    "lesson_page",
    "lesson_thumbnail_svg",
    "page_cells",
    "publish_lessons",
    "publish_missions",
    "thumbnail_png",
]

PLAYTEST_GAMES = 200
"""Bot games behind each page's difficulty rating."""

THUMB_WIDTH = 480


def thumbnail_png(mission: Mission, *, width: int = THUMB_WIDTH) -> bytes:
    """The map as a spectator sees it at the start (stacks face down), as a small PNG."""
    from PIL import Image

    from cipherkit.core.protocol import SPECTATOR
    from cipherkit.games.mission import new_game
    from cipherkit.games.mission.art.data import from_state, mission_glyph_map
    from cipherkit.glyphs.mapdraw import map_drawing

    state = new_game({"mission": mission.to_dict(), "players": 2}, seed=0)
    drawing = map_drawing(from_state(state.observe(SPECTATOR))[2], mission_glyph_map(mission))
    image = Image.open(io.BytesIO(drawing.png()))
    height = round(image.height * width / image.width)
    small = image.convert("RGB").resize((width, height), Image.Resampling.LANCZOS)
    buffer = io.BytesIO()
    small.save(buffer, format="PNG", optimize=True)
    return buffer.getvalue()


def gives_away(text: str, answer: str) -> str | None:
    """What in ``text`` gives ``answer`` away, or ``None``.

    The whole answer counts at any length from two letters or digits, as whole words
    (so "RED" is found in "Is it red?" but not in "hundred"), with any spaces or
    punctuation between its words; a word of the answer of four letters or more counts
    anywhere, even inside another word.

    >>> gives_away("Which colour? Red, of course.", "RED")
    'RED'
    >>> gives_away("A hundred ships", "RED") is None
    True
    >>> gives_away("Look in the lamp-room", "LAMP ROOM")
    'LAMP ROOM'
    >>> gives_away("The lamplighter knows", "LAMP")
    'LAMP'
    """
    words = re.findall(r"\w+", answer)
    if sum(len(w) for w in words) >= 2:
        pattern = r"(?<!\w)" + r"\W*".join(re.escape(w) for w in words) + r"(?!\w)"
        if re.search(pattern, text, flags=re.IGNORECASE):
            return answer.strip()
    lowered = text.lower()
    return next((w for w in words if len(w) >= 4 and w.lower() in lowered), None)


def mission_language(mission: Mission) -> str:
    """The language a mission is written in: Russian when its title is in Cyrillic.

    >>> from cipherkit.games.mission import load
    >>> mission_language(load("missions/01-lantern-archive.yaml"))
    'en'
    """
    from cipherkit.i18n.letters import script_of

    return "ru" if script_of(mission.title) == "cyrillic" else SOURCE


def page_cells(mission: Mission, next_page: NavLink | None = None) -> list[tuple[str, str]]:
    """The page's cells: the links (back to the gallery, on to ``next_page``), title,
    story and question; then the table, loaded by id. The mission's words are shown as
    text, never read as markdown or HTML (:mod:`cipherkit.publish.escape`).

    >>> from cipherkit.games.mission import load
    >>> mission = load("missions/01-lantern-archive.yaml")
    >>> intro, code = page_cells(mission, next_mission(mission, {"signal-box"}))
    >>> "All puzzles" in intro[1] and 'href="signal-box.ipynb"' in intro[1]
    True
    >>> code[1].splitlines()[-1]
    'mission_table("lantern-archive")'
    """
    lang = mission_language(mission)
    with speaking(lang):
        story = paragraphs_html(mission.story or "")
        question = text_html(mission.question or "")
        links = [back_link()] if next_page is None else [back_link(), next_page]
        intro = [nav_html(links), "", f"# {text_html(mission.title)}"]
        if story:
            intro += ["", story]
        if question:
            intro += ["", _("**Your question:** {question}", question=question)]
        intro += [
            "",
            _(
                "You play with a bot as your team-mate. Choose a room on the map to move, play "
                "cards to reveal and collect glyphs, and open the console's windows. The bot "
                "plays and votes, but the answer is yours: read the glyphs and press **Solve** "
                "before time runs out."
            ),
        ]
    code = f'from cipherkit.publish.live import mission_table\n\nmission_table("{mission.id}")'
    if lang != SOURCE:
        code = spoken(code, lang)
    return [("markdown", "\n".join(intro)), ("code", code)]


def next_mission(mission: Mission, published: set[str] | frozenset[str]) -> NavLink | None:
    """The link on to the mission after ``mission`` in the campaign: its win link's
    next mission, else its loss link's, if that mission has a page (its id is in
    ``published``); ``None`` for the last mission.

    >>> from cipherkit.games.mission import load
    >>> mission = load("missions/03-cold-ledger.yaml")
    >>> next_mission(mission, {"harbour-clock", "flooded-cellar"}).text
    'Next: The Harbour Clock →'
    >>> next_mission(mission, {"flooded-cellar"}).href
    'flooded-cellar.ipynb'
    >>> next_mission(mission, set()) is None
    True
    """
    for link in (mission.campaign.win, mission.campaign.loss):
        if link.next and link.next in published:
            return next_link(f"{link.next}.ipynb", link.next_title or link.next)
    return None


def _check_public(mission: Mission, cells: list[tuple[str, str]], path: Path) -> None:
    text = html.unescape("\n".join(source for _, source in cells))  # as the page shows it
    secret = gives_away(text, str(mission.solution or ""))
    if secret is not None:
        raise CipherkitError.say(
            "{path}: the title or story gives the answer away ({secret!r})",
            path=path,
            secret=secret,
        )


def _out_folder(out: str | os.PathLike[str]) -> Path:
    """The folder ``out`` names, refused if it is a file."""
    folder = Path(out)
    if folder.exists() and not folder.is_dir():
        raise CipherkitError.say("--out {folder} is a file, not a folder", folder=folder)
    return folder


def _keep_outside(path: Path, folder: Path, refusal: str) -> None:
    """Refuse ``path`` inside ``folder``: ``refusal`` says why (with ``{path}`` and
    ``{folder}``).

    >>> _keep_outside(Path("a/b.yaml"), Path("a"), N_("{path} is inside {folder}"))
    Traceback (most recent call last):
    ...
    cipherkit.core.errors.CipherkitError: a/b.yaml is inside a
    """
    try:
        path.resolve().relative_to(folder.resolve())
    except ValueError:
        return
    raise CipherkitError.say(refusal, path=path, folder=folder)


def publish_missions(
    mission_paths: Sequence[str | os.PathLike[str]],
    out: str | os.PathLike[str] = "puzzles",
    progress: bool = False,
    *,
    games: int = PLAYTEST_GAMES,
) -> list[Path]:
    """Publish each mission file as a page in ``out``; rebuild the index.

    Returns the files written (per mission: the page and its thumbnail; then the
    index). Errors are :class:`CipherkitError` with a one-line message, raised before
    anything is written.
    """
    from cipherkit.games.mission import load
    from cipherkit.playtest import run_playtest

    folder = _out_folder(out)
    if not mission_paths:
        raise CipherkitError.say("give at least one mission file to publish")
    missions: list[tuple[Path, Any, list[tuple[str, str]]]] = []
    for given in mission_paths:
        path = Path(given)
        if not path.is_file():
            raise CipherkitError.say("{path}: no such mission file", path=path)
        _keep_outside(
            path,
            folder,
            N_("{path} is inside {folder}: keep mission files out of the served folder"),
        )
        mission = load(path)
        check_id(mission.id)
        if mission.id == Path(INDEX).stem:
            raise CipherkitError.say(
                "{path}: the mission id 'index' is taken by the gallery index", path=path
            )
        missions.append((path, mission, []))
    published = {m.id for _, m, _ in missions}
    if folder.is_dir():
        published |= {p.stem for p in folder.glob("*.ipynb")} - {Path(INDEX).stem}
        published |= {p.stem for lang in LANGUAGE_FOLDERS for p in (folder / lang).glob("*.ipynb")}
    for path, mission, cells in missions:
        cells += page_cells(mission, next_mission(mission, published))
        _check_public(mission, cells, path)

    bar = None
    if progress:
        from tqdm.auto import tqdm

        bar = tqdm(total=len(missions), desc="publish", unit="mission", leave=False)
    written: list[Path] = []
    try:
        (folder / "images").mkdir(parents=True, exist_ok=True)
        for order, (path, mission, cells) in enumerate(missions):
            result = run_playtest(path, games, workers=1, players=2, seed=0)
            thumb = folder / "images" / f"{mission.id}.png"
            thumb.write_bytes(thumbnail_png(mission))
            low, high = mission.players
            lang = mission_language(mission)
            with speaking(lang):
                team = _("you + a bot team-mate")
            meta = {
                "kind": "mission",
                "mission": mission.id,
                "title": mission.title,
                "summary": " ".join(str(mission.story or "").split()),
                "difficulty": result.difficulty.to_json(),
                "win_rate": round(result.win_rate, 3),
                "playtest_games": games,
                "players": team,
                "seats": f"{low}-{high}",
                "thumbnail": f"images/{mission.id}.png",
                "order": _order(path, order),
            }
            here = folder  # a mission in another language: a page of that language's gallery
            if lang != SOURCE:
                meta["lang"] = lang
                here = folder / lang
                here.mkdir(parents=True, exist_ok=True)
            page = write_notebook(here / f"{mission.id}.ipynb", cells, meta)
            write_registry(folder, {mission.id: path})
            written += [page, thumb]
            if bar is not None:
                bar.update()
    except OSError as exc:
        raise CipherkitError.say(
            "cannot write in {folder}: {reason}", folder=folder, reason=exc.strerror or exc
        ) from None
    finally:
        if bar is not None:
            bar.close()
    written.append(build_index(folder))
    written += [
        build_index(folder / lang) for lang in sorted(LANGUAGE_FOLDERS) if (folder / lang).is_dir()
    ]
    return written


def _order(path: Path, fallback: int) -> int:
    """Missions named ``NN-name.yaml`` keep their number's order in the gallery."""
    match = re.match(r"(\d+)", path.name)
    return int(match.group(1)) if match else 100 + fallback


# ---------------------------------------------------------------------- lessons
LESSONS_FOLDER = "lessons"
"""Lesson pages go in this sub-folder of the gallery."""

HIDE_INPUT_TAGS = frozenset({"hide-input", "remove-input"})
"""Cell tags that keep a code cell's source off the page (its output still shows)."""

_LESSON_NAME = re.compile(r"[a-z0-9][a-z0-9-]{0,63}")
_HASH = re.compile(r"\b[0-9a-f]{64}\b")
_LOCAL_IMAGE = re.compile(r"!\[[^\]]*\]\((?!https?:|data:)([^)\s]+)\)|<img\b")
_PALETTE = ["#1f2a44", "#3b4f7a", "#2f5d50", "#6b3e26", "#4a3b6b", "#2f4f6f", "#5a4a1f", "#6b2f3a"]


def _cells_of(notebook: dict[str, Any]) -> list[dict[str, Any]]:
    return [c for c in notebook.get("cells", []) if c.get("cell_type") in ("markdown", "code")]


def _shows_source(cell: dict[str, Any]) -> bool:
    """Whether the page shows this code cell's source: not when tagged ``hide-input``,
    and never for a cell that builds an exercise (its salt and hash stay in the kernel)."""
    source = "".join(cell.get("source", ""))
    tags = set(cell.get("metadata", {}).get("tags", []))
    if not source.strip() or tags & HIDE_INPUT_TAGS:
        return False
    return not re.search(r"ExerciseBox|\bdigest\b", source)


def lesson_page(
    path: str | os.PathLike[str], lang: str = "en"
) -> tuple[list[tuple[str, str]], dict[str, Any]]:
    """The page made from the lesson notebook at ``path``: ``(cells, metadata)``, in
    ``lang`` (its markdown from the ``lessons`` catalog, its links and note from ours;
    :mod:`cipherkit.publish.lessons_i18n`).

    * A bar of links comes first and last: back to the gallery and on to the next
      lesson (the next notebook beside it, by name), see :mod:`cipherkit.publish.nav`.
    * Markdown cells are kept as they are.
    * A code cell is kept (Voila runs it; its output shows), and unless it is tagged
      ``hide-input`` or builds an exercise, its source is shown above it as a
      ``python`` code block, so the page reads like the notebook. Outputs are cleared.
    * A closing note says which notebook the page is made from.
    * ``metadata.cipherkit``: ``kind`` ``lesson``, the title (first heading), summary
      (first paragraph), ``difficulty`` (from the lesson's own ``metadata.cipherkit``),
      ``thumbnail`` (``images/<stem>.svg``, beside the page) and ``order`` (from the
      ``NN-`` of the file name, after the missions and games); ``frontend: full`` when
      the lesson's own metadata says so (a page with an ipywidgets box: lesson 13's room).

    Raises :class:`CipherkitError` if the page would show a salted hash or a local
    image (lesson pages are text, code and widgets only).
    """

    file = Path(path)
    try:
        notebook = json.loads(file.read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        raise CipherkitError.say("{file}: not a notebook ({exc})", file=file, exc=exc) from None
    with speaking(lang):
        return _lesson_cells(file, translated(notebook, file.name, lang), lang)


def speak_cell(lang: str) -> str:
    """A page's first code cell in ``lang``: its kernel speaks the page's language (its
    widgets, refusals and words), from the first cell on (a preheated kernel too).

    >>> print(speak_cell("ru"))
    from cipherkit.i18n import use
    <BLANKLINE>
    use("ru")
    """
    return f'from cipherkit.i18n import use\n\nuse("{canonical(lang) or SOURCE}")'


def spoken(source: str, lang: str) -> str:
    """A page's first code cell in ``lang``: :func:`speak_cell`, then the cell's own code
    (one cell, not two: each cell costs the page a round trip to its kernel).

    >>> print(spoken("Workbench()", "ru"))
    from cipherkit.i18n import use
    <BLANKLINE>
    use("ru")
    <BLANKLINE>
    Workbench()
    """
    return f"{speak_cell(lang)}\n\n{source}"


def translated(notebook: dict[str, Any], name: str, lang: str) -> dict[str, Any]:
    """The lesson notebook in ``lang`` (English: as it is)."""
    if canonical(lang) in (None, SOURCE):
        return notebook
    from cipherkit.publish.lessons_i18n import translate_lesson

    return translate_lesson(notebook, lang, name=name)[0]


def _lesson_cells(
    file: Path, notebook: dict[str, Any], lang: str
) -> tuple[list[tuple[str, str]], dict[str, Any]]:
    from cipherkit.publish.gallery import notebook_entry

    links = [back_link(depth=1)]
    following = _next_lesson(file, lang)
    if following is not None:
        links.append(following)
    bar = nav_html(links)
    cells: list[tuple[str, str]] = [("markdown", bar)]
    speak = canonical(lang) not in (None, SOURCE)
    first = True  # the first code cell also describes the page's plots (their alt text)
    codes = [c for c in _cells_of(notebook) if c["cell_type"] == "code"]
    sources = ["".join(c.get("source", "")) for c in codes]
    for number, cell in enumerate(codes, 1):
        problem = static_problem(sources, number - 1) if is_static(cell) else None
        if problem is not None:
            raise CipherkitError.say(
                "{file}: code cell {number} is tagged static, but {problem}",
                file=file,
                number=number,
                problem=problem,
            )
    for cell in _cells_of(notebook):
        source = "".join(cell.get("source", ""))
        if cell["cell_type"] == "markdown":
            if _LOCAL_IMAGE.search(source):
                raise CipherkitError.say(
                    "{file}: lesson pages cannot show local images yet", file=file
                )
            cells.append(("markdown", source))
        elif source.strip():
            if _shows_source(cell):
                cells.append(("markdown", f"```python\n{source.rstrip()}\n```"))
            code = spoken(source, lang) if speak else source
            kind = STATIC_CODE if is_static(cell) else "code"
            cells.append((kind, f"{FIGURES}\n\n{code}" if first else code))
            speak = first = False
    cells.append(
        (
            "markdown",
            "---\n*"
            + _(
                "This page is lesson `{name}` of `notebooks/lessons/`, published with "
                "`cipherkit publish --lessons`. Open the notebook in Jupyter to change the "
                "code and run it yourself.",
                name=file.name,
            )
            + f"*\n\n{nav_html(links, end=True)}",
        )
    )
    for kind, source in cells:
        if kind == "markdown" and _HASH.search(source):
            raise CipherkitError.say(
                "{file}: the page would show a salted hash; tag its cell", file=file
            )
    entry = notebook_entry(notebook, file.name)
    own = notebook.get("metadata", {}).get("cipherkit", {})
    meta: dict[str, Any] = {
        "kind": "lesson",
        "lesson": file.name,
        "title": entry.title,
        "summary": entry.summary,
        "thumbnail": f"images/{file.stem}.svg",
        "order": _order(file, 99),
    }
    for key in ("summary", "difficulty", "players"):
        if key in own and canonical(lang) in (None, SOURCE):
            meta[key] = own[key]
    if "difficulty" in own:
        meta["difficulty"] = own["difficulty"]
    if own.get("frontend") == "full":  # an ipywidgets box (lesson 13's room): no light page
        meta["frontend"] = "full"
    if canonical(lang) not in (None, SOURCE):
        meta["lang"] = canonical(lang)
    return cells, meta


def _next_lesson(file: Path, lang: str = SOURCE) -> NavLink | None:
    """The link to the lesson after ``file``: the next lesson notebook beside it, in
    name order (``None`` for the last), named by its title in ``lang``."""
    from cipherkit.publish.gallery import notebook_entry

    names = sorted(
        p for p in file.parent.glob("*.ipynb") if _LESSON_NAME.fullmatch(p.stem) and p != file
    )
    later = [p for p in names if p.name > file.name]
    if not later:
        return None
    following = json.loads(later[0].read_text(encoding="utf-8"))
    title = notebook_entry(translated(following, later[0].name, lang), later[0].name).title
    return next_link(later[0].name, title)


def lesson_thumbnail_svg(number: int, title: str) -> str:
    """A small card for the index: the lesson number and a line of Caesar-shifted title.

    >>> lesson_thumbnail_svg(1, "Caesar").startswith('<svg xmlns="http://www.w3.org/2000/svg"')
    True
    """
    from cipherkit.ciphers import Caesar

    name = re.sub(r"^Lesson\s+\d+:\s*", "", title)
    plain = re.sub(r"[^A-Za-z ]", "", name).upper()[:22]
    shifted = Caesar(number % 25 + 1).encrypt(plain)
    colour = _PALETTE[(number - 1) % len(_PALETTE)]
    e = html.escape
    return (
        '<svg xmlns="http://www.w3.org/2000/svg" width="480" height="270" '
        'viewBox="0 0 480 270">'
        f'<rect width="480" height="270" rx="18" fill="{colour}"/>'
        '<text x="32" y="96" font-family="Georgia, serif" font-size="84" '
        f'font-weight="700" fill="#fdf6e3">{number}</text>'
        '<text x="34" y="130" font-family="sans-serif" font-size="18" '
        'letter-spacing="4" fill="#e9c46a">LESSON</text>'
        '<text x="32" y="196" font-family="monospace" font-size="22" '
        f'fill="#fdf6e3">{e(plain)}</text>'
        '<text x="32" y="232" font-family="monospace" font-size="22" '
        f'fill="#e9c46a">{e(shifted)}</text>'
        "</svg>\n"
    )


def publish_lessons(
    lesson_paths: Sequence[str | os.PathLike[str]],
    out: str | os.PathLike[str] = "puzzles",
    *,
    index: bool = True,
    languages: Iterable[str] = LANGUAGE_FOLDERS,
) -> list[Path]:
    """Publish each lesson notebook as ``<out>/lessons/<name>.ipynb`` and its twin in
    each of ``languages`` (``<out>/ru/lessons/<name>.ipynb``); rebuild the indexes.

    Returns the files written (per lesson: the page and its thumbnail; then the index,
    unless ``index=False``). Every lesson is read and checked before anything is
    written; errors are :class:`CipherkitError` with a one-line message.
    """
    folder = _out_folder(out)
    if not lesson_paths:
        raise CipherkitError.say("give at least one lesson notebook to publish")
    chosen = sorted(set(languages))
    for lang in chosen:
        if language_folder(lang) is None:
            raise CipherkitError.say("{lang}: not a language a gallery has pages in", lang=lang)
    pages = []
    for given in lesson_paths:
        path = Path(given)
        if path.suffix != ".ipynb" or not path.is_file():
            raise CipherkitError.say("{path}: no such lesson notebook", path=path)
        _keep_outside(
            path, folder, N_("{path} is inside {folder}: lessons are published from outside")
        )
        if not _LESSON_NAME.fullmatch(path.stem):
            raise CipherkitError.say(
                "{path}: name lessons with lower-case letters, digits and -", path=path
            )
        pages.append((path, *lesson_page(path)))
    target = folder / LESSONS_FOLDER
    written: list[Path] = []
    try:
        (target / "images").mkdir(parents=True, exist_ok=True)
        for path, cells, meta in pages:
            thumb = target / meta["thumbnail"]
            thumb.write_text(
                lesson_thumbnail_svg(_order(path, 0) % 100, meta["title"]), encoding="utf-8"
            )
            written += [write_notebook(target / path.name, cells, meta), thumb]
        for lang in chosen:  # each lesson's twin (its pictures: ours)
            (folder / lang / LESSONS_FOLDER).mkdir(parents=True, exist_ok=True)
            for path, _cells, _meta in pages:
                twin = folder / lang / LESSONS_FOLDER / path.name
                written.append(write_notebook(twin, *lesson_page(path, lang)))
    except OSError as exc:
        raise CipherkitError.say(
            "cannot write in {folder}: {reason}", folder=folder, reason=exc.strerror or exc
        ) from None
    if index:
        written.append(build_index(folder))
        written += [build_index(folder / lang) for lang in chosen]
    return written
