"""The mission rulebook: every action kind has its rule, found in an explicit table."""

from __future__ import annotations

import inspect
from dataclasses import is_dataclass

import pytest

from cipherkit.core.errors import IllegalAction
from cipherkit.core.protocol import Action
from cipherkit.games.mission import new_game
from cipherkit.games.mission.rules import actions, rulebook
from cipherkit.games.mission.rules.actions import SIMPLE, Simple
from cipherkit.games.mission.rules.state import MissionState


def _action_classes() -> list[type[Action]]:
    return [
        cls
        for _, cls in inspect.getmembers(actions, inspect.isclass)
        if issubclass(cls, Action) and cls is not Action and cls.__module__ == actions.__name__
    ]


def test_every_action_kind_has_a_rule() -> None:
    kinds = {cls for cls in _action_classes() if cls is not Simple}
    assert kinds == set(rulebook.RULES)
    assert set(SIMPLE.values()) == set(rulebook.WORD_RULES)


def test_rules_are_plain_functions_of_the_state() -> None:
    rules = [*rulebook.RULES.values(), *rulebook.WORD_RULES.values()]
    for rule in rules:
        for function in rule:
            assert inspect.isfunction(function), rule
            assert list(inspect.signature(function).parameters)[:3] == ["state", "seat", "action"]


def test_the_state_is_one_dataclass() -> None:
    assert is_dataclass(MissionState)
    assert MissionState.__mro__[1].__module__ == "cipherkit.core.protocol"


def test_an_action_no_rule_knows_is_refused() -> None:
    state = new_game({"players": 1, "first_player": 0}, seed=13)
    before = state.to_json()
    with pytest.raises(IllegalAction, match="not a main action"):
        state.apply(0, Simple("dance"))
    assert state.to_json() == before
