"""Letter statistics and the English (or Russian) reference they are measured against.

The English reference (``cipherkit/data/english_ngrams.npz`` and ``english_words.txt``,
built by ``scripts/build_english_stats.py`` from Google Books Ngram counts; see the
NOTICE) is loaded once, on first use; so is the Russian one
(``cipherkit/data/russian_letters.json``, letter and bigram counts built by
``scripts/build_russian_stats.py`` from a text written for cipherkit). The statistics
count the letters of an alphabet (``alphabet=``, :data:`LATIN` unless given
:data:`RUSSIAN`) and measure against that alphabet's language.
"""

from __future__ import annotations

import itertools
import json
import math
from collections import Counter
from dataclasses import dataclass
from functools import cache, cached_property
from importlib import resources

import numpy as np

from cipherkit.ciphers.alphabet import LATIN, RUSSIAN, Alphabet
from cipherkit.ciphers.text import ALPHABET, letter_codes

__all__ = [
    "ENGLISH_IOC",
    "RANDOM_IOC",
    "English",
    "Russian",
    "chi_squared",
    "english",
    "fitness",
    "friedman_key_length",
    "index_of_coincidence",
    "kasiski",
    "letter_counts",
    "letter_frequencies",
    "ngram_counts",
    "quadgram_score",
    "reference_letters",
    "russian",
    "segment_score",
    "word_logprob",
    "word_pattern",
]

RANDOM_IOC = 1 / 26
ENGLISH_IOC = 0.0667
QUAD_FLOOR = -9.0
"""Quadgrams rarer than this (log10 probability) all score the floor."""


@dataclass(frozen=True, eq=False)
class English:
    """The English reference: letter probabilities, n-gram log10 tables and words."""

    letters: np.ndarray
    bigrams: np.ndarray
    trigrams: np.ndarray
    quadgrams: np.ndarray
    words: tuple[str, ...]
    word_counts: np.ndarray

    @cached_property
    def patterns(self) -> dict[str, tuple[str, ...]]:
        """The words by :func:`word_pattern`, in frequency order (built on first use:
        only the word-pattern attack needs them).

        >>> english().patterns["ABCCBD"][:2]
        ('BETTER', 'SELLER')
        """
        patterns: dict[str, list[str]] = {}
        for w in self.words:
            patterns.setdefault(word_pattern(w), []).append(w)
        return {k: tuple(v) for k, v in patterns.items()}

    def quad_mean(self) -> float:
        """Expected quadgram log10 probability per quadgram of English text."""
        return _quad_mean()


@cache
def english() -> English:
    """The shipped English reference (loaded once)."""
    data = resources.files("cipherkit") / "data"
    with resources.as_file(data / "english_ngrams.npz") as path, np.load(path) as npz:
        mono = npz["mono"].astype(np.float64)
        bi = npz["bi"].astype(np.float64)
        tri = npz["tri"].astype(np.float64)
        quad = np.maximum(npz["quad"].astype(np.float32), QUAD_FLOOR)
    words: list[str] = []
    counts: list[float] = []
    text = (data / "english_words.txt").read_text(encoding="utf-8")
    for line in text.splitlines():
        if line and not line.startswith("#"):
            w, c = line.split()
            words.append(w.upper())
            counts.append(float(c))
    return English(
        letters=mono,
        bigrams=bi,
        trigrams=tri,
        quadgrams=quad,
        words=tuple(words),
        word_counts=np.asarray(counts),
    )


@cache
def _quad_mean() -> float:
    q = english().quadgrams.astype(np.float64)
    p = 10.0**q
    return float((p * q).sum() / p.sum())


@dataclass(frozen=True, eq=False)
class Russian:
    """The Russian reference: letter probabilities (33, А..Я with Ё) and the log10
    probability of each letter after each letter (``bigrams[a, b]``: b after a),
    add-0.5 smoothed, from the counts of ``russian_letters.json``.

    >>> ref = russian()
    >>> RUSSIAN.letters[int(ref.letters.argmax())], round(ref.ioc, 3)
    ('О', 0.054)
    >>> bool(ref.bigrams[RUSSIAN.index("С"), RUSSIAN.index("Т")] > ref.bigrams[0, 0])
    True
    """

    letters: np.ndarray
    bigrams: np.ndarray
    counts: np.ndarray

    @cached_property
    def ioc(self) -> float:
        """The index of coincidence of Russian text (about 0.054 by the reference; random 1/33)."""
        return float((self.letters**2).sum())

    @cached_property
    def bigram_mean(self) -> float:
        """The expected log10 probability of a letter after the one before it."""
        joint = self.counts + 0.5
        joint = joint / joint.sum()
        return float((joint * self.bigrams).sum())


@cache
def russian() -> Russian:
    """The shipped Russian reference (loaded once)."""
    path = resources.files("cipherkit") / "data" / "russian_letters.json"
    data = json.loads(path.read_text(encoding="utf-8"))
    if data["alphabet"] != RUSSIAN.letters:  # pragma: no cover - a broken build
        raise ValueError("russian_letters.json is not over the Russian alphabet")
    mono = np.asarray(data["letter_counts"], dtype=np.float64) + 0.5
    counts = np.asarray(data["bigram_counts"], dtype=np.float64)
    rows = counts + 0.5
    bigrams = np.log10(rows / rows.sum(axis=1, keepdims=True))
    return Russian(letters=mono / mono.sum(), bigrams=bigrams, counts=counts)


def reference_letters(alphabet: Alphabet = LATIN) -> np.ndarray:
    """The letter probabilities of the alphabet's language (English, Russian).

    >>> len(reference_letters()), len(reference_letters(RUSSIAN))
    (26, 33)
    """
    return russian().letters if alphabet is RUSSIAN else english().letters


def _language_ioc(alphabet: Alphabet) -> float:
    return russian().ioc if alphabet is RUSSIAN else ENGLISH_IOC


UNKNOWN_LETTER = -6.0
"""log10 probability charged per letter that no dictionary word covers."""


@cache
def _word_logprobs() -> dict[str, float]:
    eng = english()
    total = float(eng.word_counts.sum())
    return {w: math.log10(c / total) for w, c in zip(eng.words, eng.word_counts, strict=True)}


def word_logprob(word: str) -> float:
    """log10 probability of a word (upper case) as a word of English text; a word not in
    the list costs :data:`UNKNOWN_LETTER` per letter.

    >>> word_logprob("THE") > word_logprob("SECRET") > word_logprob("QXZ")
    True
    """
    v = _word_logprobs().get(word)
    return UNKNOWN_LETTER * len(word) if v is None else v


def segment_score(letters: str, max_word: int = 14) -> float:
    """log10 probability of the best split of ``letters`` (upper case, no spaces) into
    dictionary words, unknown letters charged :data:`UNKNOWN_LETTER` each.

    >>> segment_score("MEETMEATNOON") > segment_score("NEETNEATMOOM")
    True
    """
    lp = _word_logprobs()
    n = len(letters)
    best = [0.0] + [-math.inf] * n
    for i in range(1, n + 1):
        b = best[i - 1] + UNKNOWN_LETTER
        for j in range(max(0, i - max_word), i):
            v = lp.get(letters[j:i])
            if v is not None and best[j] + v > b:
                b = best[j] + v
        best[i] = b
    return best[n]


def word_pattern(word: str) -> str:
    """The shape of a word's repeated letters: ``word_pattern("LETTER") == "ABCCBD"``.

    Past 26 different characters the shape goes on with other symbols, so any text has
    one (a red-team text of 27 letters used to raise ``IndexError``):

    >>> word_pattern("LETTER"), word_pattern("ABCDEFGHIJKLMNOPQRSTUVWXYZA")[-2:]
    ('ABCCBD', 'ZA')
    >>> len(set(word_pattern("ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖ")))
    28
    """
    seen: dict[str, str] = {}
    shape = []
    for ch in word.upper():
        symbol = seen.get(ch)
        if symbol is None:
            index = len(seen)
            symbol = seen[ch] = ALPHABET[index] if index < 26 else chr(0x100 + index)
        shape.append(symbol)
    return "".join(shape)


def letter_counts(text: str | np.ndarray, alphabet: Alphabet = LATIN) -> np.ndarray:
    """How often each letter A..Z occurs (26 integers; 33 over :data:`RUSSIAN`)."""
    codes = alphabet.codes(text) if isinstance(text, str) else np.asarray(text)
    return np.bincount(codes, minlength=alphabet.size)


def letter_frequencies(text: str | np.ndarray, alphabet: Alphabet = LATIN) -> np.ndarray:
    """Letter proportions A..Z (all zero for a text without letters).

    >>> [round(float(f), 2) for f in letter_frequencies("Ёжик", RUSSIAN)[5:8]]
    [0.0, 0.25, 0.25]
    """
    counts = letter_counts(text, alphabet).astype(np.float64)
    total = counts.sum()
    return counts / total if total else counts


def ngram_counts(text: str, n: int = 2, alphabet: Alphabet = LATIN) -> Counter[str]:
    """Counts of the letter n-grams of ``text`` (letters only, upper case).

    >>> ngram_counts("the theme", 2).most_common(2)
    [('TH', 2), ('HE', 2)]
    >>> ngram_counts("Ещё ещё", 3, RUSSIAN).most_common(1)
    [('ЕЩЁ', 2)]
    """
    if alphabet is LATIN:
        letters = "".join(ALPHABET[c] for c in letter_codes(text))
    else:
        letters = alphabet.letters_only(text)
    return Counter(letters[i : i + n] for i in range(len(letters) - n + 1))


def index_of_coincidence(text: str | np.ndarray, alphabet: Alphabet = LATIN) -> float:
    """Chance that two letters drawn without replacement are equal (English ~0.067,
    random letters ~0.038). 0.0 for fewer than two letters.

    Examples
    --------
    >>> from cipherkit.ciphers.stats import index_of_coincidence, chi_squared, english
    >>> round(index_of_coincidence("AABB"), 3)
    0.333
    >>> round(float(english().letters[4]), 3)  # E
    0.119
    >>> chi_squared("THE QUICK BROWN FOX") < chi_squared("XQZJ VKXQ ZJXQ")
    True
    >>> kasiski("THEXYTHEABTHE")
    [5]
    >>> friedman_key_length("the index of coincidence of english text is high") > 0
    True
    """
    counts = letter_counts(text, alphabet).astype(np.float64)
    n = counts.sum()
    if n < 2:
        return 0.0
    return float((counts * (counts - 1)).sum() / (n * (n - 1)))


def chi_squared(
    text: str | np.ndarray, expected: np.ndarray | None = None, alphabet: Alphabet = LATIN
) -> float:
    """Pearson's chi-squared of the letter counts against English (against Russian over
    :data:`RUSSIAN`; lower is closer).

    >>> chi_squared("Съешь ещё этих булок", alphabet=RUSSIAN) < chi_squared(
    ...     "Фъщшь щюё ъфцх гцчшщ", alphabet=RUSSIAN)
    True
    """
    counts = letter_counts(text, alphabet).astype(np.float64)
    n = counts.sum()
    if n == 0:
        return float("inf")
    exp = (reference_letters(alphabet) if expected is None else expected) * n
    return float(((counts - exp) ** 2 / exp).sum())


def friedman_key_length(text: str | np.ndarray, alphabet: Alphabet = LATIN) -> float:
    """Friedman's estimate of a Vigenère key length from the index of coincidence."""
    codes = alphabet.codes(text) if isinstance(text, str) else np.asarray(text)
    n = len(codes)
    ioc = index_of_coincidence(codes, alphabet)
    language, random = _language_ioc(alphabet), 1 / alphabet.size
    denom = (n - 1) * ioc - random * n + language
    if n < 2 or denom <= 0:
        return float(n)
    return float((language - random) * n / denom)


def kasiski(
    text: str | np.ndarray, *, min_len: int = 3, max_key: int = 20, alphabet: Alphabet = LATIN
) -> list[int]:
    """Key lengths suggested by repeated trigrams: the factors 2..max_key of the
    distances between repeats, most common first (ties: smaller first)."""
    codes = alphabet.codes(text) if isinstance(text, str) else np.asarray(text)
    seq = codes.tolist()
    where: dict[tuple[int, ...], list[int]] = {}
    for i in range(len(seq) - min_len + 1):
        where.setdefault(tuple(seq[i : i + min_len]), []).append(i)
    votes: Counter[int] = Counter()
    for positions in where.values():
        for a, b in itertools.pairwise(positions):
            d = b - a
            for f in range(2, max_key + 1):
                if d % f == 0:
                    votes[f] += 1
    return [f for f, _ in sorted(votes.items(), key=lambda kv: (-kv[1], kv[0]))]


def quadgram_score(codes: np.ndarray) -> float:
    """Sum of the quadgram log10 probabilities of integer-coded letters."""
    codes = np.asarray(codes, dtype=np.int64)
    if len(codes) < 4:
        return 0.0
    idx = ((codes[:-3] * 26 + codes[1:-2]) * 26 + codes[2:-1]) * 26 + codes[3:]
    return float(english().quadgrams[idx].sum(dtype=np.float64))


def fitness(text: str | np.ndarray) -> float:
    """How English a text looks: mean quadgram log10 probability minus that of English
    (about 0 for English, -2 or lower for gibberish; ``-inf`` under 4 letters)."""
    codes = letter_codes(text) if isinstance(text, str) else np.asarray(text)
    if len(codes) < 4:
        return -math.inf
    return quadgram_score(codes) / (len(codes) - 3) - english().quad_mean()
