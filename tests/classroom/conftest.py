"""The classroom runs on both stores: the rooms' fixtures (SQLite file, throwaway
PostgreSQL) are reused here (on the session's one PostgreSQL cluster, ``postgres`` in
tests/conftest.py)."""

from tests.rooms.conftest import pg_url, sqlite_url, store_url

__all__ = ["pg_url", "sqlite_url", "store_url"]
