"""A cipher workbench for lessons and Voila pages.

Design notes: ``docs/design-notes.md``, ``cipherkit.widgets.workbench``.

The workbench speaks its viewer's language (``lang``) and works over an alphabet:
``alphabet="ru"`` or ``"en"`` if given; else the alphabet of its text's letters (a
Russian text: the 33 Russian letters, Ё its own letter), and for a text without
letters, the alphabet of its language (Russian for ``lang="ru"``). A text typed in
another alphabet moves the workbench to it (unless ``alphabet`` was given).

>>> bench = Workbench(text="Wkh hdjoh kdv odqghg", cipher="caesar", key="3")
>>> bench.handle_message({"type": "run", "direction": "decrypt"})
>>> bench.view["output"]
'The eagle has landed'
>>> bench.handle_message({"type": "assign", "cipher_letter": "W", "plain_letter": "t"})
>>> bench.view["preview"][:3]
'T··'
>>> bench.handle_message({"type": "set", "cipher": "enigma"})
>>> bench.message
"refused: unknown cipher 'enigma'"
>>> ru = Workbench(text="Тулезх, плу!", cipher="caesar", key="3", lang="ru")
>>> ru.handle_message({"type": "run", "direction": "decrypt"})
>>> ru.view["output"], ru.view["alphabet"], len(ru.view["letters"]), ru.words["encrypt"]
('Привет, мир!', 'ru', 33, 'Зашифровать')
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, ClassVar, cast

import numpy as np

from cipherkit.ciphers import (
    CIPHERS,
    LATIN,
    RUSSIAN,
    Affine,
    Alphabet,
    Atbash,
    Caesar,
    Cipher,
    RailFence,
    Reading,
    Substitution,
    detect_alphabet,
    letter_frequencies,
    other_readings,
    solve_substitution,
)
from cipherkit.ciphers.stats import reference_letters
from cipherkit.ciphers.text import ALPHABET
from cipherkit.core.errors import CipherkitError
from cipherkit.i18n import N_, _, ngettext, pgettext
from cipherkit.i18n.letters import fold_like
from cipherkit.widgets.frontend import widget_files
from cipherkit.widgets.guard import CostGuard, GuardedWidget, Refused, check_envelope
from cipherkit.widgets.workbench_search import Search, idle_view

__all__ = ["WORKBENCH_CIPHERS", "Workbench", "make_cipher"]

MAX_MESSAGE_CHARS = 4000
MAX_TEXT_CHARS = 2000
WORKBENCH_CIPHERS = (
    "caesar",
    "atbash",
    "affine",
    "keyword",
    "vigenere",
    "beaufort",
    "autokey",
    "playfair",
    "railfence",
    "columnar",
)
LATIN_ONLY = ("playfair",)
"""Workbench ciphers with no Russian form (Playfair's square is 5x5 Latin letters)."""


def cipher_titles(names: tuple[str, ...] = WORKBENCH_CIPHERS) -> dict[str, str]:
    """The menu's names of the workbench ciphers, in the language in force (English: the
    names themselves).

    >>> from cipherkit.i18n import speaking
    >>> with speaking("ru"):
    ...     cipher_titles(("caesar", "vigenere"))
    {'caesar': 'Цезарь', 'vigenere': 'Виженер'}
    """
    titles = {
        "caesar": pgettext("cipher", "caesar"),
        "atbash": pgettext("cipher", "atbash"),
        "affine": pgettext("cipher", "affine"),
        "keyword": pgettext("cipher", "keyword"),
        "vigenere": pgettext("cipher", "vigenere"),
        "beaufort": pgettext("cipher", "beaufort"),
        "autokey": pgettext("cipher", "autokey"),
        "playfair": pgettext("cipher", "playfair"),
        "railfence": pgettext("cipher", "railfence"),
        "columnar": pgettext("cipher", "columnar"),
    }
    return {name: titles[name] for name in names}


def search_cipher_title(name: str) -> str:
    """The name of a cipher ``crack`` may read a text as, in the language in force.

    >>> search_cipher_title("substitution"), search_cipher_title("vigenere")
    ('substitution', 'vigenere')
    """
    if name == "substitution":
        return pgettext("cipher", "substitution")
    return cipher_titles(WORKBENCH_CIPHERS).get(name, name)


def ciphers_over(alphabet: Alphabet) -> tuple[str, ...]:
    """The workbench ciphers that work over ``alphabet``.

    >>> "playfair" in ciphers_over(RUSSIAN), len(ciphers_over(LATIN))
    (False, 10)
    """
    return tuple(c for c in WORKBENCH_CIPHERS if alphabet is LATIN or c not in LATIN_ONLY)


def make_cipher(name: str, key: str, alphabet: Alphabet = LATIN) -> Cipher:
    """A cipher from the workbench's two fields (key as typed), over ``alphabet``.

    >>> make_cipher("affine", "5,8")
    Affine(a=5, b=8)
    >>> make_cipher("railfence", "3")
    RailFence(rails=3, offset=0)
    >>> make_cipher("keyword", "шифр", RUSSIAN).key[:6]
    'ШИФРАБ'
    >>> make_cipher("vigenere", "LEMON", RUSSIAN)
    Traceback (most recent call last):
    ...
    cipherkit.core.errors.CipherkitError: the key must be written in the letters А-Я
    """
    key = key.strip()
    abc = alphabet
    try:
        if name == "caesar":
            return Caesar(int(key or "0"), letters=abc)
        if name == "atbash":
            return Atbash(letters=abc)
        if name == "affine":
            a, b = (int(x) for x in key.replace(" ", "").split(","))
            return Affine(a, b, letters=abc)
        if name == "railfence":
            return RailFence(int(key or "3"), letters=abc)
    except ValueError:
        title = cipher_titles((name,))[name]
        raise CipherkitError.say(
            "the {name} key is a number (or 'a,b' for affine)", name=title
        ) from None
    if name not in WORKBENCH_CIPHERS:
        raise CipherkitError.say("unknown cipher {name}", name=repr(name))
    if abc is not LATIN and abc.count_in(key) < LATIN.count_in(key):
        raise CipherkitError.say(
            "the key must be written in the letters {first}-{last}",
            first=abc.letters[0],
            last=abc.letters[-1],
        )
    if name == "keyword":
        cipher: Cipher = Substitution.from_keyword(key, letters=abc)
    else:  # the rest (vigenere, beaufort, autokey, playfair, columnar): the key as typed
        cipher = cast(Callable[..., Cipher], CIPHERS[name])(key, letters=abc)
    if cipher.letters is not abc:  # a Russian key for a Latin text
        raise CipherkitError.say("the key must be written in the letters A-Z")
    return cipher


@dataclass(frozen=True)
class _Solved:
    """The solver's reading of one text, kept for its hints: the plain letter of each
    ciphertext letter, the other readings that fit almost as well, and whether the
    reading is the substitution solver's guess (else a guess from letter frequencies)."""

    text: str
    plain_of: dict[str, str]
    readings: tuple[Reading, ...]
    letters: str = ALPHABET
    solver: bool = True

    def doubt(self, codes: np.ndarray, letter: int) -> Reading | None:
        """The closest other reading that reads ciphertext ``letter`` (a code, present in
        ``codes``) otherwise.

        >>> other = Reading("AC", 1.0, (("B", "C"),))  # reads ciphertext b as C
        >>> solved = _Solved("ab", {"A": "A", "B": "B"}, (other,))
        >>> solved.doubt(np.array([0, 1]), 1) is other, solved.doubt(np.array([0, 1]), 0)
        (True, None)
        """
        first = int(np.flatnonzero(codes == letter)[0])  # a key reads it alike everywhere
        mine = self.plain_of[self.letters[letter]]
        return next((r for r in self.readings if r.plaintext[first] != mine), None)


def _solve(text: str) -> _Solved:
    """The solver's reading of ``text`` (the expensive part of a hint)."""
    solution = solve_substitution(text, seed=0, chains=24, steps=600, max_runs=1)
    assert isinstance(solution.cipher, Substitution)
    table = solution.cipher.decryption_table()
    return _Solved(
        text,
        {c: ALPHABET[int(table[i])] for i, c in enumerate(ALPHABET)},
        tuple(other_readings(text, table)),
    )


def _solve_russian(text: str, cipher: str) -> _Solved:
    """A Russian text's reading by letter frequencies (:mod:`cipherkit.ciphers.frequency`):
    every shift or affine key tried, a keyword substitution annealed on bigrams."""
    from cipherkit.ciphers.frequency import (
        best_affine,
        rank_shifts,
        solve_substitution_by_frequency,
    )

    if cipher == "caesar":
        found: Cipher = rank_shifts(text)[0].cipher
    elif cipher == "atbash":
        found = Atbash(letters=RUSSIAN)
    elif cipher == "affine":
        found = best_affine(text).cipher
    else:
        found = solve_substitution_by_frequency(text).cipher
    assert isinstance(found, Caesar | Atbash | Affine | Substitution)
    table = found.decryption_table()
    abc = RUSSIAN.letters
    plain_of = {c: abc[int(table[i])] for i, c in enumerate(abc)}
    return _Solved(text, plain_of, (), abc, solver=cipher != "keyword")


KEY_HINT_CIPHERS = ("vigenere", "beaufort")
"""Ciphers whose hint is a letter of the key (one per column), not a board letter."""
BOARD_CIPHERS = ("caesar", "atbash", "affine", "keyword")
"""Ciphers that replace each letter by one other letter: the substitution board (and
its hint) is for them; the other ciphers' pages show no board."""


def _solve_key(text: str, cipher: str, alphabet: Alphabet = LATIN) -> str:
    """The key the Vigenère (or Beaufort) solver reads ``text`` with."""
    if alphabet is RUSSIAN:
        from cipherkit.ciphers.frequency import solve_vigenere_by_frequency

        solution = solve_vigenere_by_frequency(text, variant=cipher)
    else:
        from cipherkit.ciphers.solvers import solve_vigenere

        solution = solve_vigenere(text, variant=cipher)
    return str(getattr(solution.cipher, "key", ""))


def key_hint(solved: str, typed: str) -> str:
    """The hint for the first letter of the solver's key ``solved`` that the key the
    student ``typed`` does not have yet.

    >>> key_hint("LEMON", "")
    'hint: the key looks 5 letters long. Its letter 1 shifts letters 1, 6, 11, ... of the \
text: the solver reads that column with key letter L.'
    >>> key_hint("LEMON", "LXMON")
    'hint: the key looks 5 letters long. Its letter 2 shifts letters 2, 7, 12, ... of the \
text: the solver reads that column with key letter E.'
    >>> key_hint("LEMON", "lemon")
    'hint: your key agrees with the solver: LEMON.'
    """
    typed = typed.upper()
    n = len(solved)
    if not n:
        return _("hint: the solver found no key for this text.")
    for i, letter in enumerate(solved):
        if i >= len(typed) or typed[i] != letter:
            return ngettext(
                "hint: the key looks {n} letter long. Its letter {index} shifts letters "
                "{index}, {second}, {third}, ... of the text: the solver reads that column "
                "with key letter {letter}.",
                "hint: the key looks {n} letters long. Its letter {index} shifts letters "
                "{index}, {second}, {third}, ... of the text: the solver reads that column "
                "with key letter {letter}.",
                n,
                index=i + 1,
                second=i + 1 + n,
                third=i + 1 + 2 * n,
                letter=letter,
            )
    return _("hint: your key agrees with the solver: {key}.", key=solved)


def _also(reading: Reading | None) -> str:
    """A hint's note on another reading that fits almost as well (if any).

    >>> _also(Reading("", 3.0, (("STORY", "STORM"),)))
    ' Also fits: STORY -> STORM, about 1000 times less likely by the model.'
    """
    if reading is None:
        return ""
    note = _(
        "Also fits: {changed}, {likelihood}.",
        changed=reading.changed,
        likelihood=reading.likelihood,
    )
    return " " + note


class Workbench(GuardedWidget):
    """The cipher workbench (see the module docs).

    Parameters
    ----------
    text, cipher, key:
        The starting text, cipher name (:data:`WORKBENCH_CIPHERS`) and key.
    secret:
        A plaintext kept in the kernel: the workbench starts from its encryption under
        ``cipher``/``key``, and hides both the plaintext and the key (students break it;
        the text cannot be replaced).
    alphabet:
        ``"en"`` (A-Z) or ``"ru"`` (the 33 Russian letters): the workbench works over it
        whatever its text. Default: the alphabet of the text's letters (of the secret's),
        else of the workbench's language.
    search:
        Show **Crack**, the anytime search (:mod:`.workbench_search`): ``crack`` runs in
        the kernel and the page shows its best reading so far, until Cancel. Off by
        default: a lesson whose exercise is the workbench's text would be solved at a
        click; never on a ``secret``'s workbench.
    **kwargs:
        The widget's own: ``lang``, the viewer's language (default: the language in
        force; :class:`~cipherkit.widgets.guard.GuardedWidget`).
    """

    label = "workbench"
    reset_text = N_("the page may not change the workbench; it has been reset")
    error_text = N_("something went wrong in the kernel")
    WORDS: ClassVar[Mapping[str, str]] = {
        "text_label": N_("text"),
        "cipher_label": N_("cipher"),
        "key_label": N_("key"),
        "key_hidden": N_("key hidden: break it!"),
        "encrypt": N_("Encrypt"),
        "decrypt": N_("Decrypt"),
        "plain_letter_for": N_("plain letter for {letter}"),
        "thinking": N_("the solver is thinking…"),
        "board_title": N_("Substitution board"),
        "key_title": N_("The key, one letter a hint"),
        "hint": N_("Hint"),
        "clear": N_("Clear"),
        "search_title": N_("Crack it: the best reading so far"),
        "crack": N_("Crack"),
        "cancel": N_("Cancel"),
        "search_running": N_("searching: {cipher}, {seconds} of {limit} s"),
        "search_done": N_("read as {cipher} in {seconds} s: {key}"),
        "search_cancelled": N_("cancelled after {seconds} s: the best reading so far"),
        "search_progress": N_("search time used"),
    }

    _esm, _css = widget_files("workbench")

    def __init__(
        self,
        text: str = "",
        cipher: str = "caesar",
        key: str = "3",
        *,
        secret: str | None = None,
        alphabet: str | Alphabet | None = None,
        search: bool = False,
        **kwargs: Any,
    ) -> None:
        if cipher not in WORKBENCH_CIPHERS:
            raise CipherkitError.say("unknown cipher {name}", name=repr(cipher))
        fixed = None if alphabet is None else Alphabet.of(alphabet)
        super().__init__(**kwargs)
        self._fixed = fixed
        start = secret if secret is not None else text
        self._alphabet = fixed or detect_alphabet(start, self._language_alphabet())
        if cipher not in ciphers_over(self._alphabet):
            raise CipherkitError.say("Playfair works over the Latin alphabet A-Z only")
        self._cipher_name = cipher
        self._locked = secret is not None
        if secret is not None:
            encrypted = make_cipher(cipher, key, self._alphabet).encrypt(secret)
            self._text = encrypted[:MAX_TEXT_CHARS]
            self._key = ""  # the student's key; the true one is not kept at all
        else:
            self._text = text[:MAX_TEXT_CHARS]
            self._key = key
        self._output = ""
        self._board: dict[str, str] = {}
        self._solved: _Solved | None = None
        self._key_solved: tuple[str, str, str] | None = None
        self._solver = CostGuard("hint")
        self._search = Search(self._show_search, speak=self.speaking)
        self._searchable = bool(search) and secret is None
        self._search_view = idle_view() | {"title": ""}
        self._view_lock = threading.Lock()  # the search's thread writes the view too
        with self.speaking():
            self._publish()

    def _language_alphabet(self) -> Alphabet:
        """The alphabet of the workbench's language (Russian for ``ru``, else Latin)."""
        return RUSSIAN if self.lang == "ru" else LATIN

    @property
    def alphabet(self) -> Alphabet:
        """The alphabet the workbench works over (:data:`~cipherkit.ciphers.LATIN` or
        :data:`~cipherkit.ciphers.RUSSIAN`)."""
        return self._alphabet

    # ------------------------------------------------------------------ messages
    def _handle(self, content: Any, buffers: Any) -> None:
        msg = check_envelope(content, buffers, MAX_MESSAGE_CHARS)
        for value in msg.values():
            if not isinstance(value, str):
                raise Refused("refused: " + _("message fields are text"))
        note = self._act(msg)
        self._publish()
        self._say(note)

    def _say(self, text: str) -> None:
        if text and self.message == text:  # a repeated note still reaches the page
            self.message = ""
        self.message = text

    def _set(self, msg: dict[str, str]) -> None:
        """A new text, cipher or key (the alphabet follows a new text unless fixed)."""
        if "cipher" in msg and msg["cipher"] not in WORKBENCH_CIPHERS:
            raise Refused("refused: " + _("unknown cipher {name}", name=repr(msg["cipher"][:20])))
        if "text" in msg and self._locked:
            raise Refused("refused: " + _("this workbench's text is fixed: break it!"))
        alphabet = self._alphabet
        if "text" in msg and self._fixed is None:
            alphabet = detect_alphabet(msg["text"][:MAX_TEXT_CHARS], self._alphabet)
        cipher = msg.get("cipher", self._cipher_name)
        if cipher not in ciphers_over(alphabet):
            raise Refused("refused: " + _("Playfair works over the Latin alphabet A-Z only"))
        if "text" in msg:
            self._text = msg["text"][:MAX_TEXT_CHARS]
            if alphabet is not self._alphabet:
                self._alphabet, self._board = alphabet, {}
        self._cipher_name = cipher
        if "key" in msg:
            self._key = msg["key"][:60]

    def _act(self, msg: dict[str, str]) -> str:
        kind = msg.get("type")
        if kind == "set":
            self._set(msg)
            return ""
        if kind == "run":
            direction = msg.get("direction")
            if direction not in ("encrypt", "decrypt"):
                raise Refused("refused: " + _("direction is encrypt or decrypt"))
            try:
                cipher = make_cipher(self._cipher_name, self._key, self._alphabet)
                run = cipher.encrypt if direction == "encrypt" else cipher.decrypt
                self._output = run(self._text)
            except CipherkitError as exc:
                raise Refused(f"refused: {exc}") from None
            return ""
        if kind == "assign":
            self._assign(msg.get("cipher_letter", ""), msg.get("plain_letter", ""))
            return ""
        if kind == "hint":
            return self._hint()
        if kind == "clear":
            self._board = {}
            return ""
        if kind == "crack":
            self._crack()
            return ""
        if kind == "cancel":
            self._search.cancel()
            return ""
        raise Refused("refused: " + _("unknown message type"))

    def _assign(self, cipher_letter: str, plain_letter: str) -> None:
        letters = self._alphabet.letters
        # a look-alike of the other script typed (Е for E) is the board's own letter
        c, p = (fold_like(x, letters).upper() for x in (cipher_letter, plain_letter))
        if len(c) != 1 or c not in letters or (p and (len(p) != 1 or p not in letters)):
            raise Refused(
                "refused: "
                + (
                    _("assign one letter A-Z to one letter A-Z")
                    if self._alphabet is LATIN
                    else _(
                        "assign one letter {first}-{last} to one letter {first}-{last}",
                        first=letters[0],
                        last=letters[-1],
                    )
                )
            )
        for other, plain in list(self._board.items()):
            if plain == p and other != c:
                del self._board[other]
        if p:
            self._board[c] = p
        else:
            self._board.pop(c, None)

    def _crack(self) -> None:
        """Start the anytime search (:mod:`.workbench_search`) on the text: not on a
        text that is a puzzle to break (its answer would be given away)."""
        if self._locked:
            raise Refused("refused: " + _("this workbench's text is a puzzle: no crack here"))
        if not self._searchable:
            raise Refused("refused: " + _("this workbench has no search"))
        if len(self._codes()) < 20:
            raise Refused("refused: " + _("a search needs at least 20 letters of ciphertext"))
        self._search.start(self._text)

    @property
    def search(self) -> dict[str, Any]:
        """The anytime search as the page sees it (the view's ``search``): its state,
        the cipher tried (and its ``title``), seconds of the budget used, the reading so
        far (:mod:`.workbench_search`)."""
        return dict(self._search_view)

    def _show_search(self, view: dict[str, Any]) -> None:
        """Put a search view on the page (called from the search's thread)."""
        with self.speaking():
            title = search_cipher_title(view["cipher"]) if view["cipher"] else ""
        with self._view_lock:
            self._search_view = view | {"title": title}
            self.view = self.view | {"search": self._search_view}

    def _codes(self) -> np.ndarray:
        """The text's letter codes (over the workbench's alphabet)."""
        return self._alphabet.codes(self._text)

    def _key_hint(self) -> str:
        """A Vigenère or Beaufort text: the solver's key letter for the first column whose
        letter the student's key does not have yet (one letter a hint)."""
        if len(self._codes()) < 20:
            raise Refused("refused: " + _("hints need at least 20 letters of ciphertext"))
        name = self._alphabet.name
        if self._key_solved is None or self._key_solved[:2] != (self._text, name):
            key = self._solver.run(_solve_key, self._text, self._cipher_name, self._alphabet)
            self._key_solved = (self._text, name, key)
        return key_hint(self._key_solved[2], self._key)

    def _hint(self) -> str:
        """Fill in one board letter from the substitution solver (most frequent first).

        The solver runs once per text (one to a few CPU-seconds); later hints reuse its
        key. It runs under a :class:`~cipherkit.widgets.guard.CostGuard`: one at a time,
        stopped after 8 CPU-seconds, and a new text's hint is refused until three times
        the last solve's time has passed (so a page cannot keep its kernel busy with
        hints). When another reading fits almost as well and reads this letter otherwise
        (a letter seen once in a short text), the hint says so. Over the Russian
        alphabet the reading comes from letter frequencies (:func:`_solve_russian`).
        """
        if self._cipher_name in KEY_HINT_CIPHERS:
            return self._key_hint()
        if self._cipher_name not in BOARD_CIPHERS:
            raise Refused(
                "refused: "
                + _("no hint for a {cipher} text yet", cipher=cipher_titles()[self._cipher_name])
            )
        codes = self._codes()
        if len(codes) < 20:
            raise Refused("refused: " + _("hints need at least 20 letters of ciphertext"))
        letters = self._alphabet.letters
        solved = self._solved
        if solved is None or solved.text != self._text or solved.letters != letters:
            if self._alphabet is RUSSIAN:
                solved = self._solver.run(_solve_russian, self._text, self._cipher_name)
            else:
                solved = self._solver.run(_solve, self._text)
            self._solved = solved
        plain_of = solved.plain_of
        counts = letter_frequencies(codes, self._alphabet)
        for i in sorted(range(len(letters)), key=lambda i: -counts[i]):
            c = letters[i]
            if counts[i] and self._board.get(c) != plain_of[c]:
                self._assign(c, plain_of[c])
                if solved.solver:
                    note = _(
                        "hint: {cipher} stands for {plain} (the solver's guess).",
                        cipher=c,
                        plain=plain_of[c],
                    )
                else:
                    note = _(
                        "hint: {cipher} may stand for {plain} (a guess from letter frequencies).",
                        cipher=c,
                        plain=plain_of[c],
                    )
                return note + _also(solved.doubt(codes, i))
        readings = solved.readings
        return _("hint: the board already agrees with the solver.") + _also(
            readings[0] if readings else None
        )

    # ------------------------------------------------------------------ view
    def _publish(self) -> None:
        with self._view_lock:
            self._publish_view()

    def _publish_view(self) -> None:
        abc = self._alphabet
        codes = self._codes()
        size = abc.size
        freqs = letter_frequencies(codes, abc) if codes.size else None
        preview = "".join(
            (self._board.get(ch.upper(), "·") if abc.is_letter(ch) else ch) for ch in self._text
        )
        russian = abc is RUSSIAN
        self.view = {
            "text": self._text,
            "locked": self._locked,
            "cipher": self._cipher_name,
            "key": self._key,
            "uses_board": self._cipher_name in BOARD_CIPHERS,
            "hint": "board"
            if self._cipher_name in BOARD_CIPHERS
            else "key"
            if self._cipher_name in KEY_HINT_CIPHERS
            else None,
            "ciphers": list(ciphers_over(abc)),
            "cipher_titles": cipher_titles(ciphers_over(abc)),
            "output": self._output,
            "alphabet": abc.name,
            "letters": list(abc.letters),
            "frequencies": [0.0] * size if freqs is None else [round(float(f), 4) for f in freqs],
            "reference": [round(float(f), 4) for f in reference_letters(abc)],
            "legend": _("dark: this text · light: Russian")
            if russian
            else _("dark: this text · light: English"),
            "bars_label": _("letter frequencies of the text against Russian")
            if russian
            else _("letter frequencies of the text against English"),
            "board": dict(self._board),
            "preview": preview[:MAX_TEXT_CHARS],
            "searchable": self._searchable,
            "search": self._search_view,
        }
