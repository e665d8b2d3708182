"""The gallery index: one page listing every page notebook in a folder.

Design notes: ``docs/deploy.md``, ``cipherkit.publish.gallery``.

Examples
--------
>>> import tempfile, pathlib
>>> folder = pathlib.Path(tempfile.mkdtemp())
>>> _ = write_notebook(folder / "a.ipynb", [("markdown", "# Alpha\\n\\nFirst page.")], {})
>>> (folder / "lessons").mkdir()
>>> meta = {"kind": "lesson", "thumbnail": "images/b.svg"}
>>> _ = write_notebook(folder / "lessons" / "b.ipynb", [("markdown", "# Beta")], meta)
>>> [(e.name, e.title, e.thumbnail) for e in gallery_entries(folder)]
[('lessons/b.ipynb', 'Beta', 'lessons/images/b.svg'), ('a.ipynb', 'Alpha', None)]
>>> build_index(folder).name
'index.ipynb'
"""

from __future__ import annotations

import html
import json
import os
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from cipherkit.core.errors import CipherkitError
from cipherkit.i18n import LANGUAGES, N_, SOURCE, _, canonical, speaking
from cipherkit.publish.escape import text_html
from cipherkit.publish.static_cells import TAG as STATIC_TAG

__all__ = [
    "INDEX",
    "STATIC_CODE",
    "Entry",
    "build_index",
    "gallery_entries",
    "language_folder",
    "page_files",
    "page_metadata",
    "write_notebook",
]

INDEX = "index.ipynb"
STATIC_CODE = "code:static"
"""The cell kind :func:`write_notebook` writes as a code cell tagged static."""
KERNELSPEC = {"display_name": "Python 3 (ipykernel)", "language": "python", "name": "python3"}
KIND_LABELS = {
    "campaign": N_("Campaign"),
    "mission": N_("Mission"),
    "game": N_("Game"),
    "lesson": N_("Lesson"),
    "studio": N_("Studio"),
    "page": N_("Page"),
}
KIND_ORDER = {"campaign": 0, "mission": 1, "game": 2, "studio": 2, "lesson": 3, "page": 4}
ACTIONS = {"lesson": N_("Learn"), "studio": N_("Design")}
PLAY = N_("Play")
"""The word on a card's button (``Play`` unless named here)."""
DIFFICULTY_WORDS = (N_("harder"),)
"""Difficulty labels a page's own metadata may give, beside playtest's ratings."""
LANGUAGE_FOLDERS = frozenset(code for code in LANGUAGES if code != SOURCE)
"""The folders of translated pages a gallery is published with (``ru/``): the twins of
its pages, with an index of their own; never listed in the gallery's own index. A caller
may ask for more (the pseudo-locale's ``en-XA/``, for the tests): see
:func:`language_folder`."""


def language_folder(name: str) -> str | None:
    """The language of a gallery's folder called ``name`` if it holds translated pages
    (``ru``, the pseudo-locale's ``en-XA``), else None.

    >>> language_folder("ru"), language_folder("en-XA"), language_folder("lessons")
    ('ru', 'en-XA', None)
    >>> language_folder("en"), language_folder("ru-RU")
    (None, None)
    """
    code = canonical(name)
    return code if code == name and code != SOURCE else None


@dataclass
class Entry:
    """One page of the gallery, as the index shows it."""

    name: str
    title: str
    summary: str = ""
    kind: str = "page"
    difficulty: dict[str, Any] | None = None
    win_rate: float | None = None
    players: str = ""
    thumbnail: str | None = None
    order: int = 1000
    extra: dict[str, Any] = field(default_factory=dict)

    @property
    def stars(self) -> str:
        """The difficulty as five stars, filled and empty (empty text without a rating)."""
        if not self.difficulty:
            return ""
        n = int(self.difficulty.get("stars", 0))
        return "★" * n + "☆" * (5 - n)


def write_notebook(
    path: str | os.PathLike[str], cells: list[tuple[str, str]], metadata: dict[str, Any]
) -> Path:
    """Write an nbformat 4 notebook of ``(kind, source)`` cells with no outputs (kind
    :data:`STATIC_CODE`: a code cell tagged static, :mod:`cipherkit.publish.static_cells`), checked
    against the notebook format's schema by ``nbformat.validate`` before it is written;
    its ``title`` (from ``metadata``) is the browser's title for the page."""
    import nbformat

    out_cells = []
    for i, (kind, source) in enumerate(cells):
        cell: dict[str, Any] = {
            "cell_type": "code" if kind == STATIC_CODE else kind,
            "id": f"c{i}",
            "metadata": {"tags": [STATIC_TAG]} if kind == STATIC_CODE else {},
            "source": source.splitlines(keepends=True),
        }
        if cell["cell_type"] == "code":
            cell.update(execution_count=None, outputs=[])
        out_cells.append(cell)
    notebook = {
        "cells": out_cells,
        "metadata": {
            "kernelspec": KERNELSPEC,
            "language_info": {"name": "python"},
            **({"title": str(metadata["title"])} if metadata.get("title") else {}),
            **({"cipherkit": metadata} if metadata else {}),
        },
        "nbformat": 4,
        "nbformat_minor": 5,
    }
    try:
        nbformat.validate(nbformat.from_dict(notebook))
    except nbformat.ValidationError as exc:
        raise CipherkitError.say(
            "{name}: not a valid notebook: {reason}", name=Path(path).name, reason=exc.message
        ) from None
    target = Path(path)
    target.write_text(json.dumps(notebook, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    return target


def _markdown_text(notebook: dict[str, Any]) -> str:
    return "\n\n".join(
        "".join(c.get("source", ""))
        for c in notebook.get("cells", [])
        if c.get("cell_type") == "markdown"
    )


def _plain(text: str) -> str:
    text = re.sub(r"!\[[^\]]*\]\([^)]*\)", "", text)
    text = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", text)
    text = re.sub(r"<[^>]+>", "", text)
    return re.sub(r"[*_`#>]+", "", text).strip()


def page_metadata(
    path: str | os.PathLike[str], root: str | os.PathLike[str] | None = None
) -> Entry:
    """The index entry of the page notebook at ``path`` (metadata first, then its text).

    With ``root`` (the gallery folder), the entry's name and thumbnail are paths from
    there (``lessons/a.ipynb``, ``lessons/images/a.svg``); otherwise the page's own
    folder.
    """
    file = Path(path)
    try:
        notebook = json.loads(file.read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        raise CipherkitError.say("{file}: not a notebook ({exc})", file=file, exc=exc) from None
    entry = notebook_entry(notebook, file.name)
    if root is not None:
        folder = file.parent.relative_to(Path(root)).as_posix()
        if folder != ".":
            entry.name = f"{folder}/{file.name}"
            if entry.thumbnail:
                entry.thumbnail = f"{folder}/{entry.thumbnail}"
    return entry


def notebook_entry(notebook: dict[str, Any], name: str) -> Entry:
    """The index entry of a page notebook (read as JSON) called ``name``."""
    meta = dict(notebook.get("metadata", {}).get("cipherkit", {}))
    text = _markdown_text(notebook)
    heading = re.search(r"^#{1,3}\s+(.+)$", text, re.MULTILINE)
    paragraphs = [
        _plain(p)
        for p in re.split(r"\n\s*\n", text)
        if p.strip() and not p.lstrip().startswith("#")
    ]
    image = re.search(r"!\[[^\]]*\]\(([^)\s]+)\)", text)
    known = {f for f in Entry.__dataclass_fields__ if f not in ("name", "extra")}
    entry = Entry(  # text from the page's markdown: character references read back
        name=name,
        title=str(
            meta.get("title")
            or html.unescape(heading.group(1).strip() if heading else Path(name).stem)
        ),
        summary=str(meta.get("summary") or html.unescape(next((p for p in paragraphs if p), ""))),
        thumbnail=meta.get("thumbnail") or (image.group(1) if image else None),
        extra={k: v for k, v in meta.items() if k not in known},
    )
    for key in ("kind", "difficulty", "win_rate", "players", "order"):
        if key in meta:
            setattr(entry, key, meta[key])
    if entry.thumbnail and (entry.thumbnail.startswith(("/", "data:")) or ".." in entry.thumbnail):
        entry.thumbnail = None  # only images beside the pages, served by /voila/files/
    return entry


def page_files(folder: str | os.PathLike[str]) -> list[Path]:
    """Every page notebook in ``folder`` and its sub-folders, but the index, anything
    in a dot-folder (``.ipynb_checkpoints``, ``.cipherkit``) and the translated pages of a
    gallery's language folders (``ru/``: they have their own index), sorted by path."""
    root = Path(folder)
    translated = language_folder(root.name) is None
    return sorted(
        p
        for p in root.rglob("*.ipynb")
        if p.relative_to(root).as_posix() != INDEX
        and not any(part.startswith(".") for part in p.relative_to(root).parts)
        and not (translated and language_folder(p.relative_to(root).parts[0]))
    )


def gallery_entries(folder: str | os.PathLike[str]) -> list[Entry]:
    """Every page of :func:`page_files` the index lists, in gallery order: all but those
    whose metadata says ``"listed": false`` (the projector's page, opened from the
    teacher page)."""
    root = Path(folder)
    entries = [page_metadata(p, root) for p in page_files(root)]
    entries = [e for e in entries if e.extra.get("listed", True) is not False]
    return sorted(entries, key=lambda e: (KIND_ORDER.get(e.kind, 9), e.order, e.title.lower()))


STYLE = """<style>
.ck-gallery { font-family: system-ui, sans-serif; max-width: 1040px; margin: 0 auto; }
.ck-hero { background: linear-gradient(135deg, #1f2a44, #3b4f7a); color: #fdf6e3;
  border-radius: 14px; padding: 26px 30px; margin-bottom: 22px; }
.ck-hero h1 { color: #fdf6e3; margin: 0 0 6px; font-size: 2.1em; }
.ck-hero p { margin: 0; font-size: 1.1em; opacity: .9; }
.ck-grid { display: grid; grid-template-columns: repeat(auto-fill, minmax(300px, 1fr));
  gap: 18px; }
.ck-card { display: flex; flex-direction: column; background: #fffdf7; color: #1f2a44;
  border: 2px solid #e2d9c3; border-radius: 12px; overflow: hidden; text-decoration: none;
  box-shadow: 0 2px 6px rgba(0,0,0,.08); transition: transform .15s, box-shadow .15s; }
.ck-card:hover { transform: translateY(-3px); box-shadow: 0 8px 18px rgba(0,0,0,.15);
  text-decoration: none; }
.ck-thumb { height: 170px; background: #e6dfcd center / cover no-repeat; }
.ck-thumb img { width: 100%; height: 170px; object-fit: contain; display: block; }
.ck-body { padding: 12px 16px 16px; display: flex; flex-direction: column; gap: 6px;
  flex: 1; }
.ck-kind { font-size: .75em; letter-spacing: .12em; text-transform: uppercase;
  color: #8a6d3b; font-weight: 700; }
.ck-title { font-size: 1.25em; font-weight: 700; }
.ck-summary { font-size: .95em; line-height: 1.4; color: #3c4660; flex: 1; }
.ck-meta { display: flex; justify-content: space-between; align-items: center;
  font-size: .9em; margin-top: 6px; }
.ck-stars { color: #d08b00; letter-spacing: 2px; }
.ck-play { background: #2f7d4f; color: #fff; border-radius: 999px; padding: 4px 14px;
  font-weight: 700; }
</style>"""


def _card(entry: Entry, files: str = "../files/") -> str:
    e = text_html  # a page's words are text in the card, whoever wrote them
    thumb = (
        f'<div class="ck-thumb"><img alt="" src="{files}{e(entry.thumbnail)}"></div>'
        if entry.thumbnail
        else '<div class="ck-thumb"></div>'
    )
    level = ""
    if entry.difficulty:
        raw = _(str(entry.difficulty.get("label", "")))  # a rating's name (playtest)
        title = _("difficulty: {label}", label=raw)
        level = f'<span class="ck-stars" title="{e(title)}">{e(entry.stars)}</span> {e(raw)}'
    facts = [f for f in (entry.players, _rate(entry.win_rate)) if f]
    action = _(ACTIONS.get(entry.kind, PLAY))
    summary = e(entry.summary if len(entry.summary) <= 220 else entry.summary[:217] + "…")
    return (
        f'<a class="ck-card" data-page="{e(entry.name)}" href="{e(entry.name)}">{thumb}'
        f'<div class="ck-body"><div class="ck-kind">{e(_(KIND_LABELS.get(entry.kind, entry.kind)))}'
        f"</div>"
        f'<div class="ck-title">{e(entry.title)}</div>'
        f'<div class="ck-summary">{summary}</div>'
        f'<div class="ck-summary"><small>{e(" · ".join(facts))}</small></div>'
        f'<div class="ck-meta"><span>{level}</span><span class="ck-play">{action} ▸</span></div>'
        f"</div></a>"
    )


def _rate(win_rate: float | None) -> str:
    return "" if win_rate is None else _("bots win {pct}%", pct=round(100 * float(win_rate)))


def build_index(folder: str | os.PathLike[str], *, title: str | None = None) -> Path:
    """Write ``index.ipynb`` in ``folder`` listing every page there; return its path.

    In a gallery's language folder (``ru/``) the index speaks that language, and its
    cards' pictures are the gallery's own (one folder up).
    """
    root = Path(folder)
    lang = language_folder(root.name)
    entries = gallery_entries(root)
    with speaking(lang or SOURCE):
        title = title or _("Cipher Puzzle Gallery")
        tagline = _(
            "Crack codes, sneak through missions, outwit the bots. "
            "Pick a puzzle and press <b>Play</b>."
        )
        hero = f'<div class="ck-hero"><h1>{text_html(title)}</h1><p>{tagline}</p></div>'
        files = "../../files/" if lang else "../files/"
        empty = _("No puzzles published yet.")
        cards = "\n".join(_card(e, files) for e in entries) or f"<p>{empty}</p>"
    body = f'{STYLE}\n<div class="ck-gallery">{hero}\n<div class="ck-grid">\n{cards}\n</div></div>'
    meta: dict[str, Any] = {"kind": "index", "title": title, "pages": [e.name for e in entries]}
    if lang:
        meta["lang"] = lang
    return write_notebook(root / INDEX, [("markdown", body)], meta)
