"""A throwaway PostgreSQL cluster for tests and benchmarks (not for serving).

Design notes: ``docs/rooms.md``, ``cipherkit.rooms.pgtest``.
"""

from __future__ import annotations

import atexit
import contextlib
import os
import pwd
import re
import shutil
import socket
import subprocess
import tempfile
from pathlib import Path

from cipherkit.core.errors import CipherkitError

__all__ = ["PostgresUnavailable", "TempPostgres", "find_binaries"]

RUN_AS = "postgres"


class PostgresUnavailable(CipherkitError):
    """The PostgreSQL server binaries (or a user to run them as) are missing."""


def _version_key(path: Path) -> tuple[int, ...]:
    return tuple(int(n) for n in re.findall(r"\d+", path.parent.name)) or (0,)


def find_binaries() -> Path | None:
    """The folder holding ``initdb`` and ``pg_ctl`` (newest Debian version first)."""
    candidates = sorted(Path("/usr/lib/postgresql").glob("*/bin"), key=_version_key)
    for folder in reversed(candidates):
        if (folder / "initdb").exists() and (folder / "pg_ctl").exists():
            return folder
    initdb, pg_ctl = shutil.which("initdb"), shutil.which("pg_ctl")
    if initdb and pg_ctl and Path(initdb).parent == Path(pg_ctl).parent:
        return Path(initdb).parent
    return None


def _free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


class TempPostgres:
    """A PostgreSQL server of its own in a temporary folder.

    ``initdb`` makes the cluster and ``pg_ctl`` starts it on a free port, listening only
    on a Unix socket in the folder, with trust authentication for the ``postgres`` role;
    :meth:`stop` stops it and deletes the folder. The binaries come from
    ``/usr/lib/postgresql/*/bin`` (Debian's ``postgresql`` package; the newest version)
    or the ``PATH``. PostgreSQL refuses to run as root: as root the commands run as the
    ``postgres`` user (which Debian's package creates) through ``runuser``, and the
    folder is handed to that user.

    ``durable=False`` (the default) turns ``fsync`` off: fine for throwaway data, and
    much faster on slow disks.
    """

    def __init__(self, *, durable: bool = False) -> None:
        self.durable = durable
        self.bin: Path | None = None
        self.folder: Path | None = None
        self.port = 0
        self._user: pwd.struct_passwd | None = None
        self._running = False

    # ------------------------------------------------------------------ running
    def _command(self, *args: str) -> list[str]:
        if self._user is None:
            return list(args)
        return ["runuser", "-u", self._user.pw_name, "--", *args]

    def _run(self, *args: str, timeout: float = 120) -> None:
        assert self.folder is not None
        done = subprocess.run(
            self._command(*args),
            cwd=self.folder,
            capture_output=True,
            text=True,
            timeout=timeout,
            check=False,
        )
        if done.returncode != 0:
            output = (done.stderr or done.stdout).strip().splitlines()
            detail = output[-1] if output else f"exit {done.returncode}"
            raise PostgresUnavailable.say(
                "{name} failed: {detail}", name=Path(args[0]).name, detail=detail
            )

    def start(self) -> TempPostgres:
        """Make the cluster and start its server; raises
        :class:`PostgresUnavailable` with what to install when it cannot."""
        self.bin = find_binaries()
        if self.bin is None:
            raise PostgresUnavailable.say(
                "PostgreSQL's server binaries (initdb, pg_ctl) are not installed: "
                "apt-get install postgresql (Debian), or put them on the PATH"
            )
        if os.geteuid() == 0:
            try:
                self._user = pwd.getpwnam(RUN_AS)
            except KeyError:
                raise PostgresUnavailable.say(
                    "PostgreSQL will not run as root and there is no {run_as!r} user to "
                    "run it as (Debian's postgresql package makes one)",
                    run_as=RUN_AS,
                ) from None
        self.folder = Path(tempfile.mkdtemp(prefix="cipherkit-pg-"))
        data = self.folder / "data"
        data.mkdir()
        if self._user is not None:
            for path in (self.folder, data):
                os.chown(path, self._user.pw_uid, self._user.pw_gid)
        atexit.register(self.stop)
        self._run(
            str(self.bin / "initdb"),
            "-D",
            str(data),
            "--auth=trust",
            "-U",
            "postgres",
            "-E",
            "UTF8",
            "--locale=C",
            "--no-sync",
        )
        self.port = _free_port()
        self._pg_ctl_start()
        return self

    def _pg_ctl_start(self) -> None:
        assert self.bin is not None and self.folder is not None
        options = [
            f"-p {self.port}",
            f"-k {self.folder}",
            "-c listen_addresses=''",
            "-c max_connections=200",
        ]
        if not self.durable:
            options += ["-c fsync=off", "-c synchronous_commit=off", "-c full_page_writes=off"]
        self._run(
            str(self.bin / "pg_ctl"),
            "-D",
            str(self.folder / "data"),
            "-l",
            str(self.folder / "server.log"),
            "-o",
            " ".join(options),
            "-w",
            "-t",
            "60",
            "start",
        )
        self._running = True

    def _pg_ctl_stop(self) -> None:
        assert self.bin is not None and self.folder is not None
        self._running = False
        self._run(
            str(self.bin / "pg_ctl"), "-D", str(self.folder / "data"), "-m", "fast", "-w", "stop"
        )

    def pause(self) -> None:
        """Stop the server (fast shutdown: every connection is ended) and keep its data:
        an outage of the store, until :meth:`resume`."""
        if not self._running:
            raise CipherkitError.say("the throwaway PostgreSQL server is not running")
        self._pg_ctl_stop()

    def resume(self) -> None:
        """Start the server paused by :meth:`pause` again, on the same socket and data."""
        if self._running or self.folder is None:
            raise CipherkitError.say("the throwaway PostgreSQL server is not paused")
        self._pg_ctl_start()

    def url(self, database: str = "postgres") -> str:
        """A libpq URL for ``database`` on this server (over its Unix socket)."""
        return f"postgresql://postgres@/{database}?host={self.folder}&port={self.port}"

    def create_database(self, name: str) -> str:
        """Create an empty database ``name``; return its URL."""
        if not re.fullmatch(r"[a-z_][a-z0-9_]{0,40}", name):
            raise CipherkitError.say("not a plain database name: {name!r}", name=name)
        import psycopg

        with psycopg.connect(self.url(), autocommit=True) as conn:
            conn.execute(f"CREATE DATABASE {name}")
        return self.url(name)

    def stop(self) -> None:
        """Stop the server (fast shutdown) and delete its folder."""
        if self._running and self.bin is not None and self.folder is not None:
            with contextlib.suppress(PostgresUnavailable, subprocess.TimeoutExpired):
                self._pg_ctl_stop()
        if self.folder is not None:
            shutil.rmtree(self.folder, ignore_errors=True)
            self.folder = None
        atexit.unregister(self.stop)

    def __enter__(self) -> TempPostgres:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()
