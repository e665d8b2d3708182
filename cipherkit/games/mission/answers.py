"""The answer model: when does a team know the answer from the open windows?

Design notes: ``docs/design-notes.md``, ``cipherkit.games.mission.answers``.

Examples
--------
>>> from cipherkit.games.mission.answers import AnswerModel, CardCell, WordList
>>> words = WordList.of(["lamp", "lame", "camp", "tunnel", "funnel", "east"])
>>> cells = (CardCell("k", 0), CardCell("a", 0), CardCell("m", 0), CardCell("p", 0))
>>> model = AnswerModel(words=words)
>>> model.assess(cells, {"a": "A", "m": "M"})       # LAMP, LAME, CAMP fit ?AM?
Assessment(answer='CAMP', count=3, probability=0.333, certain=False)
>>> model.assess(cells, {"a": "A", "m": "M", "p": "P", "k": "L"}).certain
True
>>> model.assess(cells, {"k": "L", "p": "P"})       # only LAMP fits L??P
Assessment(answer='LAMP', count=1, probability=1.0, certain=False)
>>> AnswerModel(words=words, confidence=0.25).ready(model.assess(cells, {"a": "A"}))
True
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from math import prod
from pathlib import Path
from typing import Any, cast

from cipherkit.core.errors import CipherkitError
from cipherkit.core.resources import package_root

WORDS_FILE = package_root() / "data" / "answer_words.txt"
"""The shipped word list (one lower-case word a line, ``#`` comments)."""

EXACT_LIMIT = 4096
"""Word combinations are enumerated exactly (cross-word constraints and all) up to this
many; above it the model counts the product of the words' candidates (an upper bound)."""

DECIDING_LIMIT = 64
"""Up to this many candidates, an assessment names the glyphs that tell them apart."""

_MEMO_LIMIT = 200_000


def _norm(text: str) -> str:
    return "".join(ch for ch in text.casefold() if ch.isalnum()).upper()


@dataclass(frozen=True, slots=True)
class CardCell:
    """One cell of the card as the answer model sees it: glyph, word number, and whether
    it is in the Answer section.

    >>> card_cells([{"glyph": "eye", "word": 0, "answer": False}])
    (CardCell(glyph='eye', word=0, answer=False),)
    """

    glyph: str
    word: int = 0
    answer: bool = False


def card_cells(cells: Iterable[Any]) -> tuple[CardCell, ...]:
    """Cells from an observation's or a public mission dict's ``cells`` (mappings), or
    from :class:`~cipherkit.games.mission.content.console.Cell` objects."""
    out = []
    for cell in cells:
        if isinstance(cell, Mapping):
            out.append(CardCell(cell["glyph"], int(cell["word"]), bool(cell["answer"])))
        else:
            out.append(CardCell(cell.glyph, int(cell.word), bool(cell.answer)))
    return tuple(out)


@dataclass(frozen=True, slots=True)
class Assessment:
    """What the model makes of the open windows.

    ``answer`` is the candidate the team would propose (words joined by spaces), ``count``
    how many candidates are left (0: none in the lists), ``probability`` the chance that
    ``answer`` is right (``1/count``; 1.0 when ``certain``), ``certain`` whether every
    answer window is open.
    """

    answer: str | None
    count: int
    probability: float
    certain: bool
    deciding: frozenset[str] | None = None
    """The closed answer glyphs whose content differs between the candidates left
    (opening them tells the candidates apart); ``None`` when there are none or more
    than :data:`DECIDING_LIMIT` candidates."""
    options: tuple[str, ...] = ()
    """The candidates left, spelt, when there are at most :data:`DECIDING_LIMIT`."""

    @property
    def unique(self) -> bool:
        """Whether exactly one answer fits."""
        return self.count == 1

    def __repr__(self) -> str:
        return (
            f"Assessment(answer={self.answer!r}, count={self.count}, "
            f"probability={round(self.probability, 3)}, certain={self.certain})"
        )


# ---------------------------------------------------------------- word lists
def _signature(items: Sequence[str]) -> tuple[int, ...]:
    """Each item replaced by the order of its first occurrence: ``abca -> (0, 1, 2, 0)``."""
    first: dict[str, int] = {}
    return tuple(first.setdefault(x, len(first)) for x in items)


def _splits(
    text: str, slots: Sequence[int], n_slots: int, max_group: int
) -> Iterator[tuple[str, ...]]:
    """Every way to cut ``text`` into one piece per cell (cells given by slot number,
    equal slots equal pieces, different slots different pieces), as slot tuples."""
    assigned: list[str | None] = [None] * n_slots
    cells = len(slots)

    def walk(i: int, pos: int) -> Iterator[tuple[str, ...]]:
        if i == cells:
            if pos == len(text):
                # slots number the distinct glyphs 0..n-1 in order, so every slot is filled
                yield cast("tuple[str, ...]", tuple(assigned))
            return
        rest = cells - i - 1
        slot = slots[i]
        known = assigned[slot]
        if known is not None:
            if text.startswith(known, pos):
                yield from walk(i + 1, pos + len(known))
            return
        for size in range(1, max_group + 1):
            end = pos + size
            if end + rest > len(text):
                break
            piece = text[pos:end]
            if piece in assigned:
                continue
            assigned[slot] = piece
            yield from walk(i + 1, end)
            assigned[slot] = None

    yield from walk(0, 0)


class WordList:
    """Candidate words, upper case, grouped by length; patterns are looked up once.

    >>> words = WordList.of(["Lamp", "lamp", "east", "egg", "4017"])
    >>> len(words), "LAMP" in words
    (4, True)
    >>> words.fitting((0, 1, 1))     # a word whose 2nd and 3rd cells share a glyph
    [('E', 'G')]
    >>> ("40", "17") in words.fitting((0, 1), max_group=2)   # groups of up to 2 characters
    True
    """

    def __init__(self, words: Iterable[str]) -> None:
        by_length: dict[int, list[str]] = {}
        seen: set[str] = set()
        for word in words:
            w = word.upper() if word.isascii() and word.isalnum() else _norm(word)
            if w and w not in seen:
                seen.add(w)
                by_length.setdefault(len(w), []).append(w)
        self._by_length = {n: tuple(sorted(ws)) for n, ws in by_length.items()}
        self._set = frozenset(seen)
        self._pools: dict[tuple[tuple[int, ...], int], list[tuple[str, ...]]] = {}
        self._indexes: dict[tuple[tuple[int, ...], int], list[dict[str, list[int]]]] = {}

    @classmethod
    def of(cls, words: Iterable[str]) -> WordList:
        """A word list of ``words`` (duplicates dropped, case folded).

        >>> len(WordList.of(["owl", "OWL", "house"]))
        2
        """
        return cls(words)

    @classmethod
    def from_file(cls, path: str | Path) -> WordList:
        """One word a line; blank lines and ``#`` comments are skipped."""
        try:
            text = Path(path).read_text(encoding="utf-8")
        except OSError as exc:
            raise CipherkitError.say(
                "{path}: cannot read the word list ({reason})", path=path, reason=exc.strerror
            ) from None
        return cls(
            line.strip() for line in text.splitlines() if line.strip() and not line.startswith("#")
        )

    def __len__(self) -> int:
        return len(self._set)

    def __contains__(self, word: object) -> bool:
        return isinstance(word, str) and _norm(word) in self._set

    def fitting(self, signature: tuple[int, ...], max_group: int = 1) -> list[tuple[str, ...]]:
        """Every way a listed word fills cells with this glyph signature, as a tuple of
        contents per distinct glyph (in first-occurrence order); cached."""
        key = (signature, max_group)
        pool = self._pools.get(key)
        if pool is None:
            pool = self._fit(signature, max_group)
            self._pools[key] = pool
        return pool

    def matching(
        self,
        signature: tuple[int, ...],
        max_group: int,
        known: Mapping[int, str],
        banned: Collection[str],
    ) -> list[tuple[str, ...]]:
        """The entries of :meth:`fitting` whose content is ``known[k]`` at each slot
        ``k`` of ``known`` and none of ``banned`` at every other slot, in the pool's
        order (found through an index of each slot's contents, built once).

        >>> words = WordList.of(["abc", "abd", "xbc"])
        >>> words.matching((0, 1, 2), 1, {1: "B"}, {"D"})
        [('A', 'B', 'C'), ('X', 'B', 'C')]
        """
        pool = self.fitting(signature, max_group)
        key = (signature, max_group)
        index = self._indexes.get(key)
        if index is None:
            index = [{} for _ in range(max(signature) + 1 if signature else 0)]
            for i, entry in enumerate(pool):
                for k, piece in enumerate(entry):
                    index[k].setdefault(piece, []).append(i)
            self._indexes[key] = index
        chosen: set[int] | None = None
        for k, piece in known.items():
            ids = index[k].get(piece, ())
            chosen = set(ids) if chosen is None else chosen.intersection(ids)
            if not chosen:
                return []
        bad: set[int] = set()
        for k, pieces in enumerate(index):
            if k not in known:
                for piece in banned:
                    bad.update(pieces.get(piece, ()))
        if chosen is None:
            return [entry for i, entry in enumerate(pool) if i not in bad]
        return [pool[i] for i in sorted(chosen - bad)]

    def prepared(self, signature: tuple[int, ...], max_group: int = 1) -> bool:
        """Work out :meth:`fitting` now; whether it was not already known."""
        known = (signature, max_group) in self._pools
        self.fitting(signature, max_group)
        return not known

    def _fit(self, signature: tuple[int, ...], max_group: int) -> list[tuple[str, ...]]:
        n = len(signature)
        slots = max(signature) + 1 if signature else 0
        out: list[tuple[str, ...]] = []
        if max_group == 1:
            firsts = [signature.index(s) for s in range(slots)]
            for word in self._by_length.get(n, ()):
                if _signature(word) == signature:
                    out.append(tuple(word[i] for i in firsts))
            return out
        for length in range(n, n * max_group + 1):
            for word in self._by_length.get(length, ()):
                out.extend(_splits(word, signature, slots, max_group))
        return out


@cache
def shipped_words() -> WordList:
    """The shipped list, ``cipherkit/data/answer_words.txt`` (loaded once per process)."""
    return WordList.from_file(WORDS_FILE)


# ---------------------------------------------------------------- the model
@dataclass(frozen=True, slots=True)
class _Card:
    """A card's answer structure: its answer words as glyph tuples."""

    words: tuple[tuple[str, ...], ...]
    answer_glyphs: frozenset[str]
    sequence: tuple[str, ...]
    """Every answer cell's glyph in order (word boundaries dropped)."""

    @staticmethod
    def of(cells: Sequence[CardCell]) -> _Card:
        chosen = [c for c in cells if c.answer] or list(cells)
        words: dict[int, list[str]] = {}
        for c in chosen:
            words.setdefault(c.word, []).append(c.glyph)
        glyph_words = tuple(tuple(words[w]) for w in sorted(words))
        return _Card(
            glyph_words,
            frozenset(c.glyph for c in chosen),
            tuple(g for w in glyph_words for g in w),
        )


class AnswerModel:
    """Decides from the open windows whether a team can name the answer.

    Parameters
    ----------
    words:
        A :class:`WordList`, words to build one from, ``None`` for no word list, or the
        default ``"shipped"`` (:func:`shipped_words`).
    candidates:
        The mission's own candidate answers (phrases allowed; compared ignoring case,
        spaces and punctuation, as the game compares answers). The mission format has
        no field for them: the playtest takes them as an option or from a
        ``MISSION.candidates.txt`` file beside the mission (``docs/playtest.md``).
    confidence:
        Propose when the best candidate is right with at least this chance (1.0: only a
        single candidate). Every answer window open is always enough.
    max_group:
        The longest group a closed window is assumed to hide before any longer one is
        seen open.

    Examples
    --------
    >>> from cipherkit.games.mission.answers import AnswerModel, CardCell
    >>> cells = (CardCell("t", 0, True), CardCell("g", 0, True), CardCell("r", 1, True))
    >>> model = AnswerModel(words=None, candidates=["4017 52", "4071 25", "1740 52"])
    >>> model.assess(cells, {"t": "40"})       # groups: 40?? ??, two candidates left
    Assessment(answer='4017 52', count=2, probability=0.5, certain=False)
    >>> model.assess(cells, {"t": "40", "r": "52"}).answer
    '4017 52'
    >>> model.assess(cells, {"t": "40", "g": "17", "r": "25"})   # all open: the reading
    Assessment(answer='4017 25', count=1, probability=1.0, certain=True)
    """

    def __init__(
        self,
        words: WordList | Iterable[str] | str | None = "shipped",
        candidates: Iterable[str] = (),
        *,
        confidence: float = 1.0,
        max_group: int = 1,
    ) -> None:
        if not 0.0 < confidence <= 1.0:
            raise CipherkitError.say(
                "answer confidence must be in (0, 1], not {confidence}", confidence=confidence
            )
        if max_group < 1:
            raise CipherkitError.say(
                "max_group must be at least 1, not {max_group}", max_group=max_group
            )
        if isinstance(words, str):
            if words != "shipped":
                raise CipherkitError.say(
                    "words: give a WordList, a list or 'shipped', not {words!r}", words=words
                )
            words = shipped_words()
        elif words is not None and not isinstance(words, WordList):
            words = WordList(words)
        self.words: WordList | None = words
        self.candidates: tuple[str, ...] = tuple(dict.fromkeys(c.strip() for c in candidates))
        self._normal = tuple(dict.fromkeys(_norm(c) for c in self.candidates if _norm(c)))
        self.confidence = float(confidence)
        self.max_group = int(max_group)
        self._cards: dict[tuple[CardCell, ...], _Card] = {}
        self._memo: dict[Any, Assessment] = {}

    def __repr__(self) -> str:
        words = "None" if self.words is None else f"{len(self.words)} words"
        return (
            f"<AnswerModel {words}, {len(self.candidates)} candidates, "
            f"confidence={self.confidence}, max_group={self.max_group}>"
        )

    def ready(self, assessment: Assessment) -> bool:
        """Whether a team with this model proposes ``assessment.answer`` now."""
        if assessment.certain:
            return True
        return assessment.answer is not None and assessment.probability >= self.confidence

    def assess(self, cells: Sequence[CardCell], opened: Mapping[str, str]) -> Assessment:
        """The best candidate and how sure the team is, given ``opened`` (glyph ->
        content of every open window on the card). Results are memoised."""
        cells = tuple(cells)
        fixed = tuple(sorted((g, _norm(c)) for g, c in opened.items()))
        key = (cells, fixed)
        found = self._memo.get(key)
        if found is None:
            found = self._assess(self._card(cells), dict(fixed))
            if len(self._memo) >= _MEMO_LIMIT:
                self._memo.clear()
            self._memo[key] = found
        return found

    def prepare(self, cells: Sequence[CardCell], groups: Iterable[int] = ()) -> int:
        """Work out once what every assessment of this card starts from: the card's
        structure, each answer word's fits in the word list for closed windows of up to
        ``max_group`` characters and of up to each size in ``groups`` (the sizes its
        windows hold), and the verdict with no window open. Processes forked from this
        one then share them. Return how many word fits were worked out here.

        >>> cells = (CardCell("a", 0, True), CardCell("b", 0, True), CardCell("a", 0, True))
        >>> model = AnswerModel(words=["dad", "mum", "cat"])
        >>> model.prepare(cells, groups=[1, 2]), model.prepare(cells)
        (2, 0)
        >>> model.assess(cells, {})
        Assessment(answer='DAD', count=2, probability=0.5, certain=False)
        """
        cells = tuple(cells)
        made = 0
        if self.words is not None:
            for word in self._card(cells).words:
                for size in sorted({self.max_group, *(g for g in groups if g > 0)}):
                    made += self.words.prepared(_signature(word), size)
        self.assess(cells, {})
        return made

    # ------------------------------------------------------------ internals
    def _card(self, cells: tuple[CardCell, ...]) -> _Card:
        card = self._cards.get(cells)
        if card is None:
            card = self._cards[cells] = _Card.of(cells)
        return card

    def _assess(self, card: _Card, fixed: dict[str, str]) -> Assessment:
        if card.answer_glyphs <= fixed.keys():
            reading = " ".join("".join(fixed[g] for g in word) for word in card.words)
            return Assessment(reading, 1, 1.0, True, None, (reading,))
        banned = set(fixed.values())
        max_group = max([self.max_group, *(len(v) for v in fixed.values())])
        answers: dict[str, str] = {}  # normalised -> spelt
        contents: list[dict[str, str]] = []
        for text in self._normal:
            found = self._fits_sequence(card.sequence, text, fixed, banned, max_group)
            if found is not None:
                answers.setdefault(text, self._spell_candidate(text))
                contents.append(found)
        count = len(answers)
        best = next(iter(answers.values()), None)
        if self.words is not None:
            combos, total = self._word_combinations(card, fixed, banned, max_group)
            if combos is None:  # too many to name: counted, never proposed from the list
                count += total
                contents = []
            else:
                for spelt, content in combos:
                    if _norm(spelt) not in answers:
                        answers[_norm(spelt)] = spelt
                        contents.append(content)
                        if best is None:
                            best = spelt
                count = len(answers)
        if count == 0 or best is None:
            return Assessment(None, count, 0.0, False)
        deciding = None
        options: tuple[str, ...] = ()
        if count <= DECIDING_LIMIT and len(contents) == count:
            options = tuple(answers.values())
            if count > 1:
                closed = card.answer_glyphs.difference(fixed)
                deciding = frozenset(g for g in closed if len({c.get(g) for c in contents}) > 1)
        return Assessment(best, count, 1.0 / count, False, deciding, options)

    def _spell_candidate(self, normal: str) -> str:
        for c in self.candidates:
            if _norm(c) == normal:
                return " ".join(c.upper().split())
        return normal  # pragma: no cover - every normal form comes from a candidate

    @staticmethod
    def _fits_sequence(
        glyphs: tuple[str, ...],
        text: str,
        fixed: Mapping[str, str],
        banned: set[str],
        max_group: int,
    ) -> dict[str, str] | None:
        """A way to cut ``text`` into the cells ``glyphs`` under the constraint (the
        content of each closed glyph), or ``None``."""
        assigned: dict[str, str] = {}
        used: set[str] = set()
        n = len(glyphs)

        def walk(i: int, pos: int) -> bool:
            if i == n:
                return pos == len(text)
            g = glyphs[i]
            known = fixed.get(g) or assigned.get(g)
            if known is not None:
                return text.startswith(known, pos) and walk(i + 1, pos + len(known))
            rest = n - i - 1
            for size in range(1, max_group + 1):
                end = pos + size
                if end + rest > len(text):
                    break
                piece = text[pos:end]
                if piece in banned or piece in used:
                    continue
                assigned[g] = piece
                used.add(piece)
                if walk(i + 1, end):
                    return True
                used.discard(piece)
                del assigned[g]
            return False

        return dict(assigned) if walk(0, 0) else None

    def _word_combinations(
        self,
        card: _Card,
        fixed: Mapping[str, str],
        banned: set[str],
        max_group: int,
    ) -> tuple[list[tuple[str, dict[str, str]]] | None, int]:
        """Answers built from listed words, one per answer word, with each glyph's
        content: all of them when there are at most :data:`EXACT_LIMIT`, else ``None``
        and an upper bound."""
        assert self.words is not None
        slots_of: list[tuple[str, ...]] = []
        domains: list[list[tuple[str, ...]]] = []
        for word in card.words:
            slots = tuple(dict.fromkeys(word))
            slots_of.append(slots)
            if all(g in fixed for g in slots):
                domains.append([tuple(fixed[g] for g in slots)])
                continue
            known = {k: fixed[g] for k, g in enumerate(slots) if g in fixed}
            domains.append(self.words.matching(_signature(word), max_group, known, banned))
        domains = _propagate(slots_of, domains)
        total = prod(len(d) for d in domains)
        if total == 0:
            return [], 0
        if total > EXACT_LIMIT:
            return None, total
        found: list[tuple[str, dict[str, str]]] = []
        for combo in _combinations(slots_of, domains):
            content: dict[str, str] = {}
            for slots, entry in zip(slots_of, combo, strict=True):
                content.update(zip(slots, entry, strict=True))
            spelt = " ".join("".join(content[g] for g in word) for word in card.words)
            found.append((spelt, content))
        return found, len(found)


def _propagate(
    slots_of: list[tuple[str, ...]], domains: list[list[tuple[str, ...]]]
) -> list[list[tuple[str, ...]]]:
    """Cut the words' candidates down by their shared glyphs until nothing changes: a
    glyph's content must be possible in every word that shows it, and a glyph whose
    content is settled forbids that content to every other glyph."""
    shared = {
        g for i, s in enumerate(slots_of) for g in s if any(g in t for t in slots_of[i + 1 :])
    }
    changed = True
    while changed:
        changed = False
        allowed: dict[str, set[str]] = {}
        for slots, domain in zip(slots_of, domains, strict=True):
            for k, g in enumerate(slots):
                values = {entry[k] for entry in domain}
                allowed[g] = values if g not in allowed else allowed[g] & values
        settled = {g: next(iter(v)) for g, v in allowed.items() if len(v) == 1}
        for i, (slots, domain) in enumerate(zip(slots_of, domains, strict=True)):
            keep = []
            for entry in domain:
                ok = True
                for k, g in enumerate(slots):
                    piece = entry[k]
                    if g in shared and piece not in allowed[g]:
                        ok = False
                        break
                    if any(piece == v and h != g for h, v in settled.items()):
                        ok = False
                        break
                if ok:
                    keep.append(entry)
            if len(keep) != len(domain):
                domains[i] = keep
                changed = True
    return domains


def _combinations(
    slots_of: list[tuple[str, ...]], domains: list[list[tuple[str, ...]]]
) -> Iterator[tuple[tuple[str, ...], ...]]:
    """Every choice of one candidate per word that agrees on shared glyphs and gives
    different glyphs different content."""
    chosen: list[tuple[str, ...]] = []
    content: dict[str, str] = {}

    def walk(i: int) -> Iterator[tuple[tuple[str, ...], ...]]:
        if i == len(domains):
            yield tuple(chosen)
            return
        slots = slots_of[i]
        for entry in domains[i]:
            added: list[str] = []
            ok = True
            for g, piece in zip(slots, entry, strict=True):
                have = content.get(g)
                if have is None:
                    if piece in content.values():
                        ok = False
                        break
                    content[g] = piece
                    added.append(g)
                elif have != piece:
                    ok = False
                    break
            if ok:
                chosen.append(entry)
                yield from walk(i + 1)
                chosen.pop()
            for g in added:
                del content[g]

    yield from walk(0)
