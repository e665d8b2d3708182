"""Lessons as gallery pages: ``cipherkit publish --lessons`` (no server needed).

The lessons' source of truth is ``notebooks/lessons/``; ``puzzles/lessons/`` holds the
pages generated from them. These tests regenerate every page and compare it with the
committed one, byte for byte, so an edited lesson whose page was not republished fails.
"""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from cipherkit.core.errors import CipherkitError
from cipherkit.publish.gallery import build_index, gallery_entries, write_notebook
from cipherkit.publish.pages import FIGURES, LESSONS_FOLDER, lesson_page, publish_lessons

ROOT = Path(__file__).resolve().parents[2]
SOURCES = ROOT / "notebooks" / "lessons"
PAGES = ROOT / "puzzles" / LESSONS_FOLDER
LESSONS = sorted(SOURCES.glob("*.ipynb"))
REPUBLISH = "run: cipherkit publish --lessons notebooks/lessons --out puzzles"


def notebook(path: Path) -> dict:
    return json.loads(path.read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def regenerated(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("gallery")
    publish_lessons(LESSONS, out=out, index=False)
    return out / LESSONS_FOLDER


def test_there_are_at_least_eight_lessons() -> None:
    assert len(LESSONS) >= 8


def test_the_committed_lesson_pages_are_in_sync_with_their_sources(regenerated: Path) -> None:
    made = sorted(p.relative_to(regenerated).as_posix() for p in regenerated.rglob("*.*"))
    committed = sorted(
        p.relative_to(PAGES).as_posix()
        for p in PAGES.rglob("*.*")
        if p.name != "conftest.py" and "__pycache__" not in p.parts
    )
    assert committed == made, REPUBLISH
    for name in made:
        assert (PAGES / name).read_bytes() == (regenerated / name).read_bytes(), (
            f"puzzles/lessons/{name} is out of date; {REPUBLISH}"
        )


def test_the_committed_index_lists_the_lessons_after_missions_and_games() -> None:
    puzzles = ROOT / "puzzles"
    entries = gallery_entries(puzzles)
    pages = notebook(puzzles / "index.ipynb")["metadata"]["cipherkit"]["pages"]
    assert pages == [e.name for e in entries]
    lessons = [e for e in entries if e.kind == "lesson"]
    assert [e.name for e in lessons] == [f"lessons/{p.name}" for p in LESSONS]
    kinds = [e.kind for e in entries]
    assert kinds.index("lesson") > max(i for i, k in enumerate(kinds) if k != "lesson")
    for entry in lessons:
        assert entry.thumbnail == f"lessons/images/{Path(entry.name).stem}.svg"
        assert (puzzles / entry.thumbnail).read_text().startswith("<svg")
        assert entry.title.startswith("Lesson ") and entry.summary and entry.difficulty


@pytest.mark.parametrize("lesson", LESSONS, ids=lambda p: p.stem)
def test_a_lesson_page_shows_code_and_outputs_but_never_an_exercise(lesson: Path) -> None:
    source = notebook(lesson)
    page = notebook(PAGES / lesson.name)
    assert page["metadata"]["cipherkit"]["kind"] == "lesson"
    code = [c for c in page["cells"] if c["cell_type"] == "code"]
    assert all(c["outputs"] == [] and c["execution_count"] is None for c in code)
    # Every code cell of the lesson runs on the page, in order; the first also gives the
    # page's plots their words (cipherkit.widgets.figures).
    expected = ["".join(c["source"]) for c in source["cells"] if c["cell_type"] == "code"]
    expected[0] = f"{FIGURES}\n\n{expected[0]}"
    assert ["".join(c["source"]) for c in code] == expected
    shown = "\n".join("".join(c["source"]) for c in page["cells"] if c["cell_type"] == "markdown")
    exercises = [c for c in code if "ExerciseBox(" in "".join(c["source"])]
    assert exercises, "a lesson has self-checking exercises"
    for cell in exercises:
        for salt_or_hash in re.findall(r"(?:salt|digest)='([^']+)'", "".join(cell["source"])):
            assert salt_or_hash not in shown
    assert "ExerciseBox(" not in shown and not re.search(r"\b[0-9a-f]{64}\b", shown)
    # Code that is not tagged hide-input is shown as text, right above its output.
    untagged = [
        "".join(c["source"])
        for c in source["cells"]
        if c["cell_type"] == "code"
        and "hide-input" not in c["metadata"].get("tags", [])
        and "ExerciseBox" not in "".join(c["source"])
    ]
    for text in untagged:
        assert f"```python\n{text.rstrip()}\n```" in shown


def test_publish_refuses_bad_lessons_before_writing(tmp_path: Path) -> None:
    out = tmp_path / "gallery"
    with pytest.raises(CipherkitError, match="no such lesson"):
        publish_lessons([tmp_path / "missing.ipynb"], out=out)
    leaky = write_notebook(
        tmp_path / "leaky.ipynb",
        [("markdown", "# Leaky\n\nThe hash is " + "ab" * 32), ("code", "1")],
        {},
    )
    with pytest.raises(CipherkitError, match="salted hash"):
        publish_lessons([LESSONS[0], leaky], out=out)
    shutil.copy(LESSONS[0], out.parent / "Bad Name.ipynb")
    with pytest.raises(CipherkitError, match="lower-case"):
        publish_lessons([out.parent / "Bad Name.ipynb"], out=out)
    out.mkdir()
    inside = shutil.copy(LESSONS[0], out / "x.ipynb")
    with pytest.raises(CipherkitError, match="inside"):
        publish_lessons([inside], out=out)
    assert not (out / LESSONS_FOLDER).exists() and not (out / "index.ipynb").exists()


def test_a_hidden_cell_keeps_its_source_off_the_page(tmp_path: Path) -> None:
    lesson = tmp_path / "01-demo.ipynb"
    write_notebook(
        lesson,
        [("markdown", "# Demo\n\nHello."), ("code", "x = 'SHOWN'"), ("code", "y = 'HIDDEN'")],
        {},
    )
    nb = notebook(lesson)
    nb["cells"][2]["metadata"]["tags"] = ["hide-input"]
    lesson.write_text(json.dumps(nb), encoding="utf-8")
    cells, meta = lesson_page(lesson)
    markdown = "\n".join(s for k, s in cells if k == "markdown")
    assert "SHOWN" in markdown and "HIDDEN" not in markdown
    assert [s for k, s in cells if k == "code"] == [f"{FIGURES}\n\nx = 'SHOWN'", "y = 'HIDDEN'"]
    assert meta["title"] == "Demo" and meta["order"] == 1 and meta["kind"] == "lesson"


def test_the_cli_publishes_lessons_and_missions_together(tmp_path: Path) -> None:
    run = [sys.executable, "-m", "cipherkit.cli", "publish", "--out", str(tmp_path), "--quiet"]
    mission = ROOT / "missions" / "02-signal-box.yaml"
    done = subprocess.run(
        [*run, "--lessons", str(SOURCES), str(mission)],
        capture_output=True,
        text=True,
        cwd=ROOT,
    )
    assert done.returncode == 0, done.stderr
    names = [e.name for e in gallery_entries(tmp_path)]
    assert names[0] == "signal-box.ipynb" and len(names) == 1 + len(LESSONS)
    assert done.stdout.strip().splitlines()[-1].endswith("index.ipynb")
    index = "".join(notebook(build_index(tmp_path))["cells"][0]["source"])
    assert f'href="lessons/{LESSONS[0].name}"' in index
    assert f'src="../files/lessons/images/{LESSONS[0].stem}.svg"' in index
    for bad in (["--lessons", str(tmp_path / "nope")], []):
        failed = subprocess.run([*run, *bad], capture_output=True, text=True, cwd=ROOT)
        assert failed.returncode == 1 and len(failed.stderr.strip().splitlines()) == 1


def test_a_static_cell_is_tagged_on_its_page_and_one_whose_names_are_needed_is_refused(
    tmp_path: Path,
) -> None:
    """A lesson cell tagged static (its output the same for every student) stays tagged
    on the page, for the server to show without running it; a tagged cell that defines
    what a later cell uses, or changes what it does not define, is refused by name."""
    lesson = tmp_path / "01-demo.ipynb"
    write_notebook(
        lesson,
        [
            ("markdown", "# Demo\n\nHello."),
            ("code", "rows = [1, 2, 3]"),
            ("code", "total = sum(rows)\nprint(total)"),
            ("code", "print(len(rows))"),
        ],
        {},
    )
    nb = notebook(lesson)
    nb["cells"][2]["metadata"]["tags"] = ["static"]
    lesson.write_text(json.dumps(nb), encoding="utf-8")
    out = tmp_path / "gallery"
    (page,) = publish_lessons([lesson], out=out, index=False)[:1]
    tags = [c["metadata"].get("tags") for c in notebook(page)["cells"] if c["cell_type"] == "code"]
    assert tags == [None, ["static"], None]

    for tagged, reason in [
        (1, "a later cell uses rows, which it defines"),
        (3, None),
    ]:
        nb = notebook(lesson)
        for cell in nb["cells"]:
            cell["metadata"].pop("tags", None)
        nb["cells"][tagged]["metadata"]["tags"] = ["static"]
        nb["cells"][tagged]["source"] = (
            "rows = [1, 2, 3]" if tagged == 1 else "rows.append(4)\nrows[0] = 9"
        )
        lesson.write_text(json.dumps(nb), encoding="utf-8")
        expected = reason or "changes something it does not define"
        with pytest.raises(
            CipherkitError, match=rf"01-demo.ipynb: code cell {tagged} .*{expected}"
        ):
            publish_lessons([lesson], out=tmp_path / f"refused{tagged}", index=False)


def test_the_new_lessons_plots_are_static_cells() -> None:
    """Lessons 9-14 show their plots as static cells (a class opening one at once pays
    for its plots once): every code cell that draws with matplotlib is tagged."""
    for path in LESSONS[8:]:
        for cell in notebook(path)["cells"]:
            source = "".join(cell["source"])
            if cell["cell_type"] == "code" and re.search(r"plt\.show\(\)", source):
                assert "static" in cell["metadata"].get("tags", []), (path.name, source[:60])
