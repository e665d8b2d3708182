"""axe-core's WCAG 2.0-2.2 A/AA violations on every gallery page, by impact, at 1280 and
390 px (issue #32): the figures before and after a change.

Starts what ``cipherkit serve`` runs over a temporary copy of ``puzzles/`` and opens each
page in headless Chromium (``/usr/bin/chromium``); the checks are the browser suite's
(``tests/browser/axe_checks.py``). Prints JSON: per page and width the count of failing
rules by impact and the rules' ids. ``--pages a.ipynb,b.ipynb`` checks only those.

    .venv/bin/python bench/axe_pages.py > axe.json
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
sys.path.insert(0, str(ROOT))  # the browser suite's helpers (tests.browser)


def main(argv: list[str] | None = None) -> dict[str, Any]:
    """Check the pages; print and return the figures."""
    from playwright.sync_api import sync_playwright

    from tests.browser.axe_checks import WIDTHS, audit, blocking, by_impact
    from tests.browser.conftest import CHROMIUM, CHROMIUM_ARGS, SEED
    from tests.browser.gallery_servers import start_gallery_server
    from tests.browser.security_fixtures import gallery_pages
    from tests.servers import stop_process_group

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pages", default="", help="comma-separated pages (default: all)")
    args = parser.parse_args(argv)
    pages = [p for p in args.pages.split(",") if p] or gallery_pages()
    results: dict[str, Any] = {}
    with tempfile.TemporaryDirectory() as tmp:
        gallery = Path(tmp) / "gallery"
        shutil.copytree(
            ROOT / "puzzles", gallery, ignore=shutil.ignore_patterns("rooms.db*", ".cipherkit")
        )
        store = f"sqlite:///{Path(tmp) / 'rooms.db'}"
        env = {"CIPHERKIT_SEED": str(SEED), "CIPHERKIT_STORE": store}
        server, process = start_gallery_server(gallery, Path(tmp) / "voila.log", env)
        try:
            with sync_playwright() as playwright:
                browser = playwright.chromium.launch(
                    executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS
                )
                for name in pages:
                    context = browser.new_context()
                    page = context.new_page()
                    page.set_default_timeout(120_000)
                    try:
                        found = audit(page, server.url, name)
                        results[name] = {
                            str(w): {
                                **by_impact(found[w]),
                                "rules": sorted(f"{v['id']}:{v['impact']}" for v in found[w]),
                                "blocking": blocking(found[w]),
                            }
                            for w in WIDTHS
                        }
                    except Exception as exc:  # one page's failure is a figure too
                        results[name] = {"error": f"{type(exc).__name__}: {exc}"[:300]}
                    finally:
                        context.close()
                    print(name, json.dumps(results[name]), file=sys.stderr, flush=True)
                browser.close()
        finally:
            stop_process_group(process)
    print(json.dumps(results, indent=1))
    return results


if __name__ == "__main__":
    main()
