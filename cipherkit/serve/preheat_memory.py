"""What the preheat judge (:mod:`cipherkit.serve.preheat`) found about each page, kept in
the gallery's ``.cipherkit/preheat.json`` (a dot-folder: never served), so a server
started again does not run a page it already knows is quick just to judge it again.

A page's verdict is its CPU-seconds, kept with a digest of the page's bytes and of what
ran it (:func:`cipherkit.serve.lesson_cache.page_digest`: cipherkit's code and data,
Python, NumPy, this computer): a changed page or a new cipherkit is judged afresh. A
folder that cannot be written to only means every start judges every page, as before.

>>> import tempfile
>>> root = Path(tempfile.mkdtemp())
>>> _ = (root / "quick.ipynb").write_text("{}")
>>> memory = PreheatMemory(root)
>>> memory.remember("quick.ipynb", 0.12)
True
>>> PreheatMemory(root).recall()
{'quick.ipynb': 0.12}
>>> _ = (root / "quick.ipynb").write_text('{"cells": []}')   # changed: judged afresh
>>> PreheatMemory(root).recall()
{}
"""

from __future__ import annotations

import contextlib
import json
import os
from pathlib import Path

from cipherkit.serve.lesson_cache import page_digest

__all__ = ["MEMORY_FILE", "PreheatMemory"]

MEMORY_FILE = Path(".cipherkit") / "preheat.json"
"""Where, in a gallery, the verdicts are kept."""


class PreheatMemory:
    """The judge's verdicts on the pages of the gallery ``root`` (module docs)."""

    def __init__(self, root: str | os.PathLike[str]) -> None:
        self.root = Path(root)
        self.file = self.root / MEMORY_FILE
        self._kept: dict[str, dict[str, object]] | None = None

    def _digest(self, name: str) -> str | None:
        try:
            return page_digest(self.root / name)
        except OSError:
            return None

    def _read(self) -> dict[str, dict[str, object]]:
        if self._kept is None:
            try:
                found = json.loads(self.file.read_text(encoding="utf-8"))
                pages = found["pages"] if isinstance(found, dict) else None
            except (OSError, ValueError, KeyError):
                pages = None
            self._kept = {
                str(name): dict(entry)
                for name, entry in (pages.items() if isinstance(pages, dict) else ())
                if isinstance(entry, dict)
            }
        return self._kept

    def recall(self) -> dict[str, float]:
        """Page (its path in the gallery) -> its CPU-seconds, for each page judged
        before whose bytes and runner are still those it was judged with."""
        found = {}
        for name, entry in self._read().items():
            cpu = entry.get("cpu")
            if isinstance(cpu, (int, float)) and entry.get("digest") == self._digest(name):
                found[name] = float(cpu)
        return found

    def remember(self, name: str, cpu: float) -> bool:
        """Keep ``name``'s verdict (the file written beside, then renamed over); return
        whether it was kept."""
        digest = self._digest(name)
        if digest is None:
            return False
        pages = self._read()
        pages[name] = {"cpu": round(cpu, 3), "digest": digest}
        partial = self.file.with_name(f".{self.file.name}.{os.getpid()}")
        try:
            self.file.parent.mkdir(parents=True, exist_ok=True)
            partial.write_text(json.dumps({"pages": pages}, indent=1, sort_keys=True))
            os.replace(partial, self.file)
        except OSError:
            with contextlib.suppress(OSError):
                partial.unlink()
            return False
        return True
