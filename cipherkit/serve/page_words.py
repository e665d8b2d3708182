"""The words of a page's own frame, in the page's language: the loading line, the
language switch, and what ``static/light.js``, ``watch.js`` and ``page.js`` say when the
server goes away (the template writes them into the page as data; no English in them).

>>> words = page_words("ru", "Перехват")
>>> words["running"], words["language"]
('Загружается «Перехват»…', 'Язык')
>>> [(link["lang"], link["name"]) for link in language_links("ru")]
[('en', 'English')]
"""

from __future__ import annotations

import json
from typing import Any

from cipherkit.i18n import LANGUAGES, N_, _, canonical, speaking

__all__ = ["PAGE_WORDS", "language_links", "page_words", "page_words_json"]

PAGE_WORDS = {
    "language": N_("Language"),
    "executing": N_("Running cell {i} of {n}"),
    "reload": N_("Reload"),
    "reconnect_room": N_("Reconnecting to your room… your seat is kept."),
    "reconnect_saved": N_("Reconnecting… your game is saved and goes on where you left it."),
    "stopped": N_(
        "The game on the server has stopped, so moves made now are not sent. "
        "Reload the page to start again."
    ),
    "lost": N_(
        "The connection to the server was lost, so moves made now are not sent. "
        "Reload the page to start again."
    ),
    "not_sent": N_(
        "That move was not sent: the game on the server has stopped. "
        "Reload the page to start again."
    ),
    "undrawable": N_("This part of the page could not be drawn."),
    "closed": N_("This table has been closed. Reload the page to start again."),
    "unreachable": N_(
        "The page could not reach its game on the server. Reload the page to try again."
    ),
}
"""Key -> English of every word the page's frame says (its scripts read them by key)."""


def page_words(lang: str | None, title: str = "") -> dict[str, str]:
    """:data:`PAGE_WORDS` in ``lang``, and the loading line for the page ``title``."""
    with speaking(canonical(lang) or "en"):
        words = {key: _(english) for key, english in PAGE_WORDS.items()}
        words["running"] = _("Loading “{title}”…", title=title) if title else _("Loading…")
    return words


def page_words_json(lang: str | None, title: str = "") -> str:
    """:func:`page_words` as JSON (the template's data attribute)."""
    return json.dumps(page_words(lang, title), ensure_ascii=False)


def language_links(lang: str | None) -> list[dict[str, Any]]:
    """The page's language switch: every other language, named in itself, as a link to
    the same address with ``?lang=`` (the server sends the visitor to the page's twin)."""
    here = canonical(lang) or "en"
    return [
        {"lang": code, "name": name, "href": f"?lang={code}"}
        for code, name in LANGUAGES.items()
        if code != here
    ]
