"""A kernel forked by :mod:`cipherkit.serve.forkserver` that cannot start: one line when
the server stopped and removed its connection folder meanwhile (Ctrl-C while pages load),
a traceback when anything else went wrong."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

# The child, as the fork server runs it, for the connection file argv[1]; with argv[2]
# "remove", the folder is removed just before the kernel binds its sockets there, as a
# stopping server removes it; with "fail", binding fails with the folder still there.
CHILD = """
import shutil, sys
from pathlib import Path
from ipykernel import kernelapp
from cipherkit.serve import forkserver

connection, action = sys.argv[1], sys.argv[2]
bind = kernelapp.IPKernelApp.init_sockets

def init_sockets(app):
    if action == "remove":
        shutil.rmtree(Path(connection).parent)
    if action == "fail":
        raise RuntimeError("a socket that cannot be bound")
    return bind(app)

kernelapp.IPKernelApp.init_sockets = init_sockets
forkserver._child({"argv": [sys.executable, "-m", "ipykernel_launcher", "-f", connection]})
"""


def start_child(folder: Path, action: str) -> subprocess.CompletedProcess[str]:
    """A kernel child for a Voila-like connection file in ``folder`` (ipc sockets)."""
    folder.mkdir()
    connection = folder / "kernel-1.json"
    settings = {"transport": "ipc", "ip": str(folder / "kernel-1-ipc"), "key": "k"}
    connection.write_text(json.dumps({**settings, "signature_scheme": "hmac-sha256"}))
    return subprocess.run(
        [sys.executable, "-c", CHILD, str(connection), action],
        capture_output=True,
        text=True,
        timeout=60,
    )


def test_a_kernel_whose_server_has_stopped_ends_in_one_line(tmp_path: Path) -> None:
    done = start_child(tmp_path / "voila_x", "remove")
    output = done.stdout + done.stderr
    assert done.returncode == 1
    assert "Traceback" not in output, output
    assert "a kernel still starting when the server stopped ended" in output


def test_any_other_failure_still_shows_its_traceback(tmp_path: Path) -> None:
    done = start_child(tmp_path / "voila_x", "fail")
    output = done.stdout + done.stderr
    assert done.returncode == 1
    assert "Traceback" in output, output
