"""Intercept's sand timer in a room: kept by the server, from the stored time of the
clue that started it, rung exactly once however many stores wait, never early by a bot."""

from __future__ import annotations

import importlib
import threading
import time
from collections import Counter

import pytest

from cipherkit.rooms import open_store

# the package binds the name "clock" to the function: import the module itself
sand = importlib.import_module("cipherkit.games.intercept.clock")

KEYWORDS = {
    "white": ["black", "dragonfly", "cocktail", "sombrero"],
    "black": ["antiquity", "bone", "morning", "nightmare"],
}
CONFIG = {"keywords": KEYWORDS, "timer": True}
CLUES = ("bar", "insect", "hat")


@pytest.fixture(autouse=True)
def short_timer(monkeypatch: pytest.MonkeyPatch) -> None:
    """One and a half seconds instead of thirty (the clock reads the constant each time)."""
    monkeypatch.setattr(sand, "SAND_TIMER_SECONDS", 1.5)


def write_clues(seat: object) -> None:
    for word in CLUES:
        seat.act(f"clue {word}")  # type: ignore[attr-defined]


def test_the_server_calls_time_once_the_timer_ran_out(store_url: str) -> None:
    with open_store(store_url) as store:
        room = store.create_room("intercept", CONFIG, seed=6)
        ada, bo = store.join(room.code, "Ada", seat=0), store.join(room.code, "Bo", seat=1)
        assert room.info()["clock"] is None
        write_clues(ada)
        started = time.monotonic()
        clock = room.info()["clock"]
        assert clock["action"] == "timeout" and 0 < clock["seconds_left"] <= 1.5
        version = room.version
        assert bo.wait(version, timeout=1.0) == version  # not yet: the timer runs
        assert bo.wait(version, timeout=10) == version + 1
        assert time.monotonic() - started >= 1.4
        state = room.session().state
        assert state.phase == "guess" and state.timed_out
        assert room.record().actions[-1][1] == "timeout"
        assert room.info()["clock"] is None


def test_bots_leave_the_timer_to_the_clock(sqlite_url: str) -> None:
    """Seats 2 and 3 are bots that may call time; in a room they wait for the clock."""
    with open_store(sqlite_url) as store:
        room = store.create_room("intercept", CONFIG, bots=[2, 3], seed=6)
        ada = store.join(room.code, "Ada", seat=0)
        store.join(room.code, "Bo", seat=1)
        write_clues(ada)
        assert room.session().state.phase == "write"
        version = room.version
        assert ada.wait(version, timeout=10) > version
        texts = [text for _, text in room.record().actions]
        assert texts[version] == "timeout" and texts.count("timeout") == 1


def test_two_servers_waiting_ring_the_timer_once(store_url: str) -> None:
    with open_store(store_url) as one, open_store(store_url) as two:
        room = one.create_room("intercept", CONFIG, seed=6)
        ada = one.join(room.code, "Ada", seat=0)
        bo = two.resume(one.join(room.code, "Bo", seat=1).token)
        write_clues(ada)
        version = room.version
        woke: list[int] = []
        waiters = [
            threading.Thread(target=lambda h=h: woke.append(h.wait(version, timeout=10)))
            for h in (ada, bo)
        ]
        for waiter in waiters:
            waiter.start()
        for waiter in waiters:
            waiter.join(20)
        assert woke == [version + 1, version + 1]
        actions = one.room(room.id).record().actions
        assert Counter(text for _, text in actions)["timeout"] == 1
        assert len(actions) == version + 1


def test_a_new_server_keeps_the_same_time(sqlite_url: str) -> None:
    """The timer ends at the stored time of the third clue plus the timer: a server
    started later (a restart) rings it then, not a full timer after it started."""
    with open_store(sqlite_url) as store:
        room = store.create_room("intercept", CONFIG, seed=6)
        ada = store.join(room.code, "Ada", seat=0)
        store.join(room.code, "Bo", seat=1)
        write_clues(ada)
        token, version = ada.token, room.version
    time.sleep(1.0)
    with open_store(sqlite_url) as store:
        left = store.room(room.id).info()["clock"]["seconds_left"]
        assert left <= 0.6
        assert store.resume(token).wait(version, timeout=10) == version + 1
