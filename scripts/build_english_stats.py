"""Build cipherkit's English statistics: ``english_ngrams.npz`` and ``english_words.txt``
(the word pairs, ``english_word_pairs.npz``, come from ``scripts/build_word_pairs.py``).

Source: the two frequency lists shipped inside the PyPI package ``symspellpy`` 6.10.1
(MIT licence): ``frequency_dictionary_en_82_765.txt`` (82,765 SCOWL words with counts
from the Google Books Ngram data) and ``frequency_bigramdictionary_en_243_342.txt``
(243,342 word pairs with their Google Books Ngram counts). Google Books Ngram data is
CC BY 3.0; SCOWL carries a permissive copyright notice. See ``cipherkit/data/NOTICE``.

What is computed (running English text with spaces and punctuation removed, upper case):

* letter 1-4-gram counts **inside words**: every n-gram of every word, weighted by the
  word's count;
* **across word boundaries**: every n-gram of ``w1 + w2`` that crosses the boundary
  (uses at most the last three letters of ``w1`` and first three of ``w2``), weighted by
  the pair's count, the pair counts scaled so that their total equals the total word
  count (every word is followed by one boundary). N-grams that span two boundaries
  (around a one- or two-letter middle word) are approximated by the same pairs.

The counts become log10 probabilities with add-0.5 smoothing. ``english_ngrams.npz``
holds ``mono`` (26 probabilities, float64), ``bi`` (26^2), ``tri`` (26^3) log10
probabilities as float32 and ``quad`` (26^4 = 456,976) log10 probabilities as float16.
``english_words.txt`` holds the 60,000 most frequent lower-case words of 1-14 letters
(one a line, most frequent first, ``word count``) for the word-pattern attacks.

Run in a throw-away environment (not a runtime dependency)::

    python -m venv /tmp/statsenv && /tmp/statsenv/bin/pip install symspellpy==6.10.1 numpy
    /tmp/statsenv/bin/python scripts/build_english_stats.py
"""

from __future__ import annotations

import argparse
import importlib.util
import sys
from collections import Counter
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
DATA = ROOT / "cipherkit" / "data"
N_WORDS = 60_000
MAX_WORD = 14


def symspell_dir() -> Path:
    spec = importlib.util.find_spec("symspellpy")
    if spec is None or spec.origin is None:
        sys.exit("symspellpy is not installed: pip install symspellpy==6.10.1")
    return Path(spec.origin).parent


def read_counts(path: Path, width: int) -> list[tuple[tuple[str, ...], int]]:
    rows = []
    for line in path.read_text(encoding="utf-8").splitlines():
        parts = line.split()
        if len(parts) != width + 1:
            continue
        words, count = parts[:width], int(parts[width])
        if all(w.isascii() and w.isalpha() for w in words):
            rows.append((tuple(w.lower() for w in words), count))
    return rows


def ngrams(text: str, n: int) -> list[str]:
    return [text[i : i + n] for i in range(len(text) - n + 1)]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--words", type=int, default=N_WORDS, help="how many words to keep")
    parser.add_argument("--out", type=Path, default=DATA, help="folder to write the files to")
    args = parser.parse_args()
    n_words: int = args.words
    words_out = args.out / "english_words.txt"
    ngrams_out = args.out / "english_ngrams.npz"
    src = symspell_dir()
    words = read_counts(src / "frequency_dictionary_en_82_765.txt", 1)
    pairs = read_counts(src / "frequency_bigramdictionary_en_243_342.txt", 2)
    counts = [Counter() for _ in range(5)]
    total_words = 0
    for (word,), count in words:
        total_words += count
        w = word.upper()
        for n in range(1, 5):
            for g in ngrams(w, n):
                counts[n][g] += count
    pair_total = sum(c for _, c in pairs)
    scale = total_words / pair_total
    for (a, b), count in pairs:
        left, right = a.upper()[-3:], b.upper()[:3]
        joined = left + right
        cut = len(left)
        weight = count * scale
        for n in range(2, 5):
            for i in range(max(0, cut - n + 1), min(cut, len(joined) - n + 1)):
                counts[n][joined[i : i + n]] += weight
    tables = {}
    for n, name in ((1, "mono"), (2, "bi"), (3, "tri"), (4, "quad")):
        arr = np.full(26**n, 0.5)
        for gram, c in counts[n].items():
            idx = 0
            for ch in gram:
                idx = idx * 26 + (ord(ch) - 65)
            arr[idx] += c
        probs = arr / arr.sum()
        if n == 1:
            tables[name] = probs
        else:
            dtype = np.float16 if n == 4 else np.float32
            tables[name] = np.log10(probs).astype(dtype)
    np.savez_compressed(ngrams_out, **tables)
    common = [(w, c) for (w,), c in words if 1 <= len(w) <= MAX_WORD and w.islower()]
    common.sort(key=lambda wc: -wc[1])
    seen: set[str] = set()
    lines = []
    for w, c in common:
        if w in seen or (len(w) == 1 and w not in ("a", "i")):
            continue
        seen.add(w)
        lines.append(f"{w} {c}")
        if len(lines) == n_words:
            break
    header = (
        f"# english_words.txt: the {n_words:,} most frequent English words with their counts.\n"
        "# Built by scripts/build_english_stats.py from symspellpy 6.10.1 (MIT):\n"
        "# SCOWL words, Google Books Ngram counts (CC BY 3.0). See cipherkit/data/NOTICE.\n"
    )
    words_out.write_text(header + "\n".join(lines) + "\n", encoding="utf-8")
    print(f"wrote {ngrams_out} ({ngrams_out.stat().st_size} bytes), {words_out}")


if __name__ == "__main__":
    main()
