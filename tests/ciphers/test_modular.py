"""Modular arithmetic (lesson 10): remainders, Euclid's steps, inverses modulo n, the
affine cipher's round trip for every valid key and the letters a bad key sends to one
letter; bad input is one clear sentence, in English and in Russian."""

from __future__ import annotations

import itertools
import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cipherkit.ciphers import LATIN, RUSSIAN, Affine, rank_affine, valid_a
from cipherkit.ciphers.modular import (
    MAX_NUMBER,
    EuclidStep,
    collisions,
    gcd_steps,
    inverse,
    mod,
    mod_table,
)
from cipherkit.core.errors import CipherkitError
from tests.ciphers.bad_input import bad_input_tests

numbers = st.integers(-MAX_NUMBER, MAX_NUMBER)
moduli = st.integers(2, MAX_NUMBER)


@settings(max_examples=300, deadline=None)
@given(numbers, moduli)
def test_an_inverse_times_its_number_is_one_exactly_when_they_share_no_factor(
    a: int, n: int
) -> None:
    if math.gcd(a, n) == 1:
        i = inverse(a, n)
        assert 0 < i < n
        assert a * i % n == 1
        assert i == pow(a, -1, n)
    else:
        with pytest.raises(CipherkitError) as caught:
            inverse(a, n)
        assert f"share the factor {math.gcd(a, n)}" in str(caught.value)


@settings(max_examples=300, deadline=None)
@given(numbers, numbers)
def test_euclids_steps_divide_and_end_at_the_gcd(a: int, b: int) -> None:
    steps = gcd_steps(a, b)
    for step in steps:
        assert step.a == step.quotient * step.b + step.remainder
        assert 0 <= step.remainder < step.b
    for before, after in itertools.pairwise(steps):
        assert (after.a, after.b) == (before.b, before.remainder)
    if b:
        assert steps[-1].remainder == 0 and steps[-1].b == math.gcd(a, b)
    else:
        assert steps == []


@settings(max_examples=300, deadline=None)
@given(numbers, moduli)
def test_mod_is_the_remainder_on_a_clock(x: int, n: int) -> None:
    r = mod(x, n)
    assert 0 <= r < n and (x - r) % n == 0


@pytest.mark.parametrize("a", valid_a(26))
def test_every_valid_affine_key_round_trips_and_is_one_to_one(a: int) -> None:
    for b in range(26):
        cipher = Affine(a, b)
        assert cipher.decrypt(cipher.encrypt(LATIN.letters)) == LATIN.letters
        assert len(set(cipher.encrypt(LATIN.letters))) == 26
        # decrypting is multiplying by the inverse of a, after taking b off
        out = cipher.encrypt("HELLO")
        back = "".join(LATIN.letters[inverse(a, 26) * (LATIN.index(c) - b) % 26] for c in out)
        assert back == "HELLO"


@pytest.mark.parametrize(("letters", "size"), [(LATIN, 26), (RUSSIAN, 33)])
def test_collisions_happen_exactly_when_a_shares_a_factor_with_the_size(
    letters: object, size: int
) -> None:
    for a in range(size):
        for b in (0, 1, size - 1):
            found = collisions(a, b, letters=letters)  # type: ignore[arg-type]
            assert (found == {}) == (math.gcd(a, size) == 1), (a, b)
            if found:
                g = math.gcd(a, size)
                assert len(found) == size // g  # the images: the multiples of g, shifted
                assert all(len(sources) == g for sources in found.values())


def test_two_letters_one_image_is_what_a_bad_key_does() -> None:
    assert collisions(2, 0)["A"] == ("A", "N")  # 2*0 = 0 and 2*13 = 26 = 0
    assert collisions(13, 0)["A"] == tuple(LATIN.letters[::2])
    with pytest.raises(CipherkitError, match="affine a must be coprime to 26"):
        Affine(2, 0)


def test_breaking_an_affine_cipher_tries_the_312_keys() -> None:
    assert len(valid_a(26)) * 26 == 312
    secret = Affine(7, 3).encrypt("THE TREASURE IS BURIED UNDER THE OLD OAK TREE")
    best = rank_affine(secret)[0]
    assert (best.cipher.a, best.cipher.b) == (7, 3)  # type: ignore[attr-defined]


def test_the_tables_and_the_steps_read_as_in_the_lesson() -> None:
    assert str(EuclidStep(26, 7, 3, 5)) == "26 = 3 × 7 + 5"
    assert mod_table(5, "+").rows[4] == (4, 0, 1, 2, 3)
    times = mod_table(26).rows
    assert sorted(times[7]) == list(range(26))  # 7 has an inverse: its row has every number
    assert times[7][15] == 1
    assert sorted(set(times[2])) == list(range(0, 26, 2))  # 2 does not: half the numbers
    assert "×" in str(mod_table(3)).splitlines()[0]


BAD = [
    (lambda: inverse(2, 26), "2 has no inverse modulo 26: they share the factor 2"),
    (lambda: inverse(13, 26), "13 has no inverse modulo 26: they share the factor 13"),
    (lambda: inverse(0, 26), "0 has no inverse modulo 26: they share the factor 26"),
    (lambda: inverse(3, 1), "the modulus must be at least 2"),
    (lambda: inverse(3, -5), "the modulus must be at least 2"),
    (lambda: inverse(10**13, 26), "a is too big: give a number from -1 000 000 000 000"),
    (lambda: inverse(3, 10**100), "n is too big"),
    (lambda: inverse(2.5, 26), "a must be a whole number, not float"),  # type: ignore[arg-type]
    (lambda: inverse("7", 26), "a must be a whole number, not str"),  # type: ignore[arg-type]
    (lambda: mod(True, 26), "x must be a whole number, not bool"),  # type: ignore[arg-type]
    (lambda: mod(5, 0), "the modulus must be at least 2"),
    (lambda: gcd_steps(-(10**40), 3), "a is too big"),
    (lambda: mod_table(400), "a table modulo 400 is too big to read"),
    (lambda: mod_table(1), "the modulus must be at least 2"),
    (lambda: mod_table(5, "-"), "the table's operation must be + or *, not '-'"),
    (lambda: collisions(2, 10**20), "b is too big"),
    (lambda: collisions(None, 0), "a must be a whole number, not NoneType"),  # type: ignore[arg-type]
]


test_bad_input_is_one_clear_sentence, test_bad_input_reads_in_russian = bad_input_tests(BAD)
