"""A page keeps its outputs when its kernel's IOPub lags behind the reply, as on a server
busy preheating forty pages: Voila's executor (nbclient) waits ``iopub_timeout`` seconds
after a cell's reply for the cell's outputs, and drops those that come later. With
nbclient's 4 s a page could lose its widget on a busy server (its markdown showed, its
table never did); the committed ``voila.json`` waits a minute.

The kernels are real: the cell holds its kernel's IOPub thread for 6 s, so its output
leaves after the execute reply, as a starved server reads it.
"""

from __future__ import annotations

import json
from typing import Any

import nbformat
from traitlets.config import Config
from voila.execute import VoilaExecutor

from cipherkit.serve.launcher import CONFIG_DIR
from tests.serve.kernel_runs import run_async

LATE_OUTPUT = """\
import sys, time
sys.stdout.flush_timeout = sys.stderr.flush_timeout = 0.1  # the reply need not wait
get_ipython().kernel.iopub_thread.io_loop.add_callback(time.sleep, 6)
from IPython.display import display
display("the table is drawn")
"""


def executor_config() -> dict[str, Any]:
    """The executor's part of the committed ``voila.json``."""
    data = json.loads((CONFIG_DIR / "voila.json").read_text(encoding="utf-8"))
    return dict(data["VoilaExecutor"])


def outputs_of_a_late_cell(config: dict[str, Any]) -> list[str]:
    """The text outputs a page's executor keeps of :data:`LATE_OUTPUT` under ``config``."""
    nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(LATE_OUTPUT)])
    nb.metadata["kernelspec"] = {"name": "python3", "language": "python", "display_name": "P"}
    texts: list[str] = []

    async def main() -> None:
        executor = VoilaExecutor(
            nb, config=Config({"VoilaExecutor": config}), shutdown_kernel="immediate"
        )
        done = await executor.async_execute()
        for output in done.cells[0].outputs:
            texts.append(str(output.get("data", {}).get("text/plain", output.get("text", ""))))

    run_async(main)
    return texts


def test_a_page_keeps_the_outputs_its_kernel_sends_after_the_reply() -> None:
    assert executor_config()["iopub_timeout"] >= 30
    assert outputs_of_a_late_cell(executor_config()) == ["'the table is drawn'"]


def test_with_nbclients_four_seconds_that_output_is_lost() -> None:
    # what the committed setting prevents (and the proof the cell's output is late)
    assert outputs_of_a_late_cell({**executor_config(), "iopub_timeout": 4}) == []
