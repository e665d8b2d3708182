"""Words in the viewer's language: ``_``, ``ngettext`` and the language in force.

The language belongs to whoever reads, not to the process: :func:`speaking` sets it for
one block (a seat's view, a refusal), :func:`use` sets the default for the process (the
command line, a published page's kernel). Catalogs are the compiled ``.mo`` files under
``cipherkit/locale`` read with the standard library's :mod:`gettext`; nothing is
compiled at run time (``scripts/catalogs.py`` builds them).

Examples
--------
>>> from cipherkit.i18n import _, speaking
>>> _("it is {name}'s turn", name="Mara")
"it is Mara's turn"
>>> with speaking("ru"):
...     _("the game is over")
'игра окончена'
"""

from __future__ import annotations

import gettext
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from functools import cache
from pathlib import Path
from typing import Any

DOMAIN = "cipherkit"
"""The gettext domain of everything the package says (lessons have their own)."""

SOURCE = "en"
"""The language the code is written in: its words are the catalog's ids."""

PSEUDO = "en-XA"
"""The pseudo-locale: every catalog string marked ``⟦…⟧`` (tests find words outside it)."""

LANGUAGES: dict[str, str] = {"en": "English", "ru": "Русский"}
"""The languages a viewer may choose, each named in itself (the pseudo-locale is not listed)."""

LOCALE_DIR = Path(__file__).resolve().parent.parent / "locale"

_default = SOURCE
_current: ContextVar[str | None] = ContextVar("cipherkit_language", default=None)


def canonical(tag: str | None) -> str | None:
    """A supported language for a tag such as ``"ru-RU"`` or ``"ru_RU.UTF-8"``, else None.

    >>> canonical("ru_RU.UTF-8"), canonical("EN-gb"), canonical("en-XA"), canonical("de")
    ('ru', 'en', 'en-XA', None)
    """
    if not tag:
        return None
    tag = tag.strip().split(".")[0].replace("_", "-")
    if tag.lower() == PSEUDO.lower():
        return PSEUDO
    base = tag.split("-")[0].lower()
    return base if base in LANGUAGES else None


def use(language: str | None) -> str:
    """Set the process's default language (unknown tags fall back to English); returns it.

    >>> use("ru-RU"), use("xx"), use("en")
    ('ru', 'en', 'en')
    """
    global _default
    _default = canonical(language) or SOURCE
    return _default


def default_language() -> str:
    """The process's default language (what :func:`use` set last)."""
    return _default


def language() -> str:
    """The language in force here: the innermost :func:`speaking`, else the default."""
    return _current.get() or _default


@contextmanager
def speaking(lang: str | None) -> Iterator[str]:
    """Words inside the block are in ``lang`` (None or unknown: the language in force)."""
    chosen = canonical(lang) or language()
    token = _current.set(chosen)
    try:
        yield chosen
    finally:
        _current.reset(token)


@cache
def catalog(lang: str) -> gettext.NullTranslations:
    """The compiled catalog of ``lang`` (English and a missing file: the words as written)."""
    if lang == SOURCE:
        return gettext.NullTranslations()
    folder = lang.replace("-", "_")
    path = LOCALE_DIR / folder / "LC_MESSAGES" / f"{DOMAIN}.mo"
    try:
        with path.open("rb") as handle:
            return gettext.GNUTranslations(handle)
    except OSError:
        return gettext.NullTranslations()


def _fill(text: str, params: dict[str, Any]) -> str:
    return text.format(**params) if params else text


def _(text: str, /, **params: Any) -> str:
    """``text`` in the language in force, its ``{placeholders}`` filled from ``params``."""
    return _fill(catalog(language()).gettext(text), params)


def ngettext(singular: str, plural: str, n: int, /, **params: Any) -> str:
    """The plural form for ``n`` (Russian: one, few, many); ``{n}`` is filled too.

    >>> [ngettext("{n} card", "{n} cards", n) for n in (1, 2)]
    ['1 card', '2 cards']
    """
    return _fill(catalog(language()).ngettext(singular, plural, n), {"n": n, **params})


def pgettext(context: str, text: str, /, **params: Any) -> str:
    """``text`` in a context that tells two same English words apart (``"card"``, ``"verb"``)."""
    return _fill(catalog(language()).pgettext(context, text), params)


def N_(text: str, /) -> str:
    """Mark ``text`` for the catalog without translating it (a constant said later with ``_``)."""
    return text
