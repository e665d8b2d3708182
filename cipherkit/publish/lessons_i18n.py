"""Lessons in the reader's language: each markdown cell from the ``lessons`` catalog.

A lesson's words live in its markdown cells; its code is shared by every language. The
``lessons`` gettext domain holds each markdown cell of ``notebooks/lessons/*.ipynb`` as
one message (the whole cell, its context the lesson's file name), extracted, merged and
compiled by ``scripts/lesson_catalogs.py`` (``scripts/catalogs.py compile`` builds it
too). :func:`translate_lesson` swaps each cell for its translation; a cell whose English
changed since it was translated (no translation, or a fuzzy one) stays English, and a
note at the top of the page says how many are behind.

Examples
--------
>>> from cipherkit.publish.lessons_i18n import translate_lesson
>>> lesson = {"metadata": {}, "cells": [
...     {"cell_type": "markdown", "metadata": {}, "source": "## Your turn"},
...     {"cell_type": "code", "metadata": {}, "source": "1 + 1",
...      "outputs": [], "execution_count": None},
...     {"cell_type": "markdown", "metadata": {}, "source": "A cell written today."}]}
>>> page, behind = translate_lesson(lesson, "ru", name="07-deduction-and-information.ipynb")
>>> behind, page["metadata"]["cipherkit"]["lang"]
(1, 'ru')
>>> for cell in page["cells"]:
...     print(cell["source"])
Перевод этой страницы отстаёт от английской версии: 1 абзац показан по-английски.
## Ваша очередь
1 + 1
A cell written today.
"""

from __future__ import annotations

import copy
import gettext
from collections.abc import Mapping
from functools import cache
from typing import Any

from cipherkit.i18n import SOURCE, canonical
from cipherkit.i18n.words import LOCALE_DIR

DOMAIN = "lessons"
"""The gettext domain of the lessons' text (``cipherkit/locale/<lang>/LC_MESSAGES/lessons.mo``)."""

BEHIND_TAG = "cipherkit-translation-behind"
"""The tag of the note cell :func:`translate_lesson` puts first on a page that is behind."""

_MISSING = "\x00cipherkit: not translated\x00"


class _Missing(gettext.NullTranslations):
    """The last fallback: says a message is not in the catalog instead of echoing it."""

    def pgettext(self, context: str, message: str) -> str:
        return _MISSING


@cache
def lesson_catalog(lang: str) -> gettext.NullTranslations:
    """The compiled ``lessons`` catalog of ``lang`` (a supported tag such as ``"ru"``).

    English, and a language whose catalog is not compiled, get a catalog that holds
    nothing (every cell keeps its English).

    >>> lesson_catalog("ru").pgettext("07-deduction-and-information.ipynb", "## Your turn")
    '## Ваша очередь'
    """
    path = LOCALE_DIR / lang.replace("-", "_") / "LC_MESSAGES" / f"{DOMAIN}.mo"
    if lang == SOURCE:
        return gettext.NullTranslations()
    try:
        with path.open("rb") as handle:
            translations: gettext.NullTranslations = gettext.GNUTranslations(handle)
    except OSError:
        translations = gettext.NullTranslations()
    translations.add_fallback(_Missing())
    return translations


def note_ngettext(
    singular: str, plural: str, n: int, translations: gettext.NullTranslations
) -> str:
    """A sentence of this module in the catalog's language, ``{n}`` filled.

    ``scripts/lesson_catalogs.py`` extracts the calls of this function into the
    ``lessons`` template, beside the lessons' cells.

    >>> note_ngettext("{n} cell", "{n} cells", 2, lesson_catalog("en"))
    '2 cells'
    """
    return translations.ngettext(singular, plural, n).format(n=n)


def behind_note(n: int, translations: gettext.NullTranslations) -> str:
    """The note that ``n`` cells of the page are still in English.

    >>> behind_note(22, lesson_catalog("ru"))
    'Перевод этой страницы отстаёт от английской версии: 22 абзаца показаны по-английски.'
    """
    return note_ngettext(
        "The translation of this page is behind the English version: "
        "{n} paragraph is shown in English.",
        "The translation of this page is behind the English version: "
        "{n} paragraphs are shown in English.",
        n,
        translations,
    )


def _text(source: str | list[str]) -> str:
    return source if isinstance(source, str) else "".join(source)


def _like(source: str | list[str], text: str) -> str | list[str]:
    """``text`` in the form ``source`` had: one string, or a list of lines."""
    return text if isinstance(source, str) else text.splitlines(keepends=True)


def translate_lesson(
    notebook: Mapping[str, Any], lang: str, *, name: str | None = None
) -> tuple[dict[str, Any], int]:
    """The lesson ``notebook`` in ``lang``, and how many of its cells are still English.

    Parameters
    ----------
    notebook
        A lesson's source notebook (``notebooks/lessons/*.ipynb`` read as JSON): the
        markdown cells are the catalog's messages. It is not changed.
    lang
        A language tag (``"ru"``, ``"ru-RU"``, ``"en-XA"``); an unknown one means English.
    name
        The lesson's file name, the messages' context (default: the notebook's
        ``metadata.cipherkit.lesson``, which a published lesson page carries).

    Returns
    -------
    tuple
        ``(page, behind)``: a copy of the notebook whose code cells are unchanged and
        whose markdown cells are each replaced by their translation, and the number of
        markdown cells with no translation (or a fuzzy one), which keep their English.
        When ``behind`` is not 0 the page starts with a markdown cell (tagged
        :data:`BEHIND_TAG`) saying so in ``lang``. ``metadata.cipherkit.lang`` is the
        language of the page (for ``<html lang>``) and ``metadata.cipherkit.behind``
        the count.

    Raises
    ------
    ValueError
        If no ``name`` is given and the notebook does not carry one.
    """
    page = copy.deepcopy(dict(notebook))
    chosen = canonical(lang) or SOURCE
    context = name or page.get("metadata", {}).get("cipherkit", {}).get("lesson")
    if not context:
        raise ValueError("translate_lesson: give the lesson's file name (name=...)")
    behind = 0
    if chosen != SOURCE:
        translations = lesson_catalog(chosen)
        for cell in page.get("cells", []):
            if cell.get("cell_type") != "markdown":
                continue
            english = _text(cell.get("source", ""))
            if not english.strip():
                continue
            words = translations.pgettext(context, english)
            if words == _MISSING:
                behind += 1
            else:
                cell["source"] = _like(cell.get("source", ""), words)
        if behind:
            note = {
                "cell_type": "markdown",
                "metadata": {"tags": [BEHIND_TAG]},
                "source": behind_note(behind, translations),
            }
            page["cells"] = [note, *page.get("cells", [])]
    meta = page.setdefault("metadata", {}).setdefault("cipherkit", {})
    meta["lang"] = chosen
    meta["behind"] = behind
    return page, behind
