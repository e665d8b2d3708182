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


def test_a_teacher_extends_the_running_timer(sqlite_url: str) -> None:
    """+1 s on a 1.5 s timer: the room's clock ends later, and the server rings then."""
    from cipherkit.rooms.clock import NoClock

    with open_store(sqlite_url) as store:
        room = store.create_room("intercept", CONFIG, seed=6)
        ada, bo = store.join(room.code, "Ada", seat=0), store.join(room.code, "Bo", seat=1)
        with pytest.raises(NoClock, match="no timer is running"):
            store.clocks.change(room.id, extend=1.0)
        write_clues(ada)
        started = time.monotonic()
        before = store.clocks.ends(room.id)
        assert before is not None and before.seconds == 1.5
        stamp = store.storage.version_and_stamp(room.id)[1]
        store.clocks.change(room.id, extend=1.0)
        assert store.storage.version_and_stamp(room.id)[1] == stamp + 1  # pages wake
        after = store.clocks.ends(room.id)
        assert after is not None and after.seconds == 2.5
        assert after.ends == pytest.approx(before.ends + 1.0)
        assert room.info()["clock"]["seconds_left"] > 1.5
        version = room.version
        assert bo.wait(version, timeout=10, after_stamp=stamp + 1) == version + 1
        assert time.monotonic() - started >= 2.3
        assert room.record().actions[-1][1] == "timeout"


def test_a_teacher_turns_the_timer_off_and_nobody_calls_time(sqlite_url: str) -> None:
    with open_store(sqlite_url) as store:
        room = store.create_room("intercept", CONFIG, bots=[2, 3], seed=6)
        ada = store.join(room.code, "Ada", seat=0)
        bo = store.join(room.code, "Bo", seat=1)
        write_clues(ada)
        store.clocks.change(room.id, off=True)
        assert store.clocks.ends(room.id) is None and room.info()["clock"] is None
        version = room.version
        assert bo.wait(version, timeout=2.5) == version  # 1.5 s passed: no timeout
        assert room.session().state.phase == "write"
        write_clues(bo)  # Bo takes all the time Bo needs
        assert room.session().state.phase == "guess" and not room.session().state.timed_out
        store.clocks.change(room.id, off=False)
        assert store.clocks.setting(room.id).off is False


def test_the_length_is_the_rooms_then_the_teachers(sqlite_url: str) -> None:
    """A room made with 60 s keeps 60 s; the teacher's length replaces it, the running
    clock included; a config outside 10-600 s is refused."""
    from cipherkit.core.errors import ConfigError

    with open_store(sqlite_url) as store:
        room = store.create_room("intercept", {**CONFIG, "timer": 60}, seed=6)
        ada = store.join(room.code, "Ada", seat=0)
        store.join(room.code, "Bo", seat=1)
        write_clues(ada)
        reading = store.clocks.ends(room.id)
        assert reading is not None and reading.seconds == 60.0
        assert 55 < room.info()["clock"]["seconds_left"] <= 60
        store.clocks.change(room.id, seconds=120)
        assert 115 < room.info()["clock"]["seconds_left"] <= 120
    from cipherkit.games.intercept import new_game

    with pytest.raises(ConfigError, match="10 to 600"):
        new_game({**CONFIG, "timer": 5}, seed=1)


# ---------------------------------------------- issue 46, point 7: when a writer can act
def test_a_bots_instant_clues_at_start_do_not_time_the_person(store_url: str) -> None:
    """A held 2 v 2 room, White's Encryptor a bot: at Start the bot writes its three
    clues at once, but Eli (Black's Encryptor) is timed only from his own first clue."""
    with open_store(store_url) as store:
        room = store.create_room("intercept", CONFIG, bots=[0], seed=6, held=True)
        eli = store.join(room.code, "Eli", seat=1)
        store.join(room.code, "Ada", seat=2)
        store.join(room.code, "Cy", seat=3)
        version = room.start()
        state = room.session().state
        assert len(state.written[0]) == 3 and state.writers() == [1]  # the bot is done
        assert room.info()["clock"] is None and store.clocks.ends(room.id) is None
        assert room.info()["clock_unattended"] is False  # Eli is there to act
        assert eli.wait(version, timeout=2.5) == version  # 1.5 s passed: nobody rang
        assert room.session().state.phase == "write"
        version = eli.act("clue skull")
        begun = time.monotonic()
        clock = room.info()["clock"]
        assert clock is not None and 0 < clock["seconds_left"] <= 1.5
        assert eli.wait(version, timeout=1.0) == version  # not yet
        assert eli.wait(version, timeout=10) == version + 1
        assert time.monotonic() - begun >= 1.4
        state = room.session().state
        assert state.timed_out and state.phase == "guess"
        assert room.record().actions[-1][1] == "timeout"


def test_a_held_room_of_people_times_the_slower_writer_from_the_first_ones_clue(
    sqlite_url: str,
) -> None:
    """All people: the timer still turns when the first Encryptor is done (rules §2.4),
    whether or not the other has begun."""
    with open_store(sqlite_url) as store:
        room = store.create_room("intercept", CONFIG, seed=6, held=True)
        ada, bo = store.join(room.code, "Ada", seat=0), store.join(room.code, "Bo", seat=1)
        store.join(room.code, "Cy", seat=2)
        store.join(room.code, "Di", seat=3)
        room.start()
        write_clues(ada)
        started = time.monotonic()
        clock = room.info()["clock"]
        assert clock is not None and 0 < clock["seconds_left"] <= 1.5
        version = room.version
        assert bo.wait(version, timeout=10) == version + 1
        assert time.monotonic() - started >= 1.3
        assert room.record().actions[-1][1] == "timeout"


def test_a_clock_waiting_on_an_empty_seat_waits_for_someone_to_sit(sqlite_url: str) -> None:
    """Nobody holds Black's Encryptor seat: the clock does not run and the room says so;
    a person sitting down starts it then."""
    with open_store(sqlite_url) as store:
        room = store.create_room("intercept", CONFIG, bots=[2, 3], seed=6)
        ada = store.join(room.code, "Ada", seat=0)
        write_clues(ada)
        info = room.info()
        assert info["clock"] is None and info["clock_unattended"] is True
        version = room.version
        assert ada.wait(version, timeout=2.0) == version  # nobody rang for an empty seat
        bo = store.join(room.code, "Bo", seat=1)
        sat = time.monotonic()
        info = room.info()
        assert info["clock_unattended"] is False
        assert info["clock"] is not None and info["clock"]["seconds_left"] > 1.2
        assert bo.wait(version, timeout=10) > version  # the bots answer the timeout
        assert time.monotonic() - sat >= 1.3
        assert room.record().actions[version][1] == "timeout"
        assert room.info()["clock_unattended"] is False  # no timed round runs now
