"""The shared conformance checks, with teeth: a leaky observation must be caught."""

from __future__ import annotations

from typing import Any

import pytest

from cipherkit.core.protocol import GameSpec
from cipherkit.core.testing import check_no_leak
from cipherkit.games.intercept import GAME, InterceptState


def test_the_keyword_stage_is_reached_by_random_play() -> None:
    from cipherkit.core.testing import random_playout

    reasons = {
        random_playout(GAME, seed=s, config={"max_rounds": 1})[0][-1].outcome.reason  # type: ignore[union-attr]
        for s in range(6)
    }
    assert any(
        r.startswith("tiebreaker: keywords") or r.endswith("shared victory") for r in reasons
    )


class _Leaky(InterceptState):
    """Shows a piece of hidden information in every observation."""

    leak = "keywords"

    def observe(self, viewer: Any) -> dict[str, Any]:
        seen = super().observe(viewer)
        if self.leak == "keywords":
            seen["spy"] = self.keywords
        elif self.leak == "codes":
            seen["spy"] = [list(c) if c else None for c in self.codes]
        elif self.leak == "unread":
            seen["spy"] = [list(w) for w in self.written]
        return seen


_FIELDS = [name for cls in InterceptState.__mro__ for name in cls.__dict__.get("__slots__", ())]
"""Every field of the state (its classes' slots)."""


def _leaky_spec(leak: str) -> GameSpec:
    class Leaky(_Leaky):
        pass

    Leaky.leak = leak

    def new_game(config: Any = None, *, seed: int) -> InterceptState:
        state = InterceptState.new(config, seed=seed)
        twin = Leaky.__new__(Leaky)
        for name in _FIELDS:
            setattr(twin, name, getattr(state, name))
        return twin

    def from_json(data: Any) -> InterceptState:
        state = InterceptState.from_json(data)
        twin = Leaky.__new__(Leaky)
        for name in _FIELDS:
            setattr(twin, name, getattr(state, name))
        return twin

    Leaky.from_json = staticmethod(from_json)  # type: ignore[assignment]
    Leaky.copy = lambda self: from_json(self.to_json())  # type: ignore[method-assign]
    return GameSpec(
        name="intercept",
        new_game=new_game,
        parse_action=GAME.parse_action,
        state_type=Leaky,
        seats=GAME.seats,
        viewers=GAME.viewers,
        hidden_variants=lambda s, v, r: from_json(GAME.hidden_variants(s, v, r).to_json()),
        default_config=GAME.default_config,
    )


@pytest.mark.parametrize("leak", ["keywords", "codes", "unread"])
def test_no_leak_check_catches_a_leaky_observation(leak: str) -> None:
    with pytest.raises(AssertionError, match="can tell hidden information apart"):
        check_no_leak(_leaky_spec(leak), seeds=range(2))
