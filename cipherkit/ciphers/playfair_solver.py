"""Breaking Playfair from the ciphertext alone: simulated annealing over 5x5 squares.

A square here is 25 codes read row by row, 0..24 standing for the letters A..Z without
J. :func:`solve_playfair` anneals many squares side by side, one numpy step moving them
all:

* each square tries several moves at once (the textbook moves: mostly a swap of two
  letters; sometimes a swap of two rows or two columns, or the square reversed or
  flipped) and takes one of them with probability growing as ``exp(gain /
  temperature)``, then keeps it by the Metropolis rule;
* the temperatures are fixed, spread round :data:`TEMPERATURE` x the square root of the
  number of letters scored (at most :data:`SCORED_LETTERS`; a long text is read from its
  start);
* a square is scored by English quadgrams of its decryption, counted as Playfair pads
  a text (an X between doubled letters reads as well as the doubled letters did, see
  :func:`_padded_quadgrams`): each digraph's plain positions are looked up from the
  positions of its two letters (one 625-entry table serves every square), and the
  quadgram table is quantised to 0.1 log10 (small enough to stay in the cache);
* when a square reads nearly as English (fitness :data:`NEAR_ENGLISH`), every chain
  goes on from it, cooler, until :data:`PATIENCE` steps bring nothing better; then the
  square is the answer if it reads as English (:data:`ENGLISH`), else the chains go back
  to exploring from where they were. A last steepest ascent over every move finishes
  the answer.

The 25 squares that shift the true one's rows and columns round read the text the same
way: the solver returns one of them.

>>> from cipherkit.ciphers.classical import Playfair
>>> from cipherkit.ciphers.samples import make_texts
>>> text = make_texts(1, 200, seed=22, whole_words=True)[0]
>>> secret = Playfair("LIGHTHOUSE").encrypt(text)
>>> solve_playfair(secret).plaintext == Playfair("LIGHTHOUSE").decrypt(secret)
True
"""

from __future__ import annotations

import math
import time
from functools import cache

import numpy as np

from cipherkit.ciphers.classical import Playfair
from cipherkit.ciphers.solution import Solution, make_solution, solver_codes
from cipherkit.ciphers.stats import QUAD_FLOOR, english
from cipherkit.ciphers.text import ALPHABET
from cipherkit.core.errors import CipherkitError

__all__ = [
    "CHAINS",
    "ENGLISH",
    "NEAR_ENGLISH",
    "PATIENCE",
    "SCORED_LETTERS",
    "TEMPERATURE",
    "TRIES",
    "solve_playfair",
]

CHAINS = 16
"""Squares annealed side by side."""
TRIES = 16
"""Moves each square tries per step (one of them is taken)."""
TEMPERATURE = 0.85
"""The annealing temperature (log10 quadgram units) per square root of the letters
scored, for the middle chain."""
SPREAD = (0.75, 1.25)
"""The chains' temperatures spread geometrically over these times :data:`TEMPERATURE`
(hotter chains find their way sooner, cooler ones miss it less)."""
SCORED_LETTERS = 400
"""Letters of a long text the annealing scores (its first ones; enough to read it)."""
NEAR_ENGLISH = -1.3
"""Quadgram fitness (per quadgram against English, as
:func:`~cipherkit.ciphers.stats.fitness`, but by the quadgrams of Playfair's padded
text, see :func:`_padded_quadgrams`) at which a square is taken as nearly right: every
chain settles from it, cooler."""
ENGLISH = -0.55
"""Fitness at which a settled square is taken as the answer. True readings of 200
letters score -0.46 or better (of 120 letters, -0.46 or better 19 times in 20); squares
a few letters off, -0.54 to -0.7. Below it the chains go back to exploring."""
SETTLE = 0.5
"""Temperature of the settling, as a share of the annealing temperature."""
PATIENCE = 300
"""Steps without a better square after which the settling stops."""
STEPS_PER_LETTER = 100
"""The most annealing steps, per ciphertext letter scored, for texts of
:data:`FULL_BUDGET_LETTERS` or more; a shorter text, seldom enough to read, gets fewer
per letter, by its share of that length to the power 1.5 (and at least
:data:`MIN_STEPS` in all): 120 letters get 46 per letter."""
FULL_BUDGET_LETTERS = 200
MIN_STEPS = 2000
UNBOUNDED = 10**9
"""Steps when only a ``time_limit`` bounds the annealing."""
OTHER_MOVES = 0.05
"""Share of the moves that are not a swap of two letters."""
PADDED = 0.5
"""Share of a text's doubled letters that fall in one digraph (and get an X between)."""

_PLAIN = np.asarray([i for i in range(26) if i != 9])
"""Letter code (A=0) of each square code."""
_SQUARE_CODE = np.concatenate([np.arange(9), [8], np.arange(9, 25)])
"""Square code of each letter code (J is read as I)."""


def _padded_quadgrams() -> np.ndarray:
    """English quadgram log10 probabilities (26 x 26 x 26 x 26) of text as Playfair
    prepares it: an X between the two letters of a doubled pair (:data:`PADDED` of them),
    so that "BALXLOON" reads as well as "BALLOON" did. Without it a reading that puts
    other letters where the X's are can score better than the true one."""
    eng = english()
    quad = 10.0 ** eng.quadgrams.astype(np.float64).reshape(26, 26, 26, 26)
    tri = 10.0 ** eng.trigrams.reshape(26, 26, 26)
    x = 23
    a = np.asarray([i for i in range(26) if i != x])  # a doubled X gets a Q
    extra = np.zeros_like(quad)
    extra[a, x, a, :] += tri[a, a, :]  # aXa?  from aa?
    extra[:, a, x, a] += tri[:, a, a]  # ?aXa  from ?aa
    extra[x, a, :, :] += quad[a, a, :, :]  # Xa??  from aa??
    extra[:, :, a, x] += quad[:, :, a, a]  # ??aX  from ??aa
    return np.maximum(np.log10(quad + PADDED * extra), QUAD_FLOOR)


@cache
def _tables() -> tuple[np.ndarray, np.ndarray, np.ndarray, int]:
    """The quantised quadgram table over the 25 letters (int8, 0.1 log10), the
    decryption table (plain positions of the digraph at positions ``a * 25 + b``, two
    int32 packed into one int64), the moves (rows of a permutation of the 25 positions)
    and how many of them are letter swaps (the first ones)."""
    quad = _padded_quadgrams()[np.ix_(_PLAIN, _PLAIN, _PLAIN, _PLAIN)]
    quad8 = np.round(quad.reshape(-1) * 10).astype(np.int8)
    dec = np.empty((625, 2), dtype=np.int32)
    for pa in range(25):
        for pb in range(25):
            (ra, ca), (rb, cb) = divmod(pa, 5), divmod(pb, 5)
            if ra == rb:
                dec[pa * 25 + pb] = ra * 5 + (ca + 4) % 5, rb * 5 + (cb + 4) % 5
            elif ca == cb:
                dec[pa * 25 + pb] = (ra + 4) % 5 * 5 + ca, (rb + 4) % 5 * 5 + cb
            else:
                dec[pa * 25 + pb] = ra * 5 + cb, rb * 5 + ca
    ident = np.arange(25)
    moves = []
    for i in range(25):
        for j in range(i + 1, 25):
            m = ident.copy()
            m[i], m[j] = j, i
            moves.append(m)
    swaps = len(moves)
    grid = ident.reshape(5, 5)
    for r1 in range(5):
        for r2 in range(r1 + 1, 5):
            rows, cols = grid.copy(), grid.copy()
            rows[[r1, r2]] = rows[[r2, r1]]
            cols[:, [r1, r2]] = cols[:, [r2, r1]]
            moves += [rows.ravel(), cols.ravel()]
    moves += [grid[::-1].ravel(), grid[:, ::-1].ravel(), ident[::-1]]
    packed = np.ascontiguousarray(dec).view(np.int64).ravel()
    return quad8, packed, np.asarray(moves, dtype=np.intp), swaps


class _Scorer:
    """Quantised quadgram scores (log10) of the decryptions of ``rows`` squares at once."""

    def __init__(self, c: np.ndarray, rows: int) -> None:
        offsets = (np.arange(rows) * 25)[:, None]
        self.a = c[0::2].astype(np.intp) + offsets
        self.b = c[1::2].astype(np.intp) + offsets
        self.offsets = offsets
        self.offsets32 = offsets.astype(np.int32)
        self.places = np.tile(np.arange(25, dtype=np.int32), rows)
        self.rows = rows

    def __call__(self, squares: np.ndarray) -> np.ndarray:
        quad8, dec, _, _ = _tables()
        where = np.empty(self.rows * 25, dtype=np.int32)
        where[(squares + self.offsets).ravel()] = self.places
        plain_at = dec[where[self.a] * 25 + where[self.b]].view(np.int32)
        p = squares.astype(np.int16).ravel()[plain_at + self.offsets32]
        pairs = p[:, :-1] * 25 + p[:, 1:]
        idx = pairs[:, :-2].astype(np.int32) * 625 + pairs[:, 2:]
        return quad8[idx].sum(axis=1, dtype=np.int32) * 0.1


def _decrypt(square: np.ndarray, c: np.ndarray) -> np.ndarray:
    """Letter codes (A=0) of the decryption of square codes ``c`` under ``square``."""
    _, dec, _, _ = _tables()
    where = np.empty(25, dtype=np.intp)
    where[square] = np.arange(25)
    plain_at = dec[where[c[0::2]] * 25 + where[c[1::2]]].view(np.int32)
    return _PLAIN[square[plain_at]]


def _fitness(score: float, letters: int) -> float:
    return score / (letters - 3) - english().quad_mean()


def _climb(square: np.ndarray, c: np.ndarray) -> np.ndarray:
    """Steepest ascent from ``square`` over every move while one helps."""
    _, _, moves, _ = _tables()
    scorer = _Scorer(c, len(moves))
    best = float(_Scorer(c, 1)(square[None])[0])
    while True:
        cands = square[moves]
        scores = scorer(cands)
        k = int(np.argmax(scores))
        if scores[k] <= best + 1e-9:
            return square
        square, best = cands[k], float(scores[k])


def solve_playfair(
    text: str | np.ndarray,
    *,
    seed: int = 0,
    max_steps: int | None = None,
    chains: int = CHAINS,
    tries: int = TRIES,
    time_limit: float | None = None,
) -> Solution:
    """Break a Playfair cipher by simulated annealing (200 letters are enough as a rule;
    at 100 letters about half the texts are read within 10 s). ``max_steps`` bounds the
    annealing (default :data:`STEPS_PER_LETTER` per letter scored, fewer for short
    texts; without a bound when ``time_limit`` is given), ``time_limit`` its CPU seconds
    (the process's, checked every 100 steps); same ``seed`` and ``max_steps``, same
    answer (a ``time_limit`` may end it at another step on another machine)."""
    codes = solver_codes(text)
    if len(codes) % 2:
        raise CipherkitError("Playfair ciphertext has an even number of letters")
    c_all = _SQUARE_CODE[codes]
    c = c_all[: SCORED_LETTERS - SCORED_LETTERS % 2]
    n = len(c)
    rng = np.random.default_rng(seed)
    _, _, moves, swaps = _tables()
    if max_steps is None and time_limit is not None:
        max_steps = UNBOUNDED
    elif max_steps is None:
        per_letter = STEPS_PER_LETTER * min(1.0, n / FULL_BUDGET_LETTERS) ** 1.5
        max_steps = max(MIN_STEPS, round(per_letter * n))
    heat = TEMPERATURE * math.sqrt(n) * np.geomspace(*SPREAD, chains)
    temperature = heat
    squares = np.stack([rng.permutation(25) for _ in range(chains)])
    scorer = _Scorer(c, chains * tries)
    cur = _Scorer(c, chains)(squares)
    k = int(np.argmax(cur))
    best, best_square = float(cur[k]), squares[k].copy()
    rows = np.arange(chains)
    tried_by = np.repeat(rows, tries)[:, None]
    # settling: the chains' exploring squares and scores, kept to go back to
    saved: tuple[np.ndarray, np.ndarray] | None = None
    settled_from, last_better = -math.inf, 0
    started = time.process_time()
    for step in range(max_steps):
        late = time_limit is not None and time.process_time() - started > time_limit
        if late and step % 100 == 0:
            break
        other = rng.random(chains * tries) < OTHER_MOVES
        move = np.where(
            other,
            rng.integers(swaps, len(moves), chains * tries),
            rng.integers(0, swaps, chains * tries),
        )
        cands = squares[tried_by, moves[move]]
        scores = scorer(cands).reshape(chains, tries)
        gains = (scores - cur[:, None]) / temperature[:, None]
        pick = np.argmax(gains + rng.gumbel(size=gains.shape), axis=1)
        take = gains[rows, pick] > np.log(rng.random(chains))
        squares[take] = cands[rows[take] * tries + pick[take]]
        cur[take] = scores[rows[take], pick[take]]
        k = int(np.argmax(cur))
        if cur[k] > best + 1e-9:
            best, best_square, last_better = float(cur[k]), squares[k].copy(), step
        if saved is None and best > settled_from + 1e-9 and _fitness(best, n) >= NEAR_ENGLISH:
            # nearly English: every chain goes on from the best square, cooler
            saved = (squares.copy(), cur.copy())
            squares[:], cur[:] = best_square, best
            temperature = heat * SETTLE
            settled_from, last_better = best, step
        elif saved is not None and step - last_better >= PATIENCE:
            if _fitness(best, n) >= ENGLISH:
                break
            # not English yet: the chains explore on from where they were
            squares, cur = saved
            saved, temperature, settled_from = None, heat, best
    square = _climb(best_square, c)
    key = "".join(ALPHABET[_PLAIN[i]] for i in square)
    return make_solution(Playfair(key), _decrypt(square, c_all))
