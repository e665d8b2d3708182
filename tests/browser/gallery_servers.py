"""Gallery servers for the browser suite: what ``cipherkit serve`` runs, on a free port,
over the suite's copy of ``puzzles/``, and one shared server per configuration.

:class:`GalleryServers` (the session fixture ``voila_servers``) starts a server the
first time a configuration is asked for (environment added and taken out, sections
merged into the committed ``voila.json``, a room store of its own) and gives every later
module asking for the same configuration the same server; all stop at the session's
end. A test that kills, overloads or reads the whole log of its server starts a private
one with :func:`start_gallery_server` in a module fixture and says why.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from cipherkit.serve.launcher import CONFIG_DIR, STORE_ENV, voila_command
from cipherkit.serve.lesson_cache import FOLDER as KEPT_RESULTS
from cipherkit.serve.preheat_memory import MEMORY_FILE
from tests.servers import free_port, start_server_process, stop_process_groups, wait_until_settled

PUZZLES = Path(__file__).resolve().parents[2] / "puzzles"
SEED = 20_250_611
SERVER_START_TIMEOUT = 90
NO_LESSON_PREHEAT: dict[str, dict[str, Any]] = {
    "VoilaKernelManager": {"preheat_denylist": [".ipynb_checkpoints", "lessons/"]}
}
"""``config`` for a server whose tests open no lesson: its lessons (English and Russian,
the costliest pages to preheat, several CPU-seconds each) are rendered when asked for,
not preheated, so the server settles in a fraction of the CPU time (the suite's time)."""


def copy_puzzles(folder: Path) -> Path:
    """Copy the checkout's ``puzzles/`` into ``folder`` as committed: without the rooms
    store, the kept lesson results and the preheat verdicts a local ``cipherkit serve``
    may have left in its ``.cipherkit/`` (a test's server starts as CI's does)."""
    kept = ("rooms.db*", KEPT_RESULTS.name, MEMORY_FILE.name)
    shutil.copytree(PUZZLES, folder, dirs_exist_ok=True, ignore=shutil.ignore_patterns(*kept))
    return folder


@dataclass
class Server:
    """A running gallery server: its address, the seed its pages deal from, the served
    folder, its log, and (when known) its process and its room store's URL."""

    url: str
    port: int
    seed: int
    root: Path
    log: Path
    process: subprocess.Popen[bytes] | None = None
    store: str | None = None

    def get(self, path: str, *, redirects: int = 5) -> tuple[int, str]:
        """GET a path exactly as written (no normalisation), following redirects on
        this server; return the final status and body."""
        import http.client
        import urllib.parse

        for _ in range(redirects + 1):
            conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=30)
            try:
                conn.request("GET", path)
                response = conn.getresponse()
                status = response.status
                body = response.read().decode("utf-8", errors="replace")
                location = response.getheader("Location")
            finally:
                conn.close()
            if status not in (301, 302, 303, 307, 308) or not location:
                return status, body
            target = urllib.parse.urlsplit(location)
            assert target.hostname in (None, "127.0.0.1"), f"redirect off the server: {location}"
            path = urllib.parse.urlunsplit(("", "", target.path, target.query, ""))
        raise AssertionError(f"too many redirects from {path}")


def start_gallery_server(
    gallery: Path,
    log: Path,
    env: dict[str, str] | None = None,
    *,
    drop: tuple[str, ...] = (),
    config: dict[str, dict[str, Any]] | None = None,
) -> tuple[Server, subprocess.Popen[bytes]]:
    """Start what ``cipherkit serve`` runs on ``gallery`` on a free port, with ``env``
    added to this process's environment (``drop``: variables taken out) and ``config``'s
    sections merged into the committed ``voila.json`` (a copy beside ``log``, named after
    it); return the server and its process once it answers (the caller stops it)."""
    port = free_port()
    full = {**os.environ, "PYTHONUNBUFFERED": "1", **(env or {})}
    for name in drop:
        full.pop(name, None)
    command = voila_command(gallery, port)
    if config:
        # one folder per server: two servers may keep their logs side by side
        folder = log.parent / f"{log.stem}-config"
        shutil.copytree(CONFIG_DIR, folder)
        merged = json.loads((folder / "voila.json").read_text(encoding="utf-8"))
        for section, values in config.items():
            merged.setdefault(section, {}).update(values)
        (folder / "voila.json").write_text(json.dumps(merged), encoding="utf-8")
        flag = "--Voila.config_file_paths="
        command = [f"{flag}{folder}" if arg.startswith(flag) else arg for arg in command]
    url = f"http://127.0.0.1:{port}"
    process = start_server_process(
        command,
        url=url + "/",
        log=log,
        cwd=gallery,
        env=full,
        timeout=SERVER_START_TIMEOUT,
    )
    # Its pages preheat first (a fresh server forks and runs a kernel for each, tens of
    # CPU-seconds): a test's first page is not queued behind that on a busy machine. On
    # CI's busiest minutes (the browser half beside the late tests) that took over 120 s.
    # (A page asked for then used to lose its widget: tests/serve/test_page_outputs.py.)
    wait_until_settled(process.pid, timeout=300)
    store = full.get(STORE_ENV)
    return Server(url, port, SEED, gallery, log, process, store), process


@dataclass(frozen=True)
class Setup:
    """What makes two gallery servers interchangeable (the pool's key)."""

    env: tuple[tuple[str, str], ...]
    drop: tuple[str, ...]
    config: str
    store: bool


class GalleryServers:
    """One running gallery server per :class:`Setup`, started when first asked for.

    ``folder()`` gives a new empty folder for a server's log (and its room store). Each
    server remembers its users (the fixtures that asked for it); :meth:`stop_unused`
    stops those no test still to run uses, as a module's own server used to stop.
    """

    def __init__(self, gallery: Path, folder: Callable[[], Path]) -> None:
        self.gallery = gallery
        self.folder = folder
        self.servers: dict[Setup, Server] = {}
        self.users: dict[Setup, set[str]] = {}
        self.starts = 0

    def get(
        self,
        env: dict[str, str] | None = None,
        *,
        drop: tuple[str, ...] = (),
        config: dict[str, dict[str, Any]] | None = None,
        store: bool = False,
        user: str = "",
    ) -> Server:
        """The server for this configuration: ``env`` added to the environment,
        ``drop`` taken out, ``config`` merged into ``voila.json``, and with ``store`` a
        SQLite room store of its own (``rooms.db`` beside its log, in ``$CIPHERKIT_STORE``
        and :attr:`Server.store`). ``user``: the name of the fixture asking."""
        setup = Setup(
            tuple(sorted((env or {}).items())),
            tuple(sorted(drop)),
            json.dumps(config or {}, sort_keys=True),
            store,
        )
        if setup not in self.servers:
            folder = self.folder()
            full = dict(env or {})
            if store:
                full[STORE_ENV] = f"sqlite:///{folder / 'rooms.db'}"
            server, _ = start_gallery_server(
                self.gallery, folder / "voila.log", full, drop=drop, config=config
            )
            self.servers[setup] = server
            self.starts += 1
        self.users.setdefault(setup, set()).add(user)
        return self.servers[setup]

    def stop_unused(self, still_used: Callable[[str], bool]) -> None:
        """Stop every server none of whose users is ``still_used`` (a later one asking
        again gets a new server)."""
        done = [
            setup
            for setup in self.servers
            if not any(still_used(user) for user in self.users.get(setup, ()))
        ]
        processes = [self.servers.pop(setup).process for setup in done]
        stop_process_groups([p for p in processes if p is not None])

    def stop_all(self) -> None:
        """Stop every server started here (their shutdowns overlap)."""
        stop_process_groups([s.process for s in self.servers.values() if s.process is not None])
        self.servers.clear()
