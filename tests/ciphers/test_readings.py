"""Other readings of a solved substitution: what ``crack`` lists under "also fits"."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import numpy as np

from cipherkit.ciphers import Caesar, Substitution, crack_text, letters_only
from cipherkit.ciphers.readings import MARGIN, other_readings
from cipherkit.ciphers.substitution_solver import BREAK_WORD_WEIGHT, KeyScore
from cipherkit.ciphers.text import letter_codes, words_of

CLI = Path(__file__).resolve().parents[2] / ".venv" / "bin" / "cipherkit"
STORM = "We waited at the station because the storm had stopped."


def is_reading_of(cipher_text: str, plain: str) -> bool:
    """Whether ``plain`` is a substitution reading of ``cipher_text``: one plain letter
    per ciphertext letter and one ciphertext letter per plain letter."""
    pairs = set(zip(letters_only(cipher_text), plain, strict=True))
    return len({a for a, _ in pairs}) == len(pairs) == len({b for _, b in pairs})


def test_the_reading_a_letter_seen_once_allows_is_listed() -> None:
    secret = Substitution.random(4).encrypt(STORM)
    result = crack_text(secret)
    assert result.cipher == "substitution"
    readings = {letters_only(result.plaintext), *(r.plaintext for r in result.alternatives)}
    truth = letters_only(STORM)
    assert truth in readings  # chosen, or listed as also fitting
    assert truth.replace("STORM", "STORY") in readings
    other = next(r for r in result.alternatives if "STOR" in "".join(b for _, b in r.changes))
    assert {a for a, _ in other.changes} | {b for _, b in other.changes} == {"STORM", "STORY"}


def test_readings_are_substitutions_scored_as_the_solver_scores_them() -> None:
    plain = "THE SHIP CARRIED WOOL TEA AND SILVER TO DISTANT PORTS"
    cipher = Substitution.random(11)
    secret = cipher.encrypt(plain)
    key = cipher.decryption_table()
    readings = other_readings(secret, key, limit=10)
    assert readings, "a 44-letter text has readings close to its own"
    gaps = [r.gap for r in readings]
    assert gaps == sorted(gaps) and max(gaps) <= MARGIN
    lengths = [len(w) for w in words_of(secret)]
    scorer = KeyScore(letter_codes(secret), lengths, BREAK_WORD_WEIGHT)
    own = scorer.full(key[None])[0]
    for reading in readings:
        assert is_reading_of(secret, reading.plaintext)
        assert reading.plaintext != letters_only(plain)
        # the gap is the solver's own score difference
        other_key = key.copy()
        for c, p in zip(letter_codes(secret), letter_codes(reading.plaintext), strict=True):
            j = int(np.flatnonzero(other_key == p)[0])
            other_key[[c, j]] = other_key[[j, c]]
        assert abs((own - scorer.full(other_key[None])[0]) - reading.gap) < 1e-6
        # with word breaks the changes are named as whole words of the text
        for before, after in reading.changes:
            assert before in plain.split() and len(after) == len(before) != 0
            assert before != after


def test_a_shift_has_no_alternatives_and_json_lists_them_for_substitutions() -> None:
    shifted = crack_text(Caesar(7).encrypt("the quick brown fox jumps over the lazy dog"))
    assert shifted.cipher == "caesar" and shifted.alternatives == ()
    assert shifted.to_json()["alternatives"] == []
    secret = Substitution.random(4).encrypt(STORM)
    out = subprocess.run(
        [str(CLI), "crack", "--json", secret], capture_output=True, text=True, check=True
    )
    data = json.loads(out.stdout)
    assert data["alternatives"], data
    for reading in data["alternatives"]:
        assert set(reading) == {"plaintext", "gap", "changes"}
        assert is_reading_of(secret, reading["plaintext"])
    text = subprocess.run(
        [str(CLI), "crack", secret], capture_output=True, text=True, check=True
    ).stdout
    assert "also fits" in text and "STORM" in text and "STORY" in text
