"""Load on the gallery server: warm and concurrent time-to-interactive, kernel memory, culling.

Starts the real ``cipherkit serve`` command line (:func:`voila_command`) on 127.0.0.1 over
a temporary copy of ``puzzles/``, with the committed ``voila.json`` changed in one way
only: idle kernels are culled after ``--cull`` seconds (checked every 2 s); ``--pool N``
also sets the preheated pool of the measured page (default: as committed). After
``--settle`` seconds (the pools and the spare kernels fill), in one headless Chromium:

1. ``--warm`` page loads one after another, each after the pool is full again: the
   warm time-to-interactive, TTI (navigation start -> the table drawn by the widget and
   not waiting for the kernel: the selector in ``READY``);
2. ``--concurrent`` page loads at once (one browser context each, all in the same
   Chromium): each must reach the interactive table within ``--timeout`` seconds
   (default 120 s: 30 simultaneous loads on 2 cores, most of them on kernels that
   start during the burst); TTI of each, and while all pages are open the RSS of each
   page's kernel (``page_kernel_*``: the kernel a page names) and of every kernel
   (pools and spares included); a failure is reported with where it stopped
   (``goto`` = the page itself did not load, ``ready`` = the widget never became
   interactive);
3. all pages closed: the time until the idle kernels are culled, and the server's
   memory (Voila and its kernels) before, during and after.

Prints JSON, with the load average at the end and a count of what went wrong in Voila's
log (``--log FILE`` keeps the log). Everything stops by itself: at ``--deadline``
seconds the run ends and the server is stopped.

    python bench/serve_load.py [--page signal-box.ipynb] [--concurrent 30] [--warm 8]

``python bench/serve_load.py --burst [--loads 60 --spread 10] [--pages P1,P2]`` runs
``bench/kernel_burst.py`` instead: a burst of page loads by HTTP and websocket clients,
once with plain kernels and once with kernels forked from the template; ``--pages``
names the pages loaded in turn (default: the game pages), e.g. one lesson per run:

    python bench/serve_load.py --burst --modes fork \
        --pages lessons/02-substitution-and-frequency.ipynb
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

from cipherkit.serve.launcher import CONFIG_DIR, voila_command  # noqa: E402

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
            cmdline = " ".join(child.cmdline())
            if "ipykernel" in cmdline:
                kernel_id = cmdline.split("kernel-")[-1].split(".json")[0]
                out.append({"id": kernel_id, "rss_mb": child.memory_info().rss / 2**20})
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
    """One page load in its own context: navigation start -> the table is interactive.
    A page of a language folder (``ru/…``) is loaded by a browser in that language."""
    folder = url.split("/voila/render/", 1)[-1].split("/", 1)[0]
    locale = {"ru": "ru-RU"}.get(folder, "en-US")
    context = await browser.new_context(viewport={"width": 1100, "height": 1250}, locale=locale)
    page = await context.new_page()
    start = time.monotonic()
    step = "goto"
    try:
        await page.goto(url, timeout=timeout_ms)
        step = "ready"
        left = max(1, timeout_ms - int(1000 * (time.monotonic() - start)))
        await page.wait_for_selector(ready, timeout=left)
        tti = time.monotonic() - start
        config = json.loads(await page.locator("#jupyter-config-data").text_content() or "{}")
        return {"ok": True, "tti": tti, "context": context, "kernel": config.get("kernelId")}
    except Exception as exc:  # a failed load is a figure, not a crash
        return {
            "ok": False,
            "error": f"{type(exc).__name__} at {step} after {time.monotonic() - start:.1f} s",
            "context": context,
        }


def log_summary(text: str) -> dict[str, int]:
    """What went wrong on the server side, counted from Voila's log."""
    marks = {
        "tracebacks": "Traceback (most recent call last)",
        "kernel_never_alive": "Kernel never reached an 'alive' state",
        "kernel_info_timeouts": "Timeout waiting for kernel_info",
        "iopub_timeouts": "Timeout waiting for IOPub output",
        "http_500": "] 500 ",
        "kernels_started": "Kernel started:",
        "preheated_used": "Using pre-heated kernel:",
        "culled": "Culling '",
    }
    return {name: text.count(mark) for name, mark in marks.items()}


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
        warm: list[float] = []
        warm_errors: list[str] = []
        for _ in range(args.warm):
            result = await load(browser, url, ready, 60_000)
            await result["context"].close()
            if result["ok"]:
                warm.append(result["tti"])
            else:
                warm_errors.append(result["error"])
            await asyncio.sleep(args.refill)  # the pool refills (fill_delay + kernel start)
        figures["warm"] = {
            "loads": args.warm,
            "ok": len(warm),
            "errors": sorted(warm_errors),
            "median_s": pct(warm, 0.5),
            "p95_s": pct(warm, 0.95),
        }
        await asyncio.sleep(args.refill)
        started = time.monotonic()
        results = await asyncio.gather(
            *(load(browser, url, ready, args.timeout * 1000) for _ in range(args.concurrent))
        )
        ttis = [r["tti"] for r in results if r["ok"]]
        running = kernels(server)
        per_kernel = [k["rss_mb"] for k in running]
        pages = {r.get("kernel") for r in results if r["ok"]}
        per_page = [k["rss_mb"] for k in running if k["id"] in pages]
        figures["concurrent"] = {
            "loads": args.concurrent,
            "ok": len(ttis),
            "errors": sorted(r["error"] for r in results if not r["ok"]),
            "median_s": pct(ttis, 0.5),
            "p95_s": pct(ttis, 0.95),
            "max_s": pct(ttis, 1.0),
            "wall_s": round(time.monotonic() - started, 2),
            "kernels": len(per_kernel),
            "page_kernels": len(per_page),
            "page_kernel_rss_mb_median": pct(per_page, 0.5),
            "page_kernel_rss_mb_p95": pct(per_page, 0.95),
            "page_kernel_rss_mb_max": pct(per_page, 1.0),
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


class Deadline(Exception):
    """The whole run took longer than ``--deadline`` seconds."""


def _deadline(signum: int, frame: object) -> None:
    raise Deadline


def main() -> None:
    if "--burst" in sys.argv:  # HTTP+websocket burst, plain and forked kernels (#24)
        sys.argv.remove("--burst")
        sys.path.insert(0, str(Path(__file__).resolve().parent))
        import kernel_burst

        kernel_burst.main()
        return
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--page", default="signal-box.ipynb", help="gallery page to load")
    parser.add_argument("--concurrent", type=int, default=30, help="page loads at once (30)")
    parser.add_argument("--warm", type=int, default=8, help="warm loads one after another (8)")
    parser.add_argument(  # handled above; listed here for --help
        "--burst",
        action="store_true",
        help="run bench/kernel_burst.py instead: a burst of HTTP+websocket loads with plain "
        "and forked kernels (--burst --help lists its options)",
    )
    parser.add_argument(
        "--pool", type=int, default=None, help="pool of the measured page (default: as committed)"
    )
    parser.add_argument(
        "--cull", type=int, default=10, help="seconds before idle kernels are culled (10)"
    )
    parser.add_argument(
        "--settle", type=float, default=40.0, help="seconds to let pools and spares fill (40)"
    )
    parser.add_argument("--refill", type=float, default=4.0, help="seconds between warm loads (4)")
    parser.add_argument("--timeout", type=int, default=120, help="seconds a load may take (120)")
    parser.add_argument(
        "--deadline", type=int, default=600, help="end the run after this many seconds (600)"
    )
    parser.add_argument("--log", type=Path, default=None, help="keep Voila's log in this file")
    args = parser.parse_args()
    signal.signal(signal.SIGALRM, _deadline)
    signal.alarm(args.deadline)  # stops by itself (and stops the server), whatever happens

    work = Path(tempfile.mkdtemp(prefix="serve-load-"))
    gallery, conf = work / "puzzles", work / "config"
    shutil.copytree(ROOT / "puzzles", gallery)
    conf.mkdir()
    config = json.loads((CONFIG_DIR / "voila.json").read_text())
    config["MappingKernelManager"].update(cull_idle_timeout=args.cull, cull_interval=2)
    if args.pool is not None:
        pools = config["VoilaKernelManager"].setdefault("kernel_pools_config", {})
        default = config["VoilaConfiguration"]["default_pool_size"]
        pools.setdefault("default", {"pool_size": default})
        pools[args.page] = {"pool_size": args.pool}
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
    except Deadline:
        figures = {"deadline_s": args.deadline, "stopped": "deadline reached"}
    finally:
        server.send_signal(signal.SIGTERM)
        try:
            server.wait(timeout=20)
        except subprocess.TimeoutExpired:
            os.killpg(server.pid, signal.SIGKILL)
            server.wait()
        log.close()
        text = (work / "voila.log").read_text(errors="replace")
        if args.log is not None:
            args.log.write_text(text)
        shutil.rmtree(work, ignore_errors=True)
    figures.update(
        page=args.page,
        cpus=os.cpu_count(),
        pool=args.pool,
        load_average=[round(x, 2) for x in os.getloadavg()],
        server_log=log_summary(text),
    )
    print(json.dumps(figures, indent=1))


if __name__ == "__main__":
    main()
