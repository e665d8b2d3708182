"""Steganography (lesson 14): a message in a picture's low bits and back, the picture
changed by at most 1 in any value, the chi-square test of pairs of values telling drawn
covers from pictures that carry a message, and bad input as one clear sentence."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from PIL import Image

from cipherkit.ciphers.stego import (
    HEADER_BITS,
    MAX_PIXELS,
    PairsTest,
    capacity,
    detect,
    hide,
    landscape,
    low_bits,
    mystery,
    pairs_test,
    reveal,
    scan,
    suspects,
)
from tests.ciphers.bad_input import bad_input_tests

SMALL = landscape(48, 32, seed=11)


def not_utf8() -> Image.Image:
    """A picture whose hidden bytes are not UTF-8: 'é' (C3 A9) with its first byte's
    highest bit flipped (43 A9: a continuation byte with nothing to continue)."""
    values = np.array(hide(SMALL, "é"))
    values.reshape(-1)[HEADER_BITS] ^= 1
    return Image.fromarray(values, "RGB")


@settings(max_examples=100, deadline=None)
@given(st.text(min_size=1, max_size=200).filter(lambda t: len(t.encode()) <= capacity(48, 32)))
def test_what_is_hidden_is_revealed_and_the_picture_barely_changes(text: str) -> None:
    secret = hide(SMALL, text)
    assert reveal(secret) == text
    before, after = np.array(SMALL, dtype=np.int16), np.array(secret, dtype=np.int16)
    assert after.shape == before.shape and np.abs(after - before).max() <= 1
    assert (after >> 1 == before >> 1).all()  # only the lowest bits changed
    changed = np.flatnonzero((after ^ before).reshape(-1))
    assert not changed.size or changed[-1] < HEADER_BITS + 8 * len(text.encode())


def test_hiding_leaves_the_cover_alone_and_reads_any_mode() -> None:
    cover = landscape(40, 30, seed=4)
    kept = cover.copy()
    hide(cover, "hello")
    assert cover == kept
    grey = cover.convert("L")
    assert reveal(hide(grey, "grey")) == "grey"
    assert hide(grey, "grey").mode == "RGB"


def test_a_full_picture_holds_exactly_its_capacity() -> None:
    room = capacity(40, 30)
    assert room == (40 * 30 * 3 - HEADER_BITS) // 8 == 446
    cover = landscape(40, 30, seed=8)
    assert reveal(hide(cover, "z" * room)) == "z" * room
    assert capacity(160, 120) == 7196 and capacity(200, 150) == 11246


def test_the_landscape_is_the_same_for_a_seed_and_new_for_another() -> None:
    assert np.array_equal(np.array(landscape(seed=3)), np.array(landscape(seed=3)))
    assert not np.array_equal(np.array(landscape(seed=3)), np.array(landscape(seed=4)))
    assert landscape(8, 8).size == (8, 8) and landscape(1000, 10).size == (1000, 10)


def test_the_low_bit_plane_shows_where_the_message_lies() -> None:
    cover = landscape(seed=2)
    secret = hide(cover, "The eagle flies at noon. " * 20)
    plane, clean = np.array(low_bits(secret)), np.array(low_bits(cover))
    top = slice(0, 8)  # the message's rows: static; the cover's sky: even values only
    assert 0.4 < (plane[top] == 255).mean() < 0.6
    assert (clean[top] == 0).all()
    assert np.array_equal(plane[-20:], clean[-20:])


@pytest.mark.parametrize("seed", range(12))
def test_the_detector_tells_covers_from_pictures_with_a_message(seed: int) -> None:
    rng = np.random.default_rng(seed)
    cover = landscape(seed=seed)
    words = "".join(rng.choice(list("abcdefghijklmnopqrstuvwxyz   .,")) for _ in range(300))
    secret = hide(cover, words)
    clean, found = detect(cover), detect(secret)
    assert not clean.carries and clean.p < 1e-6 and clean.fraction == 0
    assert found.carries and found.p > 0.05
    # the message fills 300 * 8 + 32 bits: 4.2% of the 57,600 values
    assert 0.02 <= found.fraction <= 0.06


def test_the_scan_is_near_one_over_the_message_and_falls_after_it() -> None:
    secret = hide(landscape(seed=9), "x" * 2000)  # 16,032 bits: 28% of the values
    tests = scan(secret, 10)
    assert [t.fraction for t in tests] == [round(i / 10, 6) for i in range(1, 11)]
    assert tests[0].p > 0.9 and tests[1].p > 0.5
    assert all(t.p < 1e-6 for t in tests[3:])
    whole = pairs_test(secret)
    assert isinstance(whole, PairsTest) and whole == tests[-1]


def test_a_message_much_shorter_than_a_step_is_too_short_to_tell() -> None:
    assert not detect(hide(landscape(seed=6), "hi")).carries


def test_the_lessons_pictures() -> None:
    assert reveal(mystery(14)) == "MEET ME AT THE LIGHTHOUSE AT DUSK"
    pair = suspects(14)
    assert set(pair) == {"A", "B"}
    verdicts = {name: detect(picture).carries for name, picture in pair.items()}
    assert verdicts == {"A": True, "B": False}
    assert reveal(pair["A"]).startswith("THE")


BAD = [
    (lambda: hide("cover.png", "hi"), "expected a picture (a Pillow image), not str"),  # type: ignore[arg-type]
    (lambda: reveal(np.zeros((4, 4, 3))), "expected a picture (a Pillow image), not ndarray"),  # type: ignore[arg-type]
    (lambda: hide(Image.new("RGB", (1001, 1000)), "hi"), "the picture is 1001×1000 pixels"),
    (lambda: low_bits(Image.new("RGB", (4001, 1))), "more than the 1,000,000 pixels allowed"),
    (lambda: hide(Image.new("RGB", (0, 0)), "hi"), "the picture has no pixels"),
    (lambda: hide(SMALL, ""), "the message is empty"),
    (lambda: hide(SMALL, b"hi"), "expected text, not bytes"),  # type: ignore[arg-type]
    (lambda: hide(SMALL, "x" * 600), "the message needs 600 bytes and the picture holds at most"),
    (lambda: hide(Image.new("RGB", (2, 2)), "x"), "the message needs 1 bytes"),
    (lambda: reveal(SMALL), "the low bits hold no message"),
    (lambda: reveal(Image.new("RGB", (3, 3))), "the picture is too small to hold a message"),
    (lambda: reveal(Image.new("RGB", (4, 4))), "their length header says"),
    (lambda: reveal(not_utf8()), "the low bits hold no message: their bytes are not UTF-8 text"),
    (lambda: capacity(0, 5), "the width is a whole number from 1 to 4000, not 0"),
    (lambda: capacity(5, 2.5), "the height is a whole number from 1 to 4000, not 2.5"),  # type: ignore[arg-type]
    (lambda: landscape(7, 100), "the width is a whole number from 8 to 1000, not 7"),
    (lambda: landscape(seed=-1), "the seed is a whole number from 0 to 4294967295, not -1"),
    (lambda: mystery(True), "the seed is a whole number from 0 to 4294967295, not True"),  # type: ignore[arg-type]
    (lambda: pairs_test(SMALL, 0), "the share to test is a number above 0 and at most 1"),
    (lambda: pairs_test(SMALL, float("nan")), "the share to test is a number above 0"),
    (lambda: scan(SMALL, 0), "the number of steps is a whole number from 1 to 100, not 0"),
    (lambda: detect(SMALL, 101), "the number of steps is a whole number from 1 to 100"),
]
"""Each refusal: a call, and words its English sentence holds."""

assert MAX_PIXELS == 1_000_000

test_bad_input_is_one_clear_sentence, test_bad_input_reads_in_russian = bad_input_tests(BAD)
