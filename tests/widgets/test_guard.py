"""Expensive requests from a page are bounded in the kernel that serves it (issue #25):
one at a time, each stopped after a CPU-time budget, and a widget's next one refused until
the kernel has had time for everything else. The workbench's solver hint goes through
:class:`~cipherkit.widgets.guard.CostGuard`; the browser suite checks the same against a
real page (``tests/browser/test_hardening.py``)."""

from __future__ import annotations

import threading
import time
from typing import Any

import pytest

from cipherkit.widgets import guard, workbench
from cipherkit.widgets.guard import CostGuard, OverBudget, Refused, cpu_budget
from cipherkit.widgets.workbench import Workbench

TEXT = "Wkh vsb klg wkh nhb lqvlgh d kroorz errn qhdu wkh rog eulgjh"
OTHER = "Jxu ifo xyt jxu auo ydiytu q xeybem reea duqh jxu ebt rhytwu"


def spin() -> None:
    while True:
        pass


def test_work_past_its_cpu_budget_is_stopped_and_said() -> None:
    started = time.process_time()
    with pytest.raises(Refused, match="took too long and was stopped"):
        CostGuard("hint", cpu_seconds=0.2).run(spin)
    assert time.process_time() - started < 2


def test_the_work_own_except_exception_does_not_swallow_the_stop() -> None:
    def stubborn() -> None:
        while True:
            try:
                spin()
            except Exception:  # what a solver's own error handling looks like
                continue

    with pytest.raises(Refused):
        CostGuard("hint", cpu_seconds=0.2).run(stubborn)


def test_a_widget_next_expensive_request_waits_its_turn() -> None:
    now = [0.0]
    cost = CostGuard("hint", share=0.25, clock=lambda: now[0])

    def work() -> str:
        now[0] += 2.0  # two seconds of work
        return "done"

    assert cost.run(work) == "done"
    with pytest.raises(Refused, match=r"hints are limited on this page: ask again in 6 s"):
        cost.run(work)
    now[0] += 6.0
    assert cost.run(work) == "done"


def test_one_expensive_request_at_a_time_in_the_kernel() -> None:
    inside, leave = threading.Event(), threading.Event()

    def slow() -> None:
        inside.set()
        leave.wait(10)

    worker = threading.Thread(target=CostGuard("search").run, args=(slow,))
    worker.start()
    try:
        assert inside.wait(10)
        with pytest.raises(Refused, match="busy with another request"):
            CostGuard("hint").run(len, "abc")
    finally:
        leave.set()
        worker.join()
    assert CostGuard("hint").run(len, "abc") == 3


def test_the_budget_is_enforced_only_in_the_main_thread() -> None:
    seen: list[bool] = []

    def other() -> None:
        with cpu_budget(0.01) as enforced:
            seen.append(enforced)
            time.sleep(0.05)

    thread = threading.Thread(target=other)
    thread.start()
    thread.join()
    assert seen == [False]
    with pytest.raises(OverBudget), cpu_budget(0.05) as enforced:
        assert enforced
        spin()
    assert guard._ARMED.on is False  # disarmed: a stray signal later raises nothing


def test_workbench_hints_on_new_texts_are_bounded() -> None:
    bench = Workbench(text=TEXT, cipher="caesar", key="3")
    bench.handle_message({"type": "hint"})
    assert bench.message.startswith("hint: ")
    bench.handle_message({"type": "hint"})  # same text: the solver's key is reused
    assert bench.message.startswith("hint: ")
    bench.handle_message({"type": "set", "text": OTHER})
    bench.handle_message({"type": "hint"})  # a new text at once: refused, said
    assert bench.message.startswith("refused: hints are limited on this page: ask again in")
    assert len(bench.view["board"]) == 2


def test_a_hint_whose_solver_runs_too_long_is_stopped(monkeypatch: pytest.MonkeyPatch) -> None:
    def endless(text: str) -> Any:
        spin()

    monkeypatch.setattr(workbench, "_solve", endless)
    bench = Workbench(text=TEXT, cipher="caesar", key="3")
    bench._solver = CostGuard("hint", cpu_seconds=0.3)
    started = time.process_time()
    bench.handle_message({"type": "hint"})
    assert time.process_time() - started < 3
    assert bench.message.startswith("refused: the hint took too long and was stopped")
    assert bench.view["board"] == {}
