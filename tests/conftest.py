"""Test-suite settings shared by every folder.

Every test that starts a browser or a server is marked ``browser`` / ``server`` here,
from the fixtures it uses and its folder (:mod:`tests.suite_marks`), so that
``make test-fast`` (``-m "not browser and not server"``) starts neither and a new test
cannot forget its mark. As a net, a test that starts Voila, ``cipherkit serve``,
Playwright or Chromium without the matching mark fails at that command.
"""

from __future__ import annotations

import os
import subprocess
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import settings

from cipherkit.ciphers import budget
from cipherkit.core import registry
from tests import sharding
from tests.servers import ServerProcesses
from tests.suite_marks import marks_for, started_kind
from tests.toy import TOY

# Property tests check behaviour, not speed (speed is measured in bench/): no deadline,
# which an example's first call (imports, a cold cache) missed on a busy CI machine.
settings.register_profile("cipherkit", deadline=None)
settings.load_profile("cipherkit")

# tests/fixtures holds packages the tests install on purpose (the toy game's entry points
# must not be seen by other tests just because pytest imported it for doctests).
collect_ignore = ["fixtures"]

# The "per-user" data folder (the default room store) is one of this run's own, set before
# any server, kernel or command is started, so no test reads or writes the real one and
# two test runs never share a store.
os.environ.setdefault("CIPHERKIT_HOME", tempfile.mkdtemp(prefix="cipherkit-home-"))

# The command line speaks the language of LANGUAGE/LC_ALL/LANG (issue 47): the suite's
# commands speak English on any machine unless a test asks for another language.
os.environ["LANGUAGE"] = "en"

_running: list[pytest.Item] = []
_popen_init = subprocess.Popen.__init__


@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Mark before ``-m`` deselects (tryfirst: ahead of pytest's own hook)."""
    for item in items:
        have = {mark.name for mark in item.iter_markers()}
        for name in sorted(marks_for(item.path, getattr(item, "fixturenames", ())) - have):
            item.add_marker(name)


@pytest.hookimpl(wrapper=True)
def pytest_runtest_protocol(item: pytest.Item) -> Iterator[None]:
    """Remember which test runs (its fixtures' setup and teardown included)."""
    _running.append(item)
    try:
        return (yield)
    finally:
        _running.pop()


def _guarded_init(self: subprocess.Popen[Any], args: Any, *rest: Any, **kwargs: Any) -> None:
    kind = started_kind(args)
    if kind and _running and _running[-1].get_closest_marker(kind) is None:
        pytest.fail(
            f"{_running[-1].nodeid} starts a {kind} ({args!r}) but is not marked {kind!r}: "
            "start it through a fixture tests/suite_marks.py knows (make test-fast must not "
            "run it)",
            pytrace=False,
        )
    _popen_init(self, args, *rest, **kwargs)


def pytest_addoption(parser: pytest.Parser) -> None:
    sharding.add_option(parser)


def pytest_configure(config: pytest.Config) -> None:
    subprocess.Popen.__init__ = _guarded_init  # type: ignore[method-assign]
    # The solvers' time limits, in the suite's own process, are CPU seconds (as the kernel
    # template's warm-up measures them): a test reads what a quiet machine reads in the
    # default budget, whatever runs beside it (the other shards). Wall-clock limits are
    # still what the command line, the kernels and the benchmarks use.
    budget.measure_cpu_time()
    sharding.configure(config)


def pytest_unconfigure(config: pytest.Config) -> None:
    subprocess.Popen.__init__ = _popen_init  # type: ignore[method-assign]


@pytest.fixture(scope="session")
def postgres() -> Iterator[Any]:
    """One throwaway PostgreSQL server (cipherkit.rooms.pgtest) for the whole session:
    the rooms tests and the browser suite make their databases on it. Fails, not skips,
    without the server binaries (CI installs Debian's postgresql)."""
    from cipherkit.rooms.pgtest import PostgresUnavailable, TempPostgres

    server = TempPostgres()
    try:
        server.start()
    except PostgresUnavailable as exc:
        server.stop()
        pytest.fail(f"the rooms tests need PostgreSQL's server binaries: {exc}", pytrace=False)
    yield server
    server.stop()


@pytest.fixture
def server_processes() -> Iterator[ServerProcesses]:
    """Start server processes for one test (``.start(command, url=..., log=...)``);
    each is stopped, kernels and all, when the test ends. Using it marks the test
    ``server``."""
    servers = ServerProcesses()
    try:
        yield servers
    finally:
        servers.stop_all()


@pytest.fixture(scope="session")
def missions() -> list[Any]:
    """The shipped missions (missions/*.yaml), loaded once: the glyph tests and the
    mission drawing tests (tests/games/mission/art) draw them."""
    from cipherkit.games.mission import load

    shipped = sorted((Path(__file__).resolve().parents[1] / "missions").glob("*.yaml"))
    assert shipped, "the shipped missions/ folder is missing"
    return [load(p) for p in shipped]


@pytest.fixture
def toy_registered(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """The toy game on the path, as if pip-installed: its entry points are seen."""
    monkeypatch.syspath_prepend(str(TOY))
    registry.refresh()
    yield
    monkeypatch.undo()
    registry.refresh()
