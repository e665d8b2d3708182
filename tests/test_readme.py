"""The README's and the docs' examples run as written."""

from __future__ import annotations

import doctest
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_readme_python_examples_run() -> None:
    result = doctest.testfile(
        str(ROOT / "README.md"),
        module_relative=False,
        optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE,
    )
    assert result.attempted >= 3
    assert result.failed == 0


def test_docs_python_examples_run() -> None:
    pages = sorted((ROOT / "docs").glob("*.md"))
    attempted = 0
    for page in pages:
        result = doctest.testfile(
            str(page),
            module_relative=False,
            optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE,
        )
        assert result.failed == 0, page.name
        attempted += result.attempted
    assert attempted >= 5


def test_readme_names_the_two_commands_and_makefile_has_them() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    makefile = (ROOT / "Makefile").read_text(encoding="utf-8")
    assert "make play" in readme and "make test" in readme
    assert re.search(r"^play:", makefile, re.M) and re.search(r"^test:", makefile, re.M)
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    assert "make test" in ci
