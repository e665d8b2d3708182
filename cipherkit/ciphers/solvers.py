"""Solvers: find the key of a classical cipher from the ciphertext alone.

All solvers score candidate plaintexts by English quadgrams
(:func:`~cipherkit.ciphers.stats.quadgram_score`), many candidates at once with numpy on
integer-coded text. Each returns a :class:`Solution` (cipher value, plaintext letters,
score and :func:`~cipherkit.ciphers.stats.fitness`); the ranking solvers return a list,
best first. Everything random takes ``seed=`` and is repeatable.

=====================================  ==============================================
``rank_caesar(text)``                  all 26 shifts, best first
``rank_affine(text)``                  all 312 affine keys, best first
``solve_vigenere(text, variant=...)``  key length by IoC/Friedman/Kasiski candidates,
                                       per-column chi-squared, quadgram refinement
                                       (``vigenere``, ``beaufort`` or ``autokey``)
``solve_substitution(text)``           parallel simulated annealing on quadgrams (and
                                       dictionary words when word breaks are kept)
``solve_railfence`` / ``solve_columnar``  transpositions
``solve_playfair(text)``               simulated annealing over 5x5 squares (long texts)
=====================================  ==============================================

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

from __future__ import annotations

import itertools
import math
from dataclasses import dataclass
from functools import cache
from typing import Any

import numpy as np

from cipherkit.ciphers.classical import (
    VALID_A,
    Affine,
    Autokey,
    Beaufort,
    Caesar,
    Cipher,
    Columnar,
    Playfair,
    RailFence,
    Substitution,
    Vigenere,
    _columnar_order,
    _rail_order,
)
from cipherkit.ciphers.stats import (
    UNKNOWN_LETTER,
    english,
    fitness,
    friedman_key_length,
    kasiski,
    segment_score,
    word_logprob,
    word_pattern,
)
from cipherkit.ciphers.text import ALPHABET, codes_to_text, letter_codes, words_of
from cipherkit.core.errors import CipherkitError

__all__ = [
    "Solution",
    "rank_affine",
    "rank_caesar",
    "solve_columnar",
    "solve_playfair",
    "solve_railfence",
    "solve_substitution",
    "solve_vigenere",
    "vigenere_key_lengths",
]


@dataclass(frozen=True)
class Solution:
    """A solver's answer: the cipher (with its key), the plaintext letters and scores."""

    cipher: Cipher
    plaintext: str
    score: float
    fitness: float

    def to_json(self) -> dict[str, Any]:
        return {
            **self.cipher.to_json(),
            "plaintext": self.plaintext,
            "score": round(self.score, 3),
            "fitness": round(self.fitness, 3) if math.isfinite(self.fitness) else None,
        }


def _codes(text: str | np.ndarray, minimum: int = 4) -> np.ndarray:
    codes = letter_codes(text) if isinstance(text, str) else np.asarray(text, dtype=np.int64)
    if len(codes) < minimum:
        raise CipherkitError(f"need at least {minimum} letters to solve, got {len(codes)}")
    return codes


def batch_scores(plain: np.ndarray) -> np.ndarray:
    """Quadgram scores of many candidate plaintexts at once (rows of ``plain``)."""
    q = english().quadgrams
    p = plain
    idx = ((p[..., :-3] * 26 + p[..., 1:-2]) * 26 + p[..., 2:-1]) * 26 + p[..., 3:]
    return q[idx].sum(axis=-1, dtype=np.float64)


def _solution(cipher: Cipher, plain: np.ndarray, score: float | None = None) -> Solution:
    s = float(batch_scores(plain)) if score is None else float(score)
    return Solution(cipher, codes_to_text(plain), s, fitness(plain))


# ------------------------------------------------------------------ Caesar, affine
def rank_caesar(text: str | np.ndarray) -> list[Solution]:
    """Every Caesar shift, most English-looking first."""
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


# ------------------------------------------------------------------ Vigenère family
def vigenere_key_lengths(text: str | np.ndarray, max_len: int = 20) -> list[int]:
    """Likely key lengths, best first: mean column index of coincidence, with Kasiski's
    and Friedman's estimates as tie-breaking votes."""
    c = _codes(text, 2)
    max_len = max(1, min(max_len, len(c) // 2))
    scores = {}
    kas = kasiski(c, max_key=max_len)[:3]
    fried = friedman_key_length(c)
    for length in range(1, max_len + 1):
        iocs = []
        for j in range(length):
            col = c[j::length]
            counts = np.bincount(col, minlength=26)
            n = len(col)
            if n > 1:
                iocs.append((counts * (counts - 1)).sum() / (n * (n - 1)))
        s = float(np.mean(iocs)) if iocs else 0.0
        s += 0.004 * (length in kas) + 0.002 * (abs(length - fried) < 1.5)
        scores[length] = s - 0.0005 * length
    return sorted(scores, key=lambda k: -scores[k])


def _vig_plain(c: np.ndarray, key: np.ndarray, variant: str) -> np.ndarray:
    """Plaintexts of ``c`` under each key row of ``key`` (m x L) -> m x n."""
    n = len(c)
    length = key.shape[-1]
    if variant == "autokey":
        return _autokey_plain(c, key)
    k = key[..., np.arange(n) % length]
    if variant == "beaufort":
        return (k - c) % 26
    return (c - k) % 26


def _autokey_plain(c: np.ndarray, key: np.ndarray) -> np.ndarray:
    """Autokey decryption for many keys at once: p[i] = c[i] - p[i-L], p[j] = c[j] - k[j]."""
    n = len(c)
    length = key.shape[-1]
    m = key.shape[0]
    out = np.empty((m, n), dtype=np.int64)
    out[:, :length] = (c[None, :length] - key[:, : min(length, n)]) % 26
    for start in range(length, n, length):
        stop = min(start + length, n)
        out[:, start:stop] = (c[None, start:stop] - out[:, start - length : stop - length]) % 26
    return out


def _refine_key(c: np.ndarray, key: np.ndarray, variant: str, rounds: int = 6) -> np.ndarray:
    """Coordinate ascent: each key letter in turn set to its best of 26 values."""
    key = key.copy()
    length = len(key)
    best = float(batch_scores(_vig_plain(c, key[None, :], variant))[0])
    for _ in range(rounds):
        changed = False
        for j in range(length):
            cands = np.repeat(key[None, :], 26, axis=0)
            cands[:, j] = np.arange(26)
            scores = batch_scores(_vig_plain(c, cands, variant))
            k = int(np.argmax(scores))
            if scores[k] > best + 1e-9:
                best = float(scores[k])
                key = cands[k]
                changed = True
        if not changed:
            break
    return key


def _chi_key(c: np.ndarray, length: int, variant: str) -> np.ndarray:
    """Each key letter chosen by chi-squared of its column against English letters."""
    key = np.zeros(length, dtype=np.int64)
    eng = english().letters
    if variant == "autokey":
        return key
    for j in range(length):
        col = c[j::length]
        shifts = np.arange(26)[:, None]
        plain = (shifts - col[None, :]) % 26 if variant == "beaufort" else (col - shifts) % 26
        counts = np.stack([np.bincount(p, minlength=26) for p in plain])
        exp = eng[None, :] * len(col)
        chi = ((counts - exp) ** 2 / exp).sum(axis=1)
        key[j] = int(np.argmin(chi))
    return key


def _min_period(key: np.ndarray) -> np.ndarray:
    length = len(key)
    for p in range(1, length):
        if length % p == 0 and np.array_equal(key, np.resize(key[:p], length)):
            return key[:p]
    return key


_VARIANTS = {"vigenere": Vigenere, "beaufort": Beaufort, "autokey": Autokey}


def solve_vigenere(
    text: str | np.ndarray,
    *,
    variant: str = "vigenere",
    max_len: int = 12,
    lengths: int = 6,
    seed: int = 0,
) -> Solution:
    """Break a Vigenère, Beaufort or autokey cipher.

    The ``lengths`` most likely key lengths (:func:`vigenere_key_lengths`) are tried:
    each starts from the per-column chi-squared key and is refined by quadgram
    coordinate ascent, with two random restarts. A longer key must beat a shorter one
    by enough to be believed.
    """
    if variant not in _VARIANTS:
        raise CipherkitError(f"unknown variant {variant!r} (vigenere, beaufort or autokey)")
    c = _codes(text)
    rng = np.random.default_rng(seed)
    max_len = max(1, min(max_len, len(c) // 3))
    tried = vigenere_key_lengths(c, max_len)[: max(1, lengths)]
    if variant == "autokey":
        tried = list(range(1, max_len + 1))
    best: tuple[float, np.ndarray] | None = None
    for length in tried:
        starts = [_chi_key(c, length, variant)]
        starts += [rng.integers(0, 26, length) for _ in range(2)]
        for start in starts:
            key = _refine_key(c, start, variant)
            score = float(batch_scores(_vig_plain(c, key[None, :], variant))[0])
            adjusted = score - 3.0 * len(_min_period(key))
            if best is None or adjusted > best[0]:
                best = (adjusted, _min_period(key))
    assert best is not None
    key = best[1]
    plain = _vig_plain(c, key[None, :], variant)[0]
    return _solution(_VARIANTS[variant](codes_to_text(key)), plain)


# ------------------------------------------------------------------ substitution
WORD_WEIGHT = 3.0
"""Weight of the word model against quadgrams when word breaks are lost (the best
dictionary segmentation of the letters)."""
BREAK_WORD_WEIGHT = 5.0
"""Weight of the word model against quadgrams when word breaks are kept (the
log-probability of each word)."""


class _KeyScore:
    """The one scoring function that ranks substitution keys (decryption tables).

    ``quad`` scores many keys by quadgrams (fast, numpy); ``full`` adds the word model:
    quadgram log10 probability + weight x word log10 probability, where the words are
    the ciphertext's own words (``lengths``) or, without word breaks, the best
    segmentation of the letters into dictionary words.
    """

    def __init__(self, c: np.ndarray, lengths: list[int] | None, weight: float) -> None:
        self.c = c
        self.lengths = lengths
        self.weight = weight
        self._cache: dict[bytes, float] = {}

    def quad(self, keys: np.ndarray) -> np.ndarray:
        return batch_scores(keys[..., self.c])

    def words(self, text: str) -> float:
        if self.lengths is None:
            return segment_score(text)
        total, at = 0.0, 0
        for length in self.lengths:
            total += word_logprob(text[at : at + length])
            at += length
        return total

    def full(self, key: np.ndarray) -> float:
        plain = key[self.c]
        tag = plain.astype(np.int8).tobytes()
        got = self._cache.get(tag)
        if got is None:
            got = float(batch_scores(plain)) + self.weight * self.words(codes_to_text(plain))
            self._cache[tag] = got
        return got


def _moves(present: np.ndarray, cycles: bool) -> np.ndarray:
    """Index arrays of key moves (``key[move]`` is the moved key): every swap touching a
    ciphertext letter and, with ``cycles``, every 3-cycle of letters at least two of
    which occur in the ciphertext."""
    ident = np.arange(26)
    pres = set(present.tolist())
    out = []
    for i in present:
        for j in range(26):
            if j != i and (j > i or j not in pres):
                m = ident.copy()
                m[i], m[j] = j, i
                out.append(m)
    if cycles:
        for i, j in itertools.combinations(present.tolist(), 2):
            for k in range(26):
                if k in (i, j) or (k in pres and k < j):
                    continue
                for a, b, d in ((i, j, k), (i, k, j)):
                    m = ident.copy()
                    m[a], m[b], m[d] = b, d, a
                    out.append(m)
    return np.asarray(out, dtype=np.int64)


def _refine(
    key: np.ndarray,
    scorer: _KeyScore,
    moves: np.ndarray,
    top: int = 120,
    margin: float = 25.0,
    rounds: int = 30,
) -> tuple[float, np.ndarray]:
    """Steepest ascent on ``scorer.full`` over ``moves``. Each round the word model
    scores only the moves whose quadgram score is within ``margin`` of the current key's
    (at most ``top`` of them, best first)."""
    best = scorer.full(key)
    for _ in range(rounds):
        cands = key[moves]
        quad = scorer.quad(cands)
        near = np.flatnonzero(quad > float(scorer.quad(key)) - margin)
        if not len(near):
            break
        pick = near[np.argsort(-quad[near], kind="stable")[:top]]
        s, t = max((scorer.full(cands[t]), int(t)) for t in pick)
        if s <= best + 1e-9:
            break
        best, key = s, cands[t]
    return best, key


def _anneal(
    c: np.ndarray,
    present: np.ndarray,
    rng: np.random.Generator,
    chains: int,
    steps: int,
    rounds: int,
) -> tuple[np.ndarray, np.ndarray]:
    """Parallel simulated annealing on quadgrams: the end keys of all chains and their
    scores (each round restarts every chain from the best key so far, shaken)."""
    n = len(c)
    eng_order = np.argsort(-english().letters)
    freq_order = np.argsort(-np.bincount(c, minlength=26), kind="stable")
    base = np.empty(26, dtype=np.int64)
    base[freq_order] = eng_order
    keys = np.stack([rng.permutation(26) for _ in range(chains)])
    keys[0] = base
    rows = np.arange(chains)
    best_key = base.copy()
    best_score = float(batch_scores(best_key[c]))
    t0 = max(0.5, 0.025 * n)
    all_keys, all_scores = [], []
    for rnd in range(rounds):
        if rnd:
            keys = np.repeat(best_key[None, :], chains, axis=0)
            for r in range(1, chains):
                for _ in range(int(rng.integers(2, 6))):
                    i, j = rng.choice(present), rng.integers(26)
                    keys[r, [i, j]] = keys[r, [j, i]]
        cur = batch_scores(keys[:, c])
        temps = t0 * (1 - np.arange(steps) / steps) ** 2 + 0.02
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


def solve_substitution(
    text: str,
    *,
    seed: int = 0,
    chains: int = 48,
    steps: int = 1500,
    rounds: int = 3,
    words: bool | None = None,
    finalists_n: int = 6,
) -> Solution:
    """Break a monoalphabetic substitution.

    ``chains`` keys are annealed side by side on quadgrams (one numpy step moves them
    all; each of ``rounds`` rounds restarts every chain from the best key so far,
    shaken). With word breaks kept in ``text`` (``words=None`` decides by itself), a
    word-pattern dictionary attack (:func:`pattern_attack`) proposes keys as well. The
    best ``finalists_n`` distinct annealed keys and the attack's keys are refined by
    steepest ascent on quadgrams plus a word model (the words' log-probabilities, or
    without word breaks the best dictionary segmentation of the letters), over swaps
    and 3-cycles of letters; the best by that one score wins.

    >>> from cipherkit.ciphers.classical import Substitution
    >>> secret = Substitution.random(3).encrypt("meet me at the old mill after dark")
    >>> solve_substitution(secret).plaintext
    'MEETMEATTHEOLDMILLAFTERDARK'
    """
    c = _codes(text)
    rng = np.random.default_rng(seed)
    word_list = words_of(text) if words is not False else []
    if words is None and len(word_list) < 3:
        word_list = []
    breaks = bool(word_list)
    present = np.flatnonzero(np.bincount(c, minlength=26))
    scorer = _KeyScore(
        c,
        [len(w) for w in word_list] if breaks else None,
        BREAK_WORD_WEIGHT if breaks else WORD_WEIGHT,
    )
    keys, scores = _anneal(c, present, rng, chains, steps, rounds)
    finalists: dict[bytes, np.ndarray] = {}
    for k in np.argsort(-scores, kind="stable"):
        finalists.setdefault(keys[k][present].tobytes(), keys[k])
        if len(finalists) >= finalists_n:
            break
    if breaks:
        for key in _pattern_tables(word_list, c):
            finalists.setdefault(key[present].tobytes(), key)
    moves = _moves(present, cycles=True)
    results = [_refine(key, scorer, moves) for key in finalists.values()]
    _best, best_key = max(results, key=lambda r: r[0])
    plain = best_key[c]
    cipher = _key_to_substitution(best_key, present)
    return Solution(cipher, codes_to_text(plain), float(batch_scores(plain)), fitness(plain))


@cache
def _pattern_candidates(pattern: str) -> tuple[np.ndarray, np.ndarray]:
    """Dictionary words of a letter pattern (codes, m x L) and their log10 probabilities."""
    matches = english().patterns.get(pattern, ())
    codes = np.asarray([[ord(ch) - 65 for ch in m] for m in matches], dtype=np.int64)
    lps = np.asarray([word_logprob(m) for m in matches], dtype=np.float64)
    return codes.reshape(len(matches), len(pattern)), lps


def _pattern_tables(
    cipher_words: list[str],
    c: np.ndarray,
    *,
    beam: int = 300,
    per_state: int = 30,
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
    cands = {w: _pattern_candidates(word_pattern(w)) for w in counts}
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
    eng_order = [int(x) for x in np.argsort(-english().letters)]
    freq_order = [int(x) for x in np.argsort(-np.bincount(c, minlength=26), kind="stable")]
    out: dict[bytes, np.ndarray] = {}
    for _score, table, _used in states:
        key = table.copy()
        free = [x for x in eng_order if x not in set(key.tolist())]
        for i in freq_order:
            if key[i] < 0:
                key[i] = free.pop(0)
        out.setdefault(key.tobytes(), key)
        if len(out) >= results:
            break
    return list(out.values())


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


def _key_to_substitution(plain_of: np.ndarray, present: np.ndarray) -> Substitution:
    """A :class:`Substitution` from a decryption table (cipher letter -> plain letter)."""
    return Substitution.from_decryption("".join(ALPHABET[int(p)] for p in plain_of))


# ------------------------------------------------------------------ transposition
def solve_railfence(text: str | np.ndarray, *, max_rails: int = 20) -> Solution:
    """Try every number of rails (2..max_rails) and every offset."""
    c = _codes(text)
    cands: list[tuple[int, int]] = []
    plains = []
    for rails in range(2, max(3, min(max_rails, len(c)) + 1)):
        for offset in range(2 * (rails - 1)):
            p = np.empty_like(c)
            p[_rail_order(len(c), rails, offset)] = c
            cands.append((rails, offset))
            plains.append(p)
    scores = batch_scores(np.stack(plains))
    k = int(np.argmax(scores))
    return _solution(RailFence(*cands[k]), plains[k], scores[k])


def solve_columnar(
    text: str | np.ndarray, *, max_width: int = 9, seed: int = 0, exhaustive: int = 7
) -> Solution:
    """Columnar transposition: every order for widths up to ``exhaustive``, hill climbing
    (moves and swaps of columns, restarts) for wider keys up to ``max_width``."""
    c = _codes(text)
    n = len(c)
    rng = np.random.default_rng(seed)
    best: tuple[float, tuple[int, ...]] = (-math.inf, (0,))

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
            if cur > best[0] + 1e-9:
                best = (cur, order)
    cipher = Columnar.from_order(best[1])
    p = np.empty_like(c)
    p[_columnar_order(n, best[1])] = c
    return _solution(cipher, p, best[0])


# ------------------------------------------------------------------ Playfair
def solve_playfair(
    text: str | np.ndarray, *, seed: int = 0, steps: int = 20000, restarts: int = 2
) -> Solution:
    """Simulated annealing over Playfair squares (needs a long text: 200+ letters)."""
    c = _codes(text)
    c = np.where(c == 9, 8, c)
    if len(c) % 2:
        raise CipherkitError("Playfair ciphertext has an even number of letters")
    rng = np.random.default_rng(seed)
    letters = np.asarray([i for i in range(26) if i != 9])
    a, b = c[0::2], c[1::2]

    def decrypt(square: np.ndarray) -> np.ndarray:
        where = np.empty(26, dtype=np.int64)
        where[square] = np.arange(25)
        pa, pb = where[a], where[b]
        ra, ca, rb, cb = pa // 5, pa % 5, pb // 5, pb % 5
        same_r, same_c = ra == rb, ca == cb
        na = np.where(
            same_r, ra * 5 + (ca + 4) % 5, np.where(same_c, ((ra + 4) % 5) * 5 + ca, ra * 5 + cb)
        )
        nb = np.where(
            same_r, rb * 5 + (cb + 4) % 5, np.where(same_c, ((rb + 4) % 5) * 5 + cb, rb * 5 + ca)
        )
        out = np.empty(len(c), dtype=np.int64)
        out[0::2], out[1::2] = square[na], square[nb]
        return out

    best_sq, best = None, -math.inf
    for _ in range(restarts):
        sq = rng.permutation(letters)
        cur = float(batch_scores(decrypt(sq)))
        local_best, local_sq = cur, sq.copy()
        temp0 = 0.05 * len(c) / 4
        for step in range(steps):
            t = temp0 * (1 - step / steps) + 0.05
            new = sq.copy()
            move = rng.random()
            if move < 0.9:
                i, j = rng.integers(0, 25, 2)
                new[[i, j]] = new[[j, i]]
            elif move < 0.95:
                r1, r2 = rng.integers(0, 5, 2)
                g = new.reshape(5, 5)
                g[[r1, r2]] = g[[r2, r1]]
            else:
                c1, c2 = rng.integers(0, 5, 2)
                g = new.reshape(5, 5)
                g[:, [c1, c2]] = g[:, [c2, c1]]
            s = float(batch_scores(decrypt(new)))
            if s > cur or rng.random() < math.exp((s - cur) / t):
                sq, cur = new, s
                if cur > local_best:
                    local_best, local_sq = cur, sq.copy()
        if local_best > best:
            best, best_sq = local_best, local_sq
    assert best_sq is not None
    key = "".join(ALPHABET[int(x)] for x in best_sq)
    plain = decrypt(best_sq)
    return _solution(Playfair(key), plain, best)
