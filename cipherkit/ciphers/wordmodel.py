"""Word-level English models for solvers, scoring many candidate plaintexts at once.

Words are looked up as integers: a run of letter codes packs into one ``uint64`` (base
27, letters 1..26; exact up to 13 letters, wrapping, i.e. hashed, at 14), so every window
of every candidate plaintext is looked up in a sorted table with one
:func:`numpy.searchsorted`. Two models use the shipped lists (``english_words.txt``,
``english_word_pairs.npz``; see ``cipherkit/data/NOTICE``):

* :meth:`WordModel.segment_scores`: text without word breaks, the log10 probability of
  its best split into dictionary words (dynamic programming over all rows at once). The
  text may start inside a word and stop inside one: its first piece may be the end of a
  dictionary word and its last piece the beginning of one, at a small cost each.
* :meth:`WordModel.sentence_scores`: text with word breaks kept, the log10 probability
  of its words under a word-bigram model with back-off to single words.

Examples
--------
>>> from cipherkit.ciphers.text import letter_codes
>>> model = word_model()
>>> rows = np.stack([letter_codes("MEETMEATNOON"), letter_codes("NEETNEATMOOM")])
>>> good, bad = model.segment_scores(rows)
>>> bool(good > bad)
True
>>> they = np.stack([letter_codes("THEYSAWADOOR"), letter_codes("THEYWASADOOR")])
>>> saw, was = model.sentence_scores(they, [4, 3, 1, 4])
>>> bool(saw > was)
True
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import cache
from importlib import resources

import numpy as np

from cipherkit.ciphers.stats import UNKNOWN_LETTER, english

__all__ = [
    "BACKOFF",
    "BREAK_CUT",
    "CUT_END",
    "CUT_START",
    "ENDINGS",
    "INFLECTED",
    "MAX_WORD",
    "WordModel",
    "pack",
    "word_model",
]

MAX_WORD = 14
"""Longest dictionary word the models look up."""
CUT_END = -1.0
"""log10 cost of reading the text's last piece as the start of a longer word (a text is
often cut off at a letter count)."""
CUT_START = -3.0
"""log10 cost of reading the text's first piece as the end of a longer word (a text
mostly starts at a word's start)."""
BREAK_CUT = -4.0
"""log10 cost of reading the first or the last word of a text with word breaks kept as
part of a longer word (such texts are seldom cut inside a word)."""
ENDINGS = ("S", "ES", "ED", "ING")
"""Endings an unknown word may be read with, as a dictionary word + ending."""
INFLECTED = -2.5
"""log10 cost of reading an unknown word as a dictionary word + an ending."""
PAIR_SCALE_WORDS = 50
"""How many of the most frequent words set the scale of the pair counts."""
BACKOFF = math.log10(0.4)
"""log10 factor of a word pair the bigram list does not hold (stupid back-off)."""


def pack(codes: np.ndarray) -> np.ndarray:
    """Pack the last axis of letter codes (0..25) into one ``uint64`` per row.

    >>> int(pack(np.array([0, 1]))) == 1 * 27 + 2
    True
    """
    codes = np.asarray(codes)
    out = np.zeros(codes.shape[:-1], dtype=np.uint64)
    for k in range(codes.shape[-1]):
        out = out * np.uint64(27) + (codes[..., k].astype(np.uint64) + np.uint64(1))
    return out


Table = dict[int, tuple[np.ndarray, np.ndarray]]
"""Per length: sorted packed keys and their values."""


def _word_codes(words: tuple[str, ...]) -> tuple[np.ndarray, np.ndarray]:
    """Letter codes of ``words`` (rows, padded with 0 to the longest) and their lengths."""
    lengths = np.fromiter((len(w) for w in words), dtype=np.int64, count=len(words))
    flat = np.frombuffer("".join(words).encode("ascii"), dtype=np.uint8).astype(np.int64) - 65
    codes = np.zeros((len(words), int(lengths.max(initial=1))), dtype=np.int64)
    rows = np.repeat(np.arange(len(words)), lengths)
    cols = np.arange(len(flat)) - np.repeat(np.cumsum(lengths) - lengths, lengths)
    codes[rows, cols] = flat
    return codes, lengths


def _table(codes: np.ndarray, lengths: np.ndarray, values: np.ndarray) -> Table:
    """Per length: the sorted distinct packed words (rows of ``codes``, ``lengths``
    letters each) with the value of each one's first row."""
    out: Table = {}
    for length in np.unique(lengths).tolist():
        sel = np.flatnonzero(lengths == length)
        uniq, first = np.unique(pack(codes[sel, :length]), return_index=True)
        out[int(length)] = (uniq, values[sel[first]])
    return out


def _affix_table(
    codes: np.ndarray, lengths: np.ndarray, counts: np.ndarray, *, ends: bool
) -> Table:
    """Per length k: every run of k letters that starts a word (``ends``: that ends
    one), packed and sorted, with the total count of those words."""
    out: Table = {}
    for k in range(1, codes.shape[1] + 1):
        has = np.flatnonzero(lengths >= k)
        cols = (lengths[has, None] - k if ends else 0) + np.arange(k)[None, :]
        keys, inverse = np.unique(pack(codes[has[:, None], cols]), return_inverse=True)
        out[k] = (keys, np.bincount(inverse, weights=counts[has]))
    return out


def _lookup(table: Table, length: int, packed: np.ndarray) -> np.ndarray:
    """Values of packed words of one length (``-inf`` where not in the table)."""
    got = table.get(length)
    if got is None:
        return np.full(packed.shape, -np.inf)
    keys, vals = got
    idx = np.minimum(np.searchsorted(keys, packed), len(keys) - 1)
    return np.where(keys[idx] == packed, vals[idx], -np.inf)


@dataclass(frozen=True, eq=False)
class WordModel:
    """Word, word-start, word-end and word-pair log10 probabilities as packed tables."""

    words: Table
    """log10 probability of each dictionary word, by length."""
    ids: Table
    """Line number of each dictionary word (its id), by length."""
    prefixes: Table
    """log10 probability that a word starts with these letters."""
    suffixes: Table
    """log10 probability that a word ends with these letters."""
    word_lp: np.ndarray
    """log10 probability of each word id."""
    pair_keys: np.ndarray
    """Sorted ``first * n_words + second`` of the known word pairs."""
    pair_lp: np.ndarray
    """log10 P(second | first) of those pairs."""
    pair_cap: np.ndarray
    """Per first word: the most log10 P(second | first) of a pair not in the list can
    have (the list holds every pair counted at least as often as its rarest)."""

    def segment_scores(self, plains: np.ndarray) -> np.ndarray:
        """log10 probability of the best split of each row (letter codes) into words;
        letters no word covers cost :data:`~cipherkit.ciphers.stats.UNKNOWN_LETTER`.
        The split is the best by single words; it is then scored with word pairs as
        :meth:`sentence_scores` does."""
        plains = np.atleast_2d(plains)
        rows, n = plains.shape
        top = min(MAX_WORD, n)
        r = np.arange(rows)
        # option k of the piece ending at i: 0 one unknown letter, 1..top a word of k
        # letters, top + 1 the end of a word cut off at the start (letters 0..i)
        value = np.full((rows, n + 1, top + 2), -np.inf)
        word = np.full((rows, n + 1, top + 1), -1, dtype=np.int64)
        value[:, 1:, 0] = UNKNOWN_LETTER
        packed = np.zeros((rows, n), dtype=np.uint64)
        for length in range(1, top + 1):
            packed = packed[:, : n - length + 1] * np.uint64(27) + (
                plains[:, length - 1 :].astype(np.uint64) + np.uint64(1)
            )
            found = _lookup(self.ids, length, packed)
            wid = np.where(np.isfinite(found), found, -1).astype(np.int64)
            word[:, length:, length] = wid
            value[:, length:, length] = np.where(wid >= 0, self.word_lp[wid], -np.inf)
            if length < top:
                value[:, length, top + 1] = CUT_START + _lookup(self.suffixes, length, packed[:, 0])
        steps = np.arange(top + 2)
        steps[0], steps[top + 1] = 1, 0
        best = np.zeros((rows, n + 1))
        choice = np.zeros((rows, n + 1), dtype=np.int64)
        for i in range(1, n + 1):
            pred = np.maximum(i - steps, 0)
            pred[top + 1] = 0
            vals = best[:, pred] + value[:, i]
            k = np.argmax(vals, axis=1)
            best[:, i] = vals[r, k]
            choice[:, i] = k
        final = best[:, n].copy()
        pos = np.full(rows, n)
        for length in range(1, top):  # ... and the text may stop inside a word
            tail = CUT_END + _lookup(self.prefixes, length, pack(plains[:, n - length :]))
            v = best[:, n - length] + tail
            better = v > final
            final = np.where(better, v, final)
            pos = np.where(better, n - length, pos)
        # word pairs along the chosen split, right to left
        n_words = len(self.word_lp)
        right = np.full(rows, -1, dtype=np.int64)
        for _ in range(n):
            live = pos > 0
            if not live.any():
                break
            p = np.where(live, pos, 1)
            k = choice[r, p]
            left = np.where(k <= top, word[r, p, np.minimum(k, top)], -1)
            pair = live & (left >= 0) & (right >= 0)
            key = left * n_words + right
            idx = np.minimum(np.searchsorted(self.pair_keys, key), len(self.pair_keys) - 1)
            hit = pair & (self.pair_keys[idx] == key)
            seen = self.pair_lp[idx] - self.word_lp[right]
            unseen = np.minimum(BACKOFF, self.pair_cap[left] - self.word_lp[right])
            final = final + np.where(pair, np.where(hit, seen, unseen), 0.0)
            right = np.where(live, left, right)
            pos = np.where(live, np.where(k == top + 1, 0, p - steps[k]), pos)
        return final

    def sentence_scores(self, plains: np.ndarray, lengths: list[int]) -> np.ndarray:
        """log10 probability of each row read as words of the given ``lengths`` (in
        order), under word bigrams with back-off; unknown words cost
        :data:`~cipherkit.ciphers.stats.UNKNOWN_LETTER` a letter. The first and last
        word may also be the end or the start of a longer word (cut off, at
        :data:`BREAK_CUT`)."""
        plains = np.atleast_2d(plains)
        rows = plains.shape[0]
        n_words = len(self.word_lp)
        total = np.zeros(rows)
        prev = np.full(rows, -1, dtype=np.int64)
        at = 0
        last = len(lengths) - 1
        for k, length in enumerate(lengths):
            packed = pack(plains[:, at : at + length])
            at += length
            if length > MAX_WORD:
                total += UNKNOWN_LETTER * length
                prev[:] = -1
                continue
            ids = _lookup(self.ids, length, packed)
            known = np.isfinite(ids)
            wid = np.where(known, ids, 0).astype(np.int64)
            single = np.where(known, self.word_lp[wid], UNKNOWN_LETTER * length)
            if not known.all():
                single = np.maximum(single, self._inflected(plains[:, at - length : at]))
            if k == 0 or k == last:
                table = self.suffixes if k == 0 else self.prefixes
                if length < MAX_WORD:
                    single = np.maximum(single, BREAK_CUT + _lookup(table, length, packed))
            pair_key = prev * n_words + wid
            idx = np.minimum(np.searchsorted(self.pair_keys, pair_key), len(self.pair_keys) - 1)
            both = known & (prev >= 0)
            hit = both & (self.pair_keys[idx] == pair_key)
            backed = np.where(prev >= 0, BACKOFF, 0.0) + single
            backed = np.where(both, np.minimum(backed, self.pair_cap[prev]), backed)
            total += np.where(hit, self.pair_lp[idx], backed)
            prev = np.where(known, wid, -1)
        return total

    def _inflected(self, words: np.ndarray) -> np.ndarray:
        """Value of each row (letter codes of one word) read as a dictionary word plus
        an ending of :data:`ENDINGS` (``-inf`` where none fits)."""
        rows, length = words.shape
        out = np.full(rows, -np.inf)
        for ending in ENDINGS:
            stem = length - len(ending)
            if stem < 3:
                continue
            tail = np.asarray([ord(ch) - 65 for ch in ending])
            fits = (words[:, stem:] == tail).all(axis=1)
            if fits.any():
                lp = _lookup(self.words, stem, pack(words[:, :stem]))
                out = np.maximum(out, np.where(fits, lp + INFLECTED, -np.inf))
        return out


@cache
def word_model() -> WordModel:
    """The shipped word model (built once, on first use)."""
    eng = english()
    counts = eng.word_counts
    total = float(counts.sum())
    lp = np.log10(counts / total)
    codes, lengths = _word_codes(eng.words)
    pre = _affix_table(codes, lengths, counts, ends=False)
    suf = _affix_table(codes, lengths, counts, ends=True)
    data = resources.files("cipherkit") / "data"
    with resources.as_file(data / "english_word_pairs.npz") as path, np.load(path) as npz:
        first = npz["first"].astype(np.int64)
        second = npz["second"].astype(np.int64)
        log_count = npz["log_count"].astype(np.float64)
    pair_keys = first * len(eng.words) + second
    order = np.argsort(pair_keys)
    # The pair counts come from another corpus size than the word counts: rescale by
    # their ratio for the most frequent words, whose pairs are nearly all listed.
    after = np.bincount(first, weights=10.0**log_count, minlength=len(counts))
    scale = float(np.median(after[:PAIR_SCALE_WORDS] / counts[:PAIR_SCALE_WORDS]))
    cond = log_count - np.log10(scale * counts[first])
    return WordModel(
        words=_table(codes, lengths, lp),
        ids=_table(codes, lengths, np.arange(len(lp), dtype=np.float64)),
        prefixes={k: (key, np.log10(v / total)) for k, (key, v) in pre.items()},
        suffixes={k: (key, np.log10(v / total)) for k, (key, v) in suf.items()},
        word_lp=lp,
        pair_keys=pair_keys[order],
        pair_lp=np.minimum(cond[order], 0.0),
        pair_cap=np.minimum(float(log_count.min()) - np.log10(scale * counts), 0.0),
    )
