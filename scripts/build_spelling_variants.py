"""Build cipherkit/data/spelling_variants.txt: British/American spellings and common
variants of English words, for the intercept clue checks (a keyword spelled another
way is still the keyword: harbour for HARBOR, theatre for THEATER).

Run it in the project's environment (it reads only shipped files)::

    .venv/bin/python scripts/build_spelling_variants.py

Two sources, both cipherkit's own (see cipherkit/data/NOTICE):

* ``IRREGULAR``: a hand-written table of variants no rule makes (pyjamas/pajamas,
  whisky/whiskey, yoghurt/yogurt, ax/axe, grey/gray, ...).
* Systematic rules applied where they are safe: ``-our``/``-or`` (colour, harbour,
  favourite), ``-tre``/``-ter``, ``-bre``/``-ber``, ``-gre``/``-ger``, ``-chre``/``-cher``
  (centre, sabre, meagre, ochre), and ``-ise``/``-ize``, ``-yse``/``-yze`` (organise,
  analyse). A pair is kept only when the British spelling is a common word (in
  ``english_words.txt`` or ``intercept_keywords.txt``) and the other is attested in a
  shipped word list (those, or ``answer_words.txt``), and never for the words of
  ``NOT_VARIANTS`` (timbre is not timber, flour is not flor).

Each output line is one group of spellings of the same word, British first; the file is
sorted and rebuilding reproduces it byte for byte.
"""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DATA = ROOT / "cipherkit" / "data"
OUT = DATA / "spelling_variants.txt"

IRREGULAR = """
aeroplane airplane
aluminium aluminum
anaemia anemia
archaeology archeology
artefact artifact
ax axe
behove behoove
catalogue catalog
cheque check
chilli chili
cosy cozy
councillor councilor
defence defense
dialogue dialog
disc disk
doughnut donut
draught draft
encyclopaedia encyclopedia
foetus fetus
gaol jail
gipsy gypsy
gramme gram
grey gray
haemoglobin hemoglobin
hiccough hiccup
jeweller jeweler
jewellery jewelry
judgement judgment
kerb curb
ketchup catsup
kilogramme kilogram
licence license
liquorice licorice
manoeuvre maneuver
marvellous marvelous
mediaeval medieval
mollusc mollusk
mould mold
moult molt
moustache mustache
offence offense
oesophagus esophagus
omelette omelet
paediatrician pediatrician
plough plow
practise practice
pretence pretense
programme program
pyjama pajama
pyjamas pajamas
racquet racket
sceptic skeptic
smoulder smolder
sulphur sulfur
traveller traveler
tsar czar
tyre tire
whisky whiskey
woollen woolen
yoghurt yogurt yoghourt
"""
"""Variants no rule makes, written for cipherkit (British or older spelling first)."""

NOT_VARIANTS = frozenset(
    str.split(
        """
    acre barre cadre euchre genre havre livre lucre macabre massacre mediocre nacre ogre
    outre padre timbre tigre wiseacre ombre ventre
    amour contour detour devour dour flour four hour paramour pour scour sour tour
    troubadour velour your tambour
    mise prise wise rise arise advise apprise comprise compromise despise devise
    disguise excise exercise expertise franchise improvise merchandise noise poise
    praise premise promise raise revise supervise surmise surprise televise treatise
    chemise valise anise mortise porpoise tortoise paradise enterprise concise precise
    reprise demise incise
    """
    )
)
"""Words the rules would pair with a different word (both spellings are real words); a
word ending in one of them is left alone too (unscoured is not unscored)."""

_OUR_SUFFIXES = ("", "s", "ed", "ing", "ite", "ites", "ful", "able", "er", "ers", "less")
_RE = re.compile(r"^(.{2,}(?:t|b|g|ch))re$")
_ISE = re.compile(r"^(.{3,})([iy])se$")


def _read(name: str, *, counts: bool = False) -> set[str]:
    words = set()
    for line in (DATA / name).read_text(encoding="utf-8").splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        words.add(line.split()[0] if counts else line.strip())
    return words


def attested() -> set[str]:
    """Every word of the shipped English lists (the spellings a pair may use)."""
    return (
        _read("english_words.txt", counts=True)
        | _read("answer_words.txt")
        | _read("intercept_keywords.txt")
    )


def common() -> set[str]:
    """The common words (the 60,000 most frequent, and the keywords): a rule's British
    spelling must be one of them, so archaic words of web2 make no pair."""
    return _read("english_words.txt", counts=True) | _read("intercept_keywords.txt")


def systematic(words: set[str], usual: set[str]) -> set[tuple[str, str]]:
    """(British, American) pairs of the safe rules: the British spelling in ``usual``,
    the American in ``words``."""
    pairs: set[tuple[str, str]] = set()
    for word in sorted(usual):
        if not word.isalpha() or any(word.endswith(w) for w in NOT_VARIANTS):
            continue
        for suffix in _OUR_SUFFIXES:
            stem = word[: len(word) - len(suffix)] if suffix else word
            if word.endswith(suffix) and stem.endswith("our") and len(stem) >= 5:
                if any(stem.endswith(w) for w in NOT_VARIANTS):
                    continue
                other = stem[:-3] + "or" + suffix
                if other in words and other not in NOT_VARIANTS:
                    pairs.add((word, other))
        match = _RE.match(word)
        if match and match.group(1) + "er" in words:
            pairs.add((word, match.group(1) + "er"))
        match = _ISE.match(word)
        if match and len(word) >= 6:
            other = f"{match.group(1)}{match.group(2)}ze"
            if other in words and other not in NOT_VARIANTS:
                pairs.add((word, other))
    return pairs


def groups() -> list[tuple[str, ...]]:
    """Every group of spellings (hand-written ones first, then the rules'), sorted."""
    words = attested()
    out: dict[str, tuple[str, ...]] = {}
    for line in IRREGULAR.strip().splitlines():
        group = tuple(line.split())
        out[group[0]] = group
    taken = {w for g in out.values() for w in g}
    for pair in sorted(systematic(words, common())):
        if not taken & set(pair):
            out[pair[0]] = pair
            taken |= set(pair)
    return sorted(out.values())


def main() -> int:
    """Write the table; print how many groups it holds."""
    found = groups()
    header = [
        "# spelling_variants.txt: spellings of the same English word, one group a line,",
        "# British (or older) spelling first. Built by scripts/build_spelling_variants.py",
        "# from cipherkit's own hand-written table and rules (-our/-or, -re/-er, -ise/-ize)",
        "# checked against the shipped word lists. Licence: MIT, as cipherkit.",
    ]
    OUT.write_text("\n".join([*header, *(" ".join(g) for g in found)]) + "\n", encoding="utf-8")
    print(f"{len(found)} groups -> {OUT.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
