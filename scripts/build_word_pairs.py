"""Build ``english_word_pairs.npz`` and ``english_word_triples.npz``: English word bigrams
and trigrams for the substitution solver.

Source: the US English trigram language model ``en-us.lm.bin`` shipped inside the PyPI
package ``pocketsphinx`` 5.1.1 (CMU Sphinx; BSD-2-Clause, see ``cipherkit/data/NOTICE``).
It is a back-off model: log10 P(word | the words before) is listed for 2 million word
pairs and 1.7 million triples; any other is the history's back-off weight plus the
probability given one word less.

The model file is read here directly (:func:`read_trie`: pocketsphinx's bit-packed trie:
a header, 16-bit quantisation tables, the words' probabilities, back-off weights and
child pointers, then bit-packed pair and triple records; a record keeps the *earlier*
word under the later one). Every number is checked against the model as pocketsphinx
itself reads it (``NGramModel.prob``) on a sample.

What is kept: the pairs and triples whose words are all in ``english_words.txt`` (built
by ``scripts/build_english_stats.py``; run that first).

* ``english_word_pairs.npz``: ``first``, ``second`` (uint16 line numbers of the words in
  ``english_words.txt``, sorted by first then second), ``log_prob`` (uint8: minus log10
  P(second | first) in steps of :data:`STEP`), ``pair_backoff`` (float16: log10 back-off
  weight of the pair as the history of a third word) and ``backoff`` (float32, one per
  line of ``english_words.txt``: log10 back-off weight of the word as a history).
* ``english_word_triples.npz``: ``first``, ``second``, ``third`` (uint16, sorted) and
  ``log_prob`` (uint8, minus log10 P(third | first second) in steps of :data:`STEP`).

Run in a throw-away environment (not a runtime dependency)::

    python -m venv /tmp/pairsenv && /tmp/pairsenv/bin/pip install pocketsphinx==5.1.1 numpy
    /tmp/pairsenv/bin/python scripts/build_word_pairs.py
"""

from __future__ import annotations

import argparse
import math
import sys
from dataclasses import dataclass
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
DATA = ROOT / "cipherkit" / "data"
STEP = 1 / 32
"""Quantum of the stored log10 probabilities (the largest error is half of it)."""
LOG_UNIT = math.log10(1.0001)
"""pocketsphinx stores log probabilities in base 1.0001."""
MAGIC = b"Trie Language Model"
QUANT_BITS = 16


@dataclass(frozen=True)
class Trie:
    """A trigram model as arrays (log10 values). Pairs: ``pair_later`` (the predicted
    word), ``pair_earlier``, ``pair_lp``, ``pair_bo``; triples: ``triple_words`` (n x 3,
    in reading order) and ``triple_lp``; per word: ``word_bo``."""

    words: list[str]
    word_bo: np.ndarray
    pair_later: np.ndarray
    pair_earlier: np.ndarray
    pair_lp: np.ndarray
    pair_bo: np.ndarray
    triple_words: np.ndarray
    triple_lp: np.ndarray


def _bits(values: np.ndarray, at: np.ndarray, width: int) -> np.ndarray:
    """Little-endian bit fields of ``width`` bits at bit offsets ``at``."""
    rows = (at >> 3)[:, None] + np.arange(8)[None, :]
    shift = np.arange(8, dtype=np.uint64) * np.uint64(8)
    word = (values[rows].astype(np.uint64) << shift[None, :]).sum(axis=1, dtype=np.uint64)
    mask = np.uint64((1 << width) - 1)
    return ((word >> (at & 7).astype(np.uint64)) & mask).astype(np.int64)


def read_trie(path: Path) -> Trie:
    """Read pocketsphinx's binary trigram trie (``*.lm.bin``)."""
    raw = np.fromfile(path, dtype=np.uint8)
    if raw[: len(MAGIC)].tobytes() != MAGIC or raw[len(MAGIC)] != 3:
        sys.exit(f"{path}: not a pocketsphinx trigram trie")
    pos = len(MAGIC) + 1
    n1, n2, n3 = (int(c) for c in np.frombuffer(raw[pos : pos + 12].tobytes(), "<u4"))
    pos += 12 + 4  # the counts, then a quantisation type nobody reads
    table = 1 << QUANT_BITS
    bins = np.frombuffer(raw[pos : pos + 3 * 4 * table].tobytes(), "<f4") * LOG_UNIT
    pair_prob_bins, pair_bo_bins, triple_bins = bins[:table], bins[table:-table], bins[-table:]
    pos += 3 * 4 * table
    unigram = np.dtype([("prob", "<f4"), ("bo", "<f4"), ("next", "<i4")])
    ug = np.frombuffer(raw[pos : pos + unigram.itemsize * (n1 + 1)].tobytes(), unigram)
    pos += unigram.itemsize * (n1 + 1)
    word_bits, next_bits = n1.bit_length(), n3.bit_length()
    pair_bits = word_bits + 2 * QUANT_BITS + next_bits
    pair_mem = raw[pos:]
    pos += ((1 + n2) * pair_bits + 7) // 8 + 8
    triple_bits = word_bits + QUANT_BITS
    triple_mem = raw[pos:]
    pos += ((1 + n3) * triple_bits + 7) // 8 + 8
    size = int(np.frombuffer(raw[pos : pos + 4].tobytes(), "<i4")[0])
    words = [w.decode() for w in raw[pos + 4 : pos + 4 + size].tobytes().split(b"\0")[:n1]]

    pairs = int(ug["next"][-1])
    at = np.arange(pairs + 1, dtype=np.int64) * pair_bits
    pair_earlier = _bits(pair_mem, at, word_bits)[:pairs]
    pair_bo = pair_bo_bins[_bits(pair_mem, at + word_bits, QUANT_BITS)][:pairs]
    pair_lp = pair_prob_bins[_bits(pair_mem, at + word_bits + QUANT_BITS, QUANT_BITS)][:pairs]
    pair_next = _bits(pair_mem, at + word_bits + 2 * QUANT_BITS, next_bits)
    pair_later = np.repeat(np.arange(n1), np.diff(ug["next"].astype(np.int64)))
    triples = int(pair_next[-1])
    at = np.arange(triples, dtype=np.int64) * triple_bits
    triple_first = _bits(triple_mem, at, word_bits)
    triple_lp = triple_bins[_bits(triple_mem, at + word_bits, QUANT_BITS)]
    owner = np.repeat(np.arange(pairs), np.diff(pair_next))
    triple_words = np.stack([triple_first, pair_earlier[owner], pair_later[owner]], axis=1)
    return Trie(
        words=words,
        word_bo=ug["bo"][:n1] * LOG_UNIT,
        pair_later=pair_later,
        pair_earlier=pair_earlier,
        pair_lp=pair_lp,
        pair_bo=pair_bo,
        triple_words=triple_words,
        triple_lp=triple_lp,
    )


def check(trie: Trie, path: Path, samples: int = 3000) -> None:
    """Compare a sample of pairs and triples with pocketsphinx's own reading."""
    from pocketsphinx import NGramModel

    model = NGramModel.readfile(str(path))
    rng = np.random.default_rng(0)
    w = trie.words
    for i in rng.integers(len(trie.pair_lp), size=samples):
        got = model.prob([w[trie.pair_later[i]], w[trie.pair_earlier[i]]]) * LOG_UNIT
        assert abs(got - trie.pair_lp[i]) < 1e-3, (i, got, trie.pair_lp[i])
    for i in rng.integers(len(trie.triple_lp), size=samples):
        a, b, c = (w[x] for x in trie.triple_words[i])
        got = model.prob([c, b, a]) * LOG_UNIT
        assert abs(got - trie.triple_lp[i]) < 1e-3, (i, got, trie.triple_lp[i])


def quantise(lp: np.ndarray) -> np.ndarray:
    return np.clip(np.round(-lp / STEP), 0, 255).astype(np.uint8)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--out", type=Path, default=DATA, help="folder to write the files to")
    args = parser.parse_args()
    try:
        import pocketsphinx
    except ImportError:
        sys.exit("pocketsphinx is not installed: pip install pocketsphinx==5.1.1")
    path = Path(pocketsphinx.get_model_path()) / "en-us" / "en-us.lm.bin"
    trie = read_trie(path)
    check(trie, path)
    print(f"read {len(trie.pair_lp):,} pairs and {len(trie.triple_lp):,} triples; checked")

    ours = [
        line.split()[0]
        for line in (DATA / "english_words.txt").read_text(encoding="utf-8").splitlines()
        if line and not line.startswith("#")
    ]
    index = {w: i for i, w in enumerate(ours)}
    to_ours = np.asarray([index.get(w, -1) for w in trie.words], dtype=np.int64)
    backoff = np.zeros(len(ours))
    known = to_ours >= 0
    backoff[to_ours[known]] = trie.word_bo[known]

    first, second = to_ours[trie.pair_earlier], to_ours[trie.pair_later]
    keep = np.flatnonzero((first >= 0) & (second >= 0))
    keep = keep[np.lexsort((second[keep], first[keep]))]
    pairs_out = args.out / "english_word_pairs.npz"
    np.savez_compressed(
        pairs_out,
        first=first[keep].astype(np.uint16),
        second=second[keep].astype(np.uint16),
        log_prob=quantise(trie.pair_lp[keep]),
        pair_backoff=trie.pair_bo[keep].astype(np.float16),
        backoff=backoff.astype(np.float32),
    )
    print(f"wrote {pairs_out} ({pairs_out.stat().st_size:,} bytes, {len(keep):,} pairs)")

    triple = to_ours[trie.triple_words]
    keep = np.flatnonzero((triple >= 0).all(axis=1))
    keep = keep[np.lexsort((triple[keep, 2], triple[keep, 1], triple[keep, 0]))]
    triples_out = args.out / "english_word_triples.npz"
    np.savez_compressed(
        triples_out,
        first=triple[keep, 0].astype(np.uint16),
        second=triple[keep, 1].astype(np.uint16),
        third=triple[keep, 2].astype(np.uint16),
        log_prob=quantise(trie.triple_lp[keep]),
    )
    print(f"wrote {triples_out} ({triples_out.stat().st_size:,} bytes, {len(keep):,} triples)")


if __name__ == "__main__":
    main()
