"""Click-to-view latency of the mission table in a real browser (target: median <= 150 ms).

Starts Voila (the command ``cipherkit serve`` runs) over a temporary folder holding one
page with a :class:`~cipherkit.widgets.MissionTable` (a ring of six rooms, a big deck,
one person), opens it in headless Chromium (Debian's ``/usr/bin/chromium``) and plays
by clicks: cards on Run, steps from room to room, Regroup, End the turn. Only clicks
that go to the kernel are timed. The page itself measures each one: from the click
event (``performance.now()`` in a capturing listener) to the moment the table has
redrawn with the kernel's answer (a MutationObserver on the ``data-replies`` attribute,
which the table sets before redrawing; the observer runs once the redraw is done), and
to the next animation frame after it (the new view painted).

Prints JSON to stdout; ``--clicks N`` (default 30), ``--quick`` (10 clicks).

    .venv/bin/python bench/widget_latency.py
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import platform
import shutil
import signal
import socket
import statistics
import subprocess
import tempfile
import time
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any

from cipherkit.serve.launcher import voila_command

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
TARGET_MS = 150.0
TABLE = "[data-testid=mission-table]"
READY = f"{TABLE}:not(.ck-is-waiting) [data-testid=map]"

MISSION = """\
format: 1
id: ring-road
title: The Ring Road
question: Where does the road end?
players: 1
characters: [locksmith, lookout]
glyphs: {sun: R, moon: I, star: N, bell: G, fog: null}
card:
  text: [[sun, moon, star, bell]]
map:
  rooms:
    a: {name: North Gate, pos: [1, 0], tokens: [entrance], stack: [fog, sun]}
    b: {name: Bell Tower, pos: [2, 0], stack: [moon]}
    c: {name: Mill, pos: [2, 1], stack: [star, camera]}
    d: {name: Bridge, pos: [1, 2], stack: [bell]}
    e: {name: Ferry, pos: [0, 1], stack: [fog]}
    f: {name: Orchard, pos: [1, 1]}
  passages: [[a, b], [b, c], [c, d], [d, e], [e, a], [f, a], [f, c]]
deck: {values: 30, suits: 3}
"""

NOTEBOOK = {
    "cells": [
        {
            "cell_type": "code",
            "execution_count": None,
            "id": "bench",
            "metadata": {},
            "outputs": [],
            "source": [
                "from cipherkit.widgets import MissionTable\n",
                'MissionTable("ring-road.yaml", players=1, first_player=0, seed=7)',
            ],
        }
    ],
    "metadata": {
        "kernelspec": {"display_name": "Python 3", "language": "python", "name": "python3"}
    },
    "nbformat": 4,
    "nbformat_minor": 5,
}

PROBE = """
() => {
  const root = document.querySelector("[data-testid=mission-table]");
  window.__ck = { clicks: [], replies: [] };
  document.addEventListener("click", () => window.__ck.clicks.push(performance.now()), true);
  new MutationObserver(() => {
    const done = performance.now();
    requestAnimationFrame(() => window.__ck.replies.push({ done, painted: performance.now() }));
  }).observe(root, { attributes: true, attributeFilter: ["data-replies"] });
}
"""


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def start_server(folder: Path, port: int, log: Path) -> subprocess.Popen[bytes]:
    env = {**os.environ, "PYTHONUNBUFFERED": "1"}
    env.pop("CIPHERKIT_SEED", None)
    with log.open("wb") as out:
        process = subprocess.Popen(
            voila_command(folder, port),
            env=env,
            stdout=out,
            stderr=subprocess.STDOUT,
            cwd=folder,
            start_new_session=True,
        )
    deadline = time.monotonic() + 90
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"voila exited:\n{log.read_text()}")
        with (
            contextlib.suppress(urllib.error.URLError, ConnectionError, TimeoutError),
            urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=2) as response,
        ):
            if response.status == 200:
                return process
        time.sleep(0.25)
    raise RuntimeError(f"voila did not start:\n{log.read_text()}")


def stop_server(process: subprocess.Popen[bytes]) -> None:
    if process.poll() is None:
        process.send_signal(signal.SIGTERM)
        with contextlib.suppress(subprocess.TimeoutExpired):
            process.wait(timeout=15)
    with contextlib.suppress(ProcessLookupError):
        os.killpg(process.pid, signal.SIGKILL)
    process.wait(timeout=10)


class Player:
    """Plays by clicks and times the clicks that ask the kernel."""

    def __init__(self, page: Any) -> None:
        self.page = page
        self.samples: list[tuple[float, float]] = []
        self.kinds: dict[str, int] = {}
        self.refused = 0

    def replies(self) -> int:
        return int(self.page.locator(TABLE).get_attribute("data-replies"))

    def timed(self, selector: str) -> None:
        before = self.replies()
        clicks = self.page.evaluate("window.__ck.clicks.length")
        answers = self.page.evaluate("window.__ck.replies.length")
        self.page.locator(f"{TABLE} {selector}").first.click(force=True)
        # Polled with evaluate: wait_for_function evals in the page, which its CSP refuses.
        done = (
            f"window.__ck.replies.length > {answers} && "
            f"Number(document.querySelector('{TABLE}').dataset.replies) > {before}"
        )
        deadline = time.monotonic() + 60
        while not self.page.evaluate(done):
            if time.monotonic() > deadline:
                raise TimeoutError(f"no reply within 60 s: {done}")
            self.page.wait_for_timeout(5)
        self.page.wait_for_selector(READY)
        click = self.page.evaluate(f"window.__ck.clicks[{clicks}]")
        reply = self.page.evaluate(f"window.__ck.replies[{answers}]")
        self.samples.append((reply["done"] - click, reply["painted"] - click))
        self.kinds[selector] = self.kinds.get(selector, 0) + 1
        self.refused += self.has("[data-testid=message]")

    def hand(self) -> list[tuple[str, int]]:
        cards = self.page.locator(f"{TABLE} [data-testid=hand] [data-card]").all()
        return [(c.get_attribute("data-card"), int(c.get_attribute("data-value"))) for c in cards]

    def top(self, action: str) -> int:
        return int(
            self.page.locator(f"{TABLE} [data-action-card={action}]").get_attribute("data-top")
        )

    def play(self, action: str) -> bool:
        """Pick the lowest card that beats the pile and play it (False: none does)."""
        top = self.top(action)
        cards = [c for c in self.hand() if c[1] > top]
        if not cards:
            return False
        label = min(cards, key=lambda c: c[1])[0]
        self.page.locator(f"{TABLE} [data-testid=hand] [data-card='{label}']").click()
        self.timed(f"[data-action-card={action}]")
        return True

    def phase(self) -> str:
        return self.page.locator(TABLE).get_attribute("data-phase")

    def has(self, selector: str) -> bool:
        return self.page.locator(f"{TABLE} {selector}").count() > 0

    def turn(self) -> None:
        """One action or step of play, by clicks."""
        phase = self.phase()
        if phase == "run":
            self.timed("[data-room][data-target=true]")
        elif phase == "regroup":
            self.timed("[data-action-card=run]")
        elif phase == "draw":
            self.timed("[data-action=draw]")
        elif self.has("[data-action=end]"):
            self.timed("[data-action=end]")
        elif not (self.play("run") or self.play("regroup")):
            if not (self.play("intel") or self.play("gather")):
                self.timed("[data-action=pass]")
            if self.has("[data-action=stop]"):
                self.timed("[data-action=stop]")


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


def measure(clicks: int) -> dict[str, Any]:
    from playwright.sync_api import sync_playwright

    folder = Path(tempfile.mkdtemp(prefix="ck-latency-"))
    try:
        (folder / "ring-road.yaml").write_text(MISSION, encoding="utf-8")
        (folder / "latency.ipynb").write_text(json.dumps(NOTEBOOK), encoding="utf-8")
        port = free_port()
        server = start_server(folder, port, folder / "voila.log")
        try:
            with sync_playwright() as playwright:
                browser = playwright.chromium.launch(
                    executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS
                )
                page = browser.new_page(viewport={"width": 1200, "height": 1300})
                page.set_default_timeout(60_000)
                page.goto(f"http://127.0.0.1:{port}/voila/render/latency.ipynb")
                page.wait_for_selector(READY)
                page.evaluate(PROBE)
                player = Player(page)
                for _ in range(3):  # warm up (first drawings, caches)
                    player.turn()
                player.samples.clear()
                player.kinds.clear()
                while len(player.samples) < clicks:
                    player.turn()
                browser.close()
        finally:
            stop_server(server)
    finally:
        shutil.rmtree(folder, ignore_errors=True)
    done = [d for d, _ in player.samples]
    painted = [p for _, p in player.samples]
    return {
        "clicks": len(done),
        "median_ms": round(statistics.median(done), 1),
        "p95_ms": round(percentile(done, 0.95), 1),
        "max_ms": round(max(done), 1),
        "median_painted_ms": round(statistics.median(painted), 1),
        "p95_painted_ms": round(percentile(painted, 0.95), 1),
        "target_median_ms": TARGET_MS,
        "meets_target": statistics.median(done) <= TARGET_MS,
        "clicked": player.kinds,
        "refused": player.refused,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--clicks", type=int, default=30, help="clicks to time (30)")
    parser.add_argument("--quick", action="store_true", help="10 clicks")
    args = parser.parse_args()
    clicks = 10 if args.quick else max(1, args.clicks)
    started = time.perf_counter()
    figures = measure(clicks)
    figures["seconds"] = round(time.perf_counter() - started, 1)
    result = {
        "benchmark": "widget_latency",
        "what": "MissionTable: click in Chromium -> kernel -> redrawn view, over Voila",
        "machine": {"python": platform.python_version(), "cpu_count": os.cpu_count()},
        "figures": figures,
    }
    print(json.dumps(result, indent=2))


if __name__ == "__main__":
    main()
