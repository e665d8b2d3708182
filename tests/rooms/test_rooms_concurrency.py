"""Several store objects (as several servers would hold) on one room at once: no action
lost or doubled, wait() wakes on the other's action, bots move exactly once."""

from __future__ import annotations

import subprocess
import sys
import tempfile
import textwrap
import threading
import time
from collections import Counter
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cipherkit.core.errors import IllegalAction
from cipherkit.core.rng import Rng
from cipherkit.core.session import Session
from cipherkit.rooms import StaleVersion, open_store
from cipherkit.rooms.store import Room, SeatHandle, Store

KEYWORDS = {
    "white": ["black", "dragonfly", "cocktail", "sombrero"],
    "black": ["antiquity", "bone", "morning", "nightmare"],
}


def run_threads(*targets: Callable[[], None], timeout: float = 120) -> None:
    """Run each target in its own thread, all released at once; re-raise any error."""
    errors: list[BaseException] = []
    start = threading.Barrier(len(targets))

    def wrap(target: Callable[[], None]) -> Callable[[], None]:
        def go() -> None:
            try:
                start.wait()
                target()
            except BaseException as exc:
                errors.append(exc)

        return go

    threads = [threading.Thread(target=wrap(t)) for t in targets]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout)
    assert not any(t.is_alive() for t in threads), "a thread is stuck"
    if errors:
        raise errors[0]


def stored_actions(store: Store, room_id: str) -> list[tuple[int, int, str, int]]:
    conn = store.db.connection()
    rows = conn.execute(
        "SELECT number, seat, notation, bot FROM actions WHERE room_id = ? ORDER BY number",
        (room_id,),
    ).fetchall()
    return [(int(n), int(s), str(t), int(b)) for n, s, t, b in rows]


def check_record(store: Store, room: Room) -> list[tuple[int, int, str, int]]:
    """Versions contiguous, the record replays to the state, bots moved exactly once."""
    actions = stored_actions(store, room.id)
    assert [a[0] for a in actions] == list(range(1, room.version + 1))
    record = room.record()
    session = room.session()
    assert record.replay() == session.state
    assert record.actions == [(s, t) for _, s, t, _ in actions]
    # Bots exactly once: the people's actions, each answered by one step of the bots
    # (with their random streams from the seed), give exactly the stored record.
    bots = {p["seat"]: p["bot"] for p in record.meta["players"] if p["bot"]}
    replay = Session(record.game, record.config, seed=record.seed, bots=bots)
    replay.step_bots()
    for _, seat, text, by_bot in actions:
        if not by_bot:
            replay.apply(seat, text)
            replay.step_bots()
    assert replay.record.actions == record.actions
    assert all(bool(by_bot) == (seat in bots) for _, seat, _, by_bot in actions)
    return actions


# ---------------------------------------------------------------- two stores, one room
def test_two_stores_writing_at_once_lose_and_double_nothing(store_url: str) -> None:
    """Both Encryptors write their three clues at the same moment through two stores."""
    with open_store(store_url) as one, open_store(store_url) as two:
        room = one.create_room("intercept", {"keywords": KEYWORDS}, seed=3)
        white = one.join(room.code, "Ada", seat=0)
        black = two.resume(one.join(room.code, "Bo", seat=1).token)
        clues = {0: ["Mexico", "cactus", "desert"], 1: ["skeleton", "sunrise", "ruins"]}

        def write(seat: SeatHandle) -> Callable[[], None]:
            return lambda: [seat.act(f"clue {c}") for c in clues[seat.seat]]

        run_threads(write(white), write(black))
        actions = check_record(one, room)
        assert len(actions) == 6 == room.version == two.room(room.id).version
        for seat, words in clues.items():
            assert [t for _, s, t, _ in actions if s == seat] == [f"clue {c}" for c in words]
        assert one.room(room.id).session().state == two.room(room.id).session().state


def test_two_processes_writing_at_once_lose_and_double_nothing(store_url: str) -> None:
    """The same with two server processes, each with its own store."""
    with open_store(store_url) as store:
        room = store.create_room("intercept", {"keywords": KEYWORDS}, seed=4)
        tokens = [store.join(room.code, name, seat=s).token for s, name in enumerate("AB")]
    script = textwrap.dedent(
        """
        import sys, time
        from cipherkit.rooms import open_store
        url, token, go = sys.argv[1], sys.argv[2], float(sys.argv[3])
        with open_store(url) as store:
            seat = store.resume(token)
            time.sleep(max(0.0, go - time.time()))
            words = [("anchor", "planet", "violin"), ("harbor", "comet", "walrus")]
            for word in words[seat.seat]:
                seat.act(f"clue {word}")
        """
    )
    go = time.time() + 3.0
    procs = [
        subprocess.Popen(
            [sys.executable, "-c", script, store_url, token, str(go)],
            stderr=subprocess.PIPE,
            text=True,
        )
        for token in tokens
    ]
    for proc in procs:
        _, err = proc.communicate(timeout=120)
        assert proc.returncode == 0, err
    with open_store(store_url) as store:
        room = store.room(room.id)
        actions = check_record(store, room)
        counts = Counter((s, t) for _, s, t, _ in actions)
        assert len(actions) == 6 and set(counts.values()) == {1}


def test_wait_wakes_when_another_store_acts(store_url: str) -> None:
    """The PostgreSQL store polls only every 5 s here: waking well before is NOTIFY."""
    poll = 5.0 if store_url.startswith("postgresql") else None
    with open_store(store_url, poll=poll) as one, open_store(store_url, poll=poll) as two:
        room = one.create_room("decipher", {"first_player": 0}, seed=5)
        ada = one.join(room.code, "Ada")
        bo = two.resume(one.join(room.code, "Bo").token)
        woke: dict[str, float] = {}

        def wait() -> None:
            started = time.monotonic()
            woke["version"] = bo.wait(0, timeout=10)
            woke["after"] = time.monotonic() - started

        waiter = threading.Thread(target=wait)
        waiter.start()
        time.sleep(0.5)
        ada.act(ada.legal_actions()[0])
        waiter.join(15)
        assert woke["version"] == 1
        assert woke["after"] < 0.5 + 2.0  # the act came at 0.5 s; the next poll is at 5 s
        # a timeout returns the current version
        started = time.monotonic()
        assert bo.wait(1, timeout=0.3) == 1
        assert 0.25 <= time.monotonic() - started < 3


def test_a_waiter_in_the_same_store_wakes_at_once(sqlite_url: str) -> None:
    with open_store(sqlite_url, poll=5.0) as store:
        room = store.create_room("decipher", {"first_player": 0}, seed=5)
        ada, bo = store.join(room.code, "Ada"), store.join(room.code, "Bo")
        woke: list[float] = []
        waiter = threading.Thread(target=lambda: woke.append(bo.wait(0, timeout=10)))
        waiter.start()
        time.sleep(0.3)
        started = time.monotonic()
        ada.act(ada.legal_actions()[0])
        waiter.join(15)
        assert woke == [1] and time.monotonic() - started < 2.0  # the next poll: 5 s


def test_an_action_for_an_old_version_is_refused_once_the_room_moved(sqlite_url: str) -> None:
    """What a timer does: fire at the version it was armed at, or not at all."""
    with open_store(sqlite_url) as one, open_store(sqlite_url) as two:
        room = one.create_room("intercept", {"keywords": KEYWORDS, "timer": True}, seed=6)
        ada = one.join(room.code, "Ada", seat=0)
        for word in ("Mexico", "cactus", "desert"):
            ada.act(f"clue {word}")
        armed = room.version
        fired: list[Any] = []

        def fire(store: Store) -> Callable[[], None]:
            def go() -> None:
                try:
                    fired.append(store.room(room.id).act(2, "timeout", version=armed))
                except (StaleVersion, IllegalAction) as exc:
                    fired.append(type(exc).__name__)

            return go

        run_threads(fire(one), fire(two))
        assert sorted(map(str, fired)) == sorted([str(armed + 1), "StaleVersion"])
        assert [t for _, _, t, _ in stored_actions(one, room.id)].count("timeout") == 1


# ---------------------------------------------------------------- bots exactly once
@pytest.mark.parametrize(
    ("game", "config", "bots"),
    [
        ("decipher", {"first_player": 1}, {1: "random"}),
        ("mission", {"players": 3}, {1: "random", 2: "random"}),
        ("intercept", {"keywords": KEYWORDS}, {1: "random", 3: "random"}),
    ],
)
def test_bots_move_exactly_once_with_two_stores_racing(
    store_url: str, game: str, config: dict[str, Any], bots: dict[int, str]
) -> None:
    """Two stores hold the same person's seat and race to act; the bots answer each
    accepted action once, whichever store applied it."""
    with open_store(store_url) as one, open_store(store_url) as two:
        room = one.create_room(game, config, bots=bots, seed=12)
        humans = [
            one.join(room.code, f"P{s}") for s in range(len(room.info()["seats"])) if s not in bots
        ]
        handles = [(h, two.resume(h.token)) for h in humans]
        accepted: Counter[str] = Counter()
        lock = threading.Lock()

        def player(index: int) -> Callable[[], None]:
            rng = Rng(index)

            def go() -> None:
                for _ in range(40):
                    for pair in handles:
                        seat = pair[index]
                        legal = seat.legal_actions()
                        if not legal:
                            continue
                        try:
                            seat.act(rng.choice(legal))
                        except IllegalAction:
                            continue
                        with lock:
                            accepted[f"store{index}"] += 1
                    if room.info()["over"]:
                        return

            return go

        run_threads(player(0), player(1), timeout=300)
        actions = check_record(one, room)
        people = [a for a in actions if not a[3]]
        assert len(people) == sum(accepted.values()) > 0
        assert any(a[3] for a in actions)


# ---------------------------------------------------------------- property
def hammer(url: str, seed: int, threads: int, steps: int, game: str) -> None:
    """``threads`` players, each with its own store, act at random on one room."""
    config: dict[str, Any] = (
        {"keywords": KEYWORDS} if game == "intercept" else {"players": 4, "first_player": 0}
    )
    with open_store(url) as store:
        room = store.create_room(game, config, seed=seed)
        tokens = [store.join(room.code, f"P{s}").token for s in range(4)]
    successes: dict[int, list[str]] = {s: [] for s in range(4)}

    def player(index: int) -> Callable[[], None]:
        rng = Rng(seed * 31 + index)

        def go() -> None:
            with open_store(url) as mine:
                seats = [mine.resume(t) for t in tokens[index::threads]]
                for _ in range(steps):
                    seat = rng.choice(seats)
                    legal = seat.legal_actions()
                    if not legal:
                        seat.wait(seat.version, timeout=0.05)
                        continue
                    text = rng.choice(legal)
                    try:
                        seat.act(text)
                    except IllegalAction:
                        continue
                    successes[seat.seat].append(text)

        return go

    run_threads(*(player(i) for i in range(threads)), timeout=300)
    with open_store(url) as store:
        room = store.room(room.id)
        actions = check_record(store, room)
        for seat, texts in successes.items():
            assert [t for _, s, t, _ in actions if s == seat] == texts
        assert room.info()["version"] == len(actions)


@settings(
    max_examples=12,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(
    seed=st.integers(0, 2**40),
    threads=st.integers(2, 4),
    steps=st.integers(3, 15),
    game=st.sampled_from(["intercept", "mission"]),
)
def test_random_concurrent_players_never_break_the_record_sqlite(
    seed: int, threads: int, steps: int, game: str
) -> None:
    with tempfile.TemporaryDirectory() as folder:
        hammer(f"sqlite:///{folder}/rooms.db", seed, threads, steps, game)


@settings(
    max_examples=5,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(
    seed=st.integers(0, 2**40),
    threads=st.integers(2, 4),
    steps=st.integers(3, 12),
    game=st.sampled_from(["intercept", "mission"]),
)
def test_random_concurrent_players_never_break_the_record_postgresql(
    new_pg_url: Callable[[], str], seed: int, threads: int, steps: int, game: str
) -> None:
    hammer(new_pg_url(), seed, threads, steps, game)
