"""What the teacher does to a class's rooms, on SQLite and PostgreSQL: rooms held until
the start, a seat given to a new device or taken back (the old token says why), one name
once per room, and a closed room waking every page waiting on it at once."""

from __future__ import annotations

import threading
import time

import pytest

from cipherkit.core.errors import IllegalAction
from cipherkit.rooms import BadName, SeatGone, UnknownToken, open_store


def test_a_held_room_waits_for_the_start(store_url: str) -> None:
    with open_store(store_url) as store:
        room = store.create_room("decipher", {"first_player": 1}, bots=[1], seed=4, held=True)
        ada = store.join(room.code, "Ada")  # people join a held room
        assert room.info()["held"] is True and room.version == 0  # the bot has not moved
        room.fill_with_bots()
        assert room.version == 0
        legal = ada.legal_actions()
        with pytest.raises(IllegalAction, match="starts when your teacher starts it"):
            ada.act(legal[0]) if legal else room.act(0, "skip")
        assert room.version == 0
        assert room.start() > 0  # the bot sits first: it moves at once
        assert room.info()["held"] is False
        version = room.version
        assert room.start() == version  # a second start changes nothing
        ada.act(ada.legal_actions()[0])
        assert room.version > version


def test_a_seat_given_to_a_new_device(store_url: str) -> None:
    with open_store(store_url) as store:
        room = store.create_room("decipher", {"first_player": 0}, seed=2)
        old = store.join(room.code, "Ada")
        bo = store.join(room.code, "Bo")
        assert room.give_seat(old.seat, "Ada") == "Ada"
        (seat,) = [s for s in room.info()["seats"] if s["seat"] == old.seat]
        assert seat["reserved"] == "Ada" and not seat["taken"]
        with pytest.raises(SeatGone, match="gave your seat to another device"):
            store.resume(old.token)
        with pytest.raises(UnknownToken, match="gave your seat to another device"):
            old.act("skip")
        assert room.fill_with_bots() == []  # a kept seat is nobody else's, not a bot's
        new = store.join(room.code, "ada")  # the same student, on the new device
        assert new.seat == old.seat and new.token != old.token
        assert room.remove(bo.seat) == "Bo"
        with pytest.raises(SeatGone, match="took you out of this room"):
            store.resume(bo.token)
        assert store.join(room.code, "Cy").seat == bo.seat  # a removed seat is free


def test_one_name_once_per_room(store_url: str) -> None:
    with open_store(store_url) as store:
        room = store.create_room("intercept", {"players": 4})
        store.join(room.code, "Ada")
        for twin in ("Ada", "ADA", " ada "):
            with pytest.raises(BadName, match="someone called Ada already plays"):
                store.join(room.code, twin)
        store.join(room.code, "Ada B")


def test_closing_wakes_every_waiting_page_at_once(store_url: str) -> None:
    with open_store(store_url) as store:
        room = store.create_room("decipher", {"first_player": 0})
        seats = [store.join(room.code, name) for name in ("Ada", "Bo")]
        woke: list[float] = []

        def wait(handle: object) -> None:
            handle.wait(room.version, timeout=20)  # type: ignore[attr-defined]
            woke.append(time.monotonic())

        threads = [threading.Thread(target=wait, args=(s,)) for s in (*seats, room)]
        for thread in threads:
            thread.start()
        time.sleep(0.5)
        assert woke == []  # nothing happened yet: they wait
        closed = time.monotonic()
        room.close()
        for thread in threads:
            thread.join(timeout=20)
        assert len(woke) == 3
        # the version did not move, yet all woke well before their 20 s timeout
        assert max(woke) - closed < 5.0
