"""Which language a page speaks: the viewer's cookie, else Accept-Language, else English.

Examples
--------
>>> from cipherkit.i18n.negotiate import negotiate
>>> negotiate("ru-RU,ru;q=0.9,en-US;q=0.8,en;q=0.7")
'ru'
>>> negotiate("de-DE,de;q=0.9"), negotiate(None), negotiate("de, ru;q=0.5")
('en', 'en', 'ru')
>>> negotiate("ru", cookie="en")
'en'
"""

from __future__ import annotations

from cipherkit.i18n.words import SOURCE, canonical

COOKIE = "cipherkit_lang"
"""The cookie the language switch sets (a choice that overrides Accept-Language)."""


def preferences(header: str | None) -> list[str]:
    """The tags of an Accept-Language header, best first (ties keep their order).

    >>> preferences("en;q=0.5, ru, *;q=0.1")
    ['ru', 'en', '*']
    """
    ranked: list[tuple[float, int, str]] = []
    for index, part in enumerate((header or "").split(",")):
        tag, _, rest = part.strip().partition(";")
        if not tag:
            continue
        quality = 1.0
        if rest.strip().startswith("q="):
            try:
                quality = float(rest.strip()[2:])
            except ValueError:
                quality = 0.0
        if quality > 0:
            ranked.append((-quality, index, tag.strip()))
    return [tag for _, _, tag in sorted(ranked)]


def negotiate(header: str | None, *, cookie: str | None = None) -> str:
    """The language to speak: a known cookie wins, then the header's best known tag."""
    chosen = canonical(cookie)
    if chosen:
        return chosen
    for tag in preferences(header):
        chosen = canonical(tag)
        if chosen:
            return chosen
    return SOURCE
