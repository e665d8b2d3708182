"""What every cipherkit table widget does with the page: trust nothing it says.

Design notes: ``docs/design-notes.md``, ``cipherkit.widgets.guard``.

Examples
--------
>>> check_envelope({"type": "seek", "step": 2}, None, 100)
{'type': 'seek', 'step': 2}
>>> check_envelope(["skip"], None, 100)
Traceback (most recent call last):
...
cipherkit.widgets.guard.Refused: refused: a message must be an object
"""

from __future__ import annotations

import contextlib
import json
import logging
import math
import os
import signal
import threading
import time
from collections.abc import Callable, Iterator, Mapping
from typing import Any, ClassVar, TypeVar

import anywidget
import traitlets

from cipherkit.core.errors import CipherkitError
from cipherkit.i18n import N_, _, canonical, language, speaking
from cipherkit.rooms.limits import STAMP

__all__ = [
    "SEED_ENV",
    "CostGuard",
    "GuardedWidget",
    "OverBudget",
    "Refused",
    "check_envelope",
    "cpu_budget",
    "default_seed",
    "stamped_client",
]

SEED_ENV = "CIPHERKIT_SEED"
"""Environment variable that fixes a table's deal (read when ``seed=None``)."""

_log = logging.getLogger("cipherkit.widgets")


class Refused(CipherkitError):
    """A message from the page that is not acted upon."""


def default_seed() -> int:
    """The seed from ``CIPHERKIT_SEED`` if set, else 63 random bits from ``os.urandom``.

    >>> 0 <= default_seed() < 2**63
    True
    """
    text = os.environ.get(SEED_ENV, "").strip()
    if text:
        try:
            return int(text)
        except ValueError:
            raise CipherkitError.say(
                "{name} must be a whole number, not {text!r}", name=SEED_ENV, text=text
            ) from None
    return int.from_bytes(os.urandom(8), "little") >> 1


def check_envelope(content: Any, buffers: Any, max_chars: int) -> dict[str, Any]:
    """The message as a dict, if it is a plain JSON object of at most ``max_chars``.

    Raises :class:`Refused` with a short reason otherwise.
    """
    if buffers:
        raise Refused("refused: " + _("unexpected binary data"))
    if not isinstance(content, dict):
        raise Refused("refused: " + _("a message must be an object"))
    try:
        size = len(json.dumps(content))
    except (TypeError, ValueError):
        raise Refused("refused: " + _("a message must be plain JSON")) from None
    if size > max_chars:
        raise Refused("refused: " + _("message too long"))
    return content


def stamped_client(msg: Any) -> str | None:
    """The client the gallery server stamped on a message from the page (its metadata's
    :data:`~cipherkit.rooms.limits.STAMP`, which the server's websocket filter always
    writes over whatever the browser sent), else ``None`` (a notebook, no server).

    >>> stamped_client({"metadata": {"cipherkit_client": "c:abc"}}), stamped_client({})
    ('c:abc', None)
    """
    metadata = msg.get("metadata") if isinstance(msg, dict) else None
    value = metadata.get(STAMP) if isinstance(metadata, dict) else None
    return value if isinstance(value, str) and 0 < len(value) <= 200 else None


T = TypeVar("T")


class OverBudget(BaseException):
    """Raised inside work that ran past its CPU budget (a ``BaseException``, so that the
    work's own ``except Exception`` blocks do not swallow it)."""


_ARMED = threading.local()


def _on_sigprof(signum: int, frame: Any) -> None:
    if getattr(_ARMED, "on", False):
        _ARMED.on = False
        raise OverBudget


@contextlib.contextmanager
def cpu_budget(seconds: float) -> Iterator[bool]:
    """Stop the enclosed work with :class:`OverBudget` once the process has used
    ``seconds`` of CPU time (``ITIMER_PROF``). Yields whether the budget is enforced: only
    in the main thread of a process with ``setitimer`` (elsewhere the work just runs).

    >>> with cpu_budget(0.05):
    ...     while True:
    ...         pass
    Traceback (most recent call last):
    ...
    cipherkit.widgets.guard.OverBudget
    """
    if threading.current_thread() is not threading.main_thread() or not hasattr(
        signal, "setitimer"
    ):
        yield False
        return
    previous = signal.signal(signal.SIGPROF, _on_sigprof)
    _ARMED.on = True
    signal.setitimer(signal.ITIMER_PROF, max(seconds, 0.001))
    try:
        yield True
    finally:
        _ARMED.on = False
        signal.setitimer(signal.ITIMER_PROF, 0)
        signal.signal(signal.SIGPROF, previous)


_KERNEL_BUSY = threading.Lock()
"""Held while any expensive request of this kernel (process) runs."""


class CostGuard:
    """Expensive requests of one widget: one at a time in the kernel, each within
    ``cpu_seconds`` of CPU time, and no new one until the last one's cost, times
    ``(1 - share) / share``, has passed (so they take at most ``share`` of the kernel).

    :meth:`run` raises :class:`Refused` with a message for the page when a request is
    refused or stopped. ``clock`` is injectable for tests.

    >>> guard = CostGuard("hint", cpu_seconds=1.0)
    >>> guard.run(sum, [1, 2, 3])
    6
    >>> guard = CostGuard("hint", share=0.5, clock=iter([0.0, 4.0, 5.0]).__next__)
    >>> guard.run(len, "abc")  # took 4 s: the next hint waits another 4 s
    3
    >>> guard.run(len, "abc")
    Traceback (most recent call last):
    ...
    cipherkit.widgets.guard.Refused: refused: hints are limited on this page: ask again in 3 s
    """

    def __init__(
        self,
        what: str,
        *,
        cpu_seconds: float = 8.0,
        share: float = 0.25,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.what = what
        self.cpu_seconds = cpu_seconds
        self.share = min(max(share, 0.01), 1.0)
        self._clock = clock
        self._next = -math.inf

    def run(self, work: Callable[..., T], *args: Any, **kwargs: Any) -> T:
        """``work(*args, **kwargs)`` within the guard's limits (see the class docs)."""
        start = self._admit()
        try:
            with cpu_budget(self.cpu_seconds):
                return work(*args, **kwargs)
        except OverBudget:
            too_long = COST_WORDS.get(self.what, COST_WORDS[""])[2]
            seconds = format(self.cpu_seconds, "g")
            raise Refused("refused: " + _(too_long, seconds=seconds)) from None
        finally:
            _KERNEL_BUSY.release()
            end = self._clock()
            self._next = end + (end - start) * (1 - self.share) / self.share

    def _admit(self) -> float:
        """Take the kernel's expensive-request lock and return the time now, or refuse:
        before the last request's cost has passed, or while another one runs."""
        now = self._clock()
        if now < self._next:
            limited = COST_WORDS.get(self.what, COST_WORDS[""])[0]
            raise Refused("refused: " + _(limited, wait=math.ceil(self._next - now)))
        if not _KERNEL_BUSY.acquire(blocking=False):
            raise Refused("refused: " + _(COST_WORDS.get(self.what, COST_WORDS[""])[1]))
        return now

    def start(
        self,
        work: Callable[[], T],
        done: Callable[[T | None, BaseException | None], None],
    ) -> threading.Thread:
        """Run ``work()`` in a thread of its own, under the same rules as :meth:`run`
        (refused while another expensive request runs or before the last one's cost has
        passed), and hand ``done`` its result or its exception. The page's messages are
        handled meanwhile (a Cancel among them); ``work`` bounds its own time (the CPU
        budget of :meth:`run` needs the main thread).

        >>> import threading
        >>> got = []
        >>> CostGuard("search").start(lambda: 6 * 7, lambda r, e: got.append(r)).join()
        >>> got
        [42]
        """
        now = self._admit()

        def body() -> None:
            result: T | None = None
            failed: BaseException | None = None
            try:
                result = work()
            except BaseException as exc:  # handed to done: never lost in a thread
                failed = exc
            finally:
                _KERNEL_BUSY.release()
                end = self._clock()
                self._next = end + (end - now) * (1 - self.share) / self.share
            try:
                done(result, failed)
            except Exception:  # a widget closed meanwhile: the kernel's log, not a page's
                _log.exception("%s: could not show the result", self.what)

        thread = threading.Thread(target=body, name=f"cipherkit-{self.what}", daemon=True)
        try:
            thread.start()
        except RuntimeError:  # no thread to be had (a process limit)
            _KERNEL_BUSY.release()
            raise Refused("refused: " + _(COST_WORDS.get(self.what, COST_WORDS[""])[1])) from None
        return thread


COST_WORDS: dict[str, tuple[str, str, str]] = {
    "hint": (
        N_("hints are limited on this page: ask again in {wait} s"),
        N_("busy with another request; ask for the hint again"),
        N_("the hint took too long and was stopped (over {seconds} s of work); try a shorter text"),
    ),
    "print": (
        N_("prints are limited on this page: ask again in {wait} s"),
        N_("busy with another request; ask for the print again"),
        N_(
            "the print took too long and was stopped (over {seconds} s of work); try a shorter text"
        ),
    ),
    "search": (
        N_("searches are limited on this page: ask again in {wait} s"),
        N_("busy with another request; start the search again"),
        N_("the search took too long and was stopped (over {seconds} s of work)"),
    ),
    "": (
        N_("requests are limited on this page: ask again in {wait} s"),
        N_("busy with another request; ask again"),
        N_("the request took too long and was stopped (over {seconds} s of work)"),
    ),
}
"""What a :class:`CostGuard` says, by what it guards: limited, busy, too long."""


class GuardedWidget(anywidget.AnyWidget):
    """An anywidget that reads nothing from the page and checks every message.

    Subclasses set :attr:`label` (for logs) and implement ``_handle``; the kernel writes
    :attr:`view`, what the page draws.
    """

    label: ClassVar[str] = "table"
    reset_text: ClassVar[str] = N_("the page may not change the table; it has been reset")
    error_text: ClassVar[str] = N_("something went wrong in the kernel; the move was not made")
    WORDS: ClassVar[Mapping[str, str]] = {
        "loading_game": N_("Loading your game…"),
        "start_over": N_("Start a new game? This game ends here and cannot be picked up again."),
        "outage": N_(
            "Lost touch with the server — trying again… "
            "A move made now is kept and sent when it answers."
        ),
    }
    """The front end's own words, key -> English (marked ``N_``): the page reads them from
    :attr:`words` in the widget's language; its JavaScript holds no English."""

    message = traitlets.Unicode("").tag(sync=True)
    view = traitlets.Dict().tag(sync=True)
    words = traitlets.Dict().tag(sync=True)
    lang = traitlets.Unicode("en").tag(sync=True)
    """(synced) The language this widget speaks (its viewer's): the page sets
    ``lang`` on its element; refusals, views and :attr:`words` are in it."""

    visitor: str | None = None
    """While a message from the page is handled: the client the server stamped on it
    (:func:`stamped_client`; the limits count tries against it), else ``None``."""

    def __init__(self, *, lang: str | None = None, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.lang = canonical(lang) or language()
        self.words = self.front_words()
        self.on_msg(self._on_page_message)

    @classmethod
    def all_words(cls) -> dict[str, str]:
        """Every front-end word of the class and its bases, key -> English."""
        out: dict[str, str] = {}
        for klass in reversed(cls.__mro__):
            out |= dict(getattr(klass, "WORDS", {}) or {})
        return out

    def front_words(self) -> dict[str, str]:
        """:meth:`all_words` in the widget's language (what :attr:`words` holds)."""
        with speaking(self.lang):
            return {key: _(english) for key, english in self.all_words().items()}

    def speaking(self) -> contextlib.AbstractContextManager[str]:
        """A block whose words are in the widget's language (a view, a refusal)."""
        return speaking(self.lang)

    def _handle_msg(self, msg: dict[str, Any]) -> None:
        """Every comm message from the page (ipywidgets' entry), with :attr:`visitor` set
        from its stamp while it is handled."""
        self.visitor = stamped_client(msg)
        try:
            super()._handle_msg(msg)
        finally:
            self.visitor = None

    def _handle(self, content: Any, buffers: Any) -> None:  # pragma: no cover - abstract
        raise NotImplementedError

    def handle_message(self, content: Any, buffers: Any = None) -> None:
        """Act on one message from the page, exactly as the browser's messages are.

        Never raises for bad input: a refusal is shown in :attr:`message`.
        """
        with self.speaking():
            try:
                self._handle(content, buffers)
            except Refused as exc:
                self._refuse(str(exc))
            except Exception as exc:  # a bug must not take the page down with a traceback
                self._warn("unexpected error", exc)
                self._refuse("error: " + _(self.error_text))

    def set_state(self, sync_data: dict[str, Any]) -> None:
        """Reset any trait the page tries to change, and say so.

        ipywidgets calls this with the page's update; we let it run (so the page gets
        its echo) and then restore every trait it touched, which sends the true values
        back.
        """
        keys = [k for k in sync_data if k in self.keys] if isinstance(sync_data, dict) else []
        before = {k: getattr(self, k) for k in keys}
        # A value of the wrong type raises; traitlets has rolled it back already.
        with contextlib.suppress(Exception):
            super().set_state(sync_data)
        for key, value in before.items():
            if getattr(self, key) != value:
                setattr(self, key, value)
        if keys:
            self.send_state(keys)
        with self.speaking():
            self._refuse("refused: " + _(self.reset_text))

    def _on_page_message(self, _widget: Any, content: Any, buffers: Any) -> None:
        self.handle_message(content, buffers)

    def _refuse(self, text: str) -> None:
        if self.message == text:  # send a change even when the same refusal repeats
            self.message = ""
        self.message = text

    def _warn(self, what: str, exc: BaseException) -> None:
        """Log a failure by type only at WARNING; the traceback only at DEBUG."""
        _log.warning("%s: %s (%s)", self.label, what, type(exc).__name__)
        _log.debug("%s: %s", self.label, what, exc_info=exc)
