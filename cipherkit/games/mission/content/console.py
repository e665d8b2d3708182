"""The mission card on its console: glyph cells, their windows, and the answer.

Design notes: ``docs/design-notes.md``, ``cipherkit.games.mission.content.console``.

Examples
--------
>>> from cipherkit.games.mission.content.console import answers_match, normalize_answer
>>> normalize_answer("Foxes in dirty, yarn!")
'foxesindirtyyarn'
>>> answers_match("FOXES IN DIRTY YARN", "foxes-in dirty yarn"), answers_match("FOX", "FOXES")
(True, False)
>>> answer_script(["К", "Л", "Ю", "Ч"]), alphabet(["К", "Л"])[:6], alphabet(["40", "17"])[:3]
('CYRILLIC', 'АБВГДЕ', 'ABC')
"""

from __future__ import annotations

import unicodedata
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from cipherkit.i18n.letters import fold_like


@dataclass(frozen=True, slots=True)
class Glyph:
    """A glyph of the key. ``content`` is what its windows hide (``None``: the glyph is
    not on the card, only on tokens). ``no_token`` marks a card glyph that deliberately
    has no token (so no window under it can open)."""

    id: str
    content: str | None = None
    no_token: bool = False

    def to_data(self) -> object:
        """The glyph as the mission file writes it (its content alone when that says all)."""
        if self.content is not None and not self.no_token:
            return self.content
        data: dict[str, object] = {"content": self.content}
        if self.no_token:
            data["no_token"] = True
        return data


@dataclass(frozen=True, slots=True)
class Cell:
    """One glyph cell of the cipher text.

    ``word`` numbers the words of the whole card from 0 (Answer words continue the
    count); ``marks`` are story marks such as ``red`` with no rule effect.
    """

    glyph: str
    content: str
    word: int
    answer: bool = False
    marks: tuple[str, ...] = ()

    def to_data(self) -> object:
        """The cell as the mission file writes it (the glyph id alone when it has no marks)."""
        return {"glyph": self.glyph, "marks": list(self.marks)} if self.marks else self.glyph


def normalize_answer(text: str) -> str:
    """Case-folded letters and digits only, in Unicode's composed form (NFC), so an
    answer typed with a combining mark (``е`` + U+0308) equals the composed one (``ё``).

    >>> normalize_answer("Ёжик!") == normalize_answer("е\u0308жик")
    True
    """
    folded = unicodedata.normalize("NFC", unicodedata.normalize("NFC", text).casefold())
    return "".join(ch for ch in folded if ch.isalnum())


def answers_match(given: str, truth: str) -> bool:
    """Whether ``given`` is the answer ``truth``, ignoring case, spaces and punctuation;
    Latin and Cyrillic look-alike letters of ``given`` count as letters of ``truth``'s
    alphabet (:func:`~cipherkit.i18n.letters.fold_like`).

    >>> answers_match("owl house", "OWL-HOUSE"), answers_match("owl", "OWLS")
    (True, False)
    >>> answers_match("\u0415AST", "EAST"), answers_match("COK", "СОК"), answers_match("COK", "СУК")
    (True, True, False)
    """
    return normalize_answer(fold_like(given, truth)) == normalize_answer(truth)


def spell(cells: Sequence[Cell], content: dict[str, str | None] | None = None) -> str:
    """The text ``cells`` spell (words joined by spaces), using ``content`` if given.

    >>> cells = [Cell("a", "H", 0), Cell("b", "I", 0), Cell("a", "H", 1)]
    >>> spell(cells), spell(cells, {"a": "O", "b": "K"})
    ('HI H', 'OK O')
    """
    words: dict[int, list[str]] = {}
    for cell in cells:
        text = cell.content if content is None else (content.get(cell.glyph) or "?")
        words.setdefault(cell.word, []).append(text)
    return " ".join("".join(parts) for _, parts in sorted(words.items()))


ALPHABETS: dict[str, str] = {
    "LATIN": "ABCDEFGHIJKLMNOPQRSTUVWXYZ",
    "CYRILLIC": "АБВГДЕЁЖЗИЙКЛМНОПРСТУФХЦЧШЩЪЫЬЭЮЯ",
}
"""The capital letters of the alphabets answers are written in, by Unicode script
(Russian: 33 letters with Ё)."""


def script(char: str) -> str | None:
    """The Unicode script of a letter (``LATIN``, ``CYRILLIC``, ``GREEK``…), else None.

    >>> script("A"), script("А"), script("ё"), script("7"), script("-")
    ('LATIN', 'CYRILLIC', 'CYRILLIC', None, None)
    """
    if not char.isalpha():
        return None
    name = unicodedata.name(char, "")
    return name.split(" ", 1)[0] if name else None


def answer_script(contents: Iterable[str | None]) -> str | None:
    """The script most of the letters in ``contents`` are written in (None: no letter).

    >>> answer_script(["E", "A", "S", "T"]), answer_script(["4017", "52"])
    ('LATIN', None)
    """
    counts = Counter(s for text in contents if text for ch in text if (s := script(ch)))
    return max(sorted(counts), key=counts.__getitem__) if counts else None


def alphabet(contents: Iterable[str | None]) -> str:
    """The capital letters an answer with these ``contents`` is written in: its script's
    alphabet (:data:`ALPHABETS`), or its own letters for another script; the Latin
    alphabet when it has no letter at all (digits only)."""
    contents = list(contents)
    main = answer_script(contents)
    if main is None:
        return ALPHABETS["LATIN"]
    if main in ALPHABETS:
        return ALPHABETS[main]
    letters = {ch.upper() for text in contents if text for ch in text if script(ch) == main}
    return "".join(sorted(letters))
