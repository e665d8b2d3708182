"""The bot interface shared by every game.

A bot sees what a player sees and nothing more: ``act(observation, legal_actions, rng)``
gets the seat's observation dict, the legal actions and a seeded
:class:`~cipherkit.core.rng.Rng`, and returns one of the legal actions.
"""

from __future__ import annotations

from typing import Any, Protocol, runtime_checkable

from cipherkit.core.protocol import Action
from cipherkit.core.rng import Rng


@runtime_checkable
class Bot(Protocol):
    """What every bot is: a ``name`` and an ``act`` that chooses one of the legal actions.

    Bots are looked up by name in the registry (:func:`~cipherkit.core.registry.make_bot`);
    a bot sees only its seat's observation and draws randomness from the ``rng`` it is
    given, so a game with bots replays exactly.
    """

    name: str

    def act(self, observation: dict[str, Any], legal_actions: list[Action], rng: Rng) -> Action:
        """Choose one of ``legal_actions``."""
        ...


class RandomBot:
    """Picks uniformly among the legal actions.

    Examples
    --------
    >>> from cipherkit.core.bots import RandomBot
    >>> from cipherkit.core.rng import Rng
    >>> RandomBot().act({}, ["a", "b"], Rng(3)) in ("a", "b")
    True
    """

    name = "random"

    def act(self, observation: dict[str, Any], legal_actions: list[Action], rng: Rng) -> Action:
        """Choose one of ``legal_actions`` uniformly at random with ``rng``."""
        return rng.choice(legal_actions)
