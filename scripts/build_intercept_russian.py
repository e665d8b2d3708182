"""Build the Russian Intercept's data: its keyword list and the bilingual keyword table.

Run it in the project's environment (it reads only cipherkit's own seed lists)::

    .venv/bin/python scripts/build_intercept_russian.py          # write the files
    .venv/bin/python scripts/build_intercept_russian.py --check  # fail if stale or wrong

Writes, from ``scripts/intercept/russian.py`` (hand-written for cipherkit, MIT; see
cipherkit/data/NOTICE):

* ``cipherkit/data/intercept_keywords_ru.txt``: the Russian keywords, sorted, one a
  line (familiar concrete nouns, lower case, nominative singular, one word each);
* ``cipherkit/data/intercept_translations.txt``: ``english: русский, русский`` per
  English word, sorted: every English keyword's Russian translations, and the English of
  every Russian keyword (the clue checks refuse a keyword's translation as a clue, both
  ways).

Before writing it checks what a machine can: at least 200 Russian keywords, each of
Cyrillic letters only, none looking like a form of another (so a clue for one is never
refused for another), none a number word or a filler of the clue checks; each Russian keyword
and each English keyword has a translation; the table's words are plain lower-case
letters. Rebuilding reproduces both files byte for byte.
"""

from __future__ import annotations

import argparse
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "scripts")]

from intercept.russian import RUSSIAN_KEYWORDS, TRANSLATIONS  # noqa: E402

from cipherkit.games.intercept.clues import NUMBER_FILLERS, NUMBER_WORDS  # noqa: E402
from cipherkit.games.intercept.words import STOPWORDS, russian_stem, russian_stems  # noqa: E402

DATA = ROOT / "cipherkit" / "data"
KEYWORDS_OUT = DATA / "intercept_keywords_ru.txt"
TABLE_OUT = DATA / "intercept_translations.txt"
ENGLISH_KEYWORDS = DATA / "intercept_keywords.txt"
MINIMUM = 200

_RUSSIAN_WORD = re.compile(r"^[а-яё]+$")
_RUSSIAN_PHRASE = re.compile(r"^[а-яё]+(?: [а-яё]+)*$")
_ENGLISH_PHRASE = re.compile(r"^[a-z]+(?: [a-z]+)*$")


def russian_keywords() -> list[str]:
    """The seed list's words, in the order written (theme lines left out)."""
    words: list[str] = []
    for line in RUSSIAN_KEYWORDS.splitlines():
        line = line.strip()
        if line and not line.endswith(":"):
            words += line.split()
    return words


def translations() -> dict[str, list[str]]:
    """English word -> its Russian translations, in the order written."""
    table: dict[str, list[str]] = {}
    for line in TRANSLATIONS.splitlines():
        if not line.strip():
            continue
        english, _colon, russian = line.partition(":")
        if english.strip() in table:
            raise SystemExit(f"translations: {english.strip()!r} has two lines")
        table[english.strip()] = [w.strip() for w in russian.split(",") if w.strip()]
    return table


def problems(words: list[str], table: dict[str, list[str]], english: list[str]) -> list[str]:
    """What is wrong with the seed lists (empty: nothing)."""
    found: list[str] = []
    if len(words) < MINIMUM:
        found.append(f"only {len(words)} Russian keywords (at least {MINIMUM})")
    stems = {stem: word for word in words for stem in russian_stems(word)}
    for word in words:
        if not _RUSSIAN_WORD.match(word):
            found.append(f"{word!r} is not one lower-case Russian word")
        other = stems.get(russian_stem(word), word)
        if other != word:
            found.append(f"{word!r} looks like a form of {other!r} (stem {russian_stem(word)!r})")
        if word in NUMBER_WORDS or word in NUMBER_FILLERS or word in STOPWORDS:
            found.append(f"{word!r} is a number word or a filler of the clue checks")
    translated = {r for russian in table.values() for r in russian}
    found += [f"{w!r} has no English translation" for w in words if w not in translated]
    found += [
        f"the English keyword {w!r} has no Russian translation" for w in english if not table.get(w)
    ]
    for head, russian in table.items():
        if not _ENGLISH_PHRASE.match(head):
            found.append(f"{head!r} is not lower-case English words")
        found += [
            f"{head}: {r!r} is not lower-case Russian words"
            for r in russian
            if not _RUSSIAN_PHRASE.match(r)
        ]
    return found


def _read(path: Path) -> list[str]:
    return [
        line.strip()
        for line in path.read_text(encoding="utf-8").splitlines()
        if line.strip() and not line.startswith("#")
    ]


def outputs() -> dict[Path, str]:
    """The files' contents, built from the seed lists (SystemExit if they are wrong)."""
    words = russian_keywords()
    table = translations()
    found = problems(words, table, _read(ENGLISH_KEYWORDS))
    if found:
        raise SystemExit("\n".join(found))
    keywords = "".join(f"{w}\n" for w in sorted(set(words)))
    lines = "".join(f"{head}: {', '.join(table[head])}\n" for head in sorted(table))
    return {
        KEYWORDS_OUT: "# intercept Russian keywords: built by "
        "scripts/build_intercept_russian.py; see NOTICE\n" + keywords,
        TABLE_OUT: "# intercept keyword translations, english: русский: built by "
        "scripts/build_intercept_russian.py; see NOTICE\n" + lines,
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true", help="fail if the files are stale")
    args = parser.parse_args(argv)
    stale = []
    for path, text in outputs().items():
        current = path.read_text(encoding="utf-8") if path.exists() else None
        if current == text:
            continue
        if args.check:
            stale.append(path.name)
        else:
            path.write_text(text, encoding="utf-8")
            print(f"wrote {path.relative_to(ROOT)}")
    if stale:
        print(f"out of date: {', '.join(stale)} (run scripts/build_intercept_russian.py)")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
