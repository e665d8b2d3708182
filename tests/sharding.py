"""Splitting one test run into shards that run side by side (``make test``).

``pytest --shard=2/3`` keeps the second of three parts of what it would run, by test
file, so that the three parts take about as long as each other: each file weighs what
it took last time (``tests/test_times.json``, seconds by file, written by a run with
``CIPHERKIT_TEST_TIMES=tests/test_times.json``), and a file it does not know weighs
what its tests are (a second each, six when they drive a browser). The heaviest file
goes first to the lightest shard (longest processing time first), so every shard
computes the same split from the same collection; shard K starts (K-1)/N of the way
through its files, so the shards' browser tests (collected first) do not all run at once.

>>> split({"a": 9.0, "b": 5.0, "c": 4.0, "d": 1.0}, 2)
[['a', 'd'], ['b', 'c']]
"""

from __future__ import annotations

import fcntl
import json
import os
from collections import defaultdict
from pathlib import Path

import pytest

TIMES_ENV = "CIPHERKIT_TEST_TIMES"
TIMES = Path(__file__).with_name("test_times.json")
UNKNOWN_SECONDS = 1.0
UNKNOWN_BROWSER_SECONDS = 6.0


def parse_shard(text: str) -> tuple[int, int]:
    """``"2/3"`` -> ``(1, 3)`` (the index from 0, the count).

    >>> parse_shard("3/3")
    (2, 3)
    """
    try:
        index, count = (int(part) for part in text.split("/"))
    except ValueError:
        raise pytest.UsageError(f"--shard wants K/N, two whole numbers (got {text!r})") from None
    if not 1 <= index <= count:
        raise pytest.UsageError(f"--shard {text}: K must be between 1 and N")
    return index - 1, count


def split(weights: dict[str, float], count: int) -> list[list[str]]:
    """The names in ``weights`` in ``count`` lists of about equal weight, each list in
    name order."""
    shards: list[list[str]] = [[] for _ in range(count)]
    loads = [0.0] * count
    for name in sorted(weights, key=lambda n: (-weights[n], n)):
        lightest = loads.index(min(loads))
        shards[lightest].append(name)
        loads[lightest] += weights[name]
    return [sorted(shard) for shard in shards]


def file_of(node: pytest.Item | pytest.TestReport) -> str:
    """The test file an item or report comes from, as its node id says (``tests/x.py``)."""
    return node.nodeid.split("::", 1)[0]


def parse_times(text: str) -> dict[str, float]:
    """Seconds by file from the times file's text (nothing if it is not such a table)."""
    try:
        return {str(k): float(v) for k, v in json.loads(text or "{}").items()}
    except (ValueError, AttributeError):
        return {}


def known_times(path: Path = TIMES) -> dict[str, float]:
    try:
        return parse_times(path.read_text(encoding="utf-8"))
    except OSError:
        return {}


def weights_of(items: list[pytest.Item], times: dict[str, float]) -> dict[str, float]:
    """Each file's weight: its recorded seconds, else a guess from its tests."""
    guessed: dict[str, float] = defaultdict(float)
    for item in items:
        browser = item.get_closest_marker("browser") is not None
        guessed[file_of(item)] += UNKNOWN_BROWSER_SECONDS if browser else UNKNOWN_SECONDS
    return {name: times.get(name, guess) for name, guess in guessed.items()}


def rotate(items: list[pytest.Item], index: int, count: int) -> list[pytest.Item]:
    """``items`` begun ``index / count`` of the way through its files (and run round to
    the start): the shards do not all drive browsers at the same time and compute at the
    same time, since the browser tests come first in collection order."""
    files = list(dict.fromkeys(file_of(item) for item in items))
    if not files:
        return items
    first = files[len(files) * index // count]
    start = next(i for i, item in enumerate(items) if file_of(item) == first)
    return items[start:] + items[:start]


def keep_shard(config: pytest.Config, items: list[pytest.Item], index: int, count: int) -> None:
    """Deselect every item outside shard ``index`` of ``count`` (in place)."""
    mine = set(split(weights_of(items, known_times()), count)[index])
    kept = rotate([item for item in items if file_of(item) in mine], index, count)
    dropped = [item for item in items if file_of(item) not in mine]
    if dropped:
        config.hook.pytest_deselected(items=dropped)
    items[:] = kept


class TimeRecorder:
    """Sums each file's setup, call and teardown seconds, and at the end writes them
    into the times file (merged with what other shards wrote there, under a lock)."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.seconds: dict[str, float] = defaultdict(float)

    def pytest_runtest_logreport(self, report: pytest.TestReport) -> None:
        self.seconds[file_of(report)] += report.duration

    def pytest_sessionfinish(self) -> None:
        if not self.seconds:
            return
        with open(self.path, "a+", encoding="utf-8") as file:
            fcntl.flock(file, fcntl.LOCK_EX)  # (shards finish side by side)
            file.seek(0)
            times = parse_times(file.read())
            times.update({name: round(s, 1) for name, s in self.seconds.items()})
            file.seek(0)
            file.truncate()
            file.write(json.dumps(dict(sorted(times.items())), indent=1) + "\n")


def add_option(parser: pytest.Parser) -> None:
    parser.addoption(
        "--shard",
        metavar="K/N",
        help="run only the K-th of N parts of the selected tests, split by file so that "
        "the parts take about as long (tests/sharding.py)",
    )


class Sharder:
    """Keeps one shard of the collection (after ``-m`` has deselected: trylast)."""

    def __init__(self, index: int, count: int) -> None:
        self.index, self.count = index, count

    @pytest.hookimpl(trylast=True)
    def pytest_collection_modifyitems(
        self, config: pytest.Config, items: list[pytest.Item]
    ) -> None:
        keep_shard(config, items, self.index, self.count)


def configure(config: pytest.Config) -> None:
    """Register the shard filter (``--shard``) and the time recorder (``$CIPHERKIT_TEST_TIMES``)."""
    shard = config.getoption("--shard", None)
    if shard:
        config.pluginmanager.register(Sharder(*parse_shard(shard)), "cipherkit-shard")
    out = os.environ.get(TIMES_ENV)
    if out:
        config.pluginmanager.register(TimeRecorder(Path(out)), "cipherkit-test-times")
