"""Screenshots of gallery pages at phone width, for docs/images (issue #21).

Serves the gallery (``puzzles/``, copied to a temporary folder) with Voila exactly as
``cipherkit serve`` does, opens a mission, Decipher, intercept and a lesson in headless
Chromium on a 390×844 screen, and saves each whole page as
``docs/images/phone-<page>.png``; prints, as JSON, each page's width, its main widget's
width and the layout problems the browser suite measures (none expected).

Usage::

    .venv/bin/python scripts/phone_screenshots.py [--out docs/images] [--chromium PATH]
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from cipherkit.serve.launcher import voila_command  # noqa: E402
from tests.browser.conftest import free_port, stop_process_group, wait_until_up  # noqa: E402
from tests.browser.layout_checks import PHONE, layout_kind, measure  # noqa: E402

PAGES = {
    "mission": "lantern-archive.ipynb",
    "decipher": "decipher.ipynb",
    "intercept": "intercept.ipynb",
    "lesson": "lessons/04-vigenere-and-kasiski.ipynb",
}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=ROOT / "docs" / "images")
    parser.add_argument("--chromium", default="/usr/bin/chromium")
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    args.out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        gallery = Path(tmp) / "gallery"
        shutil.copytree(ROOT / "puzzles", gallery)
        port = free_port()
        log = Path(tmp) / "voila.log"
        env = {**os.environ, "CIPHERKIT_SEED": "7", "PYTHONUNBUFFERED": "1"}
        with log.open("wb") as out:
            server = subprocess.Popen(
                voila_command(gallery, port),
                env=env,
                stdout=out,
                stderr=subprocess.STDOUT,
                cwd=gallery,
                start_new_session=True,
            )
        url = f"http://127.0.0.1:{port}"
        report = {}
        try:
            wait_until_up(url + "/", server, log, 120)
            with sync_playwright() as playwright:
                browser = playwright.chromium.launch(
                    executable_path=args.chromium, headless=True, args=["--no-sandbox"]
                )
                for label, name in PAGES.items():
                    context = browser.new_context(
                        viewport={"width": PHONE[0], "height": PHONE[1]}, device_scale_factor=1
                    )
                    page = context.new_page()
                    page.set_default_timeout(180_000)
                    kind, ready = layout_kind(name)
                    page.goto(f"{url}/voila/render/{name}")
                    page.wait_for_selector(ready)
                    page.wait_for_timeout(500)
                    layout = measure(page, name, kind)
                    target = args.out / f"phone-{label}.png"
                    page.screenshot(path=str(target), full_page=True)
                    report[name] = {
                        "screen_px": layout.width,
                        "page_px": layout.scroll_width,
                        "main_widget_px": layout.main_width,
                        "problems": layout.problems(),
                        "screenshot": str(target),
                    }
                    context.close()
                browser.close()
        finally:
            stop_process_group(server)
    print(json.dumps(report, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
