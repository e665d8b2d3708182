"""Fixtures for the rooms: a store URL on SQLite (a temporary file) and on a throwaway
PostgreSQL cluster of the tests' own (cipherkit.rooms.pgtest; the session's one cluster,
``postgres`` in tests/conftest.py, shared with the browser suite).

The PostgreSQL fixture fails, not skips, when the server binaries are missing: CI
installs Debian's ``postgresql`` package (make test-deps), and a skipped backend would hide
what the rooms promise on it.
"""

from __future__ import annotations

import uuid
from collections.abc import Callable
from pathlib import Path

import pytest

from cipherkit.rooms.pgtest import TempPostgres


def fresh_pg_url(server: TempPostgres) -> str:
    """A new empty database on the throwaway server (a random name: the classroom tests
    import this module under another name, and make theirs on the same server)."""
    return server.create_database(f"rooms_{uuid.uuid4().hex[:16]}")


@pytest.fixture(scope="session")
def new_pg_url(postgres: TempPostgres) -> Callable[[], str]:
    """Make a new empty database on the throwaway server; return its URL."""
    return lambda: fresh_pg_url(postgres)


@pytest.fixture
def pg_url(postgres: TempPostgres) -> str:
    return fresh_pg_url(postgres)


@pytest.fixture
def sqlite_url(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path}/rooms.db"


@pytest.fixture(params=["sqlite", "postgresql"])
def store_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """The same test on both kinds of store."""
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path}/rooms.db"
    return fresh_pg_url(request.getfixturevalue("postgres"))
