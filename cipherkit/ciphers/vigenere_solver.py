"""Breaking the Vigenère family (Vigenère, Beaufort, autokey) from the ciphertext alone.

Design notes: ``docs/ciphers.md``, ``cipherkit.ciphers.vigenere_solver``.
"""

from __future__ import annotations

import numpy as np

from cipherkit.ciphers.classical import Autokey, Beaufort, Vigenere
from cipherkit.ciphers.solution import Solution, batch_scores, make_solution, solver_codes
from cipherkit.ciphers.stats import english, friedman_key_length, kasiski
from cipherkit.ciphers.text import codes_to_text
from cipherkit.core.errors import CipherkitError

__all__ = [
    "KEY_LETTER_COST",
    "MAX_KEY_LENGTH",
    "RESTARTS",
    "solve_vigenere",
    "vigenere_key_lengths",
]

MAX_KEY_LENGTH = 12
"""Longest Vigenère (Beaufort, autokey) key :func:`solve_vigenere` tries by default (at
most a third of the text's letters)."""
RESTARTS = 8
"""Random starting keys per key length, besides the chi-squared one."""
KEY_LETTER_COST = 3.0
"""log10 quadgram score a key must gain per key letter to be believed over a shorter
one (a longer key fits any text better by chance)."""
PAIR_LENGTHS = 3
"""Key lengths (the best by score) whose keys are refined two letters at a time."""

_VARIANTS = {"vigenere": Vigenere, "beaufort": Beaufort, "autokey": Autokey}


def vigenere_key_lengths(text: str | np.ndarray, max_len: int = 20) -> list[int]:
    """Likely key lengths, best first: mean column index of coincidence, with Kasiski's
    and Friedman's estimates as tie-breaking votes.

    >>> from cipherkit.ciphers.classical import Vigenere
    >>> text = "meet me at the old mill after dark and bring the map of the caves" * 2
    >>> 3 in vigenere_key_lengths(Vigenere("KEY").encrypt(text))[:3]  # multiples fit too
    True
    """
    c = solver_codes(text, 2)
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


def _scores(c: np.ndarray, keys: np.ndarray, variant: str) -> np.ndarray:
    return batch_scores(_vig_plain(c, keys, variant))


def _ascend(c: np.ndarray, keys: np.ndarray, variant: str, rounds: int = 8) -> np.ndarray:
    """Coordinate ascent of many keys (rows) at once: each key letter in turn set to its
    best of 26 values, until no letter moves."""
    keys = keys.copy()
    m, length = keys.shape
    rows = np.arange(m)
    best = _scores(c, keys, variant)
    for _ in range(rounds):
        changed = False
        for j in range(length):
            cands = np.repeat(keys[:, None, :], 26, axis=1)
            cands[:, :, j] = np.arange(26)
            scores = _scores(c, cands.reshape(-1, length), variant).reshape(m, 26)
            k = np.argmax(scores, axis=1)
            better = scores[rows, k] > best + 1e-9
            if better.any():
                keys[better, j] = k[better]
                best[better] = scores[rows, k][better]
                changed = True
        if not changed:
            break
    return keys


def _pair_ascend(c: np.ndarray, key: np.ndarray, variant: str, rounds: int = 3) -> np.ndarray:
    """Ascent over changes of two key letters at once (every pair, 676 values each)."""
    length = len(key)
    if length < 2:
        return key
    best = float(_scores(c, key[None], variant)[0])
    grid = np.stack(np.meshgrid(np.arange(26), np.arange(26), indexing="ij"), -1).reshape(-1, 2)
    for _ in range(rounds):
        changed = False
        for j in range(length):
            for k in range(j + 1, length):
                cands = np.repeat(key[None], len(grid), axis=0)
                cands[:, [j, k]] = grid
                scores = _scores(c, cands, variant)
                t = int(np.argmax(scores))
                if scores[t] > best + 1e-9:
                    best, key, changed = float(scores[t]), cands[t], True
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


def solve_vigenere(
    text: str | np.ndarray,
    *,
    variant: str = "vigenere",
    max_len: int = MAX_KEY_LENGTH,
    lengths: int | None = None,
    seed: int = 0,
    restarts: int = RESTARTS,
) -> Solution:
    """Break a Vigenère, Beaufort or autokey cipher (see the module's description).

    ``lengths`` limits the key lengths tried to the most likely ones by
    :func:`vigenere_key_lengths` (default: every length up to ``max_len``, at most a
    third of the text's letters); ``restarts`` random keys per length; same ``seed``,
    same answer.

    Examples
    --------
    >>> from cipherkit.ciphers.classical import Vigenere
    >>> text = "the treasure is buried under the third palm tree on the western beach"
    >>> solve_vigenere(Vigenere("HARBOUR").encrypt(text)).cipher
    Vigenere(key='HARBOUR')
    """
    if variant not in _VARIANTS:
        raise CipherkitError.say(
            "unknown variant {name} (vigenere, beaufort or autokey)", name=repr(variant)
        )
    c = solver_codes(text)
    rng = np.random.default_rng(seed)
    max_len = max(1, min(max_len, len(c) // 3))
    tried = vigenere_key_lengths(c, max_len)[: max(1, lengths or max_len)]
    if variant == "autokey":
        tried = list(range(1, max_len + 1))
    found: list[tuple[float, np.ndarray]] = []
    for length in tried:
        starts = np.vstack(
            [_chi_key(c, length, variant)[None], rng.integers(0, 26, (restarts, length))]
        )
        keys = _ascend(c, starts, variant)
        scores = _scores(c, keys, variant)
        key = keys[int(np.argmax(scores))]
        found.append((float(np.max(scores)) - KEY_LETTER_COST * length, key))
    found.sort(key=lambda f: -f[0])
    best: tuple[float, np.ndarray] | None = None
    for _adjusted, key in found[:PAIR_LENGTHS]:
        key = _min_period(_pair_ascend(c, key, variant))
        adjusted = float(_scores(c, key[None], variant)[0]) - KEY_LETTER_COST * len(key)
        if best is None or adjusted > best[0]:
            best = (adjusted, key)
    assert best is not None
    key = best[1]
    plain = _vig_plain(c, key[None, :], variant)[0]
    return make_solution(_VARIANTS[variant](codes_to_text(key)), plain)
