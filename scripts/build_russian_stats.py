"""Build cipherkit/data/russian_letters.json: Russian letter and bigram counts for the
ciphers' frequency analysis over the Russian alphabet (cipherkit.ciphers.russian).

Run it in the project's environment (it reads only a file of the repo)::

    .venv/bin/python scripts/build_russian_stats.py           # write the data file
    .venv/bin/python scripts/build_russian_stats.py --check   # fail if it is stale

The source is ``scripts/data/russian_corpus.txt``: about 4,800 words of plain Russian
prose (short stories and essays: a harbour, a library, a school day, a train, a market,
a letter, a winter village, a lighthouse, a river...) written for cipherkit, MIT
licence like the project (see cipherkit/data/NOTICE). Lines starting with ``#`` are
comments. Nothing is downloaded.

Counted over the 33 letters АБВГДЕЁЖЗИЙКЛМНОПРСТУФХЦЧШЩЪЫЬЭЮЯ (Ё its own letter, as
the corpus writes it), case folded; every other character is skipped, so bigrams run
across word breaks (a ciphertext without spaces reads the same way). The output is JSON
with one bigram row a line; rebuilding reproduces it byte for byte.
"""

from __future__ import annotations

import argparse
import hashlib
import itertools
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
CORPUS = ROOT / "scripts" / "data" / "russian_corpus.txt"
OUT = ROOT / "cipherkit" / "data" / "russian_letters.json"
LETTERS = "АБВГДЕЁЖЗИЙКЛМНОПРСТУФХЦЧШЩЪЫЬЭЮЯ"


def corpus_text(path: Path = CORPUS) -> str:
    """The corpus without its comment lines."""
    lines = path.read_text(encoding="utf-8").splitlines()
    return "\n".join(line for line in lines if not line.startswith("#"))


def counts(text: str) -> tuple[list[int], list[list[int]]]:
    """Letter counts (33) and bigram counts (33 x 33, first letter by row) of ``text``.

    >>> mono, bi = counts("Ёж, ёж!")
    >>> mono[6], mono[7], bi[6][7], bi[7][6]
    (2, 2, 2, 1)
    """
    index = {ch: i for i, ch in enumerate(LETTERS)}
    codes = [index[ch] for ch in text.upper() if ch in index]
    mono = [0] * len(LETTERS)
    bi = [[0] * len(LETTERS) for _ in LETTERS]
    for code in codes:
        mono[code] += 1
    for a, b in itertools.pairwise(codes):
        bi[a][b] += 1
    return mono, bi


def build(path: Path = CORPUS) -> str:
    """The data file's text (JSON, one bigram row a line)."""
    raw = path.read_bytes()
    mono, bi = counts(corpus_text(path))
    head = {
        "about": "Russian letter and letter-bigram counts for cipherkit's frequency "
        "analysis; built by scripts/build_russian_stats.py",
        "source": "scripts/data/russian_corpus.txt (written for cipherkit; MIT licence)",
        "source_sha256": hashlib.sha256(raw).hexdigest(),
        "alphabet": LETTERS,
        "letters": sum(mono),
    }
    fields = [f" {json.dumps(k)}: {json.dumps(v, ensure_ascii=False)}" for k, v in head.items()]
    fields.append(f' "letter_counts": {json.dumps(mono)}')
    rows = ",\n".join("  " + json.dumps(row) for row in bi)
    fields.append(' "bigram_counts": [\n' + rows + "\n ]")
    return "{\n" + ",\n".join(fields) + "\n}\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="fail if the file is stale")
    args = parser.parse_args(argv)
    text = build()
    if args.check:
        if OUT.read_text(encoding="utf-8") != text:
            print(f"{OUT.relative_to(ROOT)} is stale: run scripts/build_russian_stats.py")
            return 1
        print(f"{OUT.relative_to(ROOT)} is up to date")
        return 0
    OUT.write_text(text, encoding="utf-8")
    data = json.loads(text)
    print(f"wrote {OUT.relative_to(ROOT)}: {data['letters']} letters")
    return 0


if __name__ == "__main__":
    sys.exit(main())
