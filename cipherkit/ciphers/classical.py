"""Classical ciphers as small frozen values: the key is the value.

Design notes: ``docs/ciphers.md``, ``cipherkit.ciphers.classical``.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, ClassVar, cast

import numpy as np

from cipherkit.ciphers.text import ALPHABET, check_text, letter_codes, reshape_like
from cipherkit.core.errors import CipherkitError

__all__ = [
    "CIPHERS",
    "Affine",
    "Atbash",
    "Autokey",
    "Beaufort",
    "Caesar",
    "Cipher",
    "Columnar",
    "Playfair",
    "RailFence",
    "Substitution",
    "Vigenere",
    "cipher_from_json",
    "keyword_alphabet",
]

VALID_A = (1, 3, 5, 7, 9, 11, 15, 17, 19, 21, 23, 25)
"""The multipliers ``a`` that make an affine cipher invertible (coprime to 26)."""


def _key_word(key: object, what: str, *, max_len: int = 200) -> str:
    if not isinstance(key, str):
        raise CipherkitError(f"the {what} key must be text, not {type(key).__name__}")
    letters = "".join(ch for ch in key.upper() if "A" <= ch <= "Z")
    if not letters:
        raise CipherkitError(f"the {what} key must contain at least one letter A-Z")
    if len(letters) > max_len:
        raise CipherkitError(f"the {what} key is too long (at most {max_len} letters)")
    return letters


def keyword_alphabet(keyword: str, *, exclude: str = "") -> str:
    """The keyword's distinct letters, then the rest of the alphabet in order.

    >>> keyword_alphabet("playfair example", exclude="J")
    'PLAYFIREXMBCDGHKNOQSTUVWZ'
    """
    seen: list[str] = []
    for ch in keyword.upper() + ALPHABET:
        if "A" <= ch <= "Z" and ch not in seen and ch not in exclude:
            seen.append(ch)
    return "".join(seen)


class Cipher:
    """What every cipher value offers (a mixin for the frozen dataclasses below).

    Examples
    --------
    >>> Caesar(3).encrypt("Attack at dawn!")
    'Dwwdfn dw gdzq!'
    >>> Vigenere("LEMON").encrypt("ATTACKATDAWN")
    'LXFOPVEFRNHR'
    >>> Vigenere("LEMON").decrypt("LXFOPVEFRNHR")
    'ATTACKATDAWN'
    >>> Affine(5, 8).encrypt("affine cipher")
    'ihhwvc swfrcp'
    >>> Substitution.from_keyword("ZEBRAS").alphabet
    'ZEBRASCDFGHIJKLMNOPQTUVWXY'
    >>> Playfair("playfair example").encrypt("Hide the gold in the tree stump")
    'BMODZBXDNABEKUDMUIXMMOUVIF'
    >>> RailFence(3).encrypt("WEAREDISCOVEREDFLEEATONCE")
    'WECRLTEERDSOEEFEAOCAIVDEN'
    >>> Columnar("ZEBRAS").encrypt("WEAREDISCOVEREDFLEEATONCE", keep_spaces=False)
    'EVLNACDTESEAROFODEECWIREE'
    """

    name: ClassVar[str] = ""
    #: whether the cipher only reorders letters (frequencies unchanged)
    transposition: ClassVar[bool] = False
    #: the default of the shape options (Playfair pads, so it gives letters only)
    keeps_shape: ClassVar[bool] = True

    def _encrypt_codes(self, codes: np.ndarray) -> np.ndarray:
        raise NotImplementedError

    def _decrypt_codes(self, codes: np.ndarray) -> np.ndarray:
        raise NotImplementedError

    def encrypt(
        self,
        text: str,
        *,
        keep_case: bool | None = None,
        keep_spaces: bool | None = None,
        keep_punctuation: bool | None = None,
    ) -> str:
        """Encrypt the letters of ``text``; the rest is kept or dropped by the options."""
        out = self._encrypt_codes(letter_codes(check_text(text)))
        return self._shape(text, out, keep_case, keep_spaces, keep_punctuation)

    def decrypt(
        self,
        text: str,
        *,
        keep_case: bool | None = None,
        keep_spaces: bool | None = None,
        keep_punctuation: bool | None = None,
    ) -> str:
        """Decrypt the letters of ``text``; the rest is kept or dropped by the options."""
        out = self._decrypt_codes(letter_codes(check_text(text)))
        return self._shape(text, out, keep_case, keep_spaces, keep_punctuation)

    def _shape(
        self,
        text: str,
        out: np.ndarray,
        keep_case: bool | None,
        keep_spaces: bool | None,
        keep_punctuation: bool | None,
    ) -> str:
        d = self.keeps_shape
        return reshape_like(
            text,
            out,
            keep_case=d if keep_case is None else keep_case,
            keep_spaces=d if keep_spaces is None else keep_spaces,
            keep_punctuation=d if keep_punctuation is None else keep_punctuation,
        )

    def key_text(self) -> str:
        """The key as a person writes it, e.g. ``shift 3`` or ``LEMON``."""
        return repr(self)

    def to_json(self) -> dict[str, Any]:
        """``{"cipher": name, "key": ...}``; :func:`cipher_from_json` reads it back."""
        raise NotImplementedError


# ------------------------------------------------------------------ monoalphabetic
class _Mono(Cipher):
    """A cipher that maps each letter to one letter: defined by its 26-letter table."""

    @property
    def alphabet(self) -> str:
        """The ciphertext letter of A, B, ..., Z."""
        raise NotImplementedError

    def _table(self) -> np.ndarray:
        return letter_codes(self.alphabet)

    def _encrypt_codes(self, codes: np.ndarray) -> np.ndarray:
        return self._table()[codes]

    def decryption_table(self) -> np.ndarray:
        """The plain letter code of each ciphertext letter code (the table read back).

        >>> Caesar(1).decryption_table()[:3].tolist()
        [25, 0, 1]
        """
        return np.argsort(self._table())

    def _decrypt_codes(self, codes: np.ndarray) -> np.ndarray:
        return self.decryption_table()[codes]


@dataclass(frozen=True)
class Caesar(_Mono):
    """Shift every letter ``shift`` places along the alphabet (ROT13 is ``Caesar(13)``).

    >>> Caesar(13).decrypt(Caesar(13).encrypt("Why did the chicken?"))
    'Why did the chicken?'
    """

    shift: int = 3
    name: ClassVar[str] = "caesar"

    def __post_init__(self) -> None:
        if isinstance(self.shift, bool) or not isinstance(self.shift, int | np.integer):
            raise CipherkitError("the Caesar shift must be a whole number")
        object.__setattr__(self, "shift", int(self.shift) % 26)

    @property
    def alphabet(self) -> str:
        return ALPHABET[self.shift :] + ALPHABET[: self.shift]

    def key_text(self) -> str:
        return f"shift {self.shift}"

    def to_json(self) -> dict[str, Any]:
        return {"cipher": self.name, "key": self.shift}


@dataclass(frozen=True)
class Atbash(_Mono):
    """Reverse the alphabet: A<->Z, B<->Y. Its own inverse.

    >>> Atbash().encrypt("wizard")
    'draziw'
    """

    name: ClassVar[str] = "atbash"

    @property
    def alphabet(self) -> str:
        return ALPHABET[::-1]

    def key_text(self) -> str:
        return "(no key)"

    def to_json(self) -> dict[str, Any]:
        return {"cipher": self.name, "key": None}


@dataclass(frozen=True)
class Affine(_Mono):
    """``x -> a*x + b (mod 26)``; ``a`` must be coprime to 26 (one of :data:`VALID_A`).

    >>> Affine(2, 1)
    Traceback (most recent call last):
    ...
    cipherkit.core.errors.CipherkitError: affine a must be coprime to 26 (...), not 2
    """

    a: int = 5
    b: int = 8
    name: ClassVar[str] = "affine"

    def __post_init__(self) -> None:
        for v in (self.a, self.b):
            if isinstance(v, bool) or not isinstance(v, int | np.integer):
                raise CipherkitError("affine a and b must be whole numbers")
        object.__setattr__(self, "a", int(self.a) % 26)
        object.__setattr__(self, "b", int(self.b) % 26)
        if self.a not in VALID_A:
            raise CipherkitError(
                f"affine a must be coprime to 26 ({', '.join(map(str, VALID_A))}), not {self.a}"
            )

    @property
    def alphabet(self) -> str:
        return "".join(ALPHABET[(self.a * x + self.b) % 26] for x in range(26))

    def key_text(self) -> str:
        return f"a={self.a}, b={self.b}"

    def to_json(self) -> dict[str, Any]:
        return {"cipher": self.name, "key": [self.a, self.b]}


@dataclass(frozen=True)
class Substitution(_Mono):
    """Any one-to-one letter table: ``alphabet[i]`` is the ciphertext letter of letter i.

    >>> s = Substitution("QWERTYUIOPASDFGHJKLZXCVBNM")
    >>> s.encrypt("hello"), s.decrypt(s.encrypt("hello"))
    ('itssg', 'hello')
    """

    key: str = ALPHABET
    name: ClassVar[str] = "substitution"

    def __post_init__(self) -> None:
        if not isinstance(self.key, str):
            raise CipherkitError("a substitution key is a 26-letter alphabet")
        key = self.key.upper()
        if len(key) != 26 or sorted(key) != list(ALPHABET):
            raise CipherkitError("a substitution key must use each letter A-Z exactly once")
        object.__setattr__(self, "key", key)

    @classmethod
    def from_keyword(cls, keyword: str) -> Substitution:
        """The keyword's distinct letters first, then the rest of the alphabet."""
        return cls(keyword_alphabet(_key_word(keyword, "keyword")))

    @classmethod
    def from_decryption(cls, plain_of: str) -> Substitution:
        """From the table read the other way: ``plain_of[i]`` is the plain letter of the
        ciphertext letter i."""
        inv = [""] * 26
        checked = cls(plain_of).key
        for c, p in enumerate(checked):
            inv[ord(p) - 65] = ALPHABET[c]
        return cls("".join(inv))

    @classmethod
    def random(cls, seed: int) -> Substitution:
        """A random alphabet from ``seed`` (same seed, same alphabet)."""
        rng = np.random.default_rng(seed)
        return cls("".join(ALPHABET[i] for i in rng.permutation(26)))

    @property
    def alphabet(self) -> str:
        return self.key

    def key_text(self) -> str:
        return self.key

    def to_json(self) -> dict[str, Any]:
        return {"cipher": self.name, "key": self.key}


# ------------------------------------------------------------------ polyalphabetic
@dataclass(frozen=True)
class Vigenere(Cipher):
    """Add the repeated keyword to the text (A=0): the classic Vigenère cipher."""

    key: str = "KEY"
    name: ClassVar[str] = "vigenere"

    def __post_init__(self) -> None:
        object.__setattr__(self, "key", _key_word(self.key, "Vigenère"))

    def _shifts(self, n: int) -> np.ndarray:
        k = letter_codes(self.key)
        return np.resize(k, n)

    def _encrypt_codes(self, codes: np.ndarray) -> np.ndarray:
        return (codes + self._shifts(len(codes))) % 26

    def _decrypt_codes(self, codes: np.ndarray) -> np.ndarray:
        return (codes - self._shifts(len(codes))) % 26

    def key_text(self) -> str:
        return self.key

    def to_json(self) -> dict[str, Any]:
        return {"cipher": self.name, "key": self.key}


@dataclass(frozen=True)
class Beaufort(Vigenere):
    """Ciphertext = key - plaintext (mod 26). Encryption and decryption are the same.

    >>> Beaufort("FORTIFICATION").encrypt("DEFENDTHEEASTWALLOFTHECASTLE")
    'CKMPVCPVWPIWUJOGIUAPVWRIWUUK'
    """

    name: ClassVar[str] = "beaufort"

    def _encrypt_codes(self, codes: np.ndarray) -> np.ndarray:
        return (self._shifts(len(codes)) - codes) % 26

    _decrypt_codes = _encrypt_codes


@dataclass(frozen=True)
class Autokey(Vigenere):
    """Vigenère whose key is the keyword followed by the plaintext itself.

    >>> Autokey("QUEENLY").encrypt("ATTACKATDAWN")
    'QNXEPVYTWTWP'
    """

    name: ClassVar[str] = "autokey"

    def _encrypt_codes(self, codes: np.ndarray) -> np.ndarray:
        k = letter_codes(self.key)
        stream = np.concatenate([k, codes])[: len(codes)]
        return (codes + stream) % 26

    def _decrypt_codes(self, codes: np.ndarray) -> np.ndarray:
        k = letter_codes(self.key).tolist()
        out: list[int] = []
        for i, c in enumerate(codes.tolist()):
            shift = k[i] if i < len(k) else out[i - len(k)]
            out.append((c - shift) % 26)
        return np.asarray(out, dtype=np.int64)


# ------------------------------------------------------------------ Playfair
@dataclass(frozen=True)
class Playfair(Cipher):
    """Playfair: digraphs on a 5x5 square built from the key (J is written as I).

    Encryption splits the letters into pairs, putting ``X`` between two equal letters
    of a pair and at the end of an odd text (``Q`` if the letter is ``X``). Decryption
    gives the padded text (with its ``X``\\ es) back. The output is upper-case letters
    only unless the shape options ask otherwise.

    >>> Playfair("MONARCHY").square
    ('MONAR', 'CHYBD', 'EFGIK', 'LPQST', 'UVWXZ')
    >>> Playfair("MONARCHY").decrypt("GATLMZCLRQTX")
    'INSTRUMENTSZ'
    """

    key: str = "PLAYFAIR"
    name: ClassVar[str] = "playfair"
    keeps_shape: ClassVar[bool] = False

    def __post_init__(self) -> None:
        object.__setattr__(self, "key", _key_word(self.key, "Playfair").replace("J", "I"))

    @property
    def square(self) -> tuple[str, ...]:
        """The five rows of the square."""
        sq = keyword_alphabet(self.key, exclude="J")
        return tuple(sq[i : i + 5] for i in range(0, 25, 5))

    def _pos(self) -> tuple[dict[int, tuple[int, int]], list[list[int]]]:
        rows = [[ord(c) - 65 for c in row] for row in self.square]
        pos = {v: (r, c) for r, row in enumerate(rows) for c, v in enumerate(row)}
        return pos, rows

    @staticmethod
    def prepare(codes: np.ndarray) -> list[int]:
        """J -> I, an X between equal letters of a pair, padding to even length."""
        letters = [8 if c == 9 else int(c) for c in codes]
        out: list[int] = []
        i = 0
        while i < len(letters):
            a = letters[i]
            b = letters[i + 1] if i + 1 < len(letters) else None
            if b is None or a == b:
                out += [a, 16 if a == 23 else 23]
                i += 1
            else:
                out += [a, b]
                i += 2
        return out

    def _digraphs(self, codes: list[int], step: int) -> np.ndarray:
        pos, rows = self._pos()
        out: list[int] = []
        for i in range(0, len(codes) - 1, 2):
            (r1, c1), (r2, c2) = pos[codes[i]], pos[codes[i + 1]]
            if r1 == r2:
                out += [rows[r1][(c1 + step) % 5], rows[r2][(c2 + step) % 5]]
            elif c1 == c2:
                out += [rows[(r1 + step) % 5][c1], rows[(r2 + step) % 5][c2]]
            else:
                out += [rows[r1][c2], rows[r2][c1]]
        return np.asarray(out, dtype=np.int64)

    def _encrypt_codes(self, codes: np.ndarray) -> np.ndarray:
        return self._digraphs(self.prepare(codes), 1)

    def _decrypt_codes(self, codes: np.ndarray) -> np.ndarray:
        letters = [8 if c == 9 else int(c) for c in codes]
        if len(letters) % 2:
            raise CipherkitError("Playfair ciphertext has an even number of letters")
        return self._digraphs(letters, 4)

    def key_text(self) -> str:
        return self.key

    def to_json(self) -> dict[str, Any]:
        return {"cipher": self.name, "key": self.key}


# ------------------------------------------------------------------ transposition
def _rail_order(n: int, rails: int, offset: int) -> np.ndarray:
    """Positions of the plaintext letters in the order they are written out."""
    if rails < 2 or n == 0:
        return np.arange(n)
    cycle = 2 * (rails - 1)
    phase = (np.arange(n) + offset) % cycle
    row = np.where(phase < rails, phase, cycle - phase)
    return np.argsort(row, kind="stable")


@dataclass(frozen=True)
class RailFence(Cipher):
    """Write the letters in a zigzag over ``rails`` rows, read row by row.

    ``offset`` starts the zigzag part way along its cycle (0 <= offset < 2*(rails-1)).

    >>> RailFence(3).decrypt("WECRLTEERDSOEEFEAOCAIVDEN")
    'WEAREDISCOVEREDFLEEATONCE'
    """

    rails: int = 3
    offset: int = 0
    name: ClassVar[str] = "railfence"
    transposition: ClassVar[bool] = True

    def __post_init__(self) -> None:
        if isinstance(self.rails, bool) or not isinstance(self.rails, int | np.integer):
            raise CipherkitError("the number of rails must be a whole number")
        if not 2 <= self.rails <= 100:
            raise CipherkitError("a rail fence has 2 to 100 rails")
        object.__setattr__(self, "rails", int(self.rails))
        object.__setattr__(self, "offset", int(self.offset) % (2 * (self.rails - 1)))

    def _encrypt_codes(self, codes: np.ndarray) -> np.ndarray:
        return codes[_rail_order(len(codes), self.rails, self.offset)]

    def _decrypt_codes(self, codes: np.ndarray) -> np.ndarray:
        out = np.empty_like(codes)
        out[_rail_order(len(codes), self.rails, self.offset)] = codes
        return out

    def key_text(self) -> str:
        extra = f", offset {self.offset}" if self.offset else ""
        return f"{self.rails} rails{extra}"

    def to_json(self) -> dict[str, Any]:
        return {"cipher": self.name, "key": [self.rails, self.offset]}


def _columnar_order(n: int, order: tuple[int, ...]) -> np.ndarray:
    width = len(order)
    cols = np.arange(n) % width
    rank = np.asarray(order)[cols]
    return np.lexsort((np.arange(n), rank))


@dataclass(frozen=True)
class Columnar(Cipher):
    """Write the letters in rows under the key, read the columns in the key's
    alphabetical order (equal key letters left to right). Irregular last row.

    ``Columnar.from_order((2, 0, 1))`` takes the reading order directly.

    >>> Columnar("ZEBRAS").order
    (5, 2, 1, 3, 0, 4)
    """

    key: str = "ZEBRAS"
    order: tuple[int, ...] = field(default=(), compare=False)
    name: ClassVar[str] = "columnar"
    transposition: ClassVar[bool] = True

    def __post_init__(self) -> None:
        key = _key_word(self.key, "columnar", max_len=40)
        ranked = sorted(range(len(key)), key=lambda i: (key[i], i))
        order = [0] * len(key)
        for rank, i in enumerate(ranked):
            order[i] = rank
        object.__setattr__(self, "key", key)
        object.__setattr__(self, "order", tuple(order))

    @classmethod
    def from_order(cls, order: tuple[int, ...] | list[int]) -> Columnar:
        """The cipher whose column i is read ``order[i]``-th (a permutation of 0..w-1)."""
        order = tuple(int(o) for o in order)
        if sorted(order) != list(range(len(order))) or not 1 <= len(order) <= 26:
            raise CipherkitError("a column order is a permutation of 0..w-1 (w <= 26)")
        return cls("".join(ALPHABET[o] for o in order))

    def _encrypt_codes(self, codes: np.ndarray) -> np.ndarray:
        return codes[_columnar_order(len(codes), self.order)]

    def _decrypt_codes(self, codes: np.ndarray) -> np.ndarray:
        out = np.empty_like(codes)
        out[_columnar_order(len(codes), self.order)] = codes
        return out

    def key_text(self) -> str:
        return self.key

    def to_json(self) -> dict[str, Any]:
        return {"cipher": self.name, "key": self.key}


CIPHERS: dict[str, type[Cipher]] = {
    c.name: c
    for c in (
        Caesar,
        Atbash,
        Affine,
        Substitution,
        Vigenere,
        Beaufort,
        Autokey,
        Playfair,
        RailFence,
        Columnar,
    )
}
"""Every cipher class by name."""


def cipher_from_json(data: dict[str, Any]) -> Cipher:
    """Read back :meth:`Cipher.to_json`.

    >>> cipher_from_json(Affine(3, 4).to_json())
    Affine(a=3, b=4)
    >>> cipher_from_json({"cipher": "enigma", "key": 1})
    Traceback (most recent call last):
    ...
    cipherkit.core.errors.CipherkitError: unknown cipher 'enigma' (...)
    """
    name = data.get("cipher") if isinstance(data, dict) else None
    cls = CIPHERS.get(name) if isinstance(name, str) else None
    if cls is None:
        raise CipherkitError(f"unknown cipher {name!r} (known: {', '.join(CIPHERS)})")
    key = data.get("key")
    if cls is Atbash:
        return Atbash()
    if cls in (Affine, RailFence):
        if not isinstance(key, list | tuple) or len(key) != 2:
            raise CipherkitError(f"the {name} key is a pair of numbers")
        return cls(*key)
    # every other cipher class is made from its one key
    return cast("Callable[[Any], Cipher]", cls)(key)
