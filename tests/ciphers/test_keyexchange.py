"""cipherkit.ciphers.keyexchange (lesson 13): both sides of an exchange find the same
key for any secrets, Eve's discrete logarithm finds a working secret, the generator
reaches the whole clock, paint mixes in any order, and bad input is one sentence."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cipherkit.ciphers.keyexchange import (
    discrete_log,
    generator,
    log_times,
    mix,
    public_number,
    shared_key,
)
from cipherkit.core.errors import CipherkitError
from cipherkit.i18n import speaking

PRIMES = [23, 1019, 65_537, 999_983]


@given(st.sampled_from(PRIMES), st.data())
def test_both_sides_find_the_same_key(p: int, data: st.DataObject) -> None:
    g = generator(p)
    a = data.draw(st.integers(1, p - 2))
    b = data.draw(st.integers(1, p - 2))
    A, B = public_number(g, a, p), public_number(g, b, p)
    assert shared_key(B, a, p) == shared_key(A, b, p) == pow(g, a * b, p)


@given(st.sampled_from(PRIMES[:3]), st.data())
def test_eve_finds_a_secret_that_gives_the_same_key(p: int, data: st.DataObject) -> None:
    g = generator(p)
    a, b = data.draw(st.integers(1, p - 2)), data.draw(st.integers(1, p - 2))
    found = discrete_log(g, public_number(g, a, p), p)
    assert found.exponent == a and found.steps == a  # g generates: one exponent below p - 1
    assert shared_key(public_number(g, b, p), found.exponent, p) == pow(g, a * b, p)


@pytest.mark.parametrize("p", [5, 7, 23, 1019, 65_537])
def test_the_generator_reaches_every_number_on_the_clock(p: int) -> None:
    g = generator(p)
    assert {pow(g, k, p) for k in range(1, p)} == set(range(1, p))
    assert all(len({pow(h, k, p) for k in range(1, p)}) < p - 1 for h in range(2, g))


def test_the_timing_rows_grow_with_the_prime() -> None:
    rows = log_times([8, 12, 16])
    assert [r.bits for r in rows] == [8, 12, 16]
    assert all(r.p.bit_length() == r.bits for r in rows)
    assert [r.steps for r in rows] == [r.p - 2 for r in rows]


def test_paint_mixes_in_any_order_and_the_mixtures_differ() -> None:
    assert mix("yellow", "red", "teal") == mix("teal", "yellow", "red")
    assert len({mix("yellow", "red"), mix("yellow", "teal"), mix("yellow")}) == 3


@pytest.mark.parametrize(
    ("call", "words"),
    [
        (lambda: public_number(5, 6, 21), "p = 21 is not prime"),
        (lambda: public_number(5, 0, 23), "secret must be from 1 to 21"),
        (lambda: public_number(5, "six", 23), "secret must be a whole number, not str"),
        (lambda: shared_key(19, 6, 10**13), "p must be from 5"),
        (lambda: discrete_log(4, 2, 11), "no power of 4 modulo 11 is 2"),
        (lambda: log_times([64]), "give sizes from 8 to 26 bits"),
        (lambda: mix(), "mix at least one paint"),
        (lambda: mix("gold"), "no paint called 'gold'"),
    ],
)
def test_bad_input_is_one_sentence_in_english_and_russian(call: object, words: str) -> None:
    with pytest.raises(CipherkitError, match=words) as refused:
        call()  # type: ignore[operator]
    english = str(refused.value)
    with speaking("ru"):  # said in the language in force where it is shown
        russian = str(refused.value)
    assert russian != english and any("а" <= ch <= "я" for ch in russian)
    assert "\n" not in str(refused.value)
