"""Rooms: how long after one seat acts does another seat's ``wait()`` return?

Plays ``--rooms`` rooms (default 8) of the mission game with 4 people each, all at once,
on each kind of store: an SQLite file, and a throwaway PostgreSQL cluster
(:mod:`cipherkit.rooms.pgtest`, started like the tests' and with ``fsync`` on). The 32
seats are spread over two "servers", two worker processes sharing the store, so that
every room has seats on both; each seat runs in its own thread with its own store
object, as a page's kernel would. A seat whose turn it is thinks ``--think`` seconds,
picks a random legal action and acts; every other seat sits in ``wait(version)``.

The latency of an action is, for each other seat of the room, the time from the start
of ``act()`` to that seat's ``wait()`` returning with the new version (or a later one):
the store's transaction, the bots (none here), and the wake-up (the poll on SQLite,
LISTEN/NOTIFY on PostgreSQL). Both sides read ``time.monotonic()``, one clock for every
process on Linux. Prints JSON: p50/p95/max in milliseconds per store, with the targets
(p95 <= 300 ms on SQLite, <= 500 ms on PostgreSQL).

    python bench/rooms_latency.py [--rooms 8] [--think 0.05] [--store sqlite|postgresql|both]
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

from cipherkit.core.errors import IllegalAction
from cipherkit.core.rng import Rng
from cipherkit.rooms import open_store
from cipherkit.rooms.pgtest import PostgresUnavailable, TempPostgres

SEATS = 4
SERVERS = 2
TARGETS_MS = {"sqlite": 300.0, "postgresql": 500.0}


# ---------------------------------------------------------------- one server process
def play_seat(spec: dict[str, Any], seat: dict[str, Any], out: dict[str, list[Any]]) -> None:
    """One person: act when it is this seat's turn, otherwise wait for the room."""
    rng = Rng(seat["rng"])
    with open_store(spec["url"]) as store:
        handle = store.resume(seat["token"])
        version = handle.version
        time.sleep(max(0.0, spec["start"] - time.time()))
        while time.time() < spec["deadline"]:
            legal = handle.legal_actions()
            if legal:
                time.sleep(spec["think"])
                started = time.monotonic()
                try:
                    version = handle.act(rng.choice(legal))
                except IllegalAction:  # pragma: no cover - one actor at a time here
                    continue
                out["acts"].append([seat["room"], seat["seat"], version, started])
                continue
            seen = handle.wait(version, timeout=2.0)
            woke = time.monotonic()
            if seen > version:
                out["wakes"].append([seat["room"], seat["seat"], seen, woke])
                version = seen
            if handle.observe()["outcome"] is not None:
                return


def worker(spec: dict[str, Any]) -> dict[str, list[Any]]:
    out: dict[str, list[Any]] = {"acts": [], "wakes": []}
    threads = [
        threading.Thread(target=play_seat, args=(spec, seat, out), daemon=True)
        for seat in spec["seats"]
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(max(1.0, spec["deadline"] - time.time() + 10))
    return out


# ---------------------------------------------------------------- the run
def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(q * (len(ordered) - 1))))]


def latencies(acts: list[list[Any]], wakes: list[list[Any]]) -> list[float]:
    """For each action and each other seat of its room: act start -> that seat's first
    wait() returning with this version or a later one."""
    by_seat: dict[tuple[str, int], list[tuple[int, float]]] = {}
    for room, seat, version, when in wakes:
        by_seat.setdefault((room, seat), []).append((version, when))
    found = []
    for room, seat, version, started in acts:
        for other in range(SEATS):
            if other == seat:
                continue
            times = [w for v, w in by_seat.get((room, other), []) if v >= version and w >= started]
            if times:
                found.append(min(times) - started)
    return found


def run_store(kind: str, rooms: int, think: float, seconds: float) -> dict[str, Any]:
    with tempfile.TemporaryDirectory() as folder:
        pg = None
        try:
            if kind == "postgresql":
                pg = TempPostgres(durable=True).start()
                url = pg.create_database("bench")
            else:
                url = f"sqlite:///{folder}/rooms.db"
            return run_rooms(url, kind, rooms, think, seconds)
        finally:
            if pg is not None:
                pg.stop()


def run_rooms(url: str, kind: str, rooms: int, think: float, seconds: float) -> dict[str, Any]:
    seats_of: list[list[dict[str, Any]]] = [[] for _ in range(SERVERS)]
    with open_store(url) as store:
        for r in range(rooms):
            room = store.create_room("mission", {"players": SEATS}, seed=1000 + r)
            for s in range(SEATS):
                handle = store.join(room.code, f"P{s}", seat=s)
                seat = {"room": room.id, "seat": s, "token": handle.token, "rng": r * 10 + s}
                seats_of[(r + s) % SERVERS].append(seat)
    start = time.time() + 3.0
    deadline = start + seconds
    script = str(Path(__file__).resolve())
    procs = []
    for seats in seats_of:
        spec = {"url": url, "seats": seats, "start": start, "deadline": deadline}
        spec["think"] = think
        proc = subprocess.Popen(
            [sys.executable, script, "--worker"],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
        )
        assert proc.stdin is not None
        proc.stdin.write(json.dumps(spec))
        proc.stdin.close()
        procs.append(proc)
    acts: list[list[Any]] = []
    wakes: list[list[Any]] = []
    for proc in procs:
        assert proc.stdout is not None
        out = json.loads(proc.stdout.read())
        proc.wait(timeout=60)
        acts += out["acts"]
        wakes += out["wakes"]
    elapsed = time.time() - start
    with open_store(url) as store:
        infos = [i for i in store.rooms() if i["game"] == "mission"]
    found = latencies(acts, wakes)
    ms = [1000 * x for x in found]
    return {
        "rooms": rooms,
        "acts": len(acts),
        "samples": len(ms),
        "games_over": sum(1 for i in infos if i["over"]),
        "p50_ms": round(statistics.median(ms), 1) if ms else None,
        "p95_ms": round(percentile(ms, 0.95), 1) if ms else None,
        "max_ms": round(max(ms), 1) if ms else None,
        "target_p95_ms": TARGETS_MS[kind],
        "ok": bool(ms) and percentile(ms, 0.95) <= TARGETS_MS[kind],
        "seconds": round(elapsed, 1),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rooms", type=int, default=8, help="rooms of 4 playing at once (8)")
    parser.add_argument("--think", type=float, default=0.05, help="seconds before acting")
    parser.add_argument("--seconds", type=float, default=60, help="stop after this long (60)")
    parser.add_argument(
        "--store",
        choices=["sqlite", "postgresql", "both"],
        default="both",
        help="SQLite on one server, PostgreSQL on two, or both (both)",
    )
    parser.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.worker:
        print(json.dumps(worker(json.loads(sys.stdin.read()))))
        return
    kinds = ["sqlite", "postgresql"] if args.store == "both" else [args.store]
    results: dict[str, Any] = {
        "game": "mission",
        "seats_per_room": SEATS,
        "servers": SERVERS,
        "think_s": args.think,
        "machine": {"python": platform.python_version(), "cpu_count": os.cpu_count()},
    }
    for kind in kinds:
        try:
            results[kind] = run_store(kind, args.rooms, args.think, args.seconds)
        except PostgresUnavailable as exc:
            results[kind] = {"error": str(exc), "ok": False}
    print(json.dumps(results, indent=2))


if __name__ == "__main__":
    main()
