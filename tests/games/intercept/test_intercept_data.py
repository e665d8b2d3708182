"""Shipped data: the keyword list, the hint vocabulary, the vectors and the NOTICE."""

from __future__ import annotations

from pathlib import Path

import numpy as np

import cipherkit
from cipherkit.games.intercept.vectors import VECTORS_FILE, default_vectors
from cipherkit.games.intercept.words import HINTS_FILE, KEYWORDS_FILE, hint_words, keywords

DATA = Path(cipherkit.__file__).parent / "data"
ROOT = Path(__file__).resolve().parents[3]


def test_keyword_list_has_at_least_500_clean_distinct_words() -> None:
    words = keywords()
    assert len(words) >= 500
    assert len(set(words)) == len(words) and list(words) == sorted(words)
    assert all(w.isalpha() and w.islower() and 2 <= len(w) <= 14 for w in words)


def test_hint_vocabulary_is_several_thousand_common_words() -> None:
    hints = hint_words()
    assert len(hints) >= 5000 and len(set(hints)) == len(hints)
    assert {"dog", "water", "music"} <= set(hints)
    assert all(w.isalpha() for w in hints)


def test_vector_table_shape_dtype_and_size() -> None:
    path = DATA / VECTORS_FILE
    assert path.stat().st_size < 20 * 1024 * 1024
    with np.load(path, allow_pickle=False) as data:
        assert data["vectors"].dtype == np.int8 and data["vectors"].shape[1] == 384
        assert data["vectors"].shape[0] == data["words"].shape[0] == data["weights"].shape[0]
        assert data["keyword_vectors"].shape == (len(data["keywords"]), 384)
        assert data["center"].shape == (384,)
    vectors = default_vectors()
    assert vectors is not None
    assert np.allclose(np.linalg.norm(vectors.matrix, axis=1), 1.0, atol=1e-4)
    assert all(k in vectors.senses for k in keywords())
    assert all(vectors.row(h) is not None for h in hint_words())


def test_words_are_looked_up_through_inflections_and_pieces() -> None:
    vectors = default_vectors()
    assert vectors is not None
    assert "sombreros" not in vectors.index
    assert vectors.row("sombreros") == vectors.row("sombrero") is not None
    assert vectors.row("plucking") == vectors.row("pluck")
    assert vectors.phrase("zzyzxqua") is None or vectors.phrase("zzyzxqua").shape == (384,)
    assert vectors.phrase("...") is None
    near = [w for w, _ in vectors.nearest(vectors.word("dog"), 5)]
    assert "dog" in near


def test_notice_lists_every_data_file_source_and_licence() -> None:
    notice = " ".join((DATA / "NOTICE").read_text(encoding="utf-8").split())
    for name in (KEYWORDS_FILE, HINTS_FILE, VECTORS_FILE, "build_intercept_data.py"):
        assert name in notice
    for fact in ("all-MiniLM-L6-v2", "Apache-2.0", "web2", "symspellpy", "Google Books"):
        assert fact in notice
    assert (ROOT / "scripts" / "build_intercept_data.py").exists()
