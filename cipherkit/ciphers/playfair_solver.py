"""Breaking Playfair from the ciphertext alone: parallel tempering over 5x5 squares.

Design notes: ``docs/ciphers.md``, ``cipherkit.ciphers.playfair_solver``.
"""

from __future__ import annotations

import itertools
import math
import os
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from functools import cache

import numpy as np

from cipherkit.ciphers.budget import clock
from cipherkit.ciphers.classical import Playfair
from cipherkit.ciphers.solution import Solution, make_solution, solver_codes
from cipherkit.ciphers.stats import QUAD_FLOOR, english
from cipherkit.ciphers.text import ALPHABET
from cipherkit.core.errors import CipherkitError

__all__ = [
    "ENGLISH",
    "LADDER",
    "REPLICAS",
    "SCORED_LETTERS",
    "TRIES",
    "kernel_tables",
    "solve_playfair",
]

TEAMS = 2
"""Independent ladders (teams of :data:`REPLICAS` squares) searching side by side, each
on a core of its own when the machine has two."""
REPLICAS = 8
"""Squares annealed side by side in a team, one at each temperature of the ladder."""
LADDER = (0.4, 1.3)
"""The coolest and hottest temperatures (log10 quadgram units per square root of the
letters scored); the replicas' temperatures are spread geometrically between them."""
PER_SWEEP = 100
"""Steps each replica takes between two rounds of exchanges."""
TRIES = 16
"""Moves each square tries per step (one of them is taken)."""
SCORED_LETTERS = 400
"""Letters of a long text the annealing scores (its first ones; enough to read it)."""
ENGLISH = -0.55
"""Quadgram fitness (per quadgram against English, as
:func:`~cipherkit.ciphers.stats.fitness`, but by the quadgrams of Playfair's padded
text, see :func:`_padded_quadgrams`) at which the search stops and settles. True
readings of 200 letters score -0.46 or better (of 100 letters, -0.5 or better as a
rule); squares a few letters off, -0.54 to -0.7, which the settling puts right."""
SEARCH_FLOOR = -7.0
"""The search scores a quadgram rarer than this (log10) as this: a square that reads
part of the text right and the rest as letter salad then scores nearer to English-like
nonsense, so the search can find its way from it (dev texts at 100 letters: 16/20 read
in 9.5 s, against 14/20 with the table's own floor of -9). The answer is judged by the
full table."""
SETTLE_ROUNDS = 20
"""Most rounds of :data:`CHUNK` steps the search goes on for once a square reads as
English; it stops after a round that finds nothing better."""
STEPS_PER_LETTER = 4000
"""The most steps (all replicas together), per ciphertext letter scored, when no
``time_limit`` is given."""
CHUNK = 16_000
"""Steps between two looks at the clock (about a twentieth of a second)."""
REPORT_EVERY = 0.25
"""Seconds between two reports of the best reading so far (when one is asked for)."""
UNBOUNDED = 10**12
"""Steps when only a ``time_limit`` bounds the annealing."""
OTHER_MOVES = 0.05
"""Share of the moves that are not a swap of two letters."""
PADDED = 0.5
"""Share of a text's doubled letters that fall in one digraph (and get an X between)."""
WORD_WEIGHT = 3.0
"""Weight of the word model (log10) against the quadgrams when the answer's neighbours
are judged (:func:`_judge_by_words`; 1.5 and 5 read the same dev texts)."""
JUDGE_MARGIN = 20.0
"""The neighbours judged: squares one move of the last climb from the answer whose
quadgrams score within this (log10) of it (10 and 40 read the same dev texts)."""

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
def _tables() -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The quantised quadgram table over the 25 letters (int8, 0.1 log10), the
    decryption table (plain positions of the digraph at positions ``a * 25 + b``, two
    int32 packed into one int64) and the moves of the last climb (rows of a permutation
    of the 25 positions)."""
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
    grid = ident.reshape(5, 5)
    for order in itertools.permutations(range(5)):  # every order of the rows, of the columns
        if order != tuple(range(5)):
            moves += [grid[list(order)].ravel(), grid[:, list(order)].ravel()]
    moves.append(ident[::-1])
    packed = np.ascontiguousarray(dec).view(np.int64).ravel()
    return quad8, packed, np.asarray(moves, dtype=np.intp)


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
        quad8, dec, _ = _tables()
        where = np.empty(self.rows * 25, dtype=np.int32)
        where[(squares + self.offsets).ravel()] = self.places
        plain_at = dec[where[self.a] * 25 + where[self.b]].view(np.int32)
        p = squares.astype(np.int16).ravel()[plain_at + self.offsets32]
        pairs = p[:, :-1] * 25 + p[:, 1:]
        idx = pairs[:, :-2].astype(np.int32) * 625 + pairs[:, 2:]
        return quad8[idx].sum(axis=1, dtype=np.int32) * 0.1


def _decrypt(square: np.ndarray, c: np.ndarray) -> np.ndarray:
    """Letter codes (A=0) of the decryption of square codes ``c`` under ``square``."""
    _, dec, _ = _tables()
    where = np.empty(25, dtype=np.intp)
    where[square] = np.arange(25)
    plain_at = dec[where[c[0::2]] * 25 + where[c[1::2]]].view(np.int32)
    return _PLAIN[square[plain_at]]


def _fitness(score: float, letters: int) -> float:
    return score / (letters - 3) - english().quad_mean()


def _climb(square: np.ndarray, c: np.ndarray) -> np.ndarray:
    """Steepest ascent from ``square`` over every move while one helps."""
    _, _, moves = _tables()
    scorer = _Scorer(c, len(moves))
    best = float(_Scorer(c, 1)(square[None])[0])
    while True:
        cands = square[moves]
        scores = scorer(cands)
        k = int(np.argmax(scores))
        if scores[k] <= best + 1e-9:
            return square
        square, best = cands[k], float(scores[k])


@cache
def kernel_tables() -> tuple[np.ndarray, np.ndarray]:
    """The compiled kernels' tables: the two plain positions of the digraph at positions
    ``a * 25 + b``, packed as ``first * 32 + second`` (int64), and the search's quadgram
    table (int8, tenths of log10, floored at :data:`SEARCH_FLOOR`)."""
    quad8, packed, _ = _tables()
    dec = packed.view(np.int32).reshape(625, 2).astype(np.int64)
    return (
        np.ascontiguousarray(dec[:, 0] * 32 + dec[:, 1]),
        np.maximum(quad8, round(SEARCH_FLOOR * 10)).astype(np.int8),
    )


def _unpadded(codes: np.ndarray) -> np.ndarray:
    """Letter codes (A=0) of a Playfair decryption without its padding: an X between
    two equal letters in a digraph's second place, and a last X.

    >>> from cipherkit.ciphers.text import letter_codes
    >>> "".join(chr(65 + int(x)) for x in _unpadded(letter_codes("BALXLOONX")))
    'BALLOON'
    """
    x = 23
    keep = np.ones(len(codes), dtype=bool)
    middle = np.arange(1, len(codes) - 1, 2)
    keep[middle] = ~((codes[middle] == x) & (codes[middle - 1] == codes[middle + 1]))
    keep[-1] = codes[-1] != x
    return codes[keep]


def _judge_by_words(square: np.ndarray, c: np.ndarray) -> np.ndarray:
    """The best of ``square`` and its neighbours one move of the last climb away whose
    quadgrams score within :data:`JUDGE_MARGIN` of it, by quadgrams and
    :data:`WORD_WEIGHT` times the word model's best split of the unpadded decryption.

    At 100 letters the quadgrams alone sometimes prefer a square one swap (or one swap
    of rows) from the true one: "NEGROOMOFANCIENTMAPS" to "NEWROOM...", "NEBODY" to
    "NOBODY". Such a square reads as English, so the search stops on it.
    """
    from cipherkit.ciphers.wordmodel import word_model  # its tables load on first use

    _, _, moves = _tables()
    cands = np.vstack([square[None], square[moves]])
    quads = _Scorer(c, len(cands))(cands)
    near = np.flatnonzero(quads >= quads[0] - JUDGE_MARGIN)
    texts = [_unpadded(_decrypt(cands[k], c)) for k in near]
    shortest = min(len(t) for t in texts)
    words = word_model().segment_scores(np.stack([t[:shortest] for t in texts]), end_context=True)
    return cands[near[int(np.argmax(quads[near] + WORD_WEIGHT * words))]]


def _reads_english(square: np.ndarray, c: np.ndarray) -> bool:
    """Whether ``square`` reads ciphertext ``c`` as English (:data:`ENGLISH`) by the full
    quadgram table (the search's floor flatters rare quadgrams)."""
    return _fitness(float(_Scorer(c, 1)(square[None])[0]), len(c)) >= ENGLISH


def _threshold(fitness: float, letters: int) -> int:
    """The quantised score (tenths of log10) of ``fitness`` over ``letters`` letters."""
    return math.ceil((fitness + english().quad_mean()) * (letters - 3) * 10)


class _Teams:
    """:data:`TEAMS` independent ladders of :data:`REPLICAS` squares, each team's
    kernel call on a thread of its own when the machine has the cores (numba releases
    the GIL). Each team draws its own seeds, so the same ``seed`` gives the same
    squares whether the teams run side by side or one after the other."""

    def __init__(self, c: np.ndarray, seed: int, tries: int) -> None:
        from cipherkit.ciphers import playfair_fast  # numba: only when solving

        self.fast = playfair_fast
        self.ca, self.cb = np.ascontiguousarray(c[0::2]), np.ascontiguousarray(c[1::2])
        self.tables = kernel_tables()
        self.seed, self.tries = seed, tries
        rng = np.random.default_rng(seed)
        self.squares = rng.permuted(np.tile(np.arange(25), (TEAMS, REPLICAS, 1)), axis=2)
        pos = np.empty(25, np.int64)
        self.current = np.asarray(
            [[playfair_fast.score(q, self.ca, self.cb, *self.tables, pos) for q in team]
             for team in self.squares]
        )  # fmt: skip
        # temperatures in tenths of log10, by the square root of the letters scored
        self.ladder = np.geomspace(*LADDER, REPLICAS) * math.sqrt(len(c)) * 10
        self.found = np.empty((TEAMS, 25), np.int64)
        self.sweeps = max(1, CHUNK // (REPLICAS * PER_SWEEP))
        self.calls = 0
        cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else 1
        workers = min(TEAMS, cores)
        self.pool = ThreadPoolExecutor(workers) if workers > 1 else None

    def best(self) -> tuple[int, np.ndarray]:
        """The best score among the current squares, and its square."""
        t, r = np.unravel_index(int(np.argmax(self.current)), self.current.shape)
        return int(self.current[t, r]), self.squares[t, r].copy()

    def _team(self, t: int, stop_at: int) -> tuple[int, int]:
        call_seed = ((self.seed * 1_000_003 + self.calls) * TEAMS + t) % 2**32
        return self.fast.temper(
            self.squares[t], self.current[t], self.ladder, self.ca, self.cb, *self.tables,
            self.sweeps, PER_SWEEP, self.tries, OTHER_MOVES, call_seed, self.found[t], stop_at,
        )  # fmt: skip

    def sweep(self, stop_at: int) -> tuple[int, int, np.ndarray]:
        """One kernel call per team (:data:`CHUNK` steps each, less when a square
        reaches ``stop_at``): the best score found, the steps done (all teams) and the
        best square."""
        self.calls += 1
        teams = range(TEAMS)
        done = None
        if self.pool is not None:
            try:
                done = list(self.pool.map(self._team, teams, [stop_at] * TEAMS))
            except RuntimeError:  # no thread to be had (a process limit): one core then
                self.close()
                self.pool = None
        if done is None:
            done = [self._team(t, stop_at) for t in teams]
        t = max(teams, key=lambda i: done[i][0])
        steps = sum(d for _, d in done) * REPLICAS * PER_SWEEP
        return done[t][0], steps, self.found[t].copy()

    def close(self) -> None:
        if self.pool is not None:
            self.pool.shutdown()


def solve_playfair(
    text: str | np.ndarray,
    *,
    seed: int = 0,
    max_steps: int | None = None,
    tries: int = TRIES,
    time_limit: float | None = None,
    report: Callable[[Solution], bool] | None = None,
) -> Solution:
    """Break a Playfair cipher by parallel tempering (200 letters are enough as a rule;
    at 100 letters 17 held-out texts in 20 are read within 10 s on two cores).
    ``max_steps`` bounds the annealing steps of all teams together (default
    :data:`STEPS_PER_LETTER` per letter scored; without a bound when ``time_limit`` is
    given), ``time_limit`` its wall-clock seconds (checked every :data:`CHUNK` steps);
    same ``seed`` and ``max_steps``, same answer, on one core or several (a
    ``time_limit`` may end it at another step on another machine). ``report``, if
    given, is called with the best reading so far about every :data:`REPORT_EVERY`
    seconds; when it returns True the search ends there (that reading, climbed, is the
    answer).

    Examples
    --------
    >>> from cipherkit.ciphers.classical import Playfair
    >>> from cipherkit.ciphers.samples import make_texts
    >>> text = make_texts(1, 200, seed=22, whole_words=True)[0]
    >>> secret = Playfair("LIGHTHOUSE").encrypt(text)
    >>> solve_playfair(secret).plaintext == Playfair("LIGHTHOUSE").decrypt(secret)
    True
    """
    codes = solver_codes(text)
    if len(codes) % 2:
        raise CipherkitError.say("Playfair ciphertext has an even number of letters")
    c_all = _SQUARE_CODE[codes]
    c = c_all[: SCORED_LETTERS - SCORED_LETTERS % 2].astype(np.int64)
    n = len(c)
    if max_steps is None:
        max_steps = UNBOUNDED if time_limit is not None else STEPS_PER_LETTER * n
    teams = _Teams(c, seed, tries)
    try:
        best, best_square = teams.best()
        started, steps = clock(), 0
        reported = started
        stop_at, english = _threshold(ENGLISH, n), False
        while steps < max_steps:
            if time_limit is not None and clock() - started > time_limit:
                break
            top, done, square = teams.sweep(stop_at)
            steps += done
            if top > best:
                best, best_square = top, square
            if report is not None and clock() - reported > REPORT_EVERY:
                reported = clock()
                key = "".join(ALPHABET[_PLAIN[i]] for i in best_square)
                if report(make_solution(Playfair(key), _decrypt(best_square, c_all))):
                    break
            if best >= stop_at:
                english = _reads_english(best_square, c)
                if english:
                    break
                stop_at = best + 1  # English by the search's score only: search on
        # settle: the replicas go on while a round of sweeps finds a better square
        for _ in range(SETTLE_ROUNDS if english else 0):
            top, _, square = teams.sweep(2**62)
            if top <= best:
                break
            best, best_square = top, square
    finally:
        teams.close()
    square = _climb(best_square, c)
    if _reads_english(square, c):
        square = _judge_by_words(square, c)
    key = "".join(ALPHABET[_PLAIN[i]] for i in square)
    return make_solution(Playfair(key), _decrypt(square, c_all))
