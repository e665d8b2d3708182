"""An mkdocs hook: each API page lists every public module of its package.

A page under ``docs/api/`` names its package once, with the line
``<!-- submodules: cipherkit.rooms -->``; this hook puts a ``::: module`` block (what
mkdocstrings renders) in its place for every public module found under the package's
folder, in dotted-name order, so a new module is on the site without editing the page.
A module whose dotted name has a part starting with ``_`` is private and left out.
mkdocs.yml loads it with ``hooks: [docs/api/hooks.py]``.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
MARKER = re.compile(r"^<!-- submodules: (?P<package>[\w.]+) -->$", re.M)


def submodules(package: str) -> list[str]:
    """The dotted names of the public modules and subpackages inside ``package``."""
    folder = ROOT.joinpath(*package.split("."))
    names = []
    for path in folder.rglob("*.py"):
        parts = list(path.relative_to(ROOT).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts = parts[:-1]
        if parts == package.split(".") or any(part.startswith("_") for part in parts):
            continue
        names.append(".".join(parts))
    return sorted(names)


def on_page_markdown(markdown: str, **kwargs: Any) -> str:
    """Replace each submodules marker with one ``::: module`` block per module."""

    def blocks(match: re.Match[str]) -> str:
        return "\n\n".join(f"::: {name}" for name in submodules(match["package"]))

    return MARKER.sub(blocks, markdown)
