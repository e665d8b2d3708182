"""Solvers: find the key of a classical cipher from the ciphertext alone.

Design notes: ``docs/ciphers.md``, ``cipherkit.ciphers.solvers``.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Sequence

import numpy as np

from cipherkit.ciphers.classical import (
    VALID_A,
    Affine,
    Caesar,
    Columnar,
    RailFence,
    _columnar_order,
    _rail_order,
)
from cipherkit.ciphers.playfair_solver import solve_playfair
from cipherkit.ciphers.solution import Solution, batch_scores
from cipherkit.ciphers.solution import make_solution as _solution
from cipherkit.ciphers.solution import solver_codes as _codes
from cipherkit.ciphers.substitution_solver import pattern_attack, solve_substitution
from cipherkit.ciphers.vigenere_solver import solve_vigenere, vigenere_key_lengths
from cipherkit.ciphers.wordmodel import word_model

__all__ = [
    "Solution",
    "batch_scores",
    "pattern_attack",
    "rank_affine",
    "rank_caesar",
    "solve_columnar",
    "solve_playfair",
    "solve_railfence",
    "solve_substitution",
    "solve_vigenere",
    "vigenere_key_lengths",
]


# ------------------------------------------------------------------ Caesar, affine
def rank_caesar(text: str | np.ndarray) -> list[Solution]:
    """Every Caesar shift, most English-looking first.

    Examples
    --------
    >>> from cipherkit.ciphers.classical import Caesar, Vigenere
    >>> rank_caesar(Caesar(7).encrypt("meet me by the old oak tree at midnight"))[0].cipher
    Caesar(shift=7)
    >>> secret = Vigenere("CODE").encrypt("the treasure is buried under the third palm tree "
    ...                                   "on the western beach of the island")
    >>> solve_vigenere(secret).cipher
    Vigenere(key='CODE')
    """
    c = _codes(text)
    plains = (c[None, :] - np.arange(26)[:, None]) % 26
    scores = batch_scores(plains)
    order = np.argsort(-scores, kind="stable")
    return [_solution(Caesar(int(s)), plains[s], scores[s]) for s in order]


def rank_affine(text: str | np.ndarray) -> list[Solution]:
    """Every affine key (312 of them, Caesar and Atbash-like keys included), best first."""
    c = _codes(text)
    keys = [(a, b) for a in VALID_A for b in range(26)]
    inv = {a: pow(a, -1, 26) for a in VALID_A}
    plains = np.stack([(inv[a] * (c - b)) % 26 for a, b in keys])
    scores = batch_scores(plains)
    order = np.argsort(-scores, kind="stable")
    return [_solution(Affine(*keys[i]), plains[i], scores[i]) for i in order[:26]]


MAX_RAILS = 20
"""Most rails :func:`solve_railfence` tries by default."""
MAX_COLUMNS = 9
"""Widest columnar key :func:`solve_columnar` tries by default."""


# ------------------------------------------------------------------ transposition
READING_MARGIN = 25.0
"""Transposition readings whose quadgram score is within this (log10) of the best are
compared again with the word model (:func:`_best_reading`)."""
READING_WORD_WEIGHT = 3.0
"""Weight of the word model against quadgrams when :func:`_best_reading` compares them
(as the substitution solver weighs them)."""
RAIL_OFFSET_COST = 4.0
"""log10 cost of a rail fence started part way along its zigzag (``offset`` other than
0): the books write it from the top rail. A reading from offset 0 that moves the text's
last word to its front ("NEAR ENGINEER ... THE MARKET" for "ENGINEER ... THE MARKET
NEAR") can otherwise score slightly better than the text, whose words join no better."""


def _best_reading(
    plains: np.ndarray,
    scores: np.ndarray,
    must: Sequence[int] = (),
    cost: np.ndarray | None = None,
) -> int:
    """The index of the best of some candidate transposition readings (rows of
    ``plains``, quadgram ``scores``, and a log10 ``cost`` of each one's key if given).

    Quadgrams do not see where a text starts and stops, so a key that reads the text
    shifted round by a letter or a word (the end wrapped round to the front, a few letters
    out of place there) can score slightly better than the true key: the rail fence read
    from offset 3 instead of 0, or the columns of SQJG read one place round (ADCB). The
    readings within :data:`READING_MARGIN` of the best (at most 40), and those in
    ``must`` (the best key's own rotations), are compared again by quadgrams + the word
    model (:meth:`~cipherkit.ciphers.wordmodel.WordModel.segment_scores`), which charges
    a text for starting inside a word.
    """
    order = np.argsort(-scores, kind="stable")
    near = [int(i) for i in order[:40] if scores[i] >= scores[order[0]] - READING_MARGIN]
    pool = list(dict.fromkeys([*near, *must]))
    if len(pool) == 1:
        return pool[0]
    words = word_model().segment_scores(plains[pool])
    total = scores[pool] + READING_WORD_WEIGHT * words
    if cost is not None:
        total = total - cost[pool]
    return pool[int(np.argmax(total))]


def solve_railfence(text: str | np.ndarray, *, max_rails: int = MAX_RAILS) -> Solution:
    """Try every number of rails (2..max_rails) and every offset; the best few readings
    by quadgrams, and every offset of the best one's rails, are compared again with the
    word model (:func:`_best_reading`: a reading that starts inside a word is a text
    shifted round), an offset other than 0 costing :data:`RAIL_OFFSET_COST`."""
    c = _codes(text)
    cands: list[tuple[int, int]] = []
    plains = []
    for rails in range(2, max(3, min(max_rails, len(c)) + 1)):
        for offset in range(2 * (rails - 1)):
            p = np.empty_like(c)
            p[_rail_order(len(c), rails, offset)] = c
            cands.append((rails, offset))
            plains.append(p)
    stacked = np.stack(plains)
    scores = batch_scores(stacked)
    top = cands[int(np.argmax(scores))][0]
    same_rails = [i for i, (r, _) in enumerate(cands) if r == top]
    cost = np.asarray([RAIL_OFFSET_COST * (offset != 0) for _, offset in cands])
    k = _best_reading(stacked, scores, same_rails, cost)
    return _solution(RailFence(*cands[k]), plains[k], scores[k])


def solve_columnar(
    text: str | np.ndarray,
    *,
    max_width: int = MAX_COLUMNS,
    seed: int = 0,
    exhaustive: int = 7,
) -> Solution:
    """Columnar transposition: every order for widths up to ``exhaustive``, hill climbing
    (moves and swaps of columns, restarts) for wider keys up to ``max_width``. The best
    orders by quadgrams, and every rotation of the best one (its columns taken one or more
    places round, which reads the text shifted round), are compared again with the word
    model (:func:`_best_reading`)."""
    c = _codes(text)
    n = len(c)
    rng = np.random.default_rng(seed)
    best: tuple[float, tuple[int, ...]] = (-math.inf, (0,))
    near: dict[tuple[int, ...], float] = {}

    def plains(orders: list[tuple[int, ...]]) -> np.ndarray:
        out = np.empty((len(orders), n), dtype=np.int64)
        for r, order in enumerate(orders):
            out[r, _columnar_order(n, order)] = c
        return out

    for width in range(2, min(max_width, n // 2) + 1):
        if width <= exhaustive:
            orders = list(itertools.permutations(range(width)))
            for start in range(0, len(orders), 720):
                chunk = orders[start : start + 720]
                scores = batch_scores(plains(chunk))
                for hit in np.flatnonzero(scores >= max(best[0], scores.max()) - READING_MARGIN):
                    near[chunk[hit]] = float(scores[hit])
                k = int(np.argmax(scores))
                if scores[k] > best[0] + 1e-9:
                    best = (float(scores[k]), chunk[k])
            continue
        for _ in range(6):
            order = tuple(int(x) for x in rng.permutation(width))
            cur = float(batch_scores(plains([order]))[0])
            while True:
                neigh = set()
                for i in range(width):
                    for j in range(width):
                        if i != j:
                            o = list(order)
                            o[i], o[j] = o[j], o[i]
                            neigh.add(tuple(o))
                            o = list(order)
                            o.insert(j, o.pop(i))
                            neigh.add(tuple(o))
                cand = list(neigh)
                scores = batch_scores(plains(cand))
                k = int(np.argmax(scores))
                if scores[k] <= cur + 1e-9:
                    break
                cur, order = float(scores[k]), cand[k]
            near[order] = cur
            if cur > best[0] + 1e-9:
                best = (cur, order)
    width = len(best[1])
    rotations = [best[1][-k:] + best[1][:-k] for k in range(1, width)]
    close = [order for order, v in near.items() if v >= best[0] - READING_MARGIN]
    cands = list(dict.fromkeys([best[1], *rotations, *close]))
    candidates = plains(cands)
    scores = batch_scores(candidates)
    k = _best_reading(candidates, scores, range(width))
    return _solution(Columnar.from_order(cands[k]), candidates[k], scores[k])
