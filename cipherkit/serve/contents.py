"""The gallery's files as the server sees them: nothing reached through a symbolic link
that leads outside the gallery folder.

Voila's contents manager (what the tree, the contents API and the page renderer read)
follows symbolic links wherever they point, so a link in the gallery to a notebook
elsewhere was listed, its source served and the notebook rendered and run.
:class:`GalleryContentsManager` answers such a path with a 404 and leaves it out of
listings; :func:`inside` is the same check for the file and page handlers.
"""

from __future__ import annotations

import os
from typing import Any

from jupyter_server.services.contents.largefilemanager import LargeFileManager
from tornado import web

__all__ = ["GalleryContentsManager", "inside"]


def inside(root: str, path: str) -> bool:
    """Whether ``path`` (relative to ``root``; an absolute one is taken as it is) resolves,
    through every symbolic link, to ``root`` or below it.

    >>> import tempfile, pathlib
    >>> with tempfile.TemporaryDirectory() as name:
    ...     root = pathlib.Path(name, "gallery")
    ...     root.mkdir()
    ...     (root / "out").symlink_to(name)
    ...     (root / "self").symlink_to(root)
    ...     [inside(str(root), p) for p in ("a.ipynb", "out/x", "self/a", "../x", "", "/etc")]
    [True, False, True, False, True, False]
    """
    base = os.path.realpath(root)
    real = os.path.realpath(os.path.join(base, path))
    return real == base or real.startswith(base + os.sep)


class GalleryContentsManager(LargeFileManager):
    """Voila's contents manager without what lies outside the gallery (module docs)."""

    _listing: str | None = None
    """The folder being listed (its entries leading outside are left out)."""

    def _get_os_path(self, path: str) -> str:
        os_path: str = super()._get_os_path(path)
        if not inside(self.root_dir, os_path):
            raise web.HTTPError(404, "%s leads outside the gallery", path)
        return os_path

    def file_exists(self, path: str = "") -> bool:
        """Whether ``path`` is a file of the gallery; one leading outside it is not (Voila's
        page renderer asks this of every markdown image, such as a translated page's
        ``../images/x.svg``, with the path taken from the gallery's folder: the answer is
        no, and the browser loads the picture by its address, never a failed page).

        >>> import tempfile
        >>> with tempfile.TemporaryDirectory() as name:
        ...     manager = GalleryContentsManager(root_dir=name)
        ...     manager.file_exists("../images/x.svg"), manager.file_exists("x.svg")
        (False, False)
        """
        try:
            return bool(super().file_exists(path))
        except web.HTTPError:
            return False

    def _dir_model(self, path: str, content: bool = True) -> Any:
        previous = self._listing
        self._listing = self._get_os_path(path)
        try:
            return super()._dir_model(path, content)
        finally:
            self._listing = previous

    def should_list(self, name: str) -> bool:
        """Leave out of a listing what leads outside the gallery, and what Voila leaves out."""
        if self._listing is not None and not inside(
            self.root_dir, os.path.join(self._listing, name)
        ):
            return False
        return bool(super().should_list(name))
