"""The Playfair solver's inner loop, compiled by numba (imported only when it runs).

Design notes: ``docs/ciphers.md``, ``cipherkit.ciphers.playfair_fast``.
"""

from __future__ import annotations

import math

import numpy as np
from numba import njit

__all__ = ["MOVE_KINDS", "apply_move", "score", "temper"]

MOVE_KINDS = 6
"""Moves: 0 swap two letters, 1 swap two rows, 2 swap two columns, 3 flip the rows,
4 flip the columns, 5 reverse the square. Each undoes itself."""


@njit(cache=True, nogil=True)
def score(
    square: np.ndarray,
    ca: np.ndarray,
    cb: np.ndarray,
    dec: np.ndarray,
    quad: np.ndarray,
    pos: np.ndarray,
) -> int:
    """Quantised quadgram score of the decryption of digraphs ``(ca[d], cb[d])`` under
    ``square`` (at least two digraphs; ``pos`` is scratch room for 25 positions). One
    pass: each digraph is decrypted and its two quadgrams scored at once, the last
    letters kept in registers.

    Examples
    --------
    >>> import numpy as np
    >>> from cipherkit.ciphers.classical import Playfair
    >>> from cipherkit.ciphers.playfair_solver import kernel_tables
    >>> letters = "ABCDEFGHIKLMNOPQRSTUVWXYZ"  # square codes 0..24
    >>> secret = Playfair(letters).encrypt("HELPME")
    >>> c = np.asarray([letters.index(x) for x in secret], dtype=np.int64)
    >>> dec, quad = kernel_tables()
    >>> ca, cb, pos = c[0::2].copy(), c[1::2].copy(), np.empty(25, dtype=np.int64)
    >>> right = score(np.arange(25), ca, cb, dec, quad, pos)  # reads HELPME
    >>> wrong = score(np.random.default_rng(1).permutation(25), ca, cb, dec, quad, pos)
    >>> int(wrong) < int(right) < 0
    True
    """
    for i in range(25):
        pos[square[i]] = i
    e = dec[pos[ca[0]] * 25 + pos[cb[0]]]
    p0, p1 = square[e >> 5], square[e & 31]
    e = dec[pos[ca[1]] * 25 + pos[cb[1]]]
    p2, p3 = square[e >> 5], square[e & 31]
    total = 0
    total += quad[((p0 * 25 + p1) * 25 + p2) * 25 + p3]
    q = (p1 * 25 + p2) * 25 + p3  # the last three letters
    x1, x2, last = p1, p2, p3  # the first two of them, and the last
    for d in range(2, ca.size):
        e = dec[pos[ca[d]] * 25 + pos[cb[d]]]
        a, b = square[e >> 5], square[e & 31]
        idx = q * 25 + a
        total += quad[idx]
        q = idx - x1 * 15625
        idx = q * 25 + b
        total += quad[idx]
        q = idx - x2 * 15625
        x1, x2, last = last, a, b
    return total


@njit(cache=True, nogil=True)
def apply_move(square: np.ndarray, kind: int, i: int, j: int) -> None:
    """Apply move ``kind`` (see :data:`MOVE_KINDS`) with positions ``i != j`` (rows and
    columns are ``i % 5`` and ``j % 5``) to ``square`` in place."""
    if kind == 0:
        square[i], square[j] = square[j], square[i]
    elif kind == 1:
        r1, r2 = i % 5, j % 5
        for t in range(5):
            square[r1 * 5 + t], square[r2 * 5 + t] = square[r2 * 5 + t], square[r1 * 5 + t]
    elif kind == 2:
        c1, c2 = i % 5, j % 5
        for t in range(5):
            square[t * 5 + c1], square[t * 5 + c2] = square[t * 5 + c2], square[t * 5 + c1]
    elif kind == 3:
        for r in range(2):
            for t in range(5):
                a, b = r * 5 + t, (4 - r) * 5 + t
                square[a], square[b] = square[b], square[a]
    elif kind == 4:
        for r in range(5):
            for t in range(2):
                a, b = r * 5 + t, r * 5 + 4 - t
                square[a], square[b] = square[b], square[a]
    else:
        for t in range(12):
            square[t], square[24 - t] = square[24 - t], square[t]


@njit(cache=True, nogil=True)
def _step(
    square: np.ndarray,
    cur: int,
    inv: float,
    ca: np.ndarray,
    cb: np.ndarray,
    dec: np.ndarray,
    quad: np.ndarray,
    tries: int,
    other: float,
    pos: np.ndarray,
    moves: np.ndarray,
    scores: np.ndarray,
    weights: np.ndarray,
) -> int:
    """One step at temperature ``1 / inv``: ``tries`` random moves, one picked with
    probability growing as ``exp(gain * inv)`` and kept by the Metropolis rule. Returns
    the score."""
    top = -(2**62)
    for k in range(tries):
        ij = np.random.randint(600)  # positions i != j: 25 x 24 pairs
        i, j = ij // 24, ij % 24
        if j >= i:
            j += 1
        kind = 0
        u = np.random.random()
        if u < other:
            kind = 1 + min(int(u / other * (MOVE_KINDS - 1)), MOVE_KINDS - 2)
        apply_move(square, kind, i, j)
        s = score(square, ca, cb, dec, quad, pos)
        apply_move(square, kind, i, j)
        moves[k, 0], moves[k, 1], moves[k, 2], scores[k] = kind, i, j, s
        top = max(top, s)
    total = 0.0
    for k in range(tries):
        weights[k] = math.exp((scores[k] - top) * inv)
        total += weights[k]
    u = np.random.random() * total
    pick = tries - 1
    for k in range(tries - 1):
        u -= weights[k]
        if u < 0:
            pick = k
            break
    gain = scores[pick] - cur
    if gain >= 0 or np.random.random() < math.exp(gain * inv):
        apply_move(square, moves[pick, 0], moves[pick, 1], moves[pick, 2])
        return scores[pick]
    return cur


@njit(cache=True, nogil=True)
def temper(
    squares: np.ndarray,
    current: np.ndarray,
    temperatures: np.ndarray,
    ca: np.ndarray,
    cb: np.ndarray,
    dec: np.ndarray,
    quad: np.ndarray,
    sweeps: int,
    per_sweep: int,
    tries: int,
    other: float,
    seed: int,
    best_square: np.ndarray,
    stop_at: int,
) -> tuple[int, int]:
    """Parallel tempering: square ``r`` (row of ``squares``, score ``current[r]``)
    anneals at ``temperatures[r]`` for ``per_sweep`` steps a sweep; after each sweep
    neighbouring temperatures swap squares by the exchange rule. Stops after ``sweeps``
    sweeps or when the best score reaches ``stop_at``; the best square of the call is
    written to ``best_square``. Returns (its score, sweeps done)."""
    np.random.seed(seed)
    pos = np.empty(25, np.int64)
    moves = np.empty((tries, 3), np.int64)
    scores = np.empty(tries, np.int64)
    weights = np.empty(tries)
    held = np.empty(25, np.int64)
    rows = squares.shape[0]
    best = -(2**62)
    for sweep in range(sweeps):
        for r in range(rows):
            square = squares[r]
            inv = 1.0 / temperatures[r]
            cur = current[r]
            for _ in range(per_sweep):
                cur = _step(
                    square, cur, inv, ca, cb, dec, quad, tries, other, pos, moves, scores, weights
                )
                if cur > best:
                    best = cur
                    best_square[:] = square
            current[r] = cur
        if best >= stop_at:
            return best, sweep + 1
        for r in range(rows - 1):
            x = (current[r + 1] - current[r]) * (1.0 / temperatures[r] - 1.0 / temperatures[r + 1])
            if x >= 0 or np.random.random() < math.exp(x):
                held[:] = squares[r]
                squares[r] = squares[r + 1]
                squares[r + 1] = held
                current[r], current[r + 1] = current[r + 1], current[r]
    return best, sweeps
