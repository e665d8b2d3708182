"""The kernel template: a warm Python process that forks page kernels in milliseconds.

``python -m cipherkit.publish.forkserver SOCKET`` imports what every gallery page
imports (ipykernel, the widget stack, numpy, cipherkit's games and widgets, and their
shared data), freezes the imported objects out of the garbage collector's reach, and
then waits on a Unix socket. It starts no thread and opens no ZeroMQ context: a
``fork`` of it is a clean process that shares those memory pages with the template,
copy-on-write, until it writes them.

Each request is one line of JSON, ``{"argv": [...], "env": {...}, "cwd": "..."}``, the
command a :class:`~jupyter_client.provisioning.LocalProvisioner` would have run
(``python -m ipykernel_launcher -f CONNECTION_FILE``). The template forks; the child
becomes a session leader, takes the request's environment and folder, reseeds every
random generator, and runs the kernel app as ``ipykernel_launcher`` would; the
template answers ``{"pid": N}`` and goes on waiting. Children are reaped by the system
(``SIGCHLD`` ignored in the template, restored in each child).

BLAS and OpenMP pools are held to one thread (set before numpy is imported), since a
thread pool does not survive a fork. The provisioner that talks to this process is
:mod:`cipherkit.publish.forkprov`.
"""

from __future__ import annotations

import os

for _var in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS", "NUMEXPR_NUM_THREADS"):
    os.environ[_var] = "1"  # before numpy: no BLAS thread pool in the template

import gc  # noqa: E402
import json  # noqa: E402
import signal  # noqa: E402
import socket  # noqa: E402
import sys  # noqa: E402
from typing import Any  # noqa: E402

__all__ = ["KERNEL_MODULE", "READY", "main", "warm"]

READY = "cipherkit-kernel-template ready"
"""The line the template prints once it listens."""
KERNEL_MODULE = "ipykernel_launcher"
AT_START = "__import__('ipywidgets').register_comm_target()"
"""Run by each forked kernel once its shell exists (what importing ipywidgets in a
kernel does)."""
MAX_REQUEST = 1 << 20


def warm() -> list[str]:
    """Import what the gallery's pages import, and load their shared data; return the
    modules imported (for the log)."""
    import importlib

    names = [
        "numpy",
        "zmq",
        "tornado.ioloop",
        "ipykernel.kernelapp",
        "ipykernel.ipkernel",
        "ipykernel.comm",
        "IPython.core.interactiveshell",
        "ipywidgets",
        "anywidget",
        "traitlets",
        "networkx",
        "yaml",
        "PIL.Image",
        "matplotlib",
        "cipherkit.core.session",
        "cipherkit.rooms",
        "cipherkit.games.decipher",
        "cipherkit.games.intercept",
        "cipherkit.games.mission",
        "cipherkit.widgets",
        "cipherkit.widgets.decipher_table",
        "cipherkit.widgets.intercept_table",
        "cipherkit.widgets.mission_table",
        "cipherkit.widgets.workbench",
        "cipherkit.widgets.lobby",
        "cipherkit.ciphers",
        "setproctitle",
    ]
    done = []
    for name in names:
        try:
            importlib.import_module(name)
        except Exception as exc:  # a missing optional part is not the template's end
            print(
                f"kernel template: could not import {name} ({type(exc).__name__})", file=sys.stderr
            )
            continue
        done.append(name)
    return done


def _child(request: dict[str, Any]) -> None:
    """In the forked child: become the kernel the request asks for. Never returns."""
    code = 1
    try:
        os.setsid()
        signal.signal(signal.SIGCHLD, signal.SIG_DFL)
        signal.signal(signal.SIGINT, signal.default_int_handler)
        signal.signal(signal.SIGTERM, signal.SIG_DFL)
        env = {str(k): str(v) for k, v in dict(request.get("env") or {}).items()}
        # ipykernel ends a kernel whose parent changed; this one's parent is the template,
        # so it watches the server instead and outlives a template that died.
        server = env.pop("JPY_PARENT_PID", "")
        os.environ.clear()
        os.environ.update(env)
        for var in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):
            os.environ.setdefault(var, "1")
        cwd = request.get("cwd")
        if cwd:
            os.chdir(str(cwd))
        null = os.open(os.devnull, os.O_RDONLY)
        os.dup2(null, 0)
        os.close(null)
        _reseed()
        argv = [str(a) for a in request["argv"]]
        _retitle(argv)
        module = argv.index("-m") + 1
        # ipywidgets registers its comm targets when imported inside a kernel; here it
        # was imported in the template, before any kernel: register them at start-up.
        sys.argv = [argv[0], *argv[module + 1 :], f"--IPKernelApp.exec_lines={AT_START!r}"]
        if sys.path and sys.path[0] in ("", os.getcwd()):
            sys.path.pop(0)  # as ipykernel_launcher does
        gc.unfreeze()
        if server.isdigit():
            _watch(int(server))
        from ipykernel import kernelapp

        kernelapp.launch_new_instance()
        code = 0
    except SystemExit as exc:
        code = exc.code if isinstance(exc.code, int) else 0
    except BaseException:
        import traceback

        traceback.print_exc()
    finally:
        sys.stdout.flush()
        sys.stderr.flush()
        os._exit(code)


def _watch(server: int) -> None:
    """End this kernel once the server that asked for it has gone (checked each second)."""
    import threading
    import time

    def run() -> None:
        while True:
            time.sleep(1.0)
            try:
                os.kill(server, 0)
            except ProcessLookupError:
                os._exit(1)
            except PermissionError:
                pass

    threading.Thread(target=run, name="cipherkit-server-watch", daemon=True).start()


def _retitle(argv: list[str]) -> None:
    """Show the kernel's own command line in ``ps`` (and to tools that find kernels by
    it), not the template's."""
    try:
        import setproctitle
    except ImportError:  # pragma: no cover - a declared dependency
        return
    setproctitle.setproctitle(" ".join(argv))


def _reseed() -> None:
    """Fresh random streams in each child (a fork copies the template's)."""
    import random

    random.seed(os.urandom(32))
    try:
        import numpy

        numpy.random.seed(int.from_bytes(os.urandom(4), "big"))
    except Exception:  # pragma: no cover - numpy is a dependency
        pass


def _read_request(conn: socket.socket) -> dict[str, Any]:
    data = b""
    while not data.endswith(b"\n"):
        chunk = conn.recv(65536)
        if not chunk:
            break
        data += chunk
        if len(data) > MAX_REQUEST:
            raise ValueError("request too long")
    request = json.loads(data.decode("utf-8"))
    argv = request.get("argv") if isinstance(request, dict) else None
    if not isinstance(argv, list) or "-m" not in argv[:-1]:
        raise ValueError("a request is {argv, env, cwd} with argv running a module")
    if argv[argv.index("-m") + 1] != KERNEL_MODULE:
        raise ValueError(f"the template starts only {KERNEL_MODULE}")
    return request


def serve(path: str) -> None:
    """Listen on the Unix socket ``path`` and fork a kernel per request, forever."""
    listener = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    if os.path.exists(path):
        os.unlink(path)
    listener.bind(path)
    os.chmod(path, 0o600)
    listener.listen(64)
    signal.signal(signal.SIGCHLD, signal.SIG_IGN)  # the system reaps the kernels
    gc.collect()
    gc.freeze()  # imported objects stay out of the collector's way: shared pages stay shared
    print(READY, flush=True)
    while True:
        conn, _ = listener.accept()
        with conn:
            try:
                request = _read_request(conn)
            except (ValueError, UnicodeDecodeError, OSError) as exc:
                conn.sendall(json.dumps({"error": str(exc)}).encode() + b"\n")
                continue
            pid = os.fork()
            if pid == 0:
                listener.close()
                conn.close()
                _child(request)
            conn.sendall(json.dumps({"pid": pid}).encode() + b"\n")


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if len(args) != 1:
        print("usage: python -m cipherkit.publish.forkserver SOCKET", file=sys.stderr)
        return 2
    try:  # claim the title's memory now, before any child changes its environment
        import setproctitle

        setproctitle.setproctitle(setproctitle.getproctitle())
    except ImportError:  # pragma: no cover - a declared dependency
        pass
    modules = warm()
    print(f"kernel template: {len(modules)} modules imported", file=sys.stderr, flush=True)
    try:
        serve(args[0])
    except KeyboardInterrupt:
        return 0
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
