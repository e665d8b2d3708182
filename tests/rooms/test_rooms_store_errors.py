"""Store errors from the Python API are cipherkit errors said in a plain sentence (issue
#36 finding 7): a store whose file and folder were made read-only (chmod), and a
PostgreSQL store whose server stopped, never raise the driver's own errors.

File modes do not bind root, so as root the read-only case runs in a child process
without the capabilities that let root ignore them (``setpriv``), which is what any
other user gets."""

from __future__ import annotations

import json
import os
import shutil
import stat
import subprocess
import sys
from pathlib import Path

import pytest

from cipherkit.core.errors import CipherkitError
from cipherkit.rooms import StoreError, StoreReadOnly, StoreUnreachable, open_store
from cipherkit.rooms.db import CANNOT_CONNECT, READ_ONLY, UNREACHABLE
from cipherkit.rooms.pgtest import TempPostgres

CHILD = """
import json, sys
from cipherkit.rooms import open_store
out = {}
def attempt(name, work):
    try:
        work()
        out[name] = None
    except BaseException as exc:
        out[name] = [type(exc).__module__ + "." + type(exc).__name__, str(exc)]
url, code = sys.argv[1], sys.argv[2]
attempt("open", lambda: open_store(url))
attempt("open_existing", lambda: open_store(url, create=False).rooms())
print(json.dumps(out))
"""


def without_root_powers() -> list[str]:
    """The command prefix that makes file modes bind this process's children."""
    if os.geteuid() != 0:
        return []
    setpriv = shutil.which("setpriv")
    if setpriv is None:  # pragma: no cover - util-linux is on every CI image
        pytest.fail("as root this test needs setpriv (util-linux) to drop CAP_DAC_OVERRIDE")
    return [setpriv, "--bounding-set=-dac_override,-dac_read_search,-fowner"]


def run_child(url: str, code: str) -> dict[str, list[str] | None]:
    done = subprocess.run(
        [*without_root_powers(), sys.executable, "-c", CHILD, url, code],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    result: dict[str, list[str] | None] = json.loads(done.stdout.strip().splitlines()[-1])
    return result


@pytest.mark.parametrize("what", ["file and folder", "folder"])
def test_a_read_only_sqlite_store_says_so_plainly(tmp_path: Path, what: str) -> None:
    folder = tmp_path / "store"
    folder.mkdir()
    url = f"sqlite:///{folder / 'rooms.db'}"
    with open_store(url) as store:
        code = store.create_room("decipher", {"first_player": 0}).code
    modes = {path: stat.S_IMODE(path.stat().st_mode) for path in [folder, *folder.iterdir()]}
    try:
        if what == "file and folder":
            for path in folder.iterdir():
                path.chmod(0o400)
        folder.chmod(0o500)
        result = run_child(url, code)
    finally:
        for path, mode in modes.items():
            path.chmod(mode)
    for step, raised in result.items():
        assert raised is not None, f"{step}: a read-only store was used as if writable"
        kind, text = raised
        assert kind == "cipherkit.rooms.errors.StoreReadOnly", (step, raised)
        assert text == READ_ONLY and str(folder) not in text
    assert issubclass(StoreReadOnly, StoreError) and issubclass(StoreError, CipherkitError)


def test_a_stopped_postgresql_store_says_so_plainly() -> None:
    server = TempPostgres().start()
    try:
        url = server.create_database("stops")
        store = open_store(url)
        room = store.create_room("decipher", {"first_player": 0})
        ada = store.join(room.code, "Ada")
    finally:
        server.stop()
    try:
        for step, work in (
            ("join", lambda: store.join(room.code, "Bo")),
            ("observe", ada.observe),
            ("act", lambda: ada.act("anything")),
            ("rooms", store.rooms),
            ("limits", lambda: store.limits.count("code", ["device:x"])),
        ):
            with pytest.raises(StoreUnreachable) as caught:
                work()
            assert str(caught.value) in (UNREACHABLE, CANNOT_CONNECT), step
        with pytest.raises(StoreUnreachable) as caught:
            open_store(url)
        assert str(caught.value) == CANNOT_CONNECT
    finally:
        store.close()
