"""Key exchange bots: ``"honest"`` keeps a random offered secret, works out the key from
the other's public number and sends the code; ``"random"`` picks any legal action.

>>> from cipherkit.core.rng import Rng
>>> from cipherkit.games.keyexchange.rules import new_game
>>> state = new_game(seed=3)
>>> for seat in (0, 1):
...     _ = state.apply(seat, state.legal_actions(seat)[0])
>>> str(Honest().act(state.observe(1), state.legal_actions(1), Rng(1)))
'key 4'
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from cipherkit.core.bots import Bot, RandomBot
from cipherkit.core.protocol import Action
from cipherkit.core.rng import Rng
from cipherkit.games.keyexchange.actions import Agree

__all__ = ["BOTS", "Honest"]


class Honest:
    """Plays the exchange as the lesson teaches it."""

    name = "honest"

    def act(self, observation: dict[str, Any], legal_actions: list[Action], rng: Rng) -> Action:
        """The right key when one is asked for, else any legal action."""
        secret, public, seat = observation["secret"], observation["public"], observation["you"]
        if secret is not None and seat is not None and None not in public:
            key = pow(public[1 - seat], secret, observation["p"])
            for action in legal_actions:
                if isinstance(action, Agree) and action.key == key:
                    return action
        return rng.choice(legal_actions)


BOTS: dict[str, Callable[..., Bot]] = {"honest": Honest, "random": RandomBot}
