"""A page's static cells shown from what they showed before, not run again per visitor.

A lesson's plot is the same for every student, but each page load drew it again in the
student's kernel: building a matplotlib figure costs a lesson kernel more than the rest
of the page, and sixty students opening a lesson at once paid it sixty times on the
server's cores. A code cell tagged ``static`` (:mod:`cipherkit.publish.static_cells`,
which ``cipherkit publish`` checks) is run as before until two runs of it on this
server showed the same outputs; from then on the server shows those outputs and the
kernel never sees the cell. A cell whose runs keep differing (it draws something random
or timed: :data:`MISSES` times) is run each time, and so is one that shows a widget or an
error, or whose names a later cell needs (checked again here, in case the page was
written by hand). Only runs in kernels no browser had yet talked to count (a visitor's
messages to their own kernel never decide what others see).

"The same cell" is the page's path (each language's page is its own) and the code of
the cells up to it: a change to the page above the cell starts again.

>>> import nbformat
>>> nb = nbformat.v4.new_notebook(cells=[
...     nbformat.v4.new_code_cell("x = 6"),
...     nbformat.v4.new_code_cell("print(7 * 6)", metadata={"tags": ["static"]})])
>>> table = KeptCells()
>>> key = table.key("lessons/a.ipynb", nb, 1)
>>> shown = [nbformat.v4.new_output("stream", name="stdout", text="42\\n")]
>>> table.outputs(key) is None
True
>>> table.ran(key, shown); table.outputs(key) is None   # once: not yet
True
>>> table.ran(key, shown); table.outputs(key)[0].text   # twice the same: kept
'42\\n'
>>> table.key("lessons/a.ipynb", nb, 0) is None          # not tagged
True
"""

from __future__ import annotations

import copy
import hashlib
import json
import logging
from collections.abc import Sequence
from typing import Any

from cipherkit.publish.static_cells import is_static, static_problem

__all__ = ["MAX_CELLS", "MISSES", "WIDGET_VIEW", "KeptCells", "install", "kept_cells"]

MAX_CELLS = 2000
"""The most cells a server keeps (their outputs are held in memory)."""
MISSES = 3
"""Runs of a cell that differ from the run before it, after which it is run each time."""
WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"

log = logging.getLogger("cipherkit.serve.kept_cells")


def _digest(outputs: Sequence[Any]) -> str:
    text = json.dumps(list(outputs), sort_keys=True, default=str)
    return hashlib.blake2b(text.encode("utf-8", "replace"), digest_size=20).hexdigest()


class KeptCells:
    """The outputs of static cells this server has run, by :meth:`key`."""

    def __init__(self) -> None:
        self._kept: dict[tuple[str, ...], list[Any]] = {}
        self._first: dict[tuple[str, ...], str] = {}
        self._never: set[tuple[str, ...]] = set()
        self._checked: dict[tuple[str, ...], bool] = {}
        self._misses: dict[tuple[str, ...], int] = {}

    def key(self, page: str, nb: Any, index: int, log: Any = log) -> tuple[str, ...] | None:
        """The key of cell ``index`` of the notebook ``nb`` served as ``page``, or None
        when the cell is not a static cell that may be kept (``log``: where to say why)."""
        cells = nb.cells
        if not is_static(cells[index]):
            return None
        codes = [c for c in cells if c.get("cell_type") == "code"]
        sources = ["".join(c.get("source", "")) for c in codes]
        position = next(i for i, c in enumerate(codes) if c is cells[index])
        whole = hashlib.blake2b("\0".join(sources).encode("utf-8", "replace"), digest_size=20)
        above = hashlib.blake2b(
            "\0".join(sources[: position + 1]).encode("utf-8", "replace"), digest_size=20
        )
        key = (str(page), str(position), above.hexdigest())
        checked = (*key, whole.hexdigest())
        if checked not in self._checked:
            problem = static_problem(sources, position)
            if problem is not None:
                log.warning("%s: code cell %d is not shown static: %s", page, position + 1, problem)
            self._checked[checked] = problem is None
        return key if self._checked[checked] and key not in self._never else None

    def outputs(self, key: tuple[str, ...] | None) -> list[Any] | None:
        """A copy of the outputs kept for ``key`` (None: run the cell)."""
        kept = self._kept.get(key) if key is not None else None
        return copy.deepcopy(kept) if kept is not None else None

    def ran(self, key: tuple[str, ...], outputs: Sequence[Any], log: Any = log) -> None:
        """The cell of ``key`` ran and showed ``outputs``: kept once two runs agree."""
        if key in self._kept or key in self._never:
            return
        bad = any(
            o.get("output_type") == "error" or WIDGET_VIEW in (o.get("data") or {}) for o in outputs
        )
        digest = _digest(outputs)
        if not bad and self._first.get(key) == digest:
            if len(self._kept) < MAX_CELLS:
                self._kept[key] = copy.deepcopy(list(outputs))
            return
        if key in self._first:  # two runs differed (e.g. before the server's kept
            self._misses[key] = self._misses.get(key, 0) + 1  # results were ready)
        if bad or self._misses.get(key, 0) >= MISSES:
            self._never.add(key)
            self._first.pop(key, None)
            log.info("%s: code cell %s shows something else each run: run each time", *key[:2])
            return
        self._first[key] = digest


_TABLE = KeptCells()


def _untouched(executor: Any) -> bool:
    """Whether no browser has ever connected to the executor's kernel: only such a run
    is kept (a visitor whose page talks to its kernel while the page still runs could
    otherwise have a cell show, to everyone after, something their messages made)."""
    manager = getattr(getattr(executor, "km", None), "parent", None)
    kernel_id = getattr(executor, "_cipherkit_kernel_id", None)
    connections = getattr(manager, "_kernel_connections", None)
    if kernel_id is None or not isinstance(connections, dict):
        return False
    return not connections.get(kernel_id) and kernel_id not in getattr(
        manager, "_connected_once", ()
    )


def kept_cells() -> KeptCells:
    """The server's table (what :func:`install` uses)."""
    return _TABLE


def install() -> None:
    """Make Voila's executor show a kept static cell's outputs instead of running it,
    and keep what the others show. Safe to call more than once."""
    from voila.execute import VoilaExecutor
    from voila.notebook_renderer import NotebookRenderer

    if getattr(VoilaExecutor.execute_cell, "_cipherkit_kept", False):
        return
    run = VoilaExecutor.execute_cell
    start = NotebookRenderer._jinja_kernel_start

    async def execute_cell(
        self: Any, cell: Any, resources: Any, cell_index: int, store_history: bool = True
    ) -> Any:
        page = getattr(self, "_cipherkit_page", None)
        key = _TABLE.key(page, self.nb, cell_index, self.log) if page else None
        shown = _TABLE.outputs(key)
        if shown is not None:
            cell.outputs = shown
            return cell
        result = await run(self, cell, resources, cell_index, store_history)
        if key is not None and _untouched(self):
            _TABLE.ran(key, cell.outputs, self.log)
        return result

    async def kernel_start(self: Any, nb: Any, kernel_id: Any, kernel_future: Any) -> Any:
        started = await start(self, nb, kernel_id, kernel_future)
        self.executor._cipherkit_page = str(self.notebook_path)
        self.executor._cipherkit_kernel_id = str(kernel_id)
        return started

    execute_cell._cipherkit_kept = True  # type: ignore[attr-defined]
    VoilaExecutor.execute_cell = execute_cell
    NotebookRenderer._jinja_kernel_start = kernel_start
