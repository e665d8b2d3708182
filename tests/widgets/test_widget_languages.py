"""Widgets speak their viewer's language (issue 47): the exercise box, and two widgets
of one kernel in two languages."""

from __future__ import annotations

import re

from cipherkit.ciphers.exercises import make_check
from cipherkit.widgets.exercises import ExerciseBox

LATIN_RUN = re.compile(r"[A-Za-z]{3,}")


def bare(words: str) -> str:
    """Words without their ``{placeholders}``."""
    return re.sub(r"\{\w+\}", "", words)


def test_an_exercise_box_in_russian_checks_and_refuses_in_russian() -> None:
    box = ExerciseBox("Decrypt KHOOR", *make_check("hello", salt="x"), lang="ru")
    english = ExerciseBox("Decrypt KHOOR", *make_check("hello", salt="x"))
    assert box.lang == "ru" and english.lang == "en"
    assert all(not LATIN_RUN.search(bare(w)) for w in box.words.values()), box.words
    assert box.check("help") == "✗ пока нет" and box.check("hello") == "✓ верно"
    assert english.check("hello") == "✓ correct"
    box.handle_message({"type": "check", "answer": 5})
    assert box.message == "refused: ответ — текст не длиннее 500 знаков"
    box.handle_message({"type": "nonsense"})
    assert box.message == "refused: страница может присылать только ответ на проверку"
    english.handle_message({"type": "nonsense"})
    assert english.message == "refused: the page may only send an answer to check"
