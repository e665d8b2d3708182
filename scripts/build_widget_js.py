"""Bundle each widget's ES module with the shared ones it imports (esbuild, from npm).

Every widget's own module (``decipher/table.js``, ``lobby.js``, ...) imports the shared
modules (``table_common.js``: ``h()``, the saved-game handshake, the sender, the focus
keeper; ``outage.js``) with real ES ``import`` lines. anywidget loads a widget's
``_esm`` from a blob URL, where a relative import does not resolve, so each widget
loads a bundle made here and committed beside its module (``NAME.bundle.js``); nothing
is built at run time. A bundle's first lines name the sources it was made from and
their SHA-256, so ``tests/widgets/test_widget_bundles.py`` fails when a source changed
and its bundle was not made again::

    python scripts/build_widget_js.py           # make every bundle again
    python scripts/build_widget_js.py --watch   # and again on every change (anywidget's
                                                # hot reload follows: ANYWIDGET_HMR=1,
                                                # with watchfiles installed)

Needs ``npx`` (Node.js); esbuild's version is pinned below.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
WIDGETS = ROOT / "cipherkit" / "widgets"
ESBUILD = "esbuild@0.28.2"
ENTRIES = (
    "decipher/table",
    "intercept/table",
    "mission/table",
    "generic/table",
    "replay",
    "workbench",
    "lobby",
    "teacher",
    "projector",
    "exercises",
    "studio/editor",
)
"""Each widget's own module (``NAME.js`` under ``cipherkit/widgets/``)."""
HEADER = "// Built by scripts/build_widget_js.py from (path under cipherkit/widgets, sha256):"


def digest(path: Path) -> str:
    """The SHA-256 of a source file, as the bundle's header records it."""
    return hashlib.sha256(path.read_bytes()).hexdigest()


def header(sources: list[Path]) -> str:
    """The bundle's first lines: the sources it was made from and their digests."""
    lines = [HEADER]
    lines += [f"//   {p.relative_to(WIDGETS).as_posix()} {digest(p)}" for p in sorted(sources)]
    return "\n".join(lines) + "\n"


def recorded(bundle: Path) -> dict[str, str]:
    """``{source: sha256}`` from a bundle's header (empty if it has none)."""
    text = bundle.read_text(encoding="utf-8")
    if not text.startswith(HEADER):
        return {}
    out = {}
    for line in text.splitlines()[1:]:
        if not line.startswith("//   "):
            break
        name, sha = line[5:].rsplit(" ", 1)
        out[name] = sha
    return out


def bundle_path(entry: str) -> Path:
    """Where the bundle of ``NAME`` lies: ``NAME.bundle.js`` beside ``NAME.js``."""
    return WIDGETS / f"{entry}.bundle.js"


def build(entry: str) -> Path:
    """Bundle one widget's module with what it imports; returns the bundle's path."""
    source = WIDGETS / f"{entry}.js"
    out = bundle_path(entry)
    with tempfile.TemporaryDirectory() as tmp:
        meta = Path(tmp) / "meta.json"
        built = Path(tmp) / "out.js"
        subprocess.run(
            [
                "npx",
                "--yes",
                ESBUILD,
                str(source),
                "--bundle",
                "--format=esm",
                "--charset=utf8",
                "--legal-comments=none",
                "--log-level=warning",
                f"--metafile={meta}",
                f"--outfile={built}",
            ],
            check=True,
            cwd=ROOT,
        )
        inputs = [ROOT / name for name in json.loads(meta.read_text())["inputs"]]
        out.write_text(header(inputs) + built.read_text(encoding="utf-8"), encoding="utf-8")
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--watch", action="store_true", help="build again on every change")
    args = parser.parse_args(argv)
    for entry in ENTRIES:
        print(build(entry).relative_to(ROOT))
    if not args.watch:
        return 0
    seen = {p: p.stat().st_mtime for p in WIDGETS.rglob("*.js")}
    while True:
        time.sleep(0.5)
        now = {p: p.stat().st_mtime for p in WIDGETS.rglob("*.js") if ".bundle." not in p.name}
        if any(seen.get(p) != m for p, m in now.items()):
            for entry in ENTRIES:
                if any(WIDGETS / name in now for name in recorded(bundle_path(entry))):
                    build(entry)
            seen = {p: p.stat().st_mtime for p in WIDGETS.rglob("*.js")}
            print("built", time.strftime("%H:%M:%S"), file=sys.stderr)


if __name__ == "__main__":
    raise SystemExit(main())
