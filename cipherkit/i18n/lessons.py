"""The ``lessons`` catalog: the lessons' own words (their markdown and their exercises'
questions), which ``scripts/lesson_catalogs.py`` extracts from the notebooks. The lesson
pages' exercise boxes and the worksheets read a question here.

>>> from cipherkit.i18n import speaking
>>> with speaking("ru"):
...     question_words("What does the message say?"), question_words("Which day?")
('Что говорится в сообщении?', 'Which day?')
"""

from __future__ import annotations

import gettext
from functools import cache

from cipherkit.i18n import SOURCE, language
from cipherkit.i18n.words import LOCALE_DIR

__all__ = ["QUESTION_CONTEXT", "lesson_words", "question_words"]

QUESTION_CONTEXT = "ExerciseBox"
"""The context of a lesson's exercise question in the ``lessons`` catalog, where
``scripts/lesson_catalogs.py`` puts the question of each ``ExerciseBox(...)`` call."""


@cache
def lesson_words(lang: str) -> gettext.NullTranslations:
    """The compiled ``lessons`` catalog of ``lang`` (English, none: the words as written)."""
    if lang == SOURCE:
        return gettext.NullTranslations()
    path = LOCALE_DIR / lang.replace("-", "_") / "LC_MESSAGES" / "lessons.mo"
    try:
        with path.open("rb") as handle:
            return gettext.GNUTranslations(handle)
    except OSError:
        return gettext.NullTranslations()


def question_words(question: str) -> str:
    """An exercise's question in the language in force: a lesson's from the ``lessons``
    catalog, any other as it is written."""
    return lesson_words(language()).pgettext(QUESTION_CONTEXT, question)
