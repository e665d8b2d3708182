"""Build ``cipherkit/data/english_word_pairs.npz``: English word bigrams for the solvers.

Source: the US English trigram language model ``en-us.lm.bin`` shipped inside the PyPI
package ``pocketsphinx`` 5.1.1 (CMU Sphinx; BSD-2-Clause, see ``cipherkit/data/NOTICE``).
It is a back-off model: log10 P(second | first) is listed for about 2 million word pairs,
and any other pair is ``backoff(first) + log10 P(second)``.

What is kept: every listed pair whose two words are both in ``english_words.txt`` (built
by ``scripts/build_english_stats.py``; run that first), and every word's back-off
weight. The pair *list* is read from an ARPA text dump of the model that pocketsphinx
writes in a child process (its writer is unreliable past the pair section: it may crash
or print garbled numbers, so only the listed words are taken from it); every *value* is
asked of the model itself through ``pocketsphinx.NGramModel.prob``, and each word's
back-off weight is measured the same way, from a pair the model does not list.

``english_word_pairs.npz`` holds ``first`` and ``second`` (uint16 line numbers of the
words in ``english_words.txt``, sorted by first then second), ``log_prob`` (uint8: minus
log10 P(second | first) in steps of :data:`STEP`) and ``backoff`` (float32 log10 back-off
weight of each word as a first word, one per line of ``english_words.txt``).

Run in a throw-away environment (not a runtime dependency)::

    python -m venv /tmp/pairsenv && /tmp/pairsenv/bin/pip install pocketsphinx==5.1.1 numpy
    /tmp/pairsenv/bin/python scripts/build_word_pairs.py
"""

from __future__ import annotations

import argparse
import math
import subprocess
import sys
import tempfile
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
DATA = ROOT / "cipherkit" / "data"
STEP = 1 / 32
"""Quantum of the stored log10 probabilities (the largest error is half of it)."""
LOG_UNIT = math.log10(1.0001)
"""pocketsphinx reports probabilities as integer logarithms in base 1.0001."""

DUMP = """
import sys
from pocketsphinx import NGramModel
model = NGramModel.readfile(sys.argv[1])
model.write(sys.argv[2], NGramModel.str_to_type("arpa"))
"""


def model_path() -> Path:
    try:
        import pocketsphinx
    except ImportError:
        sys.exit("pocketsphinx is not installed: pip install pocketsphinx==5.1.1")
    return Path(pocketsphinx.get_model_path()) / "en-us" / "en-us.lm.bin"


def listed_pairs(lm: Path) -> tuple[int, list[tuple[str, str]]]:
    """The number of pairs the model declares, and the pairs its ARPA dump lists."""
    with tempfile.TemporaryDirectory() as tmp:
        arpa = Path(tmp) / "en-us.arpa"
        # the writer may die after the pair section; what it wrote is all we need
        subprocess.run([sys.executable, "-c", DUMP, str(lm), str(arpa)], check=False)
        text = arpa.read_text(encoding="utf-8", errors="replace")
    declared = int(text.split("ngram 2=", 1)[1].split()[0])
    section = text.split("\\2-grams:", 1)[1].split("\\3-grams:", 1)[0]
    pairs = []
    for line in section.splitlines():
        parts = line.split("\t")
        if len(parts) >= 3:
            pairs.append((parts[1], parts[2]))
    return declared, pairs


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--out", type=Path, default=DATA, help="folder to write the file to")
    args = parser.parse_args()
    from pocketsphinx import NGramModel

    lm = model_path()
    words = [
        line.split()[0]
        for line in (DATA / "english_words.txt").read_text(encoding="utf-8").splitlines()
        if line and not line.startswith("#")
    ]
    index = {w: i for i, w in enumerate(words)}
    declared, pairs = listed_pairs(lm)
    print(f"the model lists {declared:,} pairs; its dump gave {len(pairs):,}")
    model = NGramModel.readfile(str(lm))

    def prob(word: str, *history: str) -> float:
        return model.prob([word, *history]) * LOG_UNIT

    after: dict[str, set[str]] = {}
    for a, b in pairs:
        after.setdefault(a, set()).add(b)
    # a word's back-off weight: P(probe | word) / P(probe) for a probe it is never listed with
    probes = [w for w in reversed(words) if prob(w) > -99][:50]
    backoff = np.zeros(len(words), dtype=np.float64)
    for w, i in index.items():
        probe = next(p for p in probes if p not in after.get(w, ()))
        backoff[i] = prob(probe, w) - prob(probe)
    kept = sorted((index[a], index[b], prob(b, a)) for a, b in pairs if a in index and b in index)
    first = np.asarray([k[0] for k in kept], dtype=np.uint16)
    second = np.asarray([k[1] for k in kept], dtype=np.uint16)
    quant = np.clip(np.round(-np.asarray([k[2] for k in kept]) / STEP), 0, 255)
    out = args.out / "english_word_pairs.npz"
    np.savez_compressed(
        out,
        first=first,
        second=second,
        log_prob=quant.astype(np.uint8),
        backoff=backoff.astype(np.float32),
    )
    print(f"wrote {out} ({out.stat().st_size:,} bytes, {len(kept):,} pairs)")


if __name__ == "__main__":
    main()
