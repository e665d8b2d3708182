"""The time a crack may take, shared by every cipher ``auto`` tries, and the reports of
its best reading so far (which may cancel it): what ``crack --time`` and ``--progress``
and the workbench's search use.

Examples
--------
>>> seen = []
>>> budget = Budget(10.0, seen.append)
>>> report = budget.reporter("playfair")
>>> from cipherkit.ciphers.classical import Caesar
>>> from cipherkit.ciphers.solution import make_solution
>>> from cipherkit.ciphers.text import letter_codes
>>> report(make_solution(Caesar(0), letter_codes("a reading so far")))
False
>>> seen[0].cipher, seen[0].plaintext, 0 <= seen[0].fraction < 1
('playfair', 'AREADINGSOFAR', True)
>>> Budget(10.0, lambda p: True).reporter("caesar")(
...     make_solution(Caesar(0), letter_codes("stop now")))  # the caller cancels
True
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass

from cipherkit.ciphers.solution import Solution

__all__ = [
    "TIME_LIMIT",
    "Budget",
    "Progress",
    "ProgressFunction",
    "Report",
    "clock",
    "measure_cpu_time",
]

TIME_LIMIT = 10.0
"""Seconds (wall-clock) ``crack`` may take unless told otherwise; it stops sooner when a
reading is certain (looks like English)."""


_CLOCK: list[Callable[[], float]] = [time.perf_counter]


def clock() -> float:
    """Now, on the clock every budget and time limit is measured by: wall-clock seconds,
    unless :func:`measure_cpu_time` was called in this process."""
    return _CLOCK[0]()


def measure_cpu_time() -> None:
    """From now on measure budgets in this process's CPU seconds (the kernel template's
    warm-up does: it runs behind the students' kernels, at a lower priority, and their
    load must not cut its searches short; what it keeps is what a quiet machine reads)."""
    _CLOCK[0] = time.process_time


@dataclass(frozen=True, slots=True)
class Progress:
    """One look at a running crack: the cipher being tried, the seconds used of the
    budget, and the best reading so far with its fitness (per quadgram against
    English; about -0.5 and above reads as English)."""

    cipher: str
    elapsed: float
    limit: float
    plaintext: str
    fitness: float

    @property
    def fraction(self) -> float:
        """How much of the budget is used, 0 to 1."""
        return min(1.0, self.elapsed / self.limit) if self.limit > 0 else 1.0


ProgressFunction = Callable[[Progress], "bool | None"]
"""Told of each :class:`Progress`; returns True to cancel the search (the best reading
so far is then the answer)."""
Report = Callable[[Solution], bool]
"""What a solver calls with its best reading so far; True means: stop now."""


class Budget:
    """A crack's wall-clock seconds and its progress reports.

    ``limit`` seconds from now; ``progress`` (optional) is told of each reading a solver
    reports, and may cancel. ``tried`` lists the ciphers tried, in order.
    """

    def __init__(
        self,
        limit: float,
        progress: ProgressFunction | None = None,
        clock: Callable[[], float] | None = None,
    ) -> None:
        self.limit = float(limit)
        self.progress = progress
        self.clock = clock or _CLOCK[0]  # (the process's clock when the crack began)
        self.started = self.clock()
        self.cancelled = False
        self.tried: list[str] = []

    def elapsed(self) -> float:
        """Seconds since the crack began."""
        return self.clock() - self.started

    def remaining(self) -> float:
        """Seconds left (0 when spent or cancelled)."""
        return 0.0 if self.cancelled else max(0.0, self.limit - self.elapsed())

    def spent(self) -> bool:
        """Whether the time ran out (not merely cancelled by the caller)."""
        return not self.cancelled and self.elapsed() >= self.limit

    def reporter(self, cipher: str) -> Report | None:
        """The report function a solver of ``cipher`` is given (None when nobody asked
        for progress: the solver then has nothing to call)."""
        if self.progress is None:
            return None
        progress = self.progress

        def report(solution: Solution) -> bool:
            seen = Progress(
                cipher, self.elapsed(), self.limit, solution.plaintext, solution.fitness
            )
            if progress(seen):
                self.cancelled = True
            return self.cancelled

        return report

    def tell(self, cipher: str, solution: Solution) -> None:
        """Report a cipher's finished reading (the quick solvers report only this); not
        once the search is cancelled."""
        report = self.reporter(cipher)
        if report is not None and not self.cancelled:
            report(solution)
