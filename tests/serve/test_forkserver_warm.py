"""What the kernel template does once for every page (:mod:`cipherkit.serve.forkserver`):
each published mission's table is built and its bots' answer fits are worked out, so a
page's first bot move does not work them out again in every kernel."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from cipherkit.games.mission import answers
from cipherkit.publish.live import mission_table
from cipherkit.serve import forkserver

GALLERY = Path(__file__).resolve().parents[2] / "puzzles"


def test_the_template_builds_every_page_and_prepares_the_mission_bots(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.chdir(GALLERY)
    monkeypatch.delenv("CIPHERKIT_PUBLISHED", raising=False)
    words = answers.shipped_words()
    monkeypatch.setattr(words, "_pools", {})  # as in a template that has built nothing yet
    built = forkserver.warm_pages(os.fspath(GALLERY))
    pages = [*GALLERY.glob("*.ipynb"), *GALLERY.glob("ru/*.ipynb")]  # the Russian ones too
    missions = [p for p in pages if "mission_table(" in p.read_text()]
    assert built == 2 + len(missions)  # Decipher, Intercept and each mission page
    assert words._pools  # the fits of the missions' answer words

    fitted: list[tuple[int, ...]] = []
    real_fit = answers.WordList._fit

    def fit(
        self: answers.WordList, signature: tuple[int, ...], max_group: int
    ) -> list[tuple[str, ...]]:
        fitted.append(signature)
        return real_fit(self, signature, max_group)

    monkeypatch.setattr(answers.WordList, "_fit", fit)
    for seed in range(6):  # games dealt afresh, as page kernels deal them
        mission_table("harbour-clock", seed=seed).close()
        mission_table("signal-box", seed=seed).close()
    assert fitted == []


def test_the_template_warms_every_registered_game_by_its_own_hook() -> None:
    import json
    import subprocess
    import sys
    from importlib.metadata import entry_points

    from cipherkit.core.registry import game_names

    # in a process of its own, as the template does (it imports ipykernel's comm manager)
    code = (
        "import json; from cipherkit.serve import forkserver; "
        "print(json.dumps([forkserver.warm(), forkserver.warm_data(())]))"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=300, check=True
    )
    imported, loaded = json.loads(done.stdout.splitlines()[-1])
    assert {f"game {name}" for name in game_names()} <= set(imported)
    assert "cipherkit.widgets.lobby" in imported and "cipherkit.publish.live" in imported
    hooks = {entry.name for entry in entry_points(group=forkserver.WARM_GROUP)}
    assert hooks <= set(game_names())
    for name in hooks:  # each game's hook loaded that game's own data
        assert any(item.startswith(f"cipherkit.games.{name}.") for item in loaded), name


def test_a_tables_bot_prepares_for_the_tables_own_game() -> None:
    from cipherkit.publish.live import PAGE_PLAYERS
    from cipherkit.publish.registry import mission_path
    from cipherkit.widgets.mission.table import MissionTable

    table = MissionTable(mission_path("signal-box"), **PAGE_PLAYERS)
    try:
        assert forkserver.prepare_bots(table)
    finally:
        table.close()
