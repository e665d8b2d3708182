"""``cipherkit serve``'s teacher key and address: what it stores, prints and warns."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from cipherkit.classroom import Classroom, open_classroom
from cipherkit.classroom.keys import KEY_ENV
from cipherkit.core.errors import CipherkitError
from cipherkit.publish.teacher_page import TEACHER_PAGE, write_teacher_page
from cipherkit.serve import launcher as serving


def test_given_key_is_stored_hashed(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    url = f"sqlite:///{tmp_path}/rooms.db"
    monkeypatch.delenv(KEY_ENV, raising=False)
    assert serving._teacher_key(url, "class-key-0123456") == "class-key-0123456"
    with open_classroom(url) as desk:
        assert desk.check_key("class-key-0123456")
    monkeypatch.setenv(KEY_ENV, "from-the-environment")
    assert serving._teacher_key(url, None) == "from-the-environment"
    monkeypatch.delenv(KEY_ENV)
    fresh = serving._teacher_key(url, None)
    with open_classroom(url) as desk:
        assert desk.check_key(fresh) and not desk.check_key("from-the-environment")
    assert Path(tmp_path / "rooms.db").read_bytes().find(fresh.encode()) == -1
    with pytest.raises(CipherkitError, match="teacher key has 12 to 128"):
        serving._teacher_key(url, "short")


def test_addresses() -> None:
    assert serving.exposure_warning("127.0.0.1", 8866, "puzzles") is None
    warning = serving.exposure_warning("0.0.0.0", 8866, "puzzles")
    assert warning is not None and "teacher key" in warning and "internet" in warning
    assert "--Voila.ip=0.0.0.0" in serving.voila_command("puzzles", 8866, ip="0.0.0.0")
    link = serving.teacher_link("0.0.0.0", 8866, "k" * 16)
    assert link.endswith(":8866/voila/render/teacher.ipynb#key=" + "k" * 16)
    assert "0.0.0.0" not in link


def test_the_committed_teacher_page_is_what_the_builder_writes(tmp_path: Path) -> None:
    root = Path(__file__).resolve().parents[2]
    made = write_teacher_page(tmp_path)
    assert made.read_text() == (root / "puzzles" / TEACHER_PAGE).read_text()


def test_the_key_comes_from_a_file_and_the_command_line_is_warned_against(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from cipherkit.cli import teacher_key_argument

    key_file = tmp_path / "teacher.key"
    key_file.write_text("from-a-file-0123456\nignored\n", encoding="utf-8")
    assert teacher_key_argument(None, str(key_file)) == "from-a-file-0123456"
    assert capsys.readouterr().err == ""
    assert teacher_key_argument("on-the-line-0123456", None) == "on-the-line-0123456"
    assert "every user of this machine" in capsys.readouterr().err
    with pytest.raises(CipherkitError, match="not both"):
        teacher_key_argument("on-the-line-0123456", str(key_file))
    with pytest.raises(CipherkitError, match="no such file"):
        teacher_key_argument(None, str(tmp_path / "missing"))
    (tmp_path / "empty.key").write_text("\n", encoding="utf-8")
    with pytest.raises(CipherkitError, match="no teacher key on its first line"):
        teacher_key_argument(None, str(tmp_path / "empty.key"))


def test_servers_starting_together_on_one_postgresql_never_collide(
    pg_url: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Two servers storing the teacher key at the same moment, 50 times over (the old
    delete-then-insert raised UniqueViolation on class_settings_pkey 5 times in 20)."""
    import threading

    monkeypatch.delenv(KEY_ENV, raising=False)
    key = "shared-class-key-0123"
    desks = [open_classroom(pg_url), open_classroom(pg_url)]

    def one_server(desk: Classroom, start: threading.Barrier, errors: list[str]) -> None:
        try:
            start.wait()
            desk.set_teacher_key(key)
        except Exception as error:
            errors.append(repr(error))

    try:
        for _ in range(50):
            desks[0].db.connection().execute("DELETE FROM class_settings")
            start, errors = threading.Barrier(2), []
            threads = [
                threading.Thread(target=one_server, args=(desk, start, errors)) for desk in desks
            ]
            for thread in threads:
                thread.start()
            for thread in threads:
                thread.join()
            assert errors == []
            assert desks[1].check_key(key)
    finally:
        for desk in desks:
            desk.close()
    assert serving._teacher_key(pg_url, key) == key
    assert "another teacher key" not in capsys.readouterr().out
    serving._teacher_key(pg_url, "another-class-key-0123")
    assert serving.SHARED_KEY_WARNING in capsys.readouterr().out


def _server_start(url: str, start: Any, failures: Any) -> None:
    """One server's start as far as it touches the store (``cipherkit serve``: the
    store's schema and the teacher key), in a process of its own, once ``start`` lets
    every process go."""
    try:
        start.wait(30)
        serving._teacher_key(url, "shared-class-key-0123")
    except BaseException as error:
        failures.put(f"{type(error).__name__}: {error}")
        raise SystemExit(1) from None


def test_two_servers_started_at_once_twenty_times_on_a_new_postgresql_store(
    new_pg_url: Any,
) -> None:
    """Two processes doing what ``cipherkit serve`` does with its store on start-up, at
    the same moment, on a new database each time: 20 of 20 pairs start (the old
    delete-then-insert of the key crashed 5 pairs in 20 with UniqueViolation)."""
    import multiprocessing

    fork = multiprocessing.get_context("fork")  # this process has imported everything
    failures = fork.Queue()
    for round_ in range(20):
        url = new_pg_url()
        start = fork.Barrier(2)
        servers = [fork.Process(target=_server_start, args=(url, start, failures)) for _ in "ab"]
        for server in servers:
            server.start()
        for server in servers:
            server.join(60)
        said = [failures.get(timeout=5) for server in servers if server.exitcode != 0]
        assert [server.exitcode for server in servers] == [0, 0], (round_, said)
        with open_classroom(url) as desk:
            assert desk.check_key("shared-class-key-0123")
