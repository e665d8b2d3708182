"""The made-up cookie flood of issue #36 (finding 1), measured against the real server.

Starts the gallery server as ``cipherkit serve`` runs it (a temporary copy of
``puzzles/``, the shipped limits), waits ``--settle`` seconds, then for ``--seconds``
runs ``--loops`` loops asking for a page as fast as they can, each request as a new
visitor:

* ``--mode forged`` (the red team's loop): a new random 32-hex ``ck_client`` per request,
  redirects followed without keeping any cookie;
* ``--mode keep``: a loop that keeps the signed cookie the server hands it for four pages
  (one budget), then drops it for a new one (as many budgets as it can mint).

Meanwhile a new visitor (a browser: cookies kept, redirects followed) opens the page
every ``--visit-every`` seconds. Prints one JSON object: kernels before,
at peak and ``--after`` seconds after the flood, the loops' status codes, the visitor's
status codes, and whether the server logged "Too many open files" or answered 500.

    python bench/cookie_flood.py [--mode forged|keep] [--loops 4] [--seconds 33]
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import secrets
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
import urllib.parse
import urllib.request
from collections import Counter
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from cipherkit.serve.launcher import voila_command  # noqa: E402

PAGE = "/voila/render/lessons/01-caesar-and-brute-force.ipynb"
CAP = "page kernels (set by"


def request(port: int, path: str, jar: dict[str, str] | None) -> tuple[int, dict[str, str], str]:
    """One GET: status, the cookies it set, the redirect target (or "")."""
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=120)
    headers = {"Cookie": "; ".join(f"{k}={v}" for k, v in jar.items())} if jar else {}
    try:
        conn.request("GET", path, headers=headers)
        response = conn.getresponse()
        response.read()
        cookies = {}
        for name, value in response.getheaders():
            if name.lower() == "set-cookie":
                key, _, rest = value.partition("=")
                cookies[key] = rest.split(";")[0]
        location = response.getheader("Location") or ""
        return (
            response.status,
            cookies,
            urllib.parse.urlsplit(location)._replace(scheme="", netloc="").geturl(),
        )
    finally:
        conn.close()


def browse(port: int, path: str, jar: dict[str, str]) -> int:
    """A browser's page load: cookies kept in ``jar``, redirects followed."""
    for _ in range(5):
        status, cookies, location = request(port, path, jar)
        jar.update(cookies)
        if status in (301, 302, 303, 307, 308) and location:
            path = location
            continue
        return status
    return 0


def kernels(server: subprocess.Popen[bytes]) -> int:
    import psutil

    count = 0
    for child in psutil.Process(server.pid).children(recursive=True):
        try:
            cmdline = " ".join(child.cmdline())
        except psutil.Error:
            continue
        count += "ipykernel" in cmdline and "kernel-" in cmdline
    return count


def flood_loop(port: int, mode: str, stop: threading.Event, statuses: Counter[int]) -> None:
    jar: dict[str, str] = {}
    uses = 0
    while not stop.is_set():
        try:
            if mode == "forged":
                status = browse(port, PAGE, {"ck_client": secrets.token_hex(16)})
            else:
                if uses >= 4:
                    jar, uses = {}, 0
                status = browse(port, PAGE, jar)
                uses += 1
        except OSError:
            status = -1  # the connection failed
        statuses[status] += 1


def run(args: argparse.Namespace) -> dict[str, Any]:
    folder = Path(tempfile.mkdtemp(prefix="cookie-flood-"))
    gallery = folder / "puzzles"
    shutil.copytree(ROOT / "puzzles", gallery)
    port = int(args.port)
    log = folder / "voila.log"
    env = {**os.environ, "PYTHONUNBUFFERED": "1", "CIPHERKIT_HOME": str(folder / "home")}
    with log.open("wb") as out:
        server = subprocess.Popen(
            voila_command(gallery, port),
            stdout=out,
            stderr=subprocess.STDOUT,
            env=env,
            start_new_session=True,
        )
    try:
        deadline = time.monotonic() + 180
        while time.monotonic() < deadline:
            try:
                urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=2).read()
                break
            except OSError:
                time.sleep(0.5)
        time.sleep(args.settle)
        before = kernels(server)
        stop = threading.Event()
        loop_statuses: Counter[int] = Counter()
        visitor: Counter[int] = Counter()
        peak = [before]

        def sample() -> None:
            while not stop.is_set():
                peak[0] = max(peak[0], kernels(server))
                time.sleep(0.5)

        def visit() -> None:
            while not stop.wait(args.visit_every):
                try:
                    visitor[browse(port, PAGE, {})] += 1
                except OSError:
                    visitor[-1] += 1

        threads = [threading.Thread(target=sample), threading.Thread(target=visit)]
        threads += [
            threading.Thread(target=flood_loop, args=(port, args.mode, stop, loop_statuses))
            for _ in range(args.loops)
        ]
        for thread in threads:
            thread.start()
        time.sleep(args.seconds)
        stop.set()
        for thread in threads:
            thread.join()
        at_end = kernels(server)
        time.sleep(args.after)
        text = log.read_text(errors="replace")
        return {
            "mode": args.mode,
            "loops": args.loops,
            "seconds": args.seconds,
            "kernels_before": before,
            "kernels_peak": peak[0],
            "kernels_at_end": at_end,
            "kernels_after": kernels(server),
            "after_seconds": args.after,
            "loop_statuses": {str(k): v for k, v in sorted(loop_statuses.items())},
            "visitor_statuses": {str(k): v for k, v in sorted(visitor.items())},
            "too_many_open_files": "Too many open files" in text,
            "cap_lines": [line.split("] ")[-1] for line in text.splitlines() if CAP in line],
        }
    finally:
        try:
            os.killpg(server.pid, signal.SIGTERM)
            server.wait(timeout=30)
        except (OSError, subprocess.TimeoutExpired):
            os.killpg(server.pid, signal.SIGKILL)
        shutil.rmtree(folder, ignore_errors=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--mode", choices=("forged", "keep"), default="forged")
    parser.add_argument("--loops", type=int, default=4, help="flooding loops (4)")
    parser.add_argument("--seconds", type=float, default=33.0, help="flood length (33 s)")
    parser.add_argument("--settle", type=float, default=20.0, help="seconds before (20)")
    parser.add_argument("--after", type=float, default=60.0, help="seconds after (60)")
    parser.add_argument("--visit-every", type=float, default=2.0, help="visitor period (2 s)")
    parser.add_argument("--port", type=int, default=8931)
    print(json.dumps(run(parser.parse_args()), indent=1))


if __name__ == "__main__":
    main()
