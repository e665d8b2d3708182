"""Find games and their bots by name, importing each game only when asked.

>>> from cipherkit.core.registry import game_names, get_game
>>> "decipher" in game_names()
True
>>> get_game("decipher").name
'decipher'
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import TYPE_CHECKING

from cipherkit.core.errors import CipherkitError

if TYPE_CHECKING:
    from cipherkit.core.bots import Bot
    from cipherkit.core.protocol import GameSpec

_GAMES: dict[str, str] = {
    "decipher": "cipherkit.games.decipher",
    "mission": "cipherkit.games.mission",
    "intercept": "cipherkit.games.intercept",
}


def game_names() -> list[str]:
    return sorted(_GAMES)


def _module(name: str):
    try:
        path = _GAMES[name]
    except KeyError:
        known = ", ".join(game_names())
        raise CipherkitError(f"unknown game {name!r} (known: {known})") from None
    return importlib.import_module(path)


def get_game(name: str) -> GameSpec:
    """The :class:`~cipherkit.core.protocol.GameSpec` of a game by its name."""
    return _module(name).GAME


def bot_names(game: str) -> list[str]:
    return sorted(_module(game).BOTS)


def make_bot(game: str, spec: str) -> Bot:
    """A bot from ``name`` or ``name:option`` (for example ``"solver"``).

    The option after the colon is passed to the bot's factory as its one argument.
    """
    name, _, option = spec.partition(":")
    bots: dict[str, Callable[..., Bot]] = _module(game).BOTS
    try:
        factory = bots[name]
    except KeyError:
        known = ", ".join(sorted(bots))
        raise CipherkitError(f"unknown {game} bot {name!r} (known: {known})") from None
    return factory(option) if option else factory()
