"""Compiled (numba) annealing of substitution keys on quadgrams + the word model.

Design notes: ``docs/ciphers.md``, ``cipherkit.ciphers.substitution_fast``.
"""

from __future__ import annotations

from functools import cache

import numba
import numpy as np

from cipherkit.ciphers import wordmodel
from cipherkit.ciphers.stats import UNKNOWN_LETTER, english
from cipherkit.ciphers.wordmodel import MAX_WORD, WordModel, word_model

__all__ = ["FastTables", "anneal_combined", "fast_tables", "find_sorted", "segment_score"]

FastTables = tuple[np.ndarray, ...]
"""The flat arrays the kernels read (see :func:`fast_tables`)."""


def _flat(table: dict[int, tuple[np.ndarray, np.ndarray]]) -> tuple[np.ndarray, ...]:
    """One table by length as flat sorted keys, values and offsets (length L's rows are
    ``offsets[L]:offsets[L + 1]``, lengths 0..MAX_WORD)."""
    keys, vals, offsets = [], [], [0]
    for length in range(MAX_WORD + 1):
        k, v = table.get(length, (np.zeros(0, np.uint64), np.zeros(0)))
        keys.append(np.asarray(k, dtype=np.uint64))
        vals.append(np.asarray(v, dtype=np.float64))
        offsets.append(offsets[-1] + len(k))
    return np.concatenate(keys), np.concatenate(vals), np.asarray(offsets, dtype=np.int64)


@cache
def fast_tables() -> FastTables:
    """The quadgram table and the word model as flat arrays: quadgrams, the costs of
    an unknown letter, a cut-off end and start, word ids
    (keys, ids, offsets), word starts and word ends (keys, log10 values, offsets),
    word log10 probabilities, back-off weights, pair keys, pair log10 values and
    where each first word's pairs start in the pair keys (built once: the costs are
    those of :mod:`.wordmodel` at the first call)."""
    model: WordModel = word_model()
    quad = english().quadgrams.astype(np.float64)
    id_keys, id_vals, id_off = _flat(model.ids)
    pre_keys, pre_vals, pre_off = _flat(model.prefixes)
    suf_keys, suf_vals, suf_off = _flat(model.suffixes)
    costs = np.array([UNKNOWN_LETTER, wordmodel.CUT_END, wordmodel.CUT_START])
    pair_keys = model.pair_keys.astype(np.int64)
    n_words = len(model.word_lp)
    # a pair's key is first * n_words + second, sorted: the first word's pairs are a run
    pair_off = np.searchsorted(pair_keys, np.arange(n_words + 1, dtype=np.int64) * n_words)
    pre_word, child_lo, child_hi = _prefix_steps(pre_keys, pre_off, id_keys, id_off)
    return (
        quad,
        costs,
        id_keys,
        id_vals.astype(np.int64),
        id_off,
        pre_keys,
        pre_vals,
        pre_off,
        suf_keys,
        suf_vals,
        suf_off,
        model.word_lp.astype(np.float64),
        model.backoff.astype(np.float64),
        pair_keys,
        model.pair_lp.astype(np.float64),
        pair_off.astype(np.int64),
        pre_word,
        child_lo,
        child_hi,
    )


def _prefix_steps(
    pre_keys: np.ndarray, pre_off: np.ndarray, id_keys: np.ndarray, id_off: np.ndarray
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """For each word start (a prefix of ``pre_keys``): the row of the word it spells in
    ``id_keys`` (-1: none), and the rows of the starts one letter longer that extend it
    (``child_lo:child_hi``; a key of length L + 1 is its start's key * 27 + letter + 1),
    so a split walks a word letter by letter in a run of at most 26 rows."""
    pre_word = np.full(len(pre_keys), -1, dtype=np.int64)
    child_lo = np.zeros(len(pre_keys), dtype=np.int64)
    child_hi = np.zeros(len(pre_keys), dtype=np.int64)
    for length in range(1, MAX_WORD + 1):
        lo, hi = pre_off[length], pre_off[length + 1]
        keys = pre_keys[lo:hi]
        ids = id_keys[id_off[length] : id_off[length + 1]]
        at = np.searchsorted(ids, keys)
        found = at < len(ids)
        found[found] = ids[at[found]] == keys[found]
        pre_word[lo:hi] = np.where(found, at + id_off[length], -1)
        if length < MAX_WORD:
            longer = pre_keys[pre_off[length + 1] : pre_off[length + 2]]
            base = keys * np.uint64(27)
            child_lo[lo:hi] = np.searchsorted(longer, base + np.uint64(1)) + pre_off[length + 1]
            child_hi[lo:hi] = np.searchsorted(longer, base + np.uint64(27)) + pre_off[length + 1]
    return pre_word, child_lo, child_hi


_njit = numba.njit(cache=True, nogil=True)


@_njit
def find_sorted(keys, lo, hi, x):
    """Index of ``x`` in the sorted ``keys[lo:hi]``, or -1."""
    end = hi
    while lo < hi:
        mid = (lo + hi) >> 1
        if keys[mid] < x:
            lo = mid + 1
        else:
            hi = mid
    return lo if lo < end and keys[lo] == x else -1


@_njit
def _quad(p, quad):
    total = 0.0
    for i in range(len(p) - 3):
        total += quad[((p[i] * 26 + p[i + 1]) * 26 + p[i + 2]) * 26 + p[i + 3]]
    return total


@_njit
def _words(
    p, score, wid, costs, id_keys, id_vals, id_off, pre_keys, pre_vals, pre_off,
    suf_keys, suf_vals, suf_off, word_lp, backoff, pair_keys, pair_lp, pair_off,
    pre_word, child_lo, child_hi,
):  # fmt: skip
    """Best split of ``p`` into words under word pairs (segment_scores, bigrams);
    ``score`` and ``wid`` are (n + 1) x (MAX_WORD + 2) work arrays: option 0 an
    unknown letter, 1..MAX_WORD a word of that many letters, the last a cut-off
    word end; ``costs``: an unknown letter, a cut-off end, a cut-off start. A word
    pair is looked up among its first word's pairs only (``pair_off``), and a word
    start among the starts one letter shorter's extensions (:func:`_prefix_steps`)."""
    unknown, cut_end, cut_start = costs[0], costs[1], costs[2]
    n = len(p)
    top = min(MAX_WORD, n)
    cut = MAX_WORD + 1
    n_words = len(word_lp)
    score[:, :] = -np.inf
    wid[:, :] = -1
    maxat = np.empty(n + 1)
    for s in range(n + 1):
        if s > 0:
            score[s, 0] = maxat[s - 1] + unknown
            if s < top:
                packed = np.uint64(0)
                for t in range(s):
                    packed = packed * np.uint64(27) + np.uint64(p[t] + 1)
                k = find_sorted(suf_keys, suf_off[s], suf_off[s + 1], packed)
                if k >= 0:
                    score[s, cut] = cut_start + suf_vals[k]
        best, stand = -np.inf, -np.inf
        if s == 0:
            best, stand = 0.0, 0.0
        for o in range(cut + 1):
            v = score[s, o]
            if v > best:
                best = v
            if wid[s, o] >= 0:
                v += backoff[wid[s, o]]
            if v > stand:
                stand = v
        maxat[s] = best
        if s == n:
            break
        packed = np.uint64(0)
        lo, hi = pre_off[1], pre_off[2]
        for length in range(1, min(MAX_WORD, n - s) + 1):
            packed = packed * np.uint64(27) + np.uint64(p[s + length - 1] + 1)
            at = find_sorted(pre_keys, lo, hi, packed)
            if at < 0:
                break
            lo, hi = child_lo[at], child_hi[at]
            k = pre_word[at]
            if k < 0:
                continue
            w = id_vals[k]
            value = stand + word_lp[w]
            for o in range(1, MAX_WORD + 1):
                prev = wid[s, o]
                if prev >= 0:
                    j = find_sorted(
                        pair_keys, pair_off[prev], pair_off[prev + 1], prev * n_words + w
                    )
                    if j >= 0 and score[s, o] + pair_lp[j] > value:
                        value = score[s, o] + pair_lp[j]
            score[s + length, length] = value
            wid[s + length, length] = w
    final = maxat[n]
    packed = np.uint64(0)
    mult = np.uint64(1)
    for length in range(1, top):  # the text may stop inside a word
        packed = packed + mult * np.uint64(p[n - length] + 1)
        mult = mult * np.uint64(27)
        k = find_sorted(pre_keys, pre_off[length], pre_off[length + 1], packed)
        if k >= 0:
            v = maxat[n - length] + cut_end + pre_vals[k]
            if v > final:
                final = v
    return final


@_njit
def _segment(p, tables):
    score = np.empty((len(p) + 1, MAX_WORD + 2))
    wid = np.empty((len(p) + 1, MAX_WORD + 2), dtype=np.int64)
    return _words(p, score, wid, *tables[1:])


@_njit
def _anneal(c, present, starts, steps, t0, t1, weight, seed, tables):
    """Anneal each start key (rows) for ``steps`` swaps from temperature ``t0``
    down to ``t1`` (geometric); the best key each chain met and its score."""
    np.random.seed(seed)
    n = len(c)
    quad = tables[0]
    score = np.empty((n + 1, MAX_WORD + 2))
    wid = np.empty((n + 1, MAX_WORD + 2), dtype=np.int64)
    chains = starts.shape[0]
    best_keys = starts.copy()
    best_scores = np.empty(chains)
    p = np.empty(n, dtype=np.int64)
    ratio = (t1 / t0) ** (1.0 / max(1, steps - 1))
    words = weight != 0.0
    for ch in range(chains):
        key = starts[ch].copy()
        for i in range(n):
            p[i] = key[c[i]]
        cur = _quad(p, quad)
        if words:
            cur += weight * _words(p, score, wid, *tables[1:])
        best = cur
        temp = t0
        for _ in range(steps):
            a = present[np.random.randint(len(present))]
            b = np.random.randint(26)
            if a == b:
                temp *= ratio
                continue
            ka, kb = key[a], key[b]
            key[a], key[b] = kb, ka
            for i in range(n):
                p[i] = key[c[i]]
            new = _quad(p, quad)
            if words:
                new += weight * _words(p, score, wid, *tables[1:])
            if new >= cur or np.log(np.random.random()) < (new - cur) / temp:
                cur = new
                if cur > best:
                    best = cur
                    best_keys[ch] = key
            else:
                key[a], key[b] = ka, kb
            temp *= ratio
        best_scores[ch] = best
    return best_keys, best_scores


def segment_score(plain: np.ndarray) -> float:
    """log10 probability of the best split of ``plain`` (letter codes) into words under
    word pairs, compiled (as ``word_model().segment_scores(plain, trigrams=False)``).

    Examples
    --------
    >>> import numpy as np
    >>> from cipherkit.ciphers.text import letter_codes
    >>> from cipherkit.ciphers.wordmodel import word_model
    >>> plain = letter_codes("MEETMEATTHEOLDMILL")
    >>> whole = word_model().segment_scores(plain, trigrams=False)[0]
    >>> bool(abs(segment_score(plain) - whole) < 1e-6)
    True
    """
    p = np.ascontiguousarray(plain, dtype=np.int64)
    return float(_segment(p, fast_tables()))


def anneal_combined(
    c: np.ndarray,
    present: np.ndarray,
    starts: np.ndarray,
    *,
    steps: int,
    weight: float,
    seed: int,
    t0: float = 3.0,
    t1: float = 0.3,
) -> tuple[np.ndarray, np.ndarray]:
    """Anneal each row of ``starts`` (decryption keys) on quadgrams + ``weight`` x the
    word-pair split score of ``c`` (ciphertext codes) for ``steps`` swaps of a
    ciphertext letter (of ``present``) with any letter, from temperature ``t0`` to
    ``t1`` (geometric); returns the best key each chain met and its score. With
    ``weight=0`` the score is quadgrams alone (the word model is not run).

    >>> from cipherkit.ciphers.text import letter_codes
    >>> c = letter_codes("MEETMEATTHEOLDMILLAFTERDARK")
    >>> starts = np.stack([np.roll(np.arange(26), k) for k in range(4)])
    >>> keys, scores = anneal_combined(c, np.unique(c), starts, steps=20_000, weight=0.0, seed=1)
    >>> bool(scores.max() > -107)  # the plaintext itself scores -106.4
    True
    """
    keys, scores = _anneal(
        np.ascontiguousarray(c, dtype=np.int64),
        np.ascontiguousarray(present, dtype=np.int64),
        np.ascontiguousarray(starts, dtype=np.int64),
        int(steps),
        float(t0),
        float(t1),
        float(weight),
        int(seed),
        fast_tables(),
    )
    return keys, scores
