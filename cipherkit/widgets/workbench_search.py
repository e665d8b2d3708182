"""The workbench's anytime search (issue #49): ``crack`` run in a thread of the kernel,
its best reading so far shown on the page as it runs, stopped by Cancel.

What the page sees is the :class:`Search`'s view (the workbench's ``view["search"]``):
its state, the cipher being tried, the share of the budget used and the reading so far.
The search runs under the workbench's :class:`~cipherkit.widgets.guard.CostGuard` (one
expensive request at a time in the kernel, and a pause after it) and ``crack``'s own
time budget.

>>> from cipherkit.ciphers import Caesar
>>> shown = []
>>> search = Search(shown.append, seconds=5.0)
>>> search.start(Caesar(3).encrypt("The eagle has landed at the harbour tonight")).join()
>>> shown[-1]["state"], shown[-1]["reading"], shown[-1]["cipher"]
('done', 'The eagle has landed at the harbour tonight', 'caesar')
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from contextlib import AbstractContextManager, nullcontext
from typing import Any

from cipherkit.ciphers.budget import Progress
from cipherkit.ciphers.crack import CrackResult, crack_text
from cipherkit.core.errors import CipherkitError
from cipherkit.i18n import _
from cipherkit.widgets.guard import CostGuard, Refused

__all__ = ["SEARCH_SECONDS", "SHOW_EVERY", "Search"]

SEARCH_SECONDS = 10.0
"""A page's search budget (wall-clock seconds): ``crack``'s own default."""
SHOW_EVERY = 0.2
"""Least seconds between two views of a running search sent to the page."""
SEARCH_SHARE = 0.25
"""The share of the kernel a page's searches may take: after a search, the next one
waits three times as long as it ran (:class:`~cipherkit.widgets.guard.CostGuard`)."""


class Search:
    """One workbench's search: :meth:`start`, :meth:`cancel`, and ``show`` called with
    each view (from the search's thread; the caller puts it on a trait)."""

    def __init__(
        self,
        show: Callable[[dict[str, Any]], None],
        *,
        seconds: float = SEARCH_SECONDS,
        guard: CostGuard | None = None,
        speak: Callable[[], AbstractContextManager[Any]] = nullcontext,
    ) -> None:
        self.show = show
        self.seconds = seconds
        self.speak = speak
        self.guard = guard or CostGuard("search", share=SEARCH_SHARE)
        self._cancel = threading.Event()
        self._thread: threading.Thread | None = None
        self._shown = 0.0

    @property
    def running(self) -> bool:
        """Whether a search runs now."""
        return self._thread is not None and self._thread.is_alive()

    def start(self, text: str) -> threading.Thread:
        """Search ``text`` in a thread (refused with a reason while one runs or too soon
        after the last one)."""
        if self.running:
            raise Refused("refused: " + _("a search is running: cancel it or wait"))
        self._cancel.clear()
        self._shown = 0.0
        self._thread = self.guard.start(lambda: self._crack(text), self._done)
        return self._thread

    def cancel(self) -> None:
        """Stop the running search (its best reading so far stays on the page)."""
        if not self.running:
            raise Refused("refused: " + _("no search is running"))
        self._cancel.set()

    def _crack(self, text: str) -> CrackResult:
        self.show(idle_view("running", self.seconds))
        with self.speak():  # a refusal's words, in the page's language
            return crack_text(text, time_limit=self.seconds, progress=self._progress)

    def _progress(self, seen: Progress) -> bool:
        now = time.monotonic()
        if now - self._shown >= SHOW_EVERY:
            self._shown = now
            self.show(
                _view(
                    "running", seen.cipher, seen.elapsed, seen.limit, seen.plaintext, seen.fitness
                )
            )
        return self._cancel.is_set()

    def _done(self, result: CrackResult | None, failed: BaseException | None) -> None:
        with self.speak():  # the key's words and a failure's, in the page's language
            if result is None:
                failed_view = idle_view("failed", self.seconds)
                reason = (
                    str(failed) if isinstance(failed, CipherkitError) else _("the search failed")
                )
                self.show(failed_view | {"note": reason})
                return
            state = "cancelled" if result.cancelled else "done"
            view = _view(
                state, result.cipher, result.seconds, self.seconds, result.plaintext, result.fitness
            )
            self.show(view | {"key": result.cipher_value.key_text()})


def idle_view(state: str = "idle", limit: float = SEARCH_SECONDS) -> dict[str, Any]:
    """A search view with no reading yet (``state``: idle, running, failed).

    >>> idle_view()["state"], idle_view()["fraction"]
    ('idle', 0.0)
    """
    return _view(state, "", 0.0, limit, "", None)


def _view(
    state: str, cipher: str, seconds: float, limit: float, reading: str, fitness: float | None
) -> dict[str, Any]:
    return {
        "state": state,
        "cipher": cipher,
        "seconds": round(seconds, 1),
        "limit": limit,
        "fraction": round(min(1.0, seconds / limit), 3) if limit > 0 else 1.0,
        "reading": reading,
        "fitness": None if fitness is None else round(fitness, 2),
    }
