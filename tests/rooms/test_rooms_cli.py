"""``cipherkit rooms``: create, list, show, close; JSON output; exit codes."""

from __future__ import annotations

import json
import os
import stat
import subprocess
import sys
from pathlib import Path

import pytest

from cipherkit.cli import main
from cipherkit.rooms import ENV_STORE, default_store_url, open_store
from cipherkit.rooms.store import ENV_HOME

CLI = [str(Path(sys.executable).with_name("cipherkit"))]


def run(
    *args: str, cwd: Path | None = None, env: dict[str, str] | None = None
) -> subprocess.CompletedProcess[str]:
    full_env = {k: v for k, v in os.environ.items() if k != ENV_STORE} | (env or {})
    if ENV_HOME not in (env or {}):  # never the real data folder of whoever runs the tests
        full_env[ENV_HOME] = str((cwd or Path.cwd()) / "home")
    return subprocess.run(
        [*CLI, *args], capture_output=True, text=True, timeout=120, cwd=cwd, env=full_env
    )


def cli_json(capsys: pytest.CaptureFixture[str], *args: str) -> object:
    assert main(list(args)) == 0
    return json.loads(capsys.readouterr().out)


def test_create_list_show_close_with_json(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    store = f"sqlite:///{tmp_path}/rooms.db"
    created = cli_json(
        capsys,
        "rooms", "create", "mission", "--config", '{"players": 3}', "--bots", "1,2=random",
        "--seed", "5", "--store", store, "--json",
    )  # fmt: skip
    assert isinstance(created, dict)
    assert created["game"] == "mission" and created["status"] == "open"
    assert [s["bot"] for s in created["seats"]] == [None, "planner", "random"]
    listed = cli_json(capsys, "rooms", "list", "--store", store, "--json")
    assert listed == [created]
    shown = cli_json(capsys, "rooms", "show", created["code"].lower(), "--store", store, "--json")
    assert shown == created
    closed = cli_json(capsys, "rooms", "close", created["id"], "--store", store, "--json")
    assert isinstance(closed, dict) and closed["status"] == "closed"
    assert cli_json(capsys, "rooms", "list", "--store", store, "--json") == []
    assert len(cli_json(capsys, "rooms", "list", "--all", "--store", store, "--json")) == 1
    with open_store(store) as opened:
        assert opened.room(created["id"]).info()["status"] == "closed"


def test_text_output_and_the_default_store(tmp_path: Path) -> None:
    done = run("rooms", "create", "decipher", "--bots", "1", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    words = done.stdout.split()
    assert words[0] == "room" and words[2] == "code" and len(words) == 4
    store = tmp_path / "home" / "rooms.db"
    assert store.exists() and not (tmp_path / "cipherkit-rooms.db").exists()
    # private: the store holds the rooms' seeds, from which hidden cards follow
    assert stat.S_IMODE(store.stat().st_mode) == 0o600
    assert stat.S_IMODE(store.parent.stat().st_mode) == 0o700
    # the same store from any folder (serve, rooms and class export share it)
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    seen = run("rooms", "list", cwd=elsewhere, env={ENV_HOME: str(tmp_path / "home")})
    assert seen.returncode == 0 and words[3] in seen.stdout
    listed = run("rooms", "list", cwd=tmp_path)
    assert listed.returncode == 0 and words[1] in listed.stdout and words[3] in listed.stdout
    shown = run("rooms", "show", words[3], cwd=tmp_path)
    assert shown.returncode == 0
    assert "seat 1: solver bot" in shown.stdout and "seat 0: (free)" in shown.stdout
    closed = run("rooms", "close", words[1], cwd=tmp_path)
    assert closed.returncode == 0 and f"closed room {words[1]}" in closed.stdout
    assert run("rooms", "list", cwd=tmp_path).stdout.strip() == "no open rooms"


def test_the_environment_names_the_store(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    url = f"sqlite:///{tmp_path}/elsewhere.db"
    done = run("rooms", "create", "decipher", cwd=tmp_path, env={ENV_STORE: url})
    assert done.returncode == 0, done.stderr
    assert (tmp_path / "elsewhere.db").exists() and not (tmp_path / "home" / "rooms.db").exists()
    monkeypatch.setenv(ENV_STORE, url)
    assert default_store_url() == url
    monkeypatch.delenv(ENV_STORE)
    monkeypatch.setenv(ENV_HOME, str(tmp_path / "mine"))
    assert default_store_url() == f"sqlite:///{tmp_path / 'mine' / 'rooms.db'}"
    monkeypatch.delenv(ENV_HOME)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg"))
    assert default_store_url() == f"sqlite:///{tmp_path / 'xdg' / 'cipherkit' / 'rooms.db'}"


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("rooms", "create", "chess"), "unknown game 'chess'"),
        (("rooms", "create", "decipher", "--config", "{oops"), "--config is not JSON"),
        (("rooms", "create", "decipher", "--config", "[1]"), "must be a JSON object"),
        (("rooms", "create", "decipher", "--bots", "one"), "'one' is not a seat number"),
        (("rooms", "create", "decipher", "--bots", "7"), "no seat 7"),
        (("rooms", "create", "decipher", "--store", "mysql://x/y"), "room store URL"),
        (("rooms", "show", "TIGER-00000-MOSS"), "no room"),
        (("rooms", "close", "nope"), "no room 'nope'"),
    ],
)
def test_user_errors_exit_1_with_one_line(
    tmp_path: Path, args: tuple[str, ...], message: str
) -> None:
    if args[1] in ("show", "close"):
        assert run("rooms", "create", "decipher", cwd=tmp_path).returncode == 0
    done = run(*args, cwd=tmp_path)
    assert done.returncode == 1, done.stderr
    assert "Traceback" not in done.stderr
    assert done.stderr.strip().count("\n") == 0
    assert message in done.stderr


def test_a_missing_store_is_an_error_except_for_create(tmp_path: Path) -> None:
    for action in (("list",), ("show", "x"), ("close", "x")):
        done = run("rooms", *action, cwd=tmp_path)
        assert done.returncode == 1 and "no room store at" in done.stderr
    assert not (tmp_path / "home" / "rooms.db").exists()


def test_usage_errors_exit_2(tmp_path: Path) -> None:
    for args in (("rooms",), ("rooms", "create"), ("rooms", "show"), ("rooms", "fly")):
        done = run(*args, cwd=tmp_path)
        assert done.returncode == 2, args
        assert "usage:" in done.stderr and "Traceback" not in done.stderr
    for action in ("create", "list", "show", "close"):
        done = run("rooms", action, "--help", cwd=tmp_path)
        assert done.returncode == 0 and f"usage: cipherkit rooms {action}" in done.stdout
