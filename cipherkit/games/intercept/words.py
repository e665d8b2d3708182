"""Words: the shipped keyword list, and the small normalisation the clue checks use.

The keyword list (``cipherkit/data/intercept_keywords.txt``) is built by
``scripts/build_intercept_data.py`` from cipherkit's own hand-written seed lists; see
``cipherkit/data/NOTICE``.

>>> from cipherkit.games.intercept.words import keywords, lemma, tokens
>>> len(keywords()) >= 500
True
>>> tokens("Dragonflies' wings, 2 of them!")
['dragonflies', 'wings', 'of', 'them']
>>> [lemma(w) for w in ("dragonflies", "wolves", "boxes", "glasses", "cats", "bus")]
['dragonfly', 'wolf', 'box', 'glass', 'cat', 'bus']
"""

from __future__ import annotations

import re
from functools import cache
from importlib import resources

KEYWORDS_FILE = "intercept_keywords.txt"
HINTS_FILE = "intercept_hints.txt"

STOPWORDS: frozenset[str] = frozenset(
    str.split(
        """
    a an the of in on at to for from by with without into onto over under and or but
    nor not no is are was were be been being am it its it's this that these those there
    their they them he she his her him we our you your i me my mine as so than then
    too very just like some any all each every one's what which who whom whose where
    when why how do does did doing has have had having can could would should will
    shall may might must up down out off about after before again also only own same
    such both few more most other s t
    """
    )
)
"""Words that carry little meaning in a clue (left out of phrase vectors and repeats)."""

_WORD = re.compile(r"[a-z]+(?:'[a-z]+)?")


def tokens(text: str) -> list[str]:
    """Lower-case words of ``text``: letters only, apostrophes kept inside a word."""
    return [t.replace("'", "") if t.endswith("'s") else t for t in _WORD.findall(text.lower())]


_IRREGULAR = {
    "mice": "mouse",
    "geese": "goose",
    "teeth": "tooth",
    "feet": "foot",
    "men": "man",
    "women": "woman",
    "children": "child",
    "people": "person",
    "oxen": "ox",
    "knives": "knife",
    "wives": "wife",
    "lives": "life",
    "leaves": "leaf",
    "loaves": "loaf",
    "halves": "half",
    "shelves": "shelf",
    "wolves": "wolf",
    "calves": "calf",
    "thieves": "thief",
    "scarves": "scarf",
    "dice": "die",
    "cacti": "cactus",
    "fungi": "fungus",
}
_KEEP_S = ("ss", "us", "is", "as", "ys")
_OE_WORDS = ("shoe", "toe", "canoe", "hoe", "oboe", "floe", "foe", "doe")


def lemma(word: str) -> str:
    """A light English singular: enough to match plurals and possessives of nouns.

    It is deliberately simple (no dictionary): ``-ies`` -> ``-y``, ``-ves`` -> ``-f``,
    ``-(s|x|z|ch|sh)es`` -> drop ``es``, ``-s`` -> drop, possessive ``'s`` dropped, and
    a few irregular plurals.

    >>> [lemma(w) for w in ("mice", "churches", "dog's", "gas", "species", "dress")]
    ['mouse', 'church', 'dog', 'gas', 'specy', 'dress']
    >>> [lemma(w) for w in ("sombreros", "tomatoes", "horseshoes", "toes")]
    ['sombrero', 'tomato', 'horseshoe', 'toe']
    """
    w = word.lower().strip()
    if w.endswith("'s"):
        w = w[:-2]
    w = w.replace("'", "")
    if w in _IRREGULAR:
        return _IRREGULAR[w]
    if len(w) <= 3:
        return w
    if w.endswith("ies") and len(w) > 4:
        return w[:-3] + "y"
    if w.endswith("ves") and w[:-3] + "f" in _IRREGULAR.values():
        return w[:-3] + "f"
    if w.endswith(("sses", "xes", "zes", "ches", "shes")):
        return w[:-2]
    if w.endswith("oes"):
        stem = w[:-1]
        return stem if stem in _OE_WORDS or stem.endswith(("shoe", "canoe")) else w[:-2]
    if w.endswith("s") and not w.endswith(_KEEP_S):
        return w[:-1]
    return w


def base_forms(word: str) -> list[str]:
    """Candidate base forms of an inflected word, most likely first (may not be words).

    Used to look up a word the vector table lacks: ``plucking`` -> ``pluck``,
    ``knitted`` -> ``knit``, ``baked`` -> ``bake``.

    >>> base_forms("plucking")[:2], base_forms("knitted")[:3], base_forms("soaks")
    (['pluck', 'plucke'], ['knitt', 'knitte', 'knit'], ['soak'])
    """
    w = word.lower()
    out: list[str] = []
    singular = lemma(w)
    if singular != w:
        out.append(singular)
    for suffix in ("ing", "ed"):
        if w.endswith(suffix) and len(w) > len(suffix) + 2:
            stem = w[: -len(suffix)]
            out += [stem, stem + "e"]
            if len(stem) > 2 and stem[-1] == stem[-2]:
                out.append(stem[:-1])
            if suffix == "ed" and stem.endswith("i"):
                out.append(stem[:-1] + "y")
    return [f for f in dict.fromkeys(out) if f != w]


def forms(word: str) -> set[str]:
    """The word, its lemma, and the usual inflections of the lemma (plural, verb forms).

    >>> sorted(forms("box"))
    ['box', 'boxed', 'boxer', 'boxes', 'boxing', 'boxs']
    """
    base = lemma(word)
    out = {word.lower(), base}
    if base.endswith("y") and len(base) > 2 and base[-2] not in "aeiou":
        out |= {base[:-1] + "ies", base[:-1] + "ied"}
    if base.endswith("e"):
        out |= {base + "s", base + "d", base + "r", base[:-1] + "ing"}
    else:
        out |= {base + "s", base + "es", base + "ed", base + "er", base + "ing"}
    if base.endswith("f"):
        out.add(base[:-1] + "ves")
    if base.endswith("fe"):
        out.add(base[:-2] + "ves")
    return out


def _read_list(name: str) -> tuple[str, ...]:
    text = resources.files("cipherkit.data").joinpath(name).read_text(encoding="utf-8")
    return tuple(
        line.strip() for line in text.splitlines() if line.strip() and not line.startswith("#")
    )


@cache
def keywords() -> tuple[str, ...]:
    """The shipped keyword list: familiar concrete nouns, lower case, sorted."""
    return _read_list(KEYWORDS_FILE)


@cache
def hint_words() -> tuple[str, ...]:
    """The bots' hint vocabulary: common words, most frequent first (empty if absent)."""
    try:
        return _read_list(HINTS_FILE)
    except FileNotFoundError:
        return ()
