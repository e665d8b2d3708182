"""Hashing and passwords (lesson 11): fingerprints of a fixed size, the avalanche, salts,
a dictionary attack on a made-up leaked table, brute-force time and slow hashes; bad
input is one clear sentence."""

from __future__ import annotations

import hashlib

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cipherkit.ciphers.hashing import (
    MAX_WORDS,
    MAX_WORK,
    USERS,
    Account,
    avalanche,
    brute_force_plot,
    brute_force_seconds,
    dictionary_attack,
    fingerprint,
    guesses,
    leaked_table,
    salted,
    slow_hash,
    weak_passwords,
)
from cipherkit.i18n import speaking
from tests.ciphers.bad_input import bad_input_tests

texts = st.text(min_size=1, max_size=200)
SIZES = {"md5": 32, "sha1": 40, "sha256": 64, "sha512": 128}


@settings(max_examples=100, deadline=None)
@given(texts, st.sampled_from(sorted(SIZES)))
def test_a_fingerprint_has_a_fixed_size_and_is_the_standard_hash(text: str, name: str) -> None:
    digest = fingerprint(text, name)
    assert len(digest) == SIZES[name]
    assert digest == hashlib.new(name, text.encode("utf-8")).hexdigest()
    assert fingerprint(text, name.upper()) == digest


@settings(max_examples=100, deadline=None)
@given(texts, st.integers(0, 199), st.characters(codec="utf-8"))
def test_a_tiny_change_changes_about_half_the_bits(text: str, where: int, ch: str) -> None:
    where %= len(text)
    other = text[:where] + ch + text[where + 1 :]
    changed = avalanche(fingerprint(text), fingerprint(other))
    if other == text:
        assert changed == 0
    else:
        assert 60 <= changed <= 196  # of 256: about 128, never a handful


@settings(max_examples=50, deadline=None)
@given(st.text(min_size=1, max_size=30), st.text(max_size=10), st.text(max_size=10))
def test_a_salt_gives_the_same_password_another_hash(password: str, one: str, two: str) -> None:
    assert salted(password, one) == hashlib.sha256((one + password).encode()).hexdigest()
    assert (salted(password, one) == salted(password, two)) == (one == two)
    assert salted(password, "") == fingerprint(password)


def test_a_slow_hash_is_pbkdf2() -> None:
    expected = hashlib.pbkdf2_hmac("sha256", b"otter1", b"5f3a", 2000).hex()
    assert slow_hash("otter1", "5f3a", 2000) == expected
    assert slow_hash("otter1", "5f3a", 2000) != slow_hash("otter1", "5f3a", 2001)


@settings(max_examples=30, deadline=None)
@given(st.integers(1, 40), st.integers(0, 10_000))
def test_a_table_is_made_up_deterministic_and_the_salt_hides_nothing_else(
    count: int, seed: int
) -> None:
    plain = leaked_table(count, salt=False, seed=seed)
    salty = leaked_table(count, seed=seed)
    assert plain == leaked_table(count, salt=False, seed=seed)
    assert [row.user for row in plain] == [row.user for row in salty]
    assert len({row.user for row in plain}) == count
    assert all(row.user.startswith(USERS) for row in plain)
    assert all(row.salt == "" for row in plain)
    assert len({row.salt for row in salty}) == count or count > 16  # 32-bit salts
    words = weak_passwords()
    cheap, dear = dictionary_attack(plain, words), dictionary_attack(salty, words)
    # the same weak passwords fall either way; a salt makes each account cost the list
    assert cheap.found == dear.found
    assert cheap.hashes == len(words)
    assert dear.hashes == len(words) * len({row.salt for row in salty})
    for user, password in cheap.found.items():
        row = next(r for r in salty if r.user == user)
        assert salted(password, row.salt) == row.hash
        assert password in words


def test_an_attack_finds_exactly_the_passwords_in_its_list() -> None:
    table = [
        Account("a", "s1", salted("otter1", "s1")),
        Account("b", "s2", salted("Zq8#long-pass", "s2")),
        Account("c", "", salted("maple", "")),
        Account("d", "s3", slow_hash("comet7", "s3", 50), 50),
    ]
    attack = dictionary_attack(table, ["otter1", "maple", "comet7", "nope"])
    assert attack.found == {"a": "otter1", "c": "maple", "d": "comet7"}
    assert attack.hashes == 4 * 3 + 4 * 50  # three fast groups, one slow one
    slow = leaked_table(4, seed=2, iterations=100)
    assert all(row.iterations == 100 for row in slow)
    assert dictionary_attack(slow, weak_passwords()).found == (
        dictionary_attack(leaked_table(4, seed=2), weak_passwords()).found
    )


@settings(max_examples=100, deadline=None)
@given(st.integers(1, 64), st.integers(1, 1000))
def test_guesses_grow_as_the_alphabet_to_the_length(length: int, size: int) -> None:
    assert guesses(length, size) == size**length
    if length < 64:
        assert guesses(length + 1, size) == guesses(length, size) * size
    assert brute_force_seconds(length, size, rate=1) == pytest.approx(float(size**length))
    assert brute_force_seconds(length, size) == pytest.approx(size**length / 1e9)


def test_the_lessons_figures() -> None:
    assert guesses(4, 10) == 10_000
    assert int(brute_force_seconds(10, 26) // 3600) == 39  # hours, ten lower-case letters
    assert brute_force_seconds(8, 26) == pytest.approx(208.827064576)


def test_the_plot_draws_every_alphabet_in_the_language_spoken() -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    ax = brute_force_plot(rate=1e6, longest=10)
    curves = [line for line in ax.lines if len(line.get_xdata()) == 10]
    assert len(curves) == 4
    assert list(curves[1].get_ydata()) == pytest.approx([26**n / 1e6 for n in range(1, 11)])
    assert ax.get_yscale() == "log" and "1,000,000" in ax.get_title()
    with speaking("ru"):
        russian = brute_force_plot(longest=8)
    assert any("а" <= c <= "я" for c in russian.get_xlabel().lower())
    plt.close("all")


BAD = [
    (lambda: fingerprint(""), "there is no text to hash"),
    (lambda: fingerprint("x" * 10_000_000), "text too long: 10000000 characters"),
    (lambda: fingerprint(b"bytes"), "expected text, not bytes"),  # type: ignore[arg-type]
    (lambda: fingerprint("hi", "sha999"), "unknown hash 'sha999'"),
    (lambda: fingerprint("hi", None), "unknown hash None"),  # type: ignore[arg-type]
    (lambda: avalanche("ff", "ffff"), "the digests have 2 and 4 hex digits"),
    (lambda: avalanche("xyz", "abc"), "'xyz' is not a hex digest"),
    (lambda: avalanche("", "ab"), "'' is not a hex digest"),
    (lambda: salted("", "salt"), "the password is empty"),
    (lambda: salted("x" * 10_000_000, "salt"), "the password is too long"),
    (lambda: salted(42, "salt"), "the password must be text, not int"),  # type: ignore[arg-type]
    (lambda: salted("pw", None), "the salt must be text, not NoneType"),  # type: ignore[arg-type]
    (lambda: salted("pw", "s" * 2000), "the salt is too long: 2000 characters"),
    (lambda: slow_hash("pw", "s", 0), "the iterations must be 1 to 1000000, not 0"),
    (lambda: slow_hash("pw", "s", 10**9), "the iterations must be 1 to 1000000"),
    (lambda: slow_hash("pw", "s", 2.5), "the iterations must be a whole number"),  # type: ignore[arg-type]
    (lambda: leaked_table(0), "a leaked table has 1 to 1000 accounts, not 0"),
    (lambda: leaked_table(-5), "a leaked table has 1 to 1000 accounts, not -5"),
    (lambda: leaked_table(10**6), "a leaked table has 1 to 1000 accounts"),
    (lambda: leaked_table(3, seed=-1), "the seed must be a whole number"),
    (lambda: dictionary_attack([], ["a"]), "the table has no accounts"),
    (lambda: dictionary_attack(["row"], ["a"]), "the table must be a list of accounts"),  # type: ignore[list-item]
    (lambda: dictionary_attack(leaked_table(2), []), "the word list is empty"),
    (lambda: dictionary_attack(leaked_table(2), "otter"), "give the words as a list"),
    (lambda: dictionary_attack(leaked_table(2), [""]), "the password is empty"),
    (
        lambda: dictionary_attack(leaked_table(2), ["w"] * (MAX_WORDS + 1)),
        f"the word list has {MAX_WORDS + 1} words",
    ),
    (
        lambda: dictionary_attack(leaked_table(300), [f"w{i}" for i in range(MAX_WORK // 200)]),
        "this attack would take 3,000,000 hash computations",
    ),
    (
        lambda: dictionary_attack(leaked_table(4, iterations=100_000), weak_passwords()),
        "this attack would take 38,400,000 hash computations",
    ),
    (lambda: guesses(-1, 26), "a password's length is 1 to 64 characters, not -1"),
    (lambda: guesses(65, 26), "a password's length is 1 to 64 characters, not 65"),
    (lambda: guesses(8, 0), "an alphabet has 1 to 1000 characters, not 0"),
    (lambda: guesses(8, 10**100), "an alphabet has 1 to 1000 characters"),
    (lambda: brute_force_seconds(8, 26, rate=0), "the rate must be a number of guesses"),
    (lambda: brute_force_seconds(8, 26, rate=float("nan")), "not nan"),
    (lambda: brute_force_seconds(8, 26, rate=10**400), "at most 1e30"),
    (lambda: brute_force_seconds(8, 26, rate="fast"), "not 'fast'"),  # type: ignore[arg-type]
    (lambda: brute_force_plot(longest=0), "a password's length is 1 to 64 characters, not 0"),
    (lambda: brute_force_plot(rate=-1), "the rate must be a number of guesses"),
]


test_bad_input_is_one_clear_sentence, test_bad_input_reads_in_russian = bad_input_tests(BAD)
