"""A cipher workbench for lessons and Voila pages.

Design notes: ``docs/design-notes.md``, ``cipherkit.widgets.workbench``.

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
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, cast

import numpy as np

from cipherkit.ciphers import (
    CIPHERS,
    Affine,
    Atbash,
    Caesar,
    Cipher,
    RailFence,
    Reading,
    Substitution,
    english,
    letter_frequencies,
    other_readings,
    solve_substitution,
)
from cipherkit.ciphers.text import ALPHABET, letter_codes
from cipherkit.core.errors import CipherkitError
from cipherkit.i18n import N_
from cipherkit.i18n.letters import fold_like
from cipherkit.widgets.frontend import widget_files
from cipherkit.widgets.guard import CostGuard, GuardedWidget, Refused, check_envelope

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


def make_cipher(name: str, key: str) -> Cipher:
    """A cipher from the workbench's two fields (key as typed).

    >>> make_cipher("affine", "5,8")
    Affine(a=5, b=8)
    >>> make_cipher("railfence", "3")
    RailFence(rails=3, offset=0)
    """
    key = key.strip()
    try:
        if name == "caesar":
            return Caesar(int(key or "0"))
        if name == "atbash":
            return Atbash()
        if name == "affine":
            a, b = (int(x) for x in key.replace(" ", "").split(","))
            return Affine(a, b)
        if name == "railfence":
            return RailFence(int(key or "3"))
    except ValueError:
        raise CipherkitError(f"the {name} key is a number (or 'a,b' for affine)") from None
    if name == "keyword":
        return Substitution.from_keyword(key)
    if name not in WORKBENCH_CIPHERS:
        raise CipherkitError(f"unknown cipher {name!r}")
    # the rest (vigenere, beaufort, autokey, playfair, columnar) take the key as typed
    keyed = cast(Callable[[str], Cipher], CIPHERS[name])
    return keyed(key)


@dataclass(frozen=True)
class _Solved:
    """The solver's reading of one text, kept for its hints: the plain letter of each
    ciphertext letter and the other readings that fit almost as well."""

    text: str
    plain_of: dict[str, str]
    readings: tuple[Reading, ...]

    def doubt(self, codes: np.ndarray, letter: int) -> Reading | None:
        """The closest other reading that reads ciphertext ``letter`` (a code, present in
        ``codes``) otherwise.

        >>> other = Reading("AC", 1.0, (("B", "C"),))  # reads ciphertext b as C
        >>> solved = _Solved("ab", {"A": "A", "B": "B"}, (other,))
        >>> solved.doubt(np.array([0, 1]), 1) is other, solved.doubt(np.array([0, 1]), 0)
        (True, None)
        """
        first = int(np.flatnonzero(codes == letter)[0])  # a key reads it alike everywhere
        mine = self.plain_of[ALPHABET[letter]]
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


KEY_HINT_CIPHERS = ("vigenere", "beaufort")
"""Ciphers whose hint is a letter of the key (one per column), not a board letter."""
BOARD_CIPHERS = ("caesar", "atbash", "affine", "keyword")
"""Ciphers that replace each letter by one other letter: the substitution board (and
its hint) is for them; the other ciphers' pages show no board."""


def _solve_key(text: str, cipher: str) -> str:
    """The key the Vigenère (or Beaufort) solver reads ``text`` with."""
    from cipherkit.ciphers.solvers import solve_vigenere

    return str(getattr(solve_vigenere(text, variant=cipher).cipher, "key", ""))


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
        return "hint: the solver found no key for this text."
    for i, letter in enumerate(solved):
        if i >= len(typed) or typed[i] != letter:
            return (
                f"hint: the key looks {n} letter{'s' * (n != 1)} long. Its letter {i + 1} "
                f"shifts letters {i + 1}, {i + 1 + n}, {i + 1 + 2 * n}, ... of the text: "
                f"the solver reads that column with key letter {letter}."
            )
    return f"hint: your key agrees with the solver: {solved}."


def _also(reading: Reading | None) -> str:
    """A hint's note on another reading that fits almost as well (if any).

    >>> _also(Reading("", 3.0, (("STORY", "STORM"),)))
    ' Also fits: STORY -> STORM, about 1000 times less likely by the model.'
    """
    if reading is None:
        return ""
    return f" Also fits: {reading.changed}, {reading.likelihood}."


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
    """

    label = "workbench"
    reset_text = N_("the page may not change the workbench; it has been reset")
    error_text = N_("something went wrong in the kernel")

    _esm, _css = widget_files("workbench")

    def __init__(
        self,
        text: str = "",
        cipher: str = "caesar",
        key: str = "3",
        *,
        secret: str | None = None,
        **kwargs: Any,
    ) -> None:
        if cipher not in WORKBENCH_CIPHERS:
            raise CipherkitError(f"unknown cipher {cipher!r}")
        super().__init__(**kwargs)
        self._cipher_name = cipher
        self._locked = secret is not None
        if secret is not None:
            self._text = make_cipher(cipher, key).encrypt(secret)[:MAX_TEXT_CHARS]
            self._key = ""  # the student's key; the true one is not kept at all
        else:
            self._text = text[:MAX_TEXT_CHARS]
            self._key = key
        self._output = ""
        self._board: dict[str, str] = {}
        self._solved: _Solved | None = None
        self._key_solved: tuple[str, str] | None = None
        self._solver = CostGuard("hint")
        self._publish()

    # ------------------------------------------------------------------ messages
    def _handle(self, content: Any, buffers: Any) -> None:
        msg = check_envelope(content, buffers, MAX_MESSAGE_CHARS)
        for value in msg.values():
            if not isinstance(value, str):
                raise Refused("refused: message fields are text")
        note = self._act(msg)
        self._publish()
        self._say(note)

    def _say(self, text: str) -> None:
        if text and self.message == text:  # a repeated note still reaches the page
            self.message = ""
        self.message = text

    def _act(self, msg: dict[str, str]) -> str:
        kind = msg.get("type")
        if kind == "set":
            if "cipher" in msg and msg["cipher"] not in WORKBENCH_CIPHERS:
                raise Refused(f"refused: unknown cipher {msg['cipher'][:20]!r}")
            if "text" in msg and self._locked:
                raise Refused("refused: this workbench's text is fixed: break it!")
            if "text" in msg:
                self._text = msg["text"][:MAX_TEXT_CHARS]
            if "cipher" in msg:
                self._cipher_name = msg["cipher"]
            if "key" in msg:
                self._key = msg["key"][:60]
            return ""
        if kind == "run":
            direction = msg.get("direction")
            if direction not in ("encrypt", "decrypt"):
                raise Refused("refused: direction is encrypt or decrypt")
            try:
                cipher = make_cipher(self._cipher_name, self._key)
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
        raise Refused("refused: unknown message type")

    def _assign(self, cipher_letter: str, plain_letter: str) -> None:
        # a Cyrillic look-alike (Е for E) typed is the board's own letter
        c, p = (fold_like(x, ALPHABET).upper() for x in (cipher_letter, plain_letter))
        if len(c) != 1 or c not in ALPHABET or (p and (len(p) != 1 or p not in ALPHABET)):
            raise Refused("refused: assign one letter A-Z to one letter A-Z")
        for other, plain in list(self._board.items()):
            if plain == p and other != c:
                del self._board[other]
        if p:
            self._board[c] = p
        else:
            self._board.pop(c, None)

    def _key_hint(self) -> str:
        """A Vigenère or Beaufort text: the solver's key letter for the first column whose
        letter the student's key does not have yet (one letter a hint)."""
        codes = letter_codes(self._text)
        if len(codes) < 20:
            raise Refused("refused: hints need at least 20 letters of ciphertext")
        if self._key_solved is None or self._key_solved[0] != self._text:
            key = self._solver.run(_solve_key, self._text, self._cipher_name)
            self._key_solved = (self._text, key)
        return key_hint(self._key_solved[1], self._key)

    def _hint(self) -> str:
        """Fill in one board letter from the substitution solver (most frequent first).

        The solver runs once per text (one to a few CPU-seconds); later hints reuse its
        key. It runs under a :class:`~cipherkit.widgets.guard.CostGuard`: one at a time,
        stopped after 8 CPU-seconds, and a new text's hint is refused until three times
        the last solve's time has passed (so a page cannot keep its kernel busy with
        hints). When another reading fits almost as well and reads this letter otherwise
        (a letter seen once in a short text), the hint says so.
        """
        if self._cipher_name in KEY_HINT_CIPHERS:
            return self._key_hint()
        if self._cipher_name not in BOARD_CIPHERS:
            raise Refused(f"refused: no hint for a {self._cipher_name} text yet")
        codes = letter_codes(self._text)
        if len(codes) < 20:
            raise Refused("refused: hints need at least 20 letters of ciphertext")
        if self._solved is None or self._solved.text != self._text:
            self._solved = self._solver.run(_solve, self._text)
        plain_of = self._solved.plain_of
        counts = letter_frequencies(codes)
        for i in sorted(range(26), key=lambda i: -counts[i]):
            c = ALPHABET[i]
            if counts[i] and self._board.get(c) != plain_of[c]:
                self._assign(c, plain_of[c])
                note = f"hint: {c} stands for {plain_of[c]} (the solver's guess)."
                return note + _also(self._solved.doubt(codes, i))
        readings = self._solved.readings
        return "hint: the board already agrees with the solver." + _also(
            readings[0] if readings else None
        )

    # ------------------------------------------------------------------ view
    def _publish(self) -> None:
        freqs = letter_frequencies(self._text) if letter_codes(self._text).size else None
        preview = "".join(
            (self._board.get(ch.upper(), "·") if ch.isascii() and ch.isalpha() else ch)
            for ch in self._text
        )
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
            "ciphers": list(WORKBENCH_CIPHERS),
            "output": self._output,
            "letters": list(ALPHABET),
            "frequencies": [0.0] * 26 if freqs is None else [round(float(f), 4) for f in freqs],
            "english": [round(float(f), 4) for f in english().letters],
            "board": dict(self._board),
            "preview": preview[:MAX_TEXT_CHARS],
        }
