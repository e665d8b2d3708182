"""The Vigenère workbench's hint speaks of the key letter for a column (issue #21 item
5), not of one letter standing for another."""

from __future__ import annotations

from cipherkit.ciphers import Vigenere
from cipherkit.widgets import Workbench

PLAIN = (
    "it was the best of times it was the worst of times it was the age of wisdom "
    "it was the age of foolishness it was the epoch of belief"
)


def test_a_vigenere_hint_gives_the_next_key_letter_for_its_column() -> None:
    bench = Workbench(secret=PLAIN, cipher="vigenere", key="LEMON")
    bench.handle_message({"type": "hint"})
    assert bench.message == (
        "hint: the key looks 5 letters long. Its letter 1 shifts letters 1, 6, 11, ... of "
        "the text: the solver reads that column with key letter L."
    )
    assert "stands for" not in bench.message and bench.view["board"] == {}
    bench.handle_message({"type": "set", "key": "LE"})
    bench.handle_message({"type": "hint"})
    assert "Its letter 3 " in bench.message and bench.message.endswith("key letter M.")


def test_a_caesar_hint_still_fills_the_board() -> None:
    bench = Workbench(text=Vigenere("C").encrypt(PLAIN), cipher="caesar", key="1")
    bench.handle_message({"type": "hint"})
    assert bench.message.startswith("hint: ") and "stands for" in bench.message


def test_a_workbench_shows_only_the_boards_its_cipher_uses() -> None:
    bench = Workbench(text=PLAIN, cipher="caesar", key="3")
    assert bench.view["uses_board"] and bench.view["hint"] == "board"
    bench.handle_message({"type": "set", "cipher": "vigenere"})
    assert not bench.view["uses_board"] and bench.view["hint"] == "key"
    bench.handle_message({"type": "set", "cipher": "columnar"})
    assert not bench.view["uses_board"] and bench.view["hint"] is None
    bench.handle_message({"type": "hint"})
    assert bench.message == "refused: no hint for a columnar text yet"
