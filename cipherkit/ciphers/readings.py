"""Other readings of a solved substitution that fit almost as well as the solver's.

Design notes: ``docs/ciphers.md``, ``cipherkit.ciphers.readings``.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from cipherkit.ciphers.stats import word_pattern
from cipherkit.ciphers.substitution_solver import MIN_WORDS, KeyScore, pattern_candidates
from cipherkit.ciphers.text import codes_to_text, letter_codes, words_of
from cipherkit.i18n import _, ngettext

__all__ = ["MARGIN", "Reading", "other_readings"]

MARGIN = 4.0
"""How much less likely (log10 of the solver's score) a reading may be and still be
listed. The model's own mistakes on short texts reach about that far: on the
benchmark's 40-letter texts with word breaks, every true reading the solver missed
scores within 4 of the one it chose (most within 2)."""


@dataclass(frozen=True)
class Reading:
    """Another reading: its plaintext letters, how much lower it scores than the
    solver's (``gap``, log10: 0 is as likely, 1 ten times less; below 0 it scores
    higher), and the words that change, as (from, to) pairs
    (with word breaks; else the single letters, as ("E", "A")).

    Examples
    --------
    >>> from cipherkit.ciphers.classical import Substitution
    >>> cipher = Substitution.random(4)
    >>> secret = cipher.encrypt("we waited at the station because the storm had stopped")
    >>> key = cipher.decryption_table()
    >>> [r.changes for r in other_readings(secret, key)][:1]
    [(('STORM', 'STORY'),)]
    """

    plaintext: str
    gap: float
    changes: tuple[tuple[str, str], ...]

    def describe(self) -> str:
        """The changes and how likely the reading is, compared with the solver's.

        >>> Reading("", 3.005, (("STORY", "STORM"),)).describe()
        'STORY -> STORM  (about 1000 times less likely by the model)'
        >>> Reading("", -1.3, (("M", "Y"),)).describe()
        'M -> Y  (about 20 times likelier by the model)'
        >>> Reading("", 0.1, (("A", "B"),)).describe()
        'A -> B  (about as likely)'
        """
        return f"{self.changed}  ({self.likelihood})"

    @property
    def changed(self) -> str:
        """The changes, as "from -> to", comma-separated."""
        return ", ".join(f"{a} -> {b}" for a, b in self.changes)

    @property
    def likelihood(self) -> str:
        """How likely the reading is by the model, compared with the solver's."""
        if abs(self.gap) < 0.3:
            return _("about as likely")
        times = int(float(f"{10 ** abs(self.gap):.1g}"))
        if self.gap > 0:
            return ngettext(
                "about {n} time less likely by the model",
                "about {n} times less likely by the model",
                times,
            )
        return ngettext(
            "about {n} time likelier by the model", "about {n} times likelier by the model", times
        )

    def to_json(self) -> dict[str, object]:
        """The reading as a JSON-safe dict (plaintext, gap, changes)."""
        return {
            "plaintext": self.plaintext,
            "gap": round(self.gap, 2),
            "changes": [list(pair) for pair in self.changes],
        }


def _swaps(key: np.ndarray, present: np.ndarray) -> list[np.ndarray]:
    """The key with the plain letters of a present ciphertext letter and any other
    letter swapped."""
    out = []
    for i in present:
        for j in range(26):
            if j != i and (j not in present or j > i):
                new = key.copy()
                new[[i, j]] = new[[j, i]]
                out.append(new)
    return out


def _word_moves(key: np.ndarray, c: np.ndarray, lengths: list[int]) -> list[np.ndarray]:
    """The key with one ciphertext word read as another frequent dictionary word of the
    same pattern (everywhere the word occurs), every letter that also occurs outside
    that word kept."""
    counts = np.bincount(c, minlength=26)
    starts = np.cumsum([0, *lengths[:-1]])
    spans: dict[bytes, list[np.ndarray]] = {}
    for start, n in zip(starts, lengths, strict=True):
        wc = c[start : start + n]
        spans.setdefault(wc.tobytes(), []).append(wc)
    out: list[np.ndarray] = []
    for seen in spans.values():
        wc = seen[0]
        inside = np.bincount(np.concatenate(seen), minlength=26)
        outside = np.flatnonzero((counts > 0) & (inside < counts))
        targets, _logprobs = pattern_candidates(word_pattern(codes_to_text(wc)))
        for target in targets:
            new = key.copy()
            for ci, plain in zip(wc, target, strict=True):
                j = int(np.flatnonzero(new == plain)[0])
                new[[ci, j]] = new[[j, ci]]
            if np.array_equal(new[wc], target) and np.array_equal(new[outside], key[outside]):
                out.append(new)
    return out


def other_readings(
    text: str, key: np.ndarray, *, margin: float = MARGIN, limit: int = 3
) -> list[Reading]:
    """Up to ``limit`` other readings of ``text`` (a substitution ciphertext) that score
    within ``margin`` of the reading by ``key`` (a decryption table), closest first.

    >>> from cipherkit.ciphers.classical import Substitution
    >>> cipher = Substitution.random(1)
    >>> secret = cipher.encrypt("the cat sat on the mat")
    >>> len(other_readings(secret, cipher.decryption_table(), limit=2))
    2
    """
    c = letter_codes(text)
    word_list = words_of(text)
    lengths = [len(w) for w in word_list] if len(word_list) >= MIN_WORDS else None
    scorer = KeyScore.of(c, lengths)
    present = np.flatnonzero(np.bincount(c, minlength=26))
    candidates = _swaps(key, present)
    if lengths is not None:
        candidates += _word_moves(key, c, lengths)
    if not candidates:
        return []
    mine = codes_to_text(key[c])
    scores = scorer.full(np.stack([key, *candidates]))
    best: dict[str, float] = {}
    for score, cand in zip(scores[1:].tolist(), candidates, strict=True):
        plain = codes_to_text(cand[c])
        if plain != mine and scores[0] - score <= margin and score > best.get(plain, -np.inf):
            best[plain] = score
    ranked = sorted(best.items(), key=lambda item: -item[1])[:limit]
    return [
        Reading(plain, float(scores[0]) - score, _changes(mine, plain, lengths))
        for plain, score in ranked
    ]


def _changes(mine: str, other: str, lengths: list[int] | None) -> tuple[tuple[str, str], ...]:
    """The words (with breaks) or letters (without) in which two readings differ."""
    if lengths is None:
        pairs = {(a, b) for a, b in zip(mine, other, strict=True) if a != b}
        return tuple(sorted(pairs))
    out = []
    at = 0
    for n in lengths:
        a, b = mine[at : at + n], other[at : at + n]
        at += n
        if a != b and (a, b) not in out:
            out.append((a, b))
    return tuple(out)
