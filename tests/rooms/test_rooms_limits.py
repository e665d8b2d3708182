"""Limits kept in the store (issue #36 item 3): wrong codes counted per client and for
the whole server are shared by every handle on the store (two processes or servers),
on SQLite and PostgreSQL; each refusal is a sentence and changes nothing else."""

from __future__ import annotations

import dataclasses
import multiprocessing
import threading

import pytest

from cipherkit.rooms import TooManyTries, open_store
from cipherkit.rooms.limits import RULES, say_wait
from cipherkit.rooms.schema import SCHEMA_VERSION


def test_the_limits_table_is_in_the_schema(store_url: str) -> None:
    with open_store(store_url) as store:
        assert SCHEMA_VERSION >= 4 and store.db.connection().has_table("limits")


def test_two_store_handles_share_a_clients_wrong_codes(store_url: str) -> None:
    """Two handles (two servers) on one store: the third wrong code on one makes the
    client wait on the other too; another client is not slowed."""
    one, two = open_store(store_url), open_store(store_url)
    try:
        assert one.limits.count("code", ["device:a"], now=1000.0) == (1, 0.0)
        assert two.limits.count("code", ["device:a"], now=1000.5) == (2, 0.0)
        assert one.limits.count("code", ["device:a"], now=1001.0) == (3, 2.0)
        with pytest.raises(TooManyTries, match=r"^too many wrong codes from this device: wait 2 "):
            two.limits.check("code", ["device:a"], now=1001.0)
        two.limits.check("code", ["device:b"], now=1001.0)  # another device
        two.limits.check("code", ["device:a"], now=1003.5)  # the wait is over
        assert two.limits.count("code", ["device:a"], now=1003.5) == (4, 4.0)  # doubles
        # a quiet spell longer than the rule remembers starts the count again
        later = 1003.5 + RULES["code"].forget + 1
        assert one.limits.count("code", ["device:a"], now=later) == (1, 0.0)
    finally:
        one.close()
        two.close()


def _guess_in_another_process(url: str, client: str, times: int) -> None:
    with open_store(url) as store:
        for _ in range(times):
            store.limits.count("code", [client])


def test_guesses_from_another_process_count_here(store_url: str) -> None:
    process = multiprocessing.get_context("spawn").Process(
        target=_guess_in_another_process, args=(store_url, "device:far", 4)
    )
    process.start()
    process.join(60)
    assert process.exitcode == 0
    with open_store(store_url) as store, pytest.raises(TooManyTries) as caught:
        store.limits.check("code", ["device:far"])
    assert 0 < caught.value.wait <= 4.0
    assert "from this device" in str(caught.value)


def test_the_whole_server_is_limited_and_says_so(
    store_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(RULES, "code", dataclasses.replace(RULES["code"], server_events=5))
    one, two = open_store(store_url), open_store(store_url)
    try:
        for n in range(5):  # five made-up clients: none waits on its own
            store = (one, two)[n % 2]
            assert store.limits.count("code", [f"device:{n}"], now=500.0 + n) == (1, 0.0)
        with pytest.raises(TooManyTries) as caught:
            two.limits.check("code", ["device:new"], now=505.0)
        assert str(caught.value) == (
            "too many wrong codes on this server just now: wait 55 seconds and try again"
        )
        one.limits.check("code", ["device:new"], now=560.5)  # the minute is over
    finally:
        one.close()
        two.close()


def test_a_refused_try_changes_nothing(store_url: str) -> None:
    with open_store(store_url) as store:
        for _ in range(3):
            store.limits.count("code", ["device:x"], now=10.0)
        rows = store.db.connection().execute("SELECT * FROM limits ORDER BY client").fetchall()
        with pytest.raises(TooManyTries):
            store.limits.check("code", ["device:x"], now=10.5)
        assert store.db.connection().execute("SELECT * FROM limits ORDER BY client").fetchall() == (
            rows
        )


def test_client_names_are_kept_as_digests(sqlite_url: str) -> None:
    with open_store(sqlite_url) as store:
        store.limits.count("key", ["device:0123456789abcdef0123456789abcdef"])
        clients = [r[0] for r in store.db.connection().execute("SELECT client FROM limits")]
    assert "*" in clients and all("0123456789abcdef" not in c for c in clients)


def test_waits_are_said_in_words() -> None:
    assert say_wait(0.2) == "1 second" and say_wait(20) == "20 seconds"
    assert say_wait(61) == "2 minutes"


def test_guesses_at_once_are_each_counted(store_url: str) -> None:
    """Four loops on two handles guessing at once: no count is lost, nothing fails."""
    one, two = open_store(store_url), open_store(store_url)
    errors: list[BaseException] = []

    def loop(store: object, n: int) -> None:
        try:
            for _ in range(10):
                store.limits.count("code", ["device:loop", f"page:{n}"])  # type: ignore[attr-defined]
        except BaseException as exc:  # pragma: no cover - what the test looks for
            errors.append(exc)

    try:
        threads = [threading.Thread(target=loop, args=((one, two)[n % 2], n)) for n in range(4)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(120)
        assert errors == []
        counts = dict(
            one.db.connection().execute("SELECT client, count FROM limits WHERE kind = 'code'")
        )
        assert counts["*"] == 40 and max(counts.values()) == 40  # the device and the server
    finally:
        one.close()
        two.close()


def _flood(store: object, rule: str, clients: list[str], now: float, tries: int) -> int:
    """Each of ``clients`` tries ``tries`` times at ``now`` (as fast as a script may);
    return how many tries the limits let through (each one then counted as wrong)."""
    let_through = 0
    for _ in range(tries):
        for client in clients:
            try:
                store.limits.check(rule, [client], now=now)  # type: ignore[attr-defined]
            except TooManyTries:
                continue
            store.limits.count(rule, [client], now=now)  # type: ignore[attr-defined]
            let_through += 1
    return let_through


def test_the_server_cap_is_shared_fairly(store_url: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Clients over their share (3 wrong codes lately) stop at two thirds of the
    server's minute; a client under its share is still answered; nobody gets more than
    the server's cap in a minute (issue 44 point 3)."""
    rule = dataclasses.replace(RULES["code"], server_events=12, first_wait=0.0)
    monkeypatch.setitem(RULES, "code", rule)  # (no waits of their own: the cap decides)
    with open_store(store_url) as store:
        flooders = [f"server:c:flood{n}" for n in range(2)]
        assert _flood(store, "code", flooders, now=100.0, tries=10) == 8
        with pytest.raises(TooManyTries, match="on this server just now: wait 59 seconds"):
            store.limits.check("code", [flooders[0]], now=101.0)
        store.limits.check("code", ["server:c:classmate"], now=101.0)  # still answered
        # clients under their share use the rest of the minute, and no more
        fresh = [f"server:c:kid{n}" for n in range(10)]
        assert _flood(store, "code", fresh, now=102.0, tries=1) == 4
        with pytest.raises(TooManyTries, match="on this server just now"):
            store.limits.check("code", ["server:c:late"], now=103.0)
        # the next minute: the flooders (still over their share) are answered again
        store.limits.check("code", [flooders[1]], now=160.5)
    assert (rule.server_limit(True), rule.server_limit(False)) == (8, 12)


def test_students_wrong_keys_never_close_the_teachers_path(store_url: str) -> None:
    """Forty students each typing three wrong keys at once (each under its share): the
    teacher's first try is still checked; a student who keeps guessing waits."""
    with open_store(store_url) as store:
        students = [f"server:c:student{n}" for n in range(40)]
        assert _flood(store, "key", students, now=50.0, tries=3) == 120
        store.limits.check("key", ["server:c:teacher", "device:t", "page:t"], now=51.0)
        with pytest.raises(TooManyTries):
            store.limits.check("key", [students[0]], now=60.0)  # its own wait is over
        with pytest.raises(TooManyTries, match="on this server just now"):
            store.limits.check("key", [students[0]], now=100.0)
