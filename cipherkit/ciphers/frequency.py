"""Ciphers broken by letter frequencies over the Russian alphabet: Caesar, Vigenère,
Beaufort, affine and (for hints) substitution.

Design notes: ``docs/ciphers.md``, ``cipherkit.ciphers.frequency``.

The English solvers (:mod:`.solvers`, :mod:`.vigenere_solver`) score readings with
English quadgrams and words; a text in Russian letters is read here with the Russian
reference (:func:`~cipherkit.ciphers.stats.russian`: letter probabilities and the
probability of each letter after the one before it). A reading's score is the log10
probability of its letters under that model.

Examples
--------
>>> from cipherkit.ciphers.classical import Caesar, Vigenere
>>> from cipherkit.ciphers.alphabet import RUSSIAN
>>> plain = "Старый смотритель маяка каждый вечер поднимается наверх и зажигает свет"
>>> rank_shifts(Caesar(7, letters=RUSSIAN).encrypt(plain))[0].cipher
Caesar(shift=7, letters=RUSSIAN)
>>> secret = Vigenere("ЛУНА").encrypt(plain + " для кораблей, которые идут мимо мыса ночью")
>>> solve_vigenere_by_frequency(secret).cipher
Vigenere(key='ЛУНА', letters=RUSSIAN)
"""

from __future__ import annotations

import math

import numpy as np

from cipherkit.ciphers.alphabet import RUSSIAN, Alphabet, detect_alphabet
from cipherkit.ciphers.classical import Affine, Beaufort, Caesar, Substitution, Vigenere, valid_a
from cipherkit.ciphers.solution import Solution, solver_codes
from cipherkit.ciphers.stats import russian
from cipherkit.core.errors import CipherkitError

__all__ = [
    "FREQUENCY_VARIANTS",
    "KEY_LETTER_COST",
    "MAX_KEY_LENGTH",
    "best_affine",
    "bigram_fitness",
    "rank_shifts",
    "reading_scores",
    "solve_substitution_by_frequency",
    "solve_vigenere_by_frequency",
]

MAX_KEY_LENGTH = 12
"""Longest key :func:`solve_vigenere_by_frequency` tries (at most a third of the text)."""
KEY_LETTER_COST = math.log10(33) + 1.0
"""log10 score a key must gain per key letter to be believed over a shorter one: the
key letter's own choice among 33, and a margin (a longer key fits any text better)."""
FREQUENCY_VARIANTS = {"vigenere": Vigenere, "beaufort": Beaufort}
"""The polyalphabetic ciphers read here (autokey is not)."""


def _alphabet(text: str | np.ndarray, alphabet: Alphabet | None) -> Alphabet:
    abc = alphabet or (detect_alphabet(text, RUSSIAN) if isinstance(text, str) else RUSSIAN)
    if abc is not RUSSIAN:
        raise CipherkitError.say("frequency solving here is for the Russian alphabet")
    return abc


def reading_scores(plains: np.ndarray) -> np.ndarray:
    """log10 probability of candidate readings (rows of letter codes) under the Russian
    letter and bigram model: the first letter's probability, then each letter's after
    the one before it.

    >>> rows = np.stack([RUSSIAN.codes("ПРИВЕТ"), RUSSIAN.codes("ЪЫЬЪЫЬ")])
    >>> bool(np.argmax(reading_scores(rows)) == 0)
    True
    """
    ref = russian()
    first = np.log10(ref.letters)[plains[..., 0]]
    return first + ref.bigrams[plains[..., :-1], plains[..., 1:]].sum(axis=-1)


def bigram_fitness(codes: np.ndarray) -> float:
    """How Russian a reading looks: mean log10 probability of a letter after the one
    before it, minus that of Russian text (about 0 for Russian, -1 or lower for
    gibberish; ``-inf`` under 2 letters).

    >>> bigram_fitness(RUSSIAN.codes("Мама мыла раму")) > -0.3 > bigram_fitness(
    ...     RUSSIAN.codes("Щъыэ ьъщю ыэъь"))
    True
    """
    codes = np.asarray(codes, dtype=np.int64)
    if len(codes) < 2:
        return -math.inf
    ref = russian()
    return float(ref.bigrams[codes[:-1], codes[1:]].mean()) - ref.bigram_mean


def _solution(
    cipher: Caesar | Vigenere | Affine | Substitution, plain: np.ndarray, score: float
) -> Solution:
    return Solution(cipher, RUSSIAN.text(plain), float(score), bigram_fitness(plain))


def rank_shifts(text: str | np.ndarray, alphabet: Alphabet | None = None) -> list[Solution]:
    """Every Caesar shift of a Russian text, the most Russian-looking reading first."""
    abc = _alphabet(text, alphabet)
    c = solver_codes(text, 4, abc.codes)
    n = abc.size
    plains = (c[None, :] - np.arange(n)[:, None]) % n
    scores = reading_scores(plains)
    order = np.argsort(-scores, kind="stable")
    return [_solution(Caesar(int(s), letters=abc), plains[s], scores[s]) for s in order]


def _plain(c: np.ndarray, keys: np.ndarray, variant: str, n: int) -> np.ndarray:
    """Readings of ``c`` under each key (rows of ``keys``, repeated along the text)."""
    shifts = keys[:, np.arange(len(c)) % keys.shape[1]]
    return (shifts - c[None, :]) % n if variant == "beaufort" else (c[None, :] - shifts) % n


def _column_key(c: np.ndarray, length: int, variant: str, n: int) -> np.ndarray:
    """Each column's key letter by letter frequencies alone (the likeliest letters)."""
    logp = np.log10(russian().letters)
    key = np.zeros(length, dtype=np.int64)
    shifts = np.arange(n)[:, None]
    for j in range(length):
        col = c[j::length]
        plain = (shifts - col[None, :]) % n if variant == "beaufort" else (col - shifts) % n
        key[j] = int(np.argmax(logp[plain].sum(axis=1)))
    return key


def _ascend(c: np.ndarray, key: np.ndarray, variant: str, n: int) -> tuple[np.ndarray, float]:
    """Change one key letter at a time while the reading's bigram score rises."""
    key = key.copy()
    best = float(reading_scores(_plain(c, key[None], variant, n))[0])
    for _pass in range(4):
        improved = False
        for j in range(len(key)):
            keys = np.repeat(key[None], n, axis=0)
            keys[:, j] = np.arange(n)
            scores = reading_scores(_plain(c, keys, variant, n))
            k = int(np.argmax(scores))
            if scores[k] > best + 1e-9:
                key, best, improved = keys[k], float(scores[k]), True
        if not improved:
            break
    return key, best


def _min_period(key: np.ndarray) -> np.ndarray:
    for p in range(1, len(key)):
        if len(key) % p == 0 and np.array_equal(key, np.resize(key[:p], len(key))):
            return key[:p]
    return key


def solve_vigenere_by_frequency(
    text: str | np.ndarray,
    *,
    variant: str = "vigenere",
    alphabet: Alphabet | None = None,
    max_len: int = MAX_KEY_LENGTH,
) -> Solution:
    """Break a Russian Vigenère (or Beaufort) text: for every key length, each column's
    key letter by letter frequencies, then key letters changed one at a time while the
    bigram score rises; the best length by score less :data:`KEY_LETTER_COST` a letter.
    Deterministic (no random restarts)."""
    cls = FREQUENCY_VARIANTS.get(variant)
    if cls is None:
        raise CipherkitError.say(
            "over the Russian alphabet the key is found for vigenere and beaufort only"
        )
    abc = _alphabet(text, alphabet)
    c = solver_codes(text, 4, abc.codes)
    n = abc.size
    best: tuple[float, np.ndarray] | None = None
    for length in range(1, max(1, min(max_len, len(c) // 3)) + 1):
        key, score = _ascend(c, _column_key(c, length, variant, n), variant, n)
        adjusted = score - KEY_LETTER_COST * length
        if best is None or adjusted > best[0]:
            best = (adjusted, key)
    assert best is not None
    key = _min_period(best[1])
    plain = _plain(c, key[None], variant, n)[0]
    score = float(reading_scores(plain[None])[0])
    return _solution(cls(abc.text(key), letters=abc), plain, score)


def best_affine(text: str | np.ndarray, alphabet: Alphabet | None = None) -> Solution:
    """The likeliest affine key of a Russian text (all 20 x 33 of them tried).

    >>> secret = Affine(4, 9, letters=RUSSIAN).encrypt("Гавань просыпается раньше города")
    >>> best_affine(secret).cipher
    Affine(a=4, b=9, letters=RUSSIAN)
    """
    abc = _alphabet(text, alphabet)
    c = solver_codes(text, 4, abc.codes)
    n = abc.size
    keys = [(a, b) for a in valid_a(n) for b in range(n)]
    plains = np.stack([(pow(a, -1, n) * (c - b)) % n for a, b in keys])
    scores = reading_scores(plains)
    k = int(np.argmax(scores))
    return _solution(Affine(*keys[k], letters=abc), plains[k], scores[k])


SUBSTITUTION_STEPS = 20_000
"""Swaps tried per start by :func:`solve_substitution_by_frequency` (simulated annealing)."""


def _anneal(
    pairs: np.ndarray, table: np.ndarray, rng: np.random.Generator, steps: int
) -> tuple[float, np.ndarray]:
    """Simulated annealing of a decryption table on the bigram score (temperature 2 down
    to 0.05 in log10 units); the best table met and its score."""
    bigrams = russian().bigrams
    n = len(table)
    table = table.copy()

    def score(t: np.ndarray) -> float:
        return float((pairs * bigrams[np.ix_(t, t)]).sum())

    current = score(table)
    best = (current, table.copy())
    swaps = rng.integers(0, n, (steps, 2))
    chances = rng.random(steps)
    for step, ((i, j), chance) in enumerate(zip(swaps.tolist(), chances.tolist(), strict=True)):
        if i == j:
            continue
        temperature = 2.0 * (0.025 ** (step / steps))
        table[i], table[j] = table[j], table[i]
        new = score(table)
        if new >= current or chance < 10 ** ((new - current) / temperature):
            current = new
            if new > best[0]:
                best = (new, table.copy())
        else:
            table[i], table[j] = table[j], table[i]
    return best


def solve_substitution_by_frequency(
    text: str | np.ndarray,
    *,
    alphabet: Alphabet | None = None,
    seed: int = 0,
    starts: int = 4,
    steps: int = SUBSTITUTION_STEPS,
) -> Solution:
    """A Russian substitution text read by simulated annealing on letter bigrams, from
    the frequency order (the commonest ciphertext letter read as О, ...), ``starts``
    times with different random swaps; the best reading. About 0.2 s a start. Texts of
    300 letters and more read almost wholly right; 150 letters about half, the common
    letters first (what a hint needs; not a full solver: no word model).

    >>> secret = Substitution.random(5, letters=RUSSIAN).encrypt("Мама мыла раму")
    >>> solution = solve_substitution_by_frequency(secret, starts=1, steps=200)
    >>> solution.cipher.letters, len(solution.plaintext)
    (RUSSIAN, 12)
    """
    abc = _alphabet(text, alphabet)
    c = solver_codes(text, 2, abc.codes)
    n = abc.size
    pairs = np.zeros((n, n))
    np.add.at(pairs, (c[:-1], c[1:]), 1)
    order = np.argsort(-np.bincount(c, minlength=n), kind="stable")
    first = np.empty(n, dtype=np.int64)
    first[order] = np.argsort(-russian().letters, kind="stable")
    rng = np.random.default_rng(seed)
    found = [_anneal(pairs, first, rng, steps) for _ in range(max(1, starts))]
    table = max(found, key=lambda f: f[0])[1]
    cipher = Substitution.from_decryption(abc.text(table), letters=abc)
    plain = table[c]
    return _solution(cipher, plain, float(reading_scores(plain[None])[0]))
