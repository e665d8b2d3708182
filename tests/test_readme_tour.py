"""Every command of the README's tour runs as written, and the campaign's difficulty
table and picture in the README are the ones the commands produce today.

The commands run in a scratch folder that holds what a fresh checkout has beside the
README (``missions/`` and the ``.venv`` that ``make`` set up), so they write nothing into
the project. ``cipherkit serve`` is started, asked for a page and stopped.
"""

from __future__ import annotations

import re
import shlex
import subprocess
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest

from tests.servers import ServerProcesses, free_port

ROOT = Path(__file__).resolve().parent.parent
README = (ROOT / "README.md").read_text(encoding="utf-8")


TOUR = README.split("## A short tour", 1)[1].split("\n## ", 1)[0]


def tour_commands() -> list[str]:
    """The shell commands of the README's tour, in order."""
    section = TOUR
    commands = []
    for block in re.findall(r"```bash\n(.*?)```", section, re.S):
        for line in block.splitlines():
            line = line.split("  #", 1)[0].strip()
            if line:
                commands.append(line)
    return commands


def readme_table() -> str:
    block = README.split("<!-- difficulty-table:start -->", 1)[1]
    block = block.split("<!-- difficulty-table:end -->", 1)[0]
    return "\n".join(line for line in block.strip().splitlines() if line.startswith("|"))


@pytest.fixture(scope="module")
def scratch(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("tour")
    (folder / ".venv").symlink_to(ROOT / ".venv")
    (folder / "missions").symlink_to(ROOT / "missions")
    return folder


def run(command: str, cwd: Path, timeout: float = 300) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        ["bash", "-c", command], cwd=cwd, capture_output=True, text=True, timeout=timeout
    )


def tour_python() -> list[str]:
    """The tour's Python examples that are not doctests (doctests run in test_readme)."""
    blocks = re.findall(r"```python\n(.*?)```", TOUR, re.S)
    return [b for b in blocks if ">>>" not in b]


def test_the_tour_lists_the_whole_path() -> None:
    verbs = [shlex.split(c)[1] if "cipherkit" in c else shlex.split(c)[0] for c in tour_commands()]
    names = " ".join(tour_commands())
    assert verbs[:2] == ["validate", "render"]
    assert {"match", "decode", "crack"} <= set(verbs)
    assert {"playtest", "publish", "serve", "campaign"} <= set(verbs)
    assert "tune_deck" in names


def test_every_tour_command_runs_as_written(scratch: Path) -> None:
    outputs: dict[str, str] = {}
    for command in tour_commands():
        if " serve " in command:
            continue  # below: it runs until stopped
        done = run(command, scratch)
        assert done.returncode == 0, f"{command}\n{done.stdout[-2000:]}\n{done.stderr[-2000:]}"
        assert "Traceback" not in done.stderr, command
        outputs[command] = done.stdout
    # what the commands made
    assert (scratch / "out" / "print.pdf").stat().st_size > 10_000
    assert (scratch / "out" / "signal-box-map.png").is_file()
    assert (scratch / "my-gallery" / "harbour-clock.ipynb").is_file()
    assert (scratch / "my-gallery" / "index.ipynb").is_file()
    decoded = next(out for cmd, out in outputs.items() if " decode " in cmd)
    assert decoded.strip() == "1.3.4"  # what the README says it prints
    tuned = next(out for cmd, out in outputs.items() if "tune_deck" in cmd)
    assert re.match(r"Trial\(values=\d+, win_rate=", tuned)
    campaign = next(out for cmd, out in outputs.items() if " campaign " in cmd)
    # the README shows today's table, and the picture the command draws
    printed = "\n".join(line for line in campaign.splitlines() if line.startswith("|"))
    assert printed == readme_table(), "README table is stale: run scripts/difficulty_table.py"
    assert "the main line rises in difficulty" in campaign
    drawn = (scratch / "campaign.svg").read_text(encoding="utf-8")
    assert drawn == (ROOT / "docs" / "images" / "campaign.svg").read_text(encoding="utf-8")


def test_the_tour_serve_command_serves_the_published_gallery(
    scratch: Path, server_processes: ServerProcesses
) -> None:
    (command,) = [c for c in tour_commands() if " serve " in c]
    if not (scratch / "my-gallery").is_dir():
        publish = next(c for c in tour_commands() if " publish " in c)
        assert run(publish, scratch).returncode == 0
    port = free_port()
    command = command.replace("--port 8867", f"--port {port}")
    server = server_processes.start(
        ["bash", "-c", f"exec {command}"],
        url=f"http://127.0.0.1:{port}/",
        log=scratch / "serve.log",
        cwd=scratch,
        timeout=120,
    )
    page = f"http://127.0.0.1:{port}/voila/render/harbour-clock.ipynb"
    html = ""
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        try:
            with urllib.request.urlopen(page, timeout=60) as response:
                html = response.read().decode()
            break
        except (urllib.error.URLError, ConnectionError, TimeoutError):
            assert server.poll() is None, (scratch / "serve.log").read_text()
            time.sleep(0.5)
    assert "The Harbour Clock" in html
    assert "SPRING TIDE" not in html.upper()  # the answer stays on the server


def test_the_tour_python_examples_run(scratch: Path) -> None:
    blocks = tour_python()
    assert blocks and any("MissionTable(" in b for b in blocks)
    for code in blocks:
        done = subprocess.run(
            [str(ROOT / ".venv" / "bin" / "python"), "-c", code],
            cwd=ROOT,
            capture_output=True,
            text=True,
            timeout=300,
        )
        assert done.returncode == 0, f"{code}\n{done.stderr[-3000:]}"
