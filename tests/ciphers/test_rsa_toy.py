"""RSA with small numbers (lesson 12): every message comes back from its ciphertext for
random small prime pairs, a signature verifies and a tampered one fails, trial division
recovers the primes (and with them the private key); bad input is one clear sentence, in
English and in Russian, answered at once."""

from __future__ import annotations

import math
import time

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cipherkit.ciphers import (
    decrypt,
    decrypt_letters,
    encrypt,
    encrypt_letters,
    factor,
    factor_times,
    inverse,
    is_prime,
    make_keys,
    sign,
    verify,
)
from cipherkit.ciphers.rsa_toy import MAX_MODULUS
from cipherkit.core.errors import CipherkitError
from tests.ciphers.bad_input import bad_input_tests

SMALL_PRIMES = [k for k in range(3, 2000) if all(k % j for j in range(2, int(k**0.5) + 1))]
pairs = st.tuples(st.sampled_from(SMALL_PRIMES), st.sampled_from(SMALL_PRIMES)).filter(
    lambda pq: pq[0] != pq[1] and (pq[0] - 1) * (pq[1] - 1) > 3
)


@settings(max_examples=200, deadline=None)
@given(pairs, st.data())
def test_decrypting_an_encrypted_number_gives_it_back(pq: tuple[int, int], data: object) -> None:
    keys = make_keys(*pq)
    e, n = keys.public
    d, same_n = keys.private
    phi = (pq[0] - 1) * (pq[1] - 1)
    assert same_n == n == pq[0] * pq[1]
    assert math.gcd(e, phi) == 1 and e * d % phi == 1
    m = data.draw(st.integers(0, n - 1))  # type: ignore[attr-defined]
    assert decrypt(encrypt(m, keys.public), keys.private) == m


def test_every_number_below_a_small_modulus_comes_back() -> None:
    keys = make_keys(5, 11, e=3)
    ciphertexts = [encrypt(m, keys.public) for m in range(55)]
    assert sorted(ciphertexts) == list(range(55))  # a permutation of 0 … n − 1
    assert [decrypt(c, keys.private) for c in ciphertexts] == list(range(55))


@settings(max_examples=100, deadline=None)
@given(pairs, st.data())
def test_a_signature_verifies_and_a_tampered_one_fails(pq: tuple[int, int], data: object) -> None:
    keys = make_keys(*pq)
    n = keys.public[1]
    m = data.draw(st.integers(0, n - 1))  # type: ignore[attr-defined]
    s = sign(m, keys.private)
    assert verify(m, s, keys.public)
    other = data.draw(st.integers(0, n - 1).filter(lambda k: k != s))  # type: ignore[attr-defined]
    assert not verify(m, other, keys.public)  # encryption is a permutation: one signature fits
    assert not verify((m + 1) % n, s, keys.public)


def test_letters_round_trip_and_repeat() -> None:
    keys = make_keys(61, 53, e=17)
    numbers = encrypt_letters("Attack at dawn", keys.public)
    assert decrypt_letters(numbers, keys.private) == "ATTACKATDAWN"
    assert numbers[1] == numbers[2]  # the same letter, the same number: a weakness


@settings(max_examples=100, deadline=None)
@given(pairs)
def test_factoring_recovers_the_primes_and_the_private_key(pq: tuple[int, int]) -> None:
    keys = make_keys(*pq)
    e, n = keys.public
    found = factor(n)
    assert (found.p, found.q) == tuple(sorted(pq))
    assert found.steps >= 1
    assert inverse(e, (found.p - 1) * (found.q - 1)) == keys.private[0]


def test_is_prime_agrees_with_a_sieve() -> None:
    limit = 5000
    sieve = [True] * limit
    sieve[0] = sieve[1] = False
    for k in range(2, limit):
        if sieve[k]:
            for j in range(k * k, limit, k):
                sieve[j] = False
    assert [is_prime(k) for k in range(limit)] == sieve
    assert is_prime(999983) and not is_prime(999983 * 999979)


def test_the_largest_modulus_is_factored_at_once() -> None:
    start = time.perf_counter()
    assert factor(999983 * 999979)[:2] == (999979, 999983)
    with pytest.raises(CipherkitError):
        factor(999999999989)  # prime: the whole search, still bounded
    assert time.perf_counter() - start < 5


def test_factor_times_grow_with_the_bits() -> None:
    rows = factor_times([10, 20, 30, 39])
    assert [row.bits for row in rows] == [10, 20, 30, 39]
    for row in rows:
        assert row.n.bit_length() == row.bits
        assert row.seconds >= 0
        found = factor(row.n)
        assert is_prime(found.p) and is_prime(found.q)
    assert rows[-1].steps > 100 * rows[1].steps  # the steps grow like √n


BAD = [
    (lambda: make_keys(4, 7), "p = 4 is not prime: RSA takes two primes"),
    (lambda: make_keys(7, 7), "p and q must be two different primes, not 7 twice"),
    (lambda: make_keys(7, 13, e=3), "e = 3 shares the factor 3 with φ = 72"),
    (lambda: make_keys(7, 13, e=72), "e must be from 2 to φ − 1 = 71, not 72"),
    (lambda: make_keys(10**6 + 3, 7), "p is too big for this toy"),
    (lambda: make_keys(2, 3), "φ = 2 is too small for a public exponent"),
    (lambda: make_keys("5", 11), "p must be a whole number, not str"),
    (lambda: encrypt(60, (3, 55)), "m = 60 is not below n = 55"),
    (lambda: encrypt(-1, (3, 55)), "m must not be negative, not -1"),
    (lambda: encrypt(1, (3,)), "a key is a pair of numbers (exponent, n), like (3, 55)"),
    (lambda: decrypt(10**13, (3, 55)), "c is too big for this toy"),
    (lambda: verify(1, 99, (3, 55)), "s = 99 is not below n = 55"),
    (lambda: factor(10**12), "n is too big for this toy"),
    (lambda: factor(3), "n must be at least 4 to have two factors, not 3"),
    (lambda: factor(999983), "n = 999983 is prime: it has no factors to find"),
    (lambda: factor_times([8, 64]), "give sizes from 8 to 39 bits, not 64"),
    (lambda: encrypt_letters("HI", (3, 15)), "n = 15 is too small for letters"),
    (lambda: encrypt_letters("A" * 10**7, (3, 55)), "the text is too long"),
    (lambda: decrypt_letters([30], (3, 55)), "50 is not a letter's number"),
]


test_bad_input_is_one_clear_sentence, test_bad_input_reads_in_russian = bad_input_tests(BAD)


def test_no_bound_is_above_what_trial_division_does_at_once() -> None:
    assert math.isqrt(MAX_MODULUS) <= 10**6
