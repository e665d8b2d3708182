"""A server killed mid-game (SIGKILL) loses nothing: every action it stored is there,
every room rebuilds to exactly its stored record, and the seats play on."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time

from cipherkit.core.session import Session
from cipherkit.rooms import open_store

PLAYER = """
import json, sys
from cipherkit.rooms import open_store
store = open_store(sys.argv[1])
rooms = [
    store.create_room("decipher", {"first_player": 0}, bots=[1]),
    store.create_room("intercept", {"players": 4}, bots=[1, 3]),
    store.create_room("mission", {"players": 2}),
]
seats = {room.id: [] for room in rooms}
for room in rooms:
    for n in range(len(room.info()["seats"])):
        try:
            seats[room.id].append(store.join(room.code, f"P{n}"))
        except Exception:
            pass
print(json.dumps({r.id: [s.token for s in seats[r.id]] for r in rooms}), flush=True)
n = 0
while True:  # play until killed
    for room in rooms:
        for seat in seats[room.id]:
            legal = seat.legal_actions()
            if legal:
                seat.act(legal[n % len(legal)])
                n += 1
"""


def test_a_killed_server_loses_nothing_and_rooms_play_on(store_url: str) -> None:
    player = subprocess.Popen(
        [sys.executable, "-c", PLAYER, store_url],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        tokens = json.loads(player.stdout.readline())  # type: ignore[union-attr]
        with open_store(store_url) as watcher:
            started = time.monotonic()
            while time.monotonic() - started < 60:  # let it store some actions
                if all(watcher.room(room_id).version >= 6 for room_id in tokens):
                    break
                time.sleep(0.2)
        os.kill(player.pid, signal.SIGKILL)  # mid-transaction, as likely as not
        player.wait(30)
    finally:
        if player.poll() is None:
            player.kill()
    assert player.returncode == -signal.SIGKILL

    with open_store(store_url) as store:
        for room_id, room_tokens in tokens.items():
            room = store.room(room_id)
            record = room.record()
            assert room.version == len(record.actions) >= 6
            replayed = Session.from_record(record)
            session = room.session()
            assert replayed.state.to_json() == session.state.to_json()
            if session.is_over:
                continue
            # The seats resume with their tokens and play on from where it was.
            before = room.version
            movers = [store.resume(t) for t in room_tokens]
            mover = next(m for m in movers if m.legal_actions())
            assert mover.act(mover.legal_actions()[0]) > before
