"""Unicode: a Cyrillic mission validates, renders, plays and publishes; answers, cell
contents and typed proposals compare in composed form (NFC), so "ё" typed as "е" plus a
combining diaeresis is the same letter (docs/rules/mission.md: comparison ignores case
and the spaces and punctuation between words, nothing else)."""

from __future__ import annotations

import subprocess
import sys
import unicodedata
from pathlib import Path

import networkx as nx
import yaml

from cipherkit.core.session import Session
from cipherkit.games.mission import MissionBuilder, answers_match, load, validate_paths
from cipherkit.games.mission.rules.actions import Propose

CLI = [str(Path(sys.executable).with_name("cipherkit"))]
DECOMPOSED = unicodedata.normalize("NFD", "ЁЖИК")  # Е + U+0308, Ж, И, К


def _cyrillic_mission(folder: Path) -> Path:
    rooms = nx.Graph()
    rooms.add_node("причал", pos=(0, 0), entrance=True, stack_size=2, name="Причал")
    rooms.add_node("кран", pos=(1, 0), stack_size=2, name="Кран")
    rooms.add_edge("причал", "кран")
    builder = MissionBuilder("туман", title="Туман над рекой", question="Кто идёт?").seed(5)
    builder.map_from_graph(rooms).glyph_set("runes", seed=5)
    builder.encipher(DECOMPOSED, answer=True, names=["ё", "ж", "и", "к"])
    mission = builder.pool(*builder.glyph_ids().values()).build()
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / "туман.yaml"
    path.write_text(yaml.safe_dump(mission.to_dict(), allow_unicode=True), encoding="utf-8")
    return path


def test_encipher_keeps_a_decomposed_letter_whole(tmp_path: Path) -> None:
    mission = load(_cyrillic_mission(tmp_path))
    assert mission.answer == "ЁЖИК"  # not "ЕЖИК": the diaeresis is part of the letter
    assert [c.content for c in mission.cells] == ["Ё", "Ж", "И", "К"]
    assert mission.id == "туман"


def test_answers_typed_in_decomposed_form_match() -> None:
    assert answers_match(DECOMPOSED.lower(), "Ёжик")
    assert not answers_match("ежик", "Ёжик")  # Е is not Ё


def test_a_file_written_in_decomposed_form_reads_composed(tmp_path: Path) -> None:
    path = _cyrillic_mission(tmp_path)
    text = path.read_text(encoding="utf-8")
    path.write_text(unicodedata.normalize("NFD", text), encoding="utf-8")
    assert [p for p in validate_paths([path]) if p.is_error] == []
    assert load(path).answer == "ЁЖИК"


def test_a_cyrillic_mission_validates_renders_plays_and_publishes(tmp_path: Path) -> None:
    path = _cyrillic_mission(tmp_path / "src")
    for args in (
        ["validate", str(path)],
        ["render", str(path), "--out", str(tmp_path / "render")],
        ["publish", str(path), "--out", str(tmp_path / "gallery")],
    ):
        done = subprocess.run([*CLI, *args], capture_output=True, text=True, timeout=300)
        assert done.returncode == 0, (args, done.stderr)
    assert (tmp_path / "render").glob("*.png")
    # a mission written in Russian is a page of the gallery's Russian folder (issue 47)
    assert (tmp_path / "gallery" / "ru" / "туман.ipynb").exists()
    assert not (tmp_path / "gallery" / "туман.ipynb").exists()
    session = Session("mission", {"mission": str(path), "players": 1}, seed=3)
    while session.state.phase != "act":  # type: ignore[attr-defined]
        session.apply(0, session.legal_actions(0)[0])
    session.apply(0, Propose(DECOMPOSED.lower()))  # the answer typed decomposed
    assert session.outcome is not None and session.outcome.winners == (0,)
