"""Results the kernel template computes once for every kernel
(:mod:`cipherkit.serve.shared_results`): a lesson page run in a child of its own, its
slower solver calls kept by their arguments, answered at once afterwards, and the same as
computing them afresh."""

from __future__ import annotations

import json
import os
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from cipherkit.serve import shared_results

GALLERY = Path(__file__).resolve().parents[2] / "puzzles"

SLOW_MODULE = """
import os, time

CALLS = []

def slow(text, *, seed=0):
    started = time.process_time()
    while time.process_time() - started < 0.2:
        pass
    CALLS.append(text)
    return {"text": text, "seed": seed, "pid": os.getpid()}

def quick(text):
    return {"text": text, "pid": os.getpid()}
"""


def notebook(kind: str, *cells: str) -> str:
    return json.dumps(
        {
            "cells": [
                {"cell_type": "code", "metadata": {}, "outputs": [], "source": c} for c in cells
            ],
            "metadata": {"cipherkit": {"kind": kind}},
            "nbformat": 4,
            "nbformat_minor": 5,
        }
    )


@pytest.fixture
def fresh_table(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """An empty table, emptied again afterwards; functions replaced by install() are put
    back by monkeypatch."""
    monkeypatch.setattr(shared_results, "_table", {})
    yield


@pytest.fixture
def slowmod(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, fresh_table: None) -> Iterator[object]:
    """A module with a slow and a quick function, shared by install()."""
    (tmp_path / "ck_slowmod.py").write_text(SLOW_MODULE)
    monkeypatch.syspath_prepend(str(tmp_path))
    import importlib

    module = importlib.import_module("ck_slowmod")
    for name in ("slow", "quick"):
        monkeypatch.setattr(module, name, getattr(module, name))  # put back afterwards
    assert shared_results.install([("ck_slowmod", "slow"), ("ck_slowmod", "quick")]) == [
        "ck_slowmod.slow",
        "ck_slowmod.quick",
    ]
    yield module
    sys.modules.pop("ck_slowmod", None)


def test_a_lesson_runs_once_in_a_child_and_its_slow_calls_are_kept(
    tmp_path: Path, slowmod: object
) -> None:
    gallery = tmp_path / "gallery"
    (gallery / "lessons").mkdir(parents=True)
    (gallery / ".hidden").mkdir()
    lesson = notebook(
        "lesson",
        "from ck_slowmod import slow, quick",
        "%matplotlib inline",  # a magic: skipped, the page goes on
        "slow('secret', seed=1)['text']",
        "slow({'not': 'plain'})",  # not a plain value: never kept
        "slow(['a', 'list'])",  # a list of plain values: kept (as a tuple)
        "quick('fast')",  # too quick to be worth keeping
        "raise ValueError('a failing cell')",
        "slow('after the failure')",
    )
    (gallery / "lessons" / "01-a.ipynb").write_text(lesson)
    (gallery / ".hidden" / "02-b.ipynb").write_text(lesson)  # dot-folders are not pages
    (gallery / "game.ipynb").write_text(
        notebook("game", "from ck_slowmod import slow", "slow('g')")
    )
    assert shared_results.lesson_pages(gallery) == [gallery / "lessons" / "01-a.ipynb"]

    given = shared_results.warm_lessons(gallery, timeout=60)
    assert given == {"01-a.ipynb": 3}

    import ck_slowmod

    # Answered from the table: computed in the warm-up child, not here, and at once.
    started = time.process_time()
    kept = ck_slowmod.slow("secret", seed=1)  # type: ignore[attr-defined]
    assert time.process_time() - started < 0.1
    assert kept["pid"] != os.getpid()
    assert ck_slowmod.slow(text="secret", seed=1) is kept  # type: ignore[attr-defined]
    assert ck_slowmod.slow("after the failure")["pid"] != os.getpid()  # type: ignore[attr-defined]
    assert ck_slowmod.slow(("a", "list"))["pid"] != os.getpid()  # type: ignore[attr-defined]
    # Other arguments run here, as before, and are not kept (kernels only read).
    assert ck_slowmod.slow("secret", seed=2)["pid"] == os.getpid()  # type: ignore[attr-defined]
    assert ck_slowmod.quick("fast")["pid"] == os.getpid()  # type: ignore[attr-defined]
    assert len(shared_results.table()) == 3
    assert ck_slowmod.CALLS == ["secret"]  # type: ignore[attr-defined]
    assert ck_slowmod.slow.__name__ == "slow"  # type: ignore[attr-defined]


def test_a_lesson_that_takes_too_long_keeps_nothing(tmp_path: Path, slowmod: object) -> None:
    (tmp_path / "g").mkdir()
    (tmp_path / "g" / "l.ipynb").write_text(
        notebook(
            "lesson", "from ck_slowmod import slow", "slow('x')", "import time", "time.sleep(30)"
        )
    )
    warmup = shared_results.LessonWarmup(tmp_path / "g", timeout=1.5)
    assert warmup.start() == 1
    assert not warmup.wait(0.5)  # still running: the caller goes on
    started = time.monotonic()
    assert warmup.collect() == {"l.ipynb": 0}
    assert time.monotonic() - started < 10
    assert shared_results.table() == {}


WARM_GALLERY = """
import pickle, sys
from cipherkit.serve import shared_results
shared_results.install()
given = shared_results.warm_lessons(sys.argv[1], timeout=240)
with open(sys.argv[2], "wb") as out:
    pickle.dump((given, dict(shared_results.table())), out)
"""


def test_lessons_2_and_8_show_the_same_with_kept_results(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The gallery's own lessons: their solver calls are kept, and a kept result is
    what the call computes afresh (what students see does not change). The lessons are
    warmed in a fresh Python, as the kernel template is one (not in this process, which
    two thousand tests have used before)."""
    import inspect
    import pickle
    import subprocess

    import cipherkit.ciphers as ciphers

    kept_file = tmp_path / "kept.pickle"
    subprocess.run(
        [sys.executable, "-c", WARM_GALLERY, str(GALLERY), str(kept_file)],
        check=True,
        timeout=400,
        cwd=GALLERY.parent,
    )
    given, table = pickle.loads(kept_file.read_bytes())
    assert given["02-substitution-and-frequency.ipynb"] >= 2
    assert given["08-build-your-own-puzzle.ipynb"] >= 1
    assert given["12-rsa-small-numbers.ipynb"] >= 1  # the timing tables, measured once
    assert given["13-key-exchange.ipynb"] >= 1
    # afresh as the warm-up computed them: budgets in CPU seconds (the suite's other half
    # may load this machine; a wall-clock budget would then cut a search short)
    from cipherkit.ciphers import budget

    monkeypatch.setattr(budget, "_CLOCK", [time.process_time])
    for key, kept in table.items():
        name, arguments = key
        function = inspect.unwrap(getattr(ciphers, name.rsplit(".", 1)[1]))
        fresh = function(**dict(arguments))
        if name.endswith("_times"):  # a timing table: the same rows, other seconds
            assert [r._replace(seconds=0) for r in fresh] == [r._replace(seconds=0) for r in kept]
            continue
        assert type(fresh) is type(kept)
        assert fresh.plaintext == kept.plaintext, name
        assert repr(fresh) == repr(kept), name


def test_a_crack_its_time_limit_cut_short_is_not_kept(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, fresh_table: None
) -> None:
    """A search the clock stopped reads as far as this machine got, busy or not: another
    run may read further, so it is never shared; a crack that finished is."""
    import cipherkit.ciphers as ciphers

    monkeypatch.setattr(ciphers, "crack_text", ciphers.crack_text)  # put back afterwards
    shared_results.install([("cipherkit.ciphers", "crack_text")])
    playfair = ciphers.Playfair("MONARCHY").encrypt(
        "The harbour clock stopped at noon when the storm broke over the old quay wall"
    )
    substitution = ciphers.Substitution.random(4).encrypt(
        "We waited at the station because the storm had stopped."
    )
    (tmp_path / "g").mkdir()
    (tmp_path / "g" / "l.ipynb").write_text(
        notebook(
            "lesson",
            "from cipherkit.ciphers import crack_text",
            f"cut = crack_text({playfair!r}, cipher='playfair', time_limit=0.3)",
            "assert cut.timed_out and cut.to_json()['timed_out'] is True",
            f"whole = crack_text({substitution!r})",
            "assert not whole.timed_out and 'timed_out' not in whole.to_json()",
        )
    )
    assert shared_results.warm_lessons(tmp_path / "g", timeout=120) == {"l.ipynb": 1}
    ((name, arguments),) = shared_results.table()
    assert name.endswith("crack_text")
    assert dict(arguments)["text"] == substitution


def test_a_started_again_template_reads_the_kept_results_instead_of_running_the_page(
    tmp_path: Path, slowmod: object
) -> None:
    """The results a lesson page gave are kept in the gallery's .cipherkit/: the next
    warm-up answers from them without running the page; a damaged file or a changed page
    runs again (and the page's older file goes); a gallery that cannot be written to
    runs its pages at each start, as before."""
    from cipherkit.serve.lesson_cache import FOLDER, LessonCache

    gallery = tmp_path / "g"
    gallery.mkdir()
    page = gallery / "l.ipynb"
    page.write_text(notebook("lesson", "from ck_slowmod import slow", "slow('x')"))

    def warm() -> tuple[shared_results.LessonWarmup, int]:
        shared_results.table().clear()
        warmup = shared_results.LessonWarmup(gallery, timeout=60, cache=LessonCache(gallery))
        warmup.start()
        assert warmup.collect() == {"l.ipynb": 1}
        ((_, kept),) = shared_results.table().items()
        return warmup, kept["pid"]

    warmup, first_pid = warm()
    assert warmup.from_cache == 0 and first_pid != os.getpid()  # computed in a child
    assert "read from" not in warmup.summary()
    (kept_file,) = (gallery / FOLDER).iterdir()
    assert kept_file.name.startswith("l@")

    warmup, pid = warm()
    assert (warmup.from_cache, pid) == (1, first_pid)  # read, not run again
    assert warmup.summary() == (
        "1 lesson results kept (l.ipynb: 1), 1 page(s) read from .cipherkit/lesson-results "
        "instead of run"
    )

    kept_file.write_bytes(b"not a pickle")  # damaged: the page runs again
    warmup, pid = warm()
    assert warmup.from_cache == 0 and pid != first_pid

    page.write_text(notebook("lesson", "from ck_slowmod import slow", "slow('x')", "1 + 1"))
    warmup, changed_pid = warm()
    assert warmup.from_cache == 0 and changed_pid != pid  # a changed page runs again
    (newer,) = (gallery / FOLDER).iterdir()  # and its older file is gone
    assert newer != kept_file

    # a gallery where nothing can be kept (a file where the folder would be): each start
    # runs the page, as before, and says nothing is wrong
    for file in (gallery / FOLDER).iterdir():
        file.unlink()
    (gallery / FOLDER).rmdir()
    (gallery / FOLDER).write_text("not a folder")
    for _ in range(2):
        warmup, _pid = warm()
        assert warmup.from_cache == 0
