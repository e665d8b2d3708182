"""The solvers at issue #34's goal lengths on a few held-out texts.

The texts are the held-out passages of ``bench/ciphers_heldout.txt`` (built by
``scripts/build_heldout_texts.py``), keyed as ``bench/ciphers_curves.py`` keys them; the
full curves (20 texts a point, with time budgets) are the bench's, in docs/ciphers.md.
Here the annealing solvers run a fixed number of steps or runs, so the tests do not
depend on the machine's speed. Playfair and substitution are checked on texts they solve
today (a regression shows as a failure); their solve *rates* at these lengths are below
the issue's goals and are reported by the bench, not asserted here.
"""

from __future__ import annotations

import re
import subprocess
import sys
import time
from pathlib import Path

import numpy as np
import pytest

from cipherkit.ciphers import Playfair, Substitution, Vigenere, letters_only
from cipherkit.ciphers.playfair_solver import solve_playfair
from cipherkit.ciphers.substitution_solver import solve_substitution
from cipherkit.ciphers.vigenere_solver import solve_vigenere

ROOT = Path(__file__).resolve().parents[2]


def heldout(i: int, letters: int) -> str:
    """The first ``letters`` letters of held-out passage ``i``."""
    lines = (ROOT / "bench" / "ciphers_heldout.txt").read_text(encoding="utf-8").splitlines()
    return re.sub("[^A-Z]", "", lines[i].upper())[:letters]


def rng(i: int) -> np.random.Generator:
    return np.random.default_rng([34, i])


def test_heldout_texts_are_the_scripts_and_apart_from_the_dev_texts() -> None:
    script = ROOT / "scripts" / "build_heldout_texts.py"
    done = subprocess.run([sys.executable, str(script), "--check"], check=False)
    assert done.returncode == 0
    assert all(len(heldout(i, 1000)) >= 180 for i in range(30))


def test_vigenere_at_80_letters_every_period_from_3_to_12() -> None:
    for i in range(10):
        key = "".join(chr(65 + int(x)) for x in rng(i).integers(0, 26, 3 + i % 10))
        plain = heldout(i, 80)
        solution = solve_vigenere(Vigenere(key).encrypt(plain), seed=i)
        assert solution.plaintext == plain, key


@pytest.mark.parametrize("i", [0, 5])
def test_playfair_at_100_letters(i: int) -> None:
    letters = [chr(65 + x) for x in range(26) if x != 9]
    square = Playfair("".join(letters[int(x)] for x in rng(i).permutation(25)))
    secret = square.encrypt(heldout(i, 100))
    # 2,000,000 steps of the two teams together: 1,000,000 each
    solution = solve_playfair(secret, seed=i, max_steps=2_000_000)
    assert letters_only(solution.plaintext) == letters_only(square.decrypt(secret))


@pytest.mark.parametrize(
    ("seed", "i", "axis", "order"),
    [(82, 11, 1, (2, 0, 1, 3, 4)), (80, 0, 1, (4, 1, 2, 0, 3)), (83, 9, 0, (0, 2, 3, 1, 4))],
)
def test_playfair_last_climb_puts_rows_and_columns_back_in_order(
    seed: int, i: int, axis: int, order: tuple[int, ...]
) -> None:
    """The true square with three columns (or rows) in a wrong cyclic order reads every
    rectangle right and most of the text as English, so the search stops there; the
    dev texts at 100 letters ended so in 5 of 15 misses. No one swap of two columns
    helps (these cases), so the last climb tries every order of the rows and of the
    columns."""
    from cipherkit.ciphers import playfair_solver as ps
    from cipherkit.ciphers.samples import make_texts

    letters = [chr(65 + x) for x in range(26) if x != 9]
    key = "".join(letters[int(x)] for x in np.random.default_rng(i).permutation(25))
    secret = Playfair(key).encrypt(make_texts(20, 100, seed=seed)[i])
    c = ps._SQUARE_CODE[np.asarray([ord(x) - 65 for x in secret])]
    truth = np.asarray([ps._SQUARE_CODE[ord(x) - 65] for x in key])
    near = np.take(truth.reshape(5, 5), list(order), axis=axis).ravel()
    assert not np.array_equal(ps._decrypt(near, c), ps._decrypt(truth, c))
    assert np.array_equal(ps._decrypt(ps._climb(near, c), c), ps._decrypt(truth, c))


@pytest.mark.parametrize(("seed", "i", "swap"), [(80, 9, "WG"), (83, 15, "YW")])
def test_playfair_answer_is_judged_by_words_too(seed: int, i: int, swap: str) -> None:
    """On these dev texts the quadgrams prefer a square one swap from the true one
    ("NEGROOMOFANCIENTMAPS", "RESTFORAYEXEK"), which reads as English, so the search
    stops there; the word model puts it right, and leaves the true square alone."""
    from cipherkit.ciphers import playfair_solver as ps
    from cipherkit.ciphers.samples import make_texts

    letters = [chr(65 + x) for x in range(26) if x != 9]
    key = "".join(letters[int(x)] for x in np.random.default_rng(i).permutation(25))
    secret = Playfair(key).encrypt(make_texts(20, 100, seed=seed)[i])
    c = ps._SQUARE_CODE[np.asarray([ord(x) - 65 for x in secret])]

    def square(k: str) -> np.ndarray:
        return np.asarray([ps._SQUARE_CODE[ord(x) - 65] for x in k])

    truth = square(key)
    wrong = ps._climb(square(key.translate(str.maketrans(swap, swap[::-1]))), c)
    quads = ps._Scorer(c, 2)(np.stack([truth, wrong]))
    assert quads[1] > quads[0]  # the quadgrams alone read it the wrong way
    for found in (wrong, truth):
        judged = ps._judge_by_words(found, c)
        assert np.array_equal(ps._decrypt(judged, c), ps._decrypt(truth, c))


def test_playfair_answers_alike_on_one_core_or_two(monkeypatch: pytest.MonkeyPatch) -> None:
    """The teams draw their own seeds, so a machine with one core (teams one after the
    other) reads a text exactly as one with two (a thread per team)."""
    from cipherkit.ciphers import playfair_solver

    letters = [chr(65 + x) for x in range(26) if x != 9]
    square = Playfair("".join(letters[int(x)] for x in rng(1).permutation(25)))
    secret = square.encrypt(heldout(1, 100))
    answers = []
    for cores in ({0}, {0, 1}):
        monkeypatch.setattr(playfair_solver.os, "sched_getaffinity", lambda _pid, c=cores: c)
        teams = playfair_solver._Teams(np.zeros(100, np.int64), 0, 4)
        assert (teams.pool is None) == (len(cores) == 1)
        teams.close()
        answers.append(solve_playfair(secret, seed=7, max_steps=300_000))

    def no_threads(*_args: object) -> None:
        raise RuntimeError("can't start new thread")

    monkeypatch.setattr(playfair_solver.ThreadPoolExecutor, "map", no_threads)
    answers.append(solve_playfair(secret, seed=7, max_steps=300_000))  # falls back to one
    assert answers[0] == answers[1] == answers[2]
    assert answers[0].cipher.key == answers[1].cipher.key == answers[2].cipher.key


@pytest.mark.parametrize("i", [1, 2])
def test_substitution_without_breaks_at_40_letters(i: int) -> None:
    key = Substitution("".join(chr(65 + int(x)) for x in rng(i).permutation(26)))
    plain = heldout(i, 40)
    solution = solve_substitution(key.encrypt(plain), seed=i, word_steps=200)
    assert solution.plaintext == plain


def test_time_limits_end_the_search() -> None:
    plain = heldout(2, 60)
    start = time.process_time()
    solve_playfair(Playfair("HARBOUR").encrypt(plain), time_limit=0.3)
    assert time.process_time() - start < 2.0
    start = time.process_time()
    secret = Substitution.random(4).encrypt(plain)
    solve_substitution(secret, max_runs=50, agree=50, time_limit=0.3)
    assert time.process_time() - start < 4.0
