"""The classroom runs on both stores: the rooms' fixtures (SQLite file, throwaway
PostgreSQL) are reused here."""

from tests.rooms.conftest import pg_url, postgres, sqlite_url, store_url

__all__ = ["pg_url", "postgres", "sqlite_url", "store_url"]
