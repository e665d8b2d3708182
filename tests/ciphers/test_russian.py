"""The ciphers over the Russian alphabet (issue 47): 33 letters, Ё its own letter;
frequency analysis with the shipped Russian statistics, built by a script from a text
written for cipherkit; English behaviour unchanged."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path
from types import ModuleType

import numpy as np
import pytest

from cipherkit.ciphers import (
    LATIN,
    RUSSIAN,
    Affine,
    Alphabet,
    Atbash,
    Autokey,
    Beaufort,
    Caesar,
    Columnar,
    Playfair,
    RailFence,
    Substitution,
    Vigenere,
    chi_squared,
    cipher_from_json,
    crack_text,
    detect_alphabet,
    index_of_coincidence,
    letter_counts,
    letter_frequencies,
)
from cipherkit.ciphers.frequency import (
    best_affine,
    rank_shifts,
    solve_substitution_by_frequency,
    solve_vigenere_by_frequency,
)
from cipherkit.ciphers.stats import reference_letters, russian
from cipherkit.core.errors import CipherkitError
from cipherkit.i18n import speaking

ROOT = Path(__file__).resolve().parents[2]

# Held-out texts (written for these tests; not in the corpus the statistics come from),
# about 160 letters each.
TEXTS = [
    "Утром на станцию пришёл почтовый вагон, и начальник станции долго пересчитывал "
    "мешки с письмами. Одного не хватало. Его нашли только к обеду под скамейкой в зале "
    "ожидания, где он пролежал всю ночь.",
    "Наша учительница географии приносила на уроки старый глобус, на котором были "
    "нарисованы страны, которых давно нет. Мы искали их на новой карте и спорили, куда "
    "они исчезли и кто теперь живёт на их месте.",
    "Когда в городе отключили свет, соседи вынесли свечи во двор и поставили самовар. "
    "Оказалось, что многие живут рядом тридцать лет и ни разу не разговаривали. К "
    "полуночи свет дали, но расходиться никто не хотел.",
    "Мой брат собирает марки с изображением птиц. У него есть альбом, где каждая "
    "страница посвящена одной стране. Больше всего он гордится маркой с синей сойкой, "
    "которую выменял у одноклассника на перочинный нож.",
    "Весной ледоход на реке начинается ночью. Сначала слышен глухой треск, потом грохот, "
    "и к утру вся река движется, унося льдины к морю. Мальчишки бегают вдоль берега и "
    "спорят, какая льдина доплывёт дальше.",
    "Бабушка хранит рецепты в жестяной коробке из-под чая. Карточки исписаны разными "
    "почерками: её собственным, её матери и какой-то соседки, которую никто уже не "
    "помнит. Пироги по этим рецептам получаются всегда.",
]


def two(i: int) -> str:
    """Two held-out texts together (about 330 letters)."""
    return f"{TEXTS[i]} {TEXTS[(i + 1) % len(TEXTS)]}"


# ----------------------------------------------------------------- the alphabet
def test_the_russian_alphabet_has_33_letters_with_yo_after_ye() -> None:
    assert RUSSIAN.letters == "АБВГДЕЁЖЗИЙКЛМНОПРСТУФХЦЧШЩЪЫЬЭЮЯ"
    assert RUSSIAN.size == 33 and LATIN.size == 26
    assert RUSSIAN.index("Е") + 1 == RUSSIAN.index("ё") == 6
    assert RUSSIAN.codes("Ёлка, ель!").tolist() == [6, 12, 11, 0, 5, 12, 29]
    assert RUSSIAN.letters_only("Съешь 3 булки!") == "СЪЕШЬБУЛКИ"


def test_alphabets_by_name_and_from_the_text() -> None:
    assert Alphabet.of("ru") is Alphabet.of("Russian") is RUSSIAN
    assert Alphabet.of("en") is Alphabet.of(None) is LATIN
    with pytest.raises(CipherkitError, match="unknown alphabet"):
        Alphabet.of("de")
    assert detect_alphabet("Привет, Bob") is RUSSIAN
    assert detect_alphabet("Hello, Вася") is LATIN
    assert detect_alphabet("123", RUSSIAN) is RUSSIAN


# ----------------------------------------------------------------- known vectors
@pytest.mark.parametrize(
    ("cipher", "plain", "secret"),
    [
        (Caesar(3, letters=RUSSIAN), "ПРИВЕТ", "ТУЛЕЗХ"),
        (Caesar(1, letters=RUSSIAN), "Ежи, ёж и я", "Ёзй, жз й а"),
        (Caesar(32, letters=RUSSIAN), "Ёж", "Её"),
        (Atbash(letters=RUSSIAN), "Азбука", "Ячюлфя"),
        (Vigenere("КЛЮЧ"), "Шифр Виженера", "Гфтз Мфеьшроч"),
        (Substitution.from_keyword("шифр"), "Привет", "Мнефбп"),
    ],
)
def test_known_vectors(cipher: object, plain: str, secret: str) -> None:
    assert cipher.encrypt(plain) == secret  # type: ignore[attr-defined]
    assert cipher.decrypt(secret) == plain  # type: ignore[attr-defined]


def test_a_keyword_alphabet_and_vigenere_keys_in_russian_letters() -> None:
    keyed = Substitution.from_keyword("Шифровка")
    assert keyed.letters is RUSSIAN
    assert keyed.key == "ШИФРОВКАБГДЕЁЖЗЙЛМНПСТУХЦЧЩЪЫЬЭЮЯ"
    assert Vigenere("лимон") == Vigenere("ЛИМОН", letters=RUSSIAN)
    assert repr(Vigenere("ЛИМОН")) == "Vigenere(key='ЛИМОН', letters=RUSSIAN)"
    # the key's letter А shifts by 0, Я by 32, Ё (the seventh letter) by 6
    assert Vigenere("АЯЁ").encrypt("БББ") == "БАЖ"


@pytest.mark.parametrize("seed", range(3))
def test_russian_round_trips_keep_case_and_punctuation(seed: int) -> None:
    text = TEXTS[seed]
    ciphers = [
        Caesar(seed + 5, letters=RUSSIAN),
        Atbash(letters=RUSSIAN),
        Affine(7, seed, letters=RUSSIAN),
        Substitution.random(seed, letters=RUSSIAN),
        Substitution.from_keyword("ЧЕРНИЛЬНИЦА"),
        Vigenere("ЖУРАВЛЬ"),
        Beaufort("ЗИМА"),
        Autokey("ЁЖ"),
        RailFence(3 + seed, letters=RUSSIAN),
        Columnar("ЯБЛОКО"),
    ]
    for cipher in ciphers:
        secret = cipher.encrypt(text)
        assert secret != text, cipher
        assert cipher.decrypt(secret) == text, cipher
        # the shape is the text's: punctuation, spaces, digits and case stay
        assert [c.isupper() for c in secret] == [c.isupper() for c in text], cipher
        assert RUSSIAN.count_in(secret) == RUSSIAN.count_in(text)
        assert cipher_from_json(json.loads(json.dumps(cipher.to_json()))) == cipher


def test_a_transposition_orders_columns_by_the_alphabet_with_yo_after_ye() -> None:
    # by code point Ё (U+0401) comes before А; in the alphabet it follows Е
    assert Columnar("ЁЕА").order == (2, 1, 0)
    assert Columnar("ЁЖЕ").order == (1, 2, 0)


def test_ciphers_refuse_what_has_no_russian_form() -> None:
    with pytest.raises(CipherkitError, match="Latin alphabet"):
        Playfair("ключ", letters=RUSSIAN)
    with pytest.raises(CipherkitError, match="coprime to 33"):
        Affine(3, 1, letters=RUSSIAN)
    with pytest.raises(CipherkitError, match="at least one letter А-Я"):
        Vigenere("LEMON", letters=RUSSIAN)
    with pytest.raises(CipherkitError, match="each letter А-Я exactly once"):
        Substitution("АБВ", letters=RUSSIAN)
    with speaking("ru"):
        with pytest.raises(CipherkitError) as caught:
            Vigenere("123", letters=RUSSIAN)
        assert str(caught.value) == "в ключе шифра Виженера должна быть хотя бы одна буква А-Я"


# ----------------------------------------------------------------- English unchanged
def test_english_ciphers_are_as_they_were() -> None:
    assert repr(Caesar(3)) == "Caesar(shift=3)"
    assert repr(Vigenere("lemon")) == "Vigenere(key='LEMON')"
    assert repr(Columnar("ZEBRAS")) == "Columnar(key='ZEBRAS', order=(5, 2, 1, 3, 0, 4))"
    assert Caesar(3).to_json() == {"cipher": "caesar", "key": 3}
    assert Substitution.random(1).to_json()["key"] == Substitution.random(1).key
    assert "alphabet" not in Vigenere("KEY").to_json()
    # a Latin cipher leaves other letters alone, as before
    assert Caesar(3).encrypt("Привет, world!") == "Привет, zruog!"
    assert Atbash().encrypt("Ёж and a hedgehog") == "Ёж zmw z svwtvslt"
    assert len(letter_counts("Привет, world")) == 26
    assert letter_counts("Привет, world").sum() == 5
    assert chi_squared("the quick brown fox") == chi_squared("the quick brown fox", alphabet=LATIN)


# ----------------------------------------------------------------- frequency analysis
def test_russian_statistics_look_like_russian() -> None:
    ref = russian()
    assert ref.letters.shape == (33,) and ref.bigrams.shape == (33, 33)
    order = "".join(RUSSIAN.letters[i] for i in np.argsort(-ref.letters)[:5])
    assert set(order) <= set("ОАЕИТН") and order[0] == "О"
    assert np.allclose(reference_letters(RUSSIAN).sum(), 1.0)
    assert 0.05 < ref.ioc < 0.06
    assert abs(index_of_coincidence(" ".join(TEXTS), RUSSIAN) - ref.ioc) < 0.006
    assert letter_frequencies("ёЁе", RUSSIAN)[6] == pytest.approx(2 / 3)


@pytest.mark.parametrize("index", range(len(TEXTS)))
def test_frequency_analysis_finds_every_shift_of_a_russian_text(index: int) -> None:
    text = TEXTS[index]
    assert 150 <= RUSSIAN.count_in(text) <= 210
    for shift in range(1, 33):
        secret = Caesar(shift, letters=RUSSIAN).encrypt(text)
        # by letter counts alone (chi-squared against Russian: the lessons' method) ...
        chis = [chi_squared(Caesar(s, letters=RUSSIAN).decrypt(secret), alphabet=RUSSIAN)
                for s in range(33)]  # fmt: skip
        assert int(np.argmin(chis)) == shift
        # ... and by letters and bigrams
        best = rank_shifts(secret)[0]
        assert best.cipher == Caesar(shift, letters=RUSSIAN)
        assert best.plaintext == RUSSIAN.letters_only(text)


@pytest.mark.parametrize("key", ["КОТ", "ЛУНА", "ЗАМОК", "ЁЖИК", "СОЛНЦЕ", "ЧЕРНИЛА"])
def test_vigenere_and_beaufort_keys_are_found_by_frequencies(key: str) -> None:
    for i in range(0, len(TEXTS), 2):
        assert solve_vigenere_by_frequency(Vigenere(key).encrypt(TEXTS[i])).cipher.key == key
        secret = Beaufort(key).encrypt(two(i))
        assert solve_vigenere_by_frequency(secret, variant="beaufort").cipher == Beaufort(key)


def test_affine_and_substitution_are_read_by_frequencies() -> None:
    secret = Affine(10, 4, letters=RUSSIAN).encrypt(TEXTS[2])
    assert best_affine(secret).cipher == Affine(10, 4, letters=RUSSIAN)
    right = 0
    for i in range(3):
        cipher = Substitution.random(40 + i, letters=RUSSIAN)
        plain = two(i)
        reading = solve_substitution_by_frequency(cipher.encrypt(plain)).cipher
        letters = RUSSIAN.letters_only(plain)
        got = RUSSIAN.letters_only(reading.decrypt(cipher.encrypt(plain)))
        right += sum(a == b for a, b in zip(got, letters, strict=True)) / len(letters)
    assert right / 3 > 0.9


def test_crack_reads_russian_caesar_and_vigenere_texts() -> None:
    result = crack_text(Caesar(11, letters=RUSSIAN).encrypt(TEXTS[1]))
    assert (result.cipher, result.key, result.plaintext) == ("caesar", 11, TEXTS[1])
    assert result.to_json()["alphabet"] == "ru" and result.fitness > -0.3
    assert "per bigram vs Russian (looks like Russian)" in result.summary_text()
    vig = crack_text(Vigenere("ПРИЧАЛ").encrypt(two(3)))
    assert (vig.cipher, vig.key, vig.plaintext) == ("vigenere", "ПРИЧАЛ", two(3))
    forced = crack_text(Vigenere("ЯКОРЬ").encrypt(TEXTS[0]), cipher="vigenere")
    assert forced.key == "ЯКОРЬ"
    with pytest.raises(CipherkitError, match="Russian letters is read as"):
        crack_text(Caesar(3, letters=RUSSIAN).encrypt(TEXTS[0]), cipher="playfair")
    with speaking("ru"):
        assert "похоже на русский" in result.summary_text()


# ----------------------------------------------------------------- the shipped data
def _build_script() -> ModuleType:
    spec = importlib.util.spec_from_file_location(
        "build_russian_stats", ROOT / "scripts" / "build_russian_stats.py"
    )
    assert spec is not None and spec.loader is not None
    script = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(script)
    return script


def test_the_russian_statistics_are_rebuilt_byte_for_byte_by_their_script() -> None:
    script = _build_script()
    shipped = (ROOT / "cipherkit" / "data" / "russian_letters.json").read_text(encoding="utf-8")
    assert script.build() == shipped
    data = json.loads(shipped)
    assert data["alphabet"] == RUSSIAN.letters and data["letters"] > 20_000
    corpus = script.corpus_text()
    assert len(corpus.split()) > 4000  # several thousand words of our own prose
    assert data["letters"] == RUSSIAN.count_in(corpus)


def test_the_russian_statistics_are_listed_in_notice() -> None:
    notice = (ROOT / "cipherkit" / "data" / "NOTICE").read_text(encoding="utf-8")
    assert "russian_letters.json" in notice and "build_russian_stats.py" in notice
    assert "written for cipherkit" in notice


def test_a_russian_cipher_pickles_and_copies_with_its_alphabet() -> None:
    """Ciphers cross process pools (playtests, solvers) and are copied: the alphabet is
    the module's constant again on the other side."""
    import copy
    import pickle

    for cipher in (Caesar(3), Vigenere("ЛУНА"), Substitution.random(2, letters=RUSSIAN)):
        for back in (pickle.loads(pickle.dumps(cipher)), copy.deepcopy(cipher)):
            assert back == cipher and back.letters is cipher.letters
