"""A new user's path, from the built wheel: install it into a fresh virtual environment
and, in an empty folder, serve the shipped gallery, print a shipped mission, playtest
it, publish a mission of one's own and serve that gallery (issue #23).

The wheel is built from a copy of the source (``pip wheel --no-deps``, with build
isolation: pip fetches setuptools itself) and installed with ``--no-deps``. So that the
test takes a minute or two instead of downloading the whole Jupyter stack, the fresh
environment borrows the third-party packages already installed beside this test: a
``.pth`` line points at a folder of links to them, leaving out every trace of the
editable cipherkit of the checkout (its finder, ``.pth`` and ``dist-info``). The test
checks that the cipherkit it runs is the wheel's, that ``pip check`` finds the wheel's
declared requirements met, and it runs every command with the checkout nowhere on its
path and the working folder empty.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import sysconfig
import zipfile
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from tests.servers import ServerProcesses, free_port

pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parents[1]
SOURCE = ["pyproject.toml", "setup.py", "MANIFEST.in", "README.md", "LICENSE", "CHANGELOG.md"]
SOURCE_DIRS = ["cipherkit", "missions", "puzzles"]
BUILD_SCRIPTS = ["catalogs.py", "lesson_catalogs.py"]
"""What setup.py runs to compile the catalogs (scripts/), copied with the source."""
LEFT_OUT = ("cipherkit", "__editable__", "_cipherkit")
"""Names in this environment's site-packages the fresh environment must not see."""
WHEEL_MB = 40
"""The wheel's size cap: cipherkit/data (word vectors and word-model tables, 27 MB) is
most of it."""


@dataclass
class Venv:
    python: Path
    bin: Path
    site: Path
    env: dict[str, str]

    def run(self, *args: str, cwd: Path, timeout: float = 300) -> subprocess.CompletedProcess:
        return subprocess.run(
            [str(a) for a in args],
            cwd=cwd,
            env=self.env,
            capture_output=True,
            text=True,
            timeout=timeout,
        )


def _copy_source(target: Path) -> Path:
    ignore = shutil.ignore_patterns(
        "__pycache__", "*.pyc", ".ipynb_checkpoints", "*.db", "*.db-*", "build", "*.egg-info"
    )
    for name in SOURCE:
        shutil.copy2(ROOT / name, target / name)
    for name in SOURCE_DIRS:
        shutil.copytree(ROOT / name, target / name, ignore=ignore)
    (target / "scripts").mkdir()
    for name in BUILD_SCRIPTS:
        shutil.copy2(ROOT / "scripts" / name, target / "scripts" / name)
    for built in (target / "cipherkit" / "locale").rglob("*.mo"):
        built.unlink()  # the build compiles them from the .po files
    return target


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    work = tmp_path_factory.mktemp("wheel")
    (work / "src").mkdir()
    source = _copy_source(work / "src")
    command = [sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w", "dist"]
    done = subprocess.run(
        [*command, f"./{source.name}"],
        cwd=work,
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    (built,) = (work / "dist").glob("cipherkit-*.whl")
    return built


@pytest.fixture(scope="module")
def venv(wheel: Path, tmp_path_factory: pytest.TempPathFactory) -> Venv:
    work = tmp_path_factory.mktemp("venv")
    home = work / "venv"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(home)], check=True)
    python = home / "bin" / "python"
    site = Path(
        subprocess.run(
            [str(python), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
            capture_output=True,
            text=True,
            check=True,
        ).stdout.strip()
    )
    # The borrowed third-party packages: links to this environment's, without cipherkit.
    deps = work / "deps"
    deps.mkdir()
    here = Path(sysconfig.get_paths()["purelib"])
    for entry in here.iterdir():
        if entry.name.startswith(LEFT_OUT) or entry.suffix == ".pth":
            continue
        (deps / entry.name).symlink_to(entry)
    (site / "borrowed-deps.pth").write_text(f"{deps}\n", encoding="utf-8")
    # Jupyter's data files (Voila's and nbconvert's templates) live under the prefix.
    (home / "share").mkdir(exist_ok=True)
    (home / "share" / "jupyter").symlink_to(Path(sys.prefix) / "share" / "jupyter")
    env = {
        k: v
        for k, v in os.environ.items()
        if not k.startswith(("PYTHON", "CIPHERKIT_", "JUPYTER", "VIRTUAL_ENV", "COVERAGE"))
    }
    env["PATH"] = f"{home / 'bin'}{os.pathsep}{env.get('PATH', '')}"
    env["HOME"] = str(work / "home")
    env["XDG_DATA_HOME"] = str(work / "home" / "data")
    (work / "home").mkdir()
    pip = [sys.executable, "-m", "pip", "--python", str(python)]
    installed = subprocess.run(
        [*pip, "install", "--no-deps", "--no-index", "-q", str(wheel)],
        capture_output=True,
        text=True,
        env=env,
    )
    assert installed.returncode == 0, installed.stdout + installed.stderr
    return Venv(python, home / "bin", site, env)


@pytest.fixture
def empty(tmp_path: Path) -> Path:
    folder = tmp_path / "empty"
    folder.mkdir()
    return folder


def test_the_wheel_carries_the_campaign_the_gallery_and_the_licence(wheel: Path) -> None:
    names = zipfile.ZipFile(wheel).namelist()
    assert "cipherkit/_shipped/missions/02-signal-box.yaml" in names
    assert "cipherkit/_shipped/puzzles/index.ipynb" in names
    assert "cipherkit/_shipped/puzzles/signal-box.ipynb" in names
    assert "cipherkit/_shipped/puzzles/.cipherkit/published.json" in names
    assert "cipherkit/_shipped/puzzles/lessons/01-caesar-and-brute-force.ipynb" in names
    assert any(n.endswith(".dist-info/licenses/LICENSE") for n in names)
    assert "cipherkit/data/NOTICE" in names
    # the lessons' worksheet specs (cipherkit worksheet): issue 48
    assert "cipherkit/data/worksheets/01-caesar-and-brute-force.yaml" in names
    # the compiled catalogs (built from the .po files, never committed): issue 47
    for domain in ("cipherkit", "lessons"):
        assert f"cipherkit/locale/ru/LC_MESSAGES/{domain}.mo" in names
    # the server's configuration and page templates, and the teacher page's picture
    assert "cipherkit/serve/voila.json" in names
    for template in (
        "cipherkit/index.html.j2",
        "cipherkit/static/light.js",
        "cipherkit-full/conf.json",
    ):
        assert f"cipherkit/serve/share/voila/templates/{template}" in names
    assert "cipherkit/publish/teacher.svg" in names
    # each game's table folder carries its front end, beside the shared one
    for game in ("decipher", "intercept", "mission", "generic"):
        for own in ("table.py", "view.py", "table.js", "table.bundle.js", "table.css"):
            assert f"cipherkit/widgets/{game}/{own}" in names
    assert "cipherkit/widgets/table_common.js" in names
    assert "cipherkit/widgets/lobby.bundle.js" in names
    (entry_points,) = [n for n in names if n.endswith(".dist-info/entry_points.txt")]
    text = zipfile.ZipFile(wheel).read(entry_points).decode()
    assert "cipherkit-fork = cipherkit.serve.forkprov:ForkProvisioner" in text
    assert "[cipherkit.warm]" in text
    assert "decipher = cipherkit.widgets.decipher.table:DecipherTable" in text
    assert not [n for n in names if n.endswith((".db", "conftest.py")) or "__pycache__" in n]
    size = wheel.stat().st_size
    print(f"\nwheel: {wheel.name}, {size / 1e6:.1f} MB, {len(names)} files")
    assert size < WHEEL_MB * 1e6


def test_the_installed_cipherkit_is_the_wheels_and_its_requirements_are_met(
    venv: Venv, empty: Path
) -> None:
    code = (
        "import cipherkit, importlib.metadata as m; "
        "from cipherkit.core.resources import shipped_path; "
        "from cipherkit.i18n import _, speaking; "
        "print(cipherkit.__file__); print(shipped_path('puzzles')); "
        "print(m.version('cipherkit') == cipherkit.__version__); "
        "s = speaking('ru'); s.__enter__(); print(_('Play together').replace(' ', '_'))"
    )
    done = venv.run(venv.python, "-c", code, cwd=empty)
    assert done.returncode == 0, done.stderr
    module, puzzles, same, russian = done.stdout.split()
    assert russian == "Играть_вместе"  # the wheel's compiled catalog
    assert Path(module).is_relative_to(venv.site)
    assert Path(puzzles) == venv.site / "cipherkit" / "_shipped" / "puzzles"
    assert same == "True"
    check = venv.run(sys.executable, "-m", "pip", "--python", venv.python, "check", cwd=empty)
    assert check.returncode == 0, check.stdout + check.stderr


def test_render_and_playtest_a_shipped_mission_by_its_id(venv: Venv, empty: Path) -> None:
    done = venv.run("cipherkit", "render", "signal-box", "--pdf", "out.pdf", "--quiet", cwd=empty)
    assert done.returncode == 0, done.stderr
    data = (empty / "out.pdf").read_bytes()
    assert data.startswith(b"%PDF-") and len(data) < 1_000_000
    done = venv.run(
        "cipherkit", "playtest", "signal-box", "--games", "20", "--workers", "1", "--json",
        cwd=empty,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    result = json.loads(done.stdout)
    assert result["mission"] == "signal-box" and result["games"] == 20
    assert sorted(p.name for p in empty.iterdir()) == ["out.pdf"]


@pytest.fixture
def serve(venv: Venv, server_processes: ServerProcesses) -> Iterator:
    """``serve(folder, *args)``: ``cipherkit serve *args`` run in ``folder``; the base URL."""

    def start(folder: Path, *args: str) -> str:
        port = free_port()
        base = f"http://127.0.0.1:{port}"
        server_processes.start(
            ["cipherkit", "serve", *args, "--port", str(port)],
            url=base + "/",
            log=folder.parent / f"serve-{port}.log",
            cwd=folder,
            env=venv.env,
            timeout=120,
        )
        return base

    yield start


def _get(url: str) -> str:
    import urllib.request

    with urllib.request.urlopen(url, timeout=180) as response:
        assert response.status == 200
        return response.read().decode("utf-8", errors="replace")


def _a_working_mission_page(html: str, title: str) -> None:
    assert title in html
    assert "application/vnd.jupyter.widget-view+json" in html  # the table was made
    # a cell that raised: Voila's notice (tracebacks are hidden), or the error itself
    failures = ("There was an error when executing", "Traceback", "CipherkitError")
    for failure in (*failures, "no published mission", "application/vnd.jupyter.stderr"):
        assert failure not in html, failure


def test_serve_in_an_empty_folder_serves_the_shipped_gallery(
    venv: Venv, empty: Path, serve
) -> None:
    base = serve(empty)
    index = _get(base + "/")
    for title in ("Night at the Signal Box", "The Last Light"):
        assert title in index
    _a_working_mission_page(
        _get(base + "/voila/render/signal-box.ipynb"), "Night at the Signal Box"
    )
    assert sorted(p.name for p in empty.iterdir()) == []
    # Served from the user's copy, and the rooms' store is the user's one store (what
    # cipherkit rooms and class export read too): nothing is written into the package.
    data = Path(venv.env["XDG_DATA_HOME"]) / "cipherkit"
    assert (data / "gallery" / "signal-box.ipynb").is_file() and (data / "rooms.db").is_file()
    packaged = venv.site / "cipherkit" / "_shipped" / "puzzles"
    assert sorted(p.name for p in (packaged / ".cipherkit").iterdir()) == ["published.json"]


def test_publish_my_mission_then_serve_it_even_after_moving_the_folder(
    venv: Venv, empty: Path, serve, tmp_path: Path
) -> None:
    text = (ROOT / "missions" / "01-lantern-archive.yaml").read_text(encoding="utf-8")
    assert "id: lantern-archive" in text
    text = text.replace("id: lantern-archive", "id: my-mission", 1)
    (empty / "my.yaml").write_text(text, encoding="utf-8")
    done = venv.run("cipherkit", "publish", "my.yaml", "--out", "g/", "--quiet", cwd=empty)
    assert done.returncode == 0, done.stderr
    registry = json.loads((empty / "g" / ".cipherkit" / "published.json").read_text())
    assert registry["missions"] == {"my-mission": "../my.yaml"}
    # The gallery and its mission, moved together to another place, still serve.
    moved = tmp_path / "elsewhere" / "class"
    shutil.copytree(empty, moved)
    shutil.rmtree(empty / "g")
    base = serve(moved, "g/")
    assert "my-mission.ipynb" in _get(base + "/")
    title = text.split("title:", 1)[1].splitlines()[0].strip().strip("\"'")
    _a_working_mission_page(_get(base + "/voila/render/my-mission.ipynb"), title)
