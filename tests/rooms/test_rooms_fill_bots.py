"""Bots take the empty seats of a room already made (fewer students came than seats):
stored in the seats, so a rebuilt room is the same; the bots move at once; in intercept
a bot team-mate still leaves the team's guess to its people. On SQLite and PostgreSQL."""

from __future__ import annotations

import pytest

from cipherkit.core.errors import CipherkitError
from cipherkit.core.session import Session
from cipherkit.games.intercept.shared import shared_with
from cipherkit.rooms import open_store
from cipherkit.rooms.errors import RoomClosed, RoomFull


def test_free_seats_go_to_bots_who_move_at_once(store_url: str) -> None:
    with open_store(store_url) as store:
        room = store.create_room("decipher", {"first_player": 1}, seed=4)
        ada = store.join(room.code, "Ada")
        assert room.version == 0  # seat 1 moves first, but nobody sits there
        assert room.fill_with_bots() == [1]
        seats = room.info()["seats"]
        assert [s["bot"] for s in seats] == [None, "solver"]
        assert seats[1]["taken"] and seats[1]["connected"]
        assert room.version >= 1 and room.info()["actors"] == [0]
        assert ada.legal_actions()  # Ada's turn now
        with pytest.raises(RoomFull):
            store.join(room.code, "Bea")
        assert room.fill_with_bots() == []  # nothing free: nothing changes


def test_a_room_rebuilt_from_the_store_is_the_same(store_url: str) -> None:
    with open_store(store_url) as store:
        room = store.create_room("decipher", {"first_player": 1}, seed=9)
        ada = store.join(room.code, "Ada")
        room.fill_with_bots("random")
        for _ in range(4):
            legal = ada.legal_actions()
            if not legal:
                break
            ada.act(legal[0])
        kept = room.session().to_json()
        record = room.record()
    with open_store(store_url) as other:  # another server: nothing cached
        again = other.room(room.id)
        assert again.session().to_json() == kept
        assert [p["bot"] for p in again.record().meta["players"]] == [None, "random"]
        rebuilt = Session.from_record(record)
        assert rebuilt.to_json()["actions"] == kept["actions"]
        # and the bot goes on exactly as it would have: the same answer on both servers
        seat = other.resume(ada.token)
        legal = seat.legal_actions()
        if legal:
            seat.act(legal[-1])
            alone = Session.from_json(kept)
            alone.people_decide = True
            alone.apply(0, legal[-1])
            alone.step_bots()
            assert again.session().to_json()["actions"] == alone.to_json()["actions"]


def test_an_intercept_bot_leaves_the_teams_guess_to_its_person(store_url: str) -> None:
    with open_store(store_url) as store:
        room = store.create_room("intercept", {"players": 4}, seed=12)
        people = [
            store.join(room.code, "Ada", team="white"),
            store.join(room.code, "Bo", team="black"),
        ]
        given = room.fill_with_bots()
        assert len(given) == 2 and {p.seat for p in people}.isdisjoint(given)
        waited = 0
        for n in range(60):
            session = room.session()
            if session.is_over:
                break
            actors = session.actors()
            for person in people:
                mates = shared_with(session.state, person.seat)  # type: ignore[arg-type]
                if person.seat in actors and any(m in given and m in actors for m in mates):
                    waited += 1  # a guess shared with a bot: it waits for the person
            moved = False
            for person in people:
                legal = person.legal_actions()
                if legal:
                    person.act(legal[n % len(legal)])
                    moved = True
                    break
            assert moved
        assert waited > 0
        # every stored bot move was one no person shared
        session = room.session()
        replay = Session("intercept", session.config, seed=session.seed)
        for seat, text in session.record.actions:
            if seat in given:
                mates = shared_with(replay.state, seat)  # type: ignore[arg-type]
                persons = [m for m in mates if m not in given and m in replay.state.actors()]
                assert persons == [], f"bot {seat} took a guess of its person: {text}"
            replay.apply(seat, text)


def test_refusals(store_url: str) -> None:
    with open_store(store_url) as store:
        room = store.create_room("decipher", seed=1)
        with pytest.raises(CipherkitError, match="unknown decipher bot"):
            room.fill_with_bots("nobody")
        assert [s["bot"] for s in room.info()["seats"]] == [None, None]
        room.close()
        with pytest.raises(RoomClosed):
            room.fill_with_bots()


def test_another_server_with_the_room_cached_sees_the_new_bots(store_url: str) -> None:
    with open_store(store_url) as one, open_store(store_url) as two:
        room = one.create_room("intercept", {"players": 4}, seed=7)
        ada = one.join(room.code, "Ada", team="white")
        there = two.room(room.id)
        assert there.session().bot_seats == []  # cached on the second server now
        room.fill_with_bots("random")
        assert there.session().bot_seats == [1, 2, 3]
        assert there.info()["seats"][1]["bot"] == "random"
        # the second server plays on with them, and both servers agree
        seat = two.resume(ada.token)
        legal = seat.legal_actions()
        assert legal
        seat.act(legal[0])
        assert there.session().to_json() == room.session().to_json()
