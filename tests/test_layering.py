"""The import layering (``[tool.importlinter]`` in pyproject.toml) holds, and breaks.

``lint-imports`` runs on a copy of the package's source in a temporary folder, with
that folder first on the path, so that the copy (not the editable install) is what is
analysed: the untouched copy passes, and a copy with one planted import fails naming it.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
LINT_IMPORTS = shutil.which("lint-imports", path=str(Path(sys.executable).parent))
CONTRACTS = len(
    tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["importlinter"]["contracts"]
)


def _python_sources(folder: str, names: list[str]) -> set[str]:
    """What copytree leaves out: everything but folders and Python files."""
    return {
        n
        for n in names
        if n == "__pycache__" or (not n.endswith(".py") and not Path(folder, n).is_dir())
    }


@pytest.fixture
def copy(tmp_path: Path) -> Path:
    """The package's Python source and pyproject.toml (the contracts) in ``tmp_path``."""
    shutil.copytree(ROOT / "cipherkit", tmp_path / "cipherkit", ignore=_python_sources)
    shutil.copy(ROOT / "pyproject.toml", tmp_path / "pyproject.toml")
    return tmp_path


def _run(args: list[str], folder: Path) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(folder)}
    return subprocess.run(args, cwd=folder, env=env, capture_output=True, text=True, timeout=120)


def lint(folder: Path) -> subprocess.CompletedProcess[str]:
    assert LINT_IMPORTS is not None, "lint-imports is missing: pip install -e '.[test]'"
    return _run([LINT_IMPORTS, "--no-cache", "--no-logo"], folder)


def plant(folder: Path, module: str, line: str) -> None:
    path = folder / module.replace(".", "/")
    path = path / "__init__.py" if path.is_dir() else path.with_suffix(".py")
    assert path.is_file(), path
    with path.open("a", encoding="utf-8") as f:
        f.write(f"\n{line}  # planted by tests/test_layering.py\n")


def test_the_copy_is_what_gets_analysed(copy: Path) -> None:
    done = _run([sys.executable, "-c", "import cipherkit; print(cipherkit.__file__)"], copy)
    assert done.returncode == 0, done.stderr
    assert Path(done.stdout.strip()).resolve().is_relative_to(copy.resolve())


def test_the_untouched_copy_keeps_every_contract(copy: Path) -> None:
    done = lint(copy)
    assert done.returncode == 0, done.stdout + done.stderr
    assert f"{CONTRACTS} kept, 0 broken" in done.stdout


LAYERS = "Layers:"
GAMES = "No game imports another game"
NOTEBOOK = "core and the games import no notebook or widget library"
MISSION_RULES = "The mission rules import no drawing, planner or presentation"
MISSION_VALUE = "The mission value imports neither its file format nor the rules"
WEB_SERVER = "Only the server package imports the web server"


@pytest.mark.parametrize(
    ("module", "line", "broken", "named"),
    [
        # through widgets, core would reach traitlets and every game (the mission package's
        # __init__ imports its present module, so the mission rules would reach it too,
        # and the mission value its file format)
        (
            "cipherkit.core.rng",
            "import cipherkit.widgets",
            (LAYERS, GAMES, NOTEBOOK, MISSION_RULES, MISSION_VALUE),
            "cipherkit.core.rng -> cipherkit.widgets",
        ),
        (
            "cipherkit.glyphs.theme",
            "from cipherkit.games.mission.content import tokens",
            (LAYERS,),
            "cipherkit.glyphs.theme -> cipherkit.games.mission",
        ),
        (
            "cipherkit.games.decipher.cards",
            "from cipherkit.games.mission.content.tokens import TRAPS",
            (GAMES,),
            "cipherkit.games.decipher.cards -> cipherkit.games.mission.content.tokens",
        ),
        (
            "cipherkit.games.intercept.words",
            "import ipywidgets",
            (NOTEBOOK,),
            "cipherkit.games.intercept.words -> ipywidgets",
        ),
        (
            "cipherkit.games.mission.rules.legality",
            "from cipherkit.games.mission.planner import make_planner",
            (MISSION_RULES,),
            "cipherkit.games.mission.rules.legality -> cipherkit.games.mission.planner",
        ),
        (
            "cipherkit.games.mission.content.deck",
            "import cipherkit.games.mission.format",
            (MISSION_VALUE,),
            "cipherkit.games.mission.content.deck -> cipherkit.games.mission.format",
        ),
        (
            "cipherkit.publish.gallery",
            "import tornado.web",
            (WEB_SERVER,),
            "cipherkit.publish.gallery -> tornado",
        ),
        (
            "cipherkit.widgets.guard",
            "from jupyter_client import KernelManager",
            (WEB_SERVER,),
            "cipherkit.widgets.guard -> jupyter_client",
        ),
        (
            "cipherkit.rooms.errors",
            "import jupyter_server.utils",
            (WEB_SERVER,),
            "cipherkit.rooms.errors -> jupyter_server",
        ),
        # publish sits under the server: importing it breaks the layers, and reaches
        # the web server through it
        (
            "cipherkit.publish.nav",
            "from cipherkit.serve.errors import plain",
            (LAYERS, WEB_SERVER),
            "cipherkit.publish.nav -> cipherkit.serve.errors",
        ),
        (
            "cipherkit.core.rng",
            "import voila.app",
            (NOTEBOOK, WEB_SERVER),
            "cipherkit.core.rng -> voila",
        ),
    ],
    ids=[
        "core-imports-widgets",
        "glyphs-imports-a-game",
        "game-imports-game",
        "game-ipywidgets",
        "mission-rules-import-the-planner",
        "mission-value-imports-its-parser",
        "publish-tornado",
        "widgets-jupyter-client",
        "rooms-jupyter-server",
        "publish-imports-serve",
        "core-voila",
    ],
)
def test_a_planted_import_breaks_its_contract(
    copy: Path, module: str, line: str, broken: tuple[str, ...], named: str
) -> None:
    plant(copy, module, line)
    done = lint(copy)
    assert done.returncode == 1, done.stdout + done.stderr
    assert f"{CONTRACTS - len(broken)} kept, {len(broken)} broken" in done.stdout
    report = done.stdout.split("Broken contracts", 1)[1]
    for contract in broken:
        assert contract in report
    assert named in report


def test_rooms_is_an_optional_layer_between_playtest_and_widgets(copy: Path) -> None:
    rooms = copy / "cipherkit" / "rooms"
    shutil.rmtree(rooms, ignore_errors=True)  # absent, the contract still holds
    done = lint(copy)
    assert done.returncode == 0, done.stdout + done.stderr
    rooms.mkdir()
    (rooms / "__init__.py").write_text("import cipherkit.playtest.runner\n")
    plant(copy, "cipherkit.widgets.guard", "import cipherkit.rooms")
    done = lint(copy)
    assert done.returncode == 0, done.stdout + done.stderr
    plant(copy, "cipherkit.rooms", "import cipherkit.widgets")
    done = lint(copy)
    assert done.returncode == 1, done.stdout + done.stderr
    assert "cipherkit.rooms is not allowed to import cipherkit.widgets" in done.stdout
