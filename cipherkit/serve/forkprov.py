"""A kernel provisioner that forks page kernels from a warm template.

Design notes: ``docs/serve.md``, ``cipherkit.serve.forkprov``.
"""

from __future__ import annotations

import asyncio
import json
import logging
import os
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

from jupyter_client.connect import KernelConnectionInfo
from jupyter_client.provisioning import LocalProvisioner

from cipherkit.serve.forkserver import KERNEL_MODULE, READY, read_line

__all__ = [
    "KERNELS_ENV",
    "PROVISIONER",
    "ForkProvisioner",
    "ForkedProcess",
    "Template",
    "forking",
    "gallery_folder",
    "install",
    "template",
]

PROVISIONER = "cipherkit-fork"
"""The provisioner's name (entry point in ``jupyter_client.kernel_provisioners``)."""
KERNELS_ENV = "CIPHERKIT_KERNELS"
"""``fork`` (the default) or ``plain`` (every kernel a new Python, as Voila does)."""
START_SECONDS = 60.0
RETRY_SECONDS = 30.0
_log = logging.getLogger("cipherkit.kernels")


class ForkedProcess:
    """The parts of :class:`subprocess.Popen` a provisioner uses, for a kernel the
    template forked (a child of the template, not of this process: the system reaps
    it, so it is gone once it exits)."""

    stdin = stdout = stderr = None

    def __init__(self, pid: int) -> None:
        self.pid = pid
        self.returncode: int | None = None

    def poll(self) -> int | None:
        """The exit code once the kernel has ended (``-SIGKILL``: it is gone), else None."""
        if self.returncode is None and not _alive(self.pid):
            self.returncode = -signal.SIGKILL
        return self.returncode

    def wait(self, timeout: float | None = None) -> int:
        """Wait for the kernel to end and return its exit code (``TimeoutExpired`` after
        ``timeout`` seconds).
        """
        deadline = None if timeout is None else time.monotonic() + timeout
        while self.poll() is None:
            if deadline is not None and time.monotonic() > deadline:
                raise subprocess.TimeoutExpired(str(self.pid), timeout or 0)
            time.sleep(0.05)
        assert self.returncode is not None
        return self.returncode

    def send_signal(self, signum: int) -> None:
        """Send the signal ``signum`` to the kernel."""
        os.kill(self.pid, signum)

    def kill(self) -> None:
        """End the kernel at once (``SIGKILL``)."""
        self.send_signal(signal.SIGKILL)

    def terminate(self) -> None:
        """Ask the kernel to end (``SIGTERM``)."""
        self.send_signal(signal.SIGTERM)


def _alive(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/stat", "rb") as stat:
            state = stat.read().rsplit(b")", 1)[1].split()[0]
    except (FileNotFoundError, ProcessLookupError, IndexError):
        return False
    except OSError:  # no /proc: ask the system
        try:
            os.kill(pid, 0)
        except ProcessLookupError:
            return False
        return True
    return state not in (b"Z", b"X")


class Template:
    """The server's kernel template process: started on demand, replaced when dead."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.process: subprocess.Popen[bytes] | None = None
        self.socket_path = ""
        self.failed_at = 0.0
        self.forks = 0
        self.log: Any = _log  # the server's log once a provisioner has used the template
        self.gallery = gallery_folder()

    @property
    def pid(self) -> int | None:
        """The template's process id, or None when it is not started."""
        return None if self.process is None else self.process.pid

    def alive(self) -> bool:
        """Whether the template process is running."""
        return self.process is not None and self.process.poll() is None

    def start_soon(self) -> None:
        """Start the template in the background (the server goes on starting)."""
        threading.Thread(target=self.ensure, name="cipherkit-template", daemon=True).start()

    def ensure(self, *, wait: bool = True) -> bool:
        """Whether the template runs, starting it (and waiting for it) if needed; a
        template that died less than :data:`RETRY_SECONDS` ago is not tried again. With
        ``wait=False`` nothing waits: a template that is not ready yet is started in the
        background."""
        if not self.lock.acquire(blocking=wait):
            return False  # it is being started right now
        try:
            if self.alive():
                return True
            if self.process is not None:
                self.log.warning(
                    "the kernel template (pid %s) has died (exit %s): kernels start the "
                    "ordinary way until a new one is ready",
                    self.process.pid,
                    self.process.returncode,
                )
                self.process = None
                self.failed_at = time.monotonic()
                return False
            if self.failed_at and time.monotonic() - self.failed_at < RETRY_SECONDS:
                return False
            if wait:
                return self._start()
        finally:
            self.lock.release()
        self.start_soon()
        return False

    def _start(self) -> bool:
        folder = tempfile.mkdtemp(prefix="cipherkit-template-")
        self.socket_path = str(Path(folder) / "template.sock")
        env = {**os.environ, "PYTHONUNBUFFERED": "1"}
        started = time.monotonic()
        try:
            process = subprocess.Popen(  # in the server's process group: it ends with it
                [
                    sys.executable,
                    "-m",
                    "cipherkit.serve.forkserver",
                    self.socket_path,
                    self.gallery,
                ],
                stdin=subprocess.DEVNULL,
                stdout=subprocess.PIPE,
                env=env,
            )
        except OSError as exc:
            self.log.warning("the kernel template could not start (%s): ordinary kernels", exc)
            self.failed_at = time.monotonic()
            return False
        assert process.stdout is not None
        line = _read_line(process.stdout, START_SECONDS)
        if READY not in line:
            process.kill()
            self.log.warning("the kernel template did not start: kernels start the ordinary way")
            self.failed_at = time.monotonic()
            return False
        threading.Thread(target=_drain, args=(process.stdout,), daemon=True).start()
        threading.Thread(target=self._watch, args=(process,), daemon=True).start()
        self.process = process
        self.failed_at = 0.0
        self.log.info(
            "kernel template ready (pid %s) in %.1f s: page kernels are forked from it",
            process.pid,
            time.monotonic() - started,
        )
        return True

    def _watch(self, process: subprocess.Popen[bytes]) -> None:
        """Wait for the template to end, then reap it and say so at once (a dead
        template is not left a zombie until the next kernel is asked for)."""
        process.wait()
        with self.lock:
            if self.process is not process:
                return  # stopped on purpose, or already replaced
            self.log.warning(
                "the kernel template (pid %s) has died (exit %s): kernels start the "
                "ordinary way until a new one is ready",
                process.pid,
                process.returncode,
            )
            self.process = None
            self.failed_at = time.monotonic()

    def fork(self, argv: list[str], env: dict[str, str], cwd: str | None) -> int:
        """Ask the template for a kernel; its pid. Raises OSError when it cannot."""
        request = {"argv": argv, "env": env, "cwd": cwd}
        with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as conn:
            conn.settimeout(10.0)
            conn.connect(self.socket_path)
            conn.sendall(json.dumps(request).encode("utf-8") + b"\n")
            data = read_line(conn)
        answer = json.loads(data.decode("utf-8") or "{}")
        if "pid" not in answer:
            raise OSError(f"the kernel template refused: {answer.get('error', 'no answer')}")
        self.forks += 1
        return int(answer["pid"])

    def stop(self) -> None:
        """End the template process (waiting up to 10 seconds) and forget it."""
        with self.lock:
            process, self.process = self.process, None
            if process is not None and process.poll() is None:
                process.terminate()
                process.wait(10)


def gallery_folder(argv: list[str] | None = None) -> str:
    """The folder the server serves (Voila's first argument that is a folder; else the
    working directory): the template warms the missions published there.

    >>> gallery_folder(["voila", "--port=1", "/"])
    '/'
    >>> gallery_folder(["voila", "--port=1"]) == os.getcwd()
    True
    """
    for arg in (sys.argv if argv is None else argv)[1:]:
        if not arg.startswith("-") and os.path.isdir(arg):
            return os.path.abspath(arg)
    return os.getcwd()


def _read_line(stream: Any, seconds: float) -> str:
    found: list[bytes] = []
    reader = threading.Thread(target=lambda: found.append(stream.readline()), daemon=True)
    reader.start()
    reader.join(seconds)
    return found[0].decode("utf-8", "replace") if found else ""


def _drain(stream: Any) -> None:
    for _ in iter(stream.readline, b""):
        pass


_TEMPLATE = Template()


def template() -> Template:
    """This server process's kernel template."""
    return _TEMPLATE


def _kernel_name(argv: list[str]) -> str:
    """The kernel's id, read from its connection file's name (``kernel-ID.json``)."""
    for arg in argv:
        name = Path(arg).name
        if name.startswith("kernel-") and name.endswith(".json"):
            return name[len("kernel-") : -len(".json")]
    return "?"


def forkable(argv: list[str]) -> bool:
    """Whether a kernel command is one the template can run (``python -m
    ipykernel_launcher ...`` with this Python)."""
    try:
        module = argv[argv.index("-m") + 1]
    except (ValueError, IndexError):
        return False
    return module == KERNEL_MODULE and Path(argv[0]).name.startswith("python")


class ForkProvisioner(LocalProvisioner):
    """:class:`~jupyter_client.provisioning.LocalProvisioner`, but forked from the
    template when it can be (see the module docstring)."""

    async def launch_kernel(self, cmd: list[str], **kwargs: Any) -> KernelConnectionInfo:
        shared = template()
        shared.log = self.log
        # A template still warming up is waited for (in a thread: the server goes on):
        # a plain kernel started meanwhile would cost a whole Python's start, and keep
        # a preheated page at that cost. A dead one is not: see Template.ensure.
        if not forkable(cmd) or not await asyncio.to_thread(shared.ensure):
            return await super().launch_kernel(cmd, **kwargs)
        env = dict(kwargs.get("env") or os.environ)
        env["JPY_PARENT_PID"] = str(os.getpid())  # the kernel watches the server (as plain ones)
        cwd = kwargs.get("cwd")
        started = time.monotonic()
        try:
            pid = shared.fork(list(cmd), {str(k): str(v) for k, v in env.items()}, cwd)
        except (OSError, ValueError) as exc:
            self.log.warning(
                "the kernel template failed (%s): this kernel starts the ordinary way", exc
            )
            return await super().launch_kernel(cmd, **kwargs)
        # jupyter_client types process as a Popen; the provisioner only polls, waits for,
        # signals, kills and terminates it, which ForkedProcess does for a forked child
        self.process = ForkedProcess(pid)  # type: ignore[assignment]
        self.pid = pid
        self.pgid = pid  # the child made its own session and group
        self.cwd = cwd or os.getcwd()
        self.log.info(
            "kernel %s forked from the template as pid %s in %.0f ms",
            _kernel_name(cmd),
            pid,
            1000 * (time.monotonic() - started),
        )
        return self.connection_info


def forking() -> bool:
    """Whether this server starts its kernels with :class:`ForkProvisioner` (after
    :func:`install`)."""
    return os.environ.get("JUPYTER_DEFAULT_PROVISIONER_NAME") == PROVISIONER


def install() -> bool:
    """Make :class:`ForkProvisioner` the server's default provisioner (unless
    ``$CIPHERKIT_KERNELS`` is ``plain``) and start the template in the background;
    whether it did. Called by ``cipherkit serve``'s Voila before it starts."""
    mode = os.environ.get(KERNELS_ENV, "fork").strip().lower()
    if mode == "plain":
        _log.info("%s=plain: every kernel starts as a new Python", KERNELS_ENV)
        return False
    if mode != "fork":
        _log.warning("%s=%r is not fork or plain: forking kernels", KERNELS_ENV, mode)
    from importlib.metadata import EntryPoint

    from jupyter_client.provisioning import KernelProvisionerFactory

    KernelProvisionerFactory.provisioners.setdefault(
        PROVISIONER,
        EntryPoint(PROVISIONER, f"{__name__}:ForkProvisioner", KernelProvisionerFactory.GROUP_NAME),
    )
    os.environ["JUPYTER_DEFAULT_PROVISIONER_NAME"] = PROVISIONER
    template().start_soon()
    return True
