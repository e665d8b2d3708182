"""Find games and their bots by name: an open registry of entry points.

Design notes: ``docs/design-notes.md``, ``cipherkit.core.registry``.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterable
from importlib.metadata import EntryPoint, entry_points
from types import ModuleType
from typing import TYPE_CHECKING, Any

from cipherkit.core.errors import CipherkitError

if TYPE_CHECKING:
    from cipherkit.core.bots import Bot
    from cipherkit.core.protocol import GameSpec, State

GAMES_GROUP = "cipherkit.games"
BOTS_GROUP = "cipherkit.bots"

_BUILTIN_GAMES = {
    "decipher": "cipherkit.games.decipher:GAME",
    "intercept": "cipherkit.games.intercept:GAME",
    "mission": "cipherkit.games.mission:GAME",
}
"""The built-in games' entry points, used only when cipherkit's own metadata is missing
(running from a source tree that was never installed)."""

_BUILTIN_BOTS = {
    "decipher": "cipherkit.games.decipher.bots:BOTS",
    "intercept": "cipherkit.games.intercept.bots:BOTS",
    "mission": "cipherkit.games.mission.bots:BOTS",
}


@functools.cache
def _game_entries() -> dict[str, EntryPoint]:
    found = {ep.name: ep for ep in entry_points(group=GAMES_GROUP)}
    for name, value in _BUILTIN_GAMES.items():
        found.setdefault(name, EntryPoint(name, value, GAMES_GROUP))
    return found


@functools.cache
def _bot_entries() -> list[EntryPoint]:
    found = list(entry_points(group=BOTS_GROUP))
    names = {ep.name for ep in found}
    found += [EntryPoint(n, v, BOTS_GROUP) for n, v in _BUILTIN_BOTS.items() if n not in names]
    return found


def refresh() -> None:
    """Forget what was found, so entry points installed since are seen (tests use it)."""
    _game_entries.cache_clear()
    _bot_entries.cache_clear()
    _bot_factories.cache_clear()
    get_game.cache_clear()


def game_names() -> list[str]:
    """Every registered game's name."""
    return sorted(_game_entries())


@functools.cache
def get_game(name: str) -> GameSpec[State]:
    """The :class:`~cipherkit.core.protocol.GameSpec` of a game by its name.

    Examples
    --------
    >>> from cipherkit.core.registry import bot_names, game_names, get_game
    >>> {"decipher", "intercept", "mission"} <= set(game_names())
    True
    >>> get_game("decipher").name
    'decipher'
    >>> "solver" in bot_names("decipher")
    True
    """
    from cipherkit.core.protocol import GameSpec

    try:
        entry = _game_entries()[name]
    except KeyError:
        known = ", ".join(game_names())
        raise CipherkitError.say(
            "unknown game {name!r} (known: {known})", name=name, known=known
        ) from None
    loaded: Any = entry.load()
    if isinstance(loaded, ModuleType):
        loaded = getattr(loaded, "GAME", None)
    if not isinstance(loaded, GameSpec):
        raise CipherkitError.say(
            "game {name!r} ({entry}) is not a GameSpec", name=name, entry=entry.value
        )
    if loaded.name != name:
        raise CipherkitError.say(
            "game {name!r} ({entry}) calls itself {other!r}",
            name=name,
            entry=entry.value,
            other=loaded.name,
        )
    return loaded


@functools.cache
def _bot_factories(game: str) -> dict[str, Callable[..., Any]]:
    factories: dict[str, Callable[..., Any]] = dict(get_game(game).bots)
    for entry in _bot_entries():
        owner, dot, bot = entry.name.partition(".")
        if owner != game:
            continue
        if dot:
            factories.setdefault(bot, functools.partial(_load_and_call, entry))
        else:
            for name, factory in dict(entry.load()).items():
                factories.setdefault(str(name), factory)
    if "random" not in factories:  # every game can be played at random
        factories["random"] = _random_bot
    return factories


def _load_and_call(entry: EntryPoint, *args: Any) -> Any:
    return entry.load()(*args)


def _random_bot() -> Bot:
    from cipherkit.core.bots import RandomBot

    return RandomBot()


def bot_names(game: str) -> list[str]:
    """The names of every bot registered for ``game``."""
    return sorted(_bot_factories(game))


def make_bot(game: str, spec: str) -> Bot:
    """A bot from ``name`` or ``name:option`` (for example ``"solver"``).

    The option after the colon is passed to the bot's factory as its one argument.
    """
    name, _, option = spec.partition(":")
    bots = _bot_factories(game)
    try:
        factory = bots[name]
    except KeyError:
        known = ", ".join(sorted(bots))
        raise CipherkitError.say(
            "unknown {game} bot {name!r} (known: {known})", game=game, name=name, known=known
        ) from None
    return factory(option) if option else factory()


def run_loaders(loaders: Iterable[Callable[[], object]]) -> list[str]:
    """Call each cached loader of a game's warm-up hook (entry-point group
    ``cipherkit.warm``); return those that ran, as ``module.name``. A loader that fails is
    passed over: missing data is each page's own error, not the warm-up's.

    >>> import time
    >>> run_loaders([time.time, lambda: 1 / 0])
    ['time.time']
    """
    done = []
    for loader in loaders:
        try:
            loader()
        except Exception:  # missing data is each page's own error, not the warm-up's
            continue
        done.append(f"{loader.__module__}.{loader.__name__}")
    return done
