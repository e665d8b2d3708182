"""The lessons' shared results (:mod:`cipherkit.serve.shared_results`) kept on disk, in
the gallery's ``.cipherkit/lesson-results/`` (a dot-folder: never served), so a server
started again has them at once instead of running each lesson page again.

A file holds what one lesson page's slower calls returned, keyed by their arguments, and
is named after the page's bytes and a fingerprint of what computed them: cipherkit's code
and data, Python's and NumPy's versions and this computer (the timing tables are "timed
on this computer"). A change to any of these names another file, so a stale one is never
read; older files of the same page are removed when a new one is written. A folder that
cannot be written (a read-only gallery) only means the pages run at each start, as before.

>>> import tempfile
>>> gallery = Path(tempfile.mkdtemp())
>>> page = gallery / "lesson.ipynb"
>>> _ = page.write_text("{}")
>>> cache = LessonCache(gallery)
>>> cache.read(page) is None
True
>>> cache.write(page, {("f", (("x", 1),)): 2})
True
>>> cache.read(page)
{('f', (('x', 1),)): 2}
"""

from __future__ import annotations

import contextlib
import functools
import hashlib
import os
import pickle
import platform
import sys
from collections.abc import Hashable
from pathlib import Path
from typing import Any

__all__ = ["FOLDER", "LessonCache", "fingerprint", "page_digest"]

FOLDER = Path(".cipherkit") / "lesson-results"
"""Where, in a gallery, the kept results are."""


@functools.cache
def fingerprint() -> str:
    """A digest of what a lesson's results depend on besides its page: every file of the
    installed cipherkit package (code and data), the versions of Python and NumPy, and
    this computer's name and architecture.

    >>> len(fingerprint()) == 32 and fingerprint() == fingerprint()
    True
    """
    import numpy

    digest = hashlib.blake2b(digest_size=16)
    for part in (sys.version, numpy.__version__, platform.node(), platform.machine()):
        digest.update(part.encode() + b"\0")
    package = Path(__file__).resolve().parents[1]
    for folder, dirs, files in os.walk(package):
        dirs[:] = sorted(d for d in dirs if d != "__pycache__")
        for name in sorted(files):
            if name.endswith((".pyc", ".mo")):
                continue  # compiled from files hashed here
            path = Path(folder) / name
            digest.update(path.relative_to(package).as_posix().encode() + b"\0")
            with contextlib.suppress(OSError):
                digest.update(path.read_bytes())
    return digest.hexdigest()


def page_digest(page: Path) -> str:
    """A digest of the page at ``page`` as it is now and of what runs it
    (:func:`fingerprint`); ``OSError`` if it cannot be read.

    >>> import tempfile
    >>> page = Path(tempfile.mkdtemp()) / "p.ipynb"
    >>> _ = page.write_text("{}")
    >>> len(page_digest(page))
    32
    """
    digest = hashlib.blake2b(fingerprint().encode(), digest_size=16)
    digest.update(page.read_bytes())
    return digest.hexdigest()


class LessonCache:
    """The kept results of the lesson pages of the gallery ``gallery`` (module docs)."""

    def __init__(self, gallery: str | os.PathLike[str]) -> None:
        self.gallery = Path(gallery)
        self.folder = self.gallery / FOLDER

    def _name(self, page: Path) -> str:
        """The page's path in the gallery, as one file name (``lessons+02-x``)."""
        try:
            return page.relative_to(self.gallery).with_suffix("").as_posix().replace("/", "+")
        except ValueError:
            return page.stem

    def path(self, page: Path) -> Path:
        """The file that holds (or would hold) the results of ``page`` as it is now."""
        return self.folder / f"{self._name(page)}@{page_digest(page)}.pickle"

    def read(self, page: Path) -> dict[Hashable, Any] | None:
        """The results kept for ``page`` as it is now, or ``None`` (none, or unreadable)."""
        try:
            with self.path(page).open("rb") as file:
                found = pickle.load(file)
        except Exception:  # no file, or a damaged one: the page runs again
            return None
        return found if isinstance(found, dict) else None

    def write(self, page: Path, results: dict[Hashable, Any]) -> bool:
        """Keep ``results`` for ``page`` (written beside, then renamed over: a server
        reading at the same time never reads half a file) and remove the page's older
        files; return whether it was kept."""
        try:
            target = self.path(page)
            self.folder.mkdir(parents=True, exist_ok=True)
            partial = target.with_name(f".{target.name}.{os.getpid()}")
            partial.write_bytes(pickle.dumps(results))
            os.replace(partial, target)
        except Exception:  # a read-only gallery, a full disk, a result that cannot pickle
            return False
        name = self._name(page)
        for old in self.folder.glob("*@*.pickle"):
            if old != target and old.name.split("@")[0] == name:
                with contextlib.suppress(OSError):
                    old.unlink()
        return True
