"""Notebook views built from observations only (anywidget / ipywidgets).

Importing this package is cheap; each widget class imports anywidget when first used.

>>> from cipherkit.widgets import DecipherTable
>>> table = DecipherTable(bot="random", seed=1, human_first=True)
>>> table.view["status"]
'Your first turn: play one card on each column, starting with column 1.'
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from cipherkit.widgets.decipher_table import DecipherTable

__all__ = ["DecipherTable"]


def __getattr__(name: str) -> Any:
    if name == "DecipherTable":
        from cipherkit.widgets.decipher_table import DecipherTable

        return DecipherTable
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
