"""The cipher workbench and the exercise box: messages checked, secrets kept in the kernel."""

from __future__ import annotations

import json
from pathlib import Path

from cipherkit.ciphers.exercises import check_answer, make_check
from cipherkit.widgets.exercises import ExerciseBox
from cipherkit.widgets.workbench import Workbench

ROOT = Path(__file__).resolve().parents[2]


def test_encrypt_decrypt_and_board() -> None:
    bench = Workbench(text="Attack at dawn", cipher="vigenere", key="LEMON")
    bench.handle_message({"type": "run", "direction": "encrypt"})
    assert bench.view["output"] == "Lxfopv ef rnhr"
    bench.handle_message({"type": "assign", "cipher_letter": "A", "plain_letter": "Q"})
    bench.handle_message({"type": "assign", "cipher_letter": "T", "plain_letter": "Q"})
    assert bench.view["board"] == {"T": "Q"}
    assert len(bench.view["frequencies"]) == 26


def test_bad_messages_are_refused() -> None:
    bench = Workbench(text="abc")
    for bad in (
        ["x"],
        {"type": "run", "direction": "sideways"},
        {"type": "set", "text": 5},
        {"type": "nope"},
        {"type": "assign", "cipher_letter": "AB", "plain_letter": "C"},
    ):
        bench.handle_message(bad)
        assert bench.view["message"].startswith("refused")


def test_secret_never_reaches_the_page() -> None:
    secret = "the crown jewels are under the stairs"
    bench = Workbench(cipher="caesar", key="11", secret=secret)
    state = json.dumps(bench.get_state())
    assert "CROWN" not in state.upper() and bench.view["key"] == ""
    bench.handle_message({"type": "set", "text": "replace it"})
    assert "replace" not in bench.view["text"]
    bench.set_state({"view": {"text": "forged"}})
    assert bench.view["text"] != "forged"


def test_exercise_checker_and_no_answer_in_lessons() -> None:
    salt, digest = make_check("Orchard", salt="v4")
    assert check_answer("orchard", salt, digest) and not check_answer("orchid", salt, digest)
    box = ExerciseBox("key?", salt, digest)
    box.answer.value = "wrong"
    box.submit()
    assert box.result.value.startswith("✗")
    box.answer.value = "ORCHARD"
    box.submit()
    assert box.result.value.startswith("✓")
    lesson = (ROOT / "notebooks/lessons/04-vigenere-and-kasiski.ipynb").read_text()
    assert digest in lesson and "ORCHARD" not in lesson.upper()
    fresh = ExerciseBox("key?", salt, digest)
    parts = [fresh, fresh.answer, fresh.button, fresh.result, *fresh.children]
    state = json.dumps([w.get_state() for w in parts], default=str)
    assert "ORCHARD" not in state.upper()
