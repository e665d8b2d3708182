"""The package's metadata is honest: every third-party package the code imports is
declared (a dependency, or an extra for the parts that need it), one version, a licence.
"""

from __future__ import annotations

import ast
import importlib.metadata
import re
import sys
import tomllib
from pathlib import Path

import cipherkit

ROOT = Path(__file__).resolve().parents[1]
PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
EXTRAS_FOR_IMPORTS = {"serve", "postgres", "dask"}
"""The extras a part of the package may rely on (``test`` and ``build-data`` are for
the tests and the data scripts, never imported by cipherkit)."""


def _name(requirement: str) -> str:
    """A requirement's distribution name, normalised (PEP 503)."""
    name = re.match(r"[A-Za-z0-9][A-Za-z0-9._-]*", requirement)
    assert name is not None, requirement
    return re.sub(r"[-_.]+", "-", name.group(0)).lower()


def _declared() -> tuple[set[str], set[str]]:
    project = PYPROJECT["project"]
    base = {_name(r) for r in project["dependencies"]}
    extras = {
        _name(r)
        for extra, requirements in project["optional-dependencies"].items()
        if extra in EXTRAS_FOR_IMPORTS
        for r in requirements
    }
    return base, extras


def _imported_modules() -> dict[str, set[str]]:
    """Top-level module -> the cipherkit files importing it (every import, lazy ones
    inside functions too), leaving out the standard library and cipherkit itself."""
    found: dict[str, set[str]] = {}
    for path in (ROOT / "cipherkit").rglob("*.py"):
        if "_shipped" in path.parts:
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                names = [node.module]
            else:
                continue
            for name in names:
                top = name.split(".")[0]
                if top in sys.stdlib_module_names or top in ("cipherkit", "__future__"):
                    continue
                found.setdefault(top, set()).add(str(path.relative_to(ROOT)))
    return found


def test_every_imported_package_is_declared() -> None:
    base, extras = _declared()
    distributions = importlib.metadata.packages_distributions()
    undeclared = {}
    for module, files in sorted(_imported_modules().items()):
        owners = {_name(d) for d in distributions.get(module, [])}
        assert owners, f"{module} (imported by {sorted(files)}) is not installed here"
        if not owners & (base | extras):
            undeclared[module] = sorted(files)
    assert not undeclared, f"imported but not declared in pyproject.toml: {undeclared}"


def test_the_imports_seen_include_the_lazy_ones() -> None:
    """The scan is not empty-handed: it finds imports made inside functions."""
    found = _imported_modules()
    assert {"numpy", "yaml", "networkx", "voila", "tornado", "jupyter_server"} <= set(found)
    assert "cipherkit/serve/reaper.py" in found.get("psutil", set())


def test_one_version_a_licence_and_the_supported_pythons() -> None:
    project = PYPROJECT["project"]
    assert "version" not in project and "version" in project["dynamic"]
    assert PYPROJECT["tool"]["setuptools"]["dynamic"]["version"] == {
        "attr": "cipherkit.__version__"
    }
    assert importlib.metadata.version("cipherkit") == cipherkit.__version__
    assert project["license"] == "MIT" and project["license-files"] == ["LICENSE"]
    licence = (ROOT / "LICENSE").read_text(encoding="utf-8")
    assert licence.startswith("MIT License") and "cipherkit developers" in licence
    for version in ("3.11", "3.12", "3.13"):
        assert f"Programming Language :: Python :: {version}" in project["classifiers"]
    assert {"Homepage", "Changelog", "Issues"} <= set(project["urls"])
    assert f"## [{cipherkit.__version__}]" in (ROOT / "CHANGELOG.md").read_text()
