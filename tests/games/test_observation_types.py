"""Each game's observations hold exactly what its observation TypedDict says.

The TypedDicts (``DecipherObservation``, ``InterceptObservation``,
``MissionObservation``) are what mypy checks the games' code against; this test checks
them against the observations the games really build, for every viewer of states from
random playouts of every example config (and of planner games, for mission): the same
keys at every level, and values of the declared types.
"""

from __future__ import annotations

import types
import typing
from pathlib import Path
from typing import Any, Union, get_args, get_origin, get_type_hints, is_typeddict

import pytest

from cipherkit.core.protocol import GameSpec
from cipherkit.core.rng import Rng
from cipherkit.core.testing import random_playout
from cipherkit.games.decipher import GAME as DECIPHER
from cipherkit.games.decipher.observation import DecipherObservation
from cipherkit.games.intercept import GAME as INTERCEPT
from cipherkit.games.intercept.observation import InterceptObservation
from cipherkit.games.mission import GAME as MISSION
from cipherkit.games.mission import load
from cipherkit.games.mission.planner import make_planner
from cipherkit.games.mission.rules.observation import MissionObservation


def mismatches(value: Any, hint: Any, path: str = "obs") -> list[str]:
    """Where ``value`` differs from the type ``hint`` (a TypedDict, list, dict, union...)."""
    if hint is Any:
        return []
    if is_typeddict(hint):
        if not isinstance(value, dict):
            return [f"{path}: {type(value).__name__}, not a {hint.__name__}"]
        fields = get_type_hints(hint)
        out = []
        if set(value) != set(fields):
            out.append(f"{path}: keys {sorted(set(value) ^ set(fields))} differ")
        for key, field in fields.items():
            if key in value:
                out += mismatches(value[key], field, f"{path}.{key}")
        return out
    origin, args = get_origin(hint), get_args(hint)
    if origin in (Union, types.UnionType):
        found = [mismatches(value, arg, path) for arg in args]
        return [] if any(not f for f in found) else min(found, key=len)
    if origin is list:
        if not isinstance(value, list):
            return [f"{path}: {type(value).__name__}, not a list"]
        return [
            p for i, item in enumerate(value) for p in mismatches(item, args[0], f"{path}[{i}]")
        ]
    if origin is dict:
        if not isinstance(value, dict):
            return [f"{path}: {type(value).__name__}, not a dict"]
        return [
            p
            for key, item in value.items()
            for p in mismatches(key, args[0], f"{path} key")
            + mismatches(item, args[1], f"{path}[{key!r}]")
        ]
    if hint is type(None):
        return [] if value is None else [f"{path}: {value!r} is not None"]
    if hint is int:
        ok = isinstance(value, int) and not isinstance(value, bool)
        return [] if ok else [f"{path}: {value!r} is not an int"]
    if hint in (str, bool, float):
        return [] if isinstance(value, hint) else [f"{path}: {value!r} is not a {hint.__name__}"]
    raise TypeError(f"{path}: no check for {hint!r}")  # pragma: no cover - a new kind of hint


def test_the_checker_finds_a_missing_key_and_a_wrong_type() -> None:
    class Point(typing.TypedDict):
        """A point."""

        x: int
        tags: list[str] | None

    assert mismatches({"x": 1, "tags": None}, Point) == []
    assert mismatches({"x": 1}, Point) == ["obs: keys ['tags'] differ"]
    assert mismatches({"x": True, "tags": ["a", 2]}, Point) == [
        "obs.x: True is not an int",
        "obs.tags[1]: 2 is not a str",
    ]


def check_game(spec: GameSpec[Any], hint: Any, seeds: range) -> int:
    """Check every viewer's observation of every state of random playouts; return how many."""
    checked = 0
    for config in spec.example_configs:
        for seed in seeds:
            states, _ = random_playout(spec, seed=seed, config=config)
            for state in states[:: max(1, len(states) // 40)] + states[-1:]:
                for viewer in spec.viewers(state):
                    problems = mismatches(state.observe(viewer), hint)
                    assert not problems, (config, seed, viewer, problems[:5])
                    checked += 1
    return checked


@pytest.mark.parametrize(
    ("spec", "hint"),
    [
        (DECIPHER, DecipherObservation),
        (INTERCEPT, InterceptObservation),
        (MISSION, MissionObservation),
    ],
    ids=["decipher", "intercept", "mission"],
)
def test_observations_match_their_typed_dicts(spec: GameSpec[Any], hint: Any) -> None:
    assert check_game(spec, hint, range(2)) > 100


def test_planner_games_observations_match_the_mission_typed_dict() -> None:
    """Planner teams peek, propose and reach In Peril: the rarer parts of the view."""
    mission = load(Path(__file__).resolve().parents[2] / "missions" / "03-cold-ledger.yaml")
    seen: set[str] = set()
    for seed in range(3):
        state = MISSION.new_game({"mission": mission, "players": 3}, seed=seed)
        bots = [make_planner("weak") for _ in range(3)]
        rng = Rng(seed)
        while state.outcome is None:
            seat = state.actors()[0]
            obs = state.observe(seat)
            assert not mismatches(obs, MissionObservation)
            seen |= {key for key in ("known", "proposal") if obs[key]}
            seen |= {"peril"} if obs["peril"] else set()
            state.apply(seat, bots[seat].act(obs, state.legal_actions(seat), rng))
        assert not mismatches(state.observe("spectator"), MissionObservation)
    assert seen == {"known", "proposal", "peril"}
