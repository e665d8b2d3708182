"""The documentation site builds with ``mkdocs build --strict`` and holds what it should.

The build is the real one (``mkdocs.yml``, Material, mkdocstrings reading the package's
docstrings) into a temporary folder; strict mode turns every warning (a broken link or
anchor, a page left out of the navigation, a docstring the reference cannot read) into
a failure. See ``docs/site.md``.
"""

from __future__ import annotations

import html
import os
import pkgutil
import re
import subprocess
import sys
from pathlib import Path

import pytest

import cipherkit

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"

pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("site")
    result = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "--site-dir", str(out)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        env={**os.environ, "NO_MKDOCS_2_WARNING": "1"},
        timeout=600,
    )
    assert result.returncode == 0, result.stderr[-4000:]
    assert "WARNING" not in result.stderr, result.stderr[-4000:]
    return out


def page_text(path: Path) -> str:
    """A built page's text: tags dropped, entities read, whitespace runs made one space."""
    text = re.sub(r"<[^>]+>", "", path.read_text(encoding="utf-8"))
    return re.sub(r"\s+", " ", html.unescape(text))


def test_every_docs_page_is_built(site: Path) -> None:
    for page in sorted(DOCS.rglob("*.md")):
        rel = page.relative_to(DOCS).with_suffix("")
        if rel.name in ("index", "README"):
            built = site / rel.parent / "index.html"
        else:
            built = site / rel / "index.html"
        assert built.is_file(), f"{page} was not built into {built}"


@pytest.mark.parametrize(
    ("page", "anchor"),
    [
        ("widgets", "cipherkit.widgets.mission.table.MissionTable"),
        ("core", "cipherkit.core.session.Session"),
        ("core", "cipherkit.core.session.Session.apply"),
        ("rooms", "cipherkit.rooms.store.Store"),
        ("ciphers", "cipherkit.ciphers.classical.keyword_alphabet"),
        ("mission", "cipherkit.games.mission.format.files.load"),
        ("decipher", "cipherkit.games.decipher.rules.new_game"),
        ("intercept", "cipherkit.games.intercept.rules.new_game"),
    ],
)
def test_api_pages_document_known_symbols(site: Path, page: str, anchor: str) -> None:
    built = (site / "api" / page / "index.html").read_text(encoding="utf-8")
    assert f'id="{anchor}"' in built


def test_docstring_roles_become_links_and_doctests_code(site: Path) -> None:
    built = (site / "api" / "core" / "index.html").read_text(encoding="utf-8")
    # session.py's docstring says :meth:`Session.apply` and :class:`~...IllegalAction`.
    assert 'href="#cipherkit.core.session.Session.apply"' in built
    assert 'href="#cipherkit.core.errors.IllegalAction"' in built
    for page in (site / "api").rglob("index.html"):
        text = page.read_text(encoding="utf-8")
        assert ":class:`" not in text and ":meth:`" not in text and ":func:`" not in text, page
        assert not re.search(r"={4,} +={4,}", page_text(page)), page  # a reST table's rules


def test_docstring_tables_become_tables(site: Path) -> None:
    built = (site / "api" / "mission" / "index.html").read_text(encoding="utf-8")
    # cipherkit.games.mission.rules.actions documents its notation in a reST simple table.
    assert "<th>notation</th>" in built
    assert "<td><code>play 7 run</code></td>" in built


def test_docs_pages_runnable_examples_are_in_the_site(site: Path) -> None:
    """Every ``>>>`` line of a docs page (they run as doctests) is on its built page."""
    checked = 0
    for page in sorted(DOCS.rglob("*.md")):
        statements = [
            line.strip()[4:].strip()
            for line in page.read_text(encoding="utf-8").splitlines()
            if line.strip().startswith(">>> ")
        ]
        if not statements:
            continue
        rel = page.relative_to(DOCS).with_suffix("")
        built = site / (rel.parent if rel.name in ("index", "README") else rel) / "index.html"
        text = page_text(built)
        for statement in statements:
            assert re.sub(r"\s+", " ", statement) in text, f"{page.name}: {statement}"
            checked += 1
    assert checked >= 50


def test_front_page_gives_the_readme_two_commands(site: Path) -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    front = (DOCS / "index.md").read_text(encoding="utf-8")
    commands = [line for line in readme.splitlines() if re.match(r"make (play|test) ", line)]
    assert len(commands) == 2
    for line in commands:
        assert line in front
    assert "make play" in page_text(site / "index.html")


def test_every_public_module_is_in_the_api_reference(site: Path) -> None:
    """docs/api/hooks.py puts every public module on its package's page."""
    built = "".join(p.read_text(encoding="utf-8") for p in (site / "api").rglob("*.html"))
    modules = ["cipherkit"] + [
        info.name
        for info in pkgutil.walk_packages(cipherkit.__path__, "cipherkit.")
        if not any(part.startswith("_") for part in info.name.split("."))
    ]
    missing = [name for name in modules if f'id="{name}"' not in built]
    assert len(modules) > 100
    assert not missing, f"not in the API reference: {missing}"


def test_examples_page_commands_are_the_readme_tours_and_names_every_notebook() -> None:
    """docs/examples.md's commands are run by tests/test_readme_tour.py (they are the
    README's tour, as written), and the page lists every notebook under notebooks/."""
    page = (DOCS / "examples.md").read_text(encoding="utf-8")
    tour = (ROOT / "README.md").read_text(encoding="utf-8").split("## A short tour", 1)[1]
    tour = tour.split("\n## ", 1)[0]
    commands = [
        line.strip()
        for block in re.findall(r"```bash\n(.*?)```", page, re.S)
        for line in block.splitlines()
        if line.strip()
    ]
    assert len(commands) >= 8
    for command in commands:
        assert command in tour, f"not a README tour command: {command}"
    for notebook in sorted((ROOT / "notebooks").rglob("*.ipynb")):
        if ".ipynb_checkpoints" in notebook.parts:
            continue
        assert f"`{notebook.relative_to(ROOT).as_posix()}`" in page, notebook
