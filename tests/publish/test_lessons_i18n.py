"""The lessons in Russian: each markdown cell from the ``lessons`` catalog (issue 47).

The catalog is ``cipherkit/locale/ru/LC_MESSAGES/lessons.po``, made by
``scripts/lesson_catalogs.py`` from ``notebooks/lessons/*.ipynb``. A cell whose English
changed since it was translated stays English, and the page says how many are behind.
"""

from __future__ import annotations

import copy
import gettext
import importlib.util
import json
import re
import shutil
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from cipherkit.publish import lessons_i18n
from cipherkit.publish.lessons_i18n import BEHIND_TAG, behind_note, lesson_catalog, translate_lesson

ROOT = Path(__file__).resolve().parents[2]
LESSONS = sorted((ROOT / "notebooks" / "lessons").glob("*.ipynb"))
CYRILLIC = re.compile(r"[а-яё]", re.IGNORECASE)


def script() -> ModuleType:
    path = ROOT / "scripts" / "lesson_catalogs.py"
    spec = importlib.util.spec_from_file_location("lesson_catalogs", path)
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    sys.modules["lesson_catalogs"] = module
    spec.loader.exec_module(module)
    return module


def read(path: Path) -> dict[str, Any]:
    return json.loads(path.read_text(encoding="utf-8"))


def text(cell: dict[str, Any]) -> str:
    source = cell["source"]
    return source if isinstance(source, str) else "".join(source)


def markdown(notebook: dict[str, Any]) -> list[str]:
    return [text(c) for c in notebook["cells"] if c["cell_type"] == "markdown"]


def test_the_lessons_are_numbered_once_each() -> None:
    numbers = [int(p.name[:2]) for p in LESSONS]
    assert numbers == sorted(set(numbers))  # one notebook a number
    assert set(range(1, 13)) | {14} <= set(numbers)


@pytest.mark.parametrize("lesson", LESSONS, ids=lambda p: p.stem)
def test_every_lesson_is_in_russian_with_nothing_behind(lesson: Path) -> None:
    source = read(lesson)
    page, behind = translate_lesson(source, "ru", name=lesson.name)
    assert behind == 0
    assert (
        page["metadata"]["cipherkit"] | {"lang": "ru", "behind": 0} == page["metadata"]["cipherkit"]
    )
    assert page["metadata"]["cipherkit"]["kind"] == "lesson"  # the lesson's own metadata kept
    assert not any(BEHIND_TAG in c["metadata"].get("tags", []) for c in page["cells"])
    english, russian = markdown(source), markdown(page)
    assert len(russian) == len(english)
    for before, after in zip(english, russian, strict=True):
        assert after != before and CYRILLIC.search(after), before
        # Headings stay headings at their level; inline code is never translated.
        assert re.findall(r"^#+ ", after, re.M) == re.findall(r"^#+ ", before, re.M)
        assert sorted(re.findall(r"`[^`]+`", after)) == sorted(re.findall(r"`[^`]+`", before))
    assert russian[0].startswith(f"# Урок {int(lesson.name[:2])}. ")


@pytest.mark.parametrize("lesson", LESSONS, ids=lambda p: p.stem)
def test_code_cells_are_shared_by_every_language(lesson: Path) -> None:
    source = read(lesson)
    kept = copy.deepcopy(source)
    for lang in ("ru", "en-XA", "en"):
        page, _behind = translate_lesson(source, lang, name=lesson.name)
        code = [c for c in page["cells"] if c["cell_type"] == "code"]
        assert code == [c for c in source["cells"] if c["cell_type"] == "code"]
        kinds = [c["cell_type"] for c in page["cells"]]
        assert kinds == [c["cell_type"] for c in source["cells"]]
    assert source == kept, "the notebook given is not changed"


def test_a_cell_changed_in_english_stays_english_and_the_page_says_so() -> None:
    lesson = LESSONS[3]
    source = read(lesson)
    cells = [i for i, c in enumerate(source["cells"]) if c["cell_type"] == "markdown"]
    changed = cells[2]
    new = "Its index of coincidence, and two estimates of the key length:"
    source["cells"][changed]["source"] = new
    page, behind = translate_lesson(source, "ru", name=lesson.name)
    assert behind == 1 and page["metadata"]["cipherkit"]["behind"] == 1
    note, *rest = page["cells"]
    assert note["cell_type"] == "markdown" and note["metadata"]["tags"] == [BEHIND_TAG]
    assert text(note) == (
        "Перевод этой страницы отстаёт от английской версии: 1 абзац показан по-английски."
    )
    assert text(rest[changed]) == new
    others = [text(rest[i]) for i in cells if i != changed]
    assert others and all(CYRILLIC.search(t) for t in others)
    assert [c for c in rest if c["cell_type"] == "code"] == [
        c for c in source["cells"] if c["cell_type"] == "code"
    ]


def test_a_lesson_of_another_name_is_all_behind() -> None:
    """The context is the lesson's file: a renamed lesson needs its cells translated again."""
    source = read(LESSONS[0])
    page, behind = translate_lesson(source, "ru", name="09-renamed.ipynb")
    assert behind == len(markdown(source))
    assert text(page["cells"][0]).endswith(f"{behind} абзаца показаны по-английски.")
    assert markdown(page)[1:] == markdown(source)


@pytest.mark.parametrize(
    ("n", "words"),
    [
        (1, "1 абзац показан"),
        (2, "2 абзаца показаны"),
        (4, "4 абзаца показаны"),
        (5, "5 абзацев показаны"),
        (11, "11 абзацев показаны"),
        (21, "21 абзац показан"),
        (22, "22 абзаца показаны"),
        (111, "111 абзацев показаны"),
    ],
)
def test_the_behind_note_has_russian_plurals(n: int, words: str) -> None:
    assert behind_note(n, lesson_catalog("ru")) == (
        f"Перевод этой страницы отстаёт от английской версии: {words} по-английски."
    )


def test_english_and_unknown_languages_are_the_lesson_as_written() -> None:
    source = read(LESSONS[1])
    for lang in ("en", "en-GB", "de", ""):
        page, behind = translate_lesson(source, lang, name=LESSONS[1].name)
        assert behind == 0 and page["metadata"]["cipherkit"]["lang"] == "en"
        assert page["cells"] == source["cells"]


def test_the_pseudo_locale_marks_every_cell_and_keeps_markdown() -> None:
    source = read(LESSONS[0])
    page, behind = translate_lesson(source, "en-XA", name=LESSONS[0].name)
    assert behind == 0 and page["metadata"]["cipherkit"]["lang"] == "en-XA"
    first = markdown(page)[0]
    assert first.startswith("# ⟦Lesson 1: Caesar and brute force⟧\n\n⟦Julius Caesar")
    assert all("⟦" in t and t.rstrip().endswith("⟧") for t in markdown(page))


def test_the_file_name_comes_from_a_published_page_or_must_be_given() -> None:
    source = read(LESSONS[6])
    with pytest.raises(ValueError, match="name="):
        translate_lesson(source, "ru")
    source["metadata"]["cipherkit"]["lesson"] = LESSONS[6].name
    source["cells"][0]["source"] = text(source["cells"][0]).splitlines(keepends=True)
    page, behind = translate_lesson(source, "ru")
    assert behind == 0
    assert isinstance(page["cells"][0]["source"], list)  # lines stay lines
    assert "".join(page["cells"][0]["source"]).startswith("# Урок 7. ")


def test_the_lessons_catalog_is_in_step_with_the_notebooks_and_complete() -> None:
    lessons = script()
    assert lessons.POT.read_bytes() == lessons._po_bytes(lessons.extracted()), (
        "cipherkit/locale/lessons.pot is stale: run python scripts/lesson_catalogs.py update"
    )
    assert lessons.problems() == []
    cells = sum(len(lessons.markdown_cells(p)) for p in LESSONS)
    pages = sum(len(lessons.page_texts(p)) for p in lessons.page_files())  # the gallery's own
    assert pages >= 6 * 4  # six pages: title, summary, players, text
    questions = sum(len(lessons.exercise_questions(p)) for p in LESSONS)  # ExerciseBox(...)
    assert questions >= len(LESSONS)
    entries = len([m for m in lessons._read(lessons.POT) if m.id])
    assert cells + pages + questions == entries - 1  # + note


def test_scripts_catalogs_compiles_and_checks_the_lessons_too() -> None:
    spec = importlib.util.spec_from_file_location("catalogs", ROOT / "scripts" / "catalogs.py")
    assert spec and spec.loader
    catalogs = importlib.util.module_from_spec(spec)
    sys.modules["catalogs"] = catalogs
    spec.loader.exec_module(catalogs)
    written = catalogs.compile_all(quiet=True)
    assert {p.name for p in written} == {"cipherkit.mo", "lessons.mo"}
    assert {p.parent.parent.name for p in written if p.name == "lessons.mo"} == {"ru", "en_XA"}
    assert catalogs.problems() == []


def test_a_changed_cell_is_merged_fuzzy_reported_and_shown_in_english(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The whole flow: English edited, ``update`` keeps the old words as fuzzy, ``check``
    reports them, ``compile`` leaves them out, and the page shows that cell in English."""
    lessons = script()
    folder, locale = tmp_path / "lessons", tmp_path / "locale"
    shutil.copytree(lessons.LESSONS, folder)
    shutil.copytree(lessons.LOCALE, locale, ignore=shutil.ignore_patterns("*.mo"))
    notebook = read(folder / LESSONS[4].name)
    english = "A rail fence has few keys (the number of rails), so the solver tries each one:"
    index = next(
        i for i, c in enumerate(notebook["cells"]) if text(c).startswith("A rail fence has")
    )
    notebook["cells"][index]["source"] = english
    (folder / LESSONS[4].name).write_text(json.dumps(notebook), encoding="utf-8")
    monkeypatch.setattr(lessons, "LESSONS", folder)
    monkeypatch.setattr(lessons, "LOCALE", locale)
    monkeypatch.setattr(lessons, "POT", locale / "lessons.pot")
    assert any("out of date with the lessons" in p for p in lessons.problems())
    lessons.update()
    found = lessons.problems()
    assert found == [
        "{}: 05-transposition.ipynb: {!r} is fuzzy (its English changed)".format(
            lessons.po_path("ru", locale), english[:60]
        )
    ]
    entry = lessons._read(lessons.po_path("ru", locale), "ru").get(
        english, "05-transposition.ipynb"
    )
    assert entry.fuzzy and entry.string.startswith("Ключей у «изгороди» мало")
    lessons.compile_all(quiet=True, locale=locale)
    monkeypatch.setattr(lessons_i18n, "LOCALE_DIR", locale)
    lesson_catalog.cache_clear()
    try:
        assert isinstance(lesson_catalog("ru"), gettext.GNUTranslations)
        page, behind = translate_lesson(notebook, "ru", name=LESSONS[4].name)
    finally:
        lesson_catalog.cache_clear()
    assert behind == 1
    assert text(page["cells"][index + 1]) == english
    assert text(page["cells"][0]).startswith("Перевод этой страницы отстаёт")
