"""Solver curves (issue #34 item 4, issue #49): exact-solve rate, symbol error rate and
median time by ciphertext length for substitution without word breaks, Vigenère with an
unknown period (3-12) and Playfair, on held-out texts; prints JSON and draws the curves
(matplotlib, SVG).

Since issue #49 each text goes through what users call, ``cipherkit crack --cipher NAME``
with its defaults (:func:`cipherkit.ciphers.crack_text`: a 10 s budget); ``--auto``
lets ``crack`` identify the cipher too, and ``--solver`` runs the solvers alone with the
bench's own budgets (the figures before #49). ``--variant word`` cuts each text at the
end of the word that holds its N-th letter rather than at the N-th letter itself. The
symbol error rate (SER, as Nuhn et al. 2013 report it) is the share of the plaintext's
letters read wrong, averaged over the texts.

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
    python bench/ciphers_curves.py --cipher substitution --lengths 50,60,80 \
        --variant word --texts 10 --no-plot                  # cut at word ends
    python bench/ciphers_curves.py --cipher playfair --texts 30 --lengths 80,100 \\
        --json /tmp/playfair.json --no-plot
    python bench/ciphers_curves.py --cipher substitution --peer --texts 10 --no-plot
    # (and subbreaker 1.2.0 on the same texts: pip install -e .[peer])
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

from cipherkit.ciphers import Playfair, Substitution, Vigenere, crack_text, letters_only
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
PEER = "substitution:subbreaker"
"""The curve of the peer (``--peer``): subbreaker 1.2.0 on the substitution texts."""
LABELS = {
    "substitution": "substitution, no word breaks",
    PEER: "subbreaker 1.2.0 (peer), same texts",
    "substitution:word": "substitution, cut at a word end",
    "playfair:word": "Playfair, cut at a word end",
    "vigenere": "Vigenère, period 3-12",
    "playfair": "Playfair",
}
TEXTS = 30
"""Texts a point: every held-out passage (the figures before 2026-11-27 read the first 20)."""


def heldout_texts() -> list[str]:
    """The held-out passages, letters only (upper case)."""
    return ["".join(words) for words in heldout_words()]


def heldout_words() -> list[list[str]]:
    """The held-out passages as words of letters (upper case)."""
    lines = HELDOUT.read_text(encoding="utf-8").splitlines()
    return [
        [w for w in (re.sub("[^A-Z]", "", word) for word in line.upper().split()) if w]
        for line in lines
        if line.strip()
    ]


def cut(words: list[str], letters: int, variant: str = "letters") -> str:
    """The first ``letters`` letters of a passage (``variant="letters"``), or its first
    words up to the end of the one holding the ``letters``-th letter (``"word"``).

    >>> cut(["THE", "FERRY", "REACHED"], 5), cut(["THE", "FERRY", "REACHED"], 5, "word")
    ('THEFE', 'THEFERRY')
    """
    text = "".join(words)
    if variant == "letters":
        return text[:letters]
    end = 0
    for word in words:
        end += len(word)
        if end >= letters:
            break
    return text[:end]


def symbol_errors(read: str, truth: str) -> float:
    """The share of ``truth``'s letters that ``read`` gets wrong (a missing letter is
    wrong).

    >>> symbol_errors("THEFERRX", "THEFERRY")
    0.125
    """
    read, truth = letters_only(read), letters_only(truth)
    wrong = sum(a != b for a, b in zip(read, truth, strict=False))
    return (wrong + max(0, len(truth) - len(read))) / max(1, len(truth))


def make_case(cipher: str, i: int) -> Cipher:
    """The cipher (with its key) of text ``i``."""
    rng = np.random.default_rng([34, i])
    if cipher == "substitution":
        return Substitution("".join(chr(65 + int(x)) for x in rng.permutation(26)))
    if cipher == "vigenere":
        return Vigenere("".join(chr(65 + int(x)) for x in rng.integers(0, 26, 3 + i % 10)))
    letters = [chr(65 + x) for x in range(26) if x != 9]
    return Playfair("".join(letters[int(x)] for x in rng.permutation(25)))


def solver(cipher: str, mode: str = "crack") -> Callable[[str, int], Solution]:
    """The solver run on each ciphertext: ``crack --cipher NAME`` with its defaults
    (``mode="crack"``), ``crack --cipher auto`` (``"auto"``), the solver alone with
    the bench's budget (``"solver"``), or the peer, subbreaker with its defaults
    (``"peer"``, substitution only; ``pip install -e .[peer]``)."""
    if mode == "peer":
        return _peer()
    if mode in ("crack", "auto"):
        name = "auto" if mode == "auto" else cipher

        def cracked(text: str, i: int) -> Solution:
            result = crack_text(text, name)
            return Solution(result.cipher_value, result.plaintext, result.score, result.fitness)

        return cracked
    if cipher == "substitution":
        return lambda text, i: solve_substitution(
            text, seed=i, max_runs=50, time_limit=BUDGETS[cipher], word_steps=200
        )
    if cipher == "vigenere":
        return lambda text, i: solve_vigenere(text, seed=i)
    return lambda text, i: solve_playfair(text, seed=i, time_limit=BUDGETS[cipher])


def _peer() -> Callable[[str, int], Solution]:
    import random

    try:
        from subbreaker.breaker import Breaker
    except ImportError:
        sys.exit("--peer needs subbreaker: pip install -e .[peer] (subbreaker 1.2.0, MIT)")
    import subbreaker

    tables = Path(subbreaker.__file__).parent / "quadgram" / "EN.json"
    with tables.open() as fh:
        breaker = Breaker(fh)

    def broken(text: str, i: int) -> Solution:
        random.seed(i)  # its restarts shuffle with the random module's generator
        result = breaker.break_cipher(text.lower())
        return Solution(Substitution.random(0), result.plaintext.upper(), 0.0, 0.0)

    return broken


def run_point(
    cipher: str,
    letters: int,
    passages: list[list[str]],
    mode: str = "crack",
    variant: str = "letters",
) -> dict[str, Any]:
    """Exact-solve rate, symbol error rate and times of ``cipher`` on each passage cut
    at ``letters`` letters (``variant``: see :func:`cut`)."""
    solve = solver(cipher, mode)
    solved, wall, cpu, errors = 0, [], [], []
    for i, words in enumerate(passages):
        plain = cut(words, letters, variant)
        if cipher == "playfair" and len(plain) % 2:
            plain = plain[:-1]  # Playfair: an even number of letters
        key = make_case(cipher, i)
        secret = key.encrypt(plain)
        truth = key.decrypt(secret)
        start, start_cpu = time.perf_counter(), time.process_time()
        solution = solve(secret, i)
        wall.append(time.perf_counter() - start)
        cpu.append(time.process_time() - start_cpu)
        solved += letters_only(solution.plaintext) == letters_only(truth)
        errors.append(symbol_errors(solution.plaintext, truth))
    return {
        "letters": letters,
        "variant": variant,
        "mode": mode,
        "texts": len(passages),
        "solved": solved,
        "rate": round(solved / len(passages), 3),
        "ser": round(statistics.fmean(errors), 4),
        "median_s": round(statistics.median(wall), 3),
        "max_s": round(max(wall), 3),
        "median_cpu_s": round(statistics.median(cpu), 3),
        "max_cpu_s": round(max(cpu), 3),
    }


def draw(results: dict[str, list[dict[str, Any]]], path: Path) -> None:
    """Three panels: exact-solve rate, symbol error rate and median seconds by plaintext
    letters (a point without a SER, measured before #49, is left out of that panel)."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, (rate_ax, ser_ax, time_ax) = plt.subplots(1, 3, figsize=(14, 4))
    for cipher, points in results.items():
        xs = [p["letters"] for p in points]
        style = "s--" if cipher.endswith(":word") else "o-"
        label = LABELS.get(cipher, cipher)
        (line,) = rate_ax.plot(xs, [100 * p["rate"] for p in points], style, label=label)
        time_ax.plot(xs, [p["median_s"] for p in points], style, color=line.get_color())
        sers = [(p["letters"], 100 * p["ser"]) for p in points if "ser" in p]
        if sers:
            ser_ax.plot(*zip(*sers, strict=True), style, color=line.get_color())
        if cipher not in GOALS:
            continue
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
    ser_ax.set(
        xlabel="plaintext letters",
        ylabel="letters read wrong (%)",
        ylim=(-1, None),
        title="Symbol error rate (mean over the texts)",
    )
    time_ax.set(
        xlabel="plaintext letters",
        ylabel="median seconds (wall clock, 2 cores)",
        title="Median time per text (stars: goals)",
    )
    rate_ax.legend(loc="lower right")
    for ax in (rate_ax, ser_ax, time_ax):
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
    parser.add_argument(
        "--variant",
        choices=("letters", "word"),
        default="letters",
        help="cut each text at N letters (default) or at the end of the word there",
    )
    how = parser.add_mutually_exclusive_group()
    how.add_argument(
        "--auto", action="store_true", help="crack --cipher auto (identify the cipher too)"
    )
    how.add_argument(
        "--solver", action="store_true", help="the solvers alone, with the bench's budgets"
    )
    parser.add_argument(
        "--peer",
        action="store_true",
        help="also run subbreaker 1.2.0 on the substitution texts (pip install -e .[peer])",
    )
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
        texts = heldout_words()
        count = 2 if args.quick else args.texts
        if count > len(texts):
            parser.error(f"at most {len(texts)} held-out texts")
        mode = "auto" if args.auto else "solver" if args.solver else "crack"
        for cipher in args.cipher.split(","):
            if cipher not in LENGTHS:
                parser.error(f"unknown cipher {cipher!r}")
            lengths = LENGTHS[cipher][1:3] if args.quick else LENGTHS[cipher]
            if args.lengths:
                lengths = tuple(int(x) for x in args.lengths.split(","))
            for letters in lengths:
                point = run_point(cipher, letters, texts[:count], mode, args.variant)
                results.setdefault(cipher, []).append(point)
                print(json.dumps({cipher: point}), file=sys.stderr, flush=True)
                if args.peer and cipher == "substitution":
                    peer = run_point(cipher, letters, texts[:count], "peer", args.variant)
                    results.setdefault(PEER, []).append(peer)
                    print(json.dumps({PEER: peer}), file=sys.stderr, flush=True)
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
