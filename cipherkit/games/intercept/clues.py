"""Clue checks: what a machine can check of the clue rules (docs/rules/intercept.md), with reasons.

:func:`check_clue` returns a :class:`ClueCheck`: a list of :class:`Problem`, each an
``"error"`` (the engine refuses the clue, with that reason) or a ``"warning"`` (shown,
not enforced). Errors:

* ``empty``: no words.
* ``keyword``: a keyword in play (the Encryptor's team's four), one of its inflections
  (plural, possessive, ``-ed``/``-ing``/``-er``) used as a word of the clue.
* ``contains-keyword``: a keyword inside a word or compound of the clue
  (``sunflower`` while ``flower`` is in play, ``fire truck`` for ``firetruck``).
* ``part-of-keyword``: a word of the clue that is a part of a keyword: its beginning
  (``dragon``, ``mel`` for ``melon``), a compound's last part (``fly`` for
  ``dragonfly``), or five letters or more inside it.
* ``repeat``: the same clue as an earlier clue of the team's game (compared on lemmas,
  ignoring case, punctuation and little words such as *the*).
* ``digits``: any digit (reading out the code, or a number of letters).
* ``number``: a clue that is only a number word (``three``, ``first``).
* ``letter-count``: a number of letters (``eight letters``, ``five-letter word``).
* ``single-letter``: a lone letter (``C``), a letter named as such (``the letter c``) or a
  word spelled out (``c a t``).
* ``spelling``: a reference to spelling or sound (``starts with``, ``rhymes with``,
  ``sounds like``).

Warnings: ``near-repeat`` when the clue's meaning is close to an earlier clue of the
team (cosine similarity of the shipped word vectors at or above
:data:`NEAR_REPEAT_THRESHOLD`), since the rules forbid the same *idea* twice; and
``unknown-words`` when no word of the clue has a vector (bots cannot read it).

The keywords checked are the Encryptor's own team's: the other team's keywords are
secret, and refusing a clue because of them would tell the Encryptor one of them.

Examples
--------
>>> from cipherkit.games.intercept.clues import check_clue
>>> result = check_clue("Dragonflies", ["black", "dragonfly", "cocktail", "sombrero"])
>>> result.ok, result.reason
(False, "uses the keyword 'dragonfly' (as 'dragonflies')")
>>> check_clue("Mexico", ["black", "dragonfly", "cocktail", "sombrero"]).ok
True
>>> [p.kind for p in check_clue("8 letters", ["scorpion"]).errors]
['digits', 'letter-count']
>>> check_clue("the insect", ["cat"], earlier=["Insects"]).reason
"repeats the earlier clue 'Insects'"
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from cipherkit.games.intercept.words import STOPWORDS, forms, lemma, tokens

if TYPE_CHECKING:
    from cipherkit.games.intercept.vectors import Vectors

NEAR_REPEAT_THRESHOLD = 0.8
"""Cosine similarity from which two clues count as the same idea (a warning)."""

NUMBER_WORDS = frozenset(
    str.split(
        """
    zero one two three four five six seven eight nine ten eleven twelve thirteen
    fourteen fifteen sixteen seventeen eighteen nineteen twenty first second third
    fourth fifth sixth seventh eighth ninth tenth once twice thrice
    """
    )
)
_SPELLING = re.compile(
    r"\b(starts? with|begins? with|ends? with|rhymes? with|sounds? like|spelled|spelt|"
    r"spelling|first letter|last letter|initials?|anagram|acronym|abbreviation)\b"
)
_LETTER_COUNT = re.compile(
    r"\b(\d+|" + "|".join(sorted(NUMBER_WORDS)) + r")[\s-]*letters?\b|\bletters? long\b"
)


@dataclass(frozen=True, slots=True)
class Problem:
    """One finding about a clue: ``kind``, ``severity`` (error or warning), a message."""

    kind: str
    severity: str
    message: str

    def to_json(self) -> dict[str, str]:
        return {"kind": self.kind, "severity": self.severity, "message": self.message}


@dataclass(frozen=True, slots=True)
class ClueCheck:
    """The result of checking one clue: ``ok`` when there is no error."""

    text: str
    problems: tuple[Problem, ...] = field(default_factory=tuple)

    @property
    def errors(self) -> tuple[Problem, ...]:
        return tuple(p for p in self.problems if p.severity == "error")

    @property
    def warnings(self) -> tuple[Problem, ...]:
        return tuple(p for p in self.problems if p.severity == "warning")

    @property
    def ok(self) -> bool:
        return not self.errors

    @property
    def reason(self) -> str:
        """The first error's message ('' when the clue is fine)."""
        return self.errors[0].message if self.errors else ""

    def to_json(self) -> dict[str, Any]:
        return {
            "text": self.text,
            "ok": self.ok,
            "problems": [p.to_json() for p in self.problems],
        }


def clue_key(text: str) -> str:
    """What two clues must share to be the same clue: lemmas of the meaningful words.

    >>> clue_key("The Insects!") == clue_key("insect")
    True
    """
    words = [lemma(t) for t in tokens(text)]
    meaningful = [w for w in words if w not in STOPWORDS]
    return " ".join(meaningful or words)


def _keyword_problems(words: list[str], joined: str, keyword: str) -> list[Problem]:
    key = "".join(tokens(keyword))
    if not key:
        return []
    base = lemma(key)
    inflected = forms(key) | forms(base)
    for word in words:
        if word in inflected or lemma(word) == base:
            shown = "" if word == key else f" (as {word!r})"
            return [Problem("keyword", "error", f"uses the keyword {keyword!r}{shown}")]
    for word in words:
        for stem in {key, base}:
            if (len(stem) >= 4 and stem in word) or (
                len(stem) == 3 and (word.startswith(stem) or word.endswith(stem))
            ):
                return [
                    Problem(
                        "contains-keyword", "error", f"{word!r} contains the keyword {keyword!r}"
                    )
                ]
    if len(words) > 1:
        for stem in {key, base}:
            if len(stem) >= 4 and stem in joined:
                return [
                    Problem(
                        "contains-keyword",
                        "error",
                        f"the words run together contain the keyword {keyword!r}",
                    )
                ]
    for word in words:
        if word in STOPWORDS or len(word) < 3 or len(word) >= len(key):
            continue
        rest = len(key) - len(word)
        truncation = key.startswith(word)
        compound_part = key.endswith(word) and rest >= 3
        if truncation or compound_part or (len(word) >= 5 and word in key):
            return [
                Problem("part-of-keyword", "error", f"{word!r} is part of the keyword {keyword!r}")
            ]
    return []


def _form_problems(text: str, words: list[str]) -> list[Problem]:
    problems = []
    lowered = text.lower()
    if any(ch.isdigit() for ch in text):
        problems.append(Problem("digits", "error", "reads out digits"))
    if words and all(w in NUMBER_WORDS for w in words):
        problems.append(Problem("number", "error", "is only a number"))
    if _LETTER_COUNT.search(lowered):
        problems.append(Problem("letter-count", "error", "gives a number of letters"))
    raw = lowered.split()
    singles = [w.strip(".,;:!?\"'()") for w in raw]
    letters = [w for w in singles if len(w) == 1 and w.isalpha()]
    spelled = re.search(r"\b([a-z])[\s.-]+([a-z])[\s.-]+([a-z])\b", lowered)
    named = bool(letters) and any(w.startswith("letter") for w in words)
    if (len(singles) == 1 and len(letters) == 1) or named or (spelled and len(letters) >= 3):
        problems.append(Problem("single-letter", "error", "reads out single letters"))
    if _SPELLING.search(lowered):
        problems.append(Problem("spelling", "error", "refers to spelling or sound, not to meaning"))
    return problems


def check_clue(
    text: str,
    keywords: Sequence[str],
    earlier: Sequence[str] = (),
    *,
    vectors: Vectors | None = None,
    threshold: float = NEAR_REPEAT_THRESHOLD,
) -> ClueCheck:
    """Check ``text`` as a clue for a team with ``keywords`` that gave ``earlier`` clues.

    Parameters
    ----------
    text:
        The clue (a word or a phrase).
    keywords:
        The keywords in play for this Encryptor (their team's four).
    earlier:
        The team's earlier clues of this game (this round's included).
    vectors:
        Word vectors for the near-repeat warning (none: no warning is computed).
    threshold:
        Similarity from which a near repeat is reported.
    """
    words = tokens(text)
    problems = _form_problems(text, words)
    if not words:
        problems = problems or [Problem("empty", "error", "has no words")]
        return ClueCheck(text, tuple(problems))
    joined = "".join(words)
    for keyword in keywords:
        problems += _keyword_problems(words, joined, keyword)
    key = clue_key(text)
    repeated = next((e for e in earlier if clue_key(e) == key), None)
    if repeated is not None:
        problems.append(Problem("repeat", "error", f"repeats the earlier clue {repeated!r}"))
    if vectors is not None:
        problems += _vector_warnings(text, earlier, vectors, threshold, repeated)
    return ClueCheck(text, tuple(problems))


def _vector_warnings(
    text: str,
    earlier: Sequence[str],
    vectors: Vectors,
    threshold: float,
    repeated: str | None,
) -> list[Problem]:
    vector = vectors.phrase(text)
    if vector is None:
        return [Problem("unknown-words", "warning", "no word of this clue is in the vocabulary")]
    best, best_sim = None, threshold
    for other in earlier:
        if other == repeated:
            continue
        other_vector = vectors.phrase(other)
        if other_vector is None:
            continue
        similarity = float(vector @ other_vector)
        if similarity >= best_sim:
            best, best_sim = other, similarity
    if best is None:
        return []
    return [
        Problem(
            "near-repeat",
            "warning",
            f"is close in meaning to the earlier clue {best!r} (similarity {best_sim:.2f})",
        )
    ]
