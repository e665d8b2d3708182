"""Cells a page may show without running them for each visitor: a lesson's code cell
tagged ``static`` (in Jupyter: the cell's tags) draws the same plot or prints the same
lines for every student, so the server shows what it showed before instead of running
it in each student's kernel (:mod:`cipherkit.serve.kept_cells`; a class opening a lesson
at once pays for its plots once, not sixty times).

The kernel then never runs the cell, so nothing the page runs later may need what the
cell defines: :func:`static_problem` reads the cells' code and says why a tagged cell
cannot be static (``cipherkit publish --lessons`` refuses such a lesson, naming the cell).
What it cannot see is the author's promise: the cell shows the same to everyone (no
randomness without a seed, no timing, nothing of the student's) and changes nothing
later cells use (it does not sort a list in place or set a plot style). The server keeps
a cell's outputs only after two runs showed the same.

>>> cells = ["rows = [1, 2, 3]", "import matplotlib.pyplot as plt\\nfig, ax = plt.subplots()\\n"
...          "ax.plot(rows)\\nplt.show()", "print(sum(rows))"]
>>> static_problem(cells, 1) is None
True
>>> str(static_problem(cells, 0))
'a later cell uses rows, which it defines'
"""

from __future__ import annotations

import ast
from collections.abc import Mapping, Sequence
from typing import Any

from cipherkit.i18n import say
from cipherkit.i18n.message import Message

__all__ = ["TAG", "is_static", "static_problem"]

TAG = "static"
"""The cell tag that asks for a static cell."""


def is_static(cell: Mapping[str, Any]) -> bool:
    """Whether ``cell`` (a notebook cell) is a code cell tagged :data:`TAG`."""
    tags = (cell.get("metadata") or {}).get("tags") or []
    return cell.get("cell_type") == "code" and TAG in tags


def _names(source: str) -> tuple[set[str], set[str], bool] | None:
    """The names ``source`` binds and loads, and whether it changes something it does not
    bind (``x[0] = ...``, ``x.y = ...``, ``del x[0]``, ``global``); None when it is not
    plain Python (a magic) or imports every name of a module."""
    try:
        tree = ast.parse(source)
    except SyntaxError:
        return None
    bound: set[str] = set()
    loaded: set[str] = set()
    changes = False
    for node in ast.walk(tree):
        if isinstance(node, ast.Name):
            (loaded if isinstance(node.ctx, ast.Load) else bound).add(node.id)
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            bound.add(node.name)
        elif isinstance(node, (ast.Import, ast.ImportFrom)):
            for alias in node.names:
                if alias.name == "*":
                    return None
                bound.add(alias.asname or alias.name.split(".")[0])
        elif isinstance(node, (ast.Global, ast.Nonlocal)):
            changes = True
        elif isinstance(node, (ast.Assign, ast.AugAssign, ast.AnnAssign, ast.Delete)):
            targets = node.targets if isinstance(node, (ast.Assign, ast.Delete)) else [node.target]
            changes |= any(isinstance(t, (ast.Attribute, ast.Subscript)) for t in targets)
    return bound, loaded, changes


def static_problem(sources: Sequence[str], index: int) -> Message | None:
    """Why code cell ``index`` of a page's code cells (``sources``, in order) cannot be
    static, or None if it can: it must be plain Python, change nothing it does not
    define, and every name it defines must be defined again by a later cell before any
    later cell uses it."""
    own = _names(sources[index])
    if own is None:
        return say("it is not plain Python (a magic, or import *)")
    bound, _loaded, changes = own
    if changes:
        return say("it changes something it does not define (x[...] =, x.y =, global)")
    live = set(bound)
    for source in sources[index + 1 :]:
        later = _names(source)
        # (a cell that cannot be read is taken to need everything)
        needed = live if later is None else live & (later[1] - later[0])
        if needed:
            return say(
                "a later cell uses {names}, which it defines", names=", ".join(sorted(needed))
            )
        if later is not None:
            live -= later[0]  # defined again there: later cells use that one
    return None
