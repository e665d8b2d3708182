"""The cipher workbench and the exercise box: messages checked, secrets kept in the kernel.

The lessons' exercise answers are known to the tests (:mod:`tests.widgets.lessons`) and
nowhere in the lessons or their pages (only a salt and a hash are); here
:data:`LESSON_ANSWERS` is checked against every lesson's hashes, and the browser suite
uses it to look for leaks and to answer on the page.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from cipherkit.ciphers import Substitution
from cipherkit.ciphers.exercises import check_answer, make_check, normalise
from cipherkit.widgets import ExerciseBox, Workbench
from tests.widgets.lessons import LESSON_ANSWERS, lesson_exercises

ROOT = Path(__file__).resolve().parents[2]
LESSONS = sorted((ROOT / "notebooks" / "lessons").glob("*.ipynb"))


def test_encrypt_decrypt_and_board() -> None:
    bench = Workbench(text="Attack at dawn", cipher="vigenere", key="LEMON")
    bench.handle_message({"type": "run", "direction": "encrypt"})
    assert bench.view["output"] == "Lxfopv ef rnhr"
    bench.handle_message({"type": "set", "text": "Lxfopv ef rnhr"})
    bench.handle_message({"type": "run", "direction": "decrypt"})
    assert bench.view["output"] == "Attack at dawn"
    bench.handle_message({"type": "assign", "cipher_letter": "A", "plain_letter": "Q"})
    bench.handle_message({"type": "assign", "cipher_letter": "T", "plain_letter": "Q"})
    assert bench.view["board"] == {"T": "Q"} and bench.message == ""
    assert len(bench.view["frequencies"]) == 26


def test_a_hint_fills_one_board_letter_from_the_solver() -> None:
    bench = Workbench(text="Wkh hdjoh kdv odqghg dw wkh rog plo diwhu gdun", cipher="caesar")
    bench.handle_message({"type": "hint"})
    assert bench.message.startswith("hint: ") and len(bench.view["board"]) == 1
    bench.handle_message({"type": "clear"})
    assert bench.view["board"] == {}
    short = Workbench(text="abc")
    short.handle_message({"type": "hint"})
    assert short.message.startswith("refused: hints need")


def test_a_hint_on_a_letter_another_reading_reads_otherwise_says_so() -> None:
    """In "... because the storm had stopped" the letter of M occurs once: STORY fits
    too. The hint for that letter names the other reading; hints for letters every
    close reading agrees on do not."""
    cipher = Substitution.random(4)
    plain = "we waited for hours at the station because the storm had stopped"
    bench = Workbench(text=cipher.encrypt(plain), cipher="keyword")
    storm_letter = cipher.encrypt("M").upper()
    notes: dict[str, str] = {}
    for _ in range(18):  # one hint per distinct letter (17), then one more
        bench.handle_message({"type": "hint"})
        letter = bench.message.split()[1] if "stands for" in bench.message else "done"
        notes[letter] = bench.message
    assert set(bench.view["board"]) == set(cipher.encrypt(plain).upper()) - {" "}
    doubtful = {letter for letter, note in notes.items() if "Also fits" in note}
    assert storm_letter in doubtful and "done" in doubtful, notes
    for letter in (storm_letter, "done"):
        assert {"STORM", "STORY"} <= set(re.findall(r"STOR[MY]", notes[letter]))
        assert "times less likely by the model." in notes[letter]
    common = cipher.encrypt("E").upper()
    assert notes[common] == f"hint: {common} stands for E (the solver's guess)."


def test_bad_messages_are_refused_and_change_nothing() -> None:
    bench = Workbench(text="abc")
    before = dict(bench.view)
    for bad in (
        ["x"],
        {"type": "run", "direction": "sideways"},
        {"type": "set", "text": 5},
        {"type": "set", "text": "new", "cipher": "enigma"},
        {"type": "nope"},
        {"type": "assign", "cipher_letter": "AB", "plain_letter": "C"},
        {"type": "set", "text": "x" * 5000},
    ):
        bench.handle_message(bad)
        assert bench.message.startswith("refused"), bad
        assert bench.view == before, bad
    bench.handle_message({"type": "set", "cipher": "affine", "key": "2,3"})
    bench.handle_message({"type": "run", "direction": "encrypt"})
    assert bench.message.startswith("refused: affine a must be coprime")


def test_secret_and_its_key_never_reach_the_page() -> None:
    secret = "the crown jewels are under the stairs"
    bench = Workbench(cipher="caesar", key="11", secret=secret)
    state = json.dumps(bench.get_state())
    assert "CROWN" not in state.upper() and bench.view["key"] == ""
    bench.handle_message({"type": "set", "text": "replace it"})
    assert bench.message.startswith("refused") and "replace" not in bench.view["text"]
    for direction in ("decrypt", "encrypt"):  # the hidden key is not used
        bench.handle_message({"type": "run", "direction": direction})
        assert "CROWN" not in bench.view["output"].upper()
    bench.handle_message({"type": "set", "key": "11"})  # ... the student's own key is
    bench.handle_message({"type": "run", "direction": "decrypt"})
    assert bench.view["output"] == secret
    bench.set_state({"view": {"text": "forged"}})
    assert bench.view["text"] != "forged" and bench.message.startswith("refused: the page")


def test_exercise_box_checks_in_the_kernel_and_holds_no_answer() -> None:
    salt, digest = make_check("Orchard", salt="v4")
    assert check_answer("orchard", salt, digest) and not check_answer("orchid", salt, digest)
    box = ExerciseBox("key?", salt, digest)
    state = json.dumps(box.get_state(), default=str)
    assert "ORCHARD" not in state.upper() and salt not in state and digest not in state
    assert box.check("wrong").startswith("✗") and not box.view["solved"]
    assert box.check("ORCHARD").startswith("✓") and box.view["solved"]
    for bad in ({"type": "check"}, {"type": "reveal"}, {"type": "check", "answer": 1}, "x"):
        box.handle_message(bad)
        assert box.message.startswith("refused"), bad
    box.set_state({"view": {"question": "key?", "result": "✓ correct", "solved": False}})
    assert box.view["solved"] and box.message.startswith("refused: the page")


@pytest.mark.parametrize("lesson", LESSONS, ids=lambda p: p.stem)
def test_every_lesson_exercise_is_answered_here_and_not_in_the_lesson(lesson: Path) -> None:
    exercises = lesson_exercises(lesson)
    answers = LESSON_ANSWERS[lesson.stem]
    assert len(exercises) == len(answers) >= 1
    source = re.sub(r"[^A-Z0-9]", "", lesson.read_text(encoding="utf-8").upper())
    for (_question, salt, digest), answer in zip(exercises, answers, strict=True):
        assert check_answer(answer, salt, digest), (lesson.stem, answer)
        if len(normalise(answer)) >= 4:
            assert normalise(answer) not in source, (lesson.stem, answer)
