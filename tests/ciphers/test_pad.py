"""The one-time pad (lesson 9): Vernam over the Latin and Russian alphabets, XOR on
bytes, perfect secrecy (a key for every message) and the pad used twice (the combined
ciphertexts and crib-dragging); bad input is one clear sentence."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from cipherkit.ciphers import LATIN, RUSSIAN
from cipherkit.ciphers.pad import (
    MAX_BYTES,
    CribReading,
    combine,
    crib_drag,
    key_for,
    random_pad,
    vernam_decrypt,
    vernam_encrypt,
    xor_bytes,
)
from tests.ciphers.bad_input import bad_input_tests

latin_words = st.text(alphabet="ABCDEFGHIJKLMNOPQRSTUVWXYZ", min_size=1, max_size=40)
russian_words = st.text(alphabet=RUSSIAN.letters, min_size=1, max_size=40)
shaped = st.text(alphabet="abcXYZ ,.!?-'0123456789", min_size=1, max_size=40).filter(
    lambda t: any(c.isalpha() for c in t)
)


@settings(max_examples=100, deadline=None)
@given(shaped, st.integers(0, 10_000))
def test_decrypting_with_the_pad_gives_the_text_back_in_its_shape(text: str, seed: int) -> None:
    pad = random_pad(LATIN.count_in(text), seed=seed)
    secret = vernam_encrypt(text, pad)
    assert vernam_decrypt(secret, pad) == text
    # spaces, punctuation, digits and case kept where they were
    assert [c.isalpha() for c in secret] == [c.isalpha() for c in text]
    assert [c for c in secret if not c.isalpha()] == [c for c in text if not c.isalpha()]


@settings(max_examples=100, deadline=None)
@given(st.data())
def test_every_message_of_the_same_length_has_a_key(data: st.DataObject) -> None:
    """Perfect secrecy: for a ciphertext, any plaintext of its length is one key away."""
    for words in (latin_words, russian_words):
        secret = data.draw(words)
        wanted = data.draw(st.text(alphabet=words_alphabet(secret), min_size=len(secret)))
        wanted = wanted[: len(secret)]
        key = key_for(secret, wanted)
        assert len(key) == len(secret)
        assert vernam_decrypt(secret, key) == wanted
        assert vernam_encrypt(wanted, key) == secret


def words_alphabet(text: str) -> str:
    return RUSSIAN.letters if RUSSIAN.count_in(text) else LATIN.letters


@settings(max_examples=100, deadline=None)
@given(st.data())
def test_the_pad_used_twice_cancels_and_the_right_crib_reads_the_other_message(
    data: st.DataObject,
) -> None:
    first = data.draw(latin_words)
    second = data.draw(st.text(alphabet=LATIN.letters, min_size=len(first), max_size=len(first)))
    pad = random_pad(len(first), seed=data.draw(st.integers(0, 1000)))
    c1, c2 = vernam_encrypt(first, pad), vernam_encrypt(second, pad)
    joint = combine(c1, c2)
    assert joint == combine(first, second)  # c1 - c2 = m1 - m2: no pad left
    start = data.draw(st.integers(0, len(first) - 1))
    end = data.draw(st.integers(start + 1, len(first)))
    readings = crib_drag(joint, first[start:end])
    assert len(readings) == len(first) - (end - start) + 1
    assert readings[start] == CribReading(start, second[start:end])
    # the same crib in the second message: dragged over the other combination
    assert crib_drag(combine(c2, c1), second[start:end])[start].reading == first[start:end]


@settings(max_examples=100, deadline=None)
@given(st.binary(min_size=1, max_size=200), st.data())
def test_xor_twice_gives_the_bytes_back(data: bytes, draw: st.DataObject) -> None:
    key = draw.draw(st.binary(min_size=len(data), max_size=len(data)))
    secret = xor_bytes(data, key)
    assert xor_bytes(secret, key) == data
    assert xor_bytes(secret, data) == key  # a known message gives the key away
    assert xor_bytes(data, bytes(len(data))) == data


def test_vernam_is_a_caesar_shift_with_a_new_shift_for_every_letter() -> None:
    assert vernam_encrypt("AAA", "BCD") == "BCD"
    assert vernam_encrypt("Zoo!", "BBB") == "App!"
    assert vernam_encrypt("шифр", "ключ") == "гфтз"
    assert vernam_encrypt("ЁЁ", "БА") == "ЖЁ"  # Ё is the seventh letter of 33
    assert key_for("XFVKNJPJUTQI", "ATTACKATDAWN") == "XMCKLZPQRTUV"


def test_the_russian_alphabet_is_chosen_by_the_text_or_told() -> None:
    assert vernam_decrypt(vernam_encrypt("Привет", "ЯЯЯЯЯЯ"), "ЯЯЯЯЯЯ") == "Привет"
    assert len(random_pad(8, letters="ru", seed=1)) == 8
    assert set(random_pad(200, letters=RUSSIAN, seed=2)) <= set(RUSSIAN.letters)


BAD = [
    (lambda: vernam_encrypt("attack", "XYZ"), "the pad has 3 letters and the message 6"),
    (lambda: vernam_encrypt("attack", ""), "the pad has no letters"),
    (lambda: vernam_encrypt("attack", "12 34"), "the pad has no letters"),
    (lambda: vernam_encrypt("at Москва", "ABCDEFGH"), "the message has the letter 'М'"),
    (lambda: vernam_encrypt("attack", "ABCDEЖ", letters="en"), "the pad has the letter 'Ж'"),
    (lambda: vernam_decrypt("Ωmega", "ABCDE"), "the ciphertext has the letter 'Ω'"),
    (lambda: vernam_encrypt("x" * 10_000_000, "A"), "text too long: 10000000 characters"),
    (lambda: vernam_encrypt(b"bytes", "ABCDE"), "expected text, not bytes"),  # type: ignore[arg-type]
    (lambda: key_for("ABCDEF", "PEACE"), "the two texts have 6 and 5 letters"),
    (lambda: key_for("", "!"), "the texts have no letters"),
    (lambda: combine("ABC", "ABCD"), "the two texts have 3 and 4 letters"),
    (lambda: combine("ABC", "AБC", letters="en"), "the second ciphertext has the letter 'Б'"),
    (lambda: crib_drag("ABC", ""), "the crib has no letters"),
    (lambda: crib_drag("ABC", "LONGER"), "the crib has 6 letters, more than the 3"),
    (lambda: crib_drag("ABC", "the ё", letters="en"), "the crib has the letter 'ё'"),
    (lambda: xor_bytes(b"abc", b""), "the key has no bytes"),
    (lambda: xor_bytes(b"abc", b"ab"), "the key has 2 bytes and the data 3"),
    (lambda: xor_bytes("abc", b"abc"), "the data must be bytes, not str"),  # type: ignore[arg-type]
    (lambda: xor_bytes(b"a" * (MAX_BYTES + 1), b"a"), "the data is too long"),
    (lambda: random_pad(0), "a pad has 1 to 200000 letters, not 0"),
    (lambda: random_pad(True), "a pad has 1 to 200000 letters, not True"),  # type: ignore[arg-type]
]


test_bad_input_is_one_clear_sentence, test_bad_input_reads_in_russian = bad_input_tests(BAD)
