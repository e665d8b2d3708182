"""Keys typed in the wrong layout (issue 47 item 6): the Russian ЙЦУКЕН letters read as
the QWERTY keys they sit on, both cases, nothing else touched."""

from __future__ import annotations

import pytest

from cipherkit.i18n.keyboard import RUSSIAN_TO_QWERTY, as_qwerty

ROWS = [
    ("йцукенгшщзхъ", "qwertyuiop[]"),
    ("фывапролджэ", "asdfghjkl;'"),
    ("ячсмитьбю", "zxcvbnm,."),
]


@pytest.mark.parametrize(("russian", "qwerty"), ROWS)
def test_each_row_of_the_keyboard_is_its_qwerty_row(russian: str, qwerty: str) -> None:
    assert as_qwerty(russian) == qwerty
    assert as_qwerty(russian.upper()) == qwerty.upper() or not qwerty.isalpha()


def test_every_russian_letter_has_one_key_of_its_own() -> None:
    letters = "абвгдеёжзийклмнопрстуфхцчшщъыьэюя"
    assert set(RUSSIAN_TO_QWERTY) == set(letters) | set(letters.upper())
    assert len(set(RUSSIAN_TO_QWERTY.values())) == 66  # no two keys alike
    assert all(as_qwerty(ch).isascii() for ch in letters + letters.upper())


def test_shift_is_kept_on_the_letter_keys() -> None:
    assert as_qwerty("ЙИРК-154") == "QBHR-154"
    assert as_qwerty("йирк-154") == "qbhr-154"
    assert as_qwerty("ЙиРк") == "QbHr"


def test_what_is_not_a_russian_letter_is_left_alone() -> None:
    for text in ("KVMT-482", "tiger 48213.moss", "42 - _ .", "Zoë 🦊", "Ελλάδα", "ї і є ґ"):
        assert as_qwerty(text) == text
    assert as_qwerty("") == ""


def test_the_table_cannot_be_changed() -> None:
    with pytest.raises(TypeError):
        RUSSIAN_TO_QWERTY["й"] = "x"  # type: ignore[index]
