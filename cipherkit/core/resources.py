"""Where the shipped campaign (``missions/``) and gallery (``puzzles/``) are.

Design notes: ``docs/design-notes.md``, ``cipherkit.core.resources``.
"""

from __future__ import annotations

import os
import shutil
from importlib.resources import files
from pathlib import Path

from cipherkit.core.errors import CipherkitError

__all__ = [
    "PACKAGED",
    "SHIPPED_FOLDERS",
    "default_gallery",
    "package_root",
    "shipped_path",
    "user_data_dir",
]

SHIPPED_FOLDERS = ("missions", "puzzles")
"""The project folders a wheel carries."""
PACKAGED = "_shipped"
"""The package-data folder (inside ``cipherkit/``) that holds them in a wheel."""


def package_root() -> Path:
    """The ``cipherkit`` package folder (where ``__init__.py`` is)."""
    return Path(str(files("cipherkit")))


def _checkout_root() -> Path:
    return package_root().resolve().parent


def shipped_path(name: str, *, must_exist: bool = True) -> Path:
    """The shipped folder ``name`` (``missions`` or ``puzzles``): the wheel's copy if this
    cipherkit has one, else the checkout's folder beside the package.

    ``must_exist=False`` returns where it would be instead of raising when neither is
    there (an install without its data).

    Examples
    --------
    >>> from cipherkit.core.resources import shipped_path
    >>> shipped_path("missions").name, shipped_path("puzzles").name
    ('missions', 'puzzles')
    >>> (shipped_path("missions").parent / "puzzles") == shipped_path("puzzles")
    True
    >>> shipped_path("notebooks")
    Traceback (most recent call last):
    ...
    cipherkit.core.errors.CipherkitError: no shipped folder 'notebooks': choose missions or puzzles
    """
    if name not in SHIPPED_FOLDERS:
        first, second = SHIPPED_FOLDERS
        raise CipherkitError.say(
            "no shipped folder {name!r}: choose {first} or {second}",
            name=name,
            first=first,
            second=second,
        )
    packaged = package_root() / PACKAGED / name
    if packaged.is_dir():
        return packaged
    checkout = _checkout_root() / name
    if checkout.is_dir() or not must_exist:
        return checkout
    raise CipherkitError.say(
        "this cipherkit has no shipped {name}/ folder (looked in {packaged} and {checkout})",
        name=name,
        packaged=packaged,
        checkout=checkout,
    )


def user_data_dir() -> Path:
    """cipherkit's folder for this user's data: ``$XDG_DATA_HOME/cipherkit``, by default
    ``~/.local/share/cipherkit``."""
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / "cipherkit"


def default_gallery() -> Path:
    """The gallery ``cipherkit serve`` shows when given no folder and there is no
    ``./puzzles``: the checkout's ``puzzles/`` itself, or, for an installed wheel, a copy
    of the shipped gallery in :func:`user_data_dir` (``gallery/``), refreshed from the
    package every time and keeping what the server adds there (the rooms' store, the
    teacher page), so that serving never writes into the installed package.

    >>> default_gallery() == shipped_path("puzzles")  # a checkout: served where it is
    True
    """
    shipped = shipped_path("puzzles")
    if PACKAGED not in shipped.parts:
        return shipped
    target = user_data_dir() / "gallery"
    try:
        for source in sorted(shipped.rglob("*")):
            copy = target / source.relative_to(shipped)
            if source.is_dir():
                copy.mkdir(parents=True, exist_ok=True)
            else:  # contents only: the copy is the user's, writable whatever the install
                copy.parent.mkdir(parents=True, exist_ok=True)
                shutil.copyfile(source, copy)
    except OSError as exc:
        raise CipherkitError.say(
            "cannot copy the shipped gallery to {target}: {reason}",
            target=target,
            reason=exc.strerror or exc,
        ) from None
    return target
