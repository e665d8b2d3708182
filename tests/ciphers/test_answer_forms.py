"""Exercise answers accept the forms their exercise declares (issue #21 item 5): case,
spaces and punctuation never matter, and a lesson lists the other ways a right answer
is written ("Tuesday", "on Tuesdays") as digests of their own, with one salt."""

from __future__ import annotations

from pathlib import Path

import pytest

from cipherkit.ciphers.exercises import Exercise, check_answer, make_checks
from cipherkit.widgets import ExerciseBox
from tests.widgets.lessons import lesson_exercises

ROOT = Path(__file__).resolve().parents[2]
LESSONS = ROOT / "notebooks" / "lessons"

FORMS = {
    ("01-caesar-and-brute-force", 1): ["25", "Twenty-five", "25 shifts", "twenty five shifts."],
    ("02-substitution-and-frequency", 0): ["e", "The letter E", "letter e"],
    ("02-substitution-and-frequency", 1): ["Tuesday", "tuesdays", "On Tuesdays!", "on tuesday"],
    ("03-glyph-ciphers", 0): ["8", "Eight", "8 glyphs", "eight glyphs"],
    ("06-codebooks-and-reuse", 0): ["2", "two", "Keyword 2", "keyword #2", "number two"],
    ("07-deduction-and-information", 0): ["10", "ten", "10 bits", "Ten bits."],
    ("09-one-time-pad", 1): ["EHATO", "ehato", "the pad EHATO", "The key: EHATO."],
    ("10-modular-arithmetic", 0): ["15", "fifteen", "Fifteen.", "пятнадцать", " 1 5 "],
    ("11-hashing-and-passwords", 0): [
        "d1068bee",
        "D1068BEE",
        "d106 8bee",
        "d1068beeb96a6a79937661d5cc9f290dddaa5730e64b7ab2b238078a1194c614",
    ],
    ("11-hashing-and-passwords", 1): ["14", "fourteen", "14 accounts", "14 of 16"],
    ("11-hashing-and-passwords", 2): ["39", "Thirty-nine", "39 hours", "39 h"],
    ("12-rsa-small-numbers", 0): ["27", "twenty-seven", "Twenty seven.", "d = 27", "двадцать семь"],
    ("12-rsa-small-numbers", 2): ["480913", "m = 480913", " 480 913 "],
    ("14-steganography", 1): ["11246", "11 246 bytes", "11,246 characters", "11246 letters"],
    ("14-steganography", 2): ["A", "a", "picture A", "Image A.", "landscape a"],
}
"""Each declared exercise's accepted forms, as a student might type them."""

WRONG = {
    ("01-caesar-and-brute-force", 1): ["26", "24 shifts", "twenty"],
    ("02-substitution-and-frequency", 0): ["T", "the letter T", "letters"],
    ("02-substitution-and-frequency", 1): ["Monday", "on Mondays", "Tues"],
    ("03-glyph-ciphers", 0): ["9", "nine glyphs", "ten glyphs"],
    ("06-codebooks-and-reuse", 0): ["3", "keyword three"],
    ("07-deduction-and-information", 0): ["1024", "11 bits", "bits"],
    ("09-one-time-pad", 1): ["PEACE", "TLAVS", "EHAT", "the pad is EHATO"],
    ("10-modular-arithmetic", 0): ["7", "21", "1", "150", "the inverse is 15"],
    ("11-hashing-and-passwords", 0): ["d1068be", "c5220b3c", "d1068bef"],
    ("11-hashing-and-passwords", 1): ["16", "12", "1536", "2"],
    ("11-hashing-and-passwords", 2): ["40", "39.2", "141167"],
    ("12-rsa-small-numbers", 0): ["3", "55", "40", "d is 27", "7"],
    ("12-rsa-small-numbers", 2): ["6676557664", "104723", "480914", "the combination is 480913"],
    ("14-steganography", 1): ["11250", "7196", "90000", "11247", "11246 bits"],
    ("14-steganography", 2): ["B", "picture B", "both", "AB"],
}


def declared(lesson: str, number: int) -> tuple[str, list[str]]:
    _, salt, digest = lesson_exercises(LESSONS / f"{lesson}.ipynb")[number]
    assert isinstance(digest, list), f"{lesson} exercise {number} declares no alternatives"
    return salt, digest


@pytest.mark.parametrize("key", sorted(FORMS), ids=lambda k: f"{k[0]}-{k[1]}")
def test_every_declared_form_is_accepted_and_others_are_not(key: tuple[str, int]) -> None:
    salt, digests = declared(*key)
    for answer in FORMS[key]:
        assert check_answer(answer, salt, digests), (key, answer)
    for answer in WRONG[key]:
        assert not check_answer(answer, salt, digests), (key, answer)


def test_the_box_on_the_page_accepts_the_forms() -> None:
    salt, digests = declared("02-substitution-and-frequency", 1)
    box = ExerciseBox("Which day?", salt, digests)
    assert box.check("Monday") == "✗ not yet"
    assert box.check("  on   TUESDAYS ") == "✓ correct"
    assert "TUESDAY" not in str(box.view).upper()  # no form of the answer in a trait


def test_one_digest_still_works_and_a_list_holds_only_hashes() -> None:
    salt, digests = make_checks(["Orchard"], salt="v")
    assert Exercise("q", "Key?", salt, digests[0]).check("orchard!") == "✓ correct"
    assert check_answer("orchard", salt, tuple(digests))
    assert all(len(d) == 64 and "ORCHARD" not in d.upper() for d in digests)
    with pytest.raises(ValueError, match="an answer is empty"):
        make_checks(["ok", "?!"])


def test_the_glyph_lesson_counts_the_glyphs_it_draws() -> None:
    """Lesson 3's answer is the number of different glyphs its picture shows: the
    message's letters (a space is drawn as a gap, not a glyph)."""
    from cipherkit.ciphers import GlyphSubstitution

    glyphs = GlyphSubstitution.random({"style": "runes", "seed": 7}, seed=4)
    drawn = {gid for gid in glyphs.encrypt("open the north door") if gid != " "}
    salt, digests = declared("03-glyph-ciphers", 0)
    assert check_answer(str(len(drawn)), salt, digests)


def test_the_hashing_lessons_answers_are_what_its_module_computes() -> None:
    """Lesson 11's answers come from cipherkit.ciphers.hashing itself, as the notebook
    asks the student to compute them."""
    from cipherkit.ciphers.hashing import (
        brute_force_seconds,
        dictionary_attack,
        fingerprint,
        leaked_table,
        weak_passwords,
    )

    computed = [
        fingerprint("compass")[:8],
        str(len(dictionary_attack(leaked_table(16, seed=9), weak_passwords()).found)),
        str(int(brute_force_seconds(10, 26, rate=10**9) // 3600)),
    ]
    boxes = lesson_exercises(LESSONS / "11-hashing-and-passwords.ipynb")
    assert len(boxes) == len(computed)
    for answer, (_question, salt, digest) in zip(computed, boxes, strict=True):
        assert check_answer(answer, salt, digest), answer


def test_the_steganography_lessons_answers_are_what_its_module_computes() -> None:
    """Lesson 14's answers come from cipherkit.ciphers.stego itself, as the notebook
    asks the student to compute them: the word reveal reads, the capacity, and the
    picture detect finds a message in."""
    from cipherkit.ciphers.stego import capacity, detect, mystery, reveal, suspects

    carriers = [name for name, picture in suspects(14).items() if detect(picture).carries]
    computed = [reveal(mystery(14)), str(capacity(200, 150)), *carriers]
    boxes = lesson_exercises(LESSONS / "14-steganography.ipynb")
    assert len(boxes) == len(computed) == 3
    for answer, (_question, salt, digest) in zip(computed, boxes, strict=True):
        assert check_answer(answer, salt, digest), answer


def test_the_key_exchange_lessons_answers_are_what_its_module_computes() -> None:
    """Lesson 13's answers come from cipherkit.ciphers.keyexchange, as the notebook asks
    the student to compute them (Eve's by a discrete logarithm)."""
    from cipherkit.ciphers.keyexchange import discrete_log, public_number, shared_key

    eve = discrete_log(2, 550, 1019).exponent
    computed = [public_number(5, 4, 23), shared_key(10, 4, 23), shared_key(531, eve, 1019)]
    boxes = lesson_exercises(LESSONS / "13-key-exchange.ipynb")
    assert len(boxes) == len(computed)
    for answer, (_question, salt, digest) in zip(computed, boxes, strict=True):
        assert check_answer(str(answer), salt, digest), answer
