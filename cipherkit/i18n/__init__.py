"""Words in the viewer's language: catalogs, structured messages and language choice.

>>> from cipherkit.i18n import _, say, speaking
>>> with speaking("ru"):
...     _("the game is over"), str(say("the game is over"))
('игра окончена', 'игра окончена')
"""

from cipherkit.i18n.message import Message, nsay, psay, say, text, words_of
from cipherkit.i18n.negotiate import COOKIE, negotiate
from cipherkit.i18n.words import (
    LANGUAGES,
    N_,
    PSEUDO,
    SOURCE,
    _,
    canonical,
    default_language,
    language,
    ngettext,
    pgettext,
    speaking,
    use,
)

__all__ = [
    "COOKIE",
    "LANGUAGES",
    "N_",
    "PSEUDO",
    "SOURCE",
    "Message",
    "_",
    "canonical",
    "default_language",
    "language",
    "negotiate",
    "ngettext",
    "nsay",
    "pgettext",
    "psay",
    "say",
    "speaking",
    "text",
    "use",
    "words_of",
]
