"""Serve the puzzle gallery with Voila (on 127.0.0.1 unless told ``--ip``).

Design notes: ``docs/serve.md``, ``cipherkit.serve.launcher``.

Examples
--------
>>> cmd = voila_command("puzzles", 8866)
>>> cmd[1:3], cmd[-1]
(['-m', 'cipherkit.serve.voila_main'], '--no-browser')
>>> any(a.startswith("--Voila.config_file_paths=") for a in cmd)
True
"""

from __future__ import annotations

import contextlib
import importlib.util
import os
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Sequence
from pathlib import Path
from typing import IO

from cipherkit.classroom.keys import KEY_ENV, new_key
from cipherkit.core.errors import CipherkitError
from cipherkit.publish.teacher_page import TEACHER_PAGE
from cipherkit.rooms import default_store_url
from cipherkit.serve.reaper import Orphans, descendants

__all__ = [
    "CONFIG_DIR",
    "STORE_ENV",
    "exposure_warning",
    "serve",
    "store_url",
    "teacher_link",
    "voila_command",
]

CONFIG_DIR = Path(__file__).resolve().parent
"""The folder holding the committed ``voila.json``."""


STORE_ENV = "CIPHERKIT_STORE"
"""The variable that gives the kernels the rooms' store (``cipherkit.rooms``)."""

LOOPBACK = frozenset({"127.0.0.1", "localhost", "::1"})


def _lan_address() -> str:
    """This machine's address on its network (the one a route out would use), else its
    host name. Sends nothing: a UDP socket is only pointed somewhere."""
    import socket

    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as sock:
            sock.connect(("10.255.255.255", 1))
            return str(sock.getsockname()[0])
    except OSError:
        return socket.gethostname()


def teacher_link(ip: str, port: int, key: str) -> str:
    """The link that opens the teacher page with its key (in the fragment, which the
    browser never sends to the server; the page forgets it once read).

    >>> teacher_link("127.0.0.1", 8866, "k" * 22)
    'http://127.0.0.1:8866/voila/render/teacher.ipynb#key=kkkkkkkkkkkkkkkkkkkkkk'
    """
    host = _lan_address() if ip in ("0.0.0.0", "::", "") else ip
    if ":" in host:
        host = f"[{host}]"
    return f"http://{host}:{int(port)}/voila/render/{TEACHER_PAGE}#key={key}"


def exposure_warning(ip: str, port: int, directory: str | os.PathLike[str]) -> str | None:
    """What listening on ``ip`` exposes, in plain words (``None`` on 127.0.0.1).

    >>> exposure_warning("127.0.0.1", 8866, "puzzles") is None
    True
    >>> "every page" in exposure_warning("0.0.0.0", 8866, "puzzles")
    True
    """
    if ip in LOOPBACK:
        return None
    return (
        f"cipherkit: warning: listening on {ip or 'every address'} port {int(port)}: anyone "
        f"who can reach this machine on that port (the whole network, without a firewall) "
        f"can open every page in {directory}, start kernels on this machine, and join any "
        f"room whose code they know; the teacher page needs the teacher key. Use it on a "
        f"school network you trust, never straight on the internet (docs/deploy.md)."
    )


def store_url(directory: str | os.PathLike[str], store: str | None = None) -> str:
    """The rooms' store for a gallery: ``store``, else ``$CIPHERKIT_STORE``, else the
    per-user store that ``cipherkit rooms`` and ``cipherkit class export`` use too
    (:func:`cipherkit.rooms.default_store_url`), wherever the server is started from.
    ``directory`` (the gallery) no longer decides: a gallery shipped inside the package
    may not be writable, and a class's results belong to the teacher, not the pages.

    >>> import tempfile
    >>> folder = tempfile.mkdtemp()
    >>> store_url(folder, "postgresql://db/rooms")
    'postgresql://db/rooms'
    >>> from cipherkit.rooms import default_store_url
    >>> store_url(folder) == default_store_url()
    True
    """
    return store or os.environ.get(STORE_ENV) or default_store_url()


def voila_command(
    directory: str | os.PathLike[str],
    port: int = 8866,
    *,
    open_browser: bool = False,
    ip: str = "127.0.0.1",
    trusted_proxies: Sequence[str] = (),
) -> list[str]:
    """The command line that serves ``directory`` as a Voila gallery on ``ip``:``port``.

    Parameters
    ----------
    directory:
        Folder of notebooks; Voila shows it as a tree of pages.
    port:
        TCP port.
    open_browser:
        Ask Voila to open a web browser once it is up.
    ip:
        Address to listen on (default 127.0.0.1, this machine only).
    trusted_proxies:
        Addresses or networks of the reverse proxies in front of the server, whose
        ``X-Forwarded-For`` names the visitor (``GalleryKernelManager.trusted_proxies``).

    Examples
    --------
    >>> voila_command("puzzles", trusted_proxies=["127.0.0.1", "10.0.0.0/8"])[-1]
    '--GalleryKernelManager.trusted_proxies=10.0.0.0/8'
    """
    command = [
        sys.executable,
        "-m",
        "cipherkit.serve.voila_main",
        str(Path(directory).resolve()),
        f"--Voila.config_file_paths={CONFIG_DIR}",
        f"--Voila.ip={ip}",
        f"--port={int(port)}",
        "--strip_sources=True",
        "--show_tracebacks=False",
    ]
    command.append("--Voila.open_browser=True" if open_browser else "--no-browser")
    command += [f"--GalleryKernelManager.trusted_proxies={t}" for t in trusted_proxies]
    return command


def _teacher_key(url: str, given: str | None) -> str:
    """The teacher key to use (given, else ``$CIPHERKIT_TEACHER_KEY``, else new), its
    hash kept in the store at ``url``."""
    from cipherkit.classroom import open_classroom

    key = given or os.environ.get(KEY_ENV) or new_key()
    with open_classroom(url) as desk:
        shared = url.startswith("postgresql")  # a store several servers may share
        replaced = shared and desk.has_teacher_key() and not desk.check_key(key)
        desk.set_teacher_key(key)
    if replaced:
        print(SHARED_KEY_WARNING, flush=True)
    return key


SHARED_KEY_WARNING = (
    "cipherkit: warning: this store held another teacher key, now replaced: servers that "
    "share a store must be given the same key (--teacher-key-file or "
    "$CIPHERKIT_TEACHER_KEY), or the other servers' teacher links stop working"
)


def _check(directory: str | os.PathLike[str], port: int) -> Path:
    path = Path(directory)
    if not path.is_dir():
        raise CipherkitError.say(
            "no such folder of puzzle pages: {folder!r}", folder=str(directory)
        )
    if not 1 <= int(port) <= 65535:
        raise CipherkitError.say("port must be between 1 and 65535, not {port}", port=port)
    if importlib.util.find_spec("voila") is None:
        raise CipherkitError.say("voila is not installed: pip install 'cipherkit[serve]'")
    return path


STOP_GRACE = 5.0
"""Seconds Voila gets to stop by itself (and stop its kernels) before it and every
process it started are killed."""


ORPHAN_GRACE = 2.0
"""Seconds the kernels get to end by themselves once Voila has ended, before they are
killed."""


def _family(pid: int) -> set[int]:
    """``pid``'s descendants (kernels run in sessions of their own, so Voila's process
    group does not hold them)."""
    return descendants(pid)


def _kill(pids: set[int]) -> None:
    for pid in pids:
        with contextlib.suppress(OSError):
            os.kill(pid, signal.SIGKILL)


def _stop(process: subprocess.Popen[bytes], grace: float = STOP_GRACE) -> None:
    """Stop Voila and everything it started within ``grace`` seconds plus a moment.

    Voila gets SIGTERM (it stops its loop, so no new kernel starts, and kills its
    kernels); whatever still runs after ``grace`` seconds (Voila, a kernel still starting,
    anything they started) is killed with SIGKILL. A second Ctrl-C kills at once.
    """
    family = _family(process.pid)
    deadline = time.monotonic() + grace
    try:
        with contextlib.suppress(OSError):
            process.send_signal(signal.SIGTERM)
        while time.monotonic() < deadline:
            if process.poll() is None:
                family |= _family(process.pid)
            elif not any(_alive(pid) for pid in family):
                return
            time.sleep(0.1)
    except KeyboardInterrupt:
        pass
    if process.poll() is None:
        family |= _family(process.pid)
    with contextlib.suppress(OSError):
        os.killpg(process.pid, signal.SIGKILL)
    _kill(family)
    with contextlib.suppress(subprocess.TimeoutExpired):
        process.wait(timeout=5)


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except OSError:
        return False
    try:  # a zombie is not running
        with open(f"/proc/{pid}/stat", encoding="ascii", errors="replace") as stat:
            return stat.read().rsplit(")", 1)[-1].split()[0] != "Z"
    except OSError:
        return True


def _interrupt(signum: int, frame: object) -> None:
    raise KeyboardInterrupt


class _Relay:
    """Copy Voila's output (and its kernels') to our stdout until stopping begins.

    Once we have asked Voila to stop, what it and its kernels print on the way out
    (shutdown chatter, a kernel's traceback when it is stopped mid-execution) is
    dropped: the person pressed Ctrl-C and gets one line saying the server stopped.
    """

    def __init__(self, stream: IO[bytes]) -> None:
        self.stopping = threading.Event()
        self._stream = stream
        self._thread = threading.Thread(target=self._run, name="voila-output", daemon=True)
        self._thread.start()

    def _run(self) -> None:
        out = getattr(sys.stdout, "buffer", None)
        for line in iter(self._stream.readline, b""):
            if self.stopping.is_set():
                continue
            if out is not None:
                out.write(line)
                out.flush()
            else:
                sys.stdout.write(line.decode("utf-8", errors="replace"))
                sys.stdout.flush()

    def finish(self) -> None:
        # Kernels may hold the pipe a moment after Voila exits: do not wait for them.
        self._thread.join(timeout=2.0)


def serve(
    directory: str | os.PathLike[str] = "puzzles",
    port: int = 8866,
    open_browser: bool = False,
    store: str | None = None,
    ip: str = "127.0.0.1",
    teacher_key: str | None = None,
    trusted_proxies: Sequence[str] = (),
) -> int:
    """Run Voila on ``ip``:``port`` for the gallery in ``directory`` until Ctrl-C
    (``trusted_proxies``: :func:`voila_command`).

    Returns Voila's exit status (0 after a Ctrl-C). A missing folder is a
    :class:`~cipherkit.core.errors.CipherkitError` with a one-line message.

    Voila runs in its own session, so a Ctrl-C in the terminal reaches only this
    process, which then stops Voila with SIGTERM (a SIGINT delivered to Voila itself
    can land inside a page being rendered, and asyncio prints that task's traceback).
    SIGINT, SIGTERM and SIGHUP to this process stop Voila the same way, even if it was
    started with SIGINT ignored (in the background); SIGINT to Voila alone stops it as
    SIGTERM does (:mod:`cipherkit.serve.voila_main`). Whatever has not stopped
    :data:`STOP_GRACE` seconds later (Voila, kernels, kernels still starting) is killed,
    so the server is gone within about six seconds even on a loaded machine. Voila's log
    is shown as it runs; what it prints while shutting down is not.

    The kernels find the rooms of the *Play together* page in :func:`store_url`
    (``store``, e.g. ``postgresql://...`` for several servers), passed as
    ``$CIPHERKIT_STORE``.

    The **teacher key** (``teacher_key``, else ``$CIPHERKIT_TEACHER_KEY``, else a new
    random one) is stored hashed in that store and printed in the teacher link; the
    kernels never get it. Any ``ip`` but 127.0.0.1 prints :func:`exposure_warning`.

    >>> serve("no/such/folder")
    Traceback (most recent call last):
    ...
    cipherkit.core.errors.CipherkitError: no such folder of puzzle pages: 'no/such/folder'
    """
    path = _check(directory, port)
    url = store_url(path, store)
    key = _teacher_key(url, teacher_key)
    warning = exposure_warning(ip, port, directory)
    if warning:
        print(warning, flush=True)
    print(f"cipherkit: teacher page: {teacher_link(ip, port, key)}", flush=True)
    env = {**os.environ, "PYTHONUNBUFFERED": "1", STORE_ENV: url}
    env.pop(KEY_ENV, None)  # the kernels check the stored hash; they never hold the key
    with Orphans() as orphans:
        return _run(path, port, open_browser, ip, trusted_proxies, env, orphans)


def _run(
    path: Path,
    port: int,
    open_browser: bool,
    ip: str,
    trusted_proxies: Sequence[str],
    env: dict[str, str],
    orphans: Orphans,
) -> int:
    """Run Voila until it ends or we are told to stop; then nothing it started is left
    running (:mod:`cipherkit.serve.reaper`)."""
    process = subprocess.Popen(
        voila_command(
            path, port, open_browser=open_browser, ip=ip, trusted_proxies=trusted_proxies
        ),
        start_new_session=True,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        env=env,
    )
    assert process.stdout is not None
    relay = _Relay(process.stdout)
    # SIGINT too: a server started in the background (``&`` in a script) inherits it
    # ignored, and then Ctrl-C or ``kill -INT`` to this process alone did nothing.
    stops = (signal.SIGINT, signal.SIGTERM, signal.SIGHUP)
    previous = {sig: signal.signal(sig, _interrupt) for sig in stops}
    stopped_by_us = False
    try:
        return process.wait()
    except KeyboardInterrupt:
        stopped_by_us = True
        return 0
    finally:
        for sig, handler in previous.items():
            signal.signal(sig, handler)
        if process.poll() is None:
            relay.stopping.set()
            _stop(process)
        else:  # Voila ended by itself: its kernels get a moment to follow it
            relay.stopping.set()
        orphans.sweep(grace=ORPHAN_GRACE)
        relay.finish()
        if stopped_by_us:
            print("cipherkit: the gallery server has stopped.", flush=True)
