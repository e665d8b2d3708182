"""Hashing and passwords: fingerprints of text, the avalanche, salts, a dictionary
attack on a made-up leaked table, how long brute force takes, and slow hashes.

Everything is the standard library's :mod:`hashlib`. The accounts and weak passwords
are cipherkit's own, made up for the lesson (:data:`USERS`, :data:`WORDS`,
:data:`ENDINGS`): no real person's name or password list is in them.

Design notes: ``docs/ciphers.md``, ``cipherkit.ciphers.hashing``.

Examples
--------
>>> fingerprint("hello")[:16]
'2cf24dba5fb0a30e'
>>> avalanche(fingerprint("hello"), fingerprint("hellp")) > 80  # of 256 bits
True
>>> salted("otter1", "5f3a") == salted("otter1", "9c0e")  # a salt changes the hash
False
>>> table = leaked_table(8, salt=False, seed=1)
>>> attack = dictionary_attack(table, weak_passwords())
>>> len(attack.found), attack.hashes  # one hash per word serves the whole table
(4, 96)
>>> brute_force_seconds(8, 26)  # eight lower-case letters at 10**9 guesses a second
208.827064576
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Sequence
from typing import Any, NamedTuple

from cipherkit.ciphers.text import check_text
from cipherkit.core.errors import CipherkitError
from cipherkit.i18n import N_, _, say

__all__ = [
    "ALGORITHMS",
    "ENDINGS",
    "MAX_ACCOUNTS",
    "MAX_ITERATIONS",
    "MAX_WORDS",
    "MAX_WORK",
    "USERS",
    "WORDS",
    "Account",
    "Attack",
    "avalanche",
    "brute_force_plot",
    "brute_force_seconds",
    "dictionary_attack",
    "fingerprint",
    "guesses",
    "leaked_table",
    "salted",
    "slow_hash",
    "weak_passwords",
]

ALGORITHMS = ("md5", "sha1", "sha256", "sha512")
"""The hashes :func:`fingerprint` knows (MD5 and SHA-1 are broken for signatures and
shown for history: the 2012 LinkedIn table was unsalted SHA-1)."""
MAX_PASSWORD = 1_000
"""The longest password or salt (characters)."""
MAX_ITERATIONS = 1_000_000
"""The most PBKDF2 iterations :func:`slow_hash` runs (well under a second)."""
MAX_ACCOUNTS = 1_000
"""The most accounts a leaked table has."""
MAX_WORDS = 100_000
"""The longest word list :func:`dictionary_attack` tries."""
MAX_WORK = 2_000_000
"""The most hash computations (PBKDF2 iterations counted one each) one attack may
cost, so it stays within seconds."""
MAX_LENGTH = 64
"""The longest password :func:`guesses` counts."""
MAX_ALPHABET = 1_000
"""The largest alphabet :func:`guesses` counts (characters a password may use)."""

USERS = (
    "amber.fox",
    "bram42",
    "cleo_k",
    "dima.o",
    "ezra_b",
    "fenna",
    "gus.w",
    "hana77",
    "ivo_p",
    "juno.r",
    "kai_t",
    "lena.m",
    "milo99",
    "nora_q",
    "oskar.v",
    "pia_l",
)
"""Made-up user names (cipherkit's own) for the leaked tables."""
WORDS = (
    "otter",
    "maple",
    "rocket",
    "biscuit",
    "pepper",
    "comet",
    "tulip",
    "pickle",
    "walrus",
    "banjo",
    "noodle",
    "marble",
)
"""Made-up weak passwords' words (cipherkit's own, not from any leaked list)."""
ENDINGS = ("", "1", "7", "12", "99", "123", "2024", "!")
"""What the made-up weak passwords add to a word."""
_STRONG = "abcdefghijkmnopqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789"


class Account(NamedTuple):
    """One row of a leaked table: what a site stored, never the password."""

    user: str
    salt: str
    """Empty for an unsalted table."""
    hash: str
    """The hex hash: :func:`salted` (``iterations`` 0) or :func:`slow_hash`."""
    iterations: int = 0
    """0: one SHA-256 of salt + password; more: PBKDF2 with that many iterations."""


class Attack(NamedTuple):
    """What a dictionary attack found, and what it cost."""

    found: dict[str, str]
    """Each fallen account's user and its password."""
    hashes: int
    """Hash computations made (a PBKDF2 iteration counts as one)."""


def _algorithm(name: object) -> str:
    if not isinstance(name, str) or name.lower() not in ALGORITHMS:
        raise CipherkitError.say(
            "unknown hash {name}: choose one of {names}",
            name=repr(name)[:30],
            names=", ".join(ALGORITHMS),
        )
    return name.lower()


def fingerprint(text: str, algorithm: str = "sha256") -> str:
    """The hash of ``text`` (UTF-8) in hex: a fixed-size fingerprint of any text.
    It cannot be turned back into the text; there is nothing to decrypt.

    >>> fingerprint("hello", "md5")
    '5d41402abc4b2a76b9719d911017c592'
    >>> len(fingerprint("a")), len(fingerprint("a" * 100_000))
    (64, 64)
    >>> fingerprint("hello", "sha999")
    Traceback (most recent call last):
    ...
    cipherkit.core.errors.CipherkitError: unknown hash 'sha999': choose one of md5, sha1, \
sha256, sha512
    """
    name = _algorithm(algorithm)
    data = check_text(text)
    if not data:
        raise CipherkitError.say("there is no text to hash")
    return hashlib.new(name, data.encode("utf-8")).hexdigest()


def _hex(digest: object, which: str) -> int:
    if not isinstance(digest, str) or not digest or len(digest) > 256:
        raise CipherkitError.say("{which} is not a hex digest", which=which)
    try:
        return int(digest, 16)
    except ValueError:
        raise CipherkitError.say("{which} is not a hex digest", which=which) from None


def avalanche(first: str, second: str) -> int:
    """How many bits differ between two hex digests of the same size. A tiny change in
    the text changes about half of them: the avalanche.

    >>> avalanche("ff00", "0f01")
    5
    >>> avalanche("ff", "ffff")
    Traceback (most recent call last):
    ...
    cipherkit.core.errors.CipherkitError: the digests have 2 and 4 hex digits: compare \
two hashes of the same kind
    """
    one, two = _hex(first, "'" + str(first)[:20] + "'"), _hex(second, "'" + str(second)[:20] + "'")
    if len(first) != len(second):
        raise CipherkitError.say(
            "the digests have {first} and {second} hex digits: compare two hashes of the same kind",
            first=len(first),
            second=len(second),
        )
    return (one ^ two).bit_count()


def _password(password: object) -> str:
    if not isinstance(password, str):
        raise CipherkitError.say(
            "the password must be text, not {kind}", kind=type(password).__name__
        )
    if not password:
        raise CipherkitError.say("the password is empty")
    if len(password) > MAX_PASSWORD:
        raise CipherkitError.say(
            "the password is too long: {length} characters (at most {limit})",
            length=len(password),
            limit=MAX_PASSWORD,
        )
    return password


def _salt(salt: object) -> str:
    if not isinstance(salt, str):
        raise CipherkitError.say("the salt must be text, not {kind}", kind=type(salt).__name__)
    if len(salt) > MAX_PASSWORD:
        raise CipherkitError.say(
            "the salt is too long: {length} characters (at most {limit})",
            length=len(salt),
            limit=MAX_PASSWORD,
        )
    return salt


def salted(password: str, salt: str) -> str:
    """SHA-256 of ``salt + password`` in hex: what a site stores. The same password
    with another salt has another hash; with an empty salt it is the plain hash.

    >>> salted("otter1", "") == fingerprint("otter1")
    True
    >>> salted("", "5f3a")
    Traceback (most recent call last):
    ...
    cipherkit.core.errors.CipherkitError: the password is empty
    """
    text = _salt(salt) + _password(password)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def _iterations(iterations: object) -> int:
    if isinstance(iterations, bool) or not isinstance(iterations, int):
        raise CipherkitError.say(
            "the iterations must be a whole number, not {value}", value=repr(iterations)[:20]
        )
    if not 1 <= iterations <= MAX_ITERATIONS:
        raise CipherkitError.say(
            "the iterations must be 1 to {limit}, not {value}",
            limit=MAX_ITERATIONS,
            value=iterations if abs(iterations) < 10**12 else "…",
        )
    return iterations


def slow_hash(password: str, salt: str, iterations: int = 100_000) -> str:
    """PBKDF2-HMAC-SHA256 of ``password`` with ``salt``, ``iterations`` rounds, in hex: a
    slow hash. Each guess costs an attacker as many hash computations as the site chose.

    >>> slow_hash("otter1", "5f3a", 1000)[:16]
    'b2f91a3dc67b8c45'
    >>> slow_hash("otter1", "5f3a", 0)
    Traceback (most recent call last):
    ...
    cipherkit.core.errors.CipherkitError: the iterations must be 1 to 1000000, not 0
    """
    rounds = _iterations(iterations)
    raw = hashlib.pbkdf2_hmac(
        "sha256", _password(password).encode("utf-8"), _salt(salt).encode("utf-8"), rounds
    )
    return raw.hex()


def weak_passwords() -> list[str]:
    """The made-up weak passwords: each of :data:`WORDS` with each of :data:`ENDINGS`
    (96 of them), the attacker's dictionary in the lesson.

    >>> weak_passwords()[:3], len(weak_passwords())
    (['otter', 'otter1', 'otter7'], 96)
    """
    return [word + ending for word in WORDS for ending in ENDINGS]


def _whole(value: object, low: int, high: int, message: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise CipherkitError.say(message, low=low, high=high, value=repr(value)[:20])
    return value


def leaked_table(
    accounts: int = 12, *, salt: bool = True, seed: int = 0, iterations: int = 0
) -> list[Account]:
    """A made-up leaked table: ``accounts`` rows of :data:`USERS` (numbered past 16),
    most with a weak password from :func:`weak_passwords`, about one in four with a
    strong random one. ``salt``: each row gets its own random salt (else none);
    ``iterations``: store :func:`slow_hash` with that many rounds (0: :func:`salted`).
    The same seed gives the same table, and the same passwords salted or not.

    >>> table = leaked_table(3, seed=1)
    >>> [row.user for row in table], len(table[0].salt)
    (['amber.fox', 'bram42', 'cleo_k'], 8)
    >>> leaked_table(3, salt=False, seed=1)[0].salt
    ''
    >>> leaked_table(0)
    Traceback (most recent call last):
    ...
    cipherkit.core.errors.CipherkitError: a leaked table has 1 to 1000 accounts, not 0
    """
    count = _whole(
        accounts, 1, MAX_ACCOUNTS, N_("a leaked table has {low} to {high} accounts, not {value}")
    )
    rounds = 0 if iterations == 0 else _iterations(iterations)
    rng = random.Random(
        _whole(
            seed, 0, 2**63, N_("the seed must be a whole number from {low} to {high}, not {value}")
        )
    )
    weak = weak_passwords()
    rows = []
    for number in range(count):
        user = USERS[number % len(USERS)]
        if number >= len(USERS):
            user += str(number // len(USERS) + 1)
        if rng.random() < 0.25:
            password = "".join(rng.choice(_STRONG) for _unused in range(12))
        else:
            password = rng.choice(weak)
        drawn = f"{rng.getrandbits(32):08x}"  # drawn either way: one seed, one set of passwords
        row_salt = drawn if salt else ""
        digest = slow_hash(password, row_salt, rounds) if rounds else salted(password, row_salt)
        rows.append(Account(user, row_salt, digest, rounds))
    return rows


def _table(table: object) -> list[Account]:
    if not isinstance(table, Sequence) or not all(isinstance(row, Account) for row in table):
        raise CipherkitError.say("the table must be a list of accounts (see leaked_table)")
    if not table:
        raise CipherkitError.say("the table has no accounts")
    if len(table) > MAX_ACCOUNTS:
        raise CipherkitError.say(
            "the table has {count} accounts, more than {limit}",
            count=len(table),
            limit=MAX_ACCOUNTS,
        )
    return list(table)


def _words(words: object) -> list[str]:
    if isinstance(words, str) or not isinstance(words, Sequence):
        raise CipherkitError.say("give the words as a list of passwords to try")
    if len(words) > MAX_WORDS:
        raise CipherkitError.say(
            "the word list has {count} words, more than the {limit} an attack here may try",
            count=len(words),
            limit=MAX_WORDS,
        )
    checked = [_password(word) for word in words]
    if not checked:
        raise CipherkitError.say("the word list is empty")
    return list(dict.fromkeys(checked))


def dictionary_attack(table: Sequence[Account], words: Sequence[str]) -> Attack:
    """Try every password of ``words`` against a leaked ``table``: which accounts fall
    (user -> password) and how many hashes it took. Accounts that share a salt (an
    unsalted table: all of them) share the work, as a precomputed table would; a salt
    of its own makes every account cost the whole list again. An attack past
    :data:`MAX_WORK` hash computations is refused before it starts.

    >>> salty = dictionary_attack(leaked_table(8, seed=1), weak_passwords())
    >>> len(salty.found), salty.hashes  # the same passwords fall, at 8 times the cost
    (4, 768)
    >>> dictionary_attack(leaked_table(2), [])
    Traceback (most recent call last):
    ...
    cipherkit.core.errors.CipherkitError: the word list is empty
    """
    rows = _table(table)
    tries = _words(words)
    groups: dict[tuple[str, int], list[Account]] = {}
    for row in rows:
        groups.setdefault((row.salt, row.iterations), []).append(row)
    work = sum(len(tries) * max(1, rounds) for _salt_of, rounds in groups)
    if work > MAX_WORK:
        raise CipherkitError.say(
            "this attack would take {work} hash computations, more than the {limit} "
            "allowed here: try fewer words or accounts",
            work=format(work, ","),
            limit=format(MAX_WORK, ","),
        )
    found: dict[str, str] = {}
    for (row_salt, rounds), members in groups.items():
        if rounds:
            lookup = {slow_hash(word, row_salt, rounds): word for word in tries}
        else:
            lookup = {salted(word, row_salt): word for word in tries}
        for row in members:
            if row.hash in lookup:
                found[row.user] = lookup[row.hash]
    return Attack({row.user: found[row.user] for row in rows if row.user in found}, work)


def guesses(length: int, alphabet_size: int) -> int:
    """How many passwords of ``length`` characters an alphabet of ``alphabet_size``
    makes: ``alphabet_size ** length``, the guesses a brute force may need.

    >>> guesses(4, 10)  # a four-digit PIN
    10000
    >>> guesses(-1, 26)
    Traceback (most recent call last):
    ...
    cipherkit.core.errors.CipherkitError: a password's length is 1 to 64 characters, not -1
    """
    size = _whole(
        length, 1, MAX_LENGTH, N_("a password's length is {low} to {high} characters, not {value}")
    )
    letters = _whole(
        alphabet_size,
        1,
        MAX_ALPHABET,
        N_("an alphabet has {low} to {high} characters, not {value}"),
    )
    return letters**size


def brute_force_seconds(length: int, alphabet_size: int, rate: float = 1e9) -> float:
    """Seconds to try every password of ``length`` characters from an alphabet of
    ``alphabet_size`` at ``rate`` guesses a second (on average half of it finds one).

    >>> round(brute_force_seconds(10, 26) / 3600, 1)  # hours for ten lower-case letters
    39.2
    >>> brute_force_seconds(8, 26, rate=0)
    Traceback (most recent call last):
    ...
    cipherkit.core.errors.CipherkitError: the rate must be a number of guesses a second \
above 0 (at most 1e30), not 0
    """
    tries = guesses(length, alphabet_size)
    if isinstance(rate, bool) or not isinstance(rate, int | float) or not 0 < rate <= 1e30:
        raise CipherkitError.say(
            "the rate must be a number of guesses a second above 0 (at most 1e30), not {rate}",
            rate=repr(rate)[:20],
        )
    return tries / rate


ALPHABETS = (
    (10, N_("digits")),
    (26, N_("lower-case letters")),
    (62, N_("letters and digits")),
    (95, N_("every keyboard character")),
)
"""The alphabets :func:`brute_force_plot` draws: their sizes and names (said with ``_``)."""
_MARKS = (
    (3600, N_("an hour")),
    (86_400, N_("a day")),
    (31_557_600, N_("a year")),
    (31_557_600_000, N_("a thousand years")),
)


def brute_force_plot(rate: float = 1e9, longest: int = 16, ax: Any = None) -> Any:
    """A plot of :func:`brute_force_seconds` for passwords of 1 to ``longest``
    characters over the :data:`ALPHABETS`, at ``rate`` guesses a second: seconds on a
    log scale, with an hour, a day, a year and a thousand years marked. Draws on ``ax``
    (else a new figure; matplotlib is imported only here) and returns the axes.

    >>> import matplotlib
    >>> matplotlib.use("Agg")
    >>> ax = brute_force_plot(longest=12)
    >>> len(ax.lines), ax.get_yscale()
    (8, 'log')
    """
    size = _whole(
        longest, 1, MAX_LENGTH, N_("a password's length is {low} to {high} characters, not {value}")
    )
    brute_force_seconds(1, 10, rate)  # the rate checked before anything is drawn
    if ax is None:
        import matplotlib.pyplot as plt

        __, ax = plt.subplots(figsize=(6.4, 4))
    lengths = list(range(1, size + 1))
    for letters, name in ALPHABETS:
        seconds = [brute_force_seconds(n, letters, rate) for n in lengths]
        ax.plot(lengths, seconds, marker="o", markersize=3, label=f"{_(name)} ({letters})")
    for mark, name in _MARKS:
        ax.axhline(mark, color="grey", linewidth=0.8, linestyle=":")
        ax.text(lengths[0], mark * 1.4, _(name), color="grey", fontsize=8)
    ax.set_yscale("log")
    ax.set_xlabel(_("password length (characters)"))
    ax.set_ylabel(_("seconds to try every password"))
    ax.set_title(say("Brute force at {rate} guesses a second", rate=format(rate, ",.0f")))
    ax.legend(frameon=False, fontsize=8)
    return ax
