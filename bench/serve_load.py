"""Load on the gallery server: warm and concurrent time-to-interactive, kernel memory, culling.

Starts the real ``cipherkit serve`` command line (:func:`voila_command`) on 127.0.0.1 over
a temporary copy of ``puzzles/``, with the committed ``voila.json`` changed in two ways
only: idle kernels are culled after ``--cull`` seconds (checked every 2 s), and the
preheated pool of the measured page has ``--pool`` kernels. Then, in headless Chromium:

1. ``--warm`` page loads one after another, each after the pool is full again: the
   warm time-to-interactive (goto -> the table drawn and not waiting for the kernel);
2. ``--concurrent`` page loads at once (one browser context each): all must succeed;
   time-to-interactive of each, and every kernel's RSS while all pages are open;
3. all pages closed: the time until the idle kernels are culled, and the server's
   memory (Voila and its kernels) before, during and after.

Prints JSON. Everything stops by itself (a hard deadline of ``--deadline`` seconds).

    python bench/serve_load.py [--page signal-box.ipynb] [--concurrent 30] [--warm 8]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from cipherkit.publish.serve import CONFIG_DIR, voila_command  # noqa: E402

CHROMIUM = "/usr/bin/chromium"
ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
READY = {
    "mission": "[data-testid=mission-table]:not(.ck-is-waiting) [data-testid=map]",
    "game": "[data-testid=decipher-table]:not(.ck-is-waiting) [data-testid=board]",
}


def pct(values: list[float], q: float) -> float | None:
    if not values:
        return None
    values = sorted(values)
    return round(values[min(len(values) - 1, round(q * (len(values) - 1)))], 3)


def kernels(server: subprocess.Popen[bytes]) -> list[dict[str, float]]:
    import psutil

    out = []
    for child in psutil.Process(server.pid).children(recursive=True):
        try:
            if "ipykernel" in " ".join(child.cmdline()):
                out.append({"pid": child.pid, "rss_mb": child.memory_info().rss / 2**20})
        except psutil.Error:
            continue
    return out


def tree_rss_mb(server: subprocess.Popen[bytes]) -> float:
    import psutil

    proc = psutil.Process(server.pid)
    total = proc.memory_info().rss
    for child in proc.children(recursive=True):
        try:
            total += child.memory_info().rss
        except psutil.Error:
            continue
    return round(total / 2**20, 1)


def wait_up(url: str, deadline: float) -> None:
    while time.monotonic() < deadline:
        try:
            with urllib.request.urlopen(url, timeout=2):
                return
        except OSError:
            time.sleep(0.3)
    raise SystemExit("voila did not start")


async def load(browser, url: str, ready: str, timeout_ms: int) -> dict:
    context = await browser.new_context(viewport={"width": 1100, "height": 1250})
    page = await context.new_page()
    start = time.monotonic()
    try:
        await page.goto(url, timeout=timeout_ms)
        await page.wait_for_selector(ready, timeout=timeout_ms)
        return {"ok": True, "tti": time.monotonic() - start, "context": context}
    except Exception as exc:  # a failed load is a figure, not a crash
        return {"ok": False, "error": type(exc).__name__, "context": context}


async def run(args: argparse.Namespace, server, base: str) -> dict:
    from playwright.async_api import async_playwright

    kind = json.loads((ROOT / "puzzles" / args.page).read_text())["metadata"]["cipherkit"]["kind"]
    ready, url = READY[kind], f"{base}/voila/render/{args.page}"
    figures: dict = {}
    async with async_playwright() as pw:
        browser = await pw.chromium.launch(executable_path=CHROMIUM, headless=True, args=ARGS)
        await asyncio.sleep(args.settle)  # let the pools fill
        figures["idle_server_rss_mb"] = tree_rss_mb(server)
        figures["idle_kernels"] = len(kernels(server))
        warm = []
        for _ in range(args.warm):
            result = await load(browser, url, ready, 60_000)
            await result["context"].close()
            if result["ok"]:
                warm.append(result["tti"])
            await asyncio.sleep(args.refill)  # the pool refills (fill_delay + kernel start)
        figures["warm"] = {
            "loads": args.warm,
            "ok": len(warm),
            "median_s": pct(warm, 0.5),
            "p95_s": pct(warm, 0.95),
        }
        await asyncio.sleep(args.refill)
        started = time.monotonic()
        results = await asyncio.gather(
            *(load(browser, url, ready, args.timeout * 1000) for _ in range(args.concurrent))
        )
        ttis = [r["tti"] for r in results if r["ok"]]
        per_kernel = [k["rss_mb"] for k in kernels(server)]
        figures["concurrent"] = {
            "loads": args.concurrent,
            "ok": len(ttis),
            "errors": sorted({r["error"] for r in results if not r["ok"]}),
            "median_s": pct(ttis, 0.5),
            "p95_s": pct(ttis, 0.95),
            "max_s": pct(ttis, 1.0),
            "wall_s": round(time.monotonic() - started, 2),
            "kernels": len(per_kernel),
            "kernel_rss_mb_median": pct(per_kernel, 0.5),
            "kernel_rss_mb_max": pct(per_kernel, 1.0),
            "server_rss_mb": tree_rss_mb(server),
        }
        for r in results:
            await r["context"].close()
        await browser.close()
    closed = time.monotonic()
    target = figures["idle_kernels"]
    while time.monotonic() - closed < args.cull + 60 and len(kernels(server)) > target:
        await asyncio.sleep(1)
    figures["after_close"] = {
        "cull_idle_timeout_s": args.cull,
        "seconds_until_culled": round(time.monotonic() - closed, 1),
        "kernels_left": len(kernels(server)),
        "server_rss_mb": tree_rss_mb(server),
    }
    return figures


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--page", default="signal-box.ipynb")
    parser.add_argument("--concurrent", type=int, default=30)
    parser.add_argument("--warm", type=int, default=8)
    parser.add_argument("--pool", type=int, default=1)
    parser.add_argument("--cull", type=int, default=10)
    parser.add_argument("--settle", type=float, default=12.0)
    parser.add_argument("--refill", type=float, default=4.0)
    parser.add_argument("--timeout", type=int, default=150)
    parser.add_argument("--deadline", type=int, default=600)
    args = parser.parse_args()
    signal.alarm(args.deadline)  # stops by itself, whatever happens

    work = Path(tempfile.mkdtemp(prefix="serve-load-"))
    gallery, conf = work / "puzzles", work / "config"
    shutil.copytree(ROOT / "puzzles", gallery)
    conf.mkdir()
    config = json.loads((CONFIG_DIR / "voila.json").read_text())
    config["MappingKernelManager"].update(cull_idle_timeout=args.cull, cull_interval=2)
    config["VoilaKernelManager"]["kernel_pools_config"] = {
        "default": {"pool_size": 1},
        args.page: {"pool_size": args.pool},
    }
    (conf / "voila.json").write_text(json.dumps(config))
    port = 18000 + os.getpid() % 1000
    cmd = [
        f"--Voila.config_file_paths={conf}" if a.startswith("--Voila.config_file_paths=") else a
        for a in voila_command(gallery, port)
    ]
    log = (work / "voila.log").open("wb")
    server = subprocess.Popen(
        cmd, cwd=gallery, stdout=log, stderr=subprocess.STDOUT, start_new_session=True
    )
    try:
        base = f"http://127.0.0.1:{port}"
        wait_up(base + "/", time.monotonic() + 90)
        figures = asyncio.run(run(args, server, base))
    finally:
        server.send_signal(signal.SIGTERM)
        try:
            server.wait(timeout=20)
        except subprocess.TimeoutExpired:
            os.killpg(server.pid, signal.SIGKILL)
            server.wait()
        shutil.rmtree(work, ignore_errors=True)
    figures.update(page=args.page, cpus=os.cpu_count(), pool=args.pool)
    print(json.dumps(figures, indent=1))


if __name__ == "__main__":
    main()
