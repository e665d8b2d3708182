"""The lessons' exercises as the tests know them: each lesson's answers, in order, and
the ``ExerciseBox(...)`` calls read from a lesson's code."""

from __future__ import annotations

import ast
import json
from pathlib import Path

LESSON_ANSWERS = {
    "01-caesar-and-brute-force": ["You can read this message", "25"],
    "02-substitution-and-frequency": ["E", "Tuesdays"],
    "03-glyph-ciphers": ["8"],
    "04-vigenere-and-kasiski": ["ORCHARD"],
    "05-transposition": ["SEND MORE SUPPLIES TO THE BRIDGE"],
    "06-codebooks-and-reuse": ["2"],
    "07-deduction-and-information": ["10"],
    "08-build-your-own-puzzle": ["bring a lantern and a map"],
    "09-one-time-pad": ["MIDNIGHT", "EHATO", "BRING THE MAPS TO THE MILL"],
    "10-modular-arithmetic": ["15", "MEET ME AT NOON", "THE GUARDS MEET AT THE WEST GATE AT TEN"],
    "11-hashing-and-passwords": ["d1068bee", "14", "39"],
    "12-rsa-small-numbers": ["27", "OPEN SESAME", "480913"],
    "13-key-exchange": ["4", "18", "911"],
    "14-steganography": ["MEET ME AT THE LIGHTHOUSE AT DUSK", "11246", "A"],
}
"""Each lesson's exercise answers, in the order of its exercises."""


def lesson_exercises(path: Path) -> list[tuple[str, str, str]]:
    """``(question, salt, digest)`` of every ``ExerciseBox(...)`` in a lesson's code."""
    found = []
    for cell in json.loads(path.read_text(encoding="utf-8"))["cells"]:
        if cell["cell_type"] != "code":
            continue
        for node in ast.walk(ast.parse("".join(cell["source"]))):
            if isinstance(node, ast.Call) and getattr(node.func, "id", "") == "ExerciseBox":
                args = [ast.literal_eval(a) for a in node.args]
                args += [ast.literal_eval(k.value) for k in node.keywords]
                found.append(tuple(args))
    return found
