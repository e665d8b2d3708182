"""Each widget loads its ES module bundled with the shared ones it imports
(scripts/build_widget_js.py): the committed bundles are the sources' of today."""

from __future__ import annotations

import importlib.util
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
WIDGETS = ROOT / "cipherkit" / "widgets"
SCRIPT = ROOT / "scripts" / "build_widget_js.py"
_spec = importlib.util.spec_from_file_location("build_widget_js", SCRIPT)
assert _spec is not None and _spec.loader is not None
build = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(build)


def sources() -> list[str]:
    return sorted(
        p.relative_to(WIDGETS).with_suffix("").as_posix()
        for p in WIDGETS.rglob("*.js")
        if ".bundle." not in p.name
    )


def test_every_widget_module_has_a_bundle_and_only_they() -> None:
    entries = [s for s in sources() if "export default" in (WIDGETS / f"{s}.js").read_text()]
    assert sorted(build.ENTRIES) == entries
    bundles = sorted(p.relative_to(WIDGETS).as_posix() for p in WIDGETS.rglob("*.bundle.js"))
    assert bundles == sorted(f"{e}.bundle.js" for e in build.ENTRIES)


@pytest.mark.parametrize("entry", build.ENTRIES)
def test_a_bundle_is_made_from_the_sources_of_today(entry: str) -> None:
    """A source changed since its bundle was made: run scripts/build_widget_js.py."""
    bundle = build.bundle_path(entry)
    recorded = build.recorded(bundle)
    assert f"{entry}.js" in recorded
    for name, sha in recorded.items():
        assert build.digest(WIDGETS / name) == sha, f"{bundle.name} is stale: {name} changed"
    # every module it imports is in it, and nothing is left to resolve at run time
    own = (WIDGETS / f"{entry}.js").read_text(encoding="utf-8")
    for imported in re.findall(r'^import .* from "(.+)";$', own, re.M):
        path = (WIDGETS / entry).parent / imported
        assert path.resolve().relative_to(WIDGETS).as_posix() in recorded, imported
    text = bundle.read_text(encoding="utf-8")
    assert not re.search(r"^import ", text, re.M)
    assert text.rstrip().endswith("};") and "as default" in text


def test_one_h_among_the_sources() -> None:
    defined = [s for s in sources() if "function h(" in (WIDGETS / f"{s}.js").read_text()]
    assert defined == ["table_common"]
