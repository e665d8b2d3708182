"""The rooms' Python API on real stores: create, join, act, resume, spectate, info, and
a rebuild in a new process."""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap
from pathlib import Path
from typing import Any

import pytest

from cipherkit.core.errors import CipherkitError, IllegalAction
from cipherkit.core.session import Session
from cipherkit.rooms import (
    CODE_BITS,
    BadName,
    ReadOnly,
    RoomClosed,
    RoomError,
    RoomFull,
    SeatUnavailable,
    StaleVersion,
    StoreError,
    UnknownCode,
    UnknownRoom,
    UnknownToken,
    normalize_code,
    open_store,
)
from cipherkit.rooms.codes import WORDS, new_code
from cipherkit.rooms.store import Store

KEYWORDS = {
    "white": ["black", "dragonfly", "cocktail", "sombrero"],
    "black": ["antiquity", "bone", "morning", "nightmare"],
}


def dump(store: Store) -> dict[str, list[Any]]:
    """Every stored row (but the seats' last sign of life, which reading may refresh)."""
    conn = store.db.connection()
    return {
        "rooms": conn.execute("SELECT * FROM rooms ORDER BY id").fetchall(),
        "seats": conn.execute(
            "SELECT room_id, seat, bot, name, token_hash, joined FROM seats ORDER BY room_id, seat"
        ).fetchall(),
        "actions": conn.execute("SELECT * FROM actions ORDER BY room_id, number").fetchall(),
    }


def strings(data: Any) -> set[str]:
    """Every string leaf of a JSON-like value."""
    if isinstance(data, str):
        return {data}
    if isinstance(data, dict):
        return set().union(*(strings(v) for v in data.values())) if data else set()
    if isinstance(data, list | tuple):
        return set().union(*(strings(v) for v in data)) if data else set()
    return set()


def keys(data: Any) -> set[str]:
    """Every key of every mapping in a JSON-like value."""
    if isinstance(data, dict):
        return set(data).union(*(keys(v) for v in data.values()))
    if isinstance(data, list | tuple):
        return set().union(*(keys(v) for v in data))
    return set()


# ---------------------------------------------------------------- codes
def test_join_codes_have_at_least_30_bits_and_normalise() -> None:
    assert len(WORDS) == len(set(WORDS)) == 256
    assert all(w.isalpha() and w.islower() and 3 <= len(w) <= 7 for w in WORDS)
    assert CODE_BITS >= 30
    codes = {new_code() for _ in range(200)}
    assert len(codes) == 200
    for code in codes:
        first, digits, last = code.split("-")
        assert first.lower() in WORDS and last.lower() in WORDS and len(digits) == 5
        assert normalize_code(code.lower().replace("-", " ")) == code
        assert normalize_code(f"  {first.title()}{digits}{last.lower()} ") == code
    assert normalize_code("TIGER-4821-MOSS") is None  # four digits
    assert normalize_code("QWXZ-48213-MOSS") is None  # not one of our words
    assert normalize_code("x" * 500) is None


# ---------------------------------------------------------------- create, join, act
def test_create_join_act_and_observe(sqlite_url: str) -> None:
    with open_store(sqlite_url) as store:
        room = store.create_room("decipher", {"first_player": 0}, bots=[1], seed=11)
        assert len(room.id) == 12 and normalize_code(room.code) == room.code
        ada = store.join(room.code, "Ada")
        assert (ada.seat, ada.room_id, ada.version) == (0, room.id, 0)
        session = room.session()
        assert ada.observe() == session.view(0) == session.state.observe(0)
        assert ada.legal_actions() == session.legal_texts(0)
        version = ada.act(ada.legal_actions()[0])
        assert version == ada.version == room.version >= 1
        session = room.session()
        assert ada.observe() == session.view(0)
        assert session.players[1].bot == "solver" and session.players[0].bot is None
        record = room.record()
        assert record.replay() == session.state
        assert record.meta["players"][0]["name"] == "Ada"
        assert token_free(repr(ada), ada.token)


def token_free(text: str, token: str) -> bool:
    return token not in text


def test_bots_that_move_first_move_at_creation(sqlite_url: str) -> None:
    with open_store(sqlite_url) as store:
        room = store.create_room("decipher", {"first_player": 1}, bots={1: "random"}, seed=4)
        assert room.version > 0
        conn = store.db.connection()
        rows = conn.execute("SELECT seat, bot FROM actions WHERE room_id = ?", (room.id,))
        assert {tuple(r) for r in rows} == {(1, 1)}
        ada = store.join(room.code, "Ada")
        assert ada.legal_actions() and room.info()["actors"] == [0]


def test_an_illegal_action_changes_nothing_stored(store_url: str) -> None:
    with open_store(store_url) as store:
        room = store.create_room("decipher", {"first_player": 0}, bots=[1], seed=5)
        ada = store.join(room.code, "Ada")
        ada.act(ada.legal_actions()[0])
        before = dump(store)
        view = ada.observe()
        for text in ("skip", "play ZZ", "guess 1 2 3", "", "x" * 300):
            with pytest.raises(IllegalAction) as caught:
                ada.act(text)
            assert caught.value.reason
        assert dump(store) == before
        assert ada.observe() == view
        with pytest.raises(StaleVersion):
            ada.act(ada.legal_actions()[0], version=0)
        assert dump(store) == before
        assert ada.act(ada.legal_actions()[0], version=ada.version) == ada.version


def test_acting_out_of_turn_is_illegal(sqlite_url: str) -> None:
    with open_store(sqlite_url) as store:
        room = store.create_room("decipher", {"first_player": 0}, seed=5)
        ada, bo = store.join(room.code, "Ada"), store.join(room.code, "Bo")
        assert bo.legal_actions() == []
        with pytest.raises(IllegalAction):
            bo.act(ada.legal_actions()[0])


def test_full_room_and_wrong_codes(sqlite_url: str) -> None:
    with open_store(sqlite_url) as store:
        room = store.create_room("decipher", bots=[1], seed=3)
        store.join(room.code, "Ada")
        with pytest.raises(RoomFull, match=f"room {room.code} is full"):
            store.join(room.code, "Bo")
        with pytest.raises(UnknownCode, match="no open room with code TIGER-00000-MOSS"):
            store.join("tiger 00000 moss", "Bo")
        with pytest.raises(UnknownCode, match="no open room with code 'hello'"):
            store.join("hello", "Bo")
        with pytest.raises(UnknownCode):
            store.spectate("hello")
        other = store.create_room("decipher", seed=3)
        store.close_room(other.code)
        with pytest.raises(UnknownCode):
            store.join(other.code, "Bo")
        assert issubclass(UnknownCode, RoomError) and issubclass(RoomError, CipherkitError)


def test_codes_are_read_in_any_case_and_spacing(sqlite_url: str) -> None:
    with open_store(sqlite_url) as store:
        room = store.create_room("decipher", seed=3)
        first, digits, last = room.code.split("-")
        seat = store.join(f" {first.lower()} {digits}  {last.title()} ", "Ada")
        assert seat.room_id == room.id and seat.code == room.code


def test_names_are_checked(sqlite_url: str) -> None:
    with open_store(sqlite_url) as store:
        room = store.create_room("mission", {"players": 4}, seed=3)
        for bad in ("", "   ", "x" * 41, "Ada\n", "Ada\x07", "Ada\u202eevil", 7):
            with pytest.raises(BadName):
                store.join(room.code, bad)  # type: ignore[arg-type]
        assert store.join(room.code, "  Ada   Lovelace ").name == "Ada Lovelace"
        assert store.join(room.code, "x" * 40).name == "x" * 40
        assert store.join(room.code, "Zoë 🦊").name == "Zoë 🦊"


def test_seats_and_teams(sqlite_url: str) -> None:
    with open_store(sqlite_url) as store:
        room = store.create_room("intercept", {"keywords": KEYWORDS}, bots={3: "random"}, seed=2)
        black = store.join(room.code, "Bo", team="black")
        assert black.seat == 1
        with pytest.raises(RoomFull, match="team black"):
            store.join(room.code, "Cy", team="BLACK")
        with pytest.raises(SeatUnavailable, match="played by a bot"):
            store.join(room.code, "Cy", seat=3)
        with pytest.raises(SeatUnavailable, match="is taken"):
            store.join(room.code, "Cy", seat=1)
        with pytest.raises(SeatUnavailable, match="no seat 9"):
            store.join(room.code, "Cy", seat=9)
        with pytest.raises(SeatUnavailable, match="no team 'green'"):
            store.join(room.code, "Cy", team="green")
        with pytest.raises(SeatUnavailable, match="not on team black"):
            store.join(room.code, "Cy", seat=2, team="black")
        assert store.join(room.code, "Cy", seat=2, team="white").seat == 2
        assert store.join(room.code, "Di").seat == 0
        teams = {s["seat"]: s["team"] for s in room.info()["seats"]}
        assert teams == {0: "white", 1: "black", 2: "white", 3: "black"}
        duel = store.create_room("decipher", seed=1)
        with pytest.raises(SeatUnavailable, match="has no teams"):
            store.join(duel.code, "Ed", team="white")


def test_a_bot_team_mate_leaves_the_teams_guess_to_its_person(store_url: str) -> None:
    """White is a bot Encryptor (0), a person (2) and a bot (4): the bot may guess for
    the team as well as the person, but leaves it to the person; a team of bots guesses
    at once."""
    with open_store(store_url) as store:
        config = {"keywords": KEYWORDS, "players": 6}
        room = store.create_room("intercept", config, bots=[0, 1, 3, 4, 5], seed=5)
        state = room.session().state
        assert state.phase == "guess" and state.decryptors() == [2, 4]
        assert state.decrypt is None and room.session().waiting() == [2]
        person = store.join(room.code, "Ada")
        assert person.seat == 2
        person.act(person.legal_actions()[0])
        state = room.session().state
        # Black's bots decrypted their own clues at once; the round moved on.
        assert [r["team"] for r in state.history if r["round"] == 1] == [0, 1]
        assert all(r["decrypt"] is not None for r in state.history)
    # Without people deciding (a playtest), the bot team-mate guesses at once.
    alone = Session("intercept", config, seed=5, bots=[0, 1, 3, 4, 5])
    alone.step_bots()
    assert alone.state.decrypt is not None or alone.state.history


def test_resume_gives_the_same_seat_and_stale_tokens_fail(store_url: str) -> None:
    with open_store(store_url) as store:
        room = store.create_room("decipher", {"first_player": 0}, bots=[1], seed=8)
        ada = store.join(room.code, "Ada")
        ada.act(ada.legal_actions()[0])
    with open_store(store_url) as again:
        back = again.resume(ada.token)
        assert (back.seat, back.room_id, back.name, back.token) == (0, room.id, "Ada", ada.token)
        assert back.observe() == again.room(room.id).session().view(0)
        for token in ("", "x" * 40, ada.token[:-1] + ("A" if ada.token[-1] != "A" else "B")):
            with pytest.raises(UnknownToken):
                again.resume(token)
        again.room(room.id).free_seat(0)
        with pytest.raises(UnknownToken):
            again.resume(ada.token)
        with pytest.raises(UnknownToken):
            back.observe()
        with pytest.raises(UnknownToken):
            back.act("skip")
        bo = again.join(room.code, "Bo")
        assert bo.seat == 0 and bo.token != ada.token
        again.close_room(room.id)
        with pytest.raises(RoomClosed, match="is closed"):
            again.resume(bo.token)
        with pytest.raises(RoomClosed):
            bo.act(bo.legal_actions()[0] if bo.legal_actions() else "skip")
        assert bo.observe()["game"] == "decipher"  # a closed room can still be looked at


def test_spectator_sees_the_spectator_view_and_cannot_act(sqlite_url: str) -> None:
    with open_store(sqlite_url) as store:
        room = store.create_room("intercept", {"keywords": KEYWORDS}, seed=6)
        ada = store.join(room.code, "Ada")
        watcher = store.spectate(room.code.lower())
        assert watcher.seat is None and watcher.legal_actions() == []
        assert watcher.observe() == room.session().state.observe("spectator")
        with pytest.raises(ReadOnly):
            watcher.act("clue apple")
        ada.act("clue apple")
        assert watcher.wait(0, timeout=1) == 1
        assert watcher.observe() == room.session().view("spectator")


@pytest.mark.parametrize(
    ("game", "config", "bots"),
    [
        ("intercept", {"keywords": KEYWORDS}, [1]),
        ("decipher", {"first_player": 0}, [1]),
        ("mission", {"players": 3, "first_player": 0}, [2]),
    ],
)
def test_info_is_json_safe_and_holds_no_hidden_information(
    sqlite_url: str, game: str, config: dict[str, Any], bots: list[int]
) -> None:
    with open_store(sqlite_url) as store:
        room = store.create_room(game, config, bots=bots, seed=123456789123)
        ada = store.join(room.code, "Ada")
        for _ in range(3):
            legal = ada.legal_actions()
            if legal:
                ada.act(legal[-1])
        assert room.version > 0
        info = room.info()
        assert json.loads(json.dumps(info)) == info
        assert {"id", "code", "game", "config", "seats", "version", "over", "outcome"} <= set(info)
        assert {"created", "updated", "status", "actors"} <= set(info)
        session = room.session()
        spectator = session.view("spectator")
        assert info["actors"] == spectator["actors"]
        secret = strings(session.state.to_json())
        for seat in range(len(session.players)):
            secret |= strings(session.view(seat))
        secret |= strings(session.config)
        secret -= strings(spectator)
        secret = {s for s in secret if len(s) > 2}
        assert secret, "the game should have something hidden to test with"
        leaked = strings(info) & secret
        assert not leaked
        text = json.dumps(info)
        assert ada.token not in text and str(session.seed) not in text
        assert not {"seed", "token", "token_hash", "rngs", "keywords", "mission"} & keys(info)
        seats = info["seats"]
        assert seats[0]["name"] == "Ada" and seats[0]["connected"] and seats[0]["taken"]
        assert seats[bots[0]]["bot"] and seats[bots[0]]["taken"]


def test_rooms_lists_and_close_room(sqlite_url: str) -> None:
    with open_store(sqlite_url) as store:
        first = store.create_room("decipher", seed=1)
        second = store.create_room("mission", {"players": 2}, bots=[1], seed=2)
        assert [i["id"] for i in store.rooms()] == [first.id, second.id]
        store.close_room(first.code)
        assert [i["id"] for i in store.rooms()] == [second.id]
        assert [i["status"] for i in store.rooms(open_only=False)] == ["closed", "open"]
        assert store.room(first.id).info()["status"] == "closed"
        with pytest.raises(UnknownRoom):
            store.room("nope")
        with pytest.raises(UnknownRoom):
            store.close_room("TIGER-00000-MOSS")


def test_bad_arguments_are_clear_errors(sqlite_url: str, tmp_path: Path) -> None:
    with open_store(sqlite_url) as store:
        with pytest.raises(CipherkitError, match="unknown game"):
            store.create_room("chess")
        with pytest.raises(CipherkitError, match="no seat 5"):
            store.create_room("decipher", bots=[5])
        with pytest.raises(CipherkitError, match="unknown decipher bot"):
            store.create_room("decipher", bots={1: "oracle"})
        with pytest.raises(CipherkitError, match="unknown config option"):
            store.create_room("decipher", {"colour": "red"})
        with pytest.raises(CipherkitError, match="seed"):
            store.create_room("decipher", seed=-1)
    with pytest.raises(StoreError, match="sqlite:///"):
        open_store("sqlite:rooms.db")
    with pytest.raises(StoreError, match="room store URL"):
        open_store("mysql://db/rooms")
    with pytest.raises(StoreError, match="no room store"):
        open_store(tmp_path / "missing.db", create=False)
    with pytest.raises(StoreError, match="no folder"):
        open_store(tmp_path / "no" / "such" / "rooms.db")
    bare = open_store(tmp_path / "bare.db")
    assert bare.kind == "sqlite" and (tmp_path / "bare.db").exists()
    bare.close()


def test_psycopg_is_imported_only_for_postgresql_urls(tmp_path: Path) -> None:
    script = textwrap.dedent(
        f"""
        import sys
        from cipherkit.rooms import open_store, StoreError
        store = open_store({str(tmp_path / "r.db")!r})
        store.create_room("decipher", seed=1)
        assert "psycopg" not in sys.modules, "psycopg imported for SQLite"
        sys.modules["psycopg"] = None  # as if it were not installed
        try:
            open_store("postgresql://nobody@/nowhere")
        except StoreError as exc:
            print(exc)
        """
    )
    done = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0, done.stderr
    assert "need psycopg 3" in done.stdout and "pip install" in done.stdout


# ---------------------------------------------------------------- rebuild
REBUILD = """
import json, sys
from cipherkit.rooms import open_store
with open_store(sys.argv[1]) as store:
    out = {}
    for info in store.rooms(open_only=False):
        room = store.room(info["id"])
        session = room.session()
        out[info["id"]] = {
            "state": session.state.to_json(),
            "views": {str(v): session.view(v) for v in session.spec.viewers(session.state)},
            "session": session.to_json(),
            "info": {k: v for k, v in info.items() if k != "seats"},
        }
    print(json.dumps(out))
"""


def play_some(store: Store, room_code: str, steps: int) -> None:
    seats = [store.join(room_code, f"P{i}") for i in range(4)]
    done = 0
    while done < steps:
        movers = [s for s in seats if s.legal_actions()]
        if not movers:
            return
        movers[done % len(movers)].act(movers[done % len(movers)].legal_actions()[0])
        done += 1


def test_a_new_process_rebuilds_every_room_exactly(store_url: str) -> None:
    with open_store(store_url) as store:
        intercept = store.create_room("intercept", {"keywords": KEYWORDS}, seed=21)
        play_some(store, intercept.code, 9)
        mission = store.create_room("mission", {"players": 4}, seed=22)
        play_some(store, mission.code, 12)
        duel = store.create_room("decipher", {"first_player": 0}, bots=[1], seed=23)
        ada = store.join(duel.code, "Ada")
        for _ in range(4):
            if ada.legal_actions():
                ada.act(ada.legal_actions()[0])
        store.close_room(duel.id)
        expected: dict[str, Any] = {}
        for room in (intercept, mission, duel):
            session = room.session()
            expected[room.id] = {
                "state": session.state.to_json(),
                "views": {str(v): session.view(v) for v in session.spec.viewers(session.state)},
                "session": session.to_json(),
                "info": {k: v for k, v in room.info().items() if k != "seats"},
            }
            assert session.version > 0
    done = subprocess.run(
        [sys.executable, "-c", REBUILD, store_url], capture_output=True, text=True, timeout=300
    )
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout) == json.loads(json.dumps(expected))


def test_sessions_from_the_store_continue_like_the_original(sqlite_url: str) -> None:
    """The bots' random streams are stored too: a rebuilt session plays on identically."""
    with open_store(sqlite_url) as store:
        room = store.create_room("decipher", {"first_player": 0}, bots={1: "random"}, seed=31)
        ada = store.join(room.code, "Ada")
        ada.act(ada.legal_actions()[0])
        original = room.session()
    with open_store(sqlite_url) as again:
        rebuilt = again.room(room.id).session()
    assert rebuilt.to_json() == original.to_json()
    assert isinstance(rebuilt, Session)
