"""``crack --cipher auto`` figures: identification and solving over ten cipher types;
prints JSON; ``--quick`` runs a smaller version (also ``cipherkit bench
ciphers_crack_auto``, which gives the first part only).

This script adds the figures of issue #22 (items 6-8) under ``as_the_books_say``, all
through ``crack_text(secret, seed=i)`` (``cipher="auto"``) on whole-word texts from
:mod:`cipherkit.ciphers.samples`:

* ``playfair_200``: Playfair with random keys of 5-11 letters on 200-letter texts
  (seed 22; aim >= 90% read exactly, median <= 5 s): ``solved`` (the plaintext as the
  true key reads it), ``named``, median and slowest seconds (wall and CPU);
* ``railfence_80`` / ``railfence_120``: 2-7 rails from the top rail (offset 0), and
  ``columnar_80`` / ``columnar_120``: random keys of 3-9 letters (seed 23; aim >= 95%
  read exactly, not shifted round);
* ``atbash_named``: share of Atbash texts of 30, 60 and 120 letters named ``atbash``
  (the first part counts "affine" and "substitution" as right for Atbash).

``--extra-only`` prints only these; ``--first-only`` only the first part.
"""

from __future__ import annotations

import json
import statistics
import sys
import time
from collections.abc import Callable
from typing import Any

import numpy as np

from cipherkit.ciphers import Atbash, Columnar, Playfair, RailFence, crack_text, letters_only
from cipherkit.ciphers.samples import make_texts


def _word(rng: np.random.Generator, low: int, high: int) -> str:
    return "".join(chr(65 + int(x)) for x in rng.integers(0, 26, int(rng.integers(low, high))))


def _crack_figures(
    name: str, texts: list[str], make: Callable[[np.random.Generator], Any], seed: int
) -> dict[str, Any]:
    """crack_text over ``texts`` enciphered by ``make(rng)``: shares read exactly and
    named ``name``, seconds (wall and CPU)."""
    solved = named = 0
    wall, cpu = [], []
    for i, text in enumerate(texts):
        cipher = make(np.random.default_rng([seed, len(text), i]))
        secret = cipher.encrypt(text)
        start, start_cpu = time.perf_counter(), time.process_time()
        result = crack_text(secret, seed=i)
        wall.append(time.perf_counter() - start)
        cpu.append(time.process_time() - start_cpu)
        solved += letters_only(result.plaintext) == letters_only(cipher.decrypt(secret))
        named += result.cipher == name
    return {
        "texts": len(texts),
        "solved": round(solved / len(texts), 3),
        "named": round(named / len(texts), 3),
        "median_s": round(statistics.median(wall), 3),
        "max_s": round(max(wall), 3),
        "median_cpu_s": round(statistics.median(cpu), 3),
        "max_cpu_s": round(max(cpu), 3),
    }


def as_the_books_say(quick: bool) -> dict[str, Any]:
    started = time.perf_counter()
    figures: dict[str, Any] = {}
    count = 2 if quick else 40
    texts = make_texts(count, 200, seed=22, whole_words=True)
    figures["playfair_200"] = _crack_figures(
        "playfair", texts, lambda rng: Playfair(_word(rng, 5, 12)), 22
    )
    count = 3 if quick else 60
    for letters in (80, 120):
        texts = make_texts(count, letters, seed=23, whole_words=True)
        figures[f"railfence_{letters}"] = _crack_figures(
            "railfence", texts, lambda rng: RailFence(int(rng.integers(2, 8))), 23
        )
        figures[f"columnar_{letters}"] = _crack_figures(
            "columnar", texts, lambda rng: Columnar(_word(rng, 3, 10)), 23
        )
    count = 2 if quick else 20
    named = {}
    for letters in (30, 60, 120):
        texts = make_texts(count, letters, seed=24, whole_words=True)
        named[f"letters_{letters}"] = _crack_figures("atbash", texts, lambda rng: Atbash(), 24)[
            "named"
        ]
    figures["atbash_named"] = named
    figures["seconds"] = round(time.perf_counter() - started, 3)
    return figures


if __name__ == "__main__":
    args = sys.argv[1:]
    quick = "--quick" in args
    if "--extra-only" in args:
        print(json.dumps({"quick": quick, "as_the_books_say": as_the_books_say(quick)}, indent=2))
        sys.exit(0)
    from benchmarks import run_benchmarks

    result = run_benchmarks(["ciphers_crack_auto"], quick=quick)
    if "--first-only" not in args:
        result["benchmarks"]["ciphers_crack_auto"]["as_the_books_say"] = as_the_books_say(quick)
    print(json.dumps(result, indent=2))
