"""The workbench in Russian (issue 47): its words and view in the viewer's language,
its ciphers, bars and board over the 33 Russian letters, its refusals and hints in
Russian; in English, as it was."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from cipherkit.ciphers import RUSSIAN, Caesar, Substitution, Vigenere
from cipherkit.widgets import Workbench
from cipherkit.widgets.workbench import WORKBENCH_CIPHERS

ROOT = Path(__file__).resolve().parents[2]
PLAIN = (
    "Утром на станцию пришёл почтовый вагон, и начальник станции долго пересчитывал "
    "мешки с письмами. Одного не хватало. Его нашли только к обеду под скамейкой в зале "
    "ожидания, где он пролежал всю ночь."
)
LATIN_RUN = re.compile(r"[A-Za-z]{3,}")
"""What a Russian page must not show outside names, codes and notation."""


def english_in(text: str) -> list[str]:
    """Runs of three or more Latin letters in ``text`` ({placeholders} aside)."""
    return LATIN_RUN.findall(re.sub(r"\{\w+\}", "", text))


def shown(bench: Workbench) -> list[str]:
    """Every sentence the page shows from the widget: its words, the view's sentences
    and cipher names, and the message without its "refused:" prefix (which the page
    strips)."""
    view = bench.view
    out = [*bench.words.values(), view["legend"], view["bars_label"]]
    out += list(view["cipher_titles"].values())
    out.append(re.sub(r"^(refused|illegal|error):\s*", "", bench.message))
    return out


def test_the_russian_workbench_has_russian_words_and_no_english() -> None:
    bench = Workbench(text=PLAIN, cipher="caesar", key="3", lang="ru")
    assert bench.lang == "ru" and bench.view["alphabet"] == "ru"
    assert bench.words["encrypt"] == "Зашифровать" and bench.words["hint"] == "Подсказка"
    assert bench.view["legend"] == "тёмные: этот текст · светлые: русский язык"
    assert bench.view["cipher_titles"]["caesar"] == "Цезарь"
    for words in shown(bench):
        assert not english_in(words), words
    assert set(bench.words) >= set(Workbench.all_words())


@pytest.mark.parametrize(
    "message",
    [
        {"type": "run", "direction": "sideways"},
        {"type": "nope"},
        {"type": "set", "cipher": "playfair"},
        {"type": "assign", "cipher_letter": "ЖЖ", "plain_letter": "А"},
        {"type": "hint"},
        {"type": "set", "text": "абв"},
    ],
)
def test_refusals_and_hints_are_in_russian(message: dict[str, Any]) -> None:
    bench = Workbench(text=PLAIN, cipher="columnar", key="ОКНО", lang="ru")
    bench.handle_message(message)
    if message["type"] != "set" or "cipher" in message:
        assert bench.message.startswith("refused: "), bench.message
    for words in shown(bench):
        assert not english_in(words), words


def test_the_russian_workbench_works_over_the_russian_alphabet() -> None:
    bench = Workbench(text="Привет, мир!", cipher="caesar", key="3", lang="ru")
    assert bench.view["letters"] == list(RUSSIAN.letters)
    assert len(bench.view["frequencies"]) == len(bench.view["reference"]) == 33
    assert "playfair" not in bench.view["ciphers"]
    bench.handle_message({"type": "run", "direction": "encrypt"})
    assert bench.view["output"] == "Тулезх, плу!"
    for cipher, key in [("keyword", "ЧЕРНИЛА"), ("vigenere", "ЖУРАВЛЬ"), ("atbash", ""),
                        ("affine", "5,7"), ("beaufort", "ЁЖ"), ("railfence", "3"),
                        ("columnar", "ЯБЛОКО"), ("autokey", "КОТ")]:  # fmt: skip
        bench.handle_message({"type": "set", "text": PLAIN, "cipher": cipher, "key": key})
        bench.handle_message({"type": "run", "direction": "encrypt"})
        secret = bench.view["output"]
        assert secret != PLAIN and bench.message == "", (cipher, bench.message)
        bench.handle_message({"type": "set", "text": secret})
        bench.handle_message({"type": "run", "direction": "decrypt"})
        assert bench.view["output"] == PLAIN, cipher
    bench.handle_message({"type": "set", "cipher": "vigenere", "key": "LEMON"})
    bench.handle_message({"type": "run", "direction": "decrypt"})
    assert bench.message == "refused: ключ должен быть написан буквами А-Я"


def test_the_board_and_frequencies_are_over_33_letters() -> None:
    bench = Workbench(text=Caesar(4, letters=RUSSIAN).encrypt(PLAIN), lang="ru")
    freqs = bench.view["frequencies"]
    assert abs(sum(freqs) - 1) < 0.01
    # the commonest letter of the text is О shifted by 4: Т
    assert RUSSIAN.letters[freqs.index(max(freqs))] == "Т"
    bench.handle_message({"type": "assign", "cipher_letter": "т", "plain_letter": "о"})
    bench.handle_message({"type": "assign", "cipher_letter": "Ё", "plain_letter": "Б"})
    assert bench.view["board"] == {"Т": "О", "Ё": "Б"}
    assert bench.view["preview"].startswith("···О")


def test_a_russian_caesar_hint_is_right_and_in_russian() -> None:
    bench = Workbench(secret=PLAIN, cipher="caesar", key="9", lang="ru")
    for _round in range(3):
        bench.handle_message({"type": "hint"})
        assert bench.message.startswith("подсказка: "), bench.message
    truth = Caesar(9, letters=RUSSIAN)
    assert len(bench.view["board"]) == 3
    for cipher_letter, plain_letter in bench.view["board"].items():
        assert truth.decrypt(cipher_letter) == plain_letter


def test_a_russian_vigenere_hint_names_the_key_letter() -> None:
    bench = Workbench(secret=PLAIN, cipher="vigenere", key="МАЯК", lang="ru")
    bench.handle_message({"type": "hint"})
    assert bench.message.startswith("подсказка: похоже, в ключе 4 буквы.")
    assert bench.message.endswith("с буквой ключа М."), bench.message
    bench.handle_message({"type": "set", "key": "МАЯК"})
    bench.handle_message({"type": "hint"})
    assert bench.message == "подсказка: ваш ключ совпадает с найденным программой: МАЯК."


def test_a_russian_keyword_hint_is_a_frequency_guess() -> None:
    cipher = Substitution.from_keyword("ЧЕРНИЛЬНИЦА")
    bench = Workbench(text=cipher.encrypt(PLAIN), cipher="keyword", lang="ru")
    bench.handle_message({"type": "hint"})
    assert "догадка по частотам букв" in bench.message, bench.message
    ((letter, plain),) = bench.view["board"].items()
    assert cipher.decrypt(letter) == plain == "О"  # the commonest letter, read right


def test_an_alphabet_argument_decides_whatever_the_language() -> None:
    bench = Workbench(text="", cipher="vigenere", key="ЛУНА", alphabet="ru")
    assert bench.lang == "en" and bench.view["alphabet"] == "ru"
    assert bench.words["encrypt"] == "Encrypt"
    assert bench.view["legend"] == "dark: this text · light: Russian"
    bench.handle_message({"type": "set", "text": "Attack at dawn"})  # fixed: stays Russian
    assert bench.view["alphabet"] == "ru"
    bench.handle_message({"type": "set", "text": PLAIN})
    bench.handle_message({"type": "run", "direction": "encrypt"})
    assert bench.view["output"] == Vigenere("ЛУНА").encrypt(PLAIN)
    empty = Workbench(lang="ru")  # no text: the language's alphabet
    assert empty.view["alphabet"] == "ru"


def test_a_latin_text_keeps_the_latin_alphabet_in_a_russian_workbench() -> None:
    """A lesson's English ciphertext still works on a Russian page; a Russian text typed
    in moves the workbench to the Russian alphabet (and clears its board)."""
    bench = Workbench(text="Brx fdq uhdg wklv phvvdjh", cipher="caesar", key="3", lang="ru")
    assert bench.view["alphabet"] == "en" and len(bench.view["letters"]) == 26
    assert bench.view["legend"] == "тёмные: этот текст · светлые: английский язык"
    bench.handle_message({"type": "run", "direction": "decrypt"})
    assert bench.view["output"] == "You can read this message"
    bench.handle_message({"type": "assign", "cipher_letter": "B", "plain_letter": "Y"})
    bench.handle_message({"type": "set", "text": "Тулезх"})
    assert bench.view["alphabet"] == "ru" and bench.view["board"] == {}
    bench.handle_message({"type": "run", "direction": "decrypt"})
    assert bench.view["output"] == "Привет"


def test_the_english_workbench_is_unchanged() -> None:
    text = "Wkh hdjoh kdv odqghg dw wkh rog plo diwhu gdun"
    bench = Workbench(text=text, cipher="caesar", key="3", lang="en")
    view = bench.view
    assert view["alphabet"] == "en" and view["letters"] == list("ABCDEFGHIJKLMNOPQRSTUVWXYZ")
    assert view["ciphers"] == list(WORKBENCH_CIPHERS)
    assert view["cipher_titles"] == {name: name for name in WORKBENCH_CIPHERS}
    assert view["legend"] == "dark: this text · light: English"
    assert view["bars_label"] == "letter frequencies of the text against English"
    assert bench.words["plain_letter_for"] == "plain letter for {letter}"
    assert bench.words["key_title"] == "The key, one letter a hint"
    bench.handle_message({"type": "hint"})
    assert bench.message.startswith("hint: ") and "stands for" in bench.message


def test_the_front_end_holds_no_english_words() -> None:
    """Every word of workbench.js comes from ``words`` or the view: no string literal
    with a space in it is shown (only class names, test ids, message types and keys)."""
    js = (ROOT / "cipherkit" / "widgets" / "workbench.js").read_text(encoding="utf-8")
    code = "\n".join(line for line in js.splitlines() if not line.lstrip().startswith("//"))
    for literal in re.findall(r'"([^"\n]*)"', code):
        if " " in literal.strip() and not literal.startswith("ck-"):
            pytest.fail(f"a sentence in workbench.js: {literal!r}")
    assert "`plain letter" not in code  # the aria labels come from words too
    protocol = {"key", "text", "cipher"}  # also the view's values ("hint": "key", ...)
    for english in set(Workbench.all_words().values()) - protocol:
        assert f'"{english}"' not in code, english
    for key in re.findall(r't\(model, "(\w+)"', code):
        assert key in Workbench.all_words(), key
