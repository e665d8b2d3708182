"""Latin and Cyrillic look-alike letters folded into an answer's alphabet (issue 47
item 6): only the look-alikes move, only towards the answer's own alphabet."""

from __future__ import annotations

import pytest

from cipherkit.i18n.letters import Script, fold_like, fold_lookalikes, script_of

PAIRS = "АA ВB ЕE КK МM НH ОO РP СC ТT УY ХX"
"""Cyrillic then Latin, capitals drawn alike."""


@pytest.mark.parametrize("pair", PAIRS.split())
def test_each_pair_folds_both_ways_in_both_cases(pair: str) -> None:
    cyrillic, latin = pair[0], pair[1]
    assert "\u0400" <= cyrillic <= "\u04ff" and latin.isascii()
    assert fold_lookalikes(cyrillic, "latin") == latin
    assert fold_lookalikes(cyrillic.lower(), "latin") == latin.lower()
    assert fold_lookalikes(latin, "cyrillic") == cyrillic
    assert fold_lookalikes(latin.lower(), "cyrillic") == cyrillic.lower()
    assert fold_lookalikes(latin, "latin") == latin
    assert fold_lookalikes(cyrillic, "cyrillic") == cyrillic


def test_letters_with_no_twin_are_kept() -> None:
    assert fold_lookalikes("ЖИЗНЬ", "latin") == "ЖИЗ" + "H" + "Ь"  # only Н has a twin
    assert fold_lookalikes("QUIZ", "cyrillic") == "QUIZ"
    assert fold_lookalikes("Ёё 42 — !", "latin") == "Ёё 42 — !"
    assert fold_lookalikes("СОК", None) == "СОК"


def test_the_alphabet_of_an_answer() -> None:
    assert script_of("EAST TUNNEL") == "latin"
    assert script_of("café") == "latin"
    assert script_of("Ёжик") == "cyrillic"
    assert script_of("4017 52") is None  # no letters
    assert script_of("USB-кабель") is None  # both: nothing is folded
    assert script_of("Ελλάδα") is None  # neither
    assert script_of("") is None


def test_a_lookalike_answer_reads_as_the_answer_and_a_wrong_one_stays_wrong() -> None:
    assert fold_like("\u0415", "E") == "E"  # a Cyrillic Е typed for E
    assert fold_like("\u0415AST", "east") == "EAST"
    assert fold_like("COK", "СОК") == "СОК"  # a Latin C, O, K in a Cyrillic answer
    assert fold_like("BEST", "EAST") != "EAST"
    assert fold_like("СУК", "СОК") != "СОК"
    assert fold_like("ЕАST", "4017") == "ЕАST"  # no alphabet known: nothing folded


def test_folding_twice_changes_nothing_more() -> None:
    scripts: tuple[Script, ...] = ("latin", "cyrillic")
    for text in ("ПРИВЕТ, world", "СОК cok", "Ёжик"):
        for script in scripts:
            once = fold_lookalikes(text, script)
            assert fold_lookalikes(once, script) == once
