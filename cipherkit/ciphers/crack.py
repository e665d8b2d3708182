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
from cipherkit.ciphers.budget import TIME_LIMIT, Budget, ProgressFunction
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
from cipherkit.ciphers.substitution_solver import WORD_ANNEAL_LETTERS
from cipherkit.ciphers.text import check_text, letter_codes
from cipherkit.ciphers.vigenere_solver import MAX_KEY_LENGTH
from cipherkit.core.errors import CipherkitError
from cipherkit.i18n import _

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
SHORT_WORD_STEPS = 200
"""``word_steps`` of the substitution solver on a ciphertext without word breaks and
under :data:`~cipherkit.ciphers.substitution_solver.WORD_ANNEAL_LETTERS` letters (its
compiled path: word-by-word readings and annealing on words; 5 to 10 s here). Every
such text gets it, whatever its length: until issue #49 only texts under 60 letters did,
and 60-letter texts were read less often than 50-letter ones (28/40 against 32/40)."""
LETTERS_PER_KEY_LETTER = 5
"""Letters of text per key letter below which a Vigenère-family reading says nothing for
its cipher (:func:`_evidence`): with fewer, each key letter is chosen to fit a handful of
letters, and nonsense fits (dev substitution texts of 40-44 letters: readings with keys
of 10-12 letters beat the right substitution; experience says about 4 letters a key
letter are the least that can be read)."""
PLAYFAIR_LETTERS = 60
"""Fewest letters on which ``auto`` tries Playfair when the cues named another family
(the solver reads almost nothing shorter, and a square fits a short text's letters by
chance)."""
CUES_LETTERS = 40
"""Fewest letters whose cues :func:`identify` reads: a shorter text is taken for
monoalphabetic (its index of coincidence says little)."""
UNSOLVED = -1.5
"""Quadgram fitness below which ``auto`` tries the other families on a text shorter than
:data:`CUES_LETTERS` (on so few letters a Vigenère-family key fits nonsense better than
the true shift fits the text: only a failed reading is doubted)."""
CERTAIN = LOOKS_ENGLISH
"""Quadgram fitness above which a reading is certain: ``auto`` then stops; below it, the
reading is weak and ``auto`` tries the other families that fit the cues too, within the
same time budget, keeping the reading with the best :func:`_evidence` (until issue #49 it
did so only below -1.5, and wrong readings above that cut kept the right cipher from
being tried)."""
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
    tried: tuple[str, ...] = ()
    """The ciphers solved on the way, in order (``auto`` may try several)."""
    seconds: float = field(default=0.0, compare=False, repr=False)
    """Wall-clock seconds the crack took (not part of the reading: two cracks of one text
    with one seed are equal, and a result kept for a class is the one computed afresh)."""
    cancelled: bool = False
    """Whether the caller cancelled the search (the reading is then the best so far)."""
    timed_out: bool = field(default=False, compare=False, repr=False)
    """Whether the time limit ran out (a search may have been cut short: on a busier or
    slower machine the same call may read less far, so such a result is never shared)."""

    def to_json(self) -> dict[str, Any]:
        """The result as a JSON-safe dict (what ``cipherkit crack --json`` prints)."""
        extra = {} if self.alphabet == "en" else {"alphabet": self.alphabet}
        return (
            extra
            | {
                "cipher": self.cipher,
                "key": self.key,
                "key_text": self.cipher_value.key_text(),
                "plaintext": self.plaintext,
                "score": round(self.score, 3),
                "fitness": round(self.fitness, 3) if math.isfinite(self.fitness) else None,
                "cues": self.cues,
                "alternatives": [reading.to_json() for reading in self.alternatives],
                "tried": list(self.tried),
                "seconds": self.seconds,
            }
            | ({"cancelled": True} if self.cancelled else {})
            | ({"timed_out": True} if self.timed_out else {})
        )

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
    elif ioc >= 0.055 or n < CUES_LETTERS:
        family = "monoalphabetic"
    elif n % 2 == 0 and not has_j and doubled_pairs == 0:
        family = "playfair"
    else:
        family = "polyalphabetic"
    cues["family"] = family
    return cues


def _result(
    name: str, sol: Solution, text: str, cues: dict[str, Any], budget: Budget
) -> CrackResult:
    cipher = sol.cipher
    plain = sol.plaintext
    if name != "playfair":
        plain = cipher.decrypt(text)
    key = cipher.to_json()["key"]
    others: tuple[Reading, ...] = ()
    if name == "substitution" and isinstance(cipher, Substitution):
        others = tuple(other_readings(text, cipher.decryption_table()))
    return CrackResult(
        name,
        key,
        plain,
        sol.score,
        sol.fitness,
        cipher,
        cues,
        others,
        tried=tuple(budget.tried),
        seconds=round(budget.elapsed(), 3),
        cancelled=budget.cancelled,
        timed_out=budget.spent(),
    )


def _solve(name: str, text: str, codes: np.ndarray, seed: int, budget: Budget) -> Solution:
    """Solve ``text`` as cipher ``name`` within what is left of ``budget``."""
    budget.tried.append(name)
    sol = _solver(name, text, codes, seed, budget)
    budget.tell(name, sol)
    return sol


def _solver(name: str, text: str, codes: np.ndarray, seed: int, budget: Budget) -> Solution:
    if name == "caesar":
        return rank_caesar(codes)[0]
    if name == "atbash":
        return _solution(Atbash(), 25 - codes)
    if name == "affine":
        return rank_affine(codes)[0]
    if name in ("vigenere", "beaufort", "autokey"):
        return solve_vigenere(codes, variant=name, seed=seed)
    report = budget.reporter(name)
    if name == "substitution":
        left = budget.remaining()
        steps = SHORT_WORD_STEPS if len(codes) < WORD_ANNEAL_LETTERS and left > 0 else 0
        return solve_substitution(text, seed=seed, word_steps=steps, time_limit=left, report=report)
    if name == "playfair":
        return solve_playfair(codes, seed=seed, time_limit=budget.remaining(), report=report)
    if name == "railfence":
        return solve_railfence(codes)
    if name == "columnar":
        return solve_columnar(codes, seed=seed)
    raise CipherkitError.say("unknown cipher {name}", name=repr(name))


def _crack_russian(text: str, cipher: str) -> CrackResult:
    """Read a text in Russian letters (Caesar, Vigenère, Beaufort; see the module docs).

    ``auto`` takes a shift that reads as Russian at once; else it reads the text as a
    Vigenère and a Beaufort text and keeps the likelier reading, a key charged
    :data:`~cipherkit.ciphers.frequency.KEY_LETTER_COST` a letter (a one-letter
    Vigenère key is named a Caesar shift).
    """
    if cipher not in RUSSIAN_CIPHER_NAMES:
        raise CipherkitError.say(
            "a text in Russian letters is read as {known} only, not {cipher}",
            known=", ".join(RUSSIAN_CIPHER_NAMES),
            cipher=cipher,
        )
    codes = RUSSIAN.codes(text)
    if len(codes) < 4:
        raise CipherkitError.say("the text needs at least 4 letters to crack")
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


def crack_text(
    text: str,
    cipher: str = "auto",
    *,
    seed: int = 0,
    time_limit: float = TIME_LIMIT,
    progress: ProgressFunction | None = None,
) -> CrackResult:
    """Break ``text``, enciphered with ``cipher`` (a name of :data:`CIPHER_NAMES`).

    ``auto`` identifies the family first and tries its ciphers (:data:`FAMILIES`),
    keeping the reading that looks most like English; if that reading is not certain
    (:data:`CERTAIN`), it tries the other families that fit the cues too and keeps the
    best. The slow solvers (substitution, Playfair) share ``time_limit`` seconds
    (wall-clock; Playfair stops sooner only once its reading looks like English);
    ``progress``, if given, is told of the best reading so far as the search runs
    (:class:`~cipherkit.ciphers.budget.Progress`) and cancels it by returning True.
    Raises :class:`CipherkitError` (one line) for an unknown cipher name or a text
    with too few letters.

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
        raise CipherkitError.say(
            "unknown cipher {name} ({known})", name=repr(cipher), known=", ".join(CIPHER_NAMES)
        )
    check_text(text)
    if detect_alphabet(text) is RUSSIAN:
        return _crack_russian(text, cipher)
    codes = letter_codes(text)
    if len(codes) < 4:
        raise CipherkitError.say("the text needs at least 4 letters to crack")
    if cipher == "playfair" and len(codes) % 2:
        raise CipherkitError.say("Playfair ciphertext has an even number of letters")
    if not time_limit > 0:
        raise CipherkitError.say("the time limit must be more than 0 seconds")
    budget = Budget(time_limit, progress)
    cues = identify(text)
    if cipher != "auto":
        return _result(cipher, _solve(cipher, text, codes, seed, budget), text, cues, budget)
    # a shift that reads as English settles it, whatever the cues say (they are noisy
    # on short texts), and costs 26 tries
    caesar = _solve("caesar", text, codes, seed, budget)
    if caesar.fitness > LOOKS_ENGLISH:
        return _result("caesar", caesar, text, cues, budget)
    solved = {"caesar": caesar}
    n = len(codes)

    def family_best(family: str) -> tuple[str, Solution]:
        if family == "monoalphabetic":
            return _simplest_monoalphabetic(text, codes, seed, solved, budget)
        best: tuple[str, Solution] | None = None
        for name in FAMILIES[family]:
            if name == "playfair":
                continue  # last, with what is left of the budget (below)
            if name not in solved:
                solved[name] = _solve(name, text, codes, seed, budget)
            fitness = solved[name].fitness
            if best is None or fitness > best[1].fitness + 0.05:
                best = (name, solved[name])
        if family == "playfair" and (best is None or best[1].fitness <= LOOKS_ENGLISH):
            # Playfair's cues are strong: only a quick reading that looks like English
            # beats them, and then the Playfair solver (the slowest) is not run
            if "playfair" not in solved and not budget.cancelled:
                solved["playfair"] = _solve("playfair", text, codes, seed, budget)
            if "playfair" in solved:
                best = ("playfair", solved["playfair"])
        assert best is not None
        return best

    name, sol = family_best(cues["family"])
    # a weak reading: the cues may have misled (index of coincidence and letter counts
    # are noisy on short texts), so the other families that fit them are tried too,
    # quickest first, and the reading with the best evidence is kept
    weak = CERTAIN if n >= CUES_LETTERS else UNSOLVED
    for family in _other_families(cues, n):
        if sol.fitness > weak or budget.cancelled:
            break
        other, other_sol = family_best(family)
        if _evidence(other, other_sol, n) > _evidence(name, sol, n):
            name, sol = other, other_sol
    return _result(name, sol, text, cues, budget)


def _other_families(cues: dict[str, Any], n: int) -> list[str]:
    """The families ``auto`` tries after a weak reading of the one the cues named, in
    order: the quick ones first, Playfair last (given what is left of the budget), and
    Playfair only when the text could be one (an even number of letters, no J, no
    doubled letter in a pair) and has :data:`PLAYFAIR_LETTERS` letters or more.

    >>> _other_families(identify("WKH TXLFN EURZQ IRA MXPSV RYHU WKH ODCB GRJ"), 33)
    ['polyalphabetic', 'transposition']
    """
    playfair = (
        cues["even_length"]
        and not cues["has_j"]
        and cues["doubled_pairs"] == 0
        and n >= PLAYFAIR_LETTERS
    )
    order = ("monoalphabetic", "polyalphabetic", "transposition", "playfair")
    return [f for f in order if f != cues["family"] and (f != "playfair" or playfair)]


def _evidence(name: str, sol: Solution, n: int) -> float:
    """How much a reading of ``n`` letters says for its cipher: its quadgram score less
    log10 of the number of keys its cipher had to choose from (a cipher with more keys
    fits any short text better, by chance); nothing (-inf) for a Vigenère-family key
    longer than a :data:`LETTERS_PER_KEY_LETTER` th of the text."""
    cipher = sol.cipher
    if name in KEYS_LOG10:
        keys = KEYS_LOG10[name]
    elif isinstance(cipher, Vigenere):  # and Beaufort, autokey: a length, 26 per letter
        if len(cipher.key) * LETTERS_PER_KEY_LETTER > n:
            return -math.inf  # too long a key for the text: it fits anything
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
    text: str, codes: np.ndarray, seed: int, solved: dict[str, Solution], budget: Budget
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
            solved[name] = _solve(name, text, codes, seed, budget)
        value = _evidence(name, solved[name], len(codes))
        if best is None or value > best[0]:
            best = (value, name, solved[name])
    assert best is not None
    return best[1], best[2]
