"""The compiled substitution kernels (issue #34): the same score as numpy, and a search
that reads a short text without word breaks."""

from __future__ import annotations

import numpy as np

from cipherkit.ciphers import Substitution, solve_substitution
from cipherkit.ciphers.samples import make_texts
from cipherkit.ciphers.solution import batch_scores
from cipherkit.ciphers.substitution_fast import anneal_combined, segment_score
from cipherkit.ciphers.substitution_solver import WORD_WEIGHT, KeyScore
from cipherkit.ciphers.text import letter_codes
from cipherkit.ciphers.wordmodel import word_model


def test_compiled_split_score_equals_the_numpy_one() -> None:
    rng = np.random.default_rng(5)
    rows = [letter_codes(t) for t in make_texts(6, 40, seed=11)]
    rows += [rng.permutation(26)[r] for r in rows[:3]]  # junk
    rows.append(letter_codes("THEMESSENGERRODETODELIVE"))  # cut off at the end
    rows.append(letter_codes("SSENGERRODETODELIVERTHENEWS"))  # ... and at the start
    for row in rows:
        want = word_model().segment_scores(row[None], trigrams=False)[0]
        assert abs(segment_score(row) - want) < 1e-9


def test_compiled_annealing_scores_as_the_solver_scores() -> None:
    c = letter_codes(Substitution.random(4).encrypt(make_texts(1, 40, seed=3)[0]))
    present = np.flatnonzero(np.bincount(c, minlength=26))
    starts = np.stack([np.random.default_rng(i).permutation(26) for i in range(3)])
    keys, scores = anneal_combined(c, present, starts, steps=300, weight=WORD_WEIGHT, seed=1)
    rough = KeyScore(c, None, WORD_WEIGHT, trigrams=False)
    assert np.allclose(scores, rough.full(keys), atol=1e-6)
    assert all(sorted(k.tolist()) == list(range(26)) for k in keys)
    # quadgrams alone (weight 0): the scores are the quadgram scores
    keys, scores = anneal_combined(c, present, starts, steps=2000, weight=0.0, seed=1)
    assert np.allclose(scores, batch_scores(keys[:, c]), atol=1e-3)
    assert scores.max() > batch_scores(starts[:, c]).max()


def test_short_text_without_breaks_is_read_with_the_compiled_search() -> None:
    plain = "SHEWROTETHESECRETMESSAGEONTHEBACKOFAPOST"  # a dev text, 40 letters
    secret = Substitution.random(9).encrypt(plain)
    solved = solve_substitution(secret, seed=0, max_runs=12, word_steps=200)
    assert solved.plaintext == plain
