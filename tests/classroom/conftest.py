"""The classroom runs on both stores: the rooms' fixtures (SQLite file, throwaway
PostgreSQL) are reused here (on the session's one PostgreSQL cluster, ``postgres`` in
tests/conftest.py). ``desk`` is a class on a fresh SQLite file, its teacher key ``KEY``."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from cipherkit.classroom import Classroom, open_classroom
from tests.rooms.conftest import new_pg_url, pg_url, sqlite_url, store_url

__all__ = ["KEY", "desk", "new_pg_url", "pg_url", "sqlite_url", "store_url"]

KEY = "the-teacher-key-42"


@pytest.fixture
def desk(tmp_path: Path) -> Iterator[Classroom]:
    classroom = open_classroom(f"sqlite:///{tmp_path}/rooms.db")
    classroom.set_teacher_key(KEY)
    yield classroom
    classroom.close()
