"""How likely a word starts with given letters, after a given word.

Design notes: ``docs/ciphers.md``, ``cipherkit.ciphers.wordprefix``.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

__all__ = ["PREFIX_LETTERS", "PrefixIndex", "prefix_index"]

PREFIX_LETTERS = 13
"""Letters of a word the index sorts by (13 base-27 digits fit in 64 bits); the word
starts it answers for may be this long at most."""


def _padded(codes: np.ndarray, lengths: np.ndarray) -> np.ndarray:
    """Sort keys of words (letter codes, rows padded with anything past ``lengths``):
    the first :data:`PREFIX_LETTERS` letters as base-27 digits 1..26, then zeros."""
    out = np.zeros(len(codes), dtype=np.uint64)
    for k in range(PREFIX_LETTERS):
        digit = np.where(k < lengths, codes[:, k] + 1, 0) if k < codes.shape[1] else 0
        out = out * np.uint64(27) + np.asarray(digit, dtype=np.uint64)
    return out


@dataclass(frozen=True, eq=False)
class PrefixIndex:
    """Words in alphabetical order and the listed word pairs by first word, then second
    word alphabetically, with cumulative probabilities (see the module's description).

    >>> from cipherkit.ciphers.wordmodel import word_model
    >>> from cipherkit.ciphers.text import letter_codes
    >>> model = word_model()
    >>> index = model.prefix_index
    >>> starts = np.stack([letter_codes("BEF"), letter_codes("WEB")])
    >>> after = np.array([[model.word_id("ARRIVES")], [model.word_id("ARRIVES")]])
    >>> before, web = index.given(after, starts)[:, 0]
    >>> bool(before > web)  # "arrives bef(ore)" rather than "arrives web"
    True
    """

    keys: np.ndarray
    """Sort keys of the words (:func:`_padded`), sorted."""
    rank: np.ndarray
    """Each word id's row in that order."""
    cum_word: np.ndarray
    """Cumulative P(word) in that order, from 0 (one more row than words)."""
    pair_keys: np.ndarray
    """Sorted ``first * n_words + rank[second]`` of the listed pairs."""
    cum_pair: np.ndarray
    """Cumulative P(second | first) of those pairs in that order (the listed value, or
    the back-off value where that is more), from 0."""
    cum_second: np.ndarray
    """Cumulative P(second) of those pairs in that order, from 0."""
    backoff: np.ndarray
    """Per first word: its back-off weight (a probability factor, not log10)."""

    def span(self, starts: np.ndarray, length: int) -> tuple[np.ndarray, np.ndarray]:
        """The rows (``lo``, ``hi``) of the words that start with each of ``starts``
        (letter codes, rows x ``length``)."""
        starts = np.asarray(starts)
        lengths = np.full(starts.shape[:-1], length)
        flat = starts.reshape(-1, length)
        lo = _padded(flat, lengths.reshape(-1)).reshape(lengths.shape)
        width = np.uint64(27) ** np.uint64(PREFIX_LETTERS - length)
        return np.searchsorted(self.keys, lo), np.searchsorted(self.keys, lo + width)

    def given(self, prev: np.ndarray, starts: np.ndarray) -> np.ndarray:
        """log10 P(the next word starts with ``starts`` | the word ``prev``), for word
        ids ``prev`` (rows x k; -1: no word before, then P(a word starts so)) and the
        letter codes ``starts`` (rows x length, at most :data:`PREFIX_LETTERS`);
        ``-inf`` where no dictionary word starts so. Returns rows x k."""
        starts = np.atleast_2d(starts)
        lo, hi = self.span(starts, starts.shape[1])
        lo, hi = lo[:, None], hi[:, None]
        alone = self.cum_word[hi] - self.cum_word[lo]
        n = len(self.rank)
        first = np.maximum(prev, 0).astype(np.int64) * n
        a = np.searchsorted(self.pair_keys, first + lo)
        b = np.searchsorted(self.pair_keys, first + hi)
        listed = self.cum_pair[b] - self.cum_pair[a]
        listed_alone = self.cum_second[b] - self.cum_second[a]
        rest = np.maximum(alone - listed_alone, 0.0) * self.backoff[np.maximum(prev, 0)]
        total = np.where(prev >= 0, listed + rest, alone)
        with np.errstate(divide="ignore"):
            return np.where(alone > 0, np.log10(np.maximum(total, 1e-300)), -np.inf)


def prefix_index(
    codes: np.ndarray,
    lengths: np.ndarray,
    word_lp: np.ndarray,
    pair_keys: np.ndarray,
    pair_lp: np.ndarray,
    backoff: np.ndarray,
) -> PrefixIndex:
    """The index of the dictionary words (letter codes ``codes``, rows padded,
    ``lengths``; log10 probabilities ``word_lp``) and the word pairs (sorted
    ``first * n + second`` keys, their log10 P(second | first), and each first word's
    log10 back-off weight)."""
    n = len(word_lp)
    keys = _padded(codes, lengths)
    order = np.argsort(keys, kind="stable")
    rank = np.empty(n, dtype=np.int64)
    rank[order] = np.arange(n)
    p_word = 10.0**word_lp
    cum_word = np.concatenate([[0.0], np.cumsum(p_word[order])])
    first, second = pair_keys // n, pair_keys % n
    by_rank = first * n + rank[second]
    pair_order = np.argsort(by_rank, kind="stable")
    backed = backoff[first] + word_lp[second]
    value = np.maximum(10.0**pair_lp, 10.0**backed)
    return PrefixIndex(
        keys=keys[order],
        rank=rank,
        cum_word=cum_word,
        pair_keys=by_rank[pair_order],
        cum_pair=np.concatenate([[0.0], np.cumsum(value[pair_order])]),
        cum_second=np.concatenate([[0.0], np.cumsum(p_word[second][pair_order])]),
        backoff=10.0**backoff,
    )
