"""``cipherkit worksheet`` (issue 48 item 2): each lesson's exercises as a printable PDF.

The specs cannot drift from the lessons: every notebook exercise is in its lesson's spec
with its question word for word, and the spec's answer passes the notebook's own salted
check. The PDF is read back (the small reader of the mission art tests): the student's
pages hold every question and material and no answer; the teacher's pages, headed For
the teacher, hold the answers.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from cipherkit.ciphers.exercises import check_answer
from cipherkit.classroom.worksheets import lesson_ids, load_worksheet
from cipherkit.classroom.worksheets.layout import mono_lines
from cipherkit.classroom.worksheets.spec import Worksheet, find_lessons, parse_worksheet
from cipherkit.cli import main
from tests.games.mission.art.art_helpers import Page, Pdf
from tests.widgets.lessons import lesson_exercises

ROOT = Path(__file__).resolve().parents[2]
LESSONS = ROOT / "notebooks" / "lessons"
LESSON_IDS = sorted(p.stem for p in LESSONS.glob("*.ipynb"))
A4_POINTS = (595.2, 841.92)
LETTER_POINTS = (612.0, 792.0)
TEACHER = "FOR THE TEACHER"


def squeeze(text: str) -> str:
    return re.sub(r"\s+", " ", text).strip()


def bare(text: str) -> str:
    return re.sub(r"\s+", "", text)


def worksheet(tmp_path: Path, *args: str) -> list[Page]:
    target = tmp_path / "sheet.pdf"
    assert main(["worksheet", *args, "--pdf", str(target)]) == 0
    return Pdf(target.read_bytes()).pages()


def split(pages: list[Page], label: str = TEACHER) -> tuple[list[Page], list[Page]]:
    """The student's pages and the teacher's (each headed ``label``)."""
    teacher = [p for p in pages if label in p.text]
    return [p for p in pages if label not in p.text], teacher


def text_of(pages: list[Page]) -> str:
    return squeeze(" ".join(" ".join(p.text) for p in pages))


def notebook_title(path: Path) -> str:
    return str(json.loads(path.read_text(encoding="utf-8"))["metadata"]["cipherkit"]["title"])


# ------------------------------------------------------------------ the specs
def test_every_lesson_has_a_worksheet() -> None:
    assert lesson_ids() == LESSON_IDS


@pytest.mark.parametrize("lesson", LESSON_IDS)
def test_the_spec_has_every_exercise_of_its_lesson_and_its_answers_pass(lesson: str) -> None:
    sheet = load_worksheet(lesson)
    boxes = lesson_exercises(LESSONS / f"{lesson}.ipynb")
    assert boxes, lesson
    ours = [e for e in sheet.exercises if not e.extra]
    assert [e.question for e in ours] == [question for question, _salt, _digest in boxes]
    for exercise, (question, salt, digest) in zip(ours, boxes, strict=True):
        assert check_answer(exercise.answer, salt, digest), (lesson, question, exercise.answer)
    assert len(sheet.exercises) > len(ours), f"{lesson}: no pencil-and-paper exercise"


@pytest.mark.parametrize("lesson", LESSON_IDS)
def test_the_spec_says_its_own_words_in_russian(lesson: str) -> None:
    sheet = load_worksheet(lesson)
    assert sheet.title == notebook_title(ROOT / "puzzles" / "lessons" / f"{lesson}.ipynb")
    ru_title = notebook_title(ROOT / "puzzles" / "ru" / "lessons" / f"{lesson}.ipynb")
    assert sheet.words["ru"]["title"] == ru_title
    for exercise in sheet.exercises:
        own = exercise.words.get("ru", {})
        assert "hint" in own, (lesson, exercise.question)
        assert ("question" in own) == exercise.extra, (lesson, exercise.question)
        if re.search(r"[A-Za-z]+(?: \d)?:", exercise.material):  # a label in English
            assert "material" in own, (lesson, exercise.material)


def test_a_lesson_is_found_by_id_prefix_or_file() -> None:
    assert find_lessons("01") == ["01-caesar-and-brute-force"]
    assert find_lessons("08-build-your-own-puzzle") == ["08-build-your-own-puzzle"]
    assert find_lessons("notebooks/lessons/02-substitution-and-frequency.ipynb") == [
        "02-substitution-and-frequency"
    ]
    assert find_lessons("all") == LESSON_IDS


def test_a_bad_spec_is_named_in_one_line() -> None:
    good = {"question": "Q?", "material": "M", "lines": 2, "answer": "A", "hint": "H"}
    assert isinstance(
        parse_worksheet({"lesson": "x", "title": "X", "exercises": [good]}, "x"), Worksheet
    )
    cases = [
        ({"lesson": "x", "title": "X", "exercises": []}, "no list of exercises"),
        ({"lesson": "y", "title": "X", "exercises": [good]}, "give its lesson id and title"),
        ({"lesson": "x", "title": "X", "exercises": [{**good, "lines": 0}]}, "from 1 to 20"),
        ({"lesson": "x", "title": "X", "exercises": [{**good, "ru": {"x": "y"}}]}, "ru gives"),
        ({"lesson": "x", "title": "X", "exercises": [{**good, "glyphs": {}}]}, "glyphs needs"),
    ]
    from cipherkit.core.errors import CipherkitError

    for data, words in cases:
        with pytest.raises(CipherkitError, match=words) as caught:
            parse_worksheet(data, "x")
        assert "\n" not in str(caught.value)


def test_material_is_set_in_lines_that_fit() -> None:
    assert mono_lines("", 10, 100) == []
    assert mono_lines("A  B\nCD", 10, 1000) == ["A  B", "CD"]  # spacing kept (tables)
    assert mono_lines("x" * 25, 10, 6.1 * 10) == ["x" * 10, "x" * 10, "x" * 5]


# ------------------------------------------------------------------ the PDF
@pytest.mark.parametrize("lesson", LESSON_IDS)
def test_the_students_pages_hold_the_exercises_and_no_answer(lesson: str, tmp_path: Path) -> None:
    sheet = load_worksheet(lesson)
    pages = worksheet(tmp_path, lesson)
    assert all(page.size == A4_POINTS for page in pages)
    student, teacher = split(pages)
    assert student and teacher and pages[: len(student)] == student  # the teacher's last
    assert "WORKSHEET" in student[0].text and sheet.title in student[0].text
    assert {"Name", "Class", "Date"} <= set(student[0].text)
    said, told = text_of(student), text_of(teacher)
    assert f"page {len(pages)} of {len(pages)}" in pages[-1].text
    for number, exercise in enumerate(sheet.exercises, start=1):
        assert f"Exercise {number}" in said and f"Exercise {number}" in told
        assert exercise.question in said, exercise.question
        assert bare(exercise.material) in bare(said), exercise.material
        answer = squeeze(exercise.answer)
        assert f"Answer: {answer}" in told, answer
        assert squeeze(exercise.hint)[:40] in told
        assert squeeze(exercise.hint)[:40] not in said
        if len(re.sub(r"\W", "", answer)) >= 3:  # a short one (E, 2) is any page's letter
            assert not re.search(rf"\b{re.escape(answer)}\b", said, re.IGNORECASE), answer
    assert "Answer:" not in said


def test_letter_paper_and_no_answers(tmp_path: Path) -> None:
    pages = worksheet(tmp_path, "04", "--paper", "letter", "--no-answers")
    assert pages and all(page.size == LETTER_POINTS for page in pages)
    said = text_of(pages)
    assert TEACHER not in said and "Answer:" not in said and "ORCHARD" not in said
    assert f"page {len(pages)} of {len(pages)}" in pages[-1].text
    with_answers = worksheet(tmp_path, "04", "--paper", "letter")
    assert len(with_answers) > len(pages)


def test_all_writes_one_pdf_per_lesson(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "sheets"
    assert main(["worksheet", "all", "--out", str(out), "--no-answers"]) == 0
    written = sorted(out.glob("*.pdf"))
    assert [p.stem for p in written] == LESSON_IDS
    assert capsys.readouterr().out.split() == [str(p) for p in written]
    for path in written:
        assert TEACHER not in text_of(Pdf(path.read_bytes()).pages())


def test_a_lesson_into_a_folder(tmp_path: Path) -> None:
    assert main(["worksheet", "07", "--out", str(tmp_path)]) == 0
    assert (tmp_path / "07-deduction-and-information.pdf").read_bytes()[:5] == b"%PDF-"


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (
            ["nine", "--pdf", "{tmp}/a.pdf"],
            "unknown lesson 'nine': choose one of 01-caesar-and-brute-force, ",
        ),
        (["0", "--pdf", "{tmp}/a.pdf"], "'0' could be several lessons: 01-caesar"),
        (["all", "--pdf", "{tmp}/a.pdf"], "all writes one PDF per lesson: give --out DIR, not"),
        (["all"], "all writes one PDF per lesson: give --out DIR"),
        (["01"], "give --pdf FILE to write the worksheet"),
        (["01", "--pdf", "{tmp}/a.pdf", "--out", "{tmp}"], "not both"),
        (["01", "--pdf", "{tmp}"], "is a folder; give a file name"),
        (["01", "--pdf", "{tmp}/no/a.pdf"], "the folder {tmp}/no does not exist"),
        (["01", "--pdf", "{tmp}/file/a.pdf"], "cannot write {tmp}/file/a.pdf: "),
        (["all", "--out", "{tmp}/file"], "--out {tmp}/file is a file, not a folder"),
    ],
)
def test_bad_input_is_one_line(
    args: list[str], words: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "file").write_text("not a folder")
    given = [a.replace("{tmp}", str(tmp_path)) for a in args]
    assert main(["worksheet", *given]) == 1
    out, err = capsys.readouterr()
    assert out == "" and err.count("\n") == 1 and "Traceback" not in err
    assert err.startswith("cipherkit: error: ") and words.replace("{tmp}", str(tmp_path)) in err
    assert not (tmp_path / "a.pdf").exists()


def test_the_unknown_lesson_lists_every_id(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["worksheet", "99", "--pdf", "x.pdf"]) == 1
    err = capsys.readouterr().err
    assert all(lesson in err for lesson in LESSON_IDS)


def test_a_russian_sheet(tmp_path: Path) -> None:
    target = tmp_path / "ru.pdf"
    assert main(["--lang", "ru", "worksheet", "01", "--pdf", str(target)]) == 0
    pages = Pdf(target.read_bytes()).pages()
    student, teacher = split(pages, "ДЛЯ УЧИТЕЛЯ")
    assert student and teacher
    said, told = text_of(student), text_of(teacher)
    assert "РАБОЧИЙ ЛИСТ" in student[0].text and {"Имя", "Класс", "Дата"} <= set(student[0].text)
    assert "Урок 1. Шифр Цезаря и полный перебор" in student[0].text
    assert "Упражнение 1" in said and "Что говорится в сообщении?" in said
    assert "Зашифруйте вручную слово CAT шифром Цезаря со сдвигом 3." in said
    assert "Ответ: You can read this message" in told and "Подсказка: Ключ 3" in told
    assert f"страница {len(pages)} из {len(pages)}" in pages[-1].text
    assert not re.search(r"\b(Exercise|Answer|Hint|Name|Date|page)\b", said + told)
