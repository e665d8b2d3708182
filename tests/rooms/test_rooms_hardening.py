"""Store hardening: names that are what they look like, driver errors said as cipherkit
errors, store URLs never shown with their password, private store files."""

from __future__ import annotations

import stat
from pathlib import Path

import pytest

from cipherkit.core.errors import CipherkitError
from cipherkit.rooms import BadName, StoreError, StoreReadOnly, clean_name, open_store
from cipherkit.rooms.db import redact


@pytest.mark.parametrize(
    "name",
    [
        "A\u200bda",  # zero-width space
        "Ada\u200f",  # right-to-left mark
        "Ada\u2060",  # word joiner
        "\ufeffAda",  # byte-order mark
        "\u3164",  # Hangul filler alone
        "Ada\u180e",  # Mongolian vowel separator
        "\u2800\u2800",  # blank Braille
    ],
)
def test_invisible_characters_are_refused(name: str) -> None:
    with pytest.raises(BadName, match="invisible characters"):
        clean_name(name)


@pytest.mark.parametrize("name", ["   ", "\u3000\u2003", "\t\n"])
def test_names_of_blanks_alone_are_refused(name: str) -> None:
    with pytest.raises(BadName):
        clean_name(name)


def test_real_names_pass() -> None:
    assert clean_name("Zoë  Ångström") == "Zoë Ångström"
    assert clean_name("李 小龙") == "李 小龙"
    assert clean_name("Ada-Lou O'Neil") == "Ada-Lou O'Neil"


def test_a_read_only_store_is_a_store_error(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'rooms.db'}"
    with open_store(url) as store:
        code = store.create_room("decipher", {"first_player": 0}).code
    with open_store(url) as store:
        # what a read-only file or disk does to every write (root ignores file modes)
        store.db.connection().execute("PRAGMA query_only = ON")
        with pytest.raises(StoreReadOnly, match=r"^the room store cannot be written: ") as caught:
            store.join(code, "Ada")
    assert isinstance(caught.value, StoreError) and isinstance(caught.value, CipherkitError)
    with open_store(url) as store:  # nothing was half-written
        assert [s["taken"] for s in store.room(code).info()["seats"]] == [False, False]


def test_passwords_are_hidden_in_every_form() -> None:
    for url in (
        "postgresql://ada:pw-1@db/rooms",
        "postgresql://db/rooms?user=ada&password=pw-1",
        "postgresql://db/rooms?sslpassword=pw-1",
        "host=db user=ada password=pw-1 dbname=rooms",
        "host=db password = 'pw 1'",
    ):
        assert "pw-1" not in redact(url) and "pw 1" not in redact(url), url


def test_store_files_are_private(tmp_path: Path) -> None:
    folder = tmp_path / ".cipherkit"
    folder.mkdir(mode=0o755)
    (folder / "rooms.db").touch(mode=0o644)
    with open_store(f"sqlite:///{folder / 'rooms.db'}") as store:
        store.create_room("decipher")
    assert stat.S_IMODE(folder.stat().st_mode) == 0o700
    for path in folder.iterdir():  # rooms.db and its -wal, -shm files
        assert stat.S_IMODE(path.stat().st_mode) & 0o077 == 0, path
