"""Solver curves (issue #34 item 4): exact-solve rate and median time by ciphertext length
for substitution without word breaks, Vigenère with an unknown period (3-12) and
Playfair, on held-out texts; prints JSON and draws the curves (matplotlib, SVG).

Texts: ``bench/ciphers_heldout.txt`` (30 passages written for cipherkit, built by
``scripts/build_heldout_texts.py``, listed in ``cipherkit/data/NOTICE``). The solvers
were developed on the sample sentences of :mod:`cipherkit.ciphers.samples`, never on
these. Text ``i`` at ``L`` letters is the first ``L`` letters of passage ``i`` (the same
texts at every length). Keys, from seeded generators: a random alphabet
(substitution), a random key of period ``3 + i % 10`` (Vigenère: every period 3-12 three
times in the 30 texts), a random 5x5 square (Playfair). Exact: the solver's letters are the
plaintext's (for Playfair, as the true square reads the ciphertext: J as I, padding X's
kept). Budgets (the solver's ``time_limit``): Playfair 9.5 s of wall-clock time (its two
teams run on two cores when the machine has them), substitution 4 CPU s (checked
between runs, so a run may end a little later; with ``word_steps=200``); Vigenère has
none. Times are reported both ways; the plot shows wall-clock seconds, so measure on a
quiet machine.

    python bench/ciphers_curves.py                          # full run, default plot path
    python bench/ciphers_curves.py --quick                   # 2 texts, 2 lengths each
    python bench/ciphers_curves.py --cipher playfair --texts 30 --lengths 80,100 \\
        --json /tmp/playfair.json --no-plot
    python bench/ciphers_curves.py --replot /tmp/a.json /tmp/b.json   # merge and draw
    # (a point of a later file replaces the same cipher and length of an earlier one)
"""

from __future__ import annotations

import argparse
import json
import re
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np

from cipherkit.ciphers import Playfair, Substitution, Vigenere, letters_only
from cipherkit.ciphers.classical import Cipher
from cipherkit.ciphers.playfair_solver import solve_playfair
from cipherkit.ciphers.solution import Solution
from cipherkit.ciphers.substitution_solver import solve_substitution
from cipherkit.ciphers.vigenere_solver import solve_vigenere

ROOT = Path(__file__).resolve().parent.parent
HELDOUT = ROOT / "bench" / "ciphers_heldout.txt"
PLOT = ROOT / "docs" / "images" / "ciphers_curves.svg"

LENGTHS = {
    "substitution": (30, 40, 50, 60, 80),
    "vigenere": (40, 60, 80, 100, 120),
    "playfair": (60, 80, 100, 120, 150),
}
"""Plaintext letters of each point, by cipher."""
GOALS = {
    "substitution": (40, 0.90, 5.0),
    "vigenere": (80, 0.95, None),
    "playfair": (100, 0.90, 10.0),
}
"""Issue #34's goals: letters, exact-solve rate, seconds."""
BUDGETS = {"substitution": 4.0, "playfair": 9.5}
"""The solvers' ``time_limit`` (substitution: CPU seconds; Playfair: wall-clock)."""
LABELS = {
    "substitution": "substitution, no word breaks",
    "vigenere": "Vigenère, period 3-12",
    "playfair": "Playfair",
}
TEXTS = 30
"""Texts a point: every held-out passage (the figures before 2026-11-27 read the first 20)."""


def heldout_texts() -> list[str]:
    """The held-out passages, letters only (upper case)."""
    lines = HELDOUT.read_text(encoding="utf-8").splitlines()
    return [re.sub("[^A-Z]", "", line.upper()) for line in lines if line.strip()]


def make_case(cipher: str, i: int) -> Cipher:
    """The cipher (with its key) of text ``i``."""
    rng = np.random.default_rng([34, i])
    if cipher == "substitution":
        return Substitution("".join(chr(65 + int(x)) for x in rng.permutation(26)))
    if cipher == "vigenere":
        return Vigenere("".join(chr(65 + int(x)) for x in rng.integers(0, 26, 3 + i % 10)))
    letters = [chr(65 + x) for x in range(26) if x != 9]
    return Playfair("".join(letters[int(x)] for x in rng.permutation(25)))


def solver(cipher: str) -> Callable[[str, int], Solution]:
    """The solver run on each ciphertext (with the bench's budget)."""
    if cipher == "substitution":
        return lambda text, i: solve_substitution(
            text, seed=i, max_runs=50, time_limit=BUDGETS[cipher], word_steps=200
        )
    if cipher == "vigenere":
        return lambda text, i: solve_vigenere(text, seed=i)
    return lambda text, i: solve_playfair(text, seed=i, time_limit=BUDGETS[cipher])


def run_point(cipher: str, letters: int, texts: list[str]) -> dict[str, Any]:
    """Exact-solve rate and times of ``cipher`` on the first ``letters`` letters of each
    text."""
    solve = solver(cipher)
    solved, wall, cpu = 0, [], []
    for i, text in enumerate(texts):
        plain = text[:letters]
        key = make_case(cipher, i)
        secret = key.encrypt(plain)
        start, start_cpu = time.perf_counter(), time.process_time()
        solution = solve(secret, i)
        wall.append(time.perf_counter() - start)
        cpu.append(time.process_time() - start_cpu)
        solved += letters_only(solution.plaintext) == letters_only(key.decrypt(secret))
    return {
        "letters": letters,
        "texts": len(texts),
        "solved": solved,
        "rate": round(solved / len(texts), 3),
        "median_s": round(statistics.median(wall), 3),
        "max_s": round(max(wall), 3),
        "median_cpu_s": round(statistics.median(cpu), 3),
        "max_cpu_s": round(max(cpu), 3),
    }


def draw(results: dict[str, list[dict[str, Any]]], path: Path) -> None:
    """Two panels: exact-solve rate and median seconds by plaintext letters."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, (rate_ax, time_ax) = plt.subplots(1, 2, figsize=(10, 4))
    for cipher, points in results.items():
        xs = [p["letters"] for p in points]
        (line,) = rate_ax.plot(xs, [100 * p["rate"] for p in points], "o-", label=LABELS[cipher])
        time_ax.plot(xs, [p["median_s"] for p in points], "o-", color=line.get_color())
        goal_letters, goal_rate, goal_s = GOALS[cipher]
        rate_ax.plot([goal_letters], [100 * goal_rate], "*", ms=14, color=line.get_color())
        if goal_s is not None:
            time_ax.plot([goal_letters], [goal_s], "*", ms=14, color=line.get_color())
    texts = max((p["texts"] for points in results.values() for p in points), default=0)
    rate_ax.set(
        xlabel="plaintext letters",
        ylabel="solved exactly (%)",
        ylim=(-3, 103),
        title=f"Exact solves ({texts} held-out texts a point; stars: goals)",
    )
    time_ax.set(
        xlabel="plaintext letters",
        ylabel="median seconds (wall clock, 2 cores)",
        title="Median time per text (stars: goals)",
    )
    rate_ax.legend(loc="lower right")
    for ax in (rate_ax, time_ax):
        ax.grid(alpha=0.3)
    fig.tight_layout()
    path.parent.mkdir(parents=True, exist_ok=True)
    fig.savefig(path, metadata={"Date": None})
    plt.close(fig)


def main(argv: list[str]) -> int:
    """Run the points asked for, print their JSON and draw the curves."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cipher", default="substitution,vigenere,playfair")
    parser.add_argument(
        "--texts", type=int, default=TEXTS, help=f"texts a point ({TEXTS}: every held-out passage)"
    )
    parser.add_argument("--lengths", help="plaintext letters, comma-separated")
    parser.add_argument("--quick", action="store_true", help="2 texts, 2 lengths each")
    parser.add_argument("--json", type=Path, help="also write the figures here")
    parser.add_argument("--plot", type=Path, default=PLOT)
    parser.add_argument("--no-plot", action="store_true")
    parser.add_argument("--replot", type=Path, nargs="+", help="merge JSON files and draw")
    args = parser.parse_args(argv)
    results: dict[str, list[dict[str, Any]]] = {}
    if args.replot:
        merged: dict[str, dict[int, dict[str, Any]]] = {}
        for file in args.replot:  # a later file's point replaces an earlier one's
            for cipher, points in json.loads(file.read_text())["curves"].items():
                merged.setdefault(cipher, {}).update({p["letters"]: p for p in points})
        results = {c: [by[k] for k in sorted(by)] for c, by in merged.items()}
    else:
        texts = heldout_texts()
        count = 2 if args.quick else args.texts
        if count > len(texts):
            parser.error(f"at most {len(texts)} held-out texts")
        for cipher in args.cipher.split(","):
            if cipher not in LENGTHS:
                parser.error(f"unknown cipher {cipher!r}")
            lengths = LENGTHS[cipher][1:3] if args.quick else LENGTHS[cipher]
            if args.lengths:
                lengths = tuple(int(x) for x in args.lengths.split(","))
            for letters in lengths:
                point = run_point(cipher, letters, texts[:count])
                results.setdefault(cipher, []).append(point)
                print(json.dumps({cipher: point}), file=sys.stderr, flush=True)
                if args.json:
                    args.json.write_text(json.dumps({"curves": results}, indent=2))
    out = {"quick": args.quick, "curves": results}
    print(json.dumps(out, indent=2))
    if args.json:
        args.json.write_text(json.dumps(out, indent=2) + "\n")
    if not args.no_plot:
        draw(results, args.plot)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
