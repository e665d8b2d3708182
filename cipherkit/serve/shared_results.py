"""Results every student's kernel would compute alike, computed once by the kernel
template and shared by the kernels it forks.

A lesson page solves the same ciphertext with the same seed in every kernel
(``solve_substitution(secret, seed=1)``: seconds of CPU each). The template wraps the
solvers of :data:`SHARED_CALLS` (:func:`install`), runs each lesson page's code once in a
throwaway child of its own (:func:`warm_lessons`), and keeps what those calls returned,
keyed by their arguments; a kernel forked afterwards that makes the same call gets the
kept result at once. Kernels only read the table: a call with other arguments runs as
before and is not kept. Plain kernels never see any of this. See docs/deploy.md.
"""

from __future__ import annotations

import contextlib
import functools
import importlib
import inspect
import json
import os
import pickle
import re
import select
import signal
import sys
import time
from collections.abc import Callable, Hashable, Iterable
from pathlib import Path
from typing import Any

from cipherkit.serve.lesson_cache import FOLDER, LessonCache

__all__ = [
    "MIN_CPU",
    "SHARED_CALLS",
    "TIMINGS",
    "LessonWarmup",
    "call_key",
    "install",
    "lesson_pages",
    "shared",
    "table",
    "warm_lessons",
]

SHARED_CALLS: tuple[tuple[str, str], ...] = (
    ("cipherkit.ciphers", "solve_substitution"),
    ("cipherkit.ciphers", "solve_vigenere"),
    ("cipherkit.ciphers", "solve_playfair"),
    ("cipherkit.ciphers", "solve_columnar"),
    ("cipherkit.ciphers", "crack_text"),
    ("cipherkit.ciphers", "factor_times"),
    ("cipherkit.ciphers", "log_times"),
)
"""(module, function) of the deterministic solvers whose results may be shared: the
same arguments (seed included) always give the same result. The two timing tables
(lessons 12 and 13: how long an attack takes as the key grows, "timed now, on this
computer") are shared too: measured once by the template on this server, they say the
same thing, and a class of kernels measuring it at once would only measure each other."""
MIN_CPU = 0.05
"""A warm-up call that took less CPU than this (seconds) is not worth keeping."""
TIMINGS = frozenset({"cipherkit.ciphers.factor_times", "cipherkit.ciphers.log_times"})
"""The timing tables: kept whatever they cost (measured once per server is their point;
lesson 12's takes about :data:`MIN_CPU` and was kept on one run and not the next)."""
SIMPLE = (str, int, float, bool, type(None))

_table: dict[Hashable, Any] = {}
_recording: dict[Hashable, Any] | None = None


def table() -> dict[Hashable, Any]:
    """The kept results (a key of :func:`call_key` -> the result)."""
    return _table


def call_key(
    name: str, signature: inspect.Signature, args: tuple[Any, ...], kwargs: dict[str, Any]
) -> Hashable | None:
    """The key of a call of the function ``name``: its arguments bound to ``signature``,
    defaults filled in (a list or tuple of plain values as a tuple); ``None`` when an
    argument is not a plain value (a string, number, bool or None) or such a list, which
    is never shared.

    >>> sig = inspect.signature(lambda text, *, seed=0: None)
    >>> call_key("f", sig, ("abc",), {}) == call_key("f", sig, (), {"text": "abc", "seed": 0})
    True
    >>> call_key("f", sig, ([8, 10],), {}) == call_key("f", sig, ((8, 10),), {})
    True
    >>> call_key("f", sig, ([["abc"]],), {}) is None
    True
    """
    try:
        bound = signature.bind(*args, **kwargs)
    except TypeError:
        return None
    bound.apply_defaults()
    items = []
    for key, value in bound.arguments.items():
        if type(value) in (list, tuple) and len(value) <= 100:
            value = tuple(value)
            if not all(type(v) in SIMPLE for v in value):
                return None
        elif type(value) not in SIMPLE:
            return None
        items.append((key, value))
    return (name, tuple(items))


def shared(function: Callable[..., Any], name: str) -> Callable[..., Any]:
    """``function`` answering from the kept results when called with arguments of a kept
    call (and, while a lesson is warmed, keeping what its slower calls return); otherwise
    it runs as before. Its name, docstring and signature are the function's.

    >>> def double(x): return 2 * x
    >>> wrapped = shared(double, "double")
    >>> table()[call_key("double", inspect.signature(double), (21,), {})] = "kept"
    >>> wrapped(21), wrapped(5), wrapped.__name__
    ('kept', 10, 'double')
    >>> table().clear()
    """
    signature = inspect.signature(function)

    @functools.wraps(function)
    def call(*args: Any, **kwargs: Any) -> Any:
        key = call_key(name, signature, args, kwargs)
        if key is None:
            return function(*args, **kwargs)
        if key in _table:
            return _table[key]
        if _recording is None:
            return function(*args, **kwargs)
        started = time.process_time()
        result = function(*args, **kwargs)
        worth = name in TIMINGS or time.process_time() - started >= MIN_CPU
        if worth and not getattr(result, "timed_out", False):
            _recording[key] = result  # (a search its time limit cut short is not kept)
        return result

    call.__cipherkit_shared__ = True  # type: ignore[attr-defined]
    return call


def install(calls: Iterable[tuple[str, str]] = SHARED_CALLS) -> list[str]:
    """Replace each function of ``calls`` in its module by its :func:`shared` form (what
    ``from module import *`` gives a page afterwards); return those replaced.

    >>> install([("no.such.module", "f")])
    []
    """
    done = []
    for module_name, name in calls:
        try:
            module = importlib.import_module(module_name)
            function = getattr(module, name)
        except (ImportError, AttributeError):
            continue
        if not getattr(function, "__cipherkit_shared__", False):
            setattr(module, name, shared(function, f"{module_name}.{name}"))
        done.append(f"{module_name}.{name}")
    return done


SPEAK = "from cipherkit.i18n import use"
"""How a translated page's first code cell begins (:func:`cipherkit.publish.pages.speak_cell`)."""
_SPOKEN = re.compile(re.escape(SPEAK) + r'\n\nuse\("[^"]*"\)\n*')


def lesson_pages(gallery: str | os.PathLike[str]) -> list[Path]:
    """The lesson notebooks of the gallery (``metadata.cipherkit.kind == "lesson"``),
    not in dot-folders, in path order; of two with the same code, the first (a lesson's
    twin in another language has its code)."""
    root = Path(gallery)
    found, seen = [], set()
    for folder, dirs, files in os.walk(root):
        dirs[:] = sorted(d for d in dirs if not d.startswith((".", "__")))
        for name in sorted(files):
            if not name.endswith(".ipynb"):
                continue
            path = Path(folder) / name
            try:
                notebook = json.loads(path.read_text(encoding="utf-8"))
                kind = notebook["metadata"]["cipherkit"]["kind"]
                code = [  # a twin's language does not make it another lesson
                    _SPOKEN.sub("", "".join(c.get("source") or []))
                    for c in notebook["cells"]
                    if c.get("cell_type") == "code"
                ]
            except (OSError, ValueError, KeyError, TypeError):
                continue
            if kind == "lesson" and tuple(code) not in seen:
                seen.add(tuple(code))
                found.append(path)
    return sorted(found)


def _run_page(path: Path) -> None:
    """Run the code cells of the notebook at ``path`` as plain Python, in its folder, in
    one namespace; a cell that fails is skipped (IPython's magics have no shell here)."""
    from IPython.core.inputtransformer2 import TransformerManager

    cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
    os.chdir(path.parent)
    namespace: dict[str, Any] = {"__name__": "__main__"}
    transform = TransformerManager().transform_cell
    for cell in cells:
        if cell.get("cell_type") != "code":
            continue
        source = "".join(cell.get("source") or [])
        with contextlib.suppress(Exception):
            exec(compile(transform(source), str(path), "exec"), namespace)


def _warm_child(path: Path, out: int) -> None:
    """In a forked child: run the page, write the slower shared calls' results (pickled)
    to the pipe ``out``. Never returns."""
    global _recording
    code = 1
    try:
        signal.signal(signal.SIGTERM, signal.SIG_DFL)
        os.nice(10)  # the template's own warm-up and the kernels come first
        null = os.open(os.devnull, os.O_RDWR)
        for fd in (0, 1, 2):
            os.dup2(null, fd)
        _recording = {}
        from cipherkit.ciphers.budget import measure_cpu_time

        measure_cpu_time()  # niced behind the kernels: their load must not cut a search
        _run_page(path)
        kept = {}
        for key, value in _recording.items():
            with contextlib.suppress(Exception):
                pickle.dumps(value)
                kept[key] = value
        data = pickle.dumps(kept)
        view = memoryview(data)
        while view:
            view = view[os.write(out, view) :]
        code = 0
    except BaseException:
        pass
    finally:
        os._exit(code)


class LessonWarmup:
    """Each lesson page of a gallery (:func:`lesson_pages`) run in a child forked from
    this process, all at once (:meth:`start`), and what their slower shared calls
    returned kept in the table as each child ends (:meth:`poll`, :meth:`collect`); call
    :func:`install` first. The process goes on with its own work meanwhile. With
    ``cache``, a page whose results it keeps is not run, and what a page run gives is
    kept there for the next start."""

    def __init__(
        self,
        gallery: str | os.PathLike[str],
        timeout: float = 300.0,
        at_once: int = 0,
        cache: LessonCache | None = None,
    ) -> None:
        self.gallery = gallery
        self.timeout = timeout
        self.at_once = at_once or os.cpu_count() or 1
        self.cache = cache
        self.from_cache = 0
        self.deadline = 0.0
        self.waiting: list[Path] = []
        self.children: dict[int, tuple[Path, int, bytearray]] = {}
        self.given: dict[str, int] = {}

    def start(self) -> int:
        """Fork a child per lesson page (``at_once`` at a time, one per CPU by default:
        the rest as those end); return how many pages."""
        self.deadline = time.monotonic() + self.timeout
        pages, self.waiting = lesson_pages(self.gallery), []
        for path in pages:
            kept = self.cache.read(path) if self.cache is not None else None
            if kept is None:
                self.waiting.append(path)
            else:
                _table.update(kept)
                self.given[path.name] = len(kept)
                self.from_cache += 1
        self._fork_more()
        return len(pages)

    def _fork_more(self) -> None:
        while self.waiting and len(self.children) < self.at_once:
            path = self.waiting.pop(0)
            read, write = os.pipe()
            pid = os.fork()
            if pid == 0:
                os.close(read)
                for fd in self.fds():
                    os.close(fd)
                _warm_child(path, write)
            os.close(write)
            self.children[read] = (path, pid, bytearray())

    @property
    def done(self) -> bool:
        """Whether every page has been run and collected."""
        return not self.children and not self.waiting

    def fds(self) -> list[int]:
        """The pipes still open (a process forked from this one closes them)."""
        return list(self.children)

    def poll(self, wait: float = 0.0) -> bool:
        """Read what the children wrote (waiting up to ``wait`` seconds for some), keep
        the results of those that ended; past the deadline, stop the rest (they keep
        nothing). Return whether all are done."""
        if self.done:
            return True
        ready, _, _ = select.select(self.fds(), [], [], wait)
        for fd in ready:
            chunk = os.read(fd, 1 << 16)
            if chunk:
                self.children[fd][2].extend(chunk)
            else:
                self._finish(fd, killed=False)
        if time.monotonic() > self.deadline:
            for fd in self.fds():
                self._finish(fd, killed=True)
            for path in self.waiting:
                self.given[path.name] = 0
            self.waiting = []
        self._fork_more()
        return self.done

    def _finish(self, fd: int, *, killed: bool) -> None:
        path, pid, data = self.children.pop(fd)
        os.close(fd)
        if killed:
            with contextlib.suppress(ProcessLookupError):
                os.kill(pid, signal.SIGKILL)
        results: dict[Hashable, Any] = {}
        # With SIGCHLD ignored (the template serving) the system reaps the child, and a
        # blocking wait would wait for every child: a cut-short pickle fails to load.
        reaped = signal.getsignal(signal.SIGCHLD) == signal.SIG_IGN
        with contextlib.suppress(ChildProcessError):
            done, status = os.waitpid(pid, os.WNOHANG if reaped else 0)
            if done and os.waitstatus_to_exitcode(status) != 0:
                data.clear()
        if data and not killed:
            try:
                results = pickle.loads(bytes(data))
            except Exception as exc:
                print(f"kernel template: {path.name}: {type(exc).__name__}", file=sys.stderr)
            else:
                if self.cache is not None:
                    self.cache.write(path, results)
        _table.update(results)
        self.given[path.name] = len(results)

    def wait(self, seconds: float) -> bool:
        """:meth:`poll` until every child is done or ``seconds`` have passed (those
        still running go on); return whether all are done."""
        until = time.monotonic() + seconds
        while not self.poll(wait=max(0.0, min(1.0, until - time.monotonic()))):
            if time.monotonic() >= until:
                return False
        return True

    def collect(self, timeout: float | None = None) -> dict[str, int]:
        """Wait until every child is done (stopping those still running after
        ``timeout`` seconds, default: the deadline); return how many results each page
        gave."""
        if timeout is not None:
            self.deadline = min(self.deadline, time.monotonic() + timeout)
        while not self.poll(wait=1.0):
            pass
        return dict(self.given)

    def summary(self) -> str:
        """What was kept, for the log."""
        kept = [f"{name}: {n}" for name, n in self.given.items() if n]
        found = f"{sum(self.given.values())} lesson results kept ({', '.join(kept) or 'none'})"
        if self.from_cache:
            found += f", {self.from_cache} page(s) read from {FOLDER} instead of run"
        return found


def warm_lessons(gallery: str | os.PathLike[str], timeout: float = 90.0) -> dict[str, int]:
    """:class:`LessonWarmup` started and collected at once: each lesson page of
    ``gallery`` run in a child of its own, its slower shared calls' results kept; return
    how many results each page gave."""
    warmup = LessonWarmup(gallery, timeout)
    warmup.start()
    return warmup.collect()
