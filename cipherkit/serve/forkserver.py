"""The kernel template: a warm Python process that forks page kernels in milliseconds.

Design notes: ``docs/serve.md``, ``cipherkit.serve.forkserver``.
"""

from __future__ import annotations

import contextlib
import os

for _var in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS", "NUMEXPR_NUM_THREADS"):
    os.environ[_var] = "1"  # before numpy: no BLAS thread pool in the template
# ipykernel's debugger (debugpy) is imported here; its check for frozen modules would
# print a warning in the template and in every kernel.
os.environ.setdefault("PYDEVD_DISABLE_FILE_VALIDATION", "1")

import gc  # noqa: E402
import json  # noqa: E402
import signal  # noqa: E402
import socket  # noqa: E402
import sys  # noqa: E402
from pathlib import Path  # noqa: E402
from typing import TYPE_CHECKING, Any  # noqa: E402

if TYPE_CHECKING:
    from cipherkit.serve.shared_results import LessonWarmup

__all__ = [
    "KERNEL_MODULE",
    "LESSON_WAIT",
    "READY",
    "WARM_DATA",
    "WARM_GROUP",
    "WARM_MODULES",
    "WARM_PACKAGES",
    "main",
    "prepare_bots",
    "read_line",
    "warm",
    "warm_data",
    "warm_pages",
]

READY = "cipherkit-kernel-template ready"
"""The line the template prints once it listens."""
KERNEL_MODULE = "ipykernel_launcher"
AT_START = (
    "__import__('ipywidgets').register_comm_target();"
    "__import__('cipherkit.widgets.figures', fromlist=['_']).start_inline_plots()"
)
"""Run by each forked kernel once its shell exists: what importing ipywidgets in a
kernel does, and matplotlib's backend as the kernel set it (``MPLBACKEND``, the inline
backend, connected to the shell: the template imported matplotlib and the backend before
any kernel existed, so without this a lesson's ``plt.show()`` drew nothing on its page;
:func:`cipherkit.widgets.figures.start_inline_plots`)."""
MAX_REQUEST = 1 << 20
LESSON_WAIT = 5.0
"""Seconds the template waits, once its tables are built, for the lesson pages' shared
results (:mod:`cipherkit.serve.shared_results`) before it serves; later results are
kept as they come."""


WARM_MODULES = (
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
    "matplotlib.pyplot",  # 0.6 CPU-s a lesson kernel would spend (its backend: the kernel's)
    "matplotlib_inline.backend_inline",
    "cipherkit.core.session",
    "cipherkit.rooms",
    "cipherkit.ciphers",
    "setproctitle",
    "ipykernel.debugger",
    "IPython.core.completerlib",
    "IPython.core.debugger",
    "IPython.extensions.storemagic",
    "psutil",
    "numpy.random",
    "tornado.queues",
    "tornado.gen",
    "PIL.ImageDraw",
    "PIL.ImageFont",
    "xml.dom.minidom",
    "encodings.cp437",
    "encodings.utf_8_sig",
    "encodings.idna",
    "cipherkit.ciphers.exercises",
    "cipherkit.classroom",
)
"""Modules every kind of page imports (besides every registered game, its bots and every
module of :data:`WARM_PACKAGES`)."""
WARM_PACKAGES = ("cipherkit.widgets", "cipherkit.publish")
"""Packages whose every module a page may import: the tables and the pages' helpers."""
WARM_GROUP = "cipherkit.warm"
"""The entry-point group of the games' own warm-up hooks (name -> a function of no
arguments loading what all that game's pages share)."""


def warm() -> list[str]:
    """Import what the gallery's pages import: :data:`WARM_MODULES`, every module of
    :data:`WARM_PACKAGES`, and every registered game with its bots; return what was
    imported or loaded (for the log)."""
    import importlib
    import pkgutil

    names = list(WARM_MODULES)
    for package in WARM_PACKAGES:
        try:
            found = importlib.import_module(package).__path__
        except Exception:  # pragma: no cover - part of cipherkit
            continue
        names += [info.name for info in pkgutil.iter_modules(found, package + ".")]
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
    from cipherkit.core import registry

    for game in registry.game_names():
        try:
            registry.get_game(game)
            registry.bot_names(game)  # loads each bot factory's module
        except Exception as exc:
            print(
                f"kernel template: game {game} not loaded ({type(exc).__name__})", file=sys.stderr
            )
            continue
        done.append(f"game {game}")
    with contextlib.suppress(Exception):  # matplotlib's backends named by entry points,
        from matplotlib.backends.registry import backend_registry  # read once, not per kernel

        backend_registry.is_valid_backend("inline")
        done.append("matplotlib's backends")
    return done


WARM_DATA: tuple[tuple[str, str, tuple[Any, ...]], ...] = (
    ("cipherkit.ciphers.stats", "english", ()),
    ("cipherkit.ciphers.stats", "_quad_mean", ()),
    ("cipherkit.ciphers.stats", "_word_logprobs", ()),
    ("cipherkit.ciphers.wordmodel", "word_model", ()),
    ("cipherkit.ciphers.substitution_solver", "_pattern_words", ()),
    # the compiled catalogs: a page in Russian reads its words at once (issue 47)
    ("cipherkit.i18n.words", "catalog", ("ru",)),
    ("cipherkit.publish.lessons_i18n", "lesson_catalog", ("ru",)),
)
"""The ciphers' shared data the lessons and workbench pages load, as (module, cached
loader, arguments): n-gram and word tables. Loaded in the template, each kernel shares them
instead of reading its own copy; each game's own data comes from its hook
(:data:`WARM_GROUP`: an Intercept page's kernel, 146 MB -> 31 MB USS)."""


def warm_data(calls: tuple[tuple[str, str, tuple[Any, ...]], ...] = WARM_DATA) -> list[str]:
    """Call each cached loader of ``calls``, then each game's warm-up hook
    (:data:`WARM_GROUP`); return those that ran, as ``module.name`` (a hook's as it says).

    >>> "math.sqrt" in warm_data((("math", "sqrt", (4.0,)), ("math", "no_such_loader", ())))
    True
    """
    import importlib
    from importlib.metadata import entry_points

    done = []
    for module, name, args in calls:
        try:
            getattr(importlib.import_module(module), name)(*args)
        except Exception:  # missing data is each page's own error, not the template's
            continue
        done.append(f"{module}.{name}")
    for entry in entry_points(group=WARM_GROUP):
        try:
            loaded = entry.load()()
        except Exception as exc:
            print(
                f"kernel template: {entry.name} not warmed ({type(exc).__name__})", file=sys.stderr
            )
            continue
        done += [str(item) for item in loaded or ()]
    return done


def warm_pages(gallery: str = ".") -> int:
    """Build once each table the gallery in ``gallery`` shows
    (:func:`cipherkit.publish.warm.page_tables`), with no kernel, and let each table's
    bots prepare for it (:func:`prepare_bots`): their glyph sheets, fonts, drawings and
    the bots' answer fits are cached here and shared. The widgets are closed at once.
    Return how many were built."""
    try:
        from cipherkit.publish.warm import page_tables

        makers = page_tables(gallery)
    except Exception as exc:  # pragma: no cover - part of cipherkit
        print(f"kernel template: no pages warmed ({type(exc).__name__})", file=sys.stderr)
        return 0
    built = 0
    for make in makers:
        try:
            widget = make()
            prepare_bots(widget)
            widget.close()
            built += 1
        except Exception as exc:  # a page that cannot be built here fails in its kernel
            print(f"kernel template: a page was not built ({type(exc).__name__})", file=sys.stderr)
    try:
        import ipywidgets

        ipywidgets.Widget.close_all()
    except Exception:  # pragma: no cover
        pass
    return built


def prepare_bots(table: Any) -> bool:
    """Let the bot a page's table declares (its ``bot_name``, for the game its ``state``
    belongs to) work out once what its first moves start from: the bot's ``prepare``,
    given the table's state, if it has one. Return whether a bot prepared.

    >>> prepare_bots(object())
    False
    """
    from cipherkit.core.registry import game_names, get_game, make_bot

    state = getattr(table, "state", None)
    spec = getattr(table, "bot_name", None)
    if state is None or not isinstance(spec, str):
        return False
    games = [name for name in game_names() if isinstance(state, get_game(name).state_type)]
    if len(games) != 1:
        return False
    prepare = getattr(make_bot(games[0], spec), "prepare", None)
    if prepare is None:
        return False
    prepare(state)
    return True


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
        # A page has no use for IPython's history database: without it a kernel starts
        # without opening (and writing to) the one SQLite file every kernel shares.
        sys.argv = [
            argv[0],
            *argv[module + 1 :],
            f"--IPKernelApp.exec_lines={AT_START!r}",
            "--HistoryManager.enabled=False",
        ]
        if sys.path and sys.path[0] in ("", os.getcwd()):
            sys.path.pop(0)  # as ipykernel_launcher does
        # The template's objects stay frozen: a full collection here would write to the
        # header of every one of them, and copy every page it shares with the template.
        if server.isdigit():
            _watch(int(server))
        from ipykernel import ipkernel, kernelapp

        app = kernelapp.IPKernelApp.instance()
        ipkernel.sys = _ListedModules(_MODULE_FILES)  # type: ignore[assignment]
        try:
            app.initialize()
        finally:
            ipkernel.sys = sys
        app.start()
        code = 0
    except SystemExit as exc:
        code = exc.code if isinstance(exc.code, int) else 0
    except BaseException as exc:
        folder = _connection_folder(request.get("argv") or [])
        if folder is not None and not folder.exists():
            # The server stopped (and removed its connection folder) while this kernel
            # was still binding its sockets there: nothing is wrong, nobody waits for it.
            print(f"cipherkit: a kernel still starting when the server stopped ended ({exc})")
        else:
            import traceback

            traceback.print_exc()
    finally:
        sys.stdout.flush()
        sys.stderr.flush()
        os._exit(code)


def _connection_folder(argv: list[Any]) -> Path | None:
    """The folder of the connection file a kernel's command line names (``-f FILE``).

    >>> _connection_folder(["python", "-m", "ipykernel_launcher", "-f", "/tmp/v/k.json"])
    PosixPath('/tmp/v')
    >>> _connection_folder(["python"]) is None
    True
    """
    words = [str(word) for word in argv]
    if "-f" in words[:-1]:
        return Path(words[words.index("-f") + 1]).parent
    return None


class _ListedModules:
    """``sys`` for ipykernel's kernel while it starts, with ``modules`` listed in the
    template (see :func:`list_modules`); everything else is the real ``sys``.

    ipykernel lists every module's file when a kernel starts (for its debugger).
    Reading 1,300 module objects and their file names, spread over the template's
    memory, writes to each one's reference count and so copies ~9 MB of shared pages
    into every kernel; the list made in the template holds copies of those names in a
    few pages of their own.

    >>> listed = _ListedModules({"json": _ModuleFile("/lib/json/__init__.py")})
    >>> [m.__file__ for m in listed.modules.copy().values()], listed.maxsize == sys.maxsize
    (['/lib/json/__init__.py'], True)
    """

    def __init__(self, modules: dict[str, _ModuleFile]) -> None:
        self.modules = modules

    def __getattr__(self, name: str) -> Any:
        return getattr(sys, name)


class _ModuleFile:
    """A module's file name, as ipykernel reads it (``__file__``)."""

    __slots__ = ("__file__",)

    def __init__(self, file: str) -> None:
        self.__file__ = file


_MODULE_FILES: dict[str, _ModuleFile] = {}


def list_modules() -> int:
    """List the loaded modules' files for the kernels (:class:`_ListedModules`), with
    names copied here; return how many."""
    _MODULE_FILES.clear()
    for name, module in list(sys.modules.items()):
        file = getattr(module, "__file__", None)
        if isinstance(file, str) and file:
            _MODULE_FILES[name] = _ModuleFile("".join([file, " "])[:-1])  # a copy of its own
    return len(_MODULE_FILES)


def _watch(server: int) -> None:
    """End this kernel once the server that asked for it has gone (checked each second)."""
    import threading
    import time

    def run() -> None:
        while True:
            time.sleep(1.0)
            try:
                os.kill(server, 0)
                with open(f"/proc/{server}/stat", "rb") as stat:  # (Linux) a zombie is gone
                    if stat.read().rsplit(b")", 1)[-1].split()[0] == b"Z":
                        os._exit(1)
            except ProcessLookupError:
                os._exit(1)
            except OSError:
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


def read_line(conn: socket.socket) -> bytes:
    """What ``conn`` sends up to a newline (or its end): one request or one answer of
    the template's protocol. Raises ValueError past :data:`MAX_REQUEST` bytes."""
    data = b""
    while not data.endswith(b"\n"):
        chunk = conn.recv(65536)
        if not chunk:
            break
        data += chunk
        if len(data) > MAX_REQUEST:
            raise ValueError("request too long")
    return data


def _read_request(conn: socket.socket) -> dict[str, Any]:
    request = json.loads(read_line(conn).decode("utf-8"))
    argv = request.get("argv") if isinstance(request, dict) else None
    if not isinstance(argv, list) or "-m" not in argv[:-1]:
        raise ValueError("a request is {argv, env, cwd} with argv running a module")
    if argv[argv.index("-m") + 1] != KERNEL_MODULE:
        raise ValueError(f"the template starts only {KERNEL_MODULE}")
    return request


def _trim() -> None:
    """Give the memory freed while warming back to the system (~25 MB of the C heap),
    so it is neither counted in the template nor copied into kernels."""
    try:
        import ctypes

        ctypes.CDLL("libc.so.6").malloc_trim(0)
    except (OSError, AttributeError):  # not glibc: nothing to trim
        pass


def serve(path: str, lessons: LessonWarmup | None = None) -> None:
    """Listen on the Unix socket ``path`` and fork a kernel per request, until the
    process that started the template (the server) has gone. ``lessons``: the lesson
    pages being run for their shared results; kept as they come (kernels forked
    afterwards share them)."""
    server = os.getppid()
    listener = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    if os.path.exists(path):
        os.unlink(path)
    listener.bind(path)
    os.chmod(path, 0o600)
    listener.listen(64)
    signal.signal(signal.SIGCHLD, signal.SIG_IGN)  # the system reaps the kernels
    list_modules()
    gc.collect()
    _trim()
    gc.freeze()  # imported objects stay out of the collector's way: shared pages stay shared
    print(READY, flush=True)
    listener.settimeout(0.2 if lessons is not None else 1.0)
    while True:
        if lessons is not None and lessons.poll():
            gc.freeze()  # the kept results too
            print(f"kernel template: {lessons.summary()}", file=sys.stderr, flush=True)
            lessons = None
            listener.settimeout(1.0)
        try:
            conn, _ = listener.accept()
        except TimeoutError:
            if os.getppid() != server:  # the server ended without ending its template
                return
            continue
        conn.settimeout(10.0)
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
                for fd in lessons.fds() if lessons is not None else ():
                    os.close(fd)
                _child(request)
            conn.sendall(json.dumps({"pid": pid}).encode() + b"\n")


def main(argv: list[str] | None = None) -> int:
    """``python -m cipherkit.serve.forkserver SOCKET``: warm up, then fork page kernels on
    request until stopped.
    """
    args = sys.argv[1:] if argv is None else argv
    if len(args) not in (1, 2):
        print("usage: python -m cipherkit.serve.forkserver SOCKET [GALLERY]", file=sys.stderr)
        return 2
    try:  # claim the title's memory now, before any child changes its environment
        import setproctitle

        setproctitle.setproctitle(setproctitle.getproctitle())
    except ImportError:  # pragma: no cover - a declared dependency
        pass
    gallery = args[1] if len(args) > 1 else "."
    modules = warm()
    data = warm_data()
    # The lessons' same-for-everyone results: each lesson page runs once in a child of
    # its own, while the tables are built here and kernels are forked (shared_results).
    from cipherkit.serve import shared_results
    from cipherkit.serve.lesson_cache import LessonCache

    shared_results.install()
    lessons = shared_results.LessonWarmup(gallery, cache=LessonCache(gallery))
    lessons.start()
    pages = warm_pages(gallery)
    lessons.wait(LESSON_WAIT)  # most often done by now; if not, kept as they come
    print(
        f"kernel template: {len(modules)} modules imported, {len(data)} data tables loaded, "
        f"{pages} pages built",
        file=sys.stderr,
        flush=True,
    )
    try:
        serve(args[0], lessons)
    except KeyboardInterrupt:
        return 0
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
