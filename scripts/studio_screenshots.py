"""Screenshots of the mission studio for docs/studio.md (issue 45).

Serves the gallery (``puzzles/``, copied to a temporary folder) with Voila exactly as
``cipherkit serve`` does, opens its *Mission studio* page in headless Chromium at
1280x900, pastes ``missions/04-harbour-clock.yaml`` into the editor's mission file,
adds a room no passage reaches (its marker and issue show), points at a glyph (its
windows light up on the card) and saves ``docs/images/studio.png``; then the same page
390 px wide (on a screen tall enough to hold it) as ``docs/images/studio-phone.png``.
Prints the files written as JSON.

Usage::

    .venv/bin/python scripts/studio_screenshots.py [--out docs/images] [--chromium PATH]
"""

from __future__ import annotations

import argparse
import json
import shutil
import sys
import tempfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests.browser.gallery_servers import start_gallery_server  # noqa: E402
from tests.servers import stop_process_group  # noqa: E402

MISSION = ROOT / "missions" / "04-harbour-clock.yaml"


def said(page: Any, words: str) -> None:
    page.wait_for_function(
        "(w) => (document.querySelector('[data-testid=said]')?.textContent || '').includes(w)",
        arg=words,
    )


def shoot(page: Any, url: str, target: Path, width: int, height: int) -> None:
    page.set_viewport_size({"width": width, "height": height})  # the whole editor in view
    page.goto(f"{url}/voila/render/studio.ipynb")
    page.wait_for_selector("[data-testid=studio] [data-testid=room]")
    page.click("[data-testid=studio] .ck-st-file summary")
    page.fill("[data-testid=source]", MISSION.read_text(encoding="utf-8"))
    page.click("[data-testid=apply-text]")
    said(page, "text replaced")
    page.click("[data-testid=studio] .ck-st-file summary")  # the file's text folded away again
    page.wait_for_function(
        "() => document.querySelector('[data-testid=verdict]').textContent.includes('settle')"
    )
    page.click("[data-room=roof] rect")
    page.click("[data-testid=add-room]")
    said(page, "added at")
    page.click("[data-testid=fit]")
    page.hover("[data-glyph=buoy]")
    page.wait_for_timeout(300)
    page.locator("[data-testid=studio]").screenshot(path=str(target))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=ROOT / "docs" / "images")
    parser.add_argument("--chromium", default="/usr/bin/chromium")
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    args.out.mkdir(parents=True, exist_ok=True)
    written = []
    with tempfile.TemporaryDirectory() as tmp:
        gallery = Path(tmp) / "gallery"
        shutil.copytree(ROOT / "puzzles", gallery)
        server, process = start_gallery_server(gallery, Path(tmp) / "voila.log")
        try:
            with sync_playwright() as playwright:
                browser = playwright.chromium.launch(
                    executable_path=args.chromium, headless=True, args=["--no-sandbox"]
                )
                for name, width, height in (
                    ("studio.png", 1280, 1300),
                    ("studio-phone.png", 390, 1900),
                ):
                    page = browser.new_page(device_scale_factor=1)
                    page.set_default_timeout(180_000)
                    shoot(page, server.url, args.out / name, width, height)
                    written.append(str((args.out / name).relative_to(ROOT)))
                    page.close()
                browser.close()
        finally:
            stop_process_group(process)
    print(json.dumps({"written": written}, indent=2))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
