"""Word vectors for the intercept bots, loaded from the shipped table (numpy only).

Design notes: ``docs/intercept.md``, ``cipherkit.games.intercept.vectors``.

>>> from cipherkit.games.intercept.vectors import default_vectors
>>> vectors = default_vectors()
>>> vectors.dim, "sombrero" in vectors
(384, True)
>>> vectors.similarity("Mexico", "sombrero") > vectors.similarity("Mexico", "dragonfly")
True
>>> vectors.phrase("!!!") is None
True
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from functools import cache
from importlib import resources
from pathlib import Path

import numpy as np

from cipherkit.games.intercept.words import STOPWORDS, base_forms, tokens

VECTORS_FILE = "intercept_vectors.npz"
PIECE_WEIGHT = 0.35
"""How much a word read as WordPiece pieces counts, relative to a known word."""


@dataclass(frozen=True, eq=False)
class Vectors:
    """A word-vector table: ``words``, unit-length rows of ``matrix``, word ``weights``."""

    words: tuple[str, ...]
    matrix: np.ndarray
    weights: np.ndarray
    pieces: frozenset[str] = frozenset()
    index: dict[str, int] = field(default_factory=dict, repr=False)
    piece_index: dict[str, int] = field(default_factory=dict, repr=False)
    senses: dict[str, np.ndarray] = field(default_factory=dict, repr=False)
    center: np.ndarray | None = field(default=None, repr=False)

    @classmethod
    def from_arrays(
        cls,
        words: Sequence[str],
        vectors: np.ndarray,
        weights: np.ndarray | None = None,
        is_piece: np.ndarray | None = None,
        senses: dict[str, np.ndarray] | None = None,
        center: np.ndarray | None = None,
    ) -> Vectors:
        """Build a table; rows are normalised to unit length.

        >>> import numpy as np
        >>> v = Vectors.from_arrays(["cat", "dog"], np.array([[1, 0], [1, 1]]))
        >>> round(v.similarity("cat", "dog"), 3)
        0.707
        """
        matrix = np.asarray(vectors, dtype=np.float32)
        norms = np.linalg.norm(matrix, axis=1, keepdims=True)
        norms[norms == 0] = 1
        matrix = matrix / norms
        n = len(words)
        weights = np.ones(n, dtype=np.float32) if weights is None else np.asarray(weights, float)
        flags = np.zeros(n, dtype=bool) if is_piece is None else np.asarray(is_piece, bool)
        index: dict[str, int] = {}
        piece_index: dict[str, int] = {}
        for i, word in enumerate(words):
            (piece_index if flags[i] else index).setdefault(str(word), i)
        unit = {}
        for word, vector in (senses or {}).items():
            v = np.asarray(vector, dtype=np.float32)
            unit[word] = v / (float(np.linalg.norm(v)) or 1.0)
        return cls(
            tuple(str(w) for w in words),
            matrix,
            weights.astype(np.float32),
            frozenset(piece_index),
            index,
            piece_index,
            unit,
            None if center is None else np.asarray(center, dtype=np.float32),
        )

    @property
    def dim(self) -> int:
        """How many numbers each word vector has."""
        return int(self.matrix.shape[1])

    def __contains__(self, word: object) -> bool:
        return isinstance(word, str) and word.lower() in self.index

    def __len__(self) -> int:
        return len(self.index)

    def row(self, word: str) -> int | None:
        """Row of a whole word (or its singular), or ``None``."""
        w = word.lower()
        found = self.index.get(w)
        if found is not None:
            return found
        for base in base_forms(w):
            found = self.index.get(base)
            if found is not None:
                return found
        return None

    def word(self, word: str) -> np.ndarray | None:
        """Unit vector of one word (``None`` if neither it nor its singular is known)."""
        found = self.row(word)
        return None if found is None else self.matrix[found]

    def _wordpiece(self, word: str) -> list[int]:
        """Greedy longest-match WordPiece split into rows (empty if it fails)."""
        rows: list[int] = []
        start = 0
        while start < len(word):
            table = self.index if start == 0 else self.piece_index
            for end in range(len(word), start, -1):
                found = table.get(word[start:end])
                if found is not None:
                    rows.append(found)
                    start = end
                    break
            else:
                return []
        return rows

    def _parts(self, text: str) -> list[tuple[int, float]]:
        words = tokens(text)
        meaningful = [w for w in words if w not in STOPWORDS] or words
        parts: list[tuple[int, float]] = []
        for w in meaningful:
            found = self.row(w)
            if found is not None:
                parts.append((found, float(self.weights[found])))
                continue
            rows = self._wordpiece(w)
            for r in rows:
                parts.append((r, PIECE_WEIGHT * float(self.weights[r]) / len(rows)))
        return parts

    def phrase(self, text: str) -> np.ndarray | None:
        """Unit vector of a word or phrase (weighted mean of its words), or ``None``."""
        whole = " ".join(tokens(text))
        found = self.index.get(whole)
        if found is not None:
            return self.matrix[found]
        parts = self._parts(text)
        if not parts:
            return None
        rows = np.array([r for r, _ in parts])
        weights = np.array([w for _, w in parts], dtype=np.float32)
        mean = weights @ self.matrix[rows]
        norm = float(np.linalg.norm(mean))
        return None if norm == 0 else mean / norm

    def keyword(self, word: str) -> np.ndarray | None:
        """Vector of a keyword: its sense (embedded with its category) when it is one of
        the shipped keywords, else the plain word or phrase vector."""
        sense = self.senses.get(" ".join(tokens(word)))
        return sense if sense is not None else self.phrase(word)

    def keyword_matrix(self, keywords: Sequence[str]) -> tuple[np.ndarray, np.ndarray]:
        """Stacked keyword vectors (zero rows where unknown) and a known-mask."""
        return self._stacked([self.keyword(word) for word in keywords])

    def centered(self, vectors: np.ndarray) -> np.ndarray:
        """Clue vectors minus the table's centre (the mean frequent word), so that a
        keyword close to every word does not attract every clue."""
        if self.center is None:
            return vectors
        return vectors - self.center

    def known(self, text: str) -> bool:
        """Whether every meaningful word of ``text`` is a whole word of the table."""
        words = [w for w in tokens(text) if w not in STOPWORDS] or tokens(text)
        return bool(words) and all(self.row(w) is not None for w in words)

    def similarity(self, a: str, b: str) -> float | None:
        """Cosine similarity of two words or phrases (``None`` if either is unknown)."""
        va, vb = self.phrase(a), self.phrase(b)
        if va is None or vb is None:
            return None
        return float(va @ vb)

    def matrix_of(self, texts: Iterable[str]) -> tuple[np.ndarray, np.ndarray]:
        """Stacked phrase vectors (zero rows for unknown texts) and a known-mask."""
        return self._stacked([self.phrase(text) for text in texts])

    def _stacked(self, vectors: list[np.ndarray | None]) -> tuple[np.ndarray, np.ndarray]:
        """``vectors`` as rows of one matrix (a zero row for ``None``) and the mask of the
        rows that are not ``None``."""
        zero = np.zeros(self.dim, np.float32)
        rows = [zero if v is None else v for v in vectors]
        mask = np.array([v is not None for v in vectors], bool)
        return np.array(rows, dtype=np.float32).reshape(-1, self.dim), mask

    def nearest(
        self, vector: np.ndarray, k: int = 10, among: Sequence[int] | None = None
    ) -> list[tuple[str, float]]:
        """The ``k`` whole words closest to ``vector`` (restricted to rows ``among``)."""
        candidates = np.arange(len(self.words)) if among is None else np.asarray(among)
        sims = self.matrix[candidates] @ vector
        k = min(k, len(candidates))
        best = np.argpartition(-sims, k - 1)[:k]
        best = best[np.argsort(-sims[best])]
        return [(self.words[candidates[i]], float(sims[i])) for i in best]


def load_vectors(path: str | Path | None = None) -> Vectors:
    """Load a table written by ``scripts/build_intercept_data.py``."""
    if path is None:
        ref = resources.files("cipherkit.data").joinpath(VECTORS_FILE)
        with resources.as_file(ref) as real:
            return load_vectors(real)
    with np.load(Path(path), allow_pickle=False) as data:
        files = set(data.files)
        senses = (
            dict(zip((str(w) for w in data["keywords"]), data["keyword_vectors"], strict=True))
            if {"keywords", "keyword_vectors"} <= files
            else {}
        )
        return Vectors.from_arrays(
            [str(w) for w in data["words"]],
            data["vectors"],
            data["weights"],
            data["pieces"],
            senses=senses,
            center=data["center"] if "center" in files else None,
        )


@cache
def default_vectors() -> Vectors | None:
    """The shipped table, loaded once (``None`` if the data file is missing)."""
    try:
        return load_vectors()
    except FileNotFoundError:
        return None
