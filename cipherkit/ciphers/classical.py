"""Classical ciphers as small frozen values: the key is the value.

Every cipher works over an alphabet (its ``letters``): :data:`LATIN` unless given
another. Caesar, Atbash, affine, substitution, Vigenère, Beaufort, autokey and the two
transpositions also work over :data:`RUSSIAN` (33 letters, Ё its own letter); Playfair's
5x5 square is Latin only.

Design notes: ``docs/ciphers.md``, ``cipherkit.ciphers.classical``.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, field, fields
from typing import Any, ClassVar, TypedDict, Unpack, cast

import numpy as np

from cipherkit.ciphers.alphabet import LATIN, RUSSIAN, Alphabet, detect_alphabet
from cipherkit.ciphers.text import ALPHABET, check_text
from cipherkit.core.errors import CipherkitError
from cipherkit.i18n import Message, _, ngettext, say

__all__ = [
    "CIPHERS",
    "Affine",
    "Atbash",
    "Autokey",
    "Beaufort",
    "Caesar",
    "Cipher",
    "Columnar",
    "Keep",
    "Playfair",
    "RailFence",
    "Substitution",
    "Vigenere",
    "cipher_from_json",
    "keyword_alphabet",
]

VALID_A = (1, 3, 5, 7, 9, 11, 15, 17, 19, 21, 23, 25)
"""The multipliers ``a`` that make an affine cipher invertible (coprime to 26)."""


def _key_word(key: object, what: Message, *, max_len: int = 200, letters: Alphabet = LATIN) -> str:
    """The letters of a key word; ``what`` names the cipher in the messages (a message,
    so that it reads in the language the refusal is shown in)."""
    if not isinstance(key, str):
        raise CipherkitError.say(
            "the {cipher} key must be text, not {kind}", cipher=what, kind=type(key).__name__
        )
    word = letters.letters_only(key)
    if not word:
        raise CipherkitError(
            say("the {cipher} key must contain at least one letter A-Z", cipher=what)
            if letters is LATIN
            else say(
                "the {cipher} key must contain at least one letter {first}-{last}",
                cipher=what,
                first=letters.letters[0],
                last=letters.letters[-1],
            )
        )
    if len(word) > max_len:
        raise CipherkitError.say(
            "the {cipher} key is too long (at most {limit} letters)", cipher=what, limit=max_len
        )
    return word


def _key_letters(key: object, letters: Alphabet) -> Alphabet:
    """The alphabet of a cipher whose key is a word: a Latin default becomes Russian when
    the key is written in Russian letters (``Vigenere("ЛИМОН")``)."""
    letters = Alphabet.of(letters)
    if letters is LATIN and isinstance(key, str) and detect_alphabet(key) is RUSSIAN:
        return RUSSIAN
    return letters


def keyword_alphabet(keyword: str, *, exclude: str = "", letters: Alphabet = LATIN) -> str:
    """The keyword's distinct letters, then the rest of the alphabet in order.

    >>> keyword_alphabet("playfair example", exclude="J")
    'PLAYFIREXMBCDGHKNOQSTUVWZ'
    >>> keyword_alphabet("шифр", letters=RUSSIAN)
    'ШИФРАБВГДЕЁЖЗЙКЛМНОПСТУХЦЧЩЪЫЬЭЮЯ'
    """
    seen: list[str] = []
    for ch in keyword.upper() + letters.letters:
        if letters.is_letter(ch) and ch not in seen and ch not in exclude:
            seen.append(ch)
    return "".join(seen)


class Keep(TypedDict, total=False):
    """What :meth:`Cipher.encrypt` and :meth:`Cipher.decrypt` keep of the text beside its
    letters; ``None`` (or left out) is the cipher's own default (a substitution keeps
    case, spaces and punctuation; a transposition drops them)."""

    keep_case: bool | None
    keep_spaces: bool | None
    keep_punctuation: bool | None


def _given(value: bool | None, default: bool) -> bool:
    return default if value is None else value


@dataclass(frozen=True, repr=False)
class Cipher:
    """What every cipher value offers (the base of the frozen dataclasses below).

    ``letters`` (keyword only) is the alphabet the cipher works over (:data:`LATIN`
    unless given another; a name such as ``"ru"`` is read too).

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
    >>> Caesar(3, letters=RUSSIAN).encrypt("Привет!")
    'Тулезх!'
    >>> Vigenere("ЛИМОН")
    Vigenere(key='ЛИМОН', letters=RUSSIAN)
    """

    letters: Alphabet = field(default=LATIN, kw_only=True)
    name: ClassVar[str] = ""
    #: whether the cipher only reorders letters (frequencies unchanged)
    transposition: ClassVar[bool] = False
    #: the default of the shape options (Playfair pads, so it gives letters only)
    keeps_shape: ClassVar[bool] = True

    def __post_init__(self) -> None:
        object.__setattr__(self, "letters", Alphabet.of(self.letters))

    def __repr__(self) -> str:
        parts = [
            f"{f.name}={getattr(self, f.name)!r}"
            for f in fields(self)
            if f.repr and f.name != "letters"
        ]
        if self.letters is not LATIN:  # the default alphabet is not written out
            parts.append(f"letters={self.letters!r}")
        return f"{type(self).__qualname__}({', '.join(parts)})"

    @property
    def size(self) -> int:
        """How many letters the cipher's alphabet has (26 for Latin)."""
        return self.letters.size

    def _with_letters(self, data: dict[str, Any]) -> dict[str, Any]:
        """``data`` (a JSON form), with ``"alphabet"`` unless the alphabet is Latin."""
        return data if self.letters is LATIN else data | {"alphabet": self.letters.name}

    def _encrypt_codes(self, codes: np.ndarray) -> np.ndarray:
        raise NotImplementedError

    def _decrypt_codes(self, codes: np.ndarray) -> np.ndarray:
        raise NotImplementedError

    def encrypt(self, text: str, **keep: Unpack[Keep]) -> str:
        """Encrypt the letters of ``text``; the rest is kept or dropped by ``keep``."""
        out = self._encrypt_codes(self.letters.codes(check_text(text)))
        return self._shape(text, out, keep)

    def decrypt(self, text: str, **keep: Unpack[Keep]) -> str:
        """Decrypt the letters of ``text``; the rest is kept or dropped by ``keep``."""
        out = self._decrypt_codes(self.letters.codes(check_text(text)))
        return self._shape(text, out, keep)

    def _shape(self, text: str, out: np.ndarray, keep: Keep) -> str:
        d = self.keeps_shape
        return self.letters.reshape_like(
            text,
            out,
            keep_case=_given(keep.get("keep_case"), d),
            keep_spaces=_given(keep.get("keep_spaces"), d),
            keep_punctuation=_given(keep.get("keep_punctuation"), d),
        )

    def key_text(self) -> str:
        """The key as a person writes it, e.g. ``shift 3`` or ``LEMON`` (in the language
        in force)."""
        return repr(self)

    def to_json(self) -> dict[str, Any]:
        """``{"cipher": name, "key": ...}``; :func:`cipher_from_json` reads it back."""
        raise NotImplementedError


# ------------------------------------------------------------------ monoalphabetic
class _Mono(Cipher):
    """A cipher that maps each letter to one letter: defined by its table (26 letters,
    or as many as its alphabet has)."""

    @property
    def alphabet(self) -> str:
        """The ciphertext letter of A, B, ..., Z (of each letter of ``letters``)."""
        raise NotImplementedError

    def _table(self) -> np.ndarray:
        return self.letters.codes(self.alphabet)

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


@dataclass(frozen=True, repr=False)
class Caesar(_Mono):
    """Shift every letter ``shift`` places along the alphabet (ROT13 is ``Caesar(13)``).

    >>> Caesar(13).decrypt(Caesar(13).encrypt("Why did the chicken?"))
    'Why did the chicken?'
    >>> Caesar(3, letters=RUSSIAN).encrypt("ПРИВЕТ, ёж")
    'ТУЛЕЗХ, ий'
    """

    shift: int = 3
    name: ClassVar[str] = "caesar"

    def __post_init__(self) -> None:
        super().__post_init__()
        if isinstance(self.shift, bool) or not isinstance(self.shift, int | np.integer):
            raise CipherkitError.say("the Caesar shift must be a whole number")
        object.__setattr__(self, "shift", int(self.shift) % self.size)

    @property
    def alphabet(self) -> str:
        abc = self.letters.letters
        return abc[self.shift :] + abc[: self.shift]

    def key_text(self) -> str:
        return _("shift {shift}", shift=self.shift)

    def to_json(self) -> dict[str, Any]:
        return self._with_letters({"cipher": self.name, "key": self.shift})


@dataclass(frozen=True, repr=False)
class Atbash(_Mono):
    """Reverse the alphabet: A<->Z, B<->Y (А<->Я over :data:`RUSSIAN`). Its own inverse.

    >>> Atbash().encrypt("wizard"), Atbash(letters=RUSSIAN).encrypt("Азбука")
    ('draziw', 'Ячюлфя')
    """

    name: ClassVar[str] = "atbash"

    @property
    def alphabet(self) -> str:
        return self.letters.letters[::-1]

    def key_text(self) -> str:
        return _("(no key)")

    def to_json(self) -> dict[str, Any]:
        return self._with_letters({"cipher": self.name, "key": None})


def valid_a(size: int) -> tuple[int, ...]:
    """The multipliers ``a`` that make an affine cipher over ``size`` letters invertible.

    >>> valid_a(26) == VALID_A, valid_a(33)[:6]
    (True, (1, 2, 4, 5, 7, 8))
    """
    return tuple(a for a in range(1, size) if math.gcd(a, size) == 1)


@dataclass(frozen=True, repr=False)
class Affine(_Mono):
    """``x -> a*x + b (mod 26)``; ``a`` must be coprime to 26 (one of :data:`VALID_A`);
    over :data:`RUSSIAN`, mod 33 and coprime to 33.

    >>> Affine(2, 1)
    Traceback (most recent call last):
    ...
    cipherkit.core.errors.CipherkitError: affine a must be coprime to 26 (...), not 2
    """

    a: int = 5
    b: int = 8
    name: ClassVar[str] = "affine"

    def __post_init__(self) -> None:
        super().__post_init__()
        for v in (self.a, self.b):
            if isinstance(v, bool) or not isinstance(v, int | np.integer):
                raise CipherkitError.say("affine a and b must be whole numbers")
        n = self.size
        object.__setattr__(self, "a", int(self.a) % n)
        object.__setattr__(self, "b", int(self.b) % n)
        if self.a not in valid_a(n):
            raise CipherkitError.say(
                "affine a must be coprime to {size} ({valid}), not {a}",
                size=n,
                valid=", ".join(map(str, valid_a(n))),
                a=self.a,
            )

    @property
    def alphabet(self) -> str:
        abc, n = self.letters.letters, self.size
        return "".join(abc[(self.a * x + self.b) % n] for x in range(n))

    def key_text(self) -> str:
        return f"a={self.a}, b={self.b}"

    def to_json(self) -> dict[str, Any]:
        return self._with_letters({"cipher": self.name, "key": [self.a, self.b]})


@dataclass(frozen=True, repr=False)
class Substitution(_Mono):
    """Any one-to-one letter table: ``alphabet[i]`` is the ciphertext letter of letter i.

    A key of 33 Russian letters makes a substitution over :data:`RUSSIAN`.

    >>> s = Substitution("QWERTYUIOPASDFGHJKLZXCVBNM")
    >>> s.encrypt("hello"), s.decrypt(s.encrypt("hello"))
    ('itssg', 'hello')
    >>> k = Substitution.from_keyword("шифр")
    >>> k.letters, k.encrypt("Привет"), k.decrypt(k.encrypt("Привет"))
    (RUSSIAN, 'Мнефбп', 'Привет')
    """

    key: str = ALPHABET
    name: ClassVar[str] = "substitution"

    def __post_init__(self) -> None:
        object.__setattr__(self, "letters", _key_letters(self.key, self.letters))
        if not isinstance(self.key, str):
            raise CipherkitError.say("a substitution key is a 26-letter alphabet")
        key = self.key.upper()
        abc = self.letters.letters
        if len(key) != len(abc) or sorted(key) != sorted(abc):
            raise CipherkitError(
                say("a substitution key must use each letter A-Z exactly once")
                if self.letters is LATIN
                else say(
                    "a substitution key must use each letter {first}-{last} exactly once",
                    first=abc[0],
                    last=abc[-1],
                )
            )
        object.__setattr__(self, "key", key)

    @classmethod
    def from_keyword(cls, keyword: str, *, letters: Alphabet = LATIN) -> Substitution:
        """The keyword's distinct letters first, then the rest of the alphabet (a keyword
        in Russian letters gives a substitution over :data:`RUSSIAN`)."""
        abc = _key_letters(keyword, letters)
        word = _key_word(keyword, say("keyword"), letters=abc)
        return cls(keyword_alphabet(word, letters=abc), letters=abc)

    @classmethod
    def from_decryption(cls, plain_of: str, *, letters: Alphabet = LATIN) -> Substitution:
        """From the table read the other way: ``plain_of[i]`` is the plain letter of the
        ciphertext letter i."""
        checked = cls(plain_of, letters=letters)
        abc = checked.letters
        inv = [""] * abc.size
        for c, p in enumerate(checked.key):
            inv[abc.index(p)] = abc.letters[c]
        return cls("".join(inv), letters=abc)

    @classmethod
    def random(cls, seed: int, *, letters: Alphabet = LATIN) -> Substitution:
        """A random alphabet from ``seed`` (same seed, same alphabet)."""
        abc = Alphabet.of(letters)
        rng = np.random.default_rng(seed)
        return cls("".join(abc.letters[i] for i in rng.permutation(abc.size)), letters=abc)

    @property
    def alphabet(self) -> str:
        return self.key

    def key_text(self) -> str:
        return self.key

    def to_json(self) -> dict[str, Any]:
        return self._with_letters({"cipher": self.name, "key": self.key})


# ------------------------------------------------------------------ polyalphabetic
@dataclass(frozen=True, repr=False)
class Vigenere(Cipher):
    """Add the repeated keyword to the text (A=0): the classic Vigenère cipher. A key in
    Russian letters works over :data:`RUSSIAN` (А=0, 33 letters).

    >>> Vigenere("ключ").encrypt("Шифр Виженера")
    'Гфтз Мфеьшроч'
    """

    key: str = "KEY"
    name: ClassVar[str] = "vigenere"

    def __post_init__(self) -> None:
        object.__setattr__(self, "letters", _key_letters(self.key, self.letters))
        object.__setattr__(self, "key", _key_word(self.key, say("Vigenère"), letters=self.letters))

    def _shifts(self, n: int) -> np.ndarray:
        k = self.letters.codes(self.key)
        return np.resize(k, n)

    def _encrypt_codes(self, codes: np.ndarray) -> np.ndarray:
        return (codes + self._shifts(len(codes))) % self.size

    def _decrypt_codes(self, codes: np.ndarray) -> np.ndarray:
        return (codes - self._shifts(len(codes))) % self.size

    def key_text(self) -> str:
        return self.key

    def to_json(self) -> dict[str, Any]:
        return self._with_letters({"cipher": self.name, "key": self.key})


@dataclass(frozen=True, repr=False)
class Beaufort(Vigenere):
    """Ciphertext = key - plaintext (mod 26). Encryption and decryption are the same.

    >>> Beaufort("FORTIFICATION").encrypt("DEFENDTHEEASTWALLOFTHECASTLE")
    'CKMPVCPVWPIWUJOGIUAPVWRIWUUK'
    """

    name: ClassVar[str] = "beaufort"

    def _encrypt_codes(self, codes: np.ndarray) -> np.ndarray:
        return (self._shifts(len(codes)) - codes) % self.size

    _decrypt_codes = _encrypt_codes


@dataclass(frozen=True, repr=False)
class Autokey(Vigenere):
    """Vigenère whose key is the keyword followed by the plaintext itself.

    >>> Autokey("QUEENLY").encrypt("ATTACKATDAWN")
    'QNXEPVYTWTWP'
    """

    name: ClassVar[str] = "autokey"

    def _encrypt_codes(self, codes: np.ndarray) -> np.ndarray:
        k = self.letters.codes(self.key)
        stream = np.concatenate([k, codes])[: len(codes)]
        return (codes + stream) % self.size

    def _decrypt_codes(self, codes: np.ndarray) -> np.ndarray:
        k = self.letters.codes(self.key).tolist()
        n = self.size
        out: list[int] = []
        for i, c in enumerate(codes.tolist()):
            shift = k[i] if i < len(k) else out[i - len(k)]
            out.append((c - shift) % n)
        return np.asarray(out, dtype=np.int64)


# ------------------------------------------------------------------ Playfair
@dataclass(frozen=True, repr=False)
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
        super().__post_init__()
        if self.letters is not LATIN:
            raise CipherkitError.say("Playfair works over the Latin alphabet A-Z only")
        object.__setattr__(self, "key", _key_word(self.key, say("Playfair")).replace("J", "I"))

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
            raise CipherkitError.say("Playfair ciphertext has an even number of letters")
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


@dataclass(frozen=True, repr=False)
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
        super().__post_init__()
        if isinstance(self.rails, bool) or not isinstance(self.rails, int | np.integer):
            raise CipherkitError.say("the number of rails must be a whole number")
        if not 2 <= self.rails <= 100:
            raise CipherkitError.say("a rail fence has 2 to 100 rails")
        object.__setattr__(self, "rails", int(self.rails))
        object.__setattr__(self, "offset", int(self.offset) % (2 * (self.rails - 1)))

    def _encrypt_codes(self, codes: np.ndarray) -> np.ndarray:
        return codes[_rail_order(len(codes), self.rails, self.offset)]

    def _decrypt_codes(self, codes: np.ndarray) -> np.ndarray:
        out = np.empty_like(codes)
        out[_rail_order(len(codes), self.rails, self.offset)] = codes
        return out

    def key_text(self) -> str:
        rails = ngettext("{n} rail", "{n} rails", self.rails)
        if not self.offset:
            return rails
        return _("{rails}, offset {offset}", rails=rails, offset=self.offset)

    def to_json(self) -> dict[str, Any]:
        return self._with_letters({"cipher": self.name, "key": [self.rails, self.offset]})


def _columnar_order(n: int, order: tuple[int, ...]) -> np.ndarray:
    width = len(order)
    cols = np.arange(n) % width
    rank = np.asarray(order)[cols]
    return np.lexsort((np.arange(n), rank))


@dataclass(frozen=True, repr=False)
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
        object.__setattr__(self, "letters", _key_letters(self.key, self.letters))
        key = _key_word(self.key, say("columnar"), max_len=40, letters=self.letters)
        abc = self.letters  # Ё comes after Е, whatever its code point
        ranked = sorted(range(len(key)), key=lambda i: (abc.index(key[i]), i))
        order = [0] * len(key)
        for rank, i in enumerate(ranked):
            order[i] = rank
        object.__setattr__(self, "key", key)
        object.__setattr__(self, "order", tuple(order))

    @classmethod
    def from_order(
        cls, order: tuple[int, ...] | list[int], *, letters: Alphabet = LATIN
    ) -> Columnar:
        """The cipher whose column i is read ``order[i]``-th (a permutation of 0..w-1)."""
        order = tuple(int(o) for o in order)
        if sorted(order) != list(range(len(order))) or not 1 <= len(order) <= 26:
            raise CipherkitError.say("a column order is a permutation of 0..w-1 (w <= 26)")
        abc = Alphabet.of(letters)
        return cls("".join(abc.letters[o] for o in order), letters=abc)

    def _encrypt_codes(self, codes: np.ndarray) -> np.ndarray:
        return codes[_columnar_order(len(codes), self.order)]

    def _decrypt_codes(self, codes: np.ndarray) -> np.ndarray:
        out = np.empty_like(codes)
        out[_columnar_order(len(codes), self.order)] = codes
        return out

    def key_text(self) -> str:
        return self.key

    def to_json(self) -> dict[str, Any]:
        return self._with_letters({"cipher": self.name, "key": self.key})


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
        raise CipherkitError.say(
            "unknown cipher {name} (known: {known})", name=repr(name), known=", ".join(CIPHERS)
        )
    key = data.get("key")
    letters = Alphabet.of(data.get("alphabet"))
    if cls is Atbash:
        return Atbash(letters=letters)
    if cls in (Affine, RailFence):
        if not isinstance(key, list | tuple) or len(key) != 2:
            raise CipherkitError.say("the {cipher} key is a pair of numbers", cipher=name)
        return cls(*key, letters=letters)
    # every other cipher class is made from its one key
    return cast("Callable[..., Cipher]", cls)(key, letters=letters)
