"""Which language a visitor reads: the page's twin in another language, the switch.

A gallery has its pages in each language: ``X.ipynb`` (English) and ``ru/X.ipynb`` (its
Russian twin, :mod:`cipherkit.publish.translate`). A visitor's language is the
``cipherkit_lang`` cookie (set by a page's language switch, ``?lang=ru``), else their
Accept-Language, else English; a page asked for in another language than the visitor's
sends them to its twin when there is one. A page of the pseudo-locale's folder
(``en-XA/X.ipynb``, written for the tests' crawl) keeps every visitor but one who
chooses another language with the switch.

Examples
--------
>>> page_language("ru/intercept.ipynb"), page_language("intercept.ipynb")
('ru', 'en')
>>> page_language("en-XA/intercept.ipynb"), twin_path("en-XA/intercept.ipynb", "ru")
('en-XA', 'ru/intercept.ipynb')
>>> twin_path("ru/lessons/01.ipynb", "en"), twin_path("lessons/01.ipynb", "ru")
('lessons/01.ipynb', 'ru/lessons/01.ipynb')
"""

from __future__ import annotations

import os
from typing import Any

from cipherkit.i18n import COOKIE, LANGUAGES, PSEUDO, SOURCE, canonical, negotiate

__all__ = [
    "LANG_QUERY",
    "follows_visitor",
    "page_language",
    "twin",
    "twin_path",
    "visitor_language",
]

LANG_QUERY = "lang"
"""The query argument of a page's language switch (``?lang=ru``): remembered in a cookie."""

OTHERS = tuple(code for code in LANGUAGES if code != SOURCE)
FOLDERS = (*OTHERS, PSEUDO)
"""The folders of a gallery's translated pages (the pseudo-locale's only in tests)."""


def page_language(path: str) -> str:
    """The language of the page at ``path`` (relative to the gallery)."""
    first = path.strip("/").split("/", 1)[0]
    return first if first in FOLDERS else SOURCE


def follows_visitor(path: str) -> bool:
    """Whether a visitor's own language (cookie, Accept-Language) sends them from the page
    at ``path`` to its twin: not from a pseudo-locale page, which a test crawls in a
    browser of any language.

    >>> follows_visitor("ru/intercept.ipynb"), follows_visitor("en-XA/intercept.ipynb")
    (True, False)
    """
    return page_language(path) != PSEUDO


def twin_path(path: str, lang: str) -> str:
    """Where the page at ``path`` is in ``lang`` (whether or not it exists)."""
    bare = path.strip("/")
    if page_language(bare) != SOURCE:
        bare = bare.split("/", 1)[1]
    return bare if lang == SOURCE else f"{lang}/{bare}"


def twin(root_dir: str, path: str, lang: str) -> str | None:
    """:func:`twin_path` if that page exists in the gallery at ``root_dir``, else None."""
    target = twin_path(path, lang)
    return target if os.path.isfile(os.path.join(root_dir, target)) else None


def visitor_language(handler: Any) -> str:
    """The language of ``handler``'s visitor: the switch's cookie, else Accept-Language."""
    request = getattr(handler, "request", None)
    header = request.headers.get("Accept-Language") if request is not None else None
    try:
        cookie = handler.get_cookie(COOKIE)
    except Exception:  # a handler without cookies (never in the gallery)
        cookie = None
    return negotiate(header, cookie=cookie)


def chosen_language(handler: Any) -> str | None:
    """The language a page's switch asks for (``?lang=``), if it names one we speak."""
    value = handler.get_query_argument(LANG_QUERY, None)
    return canonical(value) if value else None
