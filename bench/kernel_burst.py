"""A class opening pages at once, with and without the kernel template (issue #24 figures).

Run by ``python bench/serve_load.py --burst`` (or directly). For each kernel mode,
``plain`` (every kernel a new Python, as Voila does) and ``fork`` (page kernels forked
from the warm template, :mod:`cipherkit.serve.forkprov`), it starts the real
``cipherkit serve`` command line over a temporary copy of ``puzzles/`` and, after
``--settle`` seconds (pools filled):

* **idle**: the memory of the whole server (Voila, the template, every kernel) as the
  sum of PSS (each shared page counted once, split between its sharers), also by part
  (server, template, kernels), and the RSS sum;
* **kernel start**: each pool kernel's CPU seconds so far (user + system: what starting
  it, and rendering its page, cost the machine), and for ``fork`` the fork times in the
  server's log;
* **burst**: ``--loads`` page loads started within ``--spread`` seconds across the
  gallery's game pages, each by a client of its own (HTTP for the page, then the
  kernel's websocket asking ``request_states`` until the page's main widget exists):
  time from request to the first widget state, p50/p95/max, failures, and the CPU
  seconds the burst cost the Voila server and the kernels (with the template), in all
  and per load;
* while all are open, the USS (``Private_*`` of ``/proc/PID/smaps_rollup``) of each
  kernel that serves a page.

Prints one JSON object. HTTP and websockets only: no browser.

    python bench/kernel_burst.py [--loads 60] [--spread 10] [--settle 60]
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request
import uuid
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from cipherkit.serve.launcher import voila_command  # noqa: E402

PAGES = ["decipher.ipynb", "intercept.ipynb", "signal-box.ipynb", "harbour-clock.ipynb"]
WIDGETS = ("DecipherTable", "InterceptTable", "MissionTable", "Workbench", "ExerciseBox")
"""A page's first widget state is one holding a widget of these classes (a game's table, or
a lesson's workbench or exercise)."""
CONFIG = re.compile(
    r'<script id="jupyter-config-data" type="application/json">(.*?)</script>', re.S
)


def pct(values: list[float], q: float) -> float | None:
    if not values:
        return None
    ordered = sorted(values)
    return round(ordered[min(len(ordered) - 1, int(q * len(ordered)))], 3)


def smaps(pid: int) -> dict[str, int]:
    """kB figures of ``/proc/PID/smaps_rollup``."""
    out: dict[str, int] = {}
    try:
        with open(f"/proc/{pid}/smaps_rollup") as f:
            for line in f:
                parts = line.split()
                if len(parts) >= 3 and parts[-1] == "kB":
                    out[parts[0].rstrip(":")] = int(parts[1])
    except OSError:
        pass
    return out


def uss_mb(pid: int) -> float:
    s = smaps(pid)
    return (s.get("Private_Clean", 0) + s.get("Private_Dirty", 0)) / 1024


def tree(server: subprocess.Popen[bytes]) -> list[Any]:
    import psutil

    root = psutil.Process(server.pid)
    return [root, *root.children(recursive=True)]


def kernel_procs(server: subprocess.Popen[bytes]) -> list[Any]:
    out = []
    for p in tree(server)[1:]:
        try:
            if "ipykernel" in " ".join(p.cmdline()):
                out.append(p)
        except Exception:
            continue
    return out


def ended(procs: list[Any], timeout: float = 30.0) -> None:
    """Wait until ``procs`` (a stopped server's kernels and template) have gone, killing
    what is left after ``timeout`` seconds: the next mode starts on a quiet machine."""
    import psutil

    _, alive = psutil.wait_procs(procs, timeout=timeout)
    for p in alive:
        try:
            p.kill()
        except psutil.Error:
            continue
    psutil.wait_procs(alive, timeout=5)


def memory(server: subprocess.Popen[bytes]) -> dict[str, float]:
    """PSS and RSS in all (MB), and the PSS of the Voila server, of the kernel template
    and of the kernels."""
    pss = rss = 0
    parts = {"server": 0, "template": 0, "kernels": 0}
    for p in tree(server):
        s = smaps(p.pid)
        pss += s.get("Pss", 0)
        rss += s.get("Rss", 0)
        try:
            line = " ".join(p.cmdline())
        except Exception:
            line = ""
        part = (
            "server"
            if p.pid == server.pid
            else "template"
            if "cipherkit.serve.forkserver" in line
            else "kernels"
        )
        parts[part] += s.get("Pss", 0)
    return {
        "pss_mb": round(pss / 1024, 1),
        "rss_mb": round(rss / 1024, 1),
        **{f"{k}_pss_mb": round(v / 1024, 1) for k, v in parts.items()},
    }


def cpu_seconds(procs: list[Any]) -> list[float]:
    out = []
    for p in procs:
        try:
            t = p.cpu_times()
            out.append(round(t.user + t.system, 3))
        except Exception:
            continue
    return out


def cpu_by_pid(server: subprocess.Popen[bytes]) -> dict[int, float]:
    """CPU seconds (user + system) of the server and each process under it."""
    out = {}
    for p in tree(server):
        try:
            t = p.cpu_times()
            out[p.pid] = t.user + t.system
        except Exception:
            continue
    return out


def cpu_spent(before: dict[int, float], after: dict[int, float], server: int) -> dict[str, float]:
    """CPU seconds spent between two :func:`cpu_by_pid` readings: the Voila server's, and
    its kernels' and template's (a process new since ``before`` counts whole)."""
    rest = sum(t - before.get(pid, 0.0) for pid, t in after.items() if pid != server)
    return {
        "server": round(after.get(server, 0.0) - before.get(server, 0.0), 2),
        "kernels": round(rest, 2),
    }


def kernel_message(msg_type: str, content: dict[str, Any], session: str) -> str:
    return json.dumps(
        {
            "header": {
                "msg_id": uuid.uuid4().hex,
                "username": "bench",
                "session": session,
                "msg_type": msg_type,
                "version": "5.3",
                "date": "2026-01-01T00:00:00Z",
            },
            "parent_header": {},
            "metadata": {"version": "1.0.0"} if msg_type == "comm_open" else {},
            "content": content,
            "channel": "shell",
            "buffers": [],
        }
    )


def load(port: int, page: str, timeout: float) -> dict[str, Any]:
    """One page load by a new client: seconds to the first state holding a game widget."""
    import websocket

    started = time.monotonic()
    client = uuid.uuid4().hex
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout)
    cookies = {"ck_client": client}
    path = f"/voila/render/{page}"
    # a browser of the page's language (else a ru/ page sends it to its English twin)
    accept = {"ru": "ru-RU,ru;q=0.9"}.get(page.split("/", 1)[0], "en-US,en;q=0.9")
    try:
        for _ in range(4):
            cookie = "; ".join(f"{k}={v}" for k, v in cookies.items())
            conn.request("GET", path, headers={"Cookie": cookie, "Accept-Language": accept})
            response = conn.getresponse()
            body = response.read().decode("utf-8", "replace")
            for name, value in response.getheaders():
                if name.lower() == "set-cookie":
                    key, _, rest = value.partition("=")
                    cookies[key] = rest.split(";")[0]
            if response.status in (301, 302, 303, 307, 308):
                path = response.getheader("Location") or path
                continue
            break
    finally:
        conn.close()
    if response.status != 200:
        return {"ok": False, "stage": f"http {response.status}", "page": page}
    found = CONFIG.search(body)
    if not found:
        return {"ok": False, "stage": "no kernel in page", "page": page}
    key = json.loads(found.group(1))["kernelId"]
    session = uuid.uuid4().hex
    url = f"ws://127.0.0.1:{port}/api/kernels/{key}/channels?session_id={session}"
    cookie = "; ".join(f"{k}={v}" for k, v in cookies.items())
    deadline = started + timeout
    while time.monotonic() < deadline:
        try:
            ws = websocket.create_connection(url, timeout=timeout, cookie=cookie)
        except Exception:
            time.sleep(0.2)
            continue
        try:
            comm_id = uuid.uuid4().hex
            ws.send(
                kernel_message(
                    "comm_open",
                    {"comm_id": comm_id, "target_name": "jupyter.widget.control", "data": {}},
                    session,
                )
            )
            ws.send(
                kernel_message(
                    "comm_msg", {"comm_id": comm_id, "data": {"method": "request_states"}}, session
                )
            )
            while time.monotonic() < deadline:
                raw = ws.recv()
                if isinstance(raw, bytes):
                    continue
                msg = json.loads(raw)
                if msg.get("msg_type") == "comm_msg" and msg["content"].get("comm_id") == comm_id:
                    states = msg["content"]["data"].get("states", {})
                    if any(
                        str(s["state"].get("_anywidget_id", "")).endswith(WIDGETS)
                        for s in states.values()
                    ):
                        return {
                            "ok": True,
                            "seconds": round(time.monotonic() - started, 3),
                            "page": page,
                            "key": key,
                        }
                    break
        except Exception:
            pass
        finally:
            ws.close()
        time.sleep(0.2)
    return {"ok": False, "stage": "no widget state", "page": page}


def run_mode(mode: str, args: argparse.Namespace) -> dict[str, Any]:
    work = Path(tempfile.mkdtemp(prefix=f"burst-{mode}-"))
    gallery = work / "puzzles"
    shutil.copytree(ROOT / "puzzles", gallery)
    port = 19000 + (os.getpid() + (mode == "fork")) % 900
    log_path = work / "voila.log"
    env = {**os.environ, "CIPHERKIT_KERNELS": mode, "PYTHONUNBUFFERED": "1"}
    with log_path.open("wb") as log:
        server = subprocess.Popen(
            voila_command(gallery, port),
            cwd=gallery,
            stdout=log,
            stderr=subprocess.STDOUT,
            start_new_session=True,
            env=env,
        )
    figures: dict[str, Any] = {"mode": mode}
    try:
        base = f"http://127.0.0.1:{port}/"
        up = time.monotonic() + 180
        while True:
            try:
                urllib.request.urlopen(base, timeout=5).read()
                break
            except Exception:
                if time.monotonic() > up:
                    raise
                time.sleep(0.5)
        time.sleep(args.settle)
        kernels = kernel_procs(server)
        figures["idle"] = {"kernels": len(kernels), **memory(server)}
        cpu = cpu_seconds(kernels)
        figures["pool_kernel_cpu_s"] = {"median": pct(cpu, 0.5), "max": max(cpu) if cpu else None}
        cpu_before = cpu_by_pid(server)
        results: list[dict[str, Any]] = []
        threads = []
        pages = args.pages.split(",") if args.pages else PAGES
        for i in range(args.loads):
            page = pages[i % len(pages)]
            t = threading.Thread(target=lambda p=page: results.append(load(port, p, args.timeout)))
            threads.append(t)
        gap = args.spread / max(1, args.loads)
        for t in threads:
            t.start()
            time.sleep(gap)
        for t in threads:
            t.join(args.timeout + 30)
        spent = cpu_spent(cpu_before, cpu_by_pid(server), server.pid)
        seconds = [r["seconds"] for r in results if r.get("ok")]
        failures = [r for r in results if not r.get("ok")]
        figures["burst"] = {
            "loads": args.loads,
            "spread_s": args.spread,
            "ok": len(seconds),
            "p50_s": pct(seconds, 0.5),
            "p95_s": pct(seconds, 0.95),
            "max_s": max(seconds) if seconds else None,
            "failures": [f"{f['page']}: {f['stage']}" for f in failures][:10],
            "target_p95_s": 3.0,
            "cpu_s": spent,
            "cpu_s_per_load": {k: round(v / max(1, args.loads), 3) for k, v in spent.items()},
        }
        open_kernels = kernel_procs(server)
        uss = [round(uss_mb(p.pid), 1) for p in open_kernels]
        figures["open"] = {
            "kernels": len(open_kernels),
            "kernel_uss_mb_median": pct(uss, 0.5),
            "kernel_uss_mb_p95": pct(uss, 0.95),
            "target_uss_mb": 40.0,
            **memory(server),
        }
    finally:
        try:
            left = tree(server)[1:]
        except Exception:  # the server had already ended
            left = []
        server.send_signal(signal.SIGTERM)
        try:
            server.wait(timeout=30)
        except subprocess.TimeoutExpired:
            os.killpg(server.pid, signal.SIGKILL)
            server.wait()
        ended(left)
        text = log_path.read_text(errors="replace")
        forks = [
            float(x) for x in re.findall(r"forked from the template as pid \d+ in (\d+) ms", text)
        ]
        if mode == "fork":
            figures["fork_ms"] = {
                "count": len(forks),
                "median": pct(forks, 0.5),
                "max": max(forks) if forks else None,
            }
            figures["template_died"] = "template (pid" in text and "has died" in text
        shutil.rmtree(work, ignore_errors=True)
    figures["idle"]["target_total_mb"] = 1024.0
    return figures


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--loads", type=int, default=60, help="page loads in the burst (60)")
    parser.add_argument(
        "--spread", type=float, default=10.0, help="seconds over which the loads start (10)"
    )
    parser.add_argument(
        "--settle", type=float, default=60.0, help="seconds to let pools and spares fill (60)"
    )
    parser.add_argument(
        "--timeout", type=float, default=120.0, help="seconds a load may take before it fails (120)"
    )
    parser.add_argument(
        "--pages",
        default="",
        help="pages to load in turn, comma-separated, below puzzles/ (default: "
        + ",".join(PAGES)
        + "); e.g. lessons/02-substitution-and-frequency.ipynb",
    )
    parser.add_argument(
        "--modes", default="plain,fork", help="kernel modes to measure, in order (plain,fork)"
    )
    parser.add_argument(
        "--cooldown", type=float, default=15.0, help="seconds of rest between two modes (15)"
    )
    args = parser.parse_args()
    out = {
        "machine": {"cpus": os.cpu_count()},
        "pages": args.pages.split(",") if args.pages else PAGES,
        "load_average_at_start": [round(x, 2) for x in os.getloadavg()],
        "modes": {},
    }
    for i, mode in enumerate(args.modes.split(",")):
        if i:
            time.sleep(args.cooldown)  # the last mode's kernels have gone: let the machine cool
        out["modes"][mode] = run_mode(mode, args)
    out["load_average"] = [round(x, 2) for x in os.getloadavg()]
    print(json.dumps(out, indent=1))


if __name__ == "__main__":
    main()
