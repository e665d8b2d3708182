"""A gallery in each language: the twins of its own pages (``ru/intercept.ipynb``) and
an index per language (``ru/index.ipynb``).

A twin keeps its page's code (and runs :func:`~cipherkit.publish.pages.speak_cell`
first, so its kernel speaks the language); its markdown and card come from the
``lessons`` catalog (the page's file name the context, ``scripts/lesson_catalogs.py``),
and its links bar is written again in the language. A paragraph with no translation
stays English and the page says so, as a lesson's does.

Examples
--------
>>> import json
>>> page = json.load(open("puzzles/intercept.ipynb", encoding="utf-8"))
>>> twin = translate_page(page, "intercept.ipynb", "ru")
>>> twin["metadata"]["cipherkit"]["title"], twin["metadata"]["cipherkit"]["lang"]
('Перехват: взломайте код соперников', 'ru')
>>> [c["cell_type"] for c in twin["cells"]]  # as many cells as the page
['markdown', 'code']
>>> "".join(twin["cells"][1]["source"]).splitlines()[2]  # its code speaks first
'use("ru")'
"""

from __future__ import annotations

import copy
import json
import re
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from cipherkit.core.errors import CipherkitError
from cipherkit.i18n import SOURCE, canonical, speaking
from cipherkit.publish.gallery import LANGUAGE_FOLDERS, build_index, language_folder
from cipherkit.publish.lessons_i18n import BEHIND_TAG, behind_note, lesson_catalog
from cipherkit.publish.nav import back_link, nav_html

__all__ = ["OWN_KINDS", "translate_page", "write_twins"]

OWN_KINDS = ("game", "studio")
"""The kinds of a gallery's own pages (not made from a mission or a lesson): their twins
are made here; a lesson's by :func:`~cipherkit.publish.pages.publish_lessons`."""

_NAV = re.compile(r'\A<nav class="ck-nav".*?</nav>\s*', re.DOTALL)
_MISSING = "\x00cipherkit: not translated\x00"
_CARD = ("title", "summary", "players")


def _lines(text: str) -> list[str]:
    return text.splitlines(keepends=True)


def translate_page(notebook: dict[str, Any], name: str, lang: str) -> dict[str, Any]:
    """The twin in ``lang`` of the gallery page ``notebook`` (read as JSON) called ``name``."""
    code = canonical(lang) or SOURCE
    catalog = lesson_catalog(code)
    twin = copy.deepcopy(notebook)
    behind = 0

    def words(text: str) -> str:
        nonlocal behind
        found = catalog.pgettext(name, text)
        if found == _MISSING or (found == text and code != SOURCE):
            behind += 1
            return text
        return found

    meta = twin.setdefault("metadata", {}).setdefault("cipherkit", {})
    for key in _CARD:
        if meta.get(key):
            meta[key] = words(str(meta[key]))
    if meta.get("title"):
        twin["metadata"]["title"] = meta["title"]
    meta["lang"] = code
    cells = []
    with speaking(code):
        for cell in twin.get("cells", []):
            source = "".join(cell.get("source", ""))
            if cell.get("cell_type") == "markdown":
                bar = _NAV.match(source)
                rest = source[bar.end() :] if bar else source
                text = words(rest) if rest.strip() else rest
                text = text.replace("](images/", "](../images/")  # the pictures: ours
                cell["source"] = _lines((nav_html([back_link()]) + "\n\n" if bar else "") + text)
            cells.append(cell)
        from cipherkit.publish.pages import speak_cell, spoken

        first_code = next((c for c in cells if c.get("cell_type") == "code"), None)
        if first_code is not None:  # the page's first code cell speaks first
            first_code["source"] = _lines(spoken("".join(first_code.get("source", "")), code))
        else:
            cells.append(
                {
                    "cell_type": "code",
                    "id": "ck-lang",
                    "metadata": {},
                    "source": _lines(speak_cell(code)),
                    "execution_count": None,
                    "outputs": [],
                }
            )
        if behind:
            note = behind_note(behind, catalog)
            cells.insert(
                0,
                {
                    "cell_type": "markdown",
                    "id": "ck-behind",
                    "metadata": {"tags": [BEHIND_TAG]},
                    "source": _lines(note),
                },
            )
    twin["cells"] = cells
    meta["behind"] = behind
    return twin


def write_twins(folder: str | Path, languages: Iterable[str] = LANGUAGE_FOLDERS) -> list[Path]:
    """Write the twin of each of the gallery's own pages in each of ``languages``'
    folders of ``folder`` (the gallery's: ``ru/``; a test may ask for the pseudo-locale's
    ``en-XA/``), then each language's index; returns the files written."""
    root = Path(folder)
    chosen = sorted(set(languages))
    for lang in chosen:
        if language_folder(lang) is None:
            raise CipherkitError.say("{lang}: not a language a gallery has pages in", lang=lang)
    written: list[Path] = []
    for path in sorted(root.glob("*.ipynb")):
        try:
            page = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, ValueError) as exc:
            raise CipherkitError.say("{file}: not a notebook ({exc})", file=path, exc=exc) from None
        if (page.get("metadata", {}).get("cipherkit") or {}).get("kind") not in OWN_KINDS:
            continue
        for lang in chosen:
            target = root / lang / path.name
            target.parent.mkdir(parents=True, exist_ok=True)
            text = json.dumps(translate_page(page, path.name, lang), indent=1, ensure_ascii=False)
            target.write_text(text + "\n", encoding="utf-8")
            written.append(target)
    written += [build_index(root / lang) for lang in chosen if (root / lang).is_dir()]
    return written
