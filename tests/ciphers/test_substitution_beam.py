"""The word-by-word beam search for short substitution texts without word breaks
(issue #34): it reads texts annealing misses, each reading is a consistent key, and the
text may start and end inside a word."""

from __future__ import annotations

from dataclasses import replace

import numpy as np
import pytest

from cipherkit.ciphers import Substitution, solve_substitution
from cipherkit.ciphers import substitution_beam as beam
from cipherkit.ciphers import substitution_solver as solver
from cipherkit.ciphers.substitution_beam import word_tables
from cipherkit.ciphers.substitution_solver import SHORT_WORD_WEIGHT, KeyScore
from cipherkit.ciphers.text import codes_to_text, letter_codes

# Dev texts (cipherkit.ciphers.samples, 40 letters) that annealing on the combined score
# alone does not read within the bench's budget: quadgrams prefer readings such as
# "THEEXPLANENDINADDERTHEREDENTOFTHISWELDSU" by 11 log10.
EXPLORERS = "THEEXPLORERSCROSSEDTHEDESERTWITHCAMELSAN"
MUSEUM = "MUSEUMOPENSANEWROOMOFANCIENTMAPSANDLETTE"
LIGHTHOUSE = "LIGHTHOUSEKEEPERCLIMBEDTHESTAIRSEVERYEVE"


def readings(plain: str, seed: int, **kw: int) -> list[str]:
    c = letter_codes(Substitution.random(seed).encrypt(plain))
    return [codes_to_text(key[c]) for key in word_tables(c, **kw)]


@pytest.mark.parametrize("plain", [EXPLORERS, MUSEUM, LIGHTHOUSE])
def test_the_beam_reads_texts_annealing_misses(plain: str) -> None:
    assert plain in readings(plain, seed=3)


def test_every_reading_is_a_key() -> None:
    c = letter_codes(Substitution.random(8).encrypt(EXPLORERS))
    tables = word_tables(c, results=8)
    assert 1 < len(tables) <= 8
    for key in tables:
        assert sorted(key.tolist()) == list(range(26))  # one plain letter per letter
    assert len({key.tobytes() for key in tables}) == len(tables)


def test_a_text_may_end_inside_a_word() -> None:
    plain = "CROSSEDTHEDESERTWITHCAMELSANDVERYLITTLEWAT"  # ... WAT(er)
    assert plain in readings(plain, seed=5)


def test_a_text_may_start_inside_a_word(monkeypatch: pytest.MonkeyPatch) -> None:
    plain = "SSTHEDETECTIVENOTICEDTHATTHEWINDOWHADBEENOPEN"  # (gue)SS THE DETECTIVE ...
    assert plain in readings(plain, seed=5)
    monkeypatch.setattr(beam, "START_SKIP", 0)
    assert plain not in readings(plain, seed=5)


def test_a_narrower_beam_loses_the_reading() -> None:
    # the beam is what finds it: with one partial reading a letter the search is greedy
    assert LIGHTHOUSE not in readings(LIGHTHOUSE, seed=3, beam=1)
    assert LIGHTHOUSE in readings(LIGHTHOUSE, seed=3, beam=100)


def test_no_letters_no_readings() -> None:
    assert word_tables(np.zeros(0, dtype=np.int64)) == []


def test_the_solver_climbs_from_the_word_readings(monkeypatch: pytest.MonkeyPatch) -> None:
    secret = Substitution.random(0).encrypt(LIGHTHOUSE)
    c = letter_codes(secret)
    true_key = np.zeros(26, dtype=np.int64)
    true_key[c] = letter_codes(LIGHTHOUSE)
    score = replace(KeyScore.of(c, None), weight=SHORT_WORD_WEIGHT, end_context=True)
    budget = {"seed": 0, "max_runs": 1, "word_steps": 200}
    solved = solve_substitution(secret, **budget)
    assert solved.plaintext == LIGHTHOUSE
    monkeypatch.setattr(solver, "WORD_BEAM", 0)  # one run of annealing alone misses it
    alone = solve_substitution(secret, **budget)
    assert alone.plaintext != LIGHTHOUSE
    found = np.zeros(26, dtype=np.int64)
    found[c] = letter_codes(alone.plaintext)
    keys = np.stack([true_key, found])
    assert score.full(keys)[0] > score.full(keys)[1]  # a search miss, not the model's
