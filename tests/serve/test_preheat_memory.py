"""The preheat judge's kept verdicts (:mod:`cipherkit.serve.preheat_memory`): a page's
verdict holds only while the page and what runs it are unchanged, and a damaged or
unwritable memory never stops a server (it judges every page, as before)."""

from __future__ import annotations

from pathlib import Path

import pytest

from cipherkit.serve import lesson_cache
from cipherkit.serve.preheat_memory import MEMORY_FILE, PreheatMemory


@pytest.fixture
def root(tmp_path: Path) -> Path:
    (tmp_path / "ru").mkdir()
    (tmp_path / "a.ipynb").write_text("{}")
    (tmp_path / "ru" / "a.ipynb").write_text('{"ru": 1}')
    return tmp_path


def test_verdicts_are_kept_per_page_and_read_back(root: Path) -> None:
    memory = PreheatMemory(root)
    assert memory.recall() == {}
    assert memory.remember("a.ipynb", 0.1234) and memory.remember("ru/a.ipynb", 2.5)
    assert PreheatMemory(root).recall() == {"a.ipynb": 0.123, "ru/a.ipynb": 2.5}
    assert not memory.remember("gone.ipynb", 0.1)  # no such page: nothing kept


def test_a_new_cipherkit_or_machine_judges_afresh(
    root: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    PreheatMemory(root).remember("a.ipynb", 0.1)
    monkeypatch.setattr(lesson_cache, "fingerprint", lambda: "another cipherkit")
    assert PreheatMemory(root).recall() == {}


@pytest.mark.parametrize("damage", ["not json", "[1, 2]", '{"pages": {"a.ipynb": 3}}'])
def test_a_damaged_memory_is_forgotten_and_written_again(root: Path, damage: str) -> None:
    (root / MEMORY_FILE).parent.mkdir()
    (root / MEMORY_FILE).write_text(damage)
    assert PreheatMemory(root).recall() == {}
    assert PreheatMemory(root).remember("a.ipynb", 0.2)
    assert PreheatMemory(root).recall() == {"a.ipynb": 0.2}


def test_a_memory_that_cannot_be_written_is_no_error(root: Path) -> None:
    (root / ".cipherkit").write_text("a file where the folder would be")
    memory = PreheatMemory(root)
    assert memory.remember("a.ipynb", 0.1) is False
    assert PreheatMemory(root).recall() == {}
