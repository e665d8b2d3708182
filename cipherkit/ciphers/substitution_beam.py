"""Word-pattern beam search for a short substitution text without word breaks (numba).

Design notes: ``docs/ciphers.md``, ``cipherkit.ciphers.substitution_beam``.
"""

from __future__ import annotations

from functools import cache

import numba
import numpy as np

from cipherkit.ciphers.stats import english
from cipherkit.ciphers.substitution_fast import find_sorted
from cipherkit.ciphers.substitution_solver import complete_table
from cipherkit.ciphers.wordmodel import MAX_WORD, WordModel, word_model

__all__ = ["BEAM", "BEAM_WORDS", "START_SKIP", "word_tables"]

BEAM = 1500
"""Partial readings kept at each letter."""
BEAM_WORDS = 30_000
"""The most frequent dictionary words the search reads with."""
START_SKIP = 7
"""Most letters of a cut-off first word the search may leave unread ..."""
START_COST = -3.0
"""... at this log10 cost ..."""
SKIP_LETTER = -1.5
"""... and this much more per letter."""
MAX_TAIL = 10
"""Longest cut-off last word (a prefix of a dictionary word) the search reads."""


def _shape(codes: np.ndarray) -> np.ndarray:
    """Each row's letter pattern as an integer (the position of each letter's first
    occurrence, base 16)."""
    first = (codes[:, :, None] == codes[:, None, :]).argmax(axis=2)
    weights = 16 ** np.arange(codes.shape[1], dtype=np.int64)
    return (first * weights).sum(axis=1)


def _most(model: WordModel) -> np.ndarray:
    """Per word id: the most its log10 probability can be after any word (its best
    listed pair, or back-off at the largest back-off weight)."""
    n = len(model.word_lp)
    most = model.word_lp + max(0.0, float(model.backoff.max()))
    np.maximum.at(most, model.pair_keys % n, model.pair_lp)
    return most


@cache
def _lexicon() -> dict[tuple[bool, int], tuple[np.ndarray, ...]]:
    """By (prefix?, length): the words of :data:`BEAM_WORDS` (or the distinct prefixes
    of longer ones, each with its best word's log10 probability) as codes, log10
    probabilities (the word model's), pattern integers, word ids (-1 for a prefix) and
    the most each can be worth after a word (:func:`_most`), most probable first."""
    model = word_model()
    ids = {w: i for i, w in enumerate(english().words[:BEAM_WORDS]) if w.isascii() and w.isalpha()}
    words = list(ids)
    value = {w: float(model.word_lp[i]) for w, i in ids.items()}
    most = _most(model)
    out: dict[tuple[bool, int], tuple[np.ndarray, ...]] = {}
    for length in range(1, MAX_WORD + 1):
        prefixes: dict[str, float] = {}
        if length <= MAX_TAIL:
            for w in words:
                if len(w) > length and value[w] > prefixes.get(w[:length], -np.inf):
                    prefixes[w[:length]] = value[w]
        whole = {w: value[w] for w in words if len(w) == length}
        for is_prefix, table in ((False, whole), (True, prefixes)):
            items = sorted(table.items(), key=lambda kv: -kv[1])
            codes = np.asarray([[ord(ch) - 65 for ch in w] for w, _ in items], dtype=np.int64)
            codes = codes.reshape(len(items), length)
            lps = np.asarray([lp for _, lp in items], dtype=np.float64)
            wids = np.asarray([-1 if is_prefix else ids[w] for w, _ in items], dtype=np.int64)
            tops = np.where(wids >= 0, most[np.maximum(wids, 0)], lps)
            out[is_prefix, length] = (codes.astype(np.int8), lps, _shape(codes), wids, tops)
    return out


def _candidates(c: np.ndarray) -> tuple[np.ndarray, ...]:
    """For every start and length of a piece of ``c``: the dictionary words (or, for the
    text's last piece, word prefixes) of the piece's letter pattern, as flat arrays:
    their letters, log10 probabilities, word ids (-1: a prefix), the most each can be
    worth after a word (see :func:`_most`), where the words of each
    (start, length) that begin with each letter begin (``groups[start, length,
    letter]``; ``groups[start, length, 26]`` is their end) and where each word's
    letters begin."""
    n = len(c)
    lexicon = _lexicon()
    letters, values, lengths, ids, tops = [], [], [], [], []
    groups = np.zeros((n, MAX_WORD + 1, 27), dtype=np.int64)
    total = 0
    for pos in range(n):
        for length in range(1, min(MAX_WORD, n - pos) + 1):
            shape = _shape(c[None, pos : pos + length])[0]
            kinds = [False] if pos + length < n or length > MAX_TAIL else [False, True]
            picked = [(lexicon[k, length], lexicon[k, length][2] == shape) for k in kinds]
            words = np.concatenate([table[0][pick] for table, pick in picked])
            order = np.argsort(words[:, 0], kind="stable")
            letters.append(words[order].reshape(-1))
            values.append(np.concatenate([table[1][pick] for table, pick in picked])[order])
            ids.append(np.concatenate([table[3][pick] for table, pick in picked])[order])
            tops.append(np.concatenate([table[4][pick] for table, pick in picked])[order])
            lengths.append(np.full(len(order), length, dtype=np.int64))
            firsts = np.bincount(words[:, 0].astype(np.int64), minlength=26)
            groups[pos, length] = total + np.concatenate([[0], np.cumsum(firsts)])
            total += len(order)
    starts = np.concatenate([[0], np.cumsum(np.concatenate(lengths))]).astype(np.int64)
    flat = tuple(np.concatenate(x) for x in (letters, values, ids, tops))
    return (*flat, groups, starts)


_njit = numba.njit(cache=True, nogil=True)


@_njit
def _pair(prev, w, single, model):
    """log10 P(word ``w`` | word ``prev``) under the word model's pairs with back-off
    (``single``: P(w) alone, for a prefix or after no word)."""
    word_lp, backoff, pair_keys, pair_lp = model
    if prev < 0 or w < 0:
        return single
    value = backoff[prev] + single
    j = find_sorted(pair_keys, 0, len(pair_keys), prev * len(word_lp) + w)
    if j >= 0 and pair_lp[j] > value:
        value = pair_lp[j]
    return value


@_njit
def _prune(tables, scores, lasts, count, beam):
    """Keep the ``beam`` best distinct readings (table and last word) of the first
    ``count`` (in place, best first); returns how many are left."""
    order = np.argsort(-scores[:count])
    seen = dict()
    kept = 0
    size = min(beam, count)
    new_tables = np.empty((size, 26), dtype=np.int8)
    new_scores = np.empty(size)
    new_lasts = np.empty(size, dtype=np.int64)
    for o in order:
        h = lasts[o]
        for k in range(26):
            h = h * 1000003 + np.int64(tables[o, k]) + 1
        if h in seen:
            continue
        seen[h] = True
        new_tables[kept] = tables[o]
        new_scores[kept] = scores[o]
        new_lasts[kept] = lasts[o]
        kept += 1
        if kept == beam:
            break
    tables[:kept] = new_tables[:kept]
    scores[:kept] = new_scores[:kept]
    lasts[:kept] = new_lasts[:kept]
    return kept


@_njit
def _search(c, words, lps, wids, tops, groups, starts, model, beam, skip, start_cost, skip_letter):
    """The beam search of :func:`word_tables`: the complete readings' tables (-1 where
    no word fixed a letter) and scores, best first."""
    n = len(c)
    cap = 4 * beam
    tables = np.full((n + 1, cap, 26), -1, dtype=np.int8)
    scores = np.full((n + 1, cap), -np.inf)
    lasts = np.full((n + 1, cap), -1, dtype=np.int64)
    counts = np.zeros(n + 1, dtype=np.int64)
    floors = np.full(n + 1, -np.inf)  # a reading below this cannot enter the bucket
    counts[0] = 1
    scores[0, 0] = 0.0
    for s in range(1, min(skip, n) + 1):
        counts[s] = 1
        scores[s, 0] = start_cost + skip_letter * s
    inverse = np.empty(26, dtype=np.int64)
    for pos in range(n):
        if counts[pos] == 0:
            continue
        counts[pos] = _prune(tables[pos], scores[pos], lasts[pos], counts[pos], beam)
        for b in range(counts[pos]):
            table = tables[pos, b]
            prev = lasts[pos, b]
            inverse[:] = -1
            for k in range(26):
                if table[k] >= 0:
                    inverse[table[k]] = k
            first = table[c[pos]]
            for length in range(1, min(groups.shape[1] - 1, n - pos) + 1):
                end = pos + length
                for g in range(26):
                    if (first >= 0 and g != first) or (first < 0 and inverse[g] >= 0):
                        continue
                    for w in range(groups[pos, length, g], groups[pos, length, g + 1]):
                        if scores[pos, b] + tops[w] <= floors[end]:
                            continue
                        at = starts[w]
                        ok = True
                        for k in range(1, length):
                            fixed = table[c[pos + k]]
                            letter = words[at + k]
                            if fixed >= 0:
                                if fixed != letter:
                                    ok = False
                                    break
                            elif inverse[letter] >= 0:
                                ok = False
                                break
                        if not ok:
                            continue
                        value = scores[pos, b] + _pair(prev, wids[w], lps[w], model)
                        if value <= floors[end]:
                            continue
                        if counts[end] == cap:
                            counts[end] = _prune(tables[end], scores[end], lasts[end], cap, beam)
                            floors[end] = scores[end, counts[end] - 1]
                            if value <= floors[end]:
                                continue
                        slot = counts[end]
                        tables[end, slot] = table
                        for k in range(length):
                            tables[end, slot, c[pos + k]] = words[at + k]
                        scores[end, slot] = value
                        lasts[end, slot] = wids[w]
                        counts[end] += 1
    kept = _prune(tables[n], scores[n], lasts[n], counts[n], beam) if counts[n] else 0
    return tables[n, :kept].astype(np.int64), scores[n, :kept].copy()


def word_tables(c: np.ndarray, *, beam: int = BEAM, results: int = 8) -> list[np.ndarray]:
    """The keys (decryption tables, 26 integers) of the ``results`` best complete
    word-by-word readings of ciphertext codes ``c`` (see the module's description),
    best first; letters no word fixes are read by frequency, as English's.

    Examples
    --------
    >>> from cipherkit.ciphers.classical import Substitution
    >>> from cipherkit.ciphers.text import codes_to_text, letter_codes
    >>> secret = Substitution.random(4).encrypt("THEEXPLORERSCROSSEDTHEDESERTWITHCAMELSAN")
    >>> c = letter_codes(secret)
    >>> "THEEXPLORERSCROSSEDTHEDESERTWITHCAMELSAN" in [codes_to_text(k[c]) for k in word_tables(c)]
    True
    """
    c = np.ascontiguousarray(c, dtype=np.int64)
    if len(c) == 0:
        return []
    words, lps, wids, tops, groups, starts = _candidates(c)
    m = word_model()
    model = (m.word_lp, m.backoff, m.pair_keys, m.pair_lp)
    tables, _scores = _search(
        c, words, lps, wids, tops, groups, starts, model, beam, START_SKIP, START_COST, SKIP_LETTER
    )
    out: dict[bytes, np.ndarray] = {}
    for table in tables:
        key = complete_table(table, c)
        out.setdefault(key.tobytes(), key)
        if len(out) >= results:
            break
    return list(out.values())
