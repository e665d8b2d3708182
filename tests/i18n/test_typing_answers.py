"""Look-alike letters in typed answers (issue 47 item 6): a Cyrillic Е in a lesson answer
E is right, Latin C, O, K in a Cyrillic answer СОК too, and a Cyrillic look-alike on the
workbench's board is the Latin letter. Wrong answers stay wrong. The mission game's
proposal and Intercept's keyword guesses: tests/games/mission/test_mission_lookalike_answer.py
and tests/games/intercept/test_intercept_lookalike_keywords.py."""

from __future__ import annotations

from pathlib import Path

from cipherkit.ciphers.exercises import make_checks
from cipherkit.widgets import ExerciseBox
from cipherkit.widgets.workbench import Workbench
from tests.widgets.lessons import lesson_exercises

ROOT = Path(__file__).resolve().parents[2]


def test_a_cyrillic_lookalike_answer_in_a_lesson_box_is_right() -> None:
    lesson = ROOT / "notebooks" / "lessons" / "02-substitution-and-frequency.ipynb"
    question, salt, digests = lesson_exercises(lesson)[0]  # the answer is E
    box = ExerciseBox(question, salt, digests)
    assert box.check("\u0415") == "✓ correct"  # a Cyrillic Е
    assert box.check("the letter \u0435") == "✓ correct"
    assert box.check("\u0422") == "✗ not yet"  # a Cyrillic Т: the letter T, still wrong
    assert box.check("Ё") == "✗ not yet"
    box.close()


def test_latin_lookalikes_in_a_cyrillic_answer_are_right() -> None:
    box = ExerciseBox("Что в стакане?", *make_checks(["сок", "это сок"], salt="ru"))
    assert box.check("COK") == "✓ correct"  # Latin C, O, K
    assert box.check("Это cок!") == "✓ correct"
    assert box.check("CYK") == "✗ not yet" and box.check("juice") == "✗ not yet"
    box.close()


def test_a_cyrillic_lookalike_letter_on_the_workbench_board() -> None:
    bench = Workbench(text="Wkh hdjoh kdv odqghg", cipher="caesar")
    bench.handle_message({"type": "assign", "cipher_letter": "\u0445", "plain_letter": "\u0415"})
    assert bench.view["board"] == {"X": "E"} and bench.message == ""
    bench.handle_message({"type": "assign", "cipher_letter": "H", "plain_letter": "Ж"})
    assert bench.message.startswith("refused: assign one letter A-Z")
    assert bench.view["board"] == {"X": "E"}
    bench.close()
