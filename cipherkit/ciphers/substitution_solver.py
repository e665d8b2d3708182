"""Breaking a monoalphabetic substitution from the ciphertext alone.

Design notes: ``docs/ciphers.md``, ``cipherkit.ciphers.substitution_solver``.

>>> from cipherkit.ciphers.classical import Substitution
>>> secret = Substitution.random(3).encrypt("meet me at the old mill after dark")
>>> solve_substitution(secret).plaintext
'MEETMEATTHEOLDMILLAFTERDARK'
"""

from __future__ import annotations

import itertools
import time
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from functools import cache

import numpy as np

from cipherkit.ciphers.classical import Substitution
from cipherkit.ciphers.solution import Solution, batch_scores, solver_codes
from cipherkit.ciphers.stats import UNKNOWN_LETTER, english, fitness, word_logprob, word_pattern
from cipherkit.ciphers.text import ALPHABET, codes_to_text, letter_codes, words_of
from cipherkit.ciphers.wordmodel import word_model

__all__ = [
    "BREAK_WORD_WEIGHT",
    "MIN_WORDS",
    "SHORT_WORD_WEIGHT",
    "WORD_WEIGHT",
    "KeyScore",
    "anneal",
    "anneal_words",
    "complete_table",
    "pattern_attack",
    "pattern_candidates",
    "solve_substitution",
]

WORD_WEIGHT = 3.0
"""Weight of the word model against quadgrams when word breaks are lost (the best
dictionary segmentation of the letters)."""
SHORT_WORD_WEIGHT = 5.0
"""Weight of the word model in the final score of short texts without word breaks on
the compiled path (the polish, the last climb and the choice of the answer), where the
text's last piece is scored in context (see :meth:`KeyScore.words`)."""
BREAK_WORD_WEIGHT = 3.0
"""Weight of the word model against quadgrams when word breaks are kept (word trigrams
with back-off)."""

PATTERN_WORDS = 20_000
"""How many of the most frequent dictionary words the word-pattern attack tries (the
climbs after it score every dictionary word)."""

MIN_WORDS = 3
"""Fewest words a ciphertext must have for its word breaks to be read as kept."""

TEMPERATURE = 0.035
"""Starting temperature of the annealing, per ciphertext letter."""
WORD_TEMPERATURE = 2.0
"""Starting temperature (log10) of the annealing on the combined score
(:func:`anneal_words`)."""
DOUBLE_TOP = 200
"""Moves of two swaps at once the last climb scores by the word model (the best by
quadgrams)."""
WORD_ANNEAL_LETTERS = 100
"""Texts without word breaks shorter than this are annealed on the combined score too
(quadgrams alone mislead on so few letters). Dev texts at the bench's budget: 60
letters 41 of 50 (36 of 50 with quadgrams alone), 80 letters 48 of 50 (46)."""
FAST_QUAD_STEPS = 30_000
"""Steps of each compiled quadgram annealing chain (short texts, ``word_steps`` > 0)."""
FAST_WORD_FACTOR = 5
"""The compiled annealing on the combined score takes this many times ``word_steps``."""
FAST_WORD_CHAINS = 2
"""... from this many times ``word_chains`` keys."""
FAST_AGREE = 5
"""With the compiled kernels (cheaper runs), this many more runs must agree."""
WORD_BEAM = 1500
"""On the compiled path, the first run also climbs from the best word-by-word readings
(:func:`.substitution_beam.word_tables`, this many partial readings kept a letter; 0:
not)."""


@dataclass(frozen=True, eq=False)
class KeyScore:
    """The one score that ranks substitution keys: quadgram log10 probability of the
    plaintext + ``weight`` x its word log10 probability (words of the given ``lengths``
    when word breaks are kept, else the best segmentation into dictionary words, scored
    by word triples if ``trigrams``, else by word pairs; with ``end_context`` a cut-off
    last word is scored by how likely a word starting so follows the words before it,
    see :meth:`~.wordmodel.WordModel.segment_scores`).

    >>> from cipherkit.ciphers.text import letter_codes
    >>> score = KeyScore(letter_codes("MEETMEATNOON"), None, WORD_WEIGHT)
    >>> ident = np.arange(26)
    >>> bool(score.full(ident[None])[0] > score.full(np.roll(ident, 1)[None])[0])
    True
    """

    c: np.ndarray
    lengths: list[int] | None
    weight: float
    trigrams: bool = True
    end_context: bool = False
    _inside: np.ndarray | None = field(init=False, repr=False)  # inside, worked out once

    @classmethod
    def of(cls, c: np.ndarray, lengths: list[int] | None) -> KeyScore:
        """The solver's score for ciphertext letter codes ``c``, with the lengths of its
        words when word breaks are kept (else ``None``), weighted as the solver weighs."""
        return cls(c, lengths, WORD_WEIGHT if lengths is None else BREAK_WORD_WEIGHT)

    def __post_init__(self) -> None:
        object.__setattr__(self, "_inside", self.inside)

    @property
    def inside(self) -> np.ndarray | None:
        """With word breaks: the quadgram positions that lie inside one word."""
        if self.lengths is None:
            return None
        starts = np.cumsum([0, *self.lengths[:-1]])
        return np.concatenate(
            [np.arange(s, s + n - 3) for s, n in zip(starts, self.lengths, strict=True)]
        ).astype(np.int64)

    def quad(self, keys: np.ndarray) -> np.ndarray:
        """Quadgram scores of many keys (rows); with word breaks, of the quadgrams
        inside words only (the word model scores the words' neighbours)."""
        p = keys[..., self.c]
        idx = ((p[..., :-3] * 26 + p[..., 1:-2]) * 26 + p[..., 2:-1]) * 26 + p[..., 3:]
        inside = self._inside
        if inside is not None:
            idx = idx[..., inside]
        return english().quadgrams[idx].sum(axis=-1, dtype=np.float64)

    def words(self, keys: np.ndarray) -> np.ndarray:
        """Word-model scores of many keys (rows)."""
        plains = keys[:, self.c]
        model = word_model()
        if self.lengths is None:
            return model.segment_scores(
                plains, trigrams=self.trigrams, end_context=self.end_context
            )
        return model.sentence_scores(plains, self.lengths)

    def full(self, keys: np.ndarray, quad: np.ndarray | None = None) -> np.ndarray:
        """Combined scores of many keys (``quad``: their quadgram scores, if known)."""
        q = self.quad(keys) if quad is None else quad
        return q + self.weight * self.words(keys)


def _moves(present: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Index arrays of key moves (``key[move]`` is the moved key): every swap touching a
    ciphertext letter, and every 3-cycle of letters at least two of which occur in the
    ciphertext."""
    ident = np.arange(26)
    pres = set(present.tolist())
    swaps, cycles = [], []
    for i in present:
        for j in range(26):
            if j != i and (j > i or j not in pres):
                m = ident.copy()
                m[i], m[j] = j, i
                swaps.append(m)
    for i, j in itertools.combinations(present.tolist(), 2):
        for k in range(26):
            if k in (i, j) or (k in pres and k < j):
                continue
            for a, b, d in ((i, j, k), (i, k, j)):
                m = ident.copy()
                m[a], m[b], m[d] = b, d, a
                cycles.append(m)
    as_array = lambda ms: np.asarray(ms, dtype=np.int64).reshape(-1, 26)  # noqa: E731
    return as_array(swaps), as_array(cycles)


def _ascend(
    key: np.ndarray,
    q0: float,
    best: float,
    scorer: KeyScore,
    moves: np.ndarray,
    top: int,
    margin: float,
) -> tuple[float, float, np.ndarray] | None:
    """The best move of ``moves`` if it raises the combined score (score, quadgram
    score, key), else ``None``. The word model scores only the moves whose quadgram
    score is within ``margin`` of the current key's (at most ``top``, best first)."""
    cands = key[moves]
    quad = scorer.quad(cands)
    near = np.flatnonzero(quad > q0 - margin)
    if not len(near):
        return None
    pick = near[np.argsort(-quad[near], kind="stable")[:top]]
    scores = scorer.full(cands[pick], quad[pick])
    t = int(np.argmax(scores))
    if scores[t] <= best + 1e-9:
        return None
    return float(scores[t]), float(quad[pick[t]]), cands[pick[t]]


def climb(
    key: np.ndarray,
    scorer: KeyScore,
    moves: tuple[np.ndarray, np.ndarray],
    *,
    cycles: bool = True,
    top: int = 40,
    margin: float = 30.0,
    rounds: int = 60,
    doubles: np.ndarray | None = None,
) -> tuple[float, np.ndarray]:
    """Steepest ascent on the combined score: over swaps while one helps, else (with
    ``cycles``) over 3-cycles, else over ``doubles`` if given (two swaps at once, see
    :func:`_double_swaps`; the word model scores the :data:`DOUBLE_TOP` best by
    quadgrams); ``moves`` as made by :func:`_moves`. Returns the end score and key."""
    q0 = float(scorer.quad(key[None])[0])
    best = float(scorer.full(key[None], np.array([q0]))[0])
    swaps, triples = moves
    for _ in range(rounds):
        step = _ascend(key, q0, best, scorer, swaps, top, margin)
        if step is None and cycles:
            step = _ascend(key, q0, best, scorer, triples, top, margin)
        if step is None and doubles is not None:
            step = _ascend(key, q0, best, scorer, doubles, DOUBLE_TOP, margin)
        if step is None:
            break
        best, q0, key = step
    return best, key


def _double_swaps(swaps: np.ndarray) -> np.ndarray:
    """Every pair of two different swaps of ``swaps``, composed into one move (a word
    read with two wrong letters, "PERU" for "VERY", is two swaps from the right one)."""
    i, j = np.triu_indices(len(swaps), 1)
    return np.take_along_axis(swaps[i], swaps[j], axis=1)


def _polish(
    key: np.ndarray,
    score: float,
    scorer: KeyScore,
    moves: tuple[np.ndarray, np.ndarray],
    present: np.ndarray,
    rng: np.random.Generator,
    kicks: int,
) -> tuple[float, np.ndarray]:
    """Iterated local search: ``kicks`` times, shake the best key by 2-4 random swaps
    (a ciphertext letter with any letter), climb, keep it if the score went up."""
    for _ in range(kicks):
        new = key.copy()
        for _ in range(int(rng.integers(2, 5))):
            i, j = int(rng.choice(present)), int(rng.integers(26))
            new[[i, j]] = new[[j, i]]
        s, new = climb(new, scorer, moves, cycles=False)
        if s > score + 1e-9:
            score, key = s, new
    return score, key


def _frequency_key(c: np.ndarray) -> np.ndarray:
    """The key that reads the ciphertext's letters, most frequent first, as English's."""
    eng_order = np.argsort(-english().letters)
    freq_order = np.argsort(-np.bincount(c, minlength=26), kind="stable")
    base = np.empty(26, dtype=np.int64)
    base[freq_order] = eng_order
    return base


def anneal(
    c: np.ndarray,
    present: np.ndarray,
    rng: np.random.Generator,
    chains: int,
    steps: int,
    rounds: int,
    start: np.ndarray | None = None,
) -> tuple[np.ndarray, np.ndarray]:
    """Parallel simulated annealing on quadgrams: the end keys of all chains of all
    rounds and their scores. Chains start at random keys (one at ``start``); each later
    round restarts every chain from the best key so far, shaken."""
    n = len(c)
    keys = np.stack([rng.permutation(26) for _ in range(chains)])
    if start is not None:
        keys[0] = start
    rows = np.arange(chains)
    best_score, best_key = -np.inf, keys[0].copy()
    t0 = max(0.5, TEMPERATURE * n)
    temps = t0 * (1 - np.arange(steps) / steps) ** 2 + 0.02
    all_keys, all_scores = [], []
    for rnd in range(rounds):
        if rnd:
            keys = np.repeat(best_key[None, :], chains, axis=0)
            for r in range(1, chains):
                for _ in range(int(rng.integers(2, 6))):
                    i, j = rng.choice(present), rng.integers(26)
                    keys[r, [i, j]] = keys[r, [j, i]]
        cur = batch_scores(keys[:, c])
        ii = rng.choice(present, size=(steps, chains))
        jj = rng.integers(0, 26, size=(steps, chains))
        log_u = np.log(rng.random((steps, chains)))
        for step in range(steps):
            i, j = ii[step], jj[step]
            new = keys.copy()
            new[rows, i] = keys[rows, j]
            new[rows, j] = keys[rows, i]
            s = batch_scores(new[:, c])
            accept = (s - cur) / temps[step] > log_u[step]
            keys[accept] = new[accept]
            cur[accept] = s[accept]
        all_keys.append(keys.copy())
        all_scores.append(cur.copy())
        k = int(np.argmax(cur))
        if cur[k] > best_score:
            best_score, best_key = float(cur[k]), keys[k].copy()
    return np.concatenate(all_keys), np.concatenate(all_scores)


def anneal_words(
    keys: np.ndarray,
    scorer: KeyScore,
    present: np.ndarray,
    rng: np.random.Generator,
    steps: int,
    t0: float = WORD_TEMPERATURE,
) -> tuple[np.ndarray, np.ndarray]:
    """Simulated annealing of many keys (rows) side by side on the combined score
    (quadgrams + word model), from ``t0`` down to a tenth of it: each step every key
    tries one swap of a ciphertext letter with any letter. Returns the best key each
    chain met and its score."""
    keys = keys.copy()
    chains = len(keys)
    rows = np.arange(chains)
    cur = scorer.full(keys)
    best, best_keys = cur.copy(), keys.copy()
    temps = t0 * np.geomspace(1.0, 0.1, max(1, steps))
    for step in range(steps):
        i = rng.choice(present, chains)
        j = rng.integers(0, 26, chains)
        new = keys.copy()
        new[rows, i] = keys[rows, j]
        new[rows, j] = keys[rows, i]
        s = scorer.full(new)
        take = (s - cur) / temps[step] > np.log(rng.random(chains))
        keys[take], cur[take] = new[take], s[take]
        up = cur > best
        best[up], best_keys[up] = cur[up], keys[up]
    return best_keys, best


def _quad_keys(
    c: np.ndarray,
    present: np.ndarray,
    rng: np.random.Generator,
    chains: int,
    start: np.ndarray | None,
) -> tuple[np.ndarray, np.ndarray]:
    """A run's quadgram annealing, compiled (:mod:`.substitution_fast`): ``chains``
    chains of :data:`FAST_QUAD_STEPS` swaps from random keys (one at ``start``); the
    best key of each and its quadgram score."""
    from cipherkit.ciphers import substitution_fast as fast  # imports numba

    starts = np.stack([rng.permutation(26) for _ in range(chains)])
    if start is not None:
        starts[0] = start
    seed = int(rng.integers(2**31))
    return fast.anneal_combined(
        c, present, starts, steps=FAST_QUAD_STEPS, weight=0.0, seed=seed, t0=3.0, t1=0.005
    )


def _word_keys(
    c: np.ndarray,
    present: np.ndarray,
    rng: np.random.Generator,
    keys: np.ndarray,
    word_steps: int,
) -> tuple[np.ndarray, np.ndarray]:
    """:func:`anneal_words` compiled, on the same score (quadgrams + the split by word
    pairs), :data:`FAST_WORD_FACTOR` times ``word_steps`` steps from each of ``keys``."""
    from cipherkit.ciphers import substitution_fast as fast

    seed = int(rng.integers(2**31))
    steps = word_steps * FAST_WORD_FACTOR
    return fast.anneal_combined(
        c, present, keys, steps=steps, weight=WORD_WEIGHT, seed=seed,
        t0=WORD_TEMPERATURE, t1=WORD_TEMPERATURE / 10,
    )  # fmt: skip


def _distinct_best(
    keys: np.ndarray, scores: np.ndarray, present: np.ndarray, n: int
) -> dict[bytes, np.ndarray]:
    """The ``n`` best of ``keys`` by ``scores`` that differ on the ``present`` letters,
    best first, by those letters."""
    out: dict[bytes, np.ndarray] = {}
    for k in np.argsort(-scores, kind="stable"):
        out.setdefault(keys[k][present].tobytes(), keys[k])
        if len(out) >= n:
            break
    return out


def solve_substitution(
    text: str,
    *,
    seed: int = 0,
    chains: int = 64,
    steps: int = 1500,
    rounds: int = 2,
    words: bool | None = None,
    finalists_n: int = 4,
    kicks: int = 3,
    max_runs: int = 6,
    agree: int = 2,
    time_limit: float | None = None,
    word_chains: int = 16,
    word_steps: int = 0,
    report: Callable[[Solution], bool] | None = None,
) -> Solution:
    """Break a monoalphabetic substitution (how: ``docs/ciphers.md``, design notes).

    ``chains``, ``steps`` and ``rounds`` size each run's annealing, ``finalists_n`` how
    many of its keys are climbed, ``kicks`` the polishing; at most ``max_runs`` runs.
    With word breaks kept in ``text`` (``words=None`` decides by itself: at least three
    words) the word model reads the ciphertext's own words.

    Runs also stop once ``agree`` of them end on the same plaintext, or (checked before
    each run) after ``time_limit`` CPU seconds of this thread (another thread's work,
    e.g. a search running beside it, does not count). Without word breaks and under
    :data:`WORD_ANNEAL_LETTERS` letters, ``word_steps`` > 0 (e.g. 200; slower, so off by
    default) anneals the ``word_chains`` best distinct keys of each run on the combined
    score too, and climbs from the best of them as well: quadgrams alone mislead on so
    few letters; the last climb of each run then also tries two swaps at once
    (:func:`_double_swaps`). That path runs compiled kernels (:func:`_compiled_finalists`;
    how it reads a short text, and how well: ``docs/ciphers.md``, design notes).
    ``report``, if given, is called with the best reading after each run;
    when it returns True the runs end there.

    >>> from cipherkit.ciphers.classical import Substitution
    >>> secret = Substitution.random(5).encrypt("The spy hid the key inside a hollow book.")
    >>> solve_substitution(secret).plaintext
    'THESPYHIDTHEKEYINSIDEAHOLLOWBOOK'
    """
    c = solver_codes(text)
    rng = np.random.default_rng(seed)
    word_list = words_of(text) if words is not False else []
    if words is None and len(word_list) < MIN_WORDS:
        word_list = []
    breaks = bool(word_list)
    present = np.flatnonzero(np.bincount(c, minlength=26))
    scorer = KeyScore.of(c, [len(w) for w in word_list] if breaks else None)
    # without word breaks the climbs from the annealed keys score splits by word pairs
    # (faster); the polish and the last climb by word triples
    rough = replace(scorer, trigrams=breaks)
    moves = _moves(present)
    short = not breaks and len(c) < WORD_ANNEAL_LETTERS
    compiled = short and word_steps > 0  # the compiled kernels, numba (see below)
    if compiled:  # ... and the last piece in context, the words weighing more
        scorer = replace(scorer, weight=SHORT_WORD_WEIGHT, end_context=True)
    doubles = _double_swaps(moves[0]) if compiled else None
    results: list[tuple[float, np.ndarray]] = []
    seen: dict[bytes, int] = {}
    reached: dict[bytes, int] = {}  # keys a run climbed to or ended on: which run
    started = time.thread_time()
    for run in range(max(1, max_runs)):
        if run and time_limit is not None and time.thread_time() - started > time_limit:
            break
        if compiled:
            finalists = _compiled_finalists(
                c, present, rng, run == 0, chains, finalists_n, word_chains, word_steps
            )
        else:
            start = _frequency_key(c) if run == 0 else None
            keys, scores = anneal(c, present, rng, chains, steps, rounds, start)
            finalists = _distinct_best(keys, scores, present, finalists_n)
        if breaks and run == 0:
            for key in _pattern_tables(word_list, c):
                finalists.setdefault(key[present].tobytes(), key)
        climbed = [climb(key, rough, moves, cycles=False) for key in finalists.values()]
        if compiled:  # the final score (not merely the rough one) picks the key to polish
            ends = np.stack([k for _s, k in climbed])
            key = ends[int(np.argmax(scorer.full(ends)))]
        else:
            _rough, key = max(climbed, key=lambda r: r[0])
        tag = key[present].tobytes()
        if tag in reached:  # an earlier run got here: this one ends where that one did
            score, key = results[reached[tag]]
        else:
            reached[tag] = len(results)
            score = float(scorer.full(key[None])[0])
            score, key = _polish(key, score, scorer, moves, present, rng, kicks)
            score, key = climb(key, scorer, moves, doubles=doubles)
        tag = key[present].tobytes()
        reached.setdefault(tag, len(results))
        results.append((score, key))
        seen[tag] = seen.get(tag, 0) + 1
        if seen[tag] >= agree + (FAST_AGREE if compiled else 0):
            break
        if report is not None and report(_reading(max(results, key=lambda r: r[0])[1], c)):
            break
    return _reading(max(results, key=lambda r: r[0])[1], c)


def _reading(key: np.ndarray, c: np.ndarray) -> Solution:
    """The solution a decryption ``key`` gives ciphertext codes ``c``."""
    plain = key[c]
    cipher = Substitution.from_decryption("".join(ALPHABET[int(p)] for p in key))
    return Solution(cipher, codes_to_text(plain), float(batch_scores(plain)), fitness(plain))


def _compiled_finalists(
    c: np.ndarray,
    present: np.ndarray,
    rng: np.random.Generator,
    first: bool,
    chains: int,
    finalists_n: int,
    word_chains: int,
    word_steps: int,
) -> dict[bytes, np.ndarray]:
    """A compiled run's keys to climb: the best distinct keys annealed on quadgrams, the
    best of those annealed again on the combined score, and in the ``first`` run the
    best word-by-word readings of the text."""
    start = _frequency_key(c) if first else None
    keys, scores = _quad_keys(c, present, rng, chains, start)
    finalists = _distinct_best(keys, scores, present, finalists_n)
    firsts = _distinct_best(keys, scores, present, word_chains * FAST_WORD_CHAINS)
    wkeys, wscores = _word_keys(c, present, rng, np.stack(list(firsts.values())), word_steps)
    for k in np.argsort(-wscores, kind="stable")[:finalists_n]:
        finalists.setdefault(wkeys[k][present].tobytes(), wkeys[k])
    if first and WORD_BEAM:
        from cipherkit.ciphers.substitution_beam import word_tables  # imports numba

        for key in word_tables(c, beam=WORD_BEAM):
            finalists.setdefault(key[present].tobytes(), key)
    return finalists


# ------------------------------------------------------------------ word patterns
@cache
def _pattern_words() -> frozenset[str]:
    """The :data:`PATTERN_WORDS` most frequent dictionary words."""
    return frozenset(english().words[:PATTERN_WORDS])


@cache
def pattern_candidates(pattern: str) -> tuple[np.ndarray, np.ndarray]:
    """The :data:`PATTERN_WORDS` most frequent dictionary words of a letter pattern
    (codes, m x L) and their log10 probabilities."""
    matches = [m for m in english().patterns.get(pattern, ()) if m in _pattern_words()]
    codes = np.asarray([[ord(ch) - 65 for ch in m] for m in matches], dtype=np.int64)
    lps = np.asarray([word_logprob(m) for m in matches], dtype=np.float64)
    return codes.reshape(len(matches), len(pattern)), lps


def _pattern_tables(
    cipher_words: list[str],
    c: np.ndarray,
    *,
    beam: int = 1000,
    per_state: int = 100,
    results: int = 6,
) -> list[np.ndarray]:
    """Word-pattern dictionary attack: the best few complete decryption tables.

    A beam search over the distinct ciphertext words (most constrained first): each is
    read as a dictionary word of the same letter pattern consistent with the partial
    table (injective), or as an unknown word (:data:`UNKNOWN_LETTER` per letter); the
    ``beam`` best partial tables by total word log-probability are kept. Letters no
    word fixes are filled by frequency order.
    """
    counts: dict[str, int] = {}
    for w in (w.upper() for w in cipher_words):
        if len(w) <= 14:
            counts[w] = counts.get(w, 0) + 1
    if not counts:
        return []
    cands = {w: pattern_candidates(word_pattern(w)) for w in counts}
    order = sorted(counts, key=lambda w: (len(cands[w][1]) == 0, len(cands[w][1]) / len(w) ** 2, w))
    states: list[tuple[float, np.ndarray, np.ndarray]] = [
        (0.0, np.full(26, -1, dtype=np.int64), np.zeros(26, dtype=bool))
    ]
    for w in order:
        wc = np.asarray([ord(ch) - 65 for ch in w])
        cand, lps = cands[w]
        n = counts[w]
        grown: list[tuple[float, np.ndarray, np.ndarray]] = []
        for score, table, used in states:
            grown.append((score + UNKNOWN_LETTER * len(w) * n, table, used))
            if not len(lps):
                continue
            fixed = table[wc]
            ok = np.where(fixed[None, :] >= 0, cand == fixed[None, :], ~used[cand]).all(axis=1)
            idx = np.flatnonzero(ok)[:per_state]  # candidates are most frequent first
            for t in idx:
                new_table = table.copy()
                new_table[wc] = cand[t]
                new_used = used.copy()
                new_used[cand[t]] = True
                grown.append((score + lps[t] * n, new_table, new_used))
        grown.sort(key=lambda st: -st[0])
        states = grown[:beam]
    out: dict[bytes, np.ndarray] = {}
    for _score, table, _used in states:
        key = complete_table(table, c)
        out.setdefault(key.tobytes(), key)
        if len(out) >= results:
            break
    return list(out.values())


def complete_table(table: np.ndarray, c: np.ndarray) -> np.ndarray:
    """A full key from a partial decryption table (-1 where nothing fixed a letter): the
    unfixed ciphertext letters, most frequent in ``c`` first, read as the unused plain
    letters, most frequent in English first.

    >>> table = np.full(26, -1)
    >>> table[0] = 4  # ciphertext A reads E
    >>> key = complete_table(table, letter_codes("ABBB"))
    >>> int(key[0]), int(key[1]), sorted(key.tolist()) == list(range(26))
    (4, 19, True)
    """
    key = table.copy()
    english_order = [int(x) for x in np.argsort(-english().letters)]
    by_count = [int(x) for x in np.argsort(-np.bincount(c, minlength=26), kind="stable")]
    used = set(key.tolist())
    free = [x for x in english_order if x not in used]
    for letter in by_count:
        if key[letter] < 0:
            key[letter] = free.pop(0)
    return key


def pattern_attack(cipher_words: list[str]) -> np.ndarray | None:
    """The best decryption table (cipher letter -> plain letter) of the word-pattern
    dictionary attack on ``cipher_words`` (ciphertext words, upper case), or ``None``.

    >>> from cipherkit.ciphers.classical import Substitution
    >>> from cipherkit.ciphers.text import words_of
    >>> secret = Substitution.random(2).encrypt("meet me at the station after the concert")
    >>> key = pattern_attack(words_of(secret))
    >>> codes_to_text(key[letter_codes(secret)])
    'MEETMEATTHESTATIONAFTERTHECONCERT'
    """
    c = letter_codes("".join(cipher_words))
    tables = _pattern_tables(cipher_words, c)
    return tables[0] if tables else None
