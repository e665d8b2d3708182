"""A lesson's static cells run twice on a server, then are shown without running
(:mod:`cipherkit.serve.kept_cells`), on a real server started as ``cipherkit serve``
starts it, with real forked kernels: the cell's kernel-side work stops, the page shows
the same, and a cell that shows something else each run keeps running."""

from __future__ import annotations

import html
import re
from pathlib import Path
from types import SimpleNamespace

import nbformat
import pytest

from cipherkit.publish.gallery import STATIC_CODE, write_notebook
from cipherkit.serve import kept_cells
from tests.serve.limits_server import start_limit_server
from tests.servers import stop_process_group

PAGE = "lessons/01-kept.ipynb"
TEXT = re.compile(r'data-mime-type="text/plain">\s*<pre>(.*?)</pre>', re.S)


def kept_gallery(marks: Path) -> object:
    """A gallery of one lesson page: a static cell that leaves a mark in ``marks`` each
    time a kernel runs it and prints the same line, a static cell that prints its
    kernel's process id (another each run), and an ordinary cell."""

    def make(folder: Path) -> Path:
        (folder / PAGE).parent.mkdir(parents=True)
        write_notebook(
            folder / PAGE,
            [
                ("markdown", "# Kept\n\nA page with static cells."),
                ("code", "import os, pathlib"),
                (
                    STATIC_CODE,
                    f"pathlib.Path({str(marks)!r}, str(os.getpid())).touch()\n"
                    "print('the same for every student')",
                ),
                (STATIC_CODE, "print('kernel', os.getpid())"),
                ("code", "print('run', 6 * 7)"),
            ],
            {"kind": "lesson", "title": "Kept"},
        )
        return folder

    return make


def texts(body: str) -> list[str]:
    """The text each text output of a rendered page shows, in order."""
    return [html.unescape(found) for found in TEXT.findall(body)]


@pytest.mark.server
def test_a_static_cell_runs_twice_then_is_shown_without_running(tmp_path: Path) -> None:
    marks = tmp_path / "marks"
    marks.mkdir()
    running = start_limit_server(
        tmp_path / "gallery", tmp_path / "server.log", gallery=kept_gallery(marks)
    )
    try:
        pages = []
        for _ in range(6):
            answer = running.browse(f"/voila/render/{PAGE}", {})  # a new visitor each time
            assert answer.status == 200, answer.body[:300]
            pages.append(texts(answer.body))
        runs = len(list(marks.iterdir()))
        log = running.log_text()
    finally:
        stop_process_group(running.process)
    assert 2 <= runs <= 3, log[-3000:]  # its runs until two agreed (a refill may race one)
    for shown in pages:
        assert shown[0] == "the same for every student\n"
        assert shown[2] == "run 42\n"
    # the cell that differs each run is run for every visitor: six kernels, six ids
    assert len({shown[1] for shown in pages}) == 6
    assert "shows something else each run" in log


def test_only_runs_in_kernels_no_browser_talked_to_are_kept() -> None:
    manager = SimpleNamespace(_kernel_connections={"k1": 0, "k2": 1}, _connected_once={"k3"})
    for kernel_id, kept in [("k1", True), ("k2", False), ("k3", False), (None, False)]:
        executor = SimpleNamespace(km=SimpleNamespace(parent=manager))
        if kernel_id is not None:
            executor._cipherkit_kernel_id = kernel_id
        assert kept_cells._untouched(executor) is kept, kernel_id


@pytest.mark.parametrize(
    ("shown", "kept"),
    [
        ([nbformat.v4.new_output("error", ename="E", evalue="v", traceback=[])], False),
        (
            [
                nbformat.v4.new_output(
                    "display_data", {kept_cells.WIDGET_VIEW: {"model_id": "m"}, "text/plain": "W"}
                )
            ],
            False,
        ),
        ([nbformat.v4.new_output("stream", name="stdout", text="ok\n")], True),
    ],
)
def test_errors_and_widgets_are_never_kept(shown: list[object], kept: bool) -> None:
    nb = nbformat.v4.new_notebook(
        cells=[nbformat.v4.new_code_cell("print('ok')", metadata={"tags": ["static"]})]
    )
    table = kept_cells.KeptCells()
    key = table.key("p.ipynb", nb, 0)
    assert key is not None
    table.ran(key, shown)
    table.ran(key, shown)
    assert (table.outputs(key) is not None) is kept


def test_a_cell_whose_names_a_later_cell_needs_is_run_each_time() -> None:
    nb = nbformat.v4.new_notebook(
        cells=[
            nbformat.v4.new_code_cell("x = 6", metadata={"tags": ["static"]}),
            nbformat.v4.new_code_cell("print(x * 7)"),
        ]
    )
    assert kept_cells.KeptCells().key("p.ipynb", nb, 0) is None
