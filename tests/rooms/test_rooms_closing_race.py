"""Closing a store while other threads read it (CI's stop 56 died of this: a table's
live thread was reading the SQLite store as the test closed it, and the process
crashed). Closing waits for the statement under way, so the readers get a plain
"store is closed" error and the process lives. Run in a child process: a crash there
fails this test instead of ending the whole run."""

from __future__ import annotations

import subprocess
import sys
import textwrap
from pathlib import Path

RACE = textwrap.dedent(
    """
    import sys, threading, time
    from pathlib import Path
    from cipherkit.rooms import open_store
    from cipherkit.rooms.db import StoreError

    errors = []

    def one(folder):
        store = open_store(f"sqlite:///{folder / 'rooms.db'}")
        room = store.create_room("intercept", {"players": 4}, seed=1)
        started = threading.Barrier(5)

        def reader():
            started.wait()
            while True:
                try:
                    store.info(room.id)
                    store.rooms()
                except Exception as exc:
                    errors.append(exc)
                    return

        threads = [threading.Thread(target=reader, daemon=True) for _ in range(4)]
        for thread in threads:
            thread.start()
        started.wait()
        time.sleep(0.05)
        store.close()
        for thread in threads:
            thread.join(10)
            assert not thread.is_alive()

    for i in range(int(sys.argv[1])):
        folder = Path(sys.argv[2]) / str(i)
        folder.mkdir()
        one(folder)
    kinds = sorted({type(e).__name__ for e in errors})
    print("survived", len(errors), kinds)
    """
)


def test_closing_a_store_under_reading_threads_does_not_crash(tmp_path: Path) -> None:
    done = subprocess.run(
        [sys.executable, "-c", RACE, "30", str(tmp_path)],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, (done.returncode, done.stderr[-2000:])
    assert done.stdout.startswith("survived 120 ")  # every reader stopped on an error...
    assert "StoreError" in done.stdout  # ...the store's own plain one
