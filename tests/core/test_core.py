"""The core protocol pieces: RNG, records, registry, errors, and the conformance checks
themselves (which must catch a leaking or a state-changing game)."""

from __future__ import annotations

import json
import subprocess
import sys
from typing import Any

import pytest

from cipherkit.core.errors import CipherkitError, IllegalAction
from cipherkit.core.protocol import Outcome
from cipherkit.core.record import Record
from cipherkit.core.registry import bot_names, game_names, get_game, make_bot
from cipherkit.core.rng import Rng
from cipherkit.core.testing import check_illegal_actions, check_no_leak, random_playout
from cipherkit.games.decipher import DecipherState
from cipherkit.i18n import text


def test_rng_is_deterministic_serialisable_and_uniform_enough() -> None:
    a, b = Rng(42), Rng(42)
    assert [a.next64() for _ in range(5)] == [b.next64() for _ in range(5)]
    c = Rng.from_json(json.loads(json.dumps(a.to_json())))
    assert c.next64() == a.next64()
    counts = [0] * 6
    rng = Rng(1)
    for _ in range(60_000):
        counts[rng.randbelow(6)] += 1
    assert all(9_000 < n < 11_000 for n in counts)
    assert Rng(1).next64() != Rng(2).next64()
    with pytest.raises(ValueError):
        Rng(1).randbelow(0)


def test_rng_shuffle_is_a_permutation_and_seeded() -> None:
    items = list(range(30))
    first, second = items[:], items[:]
    Rng(5).shuffle(first)
    Rng(5).shuffle(second)
    assert first == second and sorted(first) == items and first != items


def test_record_replays_and_round_trips(tmp_path) -> None:  # type: ignore[no-untyped-def]
    spec = get_game("decipher")
    states, record = random_playout(spec, seed=9)
    path = tmp_path / "game.json"
    record.save(path)
    again = Record.load(path)
    assert again == record
    assert again.replay().to_json() == states[-1].to_json()


def test_record_that_does_not_replay_names_the_move() -> None:
    record = Record("decipher", {"first_player": 0}, 1, [(0, "play 6S"), (0, "guess AS")])
    with pytest.raises(CipherkitError, match="move 2"):
        record.replay()
    with pytest.raises(CipherkitError, match="not a game record"):
        Record.from_json({"seed": 1})


def test_registry_knows_decipher_and_refuses_unknown_names() -> None:
    assert "decipher" in game_names()
    assert "random" in bot_names("decipher")
    assert make_bot("decipher", "random").name == "random"
    with pytest.raises(CipherkitError, match="unknown game 'chess'"):
        get_game("chess")
    with pytest.raises(CipherkitError, match="unknown decipher bot 'oracle'"):
        make_bot("decipher", "oracle")


def test_outcome_round_trips() -> None:
    outcome = Outcome((1,), "score", {"0": 3, "1": 5})
    assert Outcome.from_json(json.loads(json.dumps(outcome.to_json()))) == outcome


# ------------------------------------------------- the checks must be able to fail
class LeakyState(DecipherState):
    """Shows the opponent's first hidden card's suit: a leak the check must catch."""

    def observe(self, viewer: Any) -> dict[str, Any]:
        obs = super().observe(viewer)
        if viewer in (0, 1):
            obs["hint"] = self.hidden[1 - viewer][0].suit
        return obs


class CarelessState(DecipherState):
    """Changes its log before checking legality: the illegal-action check must catch it."""

    def apply(self, seat: int, action: Any) -> list[Any]:
        self.log.append(text("oops"))  # the log holds messages
        return super().apply(seat, action)


def _spec_with(state_type: type[DecipherState]):  # type: ignore[no-untyped-def]
    import dataclasses

    spec = get_game("decipher")

    def new_game(config: Any = None, *, seed: int) -> DecipherState:
        base = spec.new_game(config, seed=seed)
        return state_type.from_json(base.to_json())

    def variants(state: Any, viewer: Any, rng: Rng) -> DecipherState:
        twin = spec.hidden_variants(state, viewer, rng)
        return state_type.from_json(twin.to_json())

    return dataclasses.replace(
        spec, new_game=new_game, state_type=state_type, hidden_variants=variants
    )


def test_no_leak_check_catches_a_leak() -> None:
    with pytest.raises(AssertionError, match="hint"):
        check_no_leak(_spec_with(LeakyState), seeds=range(3))


def test_illegal_action_check_catches_a_state_change() -> None:
    with pytest.raises(AssertionError, match="changed the state"):
        check_illegal_actions(_spec_with(CarelessState), seeds=range(2))


def test_illegal_action_has_reason() -> None:
    err = IllegalAction("not now")
    assert err.reason == "not now" and str(err) == "not now"


# ------------------------------------------------- layering
UI_MODULES = ("ipywidgets", "anywidget", "IPython", "voila", "traitlets")


def test_core_and_games_import_without_the_notebook_stack() -> None:
    """Import every core and game module with the UI modules made unimportable."""
    code = f"""
import sys, pkgutil, importlib
class Block:
    def find_spec(self, name, path=None, target=None):
        if name.split('.')[0] in {UI_MODULES!r}:
            raise ImportError('blocked: ' + name)
sys.meta_path.insert(0, Block())
import cipherkit.core, cipherkit.games
names = []
for pkg in (cipherkit.core, cipherkit.games):
    for info in pkgutil.walk_packages(pkg.__path__, pkg.__name__ + '.'):
        importlib.import_module(info.name)
        names.append(info.name)
from cipherkit.core.registry import game_names, get_game
for g in game_names():
    get_game(g)
leaked = [m for m in sys.modules if m.split('.')[0] in {UI_MODULES!r}]
assert not leaked, leaked
print(len(names))
"""
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    assert int(done.stdout.strip()) >= 10
