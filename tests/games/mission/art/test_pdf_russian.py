"""The print-and-play PDF in Russian: ``cipherkit --lang ru render --pdf`` prints every
word of the sheets (page furniture, action cards, setup steps, key page) from the
catalog; with a Russian mission, no English word is left on any page."""

from __future__ import annotations

import re
from pathlib import Path

from art_helpers import Pdf

from cipherkit.cli import main
from cipherkit.games.mission import load
from cipherkit.games.mission.art.printing import print_pages
from cipherkit.i18n import speaking

ROOT = Path(__file__).resolve().parents[4]
RUSSIAN = ROOT / "missions" / "ru" / "01-night-archive.yaml"
LATIN_RUN = re.compile(r"[A-Za-z]{3,}")
ALLOWED = {"cipherkit"}  # the product's name


def test_cipherkit_lang_ru_prints_a_russian_mission_with_no_english_word(tmp_path, capsys):
    target = tmp_path / "archive.pdf"
    assert main(["--lang", "ru", "render", str(RUSSIAN), "--pdf", str(target), "--quiet"]) == 0
    pages = Pdf(target.read_bytes()).pages()
    text = [" ".join(page.text) for page in pages]
    total = len(pages)
    assert "КАРТА ЗАДАНИЯ" in text[0] and "ВВОДНАЯ" in text[0]
    assert "страница 1 из" in text[0] and f"страница {total} из {total}" in text[-1]
    assert "ПОДГОТОВКА" in text[-2] and "СПОЙЛЕР" in text[-1]
    assert any("Передвиньтесь не более чем на 3 комнаты" in page for page in text)
    allowed = ALLOWED | set(LATIN_RUN.findall(load(RUSSIAN).id))  # the id, a code
    english = {word for page in text for word in LATIN_RUN.findall(page) if word not in allowed}
    assert english == set(), english


def sheet_words(mission, lang: str) -> str:
    """Every text drawn on ``mission``'s print pages, in ``lang``."""
    with speaking(lang):
        pages = print_pages(mission)
    return " ".join(s.text for _, page in pages for s in page.shapes if hasattr(s, "text"))


def test_the_language_is_the_callers_not_the_missions():
    """A Russian mission printed in English has English furniture, and the other way."""
    mission = load(RUSSIAN)
    english, russian = sheet_words(mission, "en"), sheet_words(mission, "ru")
    assert "SETUP" in english and "ПОДГОТОВКА" not in english
    assert "ПОДГОТОВКА" in russian and "SETUP" not in russian


def test_setup_steps_count_in_russian_plural_forms():
    """Counted steps take the Russian form for their number (1 шторка, 2 шторки, 5 шторок)."""
    from cipherkit.i18n import ngettext

    with speaking("ru"):
        forms = [
            ngettext(
                "Lay a shutter on every window of the console ({n} window).",
                "Lay a shutter on every window of the console ({n} windows).",
                n,
            )
            for n in (1, 2, 5, 21)
        ]
    assert [f.split("(")[1] for f in forms] == [
        "1 шторка).",
        "2 шторки).",
        "5 шторок).",
        "21 шторка).",
    ]
