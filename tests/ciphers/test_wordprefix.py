"""The word-start model (issue #34): P(the next word starts with these letters | the
word before), and the split score that reads a text's cut-off last word with it."""

from __future__ import annotations

import numpy as np

from cipherkit.ciphers.stats import english
from cipherkit.ciphers.substitution_solver import SHORT_WORD_WEIGHT, WORD_WEIGHT, KeyScore
from cipherkit.ciphers.text import letter_codes
from cipherkit.ciphers.wordmodel import word_model


def _brute(prev: int, start: str) -> float:
    """log10 of the sum of P(w | prev) over the dictionary words w that start so."""
    model = word_model()
    ids = np.array([i for i, w in enumerate(english().words) if w.startswith(start)])
    if prev < 0:
        return float(np.log10((10.0 ** model.word_lp[ids]).sum()))
    values = model.pair_values(np.full((len(ids), 1), prev), ids)[:, 0]
    return float(np.log10((10.0**values).sum()))


def test_span_holds_exactly_the_words_that_start_so() -> None:
    index = word_model().prefix_index
    words = english().words
    for start in ("BEF", "Q", "THE", "XYZQ", "ABANDONMENT"):
        lo, hi = index.span(letter_codes(start)[None], len(start))
        got = {int(i) for i in np.flatnonzero((index.rank >= lo[0]) & (index.rank < hi[0]))}
        assert got == {i for i, w in enumerate(words) if w.startswith(start)}


def test_word_start_after_a_word_sums_the_back_off_model() -> None:
    model = word_model()
    index = model.prefix_index
    cases = [("ARRIVES", "BEF"), ("THE", "BRI"), ("DRINK", "PL"), ("HER", "VO"), (None, "ST")]
    for before, start in cases:
        prev = -1 if before is None else model.word_id(before)
        got = index.given(np.array([[prev]]), letter_codes(start)[None])[0, 0]
        assert abs(got - _brute(prev, start)) < 1e-6, (before, start)
    # no dictionary word starts so: impossible, not merely unlikely
    the = np.array([[model.word_id("THE")]])
    assert index.given(the, letter_codes("QX")[None])[0, 0] == -np.inf


def test_a_plausible_cut_off_last_word_wins_in_context() -> None:
    model = word_model()
    rows = np.stack(
        [
            letter_codes("TRAINTOTHECOASTLEAVESATNINEANDARRIVESBEF"),  # ... before
            letter_codes("TRAINTOTHECOASTLEAVESATNINEANDARRIVESWEB"),  # a whole word "web"
        ]
    )
    before, web = model.segment_scores(rows, end_context=True)
    assert before > web
    old_before, old_web = model.segment_scores(rows)  # the last piece read alone
    assert old_before < old_web


def test_without_the_context_the_split_score_is_unchanged() -> None:
    model = word_model()
    for text in ("MEETMEATTHEOLDMILLAFTERDA", "THECATSATONAMAT"):
        row = letter_codes(text)[None]
        assert model.segment_scores(row, end_context=False) == model.segment_scores(row)


def test_the_short_text_score_prefers_the_true_reading() -> None:
    # a dev text the solver used to read as "...WARNTHEARIZO" (two swaps away)
    truth = "THEGENERALSENTACODEDLETTERTOWARNTHEARMYO"
    wrong = "THEGENERALSENTACODEDLETTERTOWARNTHEARIZO"
    c = letter_codes(truth)
    keys = np.stack([np.arange(26), np.arange(26)])
    keys[1, [8, 12, 24, 25]] = [8, 8, 25, 25]  # M -> I, Y -> Z (not a permutation: fine)
    assert "".join(chr(65 + int(x)) for x in keys[1][c]) == wrong
    old = KeyScore(c, None, WORD_WEIGHT).full(keys)
    new = KeyScore(c, None, SHORT_WORD_WEIGHT, end_context=True).full(keys)
    assert old[0] < old[1]
    assert new[0] > new[1]
