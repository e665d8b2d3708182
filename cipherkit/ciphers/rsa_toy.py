"""RSA with small numbers (lesson 12): a key pair from two small primes, encryption with
the public key and decryption with the private one, signatures the other way round, and
the attack that breaks a key whose modulus is small enough to factor.

Every number here is bounded (primes below :data:`MAX_PRIME`, a modulus to factor below
:data:`MAX_MODULUS`), so every request is answered at once. Real RSA takes primes of
hundreds of digits and pads its messages; these toy keys are for learning only.

Design notes: ``docs/ciphers.md``, ``cipherkit.ciphers.rsa_toy``.

Examples
--------
>>> keys = make_keys(61, 53, e=17)
>>> keys.public, keys.private
((17, 3233), (2753, 3233))
>>> encrypt(65, keys.public)
2790
>>> decrypt(2790, keys.private)
65
>>> verify(65, sign(65, keys.private), keys.public)
True
>>> factor(3233)
Factoring(p=53, q=61, steps=27)
"""

from __future__ import annotations

import math
import time
from typing import NamedTuple

from cipherkit.ciphers.modular import inverse
from cipherkit.core.errors import CipherkitError

__all__ = [
    "MAX_BITS",
    "MAX_MODULUS",
    "MAX_PRIME",
    "FactorTime",
    "Factoring",
    "KeyPair",
    "decrypt",
    "decrypt_letters",
    "encrypt",
    "encrypt_letters",
    "factor",
    "factor_times",
    "is_prime",
    "letters_to_numbers",
    "make_keys",
    "numbers_to_letters",
    "sign",
    "verify",
]

MAX_PRIME = 10**6
"""The primes of a toy key are below this (so the modulus is below 10**12)."""
MAX_MODULUS = 10**12
"""The largest number :func:`is_prime` and :func:`factor` take: trial division up to
its square root (10**6) answers at once."""
MAX_BITS = 39
"""The largest modulus size (in bits) :func:`factor_times` times: 2**39 < 10**12."""
MAX_LETTERS = 10_000
"""The most letters :func:`encrypt_letters` takes at once."""
_LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
_PRIME_WORDS = "1 000 000"
_MODULUS_WORDS = "1 000 000 000 000"
_DEFAULT_E = (65537, 257, 17, 5, 3)
"""The public exponents :func:`make_keys` tries, in this order, when none is given."""


class KeyPair(NamedTuple):
    """An RSA key pair: ``public = (e, n)`` anyone may have, ``private = (d, n)`` only
    its owner keeps."""

    public: tuple[int, int]
    private: tuple[int, int]


class Factoring(NamedTuple):
    """A modulus split by trial division: ``p × q`` (``p`` the smallest factor), found
    after ``steps`` trial divisions."""

    p: int
    q: int
    steps: int


class FactorTime(NamedTuple):
    """How long trial division took to factor a modulus of ``bits`` bits."""

    bits: int
    n: int
    seconds: float
    steps: int


def _whole(value: object, name: str, limit: int, words: str) -> int:
    """``value`` as a whole number from 0 to ``limit`` (exclusive); ``name`` is its
    symbol in the lesson (p, q, e, n, m), the same in every language."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise CipherkitError.say(
            "{name} must be a whole number, not {kind}", name=name, kind=type(value).__name__
        )
    if value < 0:
        raise CipherkitError.say("{name} must not be negative, not {value}", name=name, value=value)
    if value >= limit:
        raise CipherkitError.say(
            "{name} is too big for this toy: give a number below {limit}", name=name, limit=words
        )
    return value


def is_prime(n: int) -> bool:
    """Whether ``n`` (below :data:`MAX_MODULUS`) is prime: it has no divisor but 1 and
    itself. Trial division by 2, 3 and the numbers 6k ± 1 up to the square root, so the
    answer is exact.

    >>> [k for k in range(30) if is_prime(k)]
    [2, 3, 5, 7, 11, 13, 17, 19, 23, 29]
    >>> is_prime(2021), is_prime(999983)
    (False, True)
    """
    value = _whole(n, "n", MAX_MODULUS, _MODULUS_WORDS)
    if value < 4:
        return value >= 2
    if value % 2 == 0 or value % 3 == 0:
        return False
    k = 5
    while k * k <= value:
        if value % k == 0 or value % (k + 2) == 0:
            return False
        k += 6
    return True


def _prime(value: object, name: str) -> int:
    number = _whole(value, name, MAX_PRIME, _PRIME_WORDS)
    if not is_prime(number):
        raise CipherkitError.say(
            "{name} = {value} is not prime: RSA takes two primes", name=name, value=number
        )
    return number


def make_keys(p: int, q: int, e: int | None = None) -> KeyPair:
    """The key pair of the primes ``p`` and ``q`` (different, below :data:`MAX_PRIME`):
    ``n = p × q``, ``φ = (p − 1)(q − 1)``, the public exponent ``e`` coprime to ``φ``
    (default: the first of 65537, 257, 17, 5, 3 that is smaller than ``φ`` and coprime
    to it) and the private exponent ``d = e⁻¹ mod φ`` (lesson 10's inverse).

    >>> make_keys(3, 11, e=3)
    KeyPair(public=(3, 33), private=(7, 33))
    >>> make_keys(5, 11).public  # φ = 40: 65537 and 257 are too big, 17 will do
    (17, 55)
    >>> make_keys(7, 7)
    Traceback (most recent call last):
    ...
    cipherkit.core.errors.CipherkitError: p and q must be two different primes, not 7 twice
    >>> make_keys(7, 13, e=3)
    Traceback (most recent call last):
    ...
    cipherkit.core.errors.CipherkitError: e = 3 shares the factor 3 with φ = 72: choose an \
e with no factor in common with φ
    """
    first, second = _prime(p, "p"), _prime(q, "q")
    if first == second:
        raise CipherkitError.say("p and q must be two different primes, not {p} twice", p=first)
    n, phi = first * second, (first - 1) * (second - 1)
    if e is None:
        choices = [k for k in _DEFAULT_E if k < phi and math.gcd(k, phi) == 1]
        if not choices:
            raise CipherkitError.say(
                "φ = {phi} is too small for a public exponent: take bigger primes", phi=phi
            )
        exponent = choices[0]
    else:
        exponent = _whole(e, "e", MAX_MODULUS, _MODULUS_WORDS)
        if not 1 < exponent < phi:
            raise CipherkitError.say(
                "e must be from 2 to φ − 1 = {top}, not {e}", top=phi - 1, e=exponent
            )
        shared = math.gcd(exponent, phi)
        if shared != 1:
            raise CipherkitError.say(
                "e = {e} shares the factor {factor} with φ = {phi}: choose an e with no "
                "factor in common with φ",
                e=exponent,
                factor=shared,
                phi=phi,
            )
    return KeyPair(public=(exponent, n), private=(inverse(exponent, phi), n))


def _key(key: object) -> tuple[int, int]:
    """A key ``(exponent, n)`` with ``n`` from 2 below :data:`MAX_MODULUS`."""
    if not isinstance(key, tuple) or len(key) != 2:
        raise CipherkitError.say("a key is a pair of numbers (exponent, n), like (3, 55)")
    exponent = _whole(key[0], "e", MAX_MODULUS, _MODULUS_WORDS)
    n = _whole(key[1], "n", MAX_MODULUS, _MODULUS_WORDS)
    if n < 2:
        raise CipherkitError.say("the modulus n must be at least 2, not {n}", n=n)
    return exponent, n


def _message(m: object, n: int, name: str = "m") -> int:
    value = _whole(m, name, MAX_MODULUS, _MODULUS_WORDS)
    if value >= n:
        raise CipherkitError.say(
            "{name} = {value} is not below n = {n}: RSA works on numbers from 0 to n − 1",
            name=name,
            value=value,
            n=n,
        )
    return value


def encrypt(m: int, public: tuple[int, int]) -> int:
    """The number ``m`` (from 0 to ``n − 1``) encrypted with the public key
    ``(e, n)``: ``m^e mod n``.

    >>> encrypt(4, (3, 33))
    31
    >>> encrypt(60, (3, 55))
    Traceback (most recent call last):
    ...
    cipherkit.core.errors.CipherkitError: m = 60 is not below n = 55: RSA works on numbers \
from 0 to n − 1
    """
    e, n = _key(public)
    return pow(_message(m, n), e, n)


def decrypt(c: int, private: tuple[int, int]) -> int:
    """The number ``c`` decrypted with the private key ``(d, n)``: ``c^d mod n``.

    >>> decrypt(31, (7, 33))
    4
    """
    d, n = _key(private)
    return pow(_message(c, n, "c"), d, n)


def sign(m: int, private: tuple[int, int]) -> int:
    """The signature of the number ``m`` with the private key ``(d, n)``: ``m^d mod n``.
    Only the key's owner can make it; anyone with the public key can check it.

    >>> sign(4, (7, 33))
    16
    """
    d, n = _key(private)
    return pow(_message(m, n), d, n)


def verify(m: int, signature: int, public: tuple[int, int]) -> bool:
    """Whether ``signature`` is the signature of ``m`` for the public key ``(e, n)``:
    ``signature^e mod n == m``.

    >>> verify(4, 16, (3, 33)), verify(5, 16, (3, 33))
    (True, False)
    """
    e, n = _key(public)
    return pow(_message(signature, n, "s"), e, n) == _message(m, n)


def letters_to_numbers(text: str) -> list[int]:
    """The letters of ``text`` as numbers, A = 1 … Z = 26 (other characters are
    skipped; case is ignored).

    >>> letters_to_numbers("Hi, RSA!")
    [8, 9, 18, 19, 1]
    """
    if not isinstance(text, str):
        raise CipherkitError.say("the text must be a string, not {kind}", kind=type(text).__name__)
    if len(text) > MAX_LETTERS:
        raise CipherkitError.say(
            "the text is too long: {length} characters (at most {limit})",
            length=len(text),
            limit=MAX_LETTERS,
        )
    return [_LETTERS.index(ch) + 1 for ch in text.upper() if ch in _LETTERS]


def numbers_to_letters(numbers: list[int]) -> str:
    """The numbers 1 … 26 as the letters A … Z.

    >>> numbers_to_letters([18, 19, 1])
    'RSA'
    >>> numbers_to_letters([27])
    Traceback (most recent call last):
    ...
    cipherkit.core.errors.CipherkitError: 27 is not a letter's number: A = 1 … Z = 26
    """
    out = []
    for number in list(numbers)[:MAX_LETTERS]:
        if isinstance(number, bool) or not isinstance(number, int) or not 1 <= number <= 26:
            raise CipherkitError.say(
                "{number} is not a letter's number: A = 1 … Z = 26", number=repr(number)[:20]
            )
        out.append(_LETTERS[number - 1])
    return "".join(out)


def encrypt_letters(text: str, public: tuple[int, int]) -> list[int]:
    """Each letter of ``text`` (A = 1 … Z = 26) encrypted with the public key; ``n``
    must be above 26. (Letter by letter, equal letters give equal numbers: a
    substitution cipher that frequency analysis breaks. Real RSA encrypts big blocks
    with random padding.)

    >>> encrypt_letters("HI", (3, 33))
    [17, 3]
    """
    e, n = _key(public)
    if n <= 26:
        raise CipherkitError.say("n = {n} is too small for letters: it must be above 26", n=n)
    return [pow(number, e, n) for number in letters_to_numbers(text)]


def decrypt_letters(numbers: list[int], private: tuple[int, int]) -> str:
    """The numbers from :func:`encrypt_letters` decrypted with the private key, as
    letters.

    >>> decrypt_letters([17, 3], (7, 33))
    'HI'
    """
    d, n = _key(private)
    if len(numbers) > MAX_LETTERS:
        raise CipherkitError.say(
            "too many numbers: {length} (at most {limit})", length=len(numbers), limit=MAX_LETTERS
        )
    return numbers_to_letters([pow(_message(c, n, "c"), d, n) for c in numbers])


def factor(n: int) -> Factoring:
    """Split the modulus ``n`` (from 4 below :data:`MAX_MODULUS`) into ``p × q`` by
    trial division: try 2, then 3, 5, 7, … up to the square root of ``n``, and count
    the divisions. Whoever factors ``n`` computes φ and the private exponent.

    >>> factor(2021)
    Factoring(p=43, q=47, steps=22)
    >>> factor(999983)
    Traceback (most recent call last):
    ...
    cipherkit.core.errors.CipherkitError: n = 999983 is prime: it has no factors to find
    """
    value = _whole(n, "n", MAX_MODULUS, _MODULUS_WORDS)
    if value < 4:
        raise CipherkitError.say("n must be at least 4 to have two factors, not {n}", n=value)
    steps = 1
    if value % 2 == 0:
        return Factoring(2, value // 2, steps)
    k = 3
    while k * k <= value:
        steps += 1
        if value % k == 0:
            return Factoring(k, value // k, steps)
        k += 2
    raise CipherkitError.say("n = {n} is prime: it has no factors to find", n=value)


def prime_below(limit: int) -> int:
    """The largest prime below ``limit`` (``limit`` above 2).

    >>> prime_below(256), prime_below(1024)
    (251, 1021)
    """
    k = limit - 1
    while not is_prime(k):
        k -= 1
    return k


def bit_sizes(bits_list: list[int], high: int) -> list[int]:
    """The sizes a timing table is asked for (at most 100), each a whole number of bits
    from 8 to ``high``; anything else is refused in one sentence.

    >>> bit_sizes([8, 12], 39)
    [8, 12]
    """
    sizes = list(bits_list)[:100]
    for bits in sizes:
        if isinstance(bits, bool) or not isinstance(bits, int) or not 8 <= bits <= high:
            raise CipherkitError.say(
                "give sizes from {low} to {high} bits, not {bits}",
                low=8,
                high=high,
                bits=repr(bits)[:20],
            )
    return sizes


def factor_times(bits_list: list[int]) -> list[FactorTime]:
    """For each size in ``bits_list`` (8 to :data:`MAX_BITS` bits), a modulus of that
    size made of two primes of half its size (the hardest case for trial division), and
    the time :func:`factor` takes on it, measured now.

    >>> [(row.bits, row.n) for row in factor_times([8, 12])]
    [(8, 143), (12, 3599)]
    >>> factor_times([64])
    Traceback (most recent call last):
    ...
    cipherkit.core.errors.CipherkitError: give sizes from 8 to 39 bits, not 64
    """
    rows = []
    for bits in bit_sizes(bits_list, MAX_BITS):
        p = prime_below(2 ** (bits // 2))
        q = prime_below(2 ** (bits - bits // 2))
        if p == q:
            q = prime_below(p)
        n = p * q
        start = time.perf_counter()
        found = factor(n)
        rows.append(FactorTime(bits, n, time.perf_counter() - start, found.steps))
    return rows
