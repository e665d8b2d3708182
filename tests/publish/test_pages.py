"""``cipherkit publish``: pages, thumbnails, registry and index (no server needed)."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from cipherkit.core.errors import CipherkitError
from cipherkit.games.mission import load
from cipherkit.publish.gallery import build_index, gallery_entries, write_notebook
from cipherkit.publish.pages import publish_missions
from cipherkit.publish.registry import REGISTRY_ENV, REGISTRY_NAME, mission_path

ROOT = Path(__file__).resolve().parents[2]
MISSIONS = sorted((ROOT / "missions").glob("*.yaml"))


@pytest.fixture(scope="module")
def published(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, list[Path]]:
    out = tmp_path_factory.mktemp("gallery")
    shutil.copy(ROOT / "puzzles" / "decipher.ipynb", out)
    return out, publish_missions([str(p) for p in MISSIONS], out=out, games=20)


def notebook(path: Path) -> dict:
    return json.loads(path.read_text(encoding="utf-8"))


def test_a_page_per_mission_with_a_thumbnail_and_the_index(published) -> None:
    out, written = published
    ids = [load(p).id for p in MISSIONS]
    names = [p.name for p in written]
    assert names[-1] == "index.ipynb"
    for mission_id in ids:
        assert f"{mission_id}.ipynb" in names and f"{mission_id}.png" in names
        assert (out / "images" / f"{mission_id}.png").read_bytes()[:4] == b"\x89PNG"


@pytest.mark.parametrize("mission_file", MISSIONS, ids=lambda p: p.stem)
def test_a_page_holds_title_story_and_one_call_by_id_only(published, mission_file) -> None:
    out, _ = published
    mission = load(mission_file)
    page = notebook(out / f"{mission.id}.ipynb")
    text = json.dumps(page, ensure_ascii=False)
    code = [c for c in page["cells"] if c["cell_type"] == "code"]
    assert len(code) == 1
    assert "".join(code[0]["source"]).endswith(f'mission_table("{mission.id}")')
    assert mission.title in text
    assert str(mission.solution) not in text and "solution" not in text
    for room in mission.to_dict()["map"]["rooms"].values():
        if len(room.get("stack", [])) >= 2:
            assert json.dumps(room["stack"]) not in text
    meta = page["metadata"]["cipherkit"]
    assert meta["kind"] == "mission" and meta["mission"] == mission.id
    assert 1 <= meta["difficulty"]["stars"] <= 5 and 0 <= meta["win_rate"] <= 1


def test_the_registry_points_outside_the_served_folder(published, monkeypatch) -> None:
    out, _ = published
    registry = json.loads((out / REGISTRY_NAME).read_text())["missions"]
    assert set(registry) == {load(p).id for p in MISSIONS}
    assert not list(out.rglob("*.yaml"))
    monkeypatch.delenv(REGISTRY_ENV, raising=False)
    for mission_id in registry:
        path = mission_path(mission_id, here=out)
        assert path.is_file() and out not in path.parents


def test_the_env_registry_comes_first(tmp_path: Path, monkeypatch) -> None:
    other = tmp_path / "elsewhere.yaml"
    shutil.copy(MISSIONS[0], other)
    reg = tmp_path / "reg.json"
    reg.write_text(json.dumps({"format": 1, "missions": {"lantern-archive": str(other)}}))
    monkeypatch.setenv(REGISTRY_ENV, str(reg))
    assert mission_path("lantern-archive") == other


@pytest.mark.parametrize("bad", ["../x", "a/b", "", "X" * 80, "index.ipynb"])
def test_ids_are_checked(bad: str) -> None:
    with pytest.raises(CipherkitError):
        mission_path(bad)


def test_the_index_lists_every_page_including_ones_copied_in_later(published) -> None:
    out, _ = published
    write_notebook(
        out / "lesson-caesar.ipynb",
        [
            ("markdown", "# Caesar shifts\n\n![wheel](images/wheel.png)\n\nTurn the wheel."),
            ("code", "1"),
        ],
        {},
    )
    index = build_index(out)
    entries = {e.name: e for e in gallery_entries(out)}
    assert set(entries) == {p.name for p in out.glob("*.ipynb")} - {"index.ipynb"}
    lesson = entries["lesson-caesar.ipynb"]
    assert (lesson.title, lesson.summary, lesson.thumbnail) == (
        "Caesar shifts",
        "Turn the wheel.",
        "images/wheel.png",
    )
    source = "".join(notebook(index)["cells"][0]["source"])
    for name in entries:
        assert f'href="{name}"' in source
    assert all(c["cell_type"] == "markdown" for c in notebook(index)["cells"])


def test_mission_files_inside_the_served_folder_are_refused(tmp_path: Path) -> None:
    inside = tmp_path / "m.yaml"
    shutil.copy(MISSIONS[1], inside)
    with pytest.raises(CipherkitError, match="inside"):
        publish_missions([inside], out=tmp_path, games=5)
    assert not (tmp_path / "index.ipynb").exists()


def test_the_cli_publishes_and_reports_errors_on_one_line(tmp_path: Path) -> None:
    run = [sys.executable, "-m", "cipherkit.cli", "publish"]
    ok = subprocess.run(
        [*run, str(MISSIONS[1]), "--out", str(tmp_path), "--quiet"],
        capture_output=True,
        text=True,
        cwd=ROOT,
    )
    assert ok.returncode == 0, ok.stderr
    assert "signal-box.ipynb" in ok.stdout and (tmp_path / "index.ipynb").exists()
    bad = subprocess.run(
        [*run, "no/such.yaml", "--out", str(tmp_path)], capture_output=True, text=True, cwd=ROOT
    )
    assert bad.returncode == 1 and len(bad.stderr.strip().splitlines()) == 1


def test_the_committed_gallery_is_up_to_date() -> None:
    puzzles = ROOT / "puzzles"
    index = notebook(puzzles / "index.ipynb")
    assert index["metadata"]["cipherkit"]["pages"] == [e.name for e in gallery_entries(puzzles)]


def _mission_file(folder: Path, answer: str, question: str) -> Path:
    """A small mission file whose card spells ``answer``."""
    import networkx as nx
    import yaml

    from cipherkit.games.mission import MissionBuilder

    glyphs = len({ch for ch in answer if ch.isalnum()})  # one token per glyph of the card
    rooms = nx.Graph()
    rooms.add_node("pier", pos=(0, 0), entrance=True, stack_size=glyphs // 2)
    rooms.add_node("crane", pos=(1, 0), stack_size=glyphs - glyphs // 2)
    rooms.add_edge("pier", "crane")
    builder = MissionBuilder("watch", title="The Watch", question=question).seed(5)
    builder.map_from_graph(rooms).glyph_set("runes", seed=5).encipher(answer)
    mission = builder.pool(*builder.glyph_ids().values()).build()
    folder.mkdir(parents=True)
    path = folder / "watch.yaml"
    path.write_text(yaml.safe_dump(mission.to_dict(), allow_unicode=True), encoding="utf-8")
    assert load(path).solution == answer
    return path


@pytest.mark.parametrize(
    ("answer", "question"),
    [
        ("RED", "Which lantern is lit: the red one?"),  # red-team: a 3-letter answer
        ("NO 7", "Is it no. 7, by the door?"),  # words and digits, punctuation between
        ("LANTERN", "Find the lanterns."),  # a long word counts even inside another
    ],
)
def test_a_page_that_gives_the_answer_away_is_not_published(
    answer: str, question: str, tmp_path: Path
) -> None:
    source = _mission_file(tmp_path / "src", answer, question)
    out = tmp_path / "out"
    with pytest.raises(CipherkitError, match="gives the answer away"):
        publish_missions([source], out=out, games=5)
    assert not (out / "watch.ipynb").exists()


def test_a_page_whose_answer_is_only_inside_other_words_is_published(tmp_path: Path) -> None:
    source = _mission_file(tmp_path / "src", "RED", "A hundred ships: which one?")
    assert (tmp_path / "out" / "watch.ipynb") in publish_missions(
        [source], out=tmp_path / "out", games=5
    )


def test_written_pages_are_valid_notebooks_titled_for_the_browser(tmp_path: Path) -> None:
    import nbformat

    from cipherkit.publish.gallery import write_notebook

    page = write_notebook(
        tmp_path / "a.ipynb", [("markdown", "# A"), ("code", "1 + 1")], {"title": "The A"}
    )
    nb = nbformat.read(page, as_version=4)
    nbformat.validate(nb)
    assert nb.metadata.title == "The A" and nb.metadata.cipherkit.title == "The A"
    with pytest.raises(CipherkitError, match=r"b\.ipynb: not a valid notebook"):
        write_notebook(tmp_path / "b.ipynb", [("raw-ish", "x")], {})
    assert not (tmp_path / "b.ipynb").exists()
    # every committed page has the puzzle's title as the browser's title
    for path in (ROOT / "puzzles").rglob("*.ipynb"):
        meta = notebook(path)["metadata"]
        assert meta.get("title") == meta["cipherkit"]["title"], path
