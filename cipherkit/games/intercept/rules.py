"""Intercept rules (Decrypto; docs/rules/intercept.md): :class:`InterceptState`.

The state is built in layers, one concern per module: :mod:`.config`, :mod:`.state`
(the data and its JSON), :mod:`.legality`, :mod:`.effects` and :mod:`.observe`. The
engine's decisions where the rulebook is silent are listed in ``docs/intercept.md``.

Examples
--------
>>> from cipherkit.games.intercept import new_game, parse_action
>>> keywords = {"white": ["black", "dragonfly", "cocktail", "sombrero"],
...             "black": ["antiquity", "bone", "morning", "nightmare"]}
>>> state = new_game({"keywords": keywords}, seed=1)
>>> state.actors(), state.encryptors
([0, 1], [0, 1])
>>> state.observe(0)["code"] is not None, state.observe(2)["code"]
(True, None)
>>> state.is_legal(0, parse_action("clue dragonflies"))
False
>>> state.check(0, parse_action("clue Mexico")) is None
True
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from cipherkit.core.protocol import Viewer
from cipherkit.games.intercept.config import (
    DEFAULT_CONFIG,
    OVER,
    STOCK_CLUES,
    make_config,
    team_seats,
)
from cipherkit.games.intercept.effects import InterceptEffects, keyword_matches
from cipherkit.games.intercept.observation import InterceptObservation
from cipherkit.games.intercept.observe import observe as _observe

__all__ = [
    "DEFAULT_CONFIG",
    "OVER",
    "STOCK_CLUES",
    "InterceptState",
    "keyword_matches",
    "make_config",
    "new_game",
    "team_seats",
]


class InterceptState(InterceptEffects):
    """The true state of an intercept game (docs/rules/intercept.md).

    Make one with :func:`new_game`, :meth:`new` or :meth:`from_json`; the fields are
    :class:`~cipherkit.games.intercept.state.InterceptData`'s.
    """

    __slots__ = ()

    def observe(self, viewer: Viewer) -> InterceptObservation:
        """What ``viewer`` may know: a seat, ``"team:white"`` (``team:black``,
        ``team:interceptor``) or ``"spectator"``.

        Everyone sees what was read aloud and revealed: clues once read, codes and
        guesses once revealed, tokens, and the note sheets. A team sees its own
        keywords and its own submitted guesses; an Encryptor seat sees its code and the
        clues it has written but not yet read. Everything is shown once the game is over.
        """
        return _observe(self, viewer)

    def __repr__(self) -> str:
        return (
            f"<InterceptState round {self.round} phase={self.phase} "
            f"tokens I={self.interceptions} M={self.miscommunications} to_act={self.actors()}>"
        )


def new_game(config: Mapping[str, Any] | None = None, *, seed: int) -> InterceptState:
    """Deal a new game: keywords for each team, round 1's Encryptors and codes."""
    return InterceptState.new(config, seed=seed)
