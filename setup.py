"""Build step: the wheel carries the shipped campaign and gallery as package data.

All metadata lives in ``pyproject.toml``. This file only extends ``build_py`` so that a
built wheel holds ``missions/`` and ``puzzles/`` (the files listed in ``SHIPPED``) under
``cipherkit/_shipped/``, where :mod:`cipherkit.core.resources` finds them with
``importlib.resources``. An editable install copies nothing: the checkout's folders are
used where they are. Both compile the gettext catalogs (``scripts/catalogs.py compile``:
``.po`` in the repo, ``.mo`` built, never committed).
"""

from __future__ import annotations

import shutil
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

HERE = Path(__file__).resolve().parent
SHIPPED = {
    "missions": ["*.yaml", "ru/*.yaml"],
    "puzzles": [
        "*.ipynb",
        "README.md",
        "images/*",
        "lessons/*.ipynb",
        "lessons/images/*",
        "ru/*.ipynb",  # the gallery's Russian twins (cipherkit.publish.languages)
        "ru/lessons/*.ipynb",
        ".cipherkit/published.json",
    ],
}
"""Each shipped folder and the files of it a wheel carries (never a rooms database,
a checkpoint or a lesson's conftest.py)."""


def shipped_files() -> list[tuple[Path, str]]:
    """``(source file, path inside the package)`` for every shipped file."""
    out = []
    for folder, patterns in SHIPPED.items():
        for pattern in patterns:
            for source in sorted((HERE / folder).glob(pattern)):
                if source.is_file():
                    out.append((source, f"_shipped/{folder}/{source.relative_to(HERE / folder)}"))
    return out


def compile_catalogs() -> None:
    """Build every ``.mo`` from its ``.po`` (Babel, a build requirement) beside it."""
    import importlib.util

    spec = importlib.util.spec_from_file_location("catalogs", HERE / "scripts" / "catalogs.py")
    if spec is None or spec.loader is None:
        raise SystemExit("cipherkit build: scripts/catalogs.py is missing")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    module.compile_all(quiet=True)


class BuildWithShipped(build_py):
    """``build_py`` that also copies the shipped folders into the built package."""

    def run(self) -> None:
        compile_catalogs()
        super().run()
        if getattr(self, "editable_mode", False):
            return
        files = shipped_files()
        if not any(inside.startswith("_shipped/missions/") for _, inside in files):
            raise SystemExit("cipherkit build: no missions/*.yaml beside setup.py")
        package = Path(self.build_lib) / "cipherkit"
        for source, inside in files:
            target = package / inside
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(source, target)


setup(cmdclass={"build_py": BuildWithShipped})
