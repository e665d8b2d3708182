"""``cipherkit bench [NAME...] [--quick] [--json]``: the benchmarks of a source checkout.

They live in ``bench/benchmarks.py`` beside the package folder (the scripts in
``bench/`` run them too), loaded by path: an installed cipherkit has none.
"""

from __future__ import annotations

import argparse
import importlib.util
import sys
from pathlib import Path
from typing import Any

from cipherkit.core.commands import Command, add_json, print_json
from cipherkit.core.errors import CipherkitError

__all__ = ["BENCH", "bench_module"]


def bench_module() -> Any:
    """The benchmarks of a source checkout: ``bench/benchmarks.py`` beside the package
    folder, loaded as the module ``benchmarks`` (as the scripts in ``bench/`` import it).
    An installed cipherkit without its source tree has none: a :class:`CipherkitError`.
    """
    import cipherkit

    path = Path(cipherkit.__file__).resolve().parents[1] / "bench" / "benchmarks.py"
    loaded = sys.modules.get("benchmarks")
    if loaded is not None and Path(getattr(loaded, "__file__", None) or "").resolve() == path:
        return loaded
    if not path.is_file():
        raise CipherkitError.say(
            "no benchmarks here: {path} is missing (cipherkit bench runs the benchmarks "
            "of a source checkout; this cipherkit is installed without its source tree)",
            path=path,
        )
    spec = importlib.util.spec_from_file_location("benchmarks", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["benchmarks"] = module
    try:
        spec.loader.exec_module(module)
    except BaseException:
        del sys.modules["benchmarks"]
        raise
    return module


def _configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("only", nargs="*", help="names of benchmarks to run (default: all)")
    parser.add_argument("--quick", action="store_true", help="smaller runs, for a quick look")
    add_json(parser, "print the figures as JSON")


def _run(args: argparse.Namespace) -> int:
    bench = bench_module()
    results = bench.run_benchmarks(args.only or None, quick=args.quick, progress=not args.json)
    if args.json:
        print_json(results)
    else:
        print(bench.format_results(results))
    return 0


BENCH = Command(
    "bench",
    help="run the benchmarks and print their figures",
    description="Run cipherkit's benchmarks: the ones of bench/benchmarks.py, which the "
    "scripts in bench/ also run. They live in the source checkout beside the package, "
    "not in an installed cipherkit.",
    configure=_configure,
    run=_run,
)
