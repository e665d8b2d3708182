"""Words: the shipped keyword list, and the small normalisation the clue checks use.

Design notes: ``docs/intercept.md``, ``cipherkit.games.intercept.words``.

>>> from cipherkit.games.intercept.words import keywords, lemma, tokens, translations
>>> len(keywords()) >= 500, len(keywords("ru")) >= 200, keywords("ru")[:2]
(True, True, ('абрикос', 'автобус'))
>>> sorted(translations("frog")), sorted(translations("лягушка"))
(['лягушка'], ['frog'])
>>> tokens("Dragonflies' wings, 2 of them!")
['dragonflies', 'wings', 'of', 'them']
>>> tokens("Piñata, ТЬМА и café")
['piñata', 'тьма', 'и', 'café']
>>> [lemma(w) for w in ("dragonflies", "wolves", "boxes", "glasses", "cats", "bus")]
['dragonfly', 'wolf', 'box', 'glass', 'cat', 'bus']
"""

from __future__ import annotations

import re
import unicodedata
from functools import cache, lru_cache
from importlib import resources

from cipherkit.i18n.letters import fold_like

KEYWORDS_FILE = "intercept_keywords.txt"
RUSSIAN_KEYWORDS_FILE = "intercept_keywords_ru.txt"
TRANSLATIONS_FILE = "intercept_translations.txt"
KEYWORD_FILES = {"en": KEYWORDS_FILE, "ru": RUSSIAN_KEYWORDS_FILE}
"""Each table language's keyword list (``scripts/build_intercept_russian.py`` builds
the Russian one)."""
HINTS_FILE = "intercept_hints.txt"
VARIANTS_FILE = "spelling_variants.txt"

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

_APOSTROPHES = "'\u2019\u02bc"
_ASCII_WORD = re.compile(r"[a-z]+(?:'[a-z]+)?")
_CYRILLIC = re.compile("[\u0400-\u04ff]")


def fold(text: str) -> str:
    """``text`` composed (NFC, and compatibility forms such as full-width letters or
    ``Ⅲ`` read as the plain ones: NFKC) and case-folded: the form every comparison of
    words uses.

    >>> fold("Cafe\u0301") == fold("CAFÉ") == "café", fold("ＣＡＴ Ⅲ")
    (True, 'cat iii')
    """
    text = str(text)
    if text.isascii():
        return text.lower()
    return unicodedata.normalize("NFKC", unicodedata.normalize("NFKC", text).casefold())


_LOOK_ALIKES = dict(zip("авеёкмнорстухіјѕ", "abeëkmhopctyxijs", strict=True))
"""Cyrillic letters that look like Latin ones (lower case, as :func:`fold` leaves them)."""


def _latin(ch: str) -> bool:
    return "a" <= unicodedata.normalize("NFD", ch)[0] <= "z"


def unmix(word: str) -> str:
    """A word mixing Latin and Cyrillic letters, written in its main script: the other
    script's look-alike letters replaced (``сat`` with a Cyrillic ``с`` is ``cat``).

    >>> unmix("\u0441at"), unmix("кот"), unmix("\u043a\u043et")
    ('cat', 'кот', 'кот')
    """
    latin = sum(1 for ch in word if _latin(ch))
    cyrillic = sum(1 for ch in word if "\u0400" <= ch <= "\u04ff")
    if not latin or not cyrillic:
        return word
    if latin >= cyrillic:
        return "".join(_LOOK_ALIKES.get(ch, ch) for ch in word)
    back = {v: k for k, v in _LOOK_ALIKES.items()}
    return "".join(back.get(ch, ch) for ch in word)


def is_word_char(ch: str) -> bool:
    """A letter of any alphabet, or a mark that belongs to the letter before it."""
    return unicodedata.category(ch)[0] in "LM"


def tokens(text: str) -> list[str]:
    """The words of ``text``, folded (:func:`fold`): runs of letters of any alphabet, an
    apostrophe kept inside a word (a possessive ``'s`` loses it); digits, ``_`` and
    punctuation separate words; a word mixing Latin and Cyrillic look-alikes is read in
    its main script (:func:`unmix`)."""
    folded = fold(text)
    if folded.isascii():
        found = _ASCII_WORD.findall(folded)
        return [t.replace("'", "") if t.endswith("'s") else t for t in found]
    words: list[str] = []
    current = ""
    for i, ch in enumerate(folded):
        if is_word_char(ch):
            current += ch
        elif (
            ch in _APOSTROPHES
            and current
            and "'" not in current
            and i + 1 < len(folded)
            and is_word_char(folded[i + 1])
        ):
            current += "'"
        else:
            if current:
                words.append(current)
            current = ""
    if current:
        words.append(current)
    return [unmix(w.replace("'", "") if w.endswith("'s") else w) for w in words]


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


@lru_cache(maxsize=65536)
def lemma(word: str) -> str:
    """A light English singular: enough to match plurals and possessives of nouns.

    It is deliberately simple (no dictionary): ``-ies`` -> ``-y``, ``-ves`` -> ``-f``,
    ``-(s|x|z|ch|sh)es`` -> drop ``es``, ``-s`` -> drop, possessive ``'s`` dropped, and
    a few irregular plurals.

    >>> [lemma(w) for w in ("mice", "churches", "dog's", "gas", "species", "dress")]
    ['mouse', 'church', 'dog', 'gas', 'specy', 'dress']
    >>> [lemma(w) for w in ("sombreros", "tomatoes", "horseshoes", "toes")]
    ['sombrero', 'tomato', 'horseshoe', 'toe']

    A Cyrillic word gets :func:`russian_stem` instead.
    """
    w = fold(word).strip()
    if is_cyrillic(w):
        return russian_stem(w)
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


_RUSSIAN_ENDINGS = tuple(
    sorted(
        str.split(
            """
    иями ями ами ого его ому ему ыми ими ией иях ах ях ам ям ов ев ей ой ий ый ая яя
    ое ее ую юю ом ем ию ья ье ьи ью а я о е ё ы и у ю ь й
    """
        ),
        key=len,
        reverse=True,
    )
)


def is_cyrillic(word: str) -> bool:
    """Whether ``word`` has Cyrillic letters."""
    return not word.isascii() and _CYRILLIC.search(word) is not None


@lru_cache(maxsize=1 << 16)
def russian_stem(word: str, keep: int = 3) -> str:
    """A light Russian stem: the longest usual noun or adjective ending taken off, ``ё``
    read as ``е``, keeping ``keep`` letters at least (so cases and numbers of a noun
    meet).

    >>> [russian_stem(w) for w in ("кошка", "кошки", "кошкой", "тьма", "тьмы", "кот")]
    ['кошк', 'кошк', 'кошк', 'тьм', 'тьм', 'кот']
    >>> russian_stem("ежи"), russian_stem("ежи", keep=2)
    ('ежи', 'еж')
    """
    w = fold(word).replace("ё", "е")
    for ending in _RUSSIAN_ENDINGS:
        if w.endswith(ending) and len(w) - len(ending) >= keep:
            return w[: -len(ending)]
    return w


_VOWELS = "аеёиоуыэюя"
_FLEETING = re.compile(rf"^(.*[^{_VOWELS}])[оеё]([^{_VOWELS}йь])$")
_PLURAL_ONLY = ("ы", "и")


@lru_cache(maxsize=4096)
def russian_stems(word: str) -> frozenset[str]:
    """The stems the forms of a Russian noun may have: its stem and, when its last vowel
    drops in the other cases (ЗАМОК: *замки*, ОРЁЛ: *орла*, КАМЕНЬ: *камни*, ПЁС:
    *пса*), the stem without it.

    >>> [sorted(russian_stems(w)) for w in ("замок", "камень", "кошка")]
    [['замк', 'замок'], ['камен', 'камн'], ['кошк']]
    """
    w = fold(word).replace("ё", "е")
    stem = russian_stem(w)
    found = {stem}
    dropped = _FLEETING.match(stem)
    if dropped and (stem == w or w == stem + "ь"):  # no ending: the nominative's own vowel
        found.add(dropped.group(1) + dropped.group(2))
    return frozenset(found)


@lru_cache(maxsize=1 << 16)
def same_russian(word: str, keyword: str) -> bool:
    """Whether the Russian ``word`` is ``keyword`` in another case or number (*кошкой*
    for КОШКА, *замки* for ЗАМОК, *ежи* for ЁЖ); the bare stem of a noun that has no
    singular is another word (*час* is not ЧАСЫ, *дух* is not ДУХИ).

    >>> [same_russian(w, k) for w, k in (("Замки", "замок"), ("ежом", "ёж"), ("час", "часы"))]
    [True, True, False]
    """
    w, k = fold(word).replace("ё", "е"), fold(keyword).replace("ё", "е")
    if w == k:
        return True
    if k.endswith(_PLURAL_ONLY) and w == russian_stem(k) != k:
        return False
    return bool({russian_stem(w), russian_stem(w, keep=2)} & russian_stems(k))


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


@lru_cache(maxsize=4096)
def forms(word: str) -> frozenset[str]:
    """The word, its lemma, and the usual inflections of the lemma (plural, verb forms).

    >>> sorted(forms("box"))
    ['box', 'boxed', 'boxer', 'boxes', 'boxing', 'boxs']
    """
    base = lemma(word)
    out = {fold(word), base}
    if is_cyrillic(base):
        return frozenset(out)
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
    return frozenset(out)


def _read_list(name: str) -> tuple[str, ...]:
    text = resources.files("cipherkit.data").joinpath(name).read_text(encoding="utf-8")
    return tuple(
        line.strip() for line in text.splitlines() if line.strip() and not line.startswith("#")
    )


@cache
def keywords(language: str = "en") -> tuple[str, ...]:
    """The shipped keyword list of a table language (``"en"`` or ``"ru"``): familiar
    concrete nouns, lower case, sorted."""
    return _read_list(KEYWORD_FILES[language])


def _key(word: str) -> str:
    """A word as the translation table looks it up: folded, ``ё`` read as ``е``."""
    return " ".join(tokens(word)).replace("ё", "е")


@cache
def _translation_table() -> dict[str, frozenset[str]]:
    """Each word of the bilingual table -> its translations, both ways."""
    table: dict[str, set[str]] = {}
    for line in _read_list(TRANSLATIONS_FILE):
        english, _colon, russian = line.partition(":")
        others = [w.strip() for w in russian.split(",") if w.strip()]
        table.setdefault(_key(english), set()).update(others)
        for word in others:
            table.setdefault(_key(word), set()).add(english.strip())
    return {word: frozenset(found) for word, found in table.items()}


def translation_table() -> int:
    """Load the bilingual keyword table (for the warm-up); returns how many words it has."""
    return len(_translation_table())


def translations(word: str) -> frozenset[str]:
    """The translations of ``word`` in cipherkit's bilingual keyword table (English into
    Russian, Russian into English; empty for a word it does not list). The table holds
    every keyword of both lists, so a clue check knows a keyword's translations.

    >>> sorted(translations("Cat")), sorted(translations("ЁЖ")), translations("qwerty")
    (['кот', 'кошка'], ['hedgehog'], frozenset())
    >>> sorted(translations("frogs"))  # an English plural: its singular's
    ['лягушка']
    """
    table = _translation_table()
    key = _key(word)
    found = table.get(key)
    if found is None and key.isascii():
        found = table.get(lemma(key))
    return found or frozenset()


@cache
def _variant_groups() -> dict[str, frozenset[str]]:
    groups: dict[str, frozenset[str]] = {}
    try:
        lines = _read_list(VARIANTS_FILE)
    except FileNotFoundError:  # pragma: no cover - the file ships with the package
        return groups
    for line in lines:
        group = frozenset(line.split())
        for word in group:
            groups[word] = group
    return groups


def variants(word: str) -> frozenset[str]:
    """Other spellings of ``word`` (British/American and common variants), from the
    shipped table; its singular's variants too (``pyjamas``: ``pajamas``).

    >>> sorted(variants("Harbour")), sorted(variants("yogurt")), variants("cat")
    (['harbor'], ['yoghourt', 'yoghurt'], frozenset())
    """
    w = fold(word)
    groups = _variant_groups()
    found = groups.get(w, frozenset()) | groups.get(lemma(w), frozenset())
    return frozenset(found - {w, lemma(w)})


def same_word(guess: str, keyword: str) -> bool:
    """Whether ``guess`` names ``keyword``: the same word in any case and Unicode form,
    singular or plural, or another spelling of it (the tiebreak's keyword guesses).

    >>> same_word("Wolves", "wolf"), same_word("CAFE\u0301", "café"), same_word("harbour", "harbor")
    (True, True, True)
    >>> same_word("Кошки", "кошка"), same_word("замки", "Замок"), same_word("cat", "dog")
    (True, True, False)

    Latin and Cyrillic look-alike letters of ``guess`` count as letters of the keyword's
    alphabet (:func:`~cipherkit.i18n.letters.fold_like`): ``СОСОА`` typed in Cyrillic
    names ``cocoa``.

    >>> same_word("\u0421\u041e\u0421\u041e\u0410", "cocoa"), same_word("Tokyo", "Токио")
    (True, False)
    """
    a, b = " ".join(tokens(fold_like(guess, keyword))), " ".join(tokens(keyword))
    if not a or not b:
        return False
    if lemma(a) == lemma(b) or (is_cyrillic(b) and same_russian(a, b)):
        return True
    return bool(({a, lemma(a)} & variants(b)) or ({b, lemma(b)} & variants(a)))


@cache
def hint_words() -> tuple[str, ...]:
    """The bots' hint vocabulary: common words, most frequent first (empty if absent)."""
    try:
        return _read_list(HINTS_FILE)
    except FileNotFoundError:
        return ()
