"""The mission studio inside a real JupyterLab, in Chromium: the widget renders in a
notebook's output, the map's keys reach the widget (not JupyterLab's own shortcuts), and
the edits reach the ``MissionEditor`` the notebook's kernel holds.

The fixture starts ``jupyter lab`` itself (its own session, port and token; config, data,
runtime, settings and workspaces in a temporary folder) over a folder holding a copy of
``missions/08-last-light.yaml`` and a one-cell notebook that opens it in the editor. The
test runs that cell, moves the cursor room (the first room of the file's map) one step
by Shift+ArrowRight, undoes it by Ctrl+Z, then asks the kernel, in a new cell, for the
room's position and whether a redo is waiting.
"""

from __future__ import annotations

import os
import secrets
import shutil
import subprocess
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import nbformat
import pytest
import yaml

from cipherkit.games.mission.format.files import load, mission_from_yaml
from cipherkit.games.mission.format.validate import validate_text
from tests.browser.conftest import log_tail
from tests.browser.studio_rebuild import (
    HARBOUR,
    Keys,
    check_broken_design,
    check_layout,
    rebuild_by_keyboard,
    rebuild_by_pointer,
    shape,
)
from tests.browser.waits import wait_for_js
from tests.servers import free_port, stop_process_group, wait_until_up

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parents[2]
MISSION = ROOT / "missions" / "08-last-light.yaml"
NOTEBOOK = "studio.ipynb"
CELL = "\n".join(
    [
        "from cipherkit.studio import MissionEditor",
        'editor = MissionEditor("08-last-light.yaml")',
        "editor",
    ]
)
NEW_CELL = "from cipherkit.studio import MissionEditor\nMissionEditor(write=False)"
WIDTHS = (1280, 768)
NEW_BROKEN = "new-broken-{}.ipynb"  # one a width: each opened once, with a kernel of its own
NEW_BY_KEYS, NEW_BY_POINTER = "new-by-keys.ipynb", "new-by-pointer.ipynb"
LAB_START_TIMEOUT = 90  # seconds: JupyterLab is slow to start on two cores
WIDGET_TIMEOUT_MS = 90_000
KERNEL_TIMEOUT_MS = 60_000
TABS_TO_MAP = 120  # Shift+Tab presses at most, from the new cell back to the studio's map


@dataclass
class Lab:
    url: str
    token: str
    folder: Path
    log: Path
    process: subprocess.Popen[bytes]

    def notebook_url(self, name: str, workspace: str = "") -> str:
        """The notebook ``name`` in JupyterLab, in ``workspace`` if given (a new one is
        empty: nothing opened before is restored beside the notebook)."""
        where = f"workspaces/{workspace}/" if workspace else ""
        return f"{self.url}/lab/{where}tree/{name}?token={self.token}"

    def tail(self) -> str:
        return f"\n--- jupyter lab log (tail) ---\n{log_tail(self.log, 80)}"


@pytest.fixture(scope="module")
def lab(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Lab]:
    folder = tmp_path_factory.mktemp("jupyterlab")
    shutil.copy(MISSION, folder / MISSION.name)
    notebooks = [(NOTEBOOK, CELL), (NEW_BY_KEYS, NEW_CELL), (NEW_BY_POINTER, NEW_CELL)]
    for name, source in [*notebooks, *((NEW_BROKEN.format(w), NEW_CELL) for w in WIDTHS)]:
        notebook = nbformat.v4.new_notebook()
        notebook.cells.append(nbformat.v4.new_code_cell(source))
        notebook.metadata["kernelspec"] = {
            "name": "python3",
            "display_name": "Python 3 (ipykernel)",
            "language": "python",
        }
        nbformat.write(notebook, folder / name)

    home = tmp_path_factory.mktemp("jupyterlab-home")
    dirs = {
        name: home / name.lower()
        for name in (
            "JUPYTER_CONFIG_DIR",
            "JUPYTER_DATA_DIR",
            "JUPYTER_RUNTIME_DIR",
            "JUPYTERLAB_SETTINGS_DIR",
            "JUPYTERLAB_WORKSPACES_DIR",
            "IPYTHONDIR",
        )
    }
    for path in dirs.values():
        path.mkdir()
    env = {**os.environ, **{name: str(path) for name, path in dirs.items()}}
    env.pop("JUPYTER_TOKEN", None)
    port, token = free_port(), secrets.token_hex(16)
    command = [
        sys.executable,
        "-m",
        "jupyter",
        "lab",
        "--no-browser",
        f"--port={port}",
        "--ServerApp.ip=127.0.0.1",
        "--ServerApp.port_retries=0",
        f"--IdentityProvider.token={token}",  # (ServerApp.token, deprecated)
        f"--ServerApp.root_dir={folder}",
        "--ServerApp.open_browser=False",
        "--ServerApp.terminals_enabled=False",
        *(["--allow-root"] if os.geteuid() == 0 else []),  # (CI containers run as root)
        "--LabApp.news_url=None",
        "--LabApp.expose_app_in_browser=True",  # window.jupyterapp: the kernel's state
        "--LabApp.check_for_updates_class=jupyterlab.NeverCheckForUpdate",
        "--LabApp.extension_manager=readonly",
        f"--LabApp.user_settings_dir={dirs['JUPYTERLAB_SETTINGS_DIR']}",
        f"--LabApp.workspaces_dir={dirs['JUPYTERLAB_WORKSPACES_DIR']}",
    ]
    log = home / "lab.log"  # outside root_dir: not in the file browser
    with log.open("wb") as out:
        process = subprocess.Popen(
            command,
            cwd=folder,
            env=env,
            stdout=out,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
    try:
        url = f"http://127.0.0.1:{port}"
        wait_until_up(f"{url}/api/status?token={token}", process, log, LAB_START_TIMEOUT)
        yield Lab(url, token, folder, log, process)
    finally:
        stop_process_group(process)


def said(page: Any, words: str, lab: Lab) -> None:
    """Wait until the studio's live region says ``words`` (the kernel's answer)."""
    try:
        wait_for_js(
            page,
            """(words) => (document.querySelector('[data-testid=studio] [data-testid=said]')
                   ?.textContent || '').includes(words)""",
            arg=words,
            timeout=KERNEL_TIMEOUT_MS,
        )
    except TimeoutError as error:
        now = page.evaluate("() => document.querySelector('[data-testid=said]')?.textContent")
        raise AssertionError(
            f"the studio never said {words!r} (it says {now!r}){lab.tail()}"
        ) from error


KERNEL_READY = """() => {
    const panel = window.jupyterapp?.shell?.currentWidget;
    const kernel = panel?.sessionContext?.session?.kernel;
    return Boolean(panel?.context?.isReady && panel.sessionContext.isReady && kernel
        && kernel.connectionStatus === 'connected' && kernel.status === 'idle');
}"""


def kernel_idle(page: Any, lab: Lab, timeout: float = KERNEL_TIMEOUT_MS) -> None:
    """Wait until the notebook's kernel is connected and idle. (The toolbar's indicator
    is no sign: it says idle once before the kernel has started, and a cell run then is
    dropped; the app object, exposed by ``--LabApp.expose_app_in_browser``, knows.)"""
    try:
        wait_for_js(page, "() => Boolean(window.jupyterapp)", timeout=timeout)
        page.evaluate("async () => { await window.jupyterapp.restored; }")
        wait_for_js(page, KERNEL_READY, timeout=timeout)
    except Exception as error:
        raise AssertionError(f"the kernel never became idle{lab.tail()}") from error


CELLS = ".jp-NotebookPanel:not(.lm-mod-hidden) .jp-Notebook .jp-Cell"


def run_first_cell(page: Any, lab: Lab, errors: list[str]) -> None:
    """Run the notebook's first cell (click into its editor, Shift+Enter) and wait until
    the studio it shows has drawn its rooms."""
    cells = page.locator(CELLS)
    cells.first.locator(".cm-content").click()
    page.keyboard.press("Shift+Enter")
    try:
        page.wait_for_selector("[data-testid=studio] [data-testid=room]", timeout=WIDGET_TIMEOUT_MS)
    except Exception as error:
        output = cells.first.locator(".jp-OutputArea").inner_text()
        raise AssertionError(
            f"the studio did not render; the cell's output: {output!r}; "
            f"page errors: {errors}{lab.tail()}"
        ) from error


def open_new_mission(browser: Any, lab: Lab, name: str) -> tuple[Any, Any, list[str]]:
    """A new browser context showing notebook ``name`` (a new mission in the studio) in
    a workspace of its own, its cell run; the context, its page and its page errors."""
    context = browser.new_context(viewport={"width": 1280, "height": 1300})
    page = context.new_page()
    page.set_default_timeout(KERNEL_TIMEOUT_MS)
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(
        lab.notebook_url(name, workspace=name.removesuffix(".ipynb")), timeout=WIDGET_TIMEOUT_MS
    )
    kernel_idle(page, lab, WIDGET_TIMEOUT_MS)
    run_first_cell(page, lab, errors)
    return context, page, errors


def test_the_studio_edits_the_kernels_editor_from_jupyterlab(browser: Any, lab: Lab) -> None:
    rooms = yaml.safe_load(MISSION.read_text(encoding="utf-8"))["map"]["rooms"]
    first, spec = next(iter(rooms.items()))  # the editor's cursor starts on view.rooms[0]
    start = tuple(spec["pos"])

    context = browser.new_context(viewport={"width": 1280, "height": 900})
    try:
        page = context.new_page()
        page.set_default_timeout(KERNEL_TIMEOUT_MS)
        errors: list[str] = []
        page.on("pageerror", lambda error: errors.append(str(error)))
        page.goto(lab.notebook_url(NOTEBOOK), timeout=WIDGET_TIMEOUT_MS)
        kernel_idle(page, lab, WIDGET_TIMEOUT_MS)

        cells = page.locator(CELLS)
        run_first_cell(page, lab, errors)

        # Focus the map as a person would (a click on its empty margin, away from rooms).
        studio_map = page.locator("[data-testid=studio] [data-testid=map]")
        studio_map.click(position={"x": 6, "y": 6})
        focused = page.evaluate("() => document.activeElement?.dataset?.testid")
        assert focused == "map", f"a click on the map left the focus on {focused!r}"
        cursor = page.locator("[data-testid=studio] [data-testid=room].ck-st-cursor")
        assert cursor.get_attribute("data-room") == first

        page.keyboard.press("Shift+ArrowRight")
        said(page, f"Room {first} moved by (1, 0).", lab)
        page.keyboard.press("Control+z")
        said(page, "Undone.", lab)
        assert page.locator("[data-testid=studio] [data-testid=redo]").is_enabled()

        # A new cell in the same kernel: what does the notebook's editor hold now?
        kernel_idle(page, lab)
        # Shift+Enter on the last cell added one; had JupyterLab also taken the map's
        # Ctrl+Z (command mode's notebook:undo-cell-action), that cell would be gone.
        assert cells.count() == 2, f"the notebook has {cells.count()} cells, not 2"
        second = cells.nth(1)
        second.locator(".cm-content").click()
        page.keyboard.type(f'print(editor.graph.nodes["{first}"]["pos"], editor.draft.can_redo)')
        page.keyboard.press("Shift+Enter")
        stream = second.locator(".jp-OutputArea-output")
        try:
            stream.first.wait_for(timeout=KERNEL_TIMEOUT_MS)
        except Exception as error:
            raise AssertionError(f"the second cell printed nothing{lab.tail()}") from error
        printed = stream.first.inner_text().strip()
        assert printed == f"{start} True", f"the kernel's editor holds {printed!r}{lab.tail()}"
        assert not errors, f"page errors: {errors}"
    finally:
        context.close()


def test_harbour_clock_rebuilt_by_keyboard_alone_in_jupyterlab(browser: Any, lab: Lab) -> None:
    context, page, errors = open_new_mission(browser, lab, NEW_BY_KEYS)
    try:
        # Shift+Enter left the focus in a new cell's editor, where Tab indents: Escape to
        # command mode, then Shift+Tab back through the studio's controls to its map.
        keys = Keys(page)
        keys.press("Escape")
        keys.tab_to("map", back=True, limit=TABS_TO_MAP)
        reaching = keys.count
        text, count = rebuild_by_keyboard(page, keys)
        print(
            f"\nharbour-clock rebuilt by keyboard alone in JupyterLab: {count} keys"
            f" ({reaching} of them from the new cell to the map)"
        )
        assert [p for p in validate_text(text, "rebuilt.yaml") if p.is_error] == []
        assert shape(mission_from_yaml(text)) == shape(load(HARBOUR))
        assert not errors, f"page errors: {errors}"
    finally:
        context.close()


def test_harbour_clock_rebuilt_by_pointer_in_jupyterlab(browser: Any, lab: Lab) -> None:
    context, page, errors = open_new_mission(browser, lab, NEW_BY_POINTER)
    try:
        text, moves = rebuild_by_pointer(page)
        print(f"\nharbour-clock rebuilt by pointer in JupyterLab: {moves} clicks and drags")
        assert [p for p in validate_text(text, "rebuilt.yaml") if p.is_error] == []
        assert shape(mission_from_yaml(text)) == shape(load(HARBOUR))
        assert not errors, f"page errors: {errors}"
    finally:
        context.close()


@pytest.mark.parametrize("width", WIDTHS)
def test_a_broken_design_and_axe_in_jupyterlab(browser: Any, lab: Lab, width: int) -> None:
    """The broken design's markers and issues list, then axe-core on the studio (not on
    JupyterLab's own page) and the studio within the width, at 1280 and 768 px."""
    context, page, errors = open_new_mission(browser, lab, NEW_BROKEN.format(width))
    try:
        page.set_viewport_size({"width": width, "height": 1300})
        keys = Keys(page)
        keys.press("Escape")  # from the new cell's editor to command mode
        keys.tab_to("map", back=True, limit=TABS_TO_MAP)
        check_broken_design(page, keys)
        check_layout(page, keys, width, within="[data-testid=studio]")
        assert not errors, f"page errors: {errors}"
    finally:
        context.close()
