"""Identify and break a classical cipher: what ``cipherkit crack`` runs.

A text in Russian letters is read by letter frequencies over the Russian alphabet
(:mod:`.frequency`): Caesar, Vigenère and Beaufort.

Design notes: ``docs/ciphers.md``, ``cipherkit.ciphers.crack``.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field, replace
from typing import Any

import numpy as np

from cipherkit.ciphers.alphabet import RUSSIAN, detect_alphabet
from cipherkit.ciphers.classical import (
    Atbash,
    Caesar,
    Cipher,
    Columnar,
    RailFence,
    Substitution,
    Vigenere,
)
from cipherkit.ciphers.frequency import (
    KEY_LETTER_COST,
    rank_shifts,
    solve_vigenere_by_frequency,
)
from cipherkit.ciphers.readings import Reading, other_readings
from cipherkit.ciphers.solvers import (
    MAX_COLUMNS,
    MAX_RAILS,
    Solution,
    _solution,
    rank_affine,
    rank_caesar,
    solve_columnar,
    solve_playfair,
    solve_railfence,
    solve_substitution,
    solve_vigenere,
)
from cipherkit.ciphers.stats import chi_squared, index_of_coincidence
from cipherkit.ciphers.text import check_text, letter_codes
from cipherkit.ciphers.vigenere_solver import MAX_KEY_LENGTH
from cipherkit.core.errors import CipherkitError
from cipherkit.i18n import _, say

__all__ = ["CIPHER_NAMES", "RUSSIAN_CIPHER_NAMES", "CrackResult", "crack_text", "identify"]

CIPHER_NAMES = (
    "auto",
    "caesar",
    "atbash",
    "affine",
    "vigenere",
    "beaufort",
    "autokey",
    "substitution",
    "playfair",
    "railfence",
    "columnar",
)


RUSSIAN_CIPHER_NAMES = ("auto", "caesar", "vigenere", "beaufort")
"""What ``crack`` reads in a text written in Russian letters."""
LOOKS_RUSSIAN = -0.3
"""Bigram fitness (:func:`~cipherkit.ciphers.frequency.bigram_fitness`) above which a
Russian reading is taken as the answer (Russian text: about 0; a wrong shift or key:
-0.55 and lower)."""

LOOKS_ENGLISH = -0.5
"""Quadgram fitness (per quadgram, against English) above which a reading is taken as
the answer without trying more complex ciphers."""
KEYS_LOG10 = {
    "atbash": 0.0,
    "caesar": math.log10(26),
    "affine": math.log10(12 * 26),
    "substitution": math.log10(math.factorial(26)),
}
"""log10 of the number of keys of each monoalphabetic cipher."""
SHORT_LETTERS = 60
"""A substitution ciphertext with fewer letters than this is solved with
:data:`SHORT_WORD_STEPS` (the solver's compiled path when its word breaks are lost:
word-by-word readings and annealing on words; about 3.5 s). 40-letter dev texts without
breaks: 26 of 40 read so, 6 of 40 without; at 80 letters it would read 29 of 30 rather
than 28, in 5.4 s rather than 0.4 s, so longer texts do without."""
SHORT_WORD_STEPS = 200
"""``word_steps`` of the substitution solver on short ciphertexts (see
:data:`SHORT_LETTERS`); the budget stays the solver's default runs, so a seed reads a
text the same way every time."""
UNSOLVED = -1.5
"""Quadgram fitness below which ``auto`` takes a reading for a failure and tries the
other families too."""
FAMILIES = {
    "monoalphabetic": ("atbash", "caesar", "affine", "substitution"),
    "polyalphabetic": ("vigenere", "beaufort", "autokey"),
    "transposition": ("railfence", "columnar"),
    "playfair": ("playfair", "vigenere", "beaufort", "autokey"),
}
"""The ciphers ``auto`` tries for each family :func:`identify` names."""


@dataclass(frozen=True)
class CrackResult:
    """The best reading of a ciphertext: cipher name, key, plaintext and scores."""

    cipher: str
    key: Any
    plaintext: str
    score: float
    fitness: float
    cipher_value: Cipher = field(repr=False)
    cues: dict[str, Any] = field(default_factory=dict, repr=False)
    alternatives: tuple[Reading, ...] = field(default=(), repr=False)
    """For a substitution: other readings that fit almost as well (see
    :mod:`.readings`), closest first."""
    alphabet: str = "en"
    """The alphabet the text was read over ("en", or "ru": fitness is then per bigram
    against Russian, not per quadgram against English)."""

    def to_json(self) -> dict[str, Any]:
        """The result as a JSON-safe dict (what ``cipherkit crack --json`` prints)."""
        extra = {} if self.alphabet == "en" else {"alphabet": self.alphabet}
        return extra | {
            "cipher": self.cipher,
            "key": self.key,
            "key_text": self.cipher_value.key_text(),
            "plaintext": self.plaintext,
            "score": round(self.score, 3),
            "fitness": round(self.fitness, 3) if math.isfinite(self.fitness) else None,
            "cues": self.cues,
            "alternatives": [reading.to_json() for reading in self.alternatives],
        }

    def summary_text(self) -> str:
        """The result in a few lines of text (what ``cipherkit crack`` prints)."""
        fitness = f"{self.fitness:.2f}"
        if self.alphabet == "ru":
            verdict = _("looks like Russian") if self.fitness > LOOKS_RUSSIAN else None
            line = _(
                "fitness:   {fitness} per bigram vs Russian ({verdict})",
                fitness=fitness,
                verdict=verdict or _("may not be solved"),
            )
        else:
            verdict = _("looks like English") if self.fitness > -0.6 else None
            line = _(
                "fitness:   {fitness} per quadgram vs English ({verdict})",
                fitness=fitness,
                verdict=verdict or _("may not be solved"),
            )
        lines = [
            _("cipher:    {cipher}", cipher=self.cipher),
            _("key:       {key}", key=self.cipher_value.key_text()),
            line,
            _("plaintext: {plaintext}", plaintext=self.plaintext),
        ]
        if self.alternatives:
            lines.append(_("also fits: (letters seen once can be read more ways)"))
            lines += [f"  {reading.describe()}" for reading in self.alternatives]
        return "\n".join(lines)


def identify(text: str) -> dict[str, Any]:
    """The statistical cues of a ciphertext and the cipher families they point to.

    >>> identify("WKH TXLFN EURZQ IRA MXPSV RYHU WKH ODCB GRJ")["family"]
    'monoalphabetic'
    """
    codes = letter_codes(text)
    n = len(codes)
    ioc = index_of_coincidence(codes)
    chi = chi_squared(codes)
    pairs = codes[: n - n % 2].reshape(-1, 2)
    doubled_pairs = int((pairs[:, 0] == pairs[:, 1]).sum()) if len(pairs) else 0
    has_j = bool((codes == 9).any())
    cues: dict[str, Any] = {
        "letters": n,
        "ioc": round(ioc, 4),
        "chi_squared": round(chi, 1) if math.isfinite(chi) else None,
        "even_length": n % 2 == 0,
        "has_j": has_j,
        "doubled_pairs": doubled_pairs,
        "distinct_letters": len(set(codes.tolist())),
    }
    # a transposition keeps English's letter counts: no shift of them fits English better
    unshifted = all(chi <= chi_squared((codes + s) % 26) for s in range(1, 26))
    if n >= 20 and chi < 2.0 * n**0.5 + 40 and unshifted:
        family = "transposition"
    elif ioc >= 0.055 or n < 40:
        family = "monoalphabetic"
    elif n % 2 == 0 and not has_j and doubled_pairs == 0 and n >= 40:
        family = "playfair"
    else:
        family = "polyalphabetic"
    cues["family"] = family
    return cues


def _result(name: str, sol: Solution, text: str, cues: dict[str, Any]) -> CrackResult:
    cipher = sol.cipher
    plain = sol.plaintext
    if name != "playfair":
        plain = cipher.decrypt(text)
    key = cipher.to_json()["key"]
    others: tuple[Reading, ...] = ()
    if name == "substitution" and isinstance(cipher, Substitution):
        others = tuple(other_readings(text, cipher.decryption_table()))
    return CrackResult(name, key, plain, sol.score, sol.fitness, cipher, cues, others)


def _solve(name: str, text: str, codes: np.ndarray, seed: int) -> Solution:
    if name == "caesar":
        return rank_caesar(codes)[0]
    if name == "atbash":
        return _solution(Atbash(), 25 - codes)
    if name == "affine":
        return rank_affine(codes)[0]
    if name in ("vigenere", "beaufort", "autokey"):
        return solve_vigenere(codes, variant=name, seed=seed)
    if name == "substitution":
        steps = SHORT_WORD_STEPS if len(codes) < SHORT_LETTERS else 0
        return solve_substitution(text, seed=seed, word_steps=steps)
    if name == "playfair":
        return solve_playfair(codes, seed=seed)
    if name == "railfence":
        return solve_railfence(codes)
    if name == "columnar":
        return solve_columnar(codes, seed=seed)
    raise CipherkitError(say("unknown cipher {name}", name=repr(name)))


def _crack_russian(text: str, cipher: str) -> CrackResult:
    """Read a text in Russian letters (Caesar, Vigenère, Beaufort; see the module docs).

    ``auto`` takes a shift that reads as Russian at once; else it reads the text as a
    Vigenère and a Beaufort text and keeps the likelier reading, a key charged
    :data:`~cipherkit.ciphers.frequency.KEY_LETTER_COST` a letter (a one-letter
    Vigenère key is named a Caesar shift).
    """
    if cipher not in RUSSIAN_CIPHER_NAMES:
        raise CipherkitError(
            say(
                "a text in Russian letters is read as {known} only, not {cipher}",
                known=", ".join(RUSSIAN_CIPHER_NAMES),
                cipher=cipher,
            )
        )
    codes = RUSSIAN.codes(text)
    if len(codes) < 4:
        raise CipherkitError(say("the text needs at least 4 letters to crack"))
    ioc = index_of_coincidence(codes, RUSSIAN)
    chi = chi_squared(codes, alphabet=RUSSIAN)
    cues: dict[str, Any] = {
        "letters": len(codes),
        "ioc": round(ioc, 4),
        "chi_squared": round(chi, 1) if math.isfinite(chi) else None,
        "distinct_letters": len(set(codes.tolist())),
        "family": "monoalphabetic" if ioc >= 0.047 or len(codes) < 40 else "polyalphabetic",
    }
    readings: list[tuple[float, str, Solution]] = []
    if cipher in ("auto", "caesar"):
        caesar = rank_shifts(codes)[0]
        if cipher == "caesar" or caesar.fitness > LOOKS_RUSSIAN:
            return _russian_result("caesar", caesar, text, cues)
        readings.append((caesar.score - math.log10(33), "caesar", caesar))
    for name in ("vigenere", "beaufort") if cipher == "auto" else (cipher,):
        sol = solve_vigenere_by_frequency(codes, variant=name)
        key = getattr(sol.cipher, "key", "")
        if name == "vigenere" and len(key) == 1:
            sol = replace(sol, cipher=Caesar(RUSSIAN.index(key), letters=RUSSIAN))
            readings.append((sol.score - math.log10(33), "caesar", sol))
        else:
            readings.append((sol.score - KEY_LETTER_COST * len(key), name, sol))
    name, sol = max(readings, key=lambda r: r[0])[1:]
    return _russian_result(name, sol, text, cues)


def _russian_result(name: str, sol: Solution, text: str, cues: dict[str, Any]) -> CrackResult:
    cipher = sol.cipher
    plain = cipher.decrypt(text)
    key = cipher.to_json()["key"]
    return CrackResult(name, key, plain, sol.score, sol.fitness, cipher, cues, (), "ru")


def crack_text(text: str, cipher: str = "auto", *, seed: int = 0) -> CrackResult:
    """Break ``text``, enciphered with ``cipher`` (a name of :data:`CIPHER_NAMES`).

    ``auto`` identifies the family first and tries its ciphers (:data:`FAMILIES`),
    keeping the reading that looks most like English; if none does, it tries the other
    families too. Raises :class:`CipherkitError` (one line) for an unknown
    cipher name or a text with too few letters.

    Examples
    --------
    >>> from cipherkit.ciphers.classical import Caesar
    >>> result = crack_text(Caesar(10).encrypt("Never trust a message that arrives by pigeon"))
    >>> result.cipher, result.key, result.plaintext
    ('caesar', 10, 'Never trust a message that arrives by pigeon')
    >>> crack_text("hello", cipher="enigma")
    Traceback (most recent call last):
    ...
    cipherkit.core.errors.CipherkitError: unknown cipher 'enigma' (...)
    >>> ru = crack_text("Фхнжйч нм зежетн, зий ьеопн цфдч те цжедъ!")  # Russian letters
    >>> ru.cipher, ru.key, ru.plaintext
    ('caesar', 5, 'Привет из гавани, где чайки спят на сваях!')
    """
    if cipher not in CIPHER_NAMES:
        raise CipherkitError(
            say("unknown cipher {name} ({known})", name=repr(cipher), known=", ".join(CIPHER_NAMES))
        )
    check_text(text)
    if detect_alphabet(text) is RUSSIAN:
        return _crack_russian(text, cipher)
    codes = letter_codes(text)
    if len(codes) < 4:
        raise CipherkitError(say("the text needs at least 4 letters to crack"))
    if cipher == "playfair" and len(codes) % 2:
        raise CipherkitError(say("Playfair ciphertext has an even number of letters"))
    cues = identify(text)
    if cipher != "auto":
        return _result(cipher, _solve(cipher, text, codes, seed), text, cues)
    # a shift that reads as English settles it, whatever the cues say (they are noisy
    # on short texts), and costs 26 tries
    caesar = _solve("caesar", text, codes, seed)
    if caesar.fitness > LOOKS_ENGLISH:
        return _result("caesar", caesar, text, cues)
    solved = {"caesar": caesar}

    def family_best(family: str) -> tuple[str, Solution]:
        if family == "monoalphabetic":
            return _simplest_monoalphabetic(text, codes, seed, solved)
        if family == "playfair":
            return playfair_best()
        best: tuple[str, Solution] | None = None
        for name in FAMILIES[family]:
            if name not in solved:
                solved[name] = _solve(name, text, codes, seed)
            fitness = solved[name].fitness
            if best is None or fitness > best[1].fitness + 0.05:
                best = (name, solved[name])
        assert best is not None
        return best

    def playfair_best() -> tuple[str, Solution]:
        # Playfair's cues are strong: only a reading that looks like English beats them;
        # the other ciphers are tried first (they are quick), and if one reads as
        # English the Playfair solver (the slowest) is not run
        english: tuple[str, Solution] | None = None
        for name in FAMILIES["playfair"][1:]:
            if name not in solved:
                solved[name] = _solve(name, text, codes, seed)
            fitness = solved[name].fitness
            if fitness > LOOKS_ENGLISH and (english is None or fitness > english[1].fitness):
                english = (name, solved[name])
        if english is not None:
            return english
        if "playfair" not in solved:
            solved["playfair"] = _solve("playfair", text, codes, seed)
        return "playfair", solved["playfair"]

    name, sol = family_best(cues["family"])
    # the cues may have misled (index of coincidence and letter counts are noisy on short
    # texts): try the other families. Not after Playfair's cues, which chance seldom
    # gives, and whose solver needs long texts: there a failed reading is expected.
    if sol.fitness < UNSOLVED and cues["family"] != "playfair":
        playfair_cues = cues["even_length"] and not cues["has_j"]
        for family in FAMILIES:
            if family == cues["family"] or (family == "playfair" and not playfair_cues):
                continue
            other, other_sol = family_best(family)
            if _evidence(other, other_sol, len(codes)) > _evidence(name, sol, len(codes)):
                name, sol = other, other_sol
    return _result(name, sol, text, cues)


def _evidence(name: str, sol: Solution, n: int) -> float:
    """How much a reading of ``n`` letters says for its cipher: its quadgram score less
    log10 of the number of keys its cipher had to choose from (a cipher with more keys
    fits any short text better, by chance)."""
    cipher = sol.cipher
    if name in KEYS_LOG10:
        keys = KEYS_LOG10[name]
    elif isinstance(cipher, Vigenere):  # and Beaufort, autokey: a length, 26 per letter
        lengths = max(1, min(MAX_KEY_LENGTH, n // 3))
        keys = math.log10(lengths) + len(cipher.key) * math.log10(26)
    elif isinstance(cipher, Columnar):  # a width from 2, an order of the columns
        keys = math.log10(MAX_COLUMNS - 1) + math.log10(math.factorial(len(cipher.key)))
    elif isinstance(cipher, RailFence):  # rails from 2, 2 (rails - 1) offsets each
        rails = max(3, min(MAX_RAILS, n))
        keys = math.log10(rails * (rails - 1))
    else:  # Playfair: the squares
        keys = math.log10(math.factorial(25))
    return sol.score - keys


def _simplest_monoalphabetic(
    text: str, codes: np.ndarray, seed: int, solved: dict[str, Solution]
) -> tuple[str, Solution]:
    """Atbash, Caesar, affine or general substitution (solved now unless in ``solved``,
    which keeps them): the reading with the best :func:`_evidence`. A general
    substitution can fit any short text better than a shift can, but it has 26! keys to
    choose from: it must beat the shift by that much (about 25 in log10 probability) to
    be believed. Atbash has one key: its reading, which is also affine's a=25, b=25, is
    named Atbash."""
    best: tuple[float, str, Solution] | None = None
    for name in FAMILIES["monoalphabetic"]:
        if name == "substitution" and best is not None and best[2].fitness > LOOKS_ENGLISH:
            break  # an affine reading already looks like English
        if name not in solved:
            solved[name] = _solve(name, text, codes, seed)
        value = _evidence(name, solved[name], len(codes))
        if best is None or value > best[0]:
            best = (value, name, solved[name])
    assert best is not None
    return best[1], best[2]
