"""Issue #49: the workbench's anytime search. Crack runs ``crack`` in a thread of the
kernel; the page is sent the best reading so far as it runs, Cancel stops it there, and
the search is bounded like the other expensive requests of a page."""

from __future__ import annotations

import time
from typing import Any

import numpy as np

from cipherkit.ciphers import Caesar
from cipherkit.i18n import speaking
from cipherkit.widgets import Workbench
from cipherkit.widgets.workbench import search_cipher_title
from cipherkit.widgets.workbench_search import SEARCH_SECONDS


def playfair_noise(letters: int = 100, seed: int = 3) -> str:
    """An even run of letters without J or a doubled pair: nothing reads it, so the
    search runs its whole budget unless cancelled."""
    rng = np.random.default_rng(seed)
    alphabet = list("ABCDEFGHIKLMNOPQRSTUVWXYZ")
    out: list[str] = []
    while len(out) < letters:
        out += [str(x) for x in rng.choice(alphabet, 2, replace=False)]
    return "".join(out)


def _watch(bench: Workbench) -> list[dict[str, Any]]:
    seen: list[dict[str, Any]] = []
    bench.observe(lambda change: seen.append(dict(change["new"]["search"])), names="view")
    return seen


def _wait(check: Any, timeout: float = 60.0) -> None:
    end = time.monotonic() + timeout
    while not check():
        assert time.monotonic() < end, "timed out"
        time.sleep(0.05)


def test_crack_reads_the_text_and_says_how() -> None:
    plain = "The eagle has landed at the harbour tonight"
    bench = Workbench(text=Caesar(3).encrypt(plain), cipher="vigenere", key="X", search=True)
    seen = _watch(bench)
    bench.handle_message({"type": "crack"})
    _wait(lambda: bench.search["state"] == "done")
    assert bench.search["reading"] == plain
    assert (bench.search["cipher"], bench.search["title"], bench.search["key"]) == (
        "caesar",
        "caesar",
        "shift 3",
    )
    assert seen[0]["state"] == "running" and bench.message == ""


def test_the_reading_changes_while_it_runs_and_cancel_stops_it() -> None:
    bench = Workbench(text=playfair_noise(), lang="ru", search=True)
    seen = _watch(bench)
    bench.handle_message({"type": "crack"})
    _wait(lambda: len({s["reading"] for s in seen if s["state"] == "running"}) >= 3)
    running = [s for s in seen if s["state"] == "running" and s["reading"]]
    assert [s["seconds"] for s in running] == sorted(s["seconds"] for s in running)
    bench.handle_message({"type": "crack"})  # one search at a time
    assert "search is running" in bench.message or "поиск" in bench.message
    bench.handle_message({"type": "cancel"})
    _wait(lambda: bench.search["state"] == "cancelled", timeout=10)
    last = bench.search
    assert last["seconds"] < SEARCH_SECONDS and len(last["reading"]) == 100
    with speaking("ru"):
        assert last["title"] == search_cipher_title(last["cipher"]) != last["cipher"]
    assert bench.words["cancel"] != "Cancel"  # the page's words are the viewer's language


def test_a_search_is_refused_on_a_puzzle_a_short_text_and_too_soon_after_the_last() -> None:
    puzzle = Workbench(
        secret="Meet me by the old mill at nine tonight", cipher="caesar", key="5", search=True
    )
    puzzle.handle_message({"type": "crack"})
    assert puzzle.message.startswith("refused:") and "puzzle" in puzzle.message
    assert puzzle.search["state"] == "idle"
    plain = Workbench(text=playfair_noise(40))  # a lesson's workbench: no search by default
    plain.handle_message({"type": "crack"})
    assert "has no search" in plain.message and plain.view["searchable"] is False
    short = Workbench(text="Wkh hdjoh", search=True)
    short.handle_message({"type": "crack"})
    assert "at least 20 letters" in short.message
    short.handle_message({"type": "cancel"})
    assert "no search is running" in short.message
    bench = Workbench(text=playfair_noise(60, seed=5), search=True)
    bench.handle_message({"type": "crack"})
    _wait(lambda: bench.search["state"] == "running" and bench.search["reading"])
    bench.handle_message({"type": "cancel"})
    _wait(lambda: bench.search["state"] == "cancelled", timeout=10)
    bench.handle_message({"type": "crack"})  # the kernel's share: wait three times as long
    assert "searches are limited on this page" in bench.message


def test_the_page_cannot_set_the_search() -> None:
    bench = Workbench(text=playfair_noise(40), search=True)
    forged = bench.view | {"search": {"state": "done", "reading": "FORGED"}}
    bench.set_state({"view": forged})
    assert bench.view["search"]["state"] == "idle" and bench.view["search"]["reading"] == ""
    assert bench.message.startswith("refused:")
