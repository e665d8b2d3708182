"""Playfair kernel speed: annealing steps a second on one core at 100 letters; prints
JSON with a digest of the squares found, so a change to the kernel shows whether it
changes what the search finds (same digest) or only how fast it finds it.

    python bench/ciphers_speed.py            # 20 kernel calls a team (about 5 s)
    python bench/ciphers_speed.py --quick    # 3 calls

A dev text (:func:`cipherkit.ciphers.samples.make_texts`, seed 77), a random square and
solver seed 5; the teams run one after the other on one core (a step is one square's
:data:`~cipherkit.ciphers.playfair_solver.TRIES` tries).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
import time

import numpy as np

from cipherkit.ciphers import playfair_solver as ps
from cipherkit.ciphers.classical import Playfair
from cipherkit.ciphers.samples import make_texts
from cipherkit.ciphers.solution import solver_codes


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="3 kernel calls")
    args = parser.parse_args(argv)
    calls = 3 if args.quick else 20
    letters = [chr(65 + x) for x in range(26) if x != 9]
    key = "".join(letters[int(x)] for x in np.random.default_rng(0).permutation(25))
    secret = Playfair(key).encrypt(make_texts(1, 100, seed=77)[0])
    c = ps._SQUARE_CODE[solver_codes(secret)].astype(np.int64)
    teams = ps._Teams(c, 5, ps.TRIES)
    teams.close()
    teams.pool = None  # one core: the teams one after the other
    teams.sweep(2**62)  # compiles (or loads the cache) and warms up
    digest = hashlib.sha1()
    steps = 0
    started = time.perf_counter()
    for _ in range(calls):
        top, done, square = teams.sweep(2**62)
        steps += done
        digest.update(square.tobytes() + str(top).encode())
    seconds = time.perf_counter() - started
    out = {
        "letters": len(c),
        "steps": steps,
        "seconds": round(seconds, 3),
        "steps_per_s_per_core": round(steps / seconds),
        "digest": digest.hexdigest()[:12],
    }
    print(json.dumps(out, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
